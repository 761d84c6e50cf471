"""Copy the runtime from node_modules into www/vendor/ and list it for the service worker:
python3 tools/vendor.py (run by `make setup-web`).

The page takes Pyodide's biggest files (PACKED_ELSEWHERE) gzipped from www/packed/ (tools/pack.py
makes them from the copies here): they are not in the list, nor in `make dist`. The copies stay
for the bare PyScript page the benchmarks compare with."""

import json
import os
import shutil
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
VENDOR = os.path.join(ROOT, "www", "vendor")
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json")
PACKED_ELSEWHERE = ("pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json")


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
            if os.path.basename(path) not in PACKED_ELSEWHERE:
                listed.append("./www/vendor/{}/{}".format(folder, os.path.basename(path)))
    with open(os.path.join(VENDOR, "precache.json"), "w") as f:
        json.dump(listed, f, indent=0)
    print("www/vendor/: {} files".format(len(listed)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
