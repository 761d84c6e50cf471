"""Start-up that never hangs (issue 16) and embeds that start as the game (issue 15): every
hostile place the page may be opened in ends in the game or in a plain message with a link
that opens the game in its own tab: at once where the page knows it cannot start (<html
data-stuck="fatal">), else from index.html's 10 s watchdog ("slow")."""

import pytest

from games import GAMES

from conftest import READY, open_page
from headless import launch, start_server
from test_browser_thenumber import write_number

pytestmark = [pytest.mark.browser, pytest.mark.first_visit]
GAME = "?game=thenumber&embed=1&seats=human,easy&seed=5&speed=instant"
# ms. A fatal message is shown by the error itself, not by a timer (data-stuck says which), so
# this only bounds the wait: meanwhile the page's thread may be busy starting the runtime, for
# 10 s and more on a loaded 2-core machine, and a wait of 10 s then timed out with the message
# already set.
MESSAGE_WAIT = 60_000
PROBLEM = "#start-problem"


@pytest.fixture
def host(tmp_path):
    """Serves host pages (a blog post embedding the app) from a real loopback server on another
    origin than the app's: Chromium's local-network checks refuse a loopback iframe in a page
    that Playwright fulfils itself."""
    server, base = start_server(root=str(tmp_path))

    def page_with(name, body):
        (tmp_path / name).write_text("<!doctype html><meta charset='utf-8'><h1>A blog post</h1>" + body)
        return base.replace("127.0.0.1", "localhost") + name

    yield page_with
    server.shutdown()


def iframe(src, sandbox=None):
    attr = ' sandbox="{}"'.format(sandbox) if sandbox is not None else ""
    return '<iframe id="game"{} src="{}" width="900" height="700"></iframe>'.format(attr, src)


def assert_message(frame, reason, app_url, stuck="fatal"):
    """The start-up message is shown with its reason, and its link opens the game in a tab.
    `stuck`: what <html data-stuck> says showed it ("fatal": the page found it cannot start; None:
    no script ran, the static markup shows it)."""
    box = frame.locator(PROBLEM)
    box.wait_for(state="visible", timeout=MESSAGE_WAIT)
    assert frame.locator("html").get_attribute("data-stuck") == stuck
    text = box.inner_text()
    assert "cannot start here" in text and reason in text, text
    link = box.locator("a")
    assert link.inner_text() == "Open the game in its own tab"
    assert link.get_attribute("target") == "_blank"
    return link.get_attribute("href")


def play_one_turn(frame):
    for digit in "444":
        frame.locator(".key[data-arg='{}']".format(digit)).click()
    frame.locator("button.write").click()
    frame.locator(".reveal.latest").wait_for()


def test_an_embed_in_an_about_blank_page_starts_and_plays(page, site):
    # What srcdoc editors and previews make: the parent is about:blank, so the frame is not a
    # secure context (no Cache Storage, no service worker) and its IndexedDB probe never answers.
    page.set_content(iframe(site + GAME))
    frame = page.frame_locator("#game")
    frame.locator(READY).wait_for(state="attached", timeout=60_000)
    root = frame.locator("html")
    assert root.get_attribute("data-start") == "normal"
    assert root.get_attribute("data-start-note") == "this page has no Cache Storage"
    assert frame.locator(PROBLEM).is_hidden()
    play_one_turn(frame)


def test_a_sandbox_without_scripts_shows_the_message_from_static_markup(page, site, host):
    page.goto(host("post.html", iframe(site + GAME, sandbox="")))
    frame = page.frame_locator("#game")
    href = assert_message(frame, "needs JavaScript and WebAssembly", site, stuck=None)
    assert href == "./"  # no script ran to point it at this game: the lobby of the same site


def test_a_sandbox_without_same_origin_says_so_at_once(page, site, host):
    page.goto(host("post.html", iframe(site + GAME, sandbox="allow-scripts allow-popups")))
    frame = page.frame_locator("#game")
    # "fatal": the head's inline check said so, before anything loads (the 10 s watchdog says "slow")
    href = assert_message(frame, "sandboxed frame without allow-same-origin", site)
    assert href.startswith(site + "?game=thenumber") and "embed" not in href  # the game, full page


