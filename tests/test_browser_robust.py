"""Issues 16 and 18 on the real page: hostile links, files and stored saves never stick the app;
two tabs on one save, full storage, rapid clicks, Back/Forward and reload while a bot moves never
lose or duplicate a move; the storage notices dismiss."""

import json

import pytest

import hostile
from conftest import READY, open_page, wait_app_lobby
from tabletop import saves, share
from test_browser_thenumber import wait_bots_done, write_number
from test_saves import played_match

pytestmark = pytest.mark.browser

GAME = "?game=thenumber&seats=human,easy&seed=3&speed=instant"
SLOW = "?game=thenumber&seats=human,normal,normal&seed=4"  # bots pause before each move
COUNTS = """() => {
  const id = new URLSearchParams(location.search).get('save');
  const text = id && localStorage.getItem('tabletop.save.' + id);
  const root = document.getElementById('game');
  return {stored: text ? JSON.parse(text).actions.length : null, moves: root ? Number(root.dataset.moves) : null};
}"""


def counts(page):
    return page.evaluate(COUNTS)


def assert_saved_as_in_memory(page):
    c = counts(page)
    assert c["stored"] == c["moves"], c


def test_a_deeply_nested_link_as_first_address_opens_the_lobby_then_a_new_fragment_clears_it(page, site):
    deep = hostile.pack(b'{"g":' + b"[" * 10_000 + b"]" * 10_000 + b"}\0")
    open_page(page, site + "#g=" + deep)
    assert "This shared game cannot be opened" in page.inner_text(".notice")
    assert page.locator(".game-card button[data-act='new']:not([disabled])").count() >= 1
    page.goto(site + "#g=" + share.encode(played_match()))  # only the fragment changes
    page.wait_for_selector(".replay-controls")
    assert page.locator(".notice").count() == 0


def test_a_deep_import_is_refused_and_later_imports_and_bots_still_work(page, site, tmp_path):
    open_page(page, site)
    deep = tmp_path / "deep.json"
    deep.write_text('{"format":1,"game":' + "[" * 100_000 + "]" * 100_000 + "}")
    page.set_input_files("input[data-change='import']", str(deep))
    page.wait_for_selector("text=deep.json was not imported")
    assert "nests far too deep" in page.inner_text(".notice")
    huge = tmp_path / "huge.json"
    huge.write_text('{"pad":"' + "x" * (4 * saves.MAX_TEXT + 10) + '"}')  # refused unread, by its size
    page.set_input_files("input[data-change='import']", str(huge))
    page.wait_for_selector("text=huge.json was not imported: it is far too large")
    good = tmp_path / "good.json"
    good.write_text(json.dumps(saves.to_save(played_match())))
    page.set_input_files("input[data-change='import']", str(good))
    page.wait_for_selector("text=Imported good.json.")  # a later async callback still runs
    page.goto(site + GAME)
    page.wait_for_selector(READY, state="attached")
    write_number(page)
    page.wait_for_selector(".reveal.latest")  # and the bot moved


def test_a_stored_save_whose_game_is_a_list_is_listed_and_the_lobby_works(page, site):
    open_page(page, site)
    page.evaluate("""() => {
        localStorage.setItem('tabletop.save.list', JSON.stringify({format: 1, game: ['thenumber'], seats: []}));
        localStorage.setItem('tabletop.save.object', JSON.stringify({format: 1, game: {id: 'x'}, updated: {}}));
    }""")
    page.reload()
    page.wait_for_selector(READY, state="attached")
    wait_app_lobby(page)
    assert page.locator("tr.broken-save").count() == 2
    assert page.inner_text(".saves").count("game name is damaged") == 2
    page.click("button[data-act='new'][data-arg='thenumber']")
    page.click("button[data-act='start']")
    page.wait_for_selector(".pad")


