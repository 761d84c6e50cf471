"""Beyond one tab (issue 6): offline after one visit, updates, any sub-path, embeds on another
origin, share links and the replay viewer, in the real browser."""

import json
import re

import pytest

import dist  # tools/dist.py
from conftest import open_page
from headless import start_server
from test_browser_thenumber import wait_bots_done, write_number

pytestmark = pytest.mark.browser
SOLO = "?game=thenumber&seats=human,easy&seed=3&speed=instant"


@pytest.fixture
def sw_context(browser):
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    yield context
    context.close()


def wait_offline_ready(page):
    page.wait_for_selector("html[data-offline='ready']", state="attached", timeout=120_000)


def test_after_one_visit_the_app_starts_and_plays_offline(sw_context, site):
    page = sw_context.new_page()
    open_page(page, site)
    wait_offline_ready(page)
    sw_context.set_offline(True)
    page.reload()
    page.wait_for_selector("html[data-ready]", state="attached")
    page.goto(site + SOLO)  # a new address, also served from the cache
    page.wait_for_selector("html[data-ready]", state="attached")
    write_number(page)
    page.wait_for_selector(".reveal.latest")
    assert "Round 1, turn 1" in page.inner_text(".reveal.latest")
    # A game first opened offline has its pictures (issue 36): the worker stored them at install.
    page.goto(site + "?game=flowers&seats=human,easy&seed=3&speed=instant")
    page.wait_for_function("""() => [...document.querySelectorAll('#game [data-face] img.pic')]
        .some(img => img.complete && img.naturalWidth > 0)""")


def deploy_new_version(site_dir, version):
    """Another app file (index.html gets <meta name="deployed">), hence another worker version."""
    index = site_dir / "index.html"
    index.write_text(index.read_text().replace("<head>", '<head>\n  <meta name="deployed" content="v2">'))
    worker = site_dir / "sw.js"
    worker.write_text(re.sub(r'const VERSION = "[0-9a-f]+"', 'const VERSION = "{}"'.format(version), worker.read_text()))


@pytest.fixture
def own_site(tmp_path):
    """The built site on a server of its own: a test deploys new versions into it."""
    site_dir = dist.build(str(tmp_path / "site"))
    server, base = start_server(root=site_dir)
    yield tmp_path / "site", base
    server.shutdown()


def open_offline_ready(context, url):
    page = context.new_page()
    open_page(page, url)
    wait_offline_ready(page)
    return page


def test_a_new_version_waits_for_the_players_reload(sw_context, own_site):
    site_dir, base = own_site
    page = open_offline_ready(sw_context, base)
    deploy_new_version(site_dir, "feedbeef00000002")
    page.reload()
    page.wait_for_selector("html[data-update='ready'] .update-banner")
    assert page.locator("meta[name='deployed']").count() == 0  # still the old version, whole
    page.click(".update-banner button")
    page.wait_for_selector("meta[name='deployed']", state="attached")
    page.wait_for_selector("html[data-ready]", state="attached")


def test_every_open_tab_ends_on_the_new_version_by_its_own_reload(sw_context, own_site):
    # Issue 18: once one tab takes the new version, the others (old code, now under the new
    # service worker) say so, and their own Reload brings them onto it; none stays mixed.
    site_dir, base = own_site
    first = open_offline_ready(sw_context, base)
    second = sw_context.new_page()
    open_page(second, base + SOLO)  # a game in progress in the other tab
    write_number(second)
    second.wait_for_selector(".reveal.latest")
    deploy_new_version(site_dir, "feedbeef00000003")
    first.reload()
    for tab in (first, second):  # both see the new version waiting
        tab.wait_for_selector("html[data-update='ready'] .update-banner")
    first.click(".update-banner button")
    first.wait_for_selector("meta[name='deployed']", state="attached")
    first.wait_for_selector("html[data-ready]", state="attached")
    second.wait_for_selector("html[data-update='taken']", state="attached")
    assert "running in another tab" in second.inner_text(".update-banner")
    assert second.locator("meta[name='deployed']").count() == 0  # old code, whole, until its reload
    second.click(".update-banner button")
    second.wait_for_selector("meta[name='deployed']", state="attached")
    second.wait_for_selector("html[data-ready]", state="attached")
    assert "save=" in second.url and second.locator(".reveal").count() >= 1  # the game continues
    versions = [tab.evaluate("navigator.serviceWorker.controller.scriptURL") for tab in (first, second)]
    assert versions[0] == versions[1]
    assert [k for k in first.evaluate("caches.keys()") if k.startswith("banchoi-app-")] == ["banchoi-app-feedbeef00000003"]