def test_a_sandbox_with_same_origin_starts_and_plays(page, site, host):
    page.goto(host("post.html", iframe(site + GAME, sandbox="allow-scripts allow-same-origin")))
    frame = page.frame_locator("#game")
    frame.locator(READY).wait_for(state="attached", timeout=60_000)
    assert frame.locator(PROBLEM).is_hidden()
    play_one_turn(frame)


@pytest.mark.parametrize("missing, message", [
    ("WebAssembly", "no WebAssembly"),
    # the first visit's files come gzipped and the page unpacks them (www/unpack.mjs, issue 29)
    ("DecompressionStream", "too old for it (it cannot unpack the game's files)"),
])
def test_a_browser_without_what_the_app_needs_says_so(context, site, missing, message):
    context.add_init_script("delete globalThis.{}".format(missing))
    page = context.new_page()
    page.goto(site + GAME)
    assert_message(page, message, site)
    assert page.locator(READY).count() == 0


def test_scripts_that_fail_to_load_are_reported(page, site):
    page.route("**/www/boot.js", lambda route: route.abort())
    page.goto(site)
    assert_message(page, "its scripts could not be loaded", site)


def test_with_the_service_worker_refused_the_app_starts_without_offline(page, site):
    # The `page` fixture's context blocks service workers, as a policy or a private window may.
    open_page(page, site + GAME)
    page.wait_for_selector("html[data-offline='unavailable']", state="attached")
    assert page.locator(PROBLEM).is_hidden()
    play_one_turn(page)


def test_a_plain_http_page_starts_without_cache_storage_or_service_worker(browser, site):
    # Chromium counts every loopback address (localhost, 127.0.0.0/8) as a secure context; a
    # host name mapped onto the loopback is not one, as a page on a LAN address over http is not.
    port = site.split(":")[2].rstrip("/")
    other = launch(browser.browser_type, ["--host-resolver-rules=MAP banchoi.test 127.0.0.1"])
    try:
        page = other.new_page()
        errors = []
        page.on("pageerror", lambda err: errors.append(str(err)))
        page.goto("http://banchoi.test:{}/{}".format(port, GAME))
        page.wait_for_selector(READY, state="attached", timeout=60_000)
        assert page.evaluate("[isSecureContext, typeof caches, typeof navigator.serviceWorker, typeof crypto.subtle]") == [
            False, "undefined", "undefined", "undefined"]
        assert page.get_attribute("html", "data-start-note") == "this page has no Cache Storage"
        page.wait_for_selector("html[data-offline='unavailable']", state="attached")
        play_one_turn(page)
        assert not errors
    finally:
        other.close()


@pytest.mark.parametrize("link", [GAME, "?game=thenumber&seats=human,easy&seed=5"], ids=["embed", "full-page"])
def test_a_start_link_shows_its_game_and_a_loading_line_not_the_lobby(page, site, link):
    page.goto(site + link, wait_until="domcontentloaded")
    # What shows before the app is ready, read in one go (a first visit takes seconds: this is
    # at once, but the read must not straddle the moment the game replaces it).
    before = page.evaluate("""() => {
        const shown = (selector) => [...document.querySelectorAll(selector)].filter((el) => el.checkVisibility());
        return {ready: document.documentElement.hasAttribute('data-ready'),
                cards: shown('.game-card').map((card) => card.querySelector('h3').innerText),
                loading: shown('.game-card .loading').map((el) => el.innerText),
                buttons: shown('button').length, header: shown('header.top').length};
    }""")
    assert not before["ready"]
    assert before["cards"] == ["The Number"]
    assert len(before["loading"]) == 1 and "Setting up the table" in before["loading"][0]
    assert before["buttons"] == 0 and before["header"] == 0  # no greyed-out lobby
    page.wait_for_selector(READY, state="attached")
    assert page.locator(".game-card").count() == 0 and page.locator(".pad").is_visible()
    assert page.get_attribute("html", "data-launch") is None
    if "embed" not in link:  # back in the lobby of the same page: all of it shows again
        page.click("button[data-act='lobby']")
        page.wait_for_selector(".game-card button:not([disabled])")
        assert page.locator(".game-card:visible").count() == len(GAMES)
        assert page.locator("header.top").is_visible()
