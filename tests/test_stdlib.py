"""The trimmed standard library (tools/stdlib.py): it holds every module the app imports when it
runs, its finder reads the code, and the archive holds exactly what it should, built the same
every time. CPython only: the browser tests run the page itself on the archive."""

import json
import os
import subprocess
import sys
import textwrap
import zipfile

import pytest

import shell  # tools/shell.py: the app's modules as the page ships them
import stdlib  # tools/stdlib.py

ROOT = stdlib.ROOT

if not os.path.exists(stdlib.FULL_ZIP):  # never skipped: a missing runtime is an error here
    raise RuntimeError("node_modules/pyodide is missing: run `make setup-web` (or `make test`)")


@pytest.fixture(scope="module")
def needed():
    return set(stdlib.needed_modules())


@pytest.fixture(scope="module")
def full_modules():
    return stdlib.zip_modules()


# Runs in a fresh interpreter: imports every module the page ships (webui.browser with stand-ins
# for the browser's `js` and `pyodide.ffi`), plays a whole game of every title between bots
# through the App, shares it and opens the link (the replay), exports the save and imports it,
# plays a game in Vietnamese, then prints every module it imported.
APP_RUN = textwrap.dedent("""
    import importlib, json, sys, types
    sys.path[:0] = ["py", "tests"]
    js = types.ModuleType("js")
    ffi = types.ModuleType("pyodide.ffi")
    ffi.create_once_callable = ffi.create_proxy = ffi.to_js = lambda *a, **k: None
    sys.modules.update({"js": js, "pyodide": types.ModuleType("pyodide"), "pyodide.ffi": ffi})
    for name in json.loads(sys.argv[1]):
        importlib.import_module(name)
    from fakes import DictStorage, open_app
    from games import IDS, INFOS
    for game_id in IDS:
        seats = ",".join(["easy"] * max(INFOS[game_id].min_players, 2))
        app, platform, storage = open_app({"game": game_id, "seats": seats, "seed": "5", "speed": "instant"})
        platform.run()
        assert app.match.is_over(), game_id
        app.handle("rules", None)
        app.handle("share", None)
        viewer, shown, _ = open_app({"g": app.share.link.split("#g=", 1)[1]}, DictStorage())
        assert viewer.screen == "replay", game_id
        save_id = next(iter(storage.data)).split(".", 2)[2]
        app.handle("export", save_id)
        name, text = platform.downloads[-1]
        app.handle("import", (name, text))
        assert "Imported" in platform.text, game_id
    # And a game in Vietnamese, chosen in the language menu: the catalogue is read with gettext.
    app, platform, _ = open_app({"game": "thenumber", "seats": "easy,easy", "seed": "5", "speed": "instant"})
    app.handle("language", "vi")
    platform.run()
    assert app.match.is_over() and "Bảng điểm" in platform.text
    print(json.dumps(sorted(sys.modules)))
""")


def test_every_module_the_app_imports_when_it_runs_is_shipped(needed, full_modules):
    out = subprocess.run([sys.executable, "-I", "-c", APP_RUN, json.dumps(shell.module_names())], cwd=ROOT,
                         capture_output=True, text=True, timeout=600)
    assert out.returncode == 0, out.stderr[-3000:]
    imported = set(json.loads(out.stdout.strip().splitlines()[-1]))
    assert "webui.browser" in imported and "games.stemandbranch.bots" in imported  # it ran
    missing = sorted(m for m in imported if m in full_modules and m not in needed)
    assert not missing, ("the app imported {} when it ran, and the trimmed stdlib would not ship them: "
                         "add a root in tools/stdlib.py (INTERPRETER_IMPORTS if nothing in the code "
                         "names them)".format(", ".join(missing)))


def test_the_finder_reads_the_app_code(tmp_path, needed):
    # An import the app's code writes, anywhere (here inside a function), is shipped; the app's
    # own packages and the runtime's modules are not looked for in the zip.
    (tmp_path / "mygame").mkdir()
    (tmp_path / "mygame" / "__init__.py").write_text("from . import rules\nfrom mygame.rules import X\n")
    (tmp_path / "mygame" / "rules.py").write_text("import js\nX = 1\ndef save():\n    import sqlite3\n    return sqlite3\n")
    (tmp_path / "mygame" / "__main__.py").write_text("import argparse\n")  # the command line: not shipped
    found = stdlib.app_imports(str(tmp_path))
    assert "sqlite3" in found and not {n for n in found if n.startswith("mygame")}
    assert "argparse" not in found
    shipped = stdlib.needed_modules(app_dir=str(tmp_path))
    assert {"sqlite3", "sqlite3.dbapi2"} <= set(shipped)  # and what sqlite3 imports
    assert "sqlite3" not in needed  # the real app does not import it


