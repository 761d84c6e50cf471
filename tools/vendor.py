"""Copy the runtime from node_modules into www/vendor/ and list it for the service worker:
python3 tools/vendor.py (run by `make setup-web`)."""

import json
import os
import shutil
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
VENDOR = os.path.join(ROOT, "www", "vendor")
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json")


def main():
    sources = {
        "pyodide": [os.path.join(ROOT, "node_modules", "pyodide", f) for f in PYODIDE_FILES],
        "pyscript": sorted(
            os.path.join(ROOT, "node_modules", "@pyscript", "core", "dist", f)
            for f in os.listdir(os.path.join(ROOT, "node_modules", "@pyscript", "core", "dist"))
            if f.endswith((".js", ".css"))
        ),
    }
    shutil.rmtree(VENDOR, ignore_errors=True)
    listed = []
    for folder, files in sources.items():
        os.makedirs(os.path.join(VENDOR, folder))
        for path in files:
            shutil.copy2(path, os.path.join(VENDOR, folder))
            listed.append("./www/vendor/{}/{}".format(folder, os.path.basename(path)))
    with open(os.path.join(VENDOR, "precache.json"), "w") as f:
        json.dump(listed, f, indent=0)
    print("www/vendor/: {} files".format(len(listed)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
