"""The standard library the page ships: a trimmed copy of Pyodide's python_stdlib.zip.

python3 tools/stdlib.py [dest]   writes it (default www/packed/python_stdlib.zip) and prints
                                 what was kept and its sizes.

What is kept is found from the code, not from a hand-kept list: the transitive closure of the
imports written in
  1. the app's own modules (py/**/*.py but the command line's __main__.py; imports of the app's
     own packages are left out),
  2. PyScript's `pyscript` package, which @pyscript/core writes into the interpreter and imports
     on every start, and the few lines of Python its JavaScript runs (POLYSCRIPT_SNIPPETS),
  3. Pyodide's own `pyodide` and `_pyodide` packages, the whole `encodings` package (codecs are
     looked up by name at run time) and the modules the interpreter's C code imports by name
     (INTERPRETER_IMPORTS),
over the full zip's sources. Every import statement anywhere in a file counts (inside functions,
`try` blocks, branches for other platforms), and so do `importlib.import_module("name")` and
`__import__("name")` with a literal name: a module is left out only when no code the page can
run names it. The one exception is the body of `if __name__ == "__main__":`, which runs only
when a file is run as a script (heapq's imports doctest there, and doctest pdb and unittest). tests/test_stdlib.py runs the app and checks that everything it imported is kept;
the browser tests run the page on the trimmed archive.

The zip holds Python 3.14 sources; this tool runs on 3.11, whose `ast` cannot parse a few of
them (new syntax): their import statements are found one by one instead (_statements_fallback).
"""

import ast
import gzip
import io
import json
import os
import re
import sys
import zipfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
FULL_ZIP = os.path.join(ROOT, "node_modules", "pyodide", "python_stdlib.zip")
APP_DIR = os.path.join(ROOT, "py")
PYSCRIPT_CORE = os.path.join(ROOT, "node_modules", "@pyscript", "core")
DEFAULT_DEST = os.path.join(ROOT, "www", "packed", "python_stdlib.zip")

# Packages shipped whole, whatever imports them.
WHOLE_PACKAGES = (
    "pyodide",     # Pyodide's Python API; its JavaScript imports parts of it by name
    "_pyodide",    # Pyodide's start-up (import hook, eval_code, the docstrings of its core)
    "encodings",   # codecs.lookup imports encodings.<name> for any codec named at run time
)

# Modules that the interpreter's C code (or Pyodide's JavaScript) imports by name, with no Python
# import statement that could be seen. Their own imports are followed as usual.
INTERPRETER_IMPORTS = (
    "site", "_sitebuiltins",      # imported at start (Pyodide does not pass -S)
    "io", "abc", "codecs",        # init_sys_streams: `import io`; the codec registry
    "os", "importlib",            # pyodide.asm.mjs: `import importlib`, import_module("os")
    "zipimport",                  # reads the stdlib zip itself (frozen, but kept with its imports)
    "warnings", "_py_warnings",   # the C _warnings module imports `warnings` to show a warning
    "traceback", "_colorize", "linecache",  # printing an uncaught exception (PyErr_Display)
    "copyreg",                    # object.__reduce_ex__ (copy, pickle) imports it
    "_compat_pickle",             # the C _pickle module
    "_strptime",                  # time.strptime / datetime.strptime
    "_pylong",                    # int <-> str of very large ints (longobject.c)
    "json.decoder",               # the C _json module (JSONDecodeError)
    "sysconfig", "_sysconfigdata__emscripten_wasm32-emscripten",  # sysconfig imports its data by a computed name
    "typing",                     # generic-syntax objects (typevarobject.c) call into typing
)

# Python that @pyscript/core's JavaScript runs (core-*.js), outside its `pyscript` package:
# writing [files] entries (`import os as _os`, `from pathlib import Path as _Path`) and
# unpacking a .tar.gz entry (`import os, gzip, tarfile`).
POLYSCRIPT_SNIPPETS = "import os, gzip, tarfile\nimport os as _os\nfrom pathlib import Path as _Path\n"

# Provided by the runtime, not by the zip: never looked for in it.
RUNTIME_MODULES = ("js", "pyodide_js", "pyscript", "polyscript", "_pyscript")


# --- what is in the zip ---------------------------------------------------------------------

def module_name(path):
    """'a/b.py' -> 'a.b', 'a/__init__.py' -> 'a'; None for anything else."""
    if not path.endswith(".py"):
        return None
    name = path[:-3].replace("/", ".")
    return name[: -len(".__init__")] if name.endswith(".__init__") else name


def zip_modules(source_zip=FULL_ZIP):
    """{module name: member path} for every .py in the zip."""
    with zipfile.ZipFile(source_zip) as z:
        return {module_name(n): n for n in z.namelist() if module_name(n)}


# --- finding imports ------------------------------------------------------------------------

def _absolute(level, module, here, is_package):
    """The absolute name of `from <level dots><module> import ...` written in module `here`."""
    if not level:
        return module
    parts = here.split(".") if is_package else here.split(".")[:-1]
    if level > 1:
        parts = parts[: len(parts) - (level - 1)] if len(parts) >= level - 1 else []
    base = ".".join(parts)
    return ".".join(p for p in (base, module) if p)


