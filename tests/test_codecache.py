"""webui/codecache.py: an import of a file whose source the snapshot compiled beforehand uses
that code; any other source, or the same path with other text, compiles as usual."""

import importlib
import sys

from webui import codecache


def write_module(folder, name, text):
    path = folder / (name + ".py")
    path.write_text(text, encoding="utf-8")
    return str(path)


def fresh_import(name):
    sys.modules.pop(name, None)
    importlib.invalidate_caches()
    return importlib.import_module(name)


def test_a_remembered_source_imports_from_its_compiled_code(tmp_path, monkeypatch):
    monkeypatch.syspath_prepend(str(tmp_path))
    sys.dont_write_bytecode, was = True, sys.dont_write_bytecode  # no .pyc to bypass the compile
    try:
        path = write_module(tmp_path, "cc_probe_same", "VALUE = 6 * 7\n")
        codecache.remember(path, "VALUE = 6 * 7\n")
        used = codecache.used
        assert fresh_import("cc_probe_same").VALUE == 42
        assert codecache.used == used + 1
        # The file changed since: its own text is compiled, not the remembered one.
        path = write_module(tmp_path, "cc_probe_changed", "VALUE = 1\n")
        codecache.remember(path, "VALUE = 2\n")
        used = codecache.used
        assert fresh_import("cc_probe_changed").VALUE == 1
        assert codecache.used == used
        # Not remembered at all: compiled as usual, tracebacks name the file.
        write_module(tmp_path, "cc_probe_other", "def fail():\n    raise ValueError('here')\n")
        module = fresh_import("cc_probe_other")
        assert module.fail.__code__.co_filename.endswith("cc_probe_other.py")
        assert codecache.used == used
    finally:
        sys.dont_write_bytecode = was
        for name in ("cc_probe_same", "cc_probe_changed", "cc_probe_other"):
            sys.modules.pop(name, None)
