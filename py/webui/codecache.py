"""Compiled code for modules that a start writes and imports after the start-up snapshot is
restored: @pyscript/core writes its own `pyscript` package into the file system on every start
and imports it, and compiling its 14 modules took 14 ms of a 300 ms start.

The snapshot worker compiles them beforehand (`remember`, with the sources the page read from
its own file system); the restored interpreter then imports a file with exactly that source
from the compiled code, and compiles anything else as usual. Only the browser uses this."""

import importlib.machinery

_compiled = {}  # path: (source bytes, code)
_compile = importlib.machinery.SourceFileLoader.source_to_code
used = 0  # how many imports took their code from here (a test reads it)


def remember(path, source):
    """Compile `source` (text) as the file `path` would be compiled by an import."""
    data = source.encode("utf-8")
    _compiled[path] = (data, compile(data, path, "exec", dont_inherit=True))


def _source_to_code(self, data, path, *args, **kwargs):
    global used
    known = _compiled.get(path)
    if known is not None and known[0] == bytes(data) and not args and kwargs.get("_optimize", -1) == -1:
        used += 1
        return known[1]
    return _compile(self, data, path, *args, **kwargs)


importlib.machinery.SourceFileLoader.source_to_code = _source_to_code
