"""Fixtures for the browser tests: the site served as a static host would, and a headless
Chromium (Playwright's own where one is installed, else the system's)."""

import os
import threading

import pytest
from playwright.sync_api import Error as PlaywrightError

import serve  # tools/serve.py

from headless import ROOT, launch, start_server  # tools/headless.py

READY = "html[data-ready]"
# The lobby as the App draws it (the static lobby has no import picker). A plain visit is ready
# with the static lobby, and the App draws its own (saved games and all) in the next task.
APP_LOBBY = "#lobby [data-change=import]"
BOOT_TIMEOUT = 60_000  # ms; Pyodide starts in a few seconds, this is only a safety net


@pytest.fixture(autouse=True)
def english_again_after_each_test():
    """The view layer's language is one per process (as in a page): a test that changed it (the
    language menu, a random clicker that found the menu) leaves the next test in English."""
    yield
    import sys

    i18n = sys.modules.get("webui.i18n")  # imported only by tests that drew something
    if i18n is not None and i18n.current() != i18n.ENGLISH:
        i18n.choose(i18n.ENGLISH)


@pytest.fixture(scope="session")
def site():
    if not os.path.exists(os.path.join(ROOT, "www", "vendor", "pyodide", "pyodide.mjs")):
        pytest.fail("www/vendor/ is missing: run `make test` (it copies Pyodide and PyScript there).")
    import pack  # tools/pack.py

    if not pack.up_to_date():  # the page would run other modules than py/ holds
        pytest.fail("www/packed/ is out of date: run `python3 tools/shell.py` (or `make test`, which packs it).")
    server, url = start_server()
    yield url
    server.shutdown()


@pytest.fixture(scope="session")
def browser():
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        try:
            browser = launch(playwright)
        except RuntimeError as err:
            pytest.fail(str(err))
        yield browser
        browser.close()


# The start-up snapshot, made once per test worker and put into every test's fresh context, so
# that a test's pages start as a repeat visit does (a quarter of a first visit's time), and no
# page spends a core on making a snapshot of its own after 2 s without a click. A test that is
# about the first visit is marked `first_visit` (the snapshot and start-up tests).
SNAPSHOT_CACHE = "banchoi-snapshots"  # www/interpreter.mjs CACHE_NAME
READ_SNAPSHOT = """async () => {
    const cache = await caches.open('%s');
    const [request] = await cache.keys();
    const response = await cache.match(request);
    const bytes = new Uint8Array(await response.arrayBuffer());
    let text = '';
    for (let i = 0; i < bytes.length; i += 0x8000) text += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
    return {key: request.url, body: btoa(text), headers: Object.fromEntries(response.headers)};
}""" % SNAPSHOT_CACHE
# The bytes come from a loopback server of their own (Playwright's route would carry 18 MB
# through its pipe for every test: 5-10 times the start it saves), with the stored headers.
WRITE_SNAPSHOT = """async ([key, headers, url]) => {
    const response = await fetch(url);
    if (!response.ok) throw new Error('the test snapshot did not arrive: ' + response.status);
    const cache = await caches.open('%s');
    await cache.put(key, new Response(await response.arrayBuffer(), {headers}));
}""" % SNAPSHOT_CACHE


class _OpenHandler(serve.Handler):
    """Files that any origin may fetch (the snapshot server is on another port than the site)."""

    def end_headers(self):
        self.send_header("Access-Control-Allow-Origin", "*")
        super().end_headers()


# The renderer crashes now and then on this shared machine ("Target crashed"): the Makefile reruns
# a test that failed so, once. A session fixture's failure is kept for every test of the worker,
# which a rerun cannot mend, so the snapshot's first visit is tried again itself, once.
CRASHED = ("Target crashed", "Page crashed")


def first_visit_snapshot(browser, site):
    """The snapshot that a first visit to `site` stores: {key, body (base64), headers}."""
    try:
        return _first_visit_snapshot(browser, site)
    except PlaywrightError as error:
        if not any(words in str(error) for words in CRASHED):
            raise
        return _first_visit_snapshot(browser, site)


def _first_visit_snapshot(browser, site):
    context = browser.new_context(service_workers="block")
    try:
        page = context.new_page()
        page.goto(site)
        page.wait_for_selector("html[data-snapshot=stored], html[data-snapshot=failed]", state="attached", timeout=240_000)
        if page.get_attribute("html", "data-snapshot") != "stored":
            pytest.fail("the first visit made no start-up snapshot: {}".format(describe_page(page)))
        return page.evaluate(READ_SNAPSHOT)
    finally:
        context.close()


