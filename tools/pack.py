"""The files a first visit downloads, gzipped in the files themselves: python3 tools/pack.py
(run by `make setup-web`, and by tools/shell.py whenever it writes the app's modules).

www/packed/ holds Pyodide's WebAssembly, module script and lock file (from www/vendor/pyodide/),
the standard library trimmed to what the app uses (tools/stdlib.py) and compiled
(tools/compile_stdlib.mjs), and the app's modules
(www/app-modules.json, without their comments), each as NAME.gz, and the translation catalogues (www/locale/CODE.mo,
which only a page in that language loads), plus precache.json, the list the service worker
precaches. The page unpacks them as they stream in (www/unpack.mjs), so a host that sends them
as they are, with any headers, serves 5.6 MB instead of 14.5 MB."""

import ast
import concurrent.futures
import gzip
import io
import json
import os
import subprocess
import sys
import tempfile
import tokenize
import zipfile

import stdlib

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PACKED = os.path.join(ROOT, "www", "packed")
RUNTIME = os.path.join(ROOT, "www", "vendor", "pyodide")
RUNTIME_FILES = ("pyodide.asm.wasm", "pyodide.asm.mjs", "pyodide-lock.json")  # as Pyodide names them
STDLIB = "python_stdlib.zip"
MODULES = "app-modules.json"
NAMES = (MODULES,) + RUNTIME_FILES + (STDLIB,)  # what www/packed/ serves, each as NAME.gz
LOCALE = os.path.join(ROOT, "www", "locale")  # the compiled catalogues (tools/i18n.py): CODE.mo


def catalogues():
    """The catalogues www/packed/ serves as CODE.mo.gz too: a page in that language loads one."""
    return sorted(n for n in os.listdir(LOCALE) if n.endswith(".mo")) if os.path.isdir(LOCALE) else []


try:  # zopfli writes plain gzip, 3-5% smaller than gzip -9 (requirements-build.txt, in .venv)
    import zopfli.gzip
except ImportError:
    zopfli = None


def packed_bytes(data):
    """gzip with no time stamp: the same input gives the same file. Zopfli's one iteration
    takes most of its gain (113 KB on the wasm) in a tenth of the time of its default 15."""
    if zopfli:
        return zopfli.gzip.compress(data, numiterations=1)
    return gzip.compress(data, compresslevel=9, mtime=0)


def _write(name, data):
    """Writes www/packed/NAME.gz for `data`, unless it already holds exactly that."""
    path = os.path.join(PACKED, name + ".gz")
    if os.path.exists(path):
        with gzip.open(path) as f:
            if f.read() == data:
                return False
    os.makedirs(PACKED, exist_ok=True)
    with open(path + ".tmp", "wb") as f:
        f.write(packed_bytes(data))
    os.replace(path + ".tmp", path)
    return True


def lock_without_packages(data):
    """Pyodide's lock file lists 300 packages it would fetch from a CDN: this site serves none
    and reaches no other server, so its lock lists none (and a page never tries to fetch one)."""
    lock = json.loads(data)
    lock["packages"] = {}
    return json.dumps(lock, sort_keys=True, separators=(",", ":")).encode()


def trimmed_stdlib():
    """The standard library's archive with only what the app uses (tools/stdlib.py)."""
    return stdlib.trimmed_bytes(os.path.join(RUNTIME, STDLIB))


def compiled_stdlib(sources):
    """The trimmed archive compiled to bytecode by Pyodide's own Python (tools/compile_stdlib.mjs):
    a first visit's Python then starts in 0.8 s instead of 2.4 s, for 0.7 MB more to download."""
    with tempfile.TemporaryDirectory() as folder:
        source, dest = os.path.join(folder, "source.zip"), os.path.join(folder, STDLIB)
        with open(source, "wb") as f:
            f.write(sources)
        subprocess.run(["node", os.path.join(ROOT, "tools", "compile_stdlib.mjs"), source, dest], check=True)
        with open(dest, "rb") as f:
            return f.read()


def _compiled_names(archive):
    """The member names the archive has once compiled (a.py -> a.pyc)."""
    with zipfile.ZipFile(io.BytesIO(archive)) as z:
        return sorted(n + "c" if n.endswith(".py") else n for n in z.namelist())


def _packed_stdlib_names():
    with gzip.open(os.path.join(PACKED, STDLIB + ".gz")) as f:
        with zipfile.ZipFile(io.BytesIO(f.read())) as z:
            return sorted(z.namelist())


def without_comments(source):
    """A module's source without its comments and docstrings, line for line: a traceback's line
    numbers and every other string stay as written (the comments and docstrings are for the next
    developer, not for a first visit's download: the comments were 24 KB of the packed modules,
    issue 36's room under 5.75 MB; the docstrings, once the hints said why, issue 37's). A
    docstring keeps its lines as a string of newlines; nothing in the app reads __doc__."""
    lines = source.splitlines(keepends=True)
    for token in tokenize.generate_tokens(io.StringIO(source).readline):
        if token.type == tokenize.COMMENT:
            row, column = token.start
            line = lines[row - 1]
            lines[row - 1] = line[:column].rstrip() + ("\n" if line.endswith("\n") else "")
    for (row, column), (end_row, end_column) in reversed(_docstrings(source)):
        first, last = lines[row - 1], lines[end_row - 1]
        blank = '"""' + "\n" * (end_row - row) + '"""'
        lines[row - 1:end_row] = [_chars(first, column) + blank + last[len(_chars(last, end_column)):]]
    return "".join(lines)