def test_two_tabs_on_one_save_never_erase_each_others_moves(context, site):
    first = context.new_page()
    open_page(first, site + GAME)
    write_number(first, "512")
    first.wait_for_selector(".reveal.latest")
    second = context.new_page()
    open_page(second, first.url)
    second.wait_for_selector(".pad")
    write_number(second)
    second.wait_for_function("Number(document.getElementById('game').dataset.moves) >= 4")
    # The bot writes as soon as a round opens: read the other tab's line once it has (it then
    # waits for the human), or it may still grow after being read.
    wait_bots_done(second)
    theirs = counts(second)["stored"]
    first.wait_for_selector("text=This game continued in another tab")  # the storage event
    first.wait_for_selector(".pad")
    write_number(first)
    first.wait_for_timeout(300)
    assert counts(first)["stored"] == theirs  # the stale tab wrote nothing over the other line
    first.click("button[data-act='reload-save']")
    first.wait_for_function("document.querySelectorAll('.notice.conflict').length === 0")
    assert counts(first)["moves"] == theirs
    second.click("button[data-act='lobby']")
    second.click("button[data-act='delete']")
    second.click("button[data-act='delete']")
    first.wait_for_selector("text=This game was deleted in another tab")
    write_number(first)
    first.wait_for_timeout(300)
    assert counts(first)["stored"] is None  # not brought back by autosave


FULL = """window.__full = true;
const setItem = Storage.prototype.setItem;
Storage.prototype.setItem = function (key, value) {
  if (window.__full) throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
  return setItem.call(this, key, value);
};"""


def test_full_storage_plays_on_exports_dismisses_and_clears_when_saving_resumes(context, site, tmp_path):
    context.add_init_script(FULL)
    page = context.new_page()
    open_page(page, site + GAME)
    assert "storage is full" in page.inner_text(".notice")
    page.click(".notice button[data-act='dismiss']")
    assert page.locator(".notice").count() == 0
    write_number(page)
    page.wait_for_selector(".reveal.latest")
    assert page.locator(".notice").count() == 0  # dismissed: not back at every move
    wait_bots_done(page)  # the count below must not race a bot's move
    moves = counts(page)["moves"]
    page.click("button[data-act='lobby']")
    with page.expect_download() as download:
        page.click("button[data-act='export']")
    path = tmp_path / "kept.json"
    download.value.save_as(path)
    assert len(json.loads(path.read_text())["actions"]) == moves
    page.evaluate("() => { window.__full = false; }")  # space was freed
    page.click("button[data-act='resume']")
    page.wait_for_selector(".pad")
    wait_bots_done(page)
    write_number(page)
    page.wait_for_function("Number(document.getElementById('game').dataset.moves) > {}".format(moves))
    assert_saved_as_in_memory(page)
    page.evaluate("() => { window.__full = true; }")
    wait_bots_done(page)
    write_number(page)
    page.wait_for_selector("text=storage is full")
    page.evaluate("() => { window.__full = false; }")
    wait_bots_done(page)
    write_number(page)
    page.wait_for_function("!document.querySelector('.notice')")
    assert_saved_as_in_memory(page)


def test_the_embeds_not_saved_here_notice_dismisses(page, site):
    open_page(page, site + "?game=thenumber&embed=1&seats=human,easy&seed=2&speed=instant")
    assert "Not saved here" in page.inner_text(".notice")
    page.click(".notice button[data-act='dismiss']")
    assert page.locator(".notice").count() == 0
    write_number(page)
    page.wait_for_selector(".reveal.latest")
    assert page.locator(".notice").count() == 0


def human_moves(page):
    text = page.evaluate("() => localStorage.getItem('tabletop.save.' + new URLSearchParams(location.search).get('save'))")
    return [a for a in json.loads(text)["actions"] if a[0] == 0]


