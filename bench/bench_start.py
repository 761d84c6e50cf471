"""The benchmarks' start: run under the project's .venv (where `make test` put Playwright) when
started as `python3 bench/<name>.py`, with py/, tools/ and bench/ importable."""

import importlib.util
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
VENV_PYTHON = os.path.join(ROOT, ".venv", "bin", "python")


def use_venv():
    if importlib.util.find_spec("playwright") is None and os.path.exists(VENV_PYTHON) \
            and os.path.realpath(sys.prefix) != os.path.realpath(os.path.join(ROOT, ".venv")):
        os.execv(VENV_PYTHON, [VENV_PYTHON] + sys.argv)
    for folder in ("py", "tools", "bench"):
        sys.path.insert(0, os.path.join(ROOT, folder))