def _is_main_guard(node):
    """`if __name__ == "__main__":`, whose body runs only when the file is run as a script,
    never when it is imported (the page imports; it runs no module as a script)."""
    test = node.test if isinstance(node, ast.If) else None
    if not (isinstance(test, ast.Compare) and len(test.ops) == 1 and isinstance(test.ops[0], ast.Eq)):
        return False
    sides = [test.left, test.comparators[0]]
    return any(isinstance(a, ast.Name) and a.id == "__name__" for a in sides) and \
        any(isinstance(a, ast.Constant) and a.value == "__main__" for a in sides)


def _walk(tree):
    """ast.walk without the bodies of `if __name__ == "__main__":` blocks."""
    todo = [tree]
    while todo:
        node = todo.pop()
        yield node
        if _is_main_guard(node):
            todo.extend(node.orelse)
        else:
            todo.extend(ast.iter_child_nodes(node))


def _from_tree(tree, here, is_package):
    found = set()
    for node in _walk(tree):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            base = _absolute(node.level, node.module or "", here, is_package)
            if base:
                found.add(base)
                # `from pkg import sub` imports pkg.sub when there is such a module
                found.update(base + "." + alias.name for alias in node.names if alias.name != "*")
        elif isinstance(node, ast.Call) and node.args and isinstance(node.args[0], ast.Constant) \
                and isinstance(node.args[0].value, str) and not node.args[0].value.startswith("."):
            func = node.func
            name = func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else None
            if name in ("import_module", "__import__"):
                found.add(node.args[0].value)
    return found


# An import statement where a statement can start: at the start of a line, or after `;` or a
# compound statement's `:` (minified code: `try:import js`).
_STATEMENT = re.compile(r"(?:^|(?<=[;:]))[ \t]*((?:from[ \t]+[\w.]+[ \t]+import[ \t]*\([^)]*\))|(?:(?:from[ \t]+[\w.]+[ \t]+)?import[ \t]+[^;#\n]+(?:\\\n[^;#\n]*)*))",
                        re.M)


def _statements_fallback(source, here, is_package):
    """The imports of a file this Python cannot parse: each import statement parsed alone. Text
    in strings that looks like an import statement may be taken for one (more is kept, never
    less)."""
    found = set()
    for match in _STATEMENT.finditer(source):
        statement = match.group(1).strip()
        try:
            tree = ast.parse(statement)
        except SyntaxError:
            continue
        found |= _from_tree(tree, here, is_package)
    return found


def imports_in(source, here="__main__", is_package=False):
    """Every module name the source imports or may import (absolute names; `from a import b`
    gives both a and a.b, whichever exists)."""
    if isinstance(source, bytes):
        source = source.decode("utf-8")
    try:
        tree = ast.parse(source)
    except SyntaxError:
        return _statements_fallback(source, here, is_package)
    return _from_tree(tree, here, is_package)


def _sources_under(folder):
    """{module name: (source, is_package)} for every .py under `folder`."""
    found = {}
    for parent, dirs, files in os.walk(folder):
        dirs[:] = sorted(d for d in dirs if not d.startswith((".", "__pycache__")))
        for name in sorted(files):
            if name.endswith(".py"):
                path = os.path.relpath(os.path.join(parent, name), folder).replace(os.sep, "/")
                with open(os.path.join(parent, name), encoding="utf-8") as f:
                    found[module_name(path)] = (f.read(), name == "__init__.py")
    return found


def app_imports(app_dir=APP_DIR):
    """The modules the app's own code imports, less the app's own (anything under py/). A
    package's __main__.py (the command line: `python -m games`) is left out: the page does not
    ship it (tools/shell.py) and runs no module as a script."""
    sources = _sources_under(app_dir)
    own = {name.split(".")[0] for name in sources}
    found = set()
    for name, (source, is_package) in sources.items():
        if name.split(".")[-1] != "__main__":
            found |= imports_in(source, name, is_package)
    return {n for n in found if n.split(".")[0] not in own}


def pyscript_sources(core=PYSCRIPT_CORE):
    """[(module, source)] of PyScript's `pyscript` package: the sources in src/stdlib/ and the
    build that @pyscript/core writes into the interpreter (src/stdlib/pyscript.js)."""
    folder = os.path.join(core, "src", "stdlib")
    sources = [(name, source) for name, (source, _) in _sources_under(folder).items()]
    artifact = os.path.join(folder, "pyscript.js")
    if os.path.exists(artifact):
        text = open(artifact, encoding="utf-8").read()
        body = text[text.index("{"): text.rindex("}") + 1]
        def walk(tree, prefix):
            for key, value in tree.items():
                if isinstance(value, dict):
                    walk(value, prefix + [key])
                elif key.endswith(".py"):
                    sources.append((module_name("/".join(prefix + [key])), value))
        walk(json.loads(body), [])
    return sources


def pyscript_imports(core=PYSCRIPT_CORE):
    found = set()
    for name, source in pyscript_sources(core):
        found |= imports_in(source, name, name == "pyscript")
    return found | imports_in(POLYSCRIPT_SNIPPETS)


