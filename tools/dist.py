"""Build the folder to upload to any static host: python3 tools/dist.py [dest] (make dist).

It holds what a visitor's browser loads and nothing else (no tests, tools, benchmarks or
sources of the runtime): the files the service worker precaches, the worker itself, cross-device
play's modules (shell.ON_DEMAND_FILES), the runtime in www/vendor/ (with www/vendor/net/) and
the packed files in www/packed/ (Pyodide's biggest files are there only, gzipped: tools/pack.py)."""

import os
import shutil
import sys

import pack
import shell
import vendor

ROOT = shell.ROOT


def build(dest):
    if not os.path.exists(os.path.join(ROOT, "www", "vendor", "precache.json")):
        raise SystemExit("www/vendor/ is missing: run `make setup-web` first")
    if shell.main(["--check"]) != 0 or not pack.up_to_date():
        raise SystemExit("the generated files are stale: run `make shell` first")
    shutil.rmtree(dest, ignore_errors=True)
    files = [url[2:] for url in shell.app_files() if url != "./"] + ["sw.js"] + list(shell.ON_DEMAND_FILES)
    for path in files:
        os.makedirs(os.path.join(dest, os.path.dirname(path)), exist_ok=True)
        shutil.copy2(os.path.join(ROOT, path), os.path.join(dest, path))
    shutil.copytree(os.path.join(ROOT, "www", "vendor"), os.path.join(dest, "www", "vendor"),
                    ignore=shutil.ignore_patterns(".stamp", *vendor.PACKED_ELSEWHERE))
    shutil.copytree(pack.PACKED, os.path.join(dest, "www", "packed"), ignore=shutil.ignore_patterns(".stamp", "*.tmp"))
    return dest


def main(argv):
    dest = os.path.abspath(argv[0] if argv else os.path.join(ROOT, "dist"))
    build(dest)
    size = sum(os.path.getsize(os.path.join(d, f)) for d, _, fs in os.walk(dest) for f in fs)
    print("{}: {} MB, ready to upload to any static host (any sub-folder works)".format(dest, round(size / 1e6, 1)))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