def test_the_finder_follows_every_kind_of_import():
    source = textwrap.dedent("""
        import a.b.c as abc
        from . import sibling
        from ..up import thing
        try:
            from fast import x
        except ImportError:
            from slow import x
        class K:
            import in_a_class_body
            def method(self):
                import in_a_method
        @decorated(__import__("in_a_decorator"))
        def later(default=__import__("in_a_default")):
            import importlib
            return importlib.import_module("by.name"), __import__("dunder")
        f = lambda: __import__("in_a_lambda")
        if sys.platform == "win32":
            import only_on_windows
        else:
            import not_on_windows
        if __name__ == "__main__":
            import only_as_a_script
    """)
    at_import = {"a.b.c", "pkg.sub", "pkg.sub.sibling", "pkg.up", "pkg.up.thing", "fast", "slow", "in_a_class_body",
                 "in_a_decorator", "in_a_default", "not_on_windows"}
    lazy = {"in_a_method", "importlib", "by.name", "dunder", "in_a_lambda"}
    # The app's code: every import, at any level.
    found = stdlib.imports_in(source, "pkg.sub.mod")
    assert at_import | lazy <= found and "only_as_a_script" not in found
    # The stdlib's: only what runs when the module is imported.
    found = stdlib.imports_in(source, "pkg.sub.mod", module_level=True)
    assert at_import <= found and not found & (lazy | {"only_on_windows", "only_as_a_script"})
    # Sources this Python cannot parse (3.14 syntax) are read statement by statement.
    newer = textwrap.dedent("""
        import os
        try:
            pass
        except ValueError, TypeError:
            from json import decoder
        type X = int
        class C[T]:
            from re import _parser
            async def m(self):
                import in_a_method
        def f[T]():
            x = 1
            if x:
                import in_a_function
        import importlib; importlib.import_module("by.name")
    """)
    assert {"os", "json", "json.decoder", "re", "re._parser", "by.name", "in_a_method", "in_a_function"} <= \
        stdlib.imports_in(newer, "m")
    found = stdlib.imports_in(newer, "m", module_level=True)
    assert {"os", "json", "json.decoder", "re", "re._parser", "importlib", "by.name"} <= found
    assert not found & {"in_a_method", "in_a_function"}


def test_the_statement_reader_finds_what_ast_finds(full_modules):
    # The fallback for files 3.11 cannot parse, checked on every file it can parse: it finds at
    # least what ast finds at module level, and leaves out (nearly) all that ast finds only in functions.
    lazy_by_ast = lazy_by_lines = 0
    with zipfile.ZipFile(stdlib.FULL_ZIP) as z:
        for name, path in full_modules.items():
            source = z.read(path).decode("utf-8")
            try:
                tree = compile(source, path, "exec", 0x400)  # ast.PyCF_ONLY_AST
            except SyntaxError:
                continue
            is_package = path.endswith("/__init__.py")
            by_ast = {m for m in stdlib._from_tree(tree, name, is_package, module_level=True) if m in full_modules}
            by_lines = stdlib._statements_fallback(source, name, is_package, module_level=True)
            assert by_ast <= by_lines, (name, sorted(by_ast - by_lines))
            lazy_by_ast += len(stdlib._from_tree(tree, name, is_package) - stdlib._from_tree(tree, name, is_package, True))
            lazy_by_lines += len(stdlib._statements_fallback(source, name, is_package) - by_lines)
    assert lazy_by_lines >= 0.9 * lazy_by_ast > 0


def test_pyscript_is_followed_from_its_start(tmp_path):
    # PyScript's package is a node of the graph: what `import pyscript` runs is followed, through
    # its submodules, into the stdlib; what its functions import is not.
    others = {"pyscript": [("from pyscript.web import page\nimport json\n", True)],
              "pyscript.web": [("import html\ndef fetch():\n    import sqlite3\n", False)],
              "pyscript.unused": [("import tomllib\n", False)]}
    found = stdlib.closure(["pyscript"], stdlib.FULL_ZIP, others)
    assert {"json", "html", "html.entities"} <= found
    assert not found & {"sqlite3", "tomllib", "pyscript", "pyscript.web"}


def test_the_closure_holds_the_runtime_and_what_the_interpreter_imports_by_name(needed, full_modules):
    for names in (stdlib.PYODIDE_IMPORTS, stdlib.ENCODINGS, stdlib.INTERPRETER_IMPORTS):
        assert set(names) <= set(full_modules)  # no name mistyped
        assert set(names) <= needed
    assert {"asyncio", "inspect", "pathlib", "json", "html", "base64"} <= needed  # PyScript's start
    # and what no code the page runs imports is left out: the archive is a trim, not a copy
    assert len(needed) < len(full_modules) / 2
    assert not needed & {"sqlite3", "tomllib", "gzip", "tarfile", "sysconfig", "pydoc", "asyncio.windows_events",
                         "_pydatetime", "pyodide.http", "encodings.cp1252"}
    # sysconfig, were it needed, comes with the data module it imports by a computed name
    assert set(stdlib.SYSCONFIG_DATA) <= stdlib.closure(["sysconfig"])


def test_the_archive_holds_exactly_the_needed_modules_and_rebuilds_byte_identical(tmp_path, needed, full_modules):
    first, second = tmp_path / "a.zip", tmp_path / "b.zip"
    assert stdlib.write_trimmed(stdlib.FULL_ZIP, str(first)) == sorted(needed)
    stdlib.write_trimmed(stdlib.FULL_ZIP, str(second), modules=reversed(sorted(needed)))
    assert first.read_bytes() == second.read_bytes()
    with zipfile.ZipFile(first) as z, zipfile.ZipFile(stdlib.FULL_ZIP) as full:
        assert z.testzip() is None
        names = z.namelist()
        files = [n for n in names if not n.endswith("/")]
        assert names == sorted(names)
        assert {stdlib.module_name(n) for n in files} == needed and len(files) == len(needed)
        assert all(n.endswith(".py") for n in files)  # no data files
        for n in files:
            assert full_modules[stdlib.module_name(n)] == n and z.read(n) == full.read(n)
        folders = {n for n in names if n.endswith("/")}
        assert folders == {f[: i + 1] for f in files for i, c in enumerate(f) if c == "/"}
