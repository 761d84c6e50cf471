"""Headless Chromium and a local static server, shared by the browser tests and the benchmarks."""

import functools
import os
import shutil
import threading

import serve

ROOT = serve.ROOT
# Without the background-networking flags Chromium keeps calling home, and this machine's
# closed network refuses it many times a second.
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run"]


def chromium_path(chromium):
    """$CHROMIUM, else Playwright's own Chromium if installed (None = let Playwright pick it),
    else the system's chromium. Raises if there is none. `chromium` is Playwright's browser type."""
    if os.environ.get("CHROMIUM"):
        return os.environ["CHROMIUM"]
    managed = chromium.executable_path
    if managed and os.path.exists(managed):
        return None
    for candidate in ("/usr/bin/chromium", "/usr/bin/chromium-browser", shutil.which("chromium") or ""):
        if candidate and os.path.exists(candidate):
            return candidate
    raise RuntimeError("No Chromium found: run `make test` (it installs Debian's chromium) or set CHROMIUM.")


def launch(playwright, extra_args=()):
    """Headless Chromium; `playwright` may also be a browser type (browser.browser_type)."""
    chromium = getattr(playwright, "chromium", playwright)
    return chromium.launch(executable_path=chromium_path(chromium), args=CHROMIUM_ARGS + list(extra_args), headless=True)


def start_server(prefix="/", root=ROOT):
    """Serve `root` on a free port in a background thread; return (server, base URL)."""
    handler = functools.partial(type("Handler", (serve.Handler,), {"prefix": prefix}), directory=root)
    server = serve.Server(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, "http://127.0.0.1:{}{}".format(server.server_address[1], prefix)
