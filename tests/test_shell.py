"""The static page: in step with the code, self-contained (nothing from another origin), and
Python code that runs on CPython 3.11 as on Pyodide."""

import ast
import json
import os
import re
import sys

import shell  # tools/shell.py

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def test_static_lobby_and_file_list_are_up_to_date():
    assert shell.main(["--check"]) == 0, "run: python3 tools/shell.py"


def test_every_module_is_shipped_to_the_browser():
    # In one file (www/app-files.mjs writes it into the browser's file system), as it is in py/.
    with open(os.path.join(ROOT, "www", "app-modules.json"), encoding="utf-8") as f:
        shipped = json.load(f)
    assert sorted(shipped) == sorted("./" + m for m in shell.modules())
    with open(os.path.join(ROOT, "py", "games", "stemandbranch", "rules.py"), encoding="utf-8") as f:
        assert shipped["./games/stemandbranch/rules.py"] == f.read()


def test_no_request_can_leave_the_origin():
    for path in ("index.html", "pyscript.toml", "www/app.css", "www/boot.js", "www/memory-idb.js", "sw.js", "manifest.webmanifest"):
        text = open(os.path.join(ROOT, path), encoding="utf-8").read()
        assert not re.search(r"(?:src|href)=\"(?:https?:)?//", text), path
        assert not re.search(r"url\((?:['\"])?(?:https?:)?//", text), path
        assert "@import" not in text, path
        assert not re.search(r"""(?:fetch|import|register)\(\s*['"](?:https?:)?//""", text), path


def test_the_browser_side_is_the_only_one_touching_js():
    for folder in ("tabletop", "games"):
        for dirpath, _, files in os.walk(os.path.join(ROOT, "py", folder)):
            for name in files:
                if name.endswith(".py"):
                    tree = ast.parse(open(os.path.join(dirpath, name), encoding="utf-8").read())
                    imported = {a.name.split(".")[0] for n in ast.walk(tree) if isinstance(n, ast.Import) for a in n.names}
                    imported |= {n.module.split(".")[0] for n in ast.walk(tree) if isinstance(n, ast.ImportFrom) and n.module}
                    assert not imported & {"js", "pyscript", "pyodide", "webui"}, os.path.join(dirpath, name)
    for dirpath, _, files in os.walk(os.path.join(ROOT, "py", "games")):
        for name in files:
            if name.endswith(".py"):
                text = open(os.path.join(dirpath, name), encoding="utf-8").read()
                assert "import webui" not in text and "from webui" not in text


def test_python_sources_parse_as_python_3_11():
    assert sys.version_info[:2] >= (3, 11)
    for dirpath, _, files in os.walk(os.path.join(ROOT, "py")):
        for name in files:
            if name.endswith(".py"):
                ast.parse(open(os.path.join(dirpath, name), encoding="utf-8").read(), feature_version=(3, 11))


def test_stylesheet_blocks_are_balanced():
    """An unclosed block silently swallows every rule after it (a merge once did that)."""
    text = re.sub(r"/\*.*?\*/", "", open(os.path.join(ROOT, "www", "app.css"), encoding="utf-8").read(), flags=re.S)
    depth = 0
    for number, line in enumerate(text.split("\n"), 1):
        depth += line.count("{") - line.count("}")
        assert depth >= 0, "a stray '}' on line {}".format(number)
    assert depth == 0, "a block of www/app.css is never closed"


def test_each_games_pictures_are_current_and_weigh_at_most_150_kb_over_the_wire():
    """Issue 36: a game's sprite is what its renderer names (tools/art.py), and one game's art is
    at most 150 KB gzipped (what a static host sends)."""
    import gzip

    import art  # tools/art.py

    assert art.main(["--check"]) == 0, "run: python3 tools/art.py"
    files = art.art_files()
    assert files, "no game has pictures"
    for path in [f for f in files if f.endswith(".svg")]:
        with open(os.path.join(ROOT, path), "rb") as f:
            size = len(gzip.compress(f.read(), 9))
        assert size <= 150_000, "{}: {} bytes gzipped".format(path, size)