# --- the closure ----------------------------------------------------------------------------

def _ship(name, available):
    """The modules importing `name` needs: the longest part of it that exists, and its parent
    packages. None if nothing of it is in the zip."""
    parts = name.split(".")
    while parts and ".".join(parts) not in available:
        parts.pop()
    if not parts:
        return set()
    return {".".join(parts[:i]) for i in range(1, len(parts) + 1)} & set(available)


def closure(roots, source_zip=FULL_ZIP):
    """Every module of the zip that importing `roots` can import."""
    with zipfile.ZipFile(source_zip) as z:
        available = {module_name(n): n for n in z.namelist() if module_name(n)}
        needed, todo = set(), []

        def add(name):
            if name.split(".")[0] in RUNTIME_MODULES:
                return
            for m in _ship(name, available):
                if m not in needed:
                    needed.add(m)
                    todo.append(m)

        for root in roots:
            add(root)
        while todo:
            m = todo.pop()
            path = available[m]
            for name in imports_in(z.read(path), m, path.endswith("/__init__.py")):
                add(name)
    return needed


def roots(app_dir=APP_DIR, source_zip=FULL_ZIP, core=PYSCRIPT_CORE):
    available = zip_modules(source_zip)
    whole = {m for m in available for p in WHOLE_PACKAGES if m == p or m.startswith(p + ".")}
    return sorted(app_imports(app_dir) | pyscript_imports(core) | whole | set(INTERPRETER_IMPORTS))


def needed_modules(app_dir=APP_DIR, source_zip=FULL_ZIP, core=PYSCRIPT_CORE):
    """Sorted names of the stdlib modules the page ships."""
    return sorted(closure(roots(app_dir, source_zip, core), source_zip))


# --- the archive ----------------------------------------------------------------------------

# STORED members: the archive travels gzipped, and gzip over plain sources is smaller than gzip
# over deflated ones (measured by `python3 tools/stdlib.py --compare`).
COMPRESSION = zipfile.ZIP_STORED
FIXED_TIME = (1980, 1, 1, 0, 0, 0)


def trimmed_bytes(source_zip=FULL_ZIP, modules=None, compression=COMPRESSION):
    """The trimmed archive: the kept modules' members under their own paths, with a directory
    entry for every folder that holds one, sorted, with fixed times and modes."""
    modules = needed_modules(source_zip=source_zip) if modules is None else modules
    with zipfile.ZipFile(source_zip) as z:
        available = {module_name(n): n for n in z.namelist() if module_name(n)}
        paths = {available[m] for m in modules}
        folders = {p[: i + 1] for p in paths for i, c in enumerate(p) if c == "/"}
        out = io.BytesIO()
        with zipfile.ZipFile(out, "w") as dest:
            for path in sorted(paths | folders):
                info = zipfile.ZipInfo(path, date_time=FIXED_TIME)
                info.create_system = 3  # unix, whatever system builds it
                if path.endswith("/"):
                    info.external_attr = (0o40755 << 16) | 0x10
                    dest.writestr(info, b"")
                else:
                    info.external_attr = 0o100644 << 16
                    info.compress_type = compression
                    dest.writestr(info, z.read(path), compress_type=compression, compresslevel=9)
    return out.getvalue()


def write_trimmed(source_zip=FULL_ZIP, dest_zip=DEFAULT_DEST, modules=None):
    """Write the trimmed archive to `dest_zip`; returns the sorted module names it holds."""
    modules = needed_modules(source_zip=source_zip) if modules is None else sorted(modules)
    data = trimmed_bytes(source_zip, modules)
    folder = os.path.dirname(os.path.abspath(dest_zip))
    os.makedirs(folder, exist_ok=True)
    with open(dest_zip, "wb") as f:
        f.write(data)
    return modules


def gzipped_size(data):
    return len(gzip.compress(data, compresslevel=9, mtime=0))


def main(argv):
    args = [a for a in argv if not a.startswith("--")]
    dest = args[0] if args else DEFAULT_DEST
    total = len(zip_modules())
    modules = write_trimmed(FULL_ZIP, dest)
    full = open(FULL_ZIP, "rb").read()
    data = open(dest, "rb").read()
    print("{}: {} of {} modules".format(os.path.relpath(dest), len(modules), total))
    print("  trimmed: {:>9,} bytes, {:>9,} gzip -9".format(len(data), gzipped_size(data)))
    print("  full:    {:>9,} bytes, {:>9,} gzip -9".format(len(full), gzipped_size(full)))
    if "--compare" in argv:
        for label, kind in (("stored", zipfile.ZIP_STORED), ("deflated", zipfile.ZIP_DEFLATED)):
            other = trimmed_bytes(FULL_ZIP, modules, kind)
            print("  {:<9}{:>9,} bytes, {:>9,} gzip -9".format(label + ":", len(other), gzipped_size(other)))
    if "--list" in argv:
        print("\n".join(modules))


if __name__ == "__main__":
    main(sys.argv[1:])
