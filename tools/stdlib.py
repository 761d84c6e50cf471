"""The standard library the page ships: a trimmed copy of Pyodide's python_stdlib.zip.

python3 tools/stdlib.py [dest]   writes it (default www/packed/python_stdlib.zip) and prints
                                 what was kept and its sizes (--list: the names too).

What is kept is found from the code: the transitive closure, over the full zip's sources, of the
imports that run from these roots:
  1. the app's own modules (py/**/*.py but the command line's __main__.py): every import written
     anywhere in them, at any level (it is our code: if it names a module, the module ships;
     imports of the app's own packages are left out),
  2. PyScript: what its start runs, `import pyscript` (which @pyscript/core writes into the
     interpreter): its package's sources are nodes of the graph, followed from `pyscript` through
     its submodules into the stdlib; and the lines of Python its JavaScript runs
     (POLYSCRIPT_SNIPPETS),
  3. the modules Pyodide's JavaScript and C import by name at start (PYODIDE_IMPORTS), the codecs
     looked up by name (ENCODINGS) and what the interpreter's C code imports by name
     (INTERPRETER_IMPORTS).

The policy (decided by the project's owner): in stdlib (and PyScript) files only the
imports that run when the module is imported are followed: those at module level, including in
top-level `try`/`if`/`with`/`for` blocks and class bodies, and `importlib.import_module("name")`
/ `__import__("name")` calls with a literal name there; not those inside function or method
bodies or lambdas (lazy paths that run only when called), nor the body of
`if __name__ == "__main__":` (runs only as a script). Two more kinds of module-level code never
run in the page and are not followed either: `if sys.platform == "win32":` / `os.name == "nt"`
branches, and the pure-Python copies of C modules Pyodide builds in (PURE_PYTHON_FALLBACKS). The
lazy paths the app does reach are caught by tests/test_stdlib.py, which runs the app on CPython and checks that every stdlib module it
imported is kept, and by the browser tests, which run the page on the trimmed archive; a module
found missing there becomes a root here. (Following every import anywhere kept 426 of 559
modules, 1.68 MB gzipped; the page loads 146. This keeps 166, 787 KB gzip -9: the extra
are the ENCODINGS and multiprocessing, which tabletop/simulate.py imports in a function.)

The zip holds Python 3.14 sources; this tool runs on 3.11, whose `ast` cannot parse a few of
them (new syntax): their import statements are found one by one and a small line scanner tells
which are at module level (_statements_fallback).
"""

import ast
import bisect
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

# Modules Pyodide imports by name when it starts (pyodide.asm.mjs, its C core and
# _pyodide/_importhook's set-up), with no Python import statement that could be seen; observed
# loaded in the page (Pyodide 314.0.8). Their own module-level imports are followed as usual.
PYODIDE_IMPORTS = (
    "_pyodide", "_pyodide._base",          # the start-up: eval_code, CodeRunner (pyodide.code)
    "_pyodide._core_docs",                 # the JsProxy classes' Python side (C core)
    "_pyodide._future_helper",             # JS promises -> Python futures
    "_pyodide._importhook",                # the import hook for `js` / JS modules
    "_pyodide.docs_argspec", "_pyodide.docstring",  # docstrings of the C core's functions
    "_pyodide.jsbind",                     # JS <-> Python bindings
    "pyodide", "pyodide._package_loader", "pyodide._state",  # loadPackage, snapshots
    "pyodide.code", "pyodide.common", "pyodide.ffi",  # runPython(Async), to_js, create_proxy
    "pyodide.webloop",                     # the asyncio event loop on the browser's
)

# Codecs, looked up by name at run time (codecs.lookup imports encodings.<name>): the package and
# its alias table, what the interpreter itself uses (utf-8, the file system's and the streams'
# codecs), the UTF-16/32 family (BOM handling, json.loads of bytes), cp437 (zipfile's names), the
# escape codecs (repr/unicode_escape, pickle's raw_unicode_escape), charmap (base of the 8-bit
# codecs) and idna/punycode (urllib, socket host names).
ENCODINGS = (
    "encodings", "encodings.aliases", "encodings.utf_8", "encodings.utf_8_sig", "encodings.ascii",
    "encodings.latin_1", "encodings.utf_16", "encodings.utf_16_le", "encodings.utf_16_be",
    "encodings.utf_32", "encodings.utf_32_le", "encodings.utf_32_be", "encodings.cp437",
    "encodings.raw_unicode_escape", "encodings.unicode_escape", "encodings.charmap",
    "encodings.idna", "encodings.punycode",
)

