"""Copy the runtime from node_modules into www/vendor/ and list it for the service worker:
python3 tools/vendor.py (run by `make setup-web`).

The page takes Pyodide's biggest files (PACKED_ELSEWHERE) gzipped from www/packed/ (tools/pack.py
makes them from the copies here): they are not in the list, nor in `make dist`. The copies stay
for the bare PyScript page the benchmarks compare with.

www/vendor/net/ holds what cross-device play loads when a player opens a room (www/net.mjs,
www/qr.mjs import them; nothing on the way to the lobby does): Trystero's nostr strategy with its
dependencies resolved into one ES module, and a QR code generator, each made by esbuild (a
devDependency) from node_modules. They are not in precache.json: a visit that never plays across
devices does not download them, and the service worker keeps them once a room has used them."""

import json
import os
import shutil
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
VENDOR = os.path.join(ROOT, "www", "vendor")
PYODIDE_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json")
PACKED_ELSEWHERE = ("pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json")
# www/vendor/net/NAME: (what the module re-exports, the packages it is made of)
NET_MODULES = {
    "trystero-nostr.mjs": ('export * from "@trystero-p2p/nostr";', ("@trystero-p2p/nostr", "@trystero-p2p/core", "@noble/secp256k1")),
    "qrcode.mjs": ('export { qrcode } from "qrcode-generator";', ("qrcode-generator",)),
}
ESBUILD = os.path.join(ROOT, "node_modules", ".bin", "esbuild")


def _package(name):
    folder = os.path.join(ROOT, "node_modules", *name.split("/"))
    with open(os.path.join(folder, "package.json"), encoding="utf-8") as f:
        return folder, json.load(f)


def _licences(packages):
    """The licence of each package, as a comment: a minified bundle keeps no comments of its own."""
    parts = []
    for name in packages:
        folder, meta = _package(name)
        path = os.path.join(folder, "LICENSE")
        if os.path.exists(path):
            with open(path, encoding="utf-8") as f:
                text = f.read().strip()
        else:
            author = meta.get("author")
            text = "{} licence, copyright {}".format(meta.get("license", "?"), author.get("name") if isinstance(author, dict) else author)
        parts.append("{} {}:\n{}".format(name, meta["version"], text.replace("*/", "* /")))
    return "/*\n" + "\n\n".join(parts) + "\n*/"


def bundle(name, source, packages):
    """www/vendor/net/`name`: `source` with every import resolved from node_modules, minified."""
    versions = ", ".join("{} {}".format(p, _package(p)[1]["version"]) for p in packages)
    out = os.path.join(VENDOR, "net", name)
    subprocess.run([ESBUILD, "--bundle", "--format=esm", "--minify", "--legal-comments=none", "--log-level=warning",
                    "--sourcefile=" + name, "--outfile=" + out,
                    "--banner:js=/* {}, bundled by tools/vendor.py (licences at the end) */".format(versions),
                    "--footer:js=" + _licences(packages)],
                   input=source.encode(), cwd=ROOT, check=True)
    return out


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
    for name, (source, packages) in NET_MODULES.items():
        bundle(name, source, packages)
    with open(os.path.join(VENDOR, "precache.json"), "w") as f:
        json.dump(listed, f, indent=0)
    print("www/vendor/: {} files, and {} in www/vendor/net/ (not precached)".format(len(listed), len(NET_MODULES)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