def test_double_and_triple_clicks_and_clicks_while_bots_think_never_duplicate_a_move(page, site):
    open_page(page, site + SLOW)
    for clicks in (2, 3):
        wait_bots_done(page)
        before = len(human_moves(page))
        legal = page.locator(".key.legal").all_inner_texts()
        for digit in legal[-1] * 3:
            page.click(".key[data-arg='{}']".format(digit))
        page.click("button.write", click_count=clicks)
        assert len(human_moves(page)) == before + 1  # one move, however many clicks
        while page.locator(".thinking").count():  # the bots think: clicks do nothing but say why
            page.click("button.write", force=True, timeout=2000, no_wait_after=True)
        wait_bots_done(page)
        assert len(human_moves(page)) == before + 1
        assert_saved_as_in_memory(page)
    assert not page.errors


def test_back_forward_and_reload_while_a_bot_moves_lose_nothing(page, site):
    open_page(page, site)
    page.goto(site + SLOW)
    page.wait_for_selector(READY, state="attached")
    write_number(page)  # a new round: the bots' moves are now due, after their pause
    page.go_back()
    page.wait_for_selector(READY, state="attached")
    page.go_forward()
    page.wait_for_selector(READY, state="attached")
    page.wait_for_selector("#game")
    wait_bots_done(page)
    assert_saved_as_in_memory(page)
    assert counts(page)["moves"] >= 1
    write_number(page)
    page.reload()
    page.wait_for_selector(READY, state="attached")
    wait_bots_done(page)
    assert_saved_as_in_memory(page)
    assert counts(page)["moves"] >= 4


def test_back_after_a_share_link_returns_to_the_game_not_the_replay(page, site):
    open_page(page, site + GAME)
    write_number(page)
    page.wait_for_selector(".reveal.latest")
    game_url = page.url
    page.goto(game_url + "#g=" + share.encode(played_match()))
    page.wait_for_selector(".replay-controls")
    page.go_back()
    page.wait_for_selector(".pad")
    assert page.locator(".replay-controls").count() == 0 and "?save=" in page.url
    assert_saved_as_in_memory(page)


def test_hostile_cases_through_the_real_page_are_refused_with_a_message(page, site, tmp_path):
    """A few of the fuzz's cases (tools/hostile.py) as a player meets them: a link opened in
    the tab, a file imported, a save found in localStorage. The good save never changes."""
    chosen = {path: [] for path in hostile.PATHS}
    for path, payload, expect in hostile.cases(120, seed=7):
        if expect == "refuse" and len(chosen[path]) < 4 and len(payload) < 300_000:
            chosen[path].append(payload)
    open_page(page, site + GAME)
    write_number(page)
    page.wait_for_selector(".reveal.latest")
    wait_bots_done(page)
    page.click("button[data-act='lobby']")
    saved = page.evaluate("() => JSON.stringify(localStorage)")
    for number, payload in enumerate(chosen["file"]):
        path = tmp_path / "hostile{}.json".format(number)
        path.write_text(payload)
        page.set_input_files("input[data-change='import']", str(path))
        page.wait_for_selector("text=hostile{}.json was not imported".format(number))
        assert page.evaluate("() => JSON.stringify(localStorage)") == saved
    for payload in chosen["link"]:
        page.goto(site + "#g=" + payload)
        page.wait_for_selector(READY, state="attached")
        page.wait_for_selector("text=This shared game cannot be opened")
        assert page.locator(".saves").count() == 1
        assert page.evaluate("() => JSON.stringify(localStorage)") == saved
    page.evaluate("(texts) => texts.forEach((t, i) => localStorage.setItem('tabletop.save.hostile' + i, t))", chosen["stored"])
    page.goto(site)
    page.wait_for_selector(READY, state="attached")
    assert page.locator("tr.broken-save").count() == len(chosen["stored"])
    assert page.locator(".saves tbody tr:not(.broken-save) button[data-act='resume']").count() == 1
    page.click("button[data-act='new'][data-arg='thenumber']")
    page.click("button[data-act='start']")
    page.wait_for_selector(".pad")