@pytest.fixture(scope="session")
def start_snapshot(browser, site, tmp_path_factory):
    """(key, headers, URL of the bytes) of the snapshot that a first visit to `site` stores."""
    import base64
    import functools

    stored = first_visit_snapshot(browser, site)
    folder = tmp_path_factory.mktemp("snapshot")
    (folder / "snapshot.bin").write_bytes(base64.b64decode(stored["body"]))
    server = serve.Server(("127.0.0.1", 0), functools.partial(_OpenHandler, directory=str(folder)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    yield stored["key"], stored["headers"], "http://127.0.0.1:{}/snapshot.bin".format(server.server_address[1])
    server.shutdown()


def seed_snapshot(context, site, snapshot):
    """Put the worker's start-up snapshot into `context`'s Cache Storage, as a first visit would."""
    page = context.new_page()
    try:
        page.goto(site + "www/icon.svg")  # any document of the site's origin
        page.evaluate(WRITE_SNAPSHOT, list(snapshot))
    finally:
        page.close()


@pytest.fixture
def make_context(request, browser, site):
    """make_context(**options): a fresh browser context with the worker's start-up snapshot (none
    for a test marked first_visit), closed after the test. Service workers are blocked (each fresh
    context would otherwise download the whole runtime again to precache it); the offline tests
    make their own contexts."""
    made = []

    def make(**options):
        context = browser.new_context(service_workers="block", **options)
        context.set_default_timeout(BOOT_TIMEOUT)  # as the page fixture's: a whole bots' game on a busy machine takes over 30 s
        made.append(context)
        if request.node.get_closest_marker("first_visit") is None:
            seed_snapshot(context, site, request.getfixturevalue("start_snapshot"))
        return context

    yield make
    for context in made:
        context.close()


@pytest.fixture
def context(make_context):
    return make_context(viewport={"width": 1280, "height": 900}, accept_downloads=True)


@pytest.fixture
def page(context):
    page = context.new_page()
    page.errors = []
    page.on("pageerror", lambda err: page.errors.append(str(err)))
    page.console_lines = []  # shown with a failed test (pytest_runtest_makereport)
    page.on("console", lambda msg: page.console_lines.append("{}: {}".format(msg.type, msg.text)))
    page.set_default_timeout(BOOT_TIMEOUT)
    yield page
    assert not page.errors, "errors on the page: {}".format(page.errors)


def open_page(page, url):
    page.goto(url)
    page.wait_for_selector(READY, state="attached")
    return page


def click_and_wait_for_redraw(page, selector):
    """Click the first element matching `selector` (or a locator), then wait until the app has
    changed the page for it. A redraw changes only what changed (webui.html.Page), so the
    clicked control itself may stay as it was: the wait is for any change in the app's element."""
    page.evaluate("""() => { window.__redrawn = false;
      new MutationObserver((_, watch) => { window.__redrawn = true; watch.disconnect(); })
        .observe(document.getElementById('app'), {subtree: true, childList: true, attributes: true, characterData: true}); }""")
    (page.locator(selector) if isinstance(selector, str) else selector).first.click()
    page.wait_for_function("() => window.__redrawn")


def next_frame(page):
    """Wait until the browser has run its next frame: what the app does there (it keeps a
    clicked control in place, by a scroll) is done."""
    page.evaluate("() => new Promise(done => requestAnimationFrame(() => done()))")


# Every picture on the table drawn: each <img> of a sprite has loaded it (issue 36).
PICTURES_DRAWN = "() => [...document.querySelectorAll('#game [data-face] img.pic')].every(u => u.complete && u.naturalWidth > 0)"


def open_table_with_pictures(page, url, game_id, ready):
    """Open a table, wait for `ready` (a selector, or a function of the page) and for every
    picture on it to be drawn; the game's sprite must have been fetched and loaded."""
    statuses = []
    page.on("response", lambda r: statuses.append(r.status) if r.url.split("?")[0].endswith("/www/art/{}.svg".format(game_id)) else None)
    open_page(page, url)
    ready(page) if callable(ready) else page.wait_for_selector(ready)
    page.wait_for_function(PICTURES_DRAWN)
    assert 200 in statuses and max(statuses) < 400, statuses  # a redraw may revalidate it (304)
    return page


def wait_app_lobby(page):
    page.wait_for_selector(APP_LOBBY, state="attached")
    return page


# What the page showed and said when a browser test failed: a wait that times out says only
# "Timeout exceeded", while the page has the reason (the status line, a "Something went wrong"
# notice, a traceback on the console: the app's guard shows a bug there, not as a page error).
FAILURE_CONSOLE_LINES = 40
FRAMES_IN_A_SECOND = """() => new Promise(done => {
  let frames = 0;
  const tick = () => { frames++; requestAnimationFrame(tick); };
  requestAnimationFrame(tick);
  setTimeout(() => done(frames), 1000);
})"""


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    outcome = yield
    report = outcome.get_result()
    page = getattr(item, "funcargs", {}).get("page")
    if report.when != "call" or not report.failed or page is None:
        return
    report.sections.append(("the page when the test failed", describe_page(page)))


def describe_page(page):
    lines = ["address: " + page.url]
    try:
        page.wait_for_function("() => true", timeout=5000)  # an answer first: evaluate has no time limit
        shown = page.evaluate("""() => ({
            status: (document.querySelector('#status') || {}).innerText,
            notices: [...document.querySelectorAll('.notice')].map(n => n.innerText),
            room: [...document.querySelectorAll('#join, .room-status')].map(n => n.innerText.slice(0, 300)),
            buttons: [...document.querySelectorAll("button[data-act='play']")].map(b => b.dataset.arg),
            flags: [...document.documentElement.attributes].map(a => a.name + '=' + a.value).join(' '),
            visibility: document.visibilityState,
        })""")
        lines += ["{}: {}".format(name, shown[name]) for name in ("status", "notices", "room", "buttons", "flags", "visibility")]
        # A click waits for its element to keep its box over two animation frames: a wait that
        # ends at "visible, enabled and stable" is either a page that keeps moving it or a
        # browser that draws no frame. This count tells which.
        lines.append("animation frames in 1 s: {}".format(page.evaluate(FRAMES_IN_A_SECOND)))
    except Exception as err:  # a page stuck in Python cannot answer: say so, keep the console
        lines.append("the page did not answer: {}".format(err))
    console = getattr(page, "console_lines", [])
    lines.append("console ({} lines, the last {}):".format(len(console), FAILURE_CONSOLE_LINES))
    lines += console[-FAILURE_CONSOLE_LINES:]
    return "\n".join(lines)