# Modules that the interpreter's C code (or Pyodide's JavaScript) imports by name, with no Python
# import statement that could be seen. Their own imports are followed as usual. (Not sysconfig:
# nothing the page runs at import needs it, and it was not loaded in the page; were it ever in the
# closure, its data module, imported by a computed name, comes with it: SYSCONFIG_DATA.)
INTERPRETER_IMPORTS = (
    "site", "_sitebuiltins",      # imported at start (Pyodide does not pass -S)
    "io", "abc", "codecs",        # init_sys_streams: `import io`; the codec registry
    "os", "importlib",            # pyodide.asm.mjs: `import importlib`, import_module("os")
    "zipimport",                  # reads the stdlib zip itself (frozen, but kept with its imports)
    "warnings", "_py_warnings",   # the C _warnings module imports `warnings` to show a warning
    "traceback", "_colorize", "linecache",  # printing an uncaught exception (PyErr_Display)
    "copyreg",                    # object.__reduce_ex__ (copy, pickle) imports it
    "_compat_pickle",             # the C _pickle module
    "json.decoder",               # the C _json module (JSONDecodeError)
    "typing",                     # generic-syntax objects (typevarobject.c) call into typing
)
# Not roots, though the C code imports them by name, because the page never runs those paths:
# _strptime (imported by time.strptime / datetime.strptime: the app parses no dates; were it to,
# test a) in tests/test_stdlib.py would see _strptime imported and fail) and _pylong (with
# decimal: int <-> str of ints thousands of digits long, which the app never makes).

# Pure-Python copies of C modules that Pyodide builds in, imported only when the C module is
# missing (`try: from _datetime import * except ImportError: from _pydatetime import *`): in the
# page the `try` succeeds (the C modules are loaded: _datetime, _abc, _thread), so the `except`
# branch never runs. Not followed when reached by an import (a root would still ship them).
PURE_PYTHON_FALLBACKS = (
    "_pydatetime",        # datetime, when _datetime is missing
    "_py_abc",            # abc, when _abc is missing
    "_threading_local",   # threading, when _thread._local is missing
    "_pydecimal",         # decimal, when _decimal is missing
)
SYSCONFIG_DATA = ("sysconfig", "_sysconfigdata__emscripten_wasm32-emscripten")

# Python that @pyscript/core's JavaScript runs (core-*.js), outside its `pyscript` package, when
# it writes [files] entries (`import os as _os`, `from pathlib import Path as _Path`). (Its
# `import os, gzip, tarfile` runs only to unpack a .tar.gz [files] entry, and the page's
# pyscript.toml, tools/shell.py CONFIG, has no [files]: gzip and tarfile are not roots.)
POLYSCRIPT_SNIPPETS = "import os as _os\nfrom pathlib import Path as _Path\n"

# Provided by the runtime, not by the zip: never looked for in it. (`pyscript` is not in the
# zip either, but its sources are read: pyscript_sources.)
RUNTIME_MODULES = ("js", "pyodide_js", "polyscript", "_pyscript")


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


def _is_windows_only(node):
    """`if sys.platform == "win32":` or `if os.name == "nt":`, whose body never runs in the page
    (sys.platform is "emscripten", os.name "posix"): asyncio's and encodings' Windows modules."""
    test = node.test if isinstance(node, ast.If) else None
    if not (isinstance(test, ast.Compare) and len(test.ops) == 1 and isinstance(test.ops[0], ast.Eq)):
        return False
    left, right = test.left, test.comparators[0]
    return isinstance(left, ast.Attribute) and isinstance(left.value, ast.Name) and isinstance(right, ast.Constant) \
        and (left.value.id, left.attr, right.value) in (("sys", "platform", "win32"), ("os", "name", "nt"))


def _walk(tree, module_level=False):
    """ast.walk without the bodies of `if __name__ == "__main__":` blocks, and with module_level
    also without what does not run when the module is imported: the bodies of functions, methods
    and lambdas (their decorators and default values do run, and are walked), and of
    Windows-only branches."""
    todo = [tree]
    while todo:
        node = todo.pop()
        yield node
        if _is_main_guard(node) or (module_level and _is_windows_only(node)):
            todo.extend(node.orelse)
        elif module_level and isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda)):
            todo.extend(getattr(node, "decorator_list", ()))
            todo.extend(node.args.defaults)
            todo.extend(d for d in node.args.kw_defaults if d is not None)
        else:
            todo.extend(ast.iter_child_nodes(node))


def _from_tree(tree, here, is_package, module_level=False):
    found = set()
    for node in _walk(tree, module_level):
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
# compound statement's `:` (minified code: `try:import js`); or a call importing a literal name.
_STATEMENT = re.compile(r"(?:^|(?<=[;:]))[ \t]*((?:from[ \t]+[\w.]+[ \t]+import[ \t]*\([^)]*\))|(?:(?:from[ \t]+[\w.]+[ \t]+)?import[ \t]+[^;#\n]+(?:\\\n[^;#\n]*)*))"
                        r"|\b((?:import_module|__import__)[ \t]*\([ \t]*(?:'[\w.]+'|\"[\w.]+\")[ \t]*[,)])", re.M)
_DEF = re.compile(r"[ \t]*(?:async[ \t]+)?def\b")


def _indent(line):
    return len(line.expandtabs(8)) - len(line.expandtabs(8).lstrip())