def test_the_site_works_from_a_sub_path(page):
    server, base = start_server(prefix="/games/bàn-chơi/")
    try:
        assert base.endswith("/games/bàn-chơi/")
        open_page(page, base + SOLO)
        write_number(page)
        page.wait_for_selector(".reveal.latest")
        assert "/games/bàn-chơi/?save=" in page.url or "/games/b%C3%A0n-ch%C6%A1i/?save=" in page.url
    finally:
        server.shutdown()


def test_an_embed_on_another_origin_starts_and_plays(page, site, tmp_path):
    app_url = site + "?game=thenumber&embed=1&seats=human,normal&seed=7&speed=instant"
    (tmp_path / "post.html").write_text(
        '<!doctype html><h1>How The Number works</h1><iframe id="game" src="{}" width="900" height="760"></iframe>'.format(app_url))
    server, host = start_server(root=str(tmp_path))
    try:
        host = host.replace("127.0.0.1", "localhost")  # another origin than the app's
        page.goto(host + "post.html")
        frame = page.frame_locator("#game")
        frame.locator("html[data-ready]").wait_for(state="attached", timeout=60_000)
        assert frame.locator("html[data-storage='denied']").count() == 1  # the browser denied storage
        assert "Not saved here" in frame.locator(".notice").inner_text()
        for digit in "765":
            frame.locator(".key[data-arg='{}']".format(digit)).click()
        frame.locator("button.write").click()
        frame.locator(".reveal.latest").wait_for()
        link = frame.locator("a.full-page")
        assert link.get_attribute("target") == "_blank" and "#g=1." in link.get_attribute("href")
    finally:
        server.shutdown()


def play_bots_to_the_end(page, site, seats="easy,normal,hard"):
    open_page(page, site + "?game=thenumber&seats={}&seed=11&speed=instant".format(seats))
    page.wait_for_selector("html[data-over] #score-sheet", state="attached", timeout=120_000)
    return page.inner_text("#score-sheet table")


def test_a_share_link_replays_the_game_in_a_fresh_browser(browser, page, site):
    sheet = play_bots_to_the_end(page, site)
    page.click("button[data-act='share']")
    link = page.input_value("#share-link")
    assert re.fullmatch(re.escape(site) + r"#g=1\.[A-Za-z0-9_-]+", link) and len(link) < len(site) + 400
    fresh = browser.new_context(service_workers="block")
    try:
        viewer = fresh.new_page()
        open_page(viewer, link)
        viewer.wait_for_selector(".replay-controls")
        steps = viewer.inner_text(".replay-count")
        assert re.fullmatch(r"Step (\d+) of \1", steps)
        assert viewer.inner_text("#score-sheet table") == sheet
        viewer.click("button[data-act='replay-step'][data-arg='first']")
        assert viewer.inner_text(".replay-count").startswith("Step 0 of")
        assert viewer.locator(".reveal").count() == 0
        viewer.click("button[data-act='replay-step'][data-arg='next']")
        assert "Move 1:" in viewer.inner_text("#status")
        viewer.goto(link + "&step=4")  # only the fragment changes: the open tab follows it
        viewer.wait_for_function("document.querySelector('.replay-count').innerText.startsWith('Step 4 of')")
        viewer.click("button[data-act='continue-here']")
        viewer.wait_for_selector(".game:not(.replay)")
        assert "save=" in viewer.url
    finally:
        fresh.close()


def test_malformed_share_links_explain_and_leave_saves_alone(page, site):
    open_page(page, site + SOLO)
    write_number(page)
    page.wait_for_selector(".reveal.latest")
    wait_bots_done(page)
    saved = page.evaluate("() => JSON.stringify(localStorage)")
    for code in ("nonsense", "1.!!!", "7.abc", "1.eJzLSM3JyQcABiwCFQ", "1." + "A" * 300):
        page.goto(site + "#g=" + code)
        page.wait_for_selector("html[data-ready]", state="attached")
        notice = page.inner_text(".notice")
        assert "This shared game cannot be opened" in notice, code
        assert page.locator(".saves").count() == 1  # the lobby is there
        assert page.evaluate("() => JSON.stringify(localStorage)") == saved


def test_finished_and_saved_games_open_in_the_replay_viewer(page, site):
    play_bots_to_the_end(page, site, "easy,easy")
    page.click("#score-sheet button[data-act='replay-this']")
    page.wait_for_selector(".replay-controls")
    assert page.inner_text(".replay-count").startswith("Step 0 of")
    page.click("button[data-act='lobby']")
    page.click(".saves button[data-act='replay']")
    page.wait_for_selector(".replay-controls")
    page.select_option("select[name='seat']", "1")
    page.wait_for_selector(".player.viewer[data-seat='1']")