def _chars(line, offset):
    """The start of `line` up to `offset`, which ast counts in UTF-8 bytes ("★" is three)."""
    return line.encode("utf-8")[:offset].decode("utf-8")


def _docstrings(source):
    """((row, column), (end row, end column)) of each docstring in `source`, in order."""
    found = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)) and node.body:
            first = node.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant) and isinstance(first.value.value, str):
                found.append(((first.lineno, first.col_offset), (first.end_lineno, first.end_col_offset)))
    return sorted(found)


def modules_bytes():
    """The app's modules as a first visit downloads them ({path: source}, tools/shell.py):
    without their comments."""
    with open(os.path.join(ROOT, "www", MODULES), encoding="utf-8") as f:
        modules = json.load(f)
    stripped = {path: without_comments(source) if path.endswith(".py") else source for path, source in modules.items()}
    return json.dumps(stripped, ensure_ascii=False, separators=(",", ":")).encode()


def pack_modules():
    return _write(MODULES, modules_bytes())


def _pack_runtime_file(name):
    """Packs one of Pyodide's files, unless its packed copy is as new; its name if written."""
    source = os.path.join(RUNTIME, name)
    target = os.path.join(PACKED, name + ".gz")
    if os.path.exists(target) and os.path.getmtime(target) >= os.path.getmtime(source):
        return None  # 10 MB to compare: its date says it is the same
    with open(source, "rb") as f:
        data = f.read()
    return name if _write(name, lock_without_packages(data) if name == "pyodide-lock.json" else data) else None


def _pack_stdlib():
    """Packs the trimmed standard library, compiled, unless the packed one has the same modules."""
    sources = trimmed_stdlib()
    target = os.path.join(PACKED, STDLIB + ".gz")
    try:  # compiling takes a few seconds: only for other modules or another runtime
        same = _packed_stdlib_names() == _compiled_names(sources) and \
            os.path.getmtime(target) >= os.path.getmtime(os.path.join(RUNTIME, STDLIB))
    except OSError:
        same = False
    return STDLIB if not same and _write(STDLIB, compiled_stdlib(sources)) else None


def pack_runtime():
    """Pyodide's files and the standard library, two at a time: the wasm's gzip (12 s here) and
    the standard library's compiling and gzip (12 s) take a core each, half of a fresh setup's
    packing time."""
    if not os.path.isdir(RUNTIME):
        raise SystemExit("www/vendor/ is missing: run `make setup-web` first")
    os.makedirs(PACKED, exist_ok=True)
    with concurrent.futures.ProcessPoolExecutor(max_workers=2) as pool:
        jobs = [pool.submit(_pack_runtime_file, name) for name in RUNTIME_FILES] + [pool.submit(_pack_stdlib)]
        return [job.result() for job in jobs if job.result()]


def pack_catalogues():
    written = []
    for name in catalogues():
        with open(os.path.join(LOCALE, name), "rb") as f:
            if _write(name, f.read()):
                written.append(name)
    return written


def precache_list():
    return ["./www/packed/{}.gz".format(name) for name in NAMES + tuple(catalogues())]


def up_to_date():
    """Whether www/packed/ holds the app's modules and the standard library the code needs now
    (the runtime's own files change only with www/vendor/, which `make` watches)."""
    try:
        with gzip.open(os.path.join(PACKED, MODULES + ".gz")) as f:
            if f.read() != modules_bytes():
                return False
        for name in catalogues():
            with gzip.open(os.path.join(PACKED, name + ".gz")) as f, open(os.path.join(LOCALE, name), "rb") as g:
                if f.read() != g.read():
                    return False
        return _packed_stdlib_names() == _compiled_names(trimmed_stdlib())
    except OSError:
        return False


def main(argv=()):
    written = pack_runtime()
    if pack_modules():
        written.append(MODULES)
    written += pack_catalogues()
    text = json.dumps(precache_list(), indent=0)
    path = os.path.join(PACKED, "precache.json")
    if not os.path.exists(path) or open(path).read() != text:
        with open(path, "w") as f:
            f.write(text)
    sizes = {name: os.path.getsize(os.path.join(PACKED, name + ".gz")) for name in NAMES + tuple(catalogues())}
    if "--quiet" not in argv:
        print("www/packed/: {} MB in {} files{}{}".format(
            round(sum(sizes.values()) / 1e6, 2), len(sizes), " (new: {})".format(", ".join(written)) if written else "",
            "" if zopfli else " (gzip -9: zopfli is not installed here, run `make setup-web`)"))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