def _in_function(lines, row, column):
    """Whether the statement at lines[row][column] is inside a `def` (or `async def`), by
    indentation: a line before it with less indentation opens the block it is in. Lines that
    only continue a bracket or a string can look like block openers; what they can cause is to
    take a statement for module-level (more is kept), not the other way."""
    line = lines[row]
    if _DEF.match(line) and column > _indent(line):  # `def f(): import x`
        return True
    indent = _indent(line)
    for prior in reversed(lines[:row]):
        stripped = prior.strip()
        if not stripped or stripped.startswith(("#", "@")):
            continue
        if _indent(prior) < indent:
            if _DEF.match(prior):
                return True
            indent = _indent(prior)
            if indent == 0:
                return False
    return False


def _statements_fallback(source, here, is_package, module_level=False):
    """The imports of a file this Python cannot parse: each import statement parsed alone (with
    module_level, only those _in_function does not put in a function). Text in strings that looks
    like an import statement may be taken for one (more is kept, never less)."""
    found = set()
    lines = source.split("\n")
    starts = [0]
    for line in lines:
        starts.append(starts[-1] + len(line) + 1)
    for match in _STATEMENT.finditer(source):
        statement = (match.group(1) or match.group(2)).strip()
        if match.group(2):
            statement = statement.rstrip(",)") + ")"
        if module_level:
            at = match.start(1) if match.group(1) else match.start(2)
            row = bisect.bisect_right(starts, at) - 1
            if _in_function(lines, row, at - starts[row]):
                continue
        try:
            tree = ast.parse(statement)
        except SyntaxError:
            continue
        found |= _from_tree(tree, here, is_package)
    return found


def imports_in(source, here="__main__", is_package=False, module_level=False):
    """Every module name the source imports or may import (absolute names; `from a import b`
    gives both a and a.b, whichever exists); with module_level, only those imported when the
    module is imported (not in function bodies)."""
    if isinstance(source, bytes):
        source = source.decode("utf-8")
    try:
        tree = ast.parse(source)
    except SyntaxError:
        return _statements_fallback(source, here, is_package, module_level)
    return _from_tree(tree, here, is_package, module_level)


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


def _ship(name, available):
    """The modules importing `name` needs: the longest part of it that exists, and its parent
    packages. None if nothing of it is in `available`."""
    parts = name.split(".")
    while parts and ".".join(parts) not in available:
        parts.pop()
    if not parts:
        return set()
    return {".".join(parts[:i]) for i in range(1, len(parts) + 1)} & set(available)


def closure(roots, source_zip=FULL_ZIP, others=None):
    """Every module of the zip that importing `roots` imports, following the imports that run
    when a module is imported (module_level). `others`: {name: [(source, is_package)]} of
    modules outside the zip (PyScript's package) that are followed the same way but not
    returned."""
    others = others or {}
    outside = {name.split(".")[0] for name in others}
    with zipfile.ZipFile(source_zip) as z:
        available = {module_name(n): n for n in z.namelist() if module_name(n)}
        needed, seen, todo = set(), set(), []

        def add(name, root=False):
            top = name.split(".")[0]
            if top in RUNTIME_MODULES:
                return
            for m in _ship(name, others if top in outside else available):
                if m not in seen and (root or m not in PURE_PYTHON_FALLBACKS):
                    seen.add(m)
                    todo.append(m)
                    if top not in outside:
                        needed.add(m)
                    if m == "sysconfig":  # imports its data module by a computed name
                        add(SYSCONFIG_DATA[1])

        for root in roots:
            add(root, root=True)
        while todo:
            m = todo.pop()
            if m in available and m.split(".")[0] not in outside:
                path = available[m]
                sources = [(z.read(path), path.endswith("/__init__.py"))]
            else:
                sources = others[m]
            for source, is_package in sources:
                for name in imports_in(source, m, is_package, module_level=True):
                    add(name)
    return needed


def pyscript_modules(core=PYSCRIPT_CORE):
    """{name: [(source, is_package)]} of PyScript's package (both its sources and its build)."""
    found = {}
    for name, source in pyscript_sources(core):
        found.setdefault(name, []).append((source, name == "pyscript"))
    return found


def roots(app_dir=APP_DIR, source_zip=FULL_ZIP, core=PYSCRIPT_CORE):
    """The names the closure starts from (PyScript's package among them: `pyscript`)."""
    return sorted(app_imports(app_dir) | imports_in(POLYSCRIPT_SNIPPETS) | {"pyscript"}
                  | set(PYODIDE_IMPORTS) | set(ENCODINGS) | set(INTERPRETER_IMPORTS))


def needed_modules(app_dir=APP_DIR, source_zip=FULL_ZIP, core=PYSCRIPT_CORE):
    """Sorted names of the stdlib modules the page ships."""
    return sorted(closure(roots(app_dir, source_zip, core), source_zip, pyscript_modules(core)))


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
