"""A light first visit (issue 29): the runtime and the app's modules travel gzipped in the files
themselves (www/packed/, tools/pack.py), unpacked in the browser (www/unpack.mjs), from hosts
that compress nothing, or that unpack .gz files themselves."""

import ast
import gzip
import io
import json
import os
import tokenize
import zipfile

import pytest

import dist  # tools/dist.py
import pack  # tools/pack.py
import stdlib  # tools/stdlib.py
import vendor  # tools/vendor.py
from conftest import open_page, wait_app_lobby
from headless import start_server
from test_browser_thenumber import write_number

pytestmark = [pytest.mark.browser, pytest.mark.first_visit]
SOLO = "?game=thenumber&seats=human,easy&seed=3&speed=instant"
# 14.5 MB before issue 29. Its goal was 5 MB; the standard library then came as sources (4.9 MB
# in all). As bytecode it is 0.7 MB more and Python starts 1.6 s sooner: on a phone's link the
# page is ready in 0.40 x the bare page's time instead of 0.49 x (bench/RESULTS.md).
FIRST_VISIT_BYTES = 5_750_000


@pytest.fixture(scope="module")
def upload(tmp_path_factory):
    """What `make dist` writes, as uploaded to a host."""
    return dist.build(str(tmp_path_factory.mktemp("dist") / "site"))


def test_the_upload_holds_the_runtime_packed_only(upload):
    names = {os.path.relpath(os.path.join(d, f), upload) for d, _, fs in os.walk(upload) for f in fs}
    for name in vendor.PACKED_ELSEWHERE:
        assert "www/vendor/pyodide/" + name not in names
    for name in pack.NAMES:
        assert "www/packed/{}.gz".format(name) in names
    # the standard library is the trimmed one, far from Python's 559 modules
    with gzip.open(os.path.join(upload, "www", "packed", "python_stdlib.zip.gz")) as f:
        trimmed = zipfile.ZipFile(io.BytesIO(f.read())).namelist()
    # compiled to bytecode (tools/compile_stdlib.mjs): no source is shipped
    assert not [m for m in trimmed if m.endswith(".py")]
    assert sorted(stdlib.module_name(m[:-1]) for m in trimmed if m.endswith(".pyc")) == stdlib.needed_modules()
    with zipfile.ZipFile(os.path.join(pack.RUNTIME, pack.STDLIB)) as full:
        assert len([m for m in trimmed if m.endswith(".pyc")]) < 0.5 * len([m for m in full.namelist() if m.endswith(".py")])


def visit_counting_bytes(context, url):
    """Opens `url`; returns (page, received) where received maps each finished request's URL to
    the bytes that came over the wire for it (a list: once per request)."""
    page = context.new_page()
    cdp = context.new_cdp_session(page)
    cdp.send("Network.enable")
    urls, received = {}, {}
    cdp.on("Network.requestWillBeSent", lambda e: urls.__setitem__(e["requestId"], e["request"]["url"]))
    cdp.on("Network.loadingFinished", lambda e: received.setdefault(urls.get(e["requestId"], "?"), []).append(e["encodedDataLength"]))
    statuses = []
    page.on("response", lambda response: statuses.append((response.status, response.url)))
    open_page(page, url)
    return page, received, statuses


def test_the_packed_modules_drop_comments_and_docstrings_but_keep_every_line_where_it_was():
    """A traceback from the page names the lines of py/ as written: the packed modules keep every
    line and every other string, and nothing else changes (their code compiles alike)."""
    with open(os.path.join(pack.ROOT, "www", pack.MODULES), encoding="utf-8") as f:
        modules = json.load(f)
    for path, source in modules.items():
        if not path.endswith(".py"):
            continue
        packed = pack.without_comments(source)
        assert packed.count("\n") == source.count("\n"), path
        assert not [t for t in tokenize.generate_tokens(io.StringIO(packed).readline) if t.type == tokenize.COMMENT], path
        mine, theirs = ast.parse(source), ast.parse(packed)
        for a, b in zip(ast.walk(mine), ast.walk(theirs)):
            assert type(a) is type(b) and getattr(a, "lineno", None) == getattr(b, "lineno", None), (path, a)
            if isinstance(a, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)) and ast.get_docstring(a):
                assert not ast.get_docstring(b).strip(), (path, getattr(a, "name", "module"))
    said = pack.without_comments('def f():\n    """Says ★ why.\n\n    More."""  # and a comment\n    return "# kept"  # gone\n')
    assert said == 'def f():\n    """\n\n"""\n    return "# kept"\n'


def test_a_first_visit_downloads_under_6_mb_and_plays(browser, upload):
    server, base = start_server(root=upload)
    context = browser.new_context(service_workers="block")
    try:
        page, received, statuses = visit_counting_bytes(context, base + SOLO)
        write_number(page)
        page.wait_for_selector(".reveal.latest")
        assert page.get_attribute("html", "data-start") == "normal"
        assert not [s for s in statuses if s[0] >= 400], statuses  # nothing asked for is missing
        packed = {url.rsplit("/", 1)[1]: sizes for url, sizes in received.items() if "/www/packed/" in url}
        for name in pack.NAMES:  # each downloaded once: the head's preload is the one used
            assert len(packed.get(name + ".gz", [])) == 1, (name, packed)
        assert not [url for url in received if "/www/vendor/pyodide/pyodide.asm" in url or url.endswith((".zip", "lock.json"))]
        total = sum(sum(sizes) for sizes in received.values())
        assert total <= FIRST_VISIT_BYTES, "{:.2f} MB".format(total / 1e6)
    finally:
        context.close()
        server.shutdown()


class _UnpackingHandler:
    """A host that sends .gz files with "Content-Encoding: gzip": the browser unpacks them."""

    def guess_type(self, path):
        return "application/octet-stream" if path.endswith(".gz") else super().guess_type(path)

    def end_headers(self):
        if self.path.split("?")[0].endswith(".gz"):
            self.send_header("Content-Encoding", "gzip")
        super().end_headers()


def test_a_host_that_unpacks_gz_files_itself_works_online_and_offline(browser, upload):
    import functools
    import threading

    import serve

    handler = functools.partial(type("Unpacking", (_UnpackingHandler, serve.Handler), {}), directory=upload)
    server = serve.Server(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = "http://127.0.0.1:{}/".format(server.server_address[1])
    context = browser.new_context()
    try:
        page = context.new_page()
        # The Vietnamese catalogue arrives unpacked by the browser (no gzip magic): taken as it is.
        open_page(page, base + "?lang=vi")
        wait_app_lobby(page)
        assert page.evaluate("document.documentElement.lang") == "vi" and "Ván mới" in page.inner_text("#app")
        open_page(page, base + SOLO)
        write_number(page)
        page.wait_for_selector(".reveal.latest")
        # the service worker stored what it fetched, unpacked or not: offline the app starts again
        page.wait_for_selector("html[data-offline='ready']", state="attached", timeout=120_000)
        context.set_offline(True)
        page.reload()
        page.wait_for_selector("html[data-ready]", state="attached")
        assert page.evaluate("Boolean(navigator.serviceWorker.controller)")
        page.wait_for_selector(".reveal")
        open_page(page, base + "?lang=vi")  # and in Vietnamese: the worker keeps its catalogue too
        wait_app_lobby(page)
        assert page.evaluate("document.documentElement.lang") == "vi" and "Ván mới" in page.inner_text("#app")
    finally:
        context.close()
        server.shutdown()
