"""Issue 28 in the real page: Vietnamese by link and by the picker, remembered with no English
flash, whole games of every title in Vietnamese at a phone's 360 px, and a game that changes
language midway, reloads, is shared and replayed with nothing lost."""

import re

import pytest

import english
from conftest import open_page, wait_app_lobby
from games import GAMES, IDS
from test_browser_ux import TOO_WIDE

pytestmark = pytest.mark.browser
PICK = "[data-act=language][data-arg={}]"


@pytest.fixture(scope="module")
def runs():
    return english.english_runs("vi")


def no_english(page, runs, where):
    """The app's screens, and the page's title. (index.html's start-problem box stays in the
    page, hidden: it is in English only for a browser without JavaScript, which cannot choose.)"""
    found = english.english_on(page.inner_html("#app") + "<p>{}</p>".format(page.title()), runs)
    assert not found, "English on the {}: {}".format(where, found[:3])


def fits(page, where):
    wide = page.evaluate(TOO_WIDE)
    assert not wide, "past the edge on the {}: {}".format(where, wide)


def pick_language(page, code):
    """The picker, as a player uses it: in the lobby it is on the page; on a game screen it is
    in the game menu (opened first when it is closed)."""
    control = page.locator(PICK.format(code)).first
    if not control.is_visible():
        page.locator("details:has({}) > summary".format(PICK.format(code))).first.click()
    control.click()
    page.wait_for_function("code => document.documentElement.lang === code", arg=code)


def test_a_vietnamese_link_speaks_vietnamese_from_the_first_paint(page, site, runs):
    open_page(page, site + "?lang=vi")
    assert page.evaluate("document.documentElement.lang") == "vi"
    assert page.title().startswith("Bàn Chơi · ") and "browser" not in page.title()
    wait_app_lobby(page)
    no_english(page, runs, "lobby")
    assert page.locator("#lobby").get_attribute("lang") != "en"


def test_the_picker_is_remembered_and_a_reload_shows_no_english(page, site, runs):
    open_page(page, site)
    wait_app_lobby(page)
    assert page.evaluate("document.documentElement.lang") == "en"
    pick_language(page, "vi")
    no_english(page, runs, "lobby after the picker")
    # What every frame paints until the app is ready: the lobby, when visible, is never English.
    page.add_init_script("""
      window.__painted = [];
      const look = () => {
        const lobby = document.getElementById('lobby');
        if (lobby && getComputedStyle(lobby).visibility !== 'hidden') window.__painted.push(lobby.innerText);
        if (!document.documentElement.hasAttribute('data-ready')) requestAnimationFrame(look);
      };
      requestAnimationFrame(look);""")
    page.reload()
    page.wait_for_selector("html[data-ready]", state="attached")
    painted = page.evaluate("window.__painted")
    assert painted, "the lobby was painted before the app was ready"
    for text in painted:
        assert not english.english_on("<p>{}</p>".format(text), runs), "English painted at start: " + text[:120]
    assert page.evaluate("document.documentElement.lang") == "vi"
    wait_app_lobby(page)
    no_english(page, runs, "lobby after a reload")
    pick_language(page, "en")
    assert "New game" in page.inner_text("#lobby")


def modes():
    for game_id in IDS:
        for options in GAMES[game_id].info.harness_options:
            low, high = GAMES[game_id].info.player_range(options)
            yield pytest.param(game_id, options, max(low, min(3, high)), id="-".join([game_id] + sorted(options.values())))


@pytest.mark.parametrize("game_id, options, players", list(modes()))
def test_a_whole_game_in_vietnamese_on_a_phone(make_context, site, runs, game_id, options, players):
    """Bots play the whole game at once (the CPython test plays a human's moves in every title);
    the page at 360 px wide: the table, the log, the score sheet and the rules in Vietnamese."""
    page = make_context(viewport={"width": 360, "height": 740}).new_page()
    extra = "".join("&{}={}".format(k, v) for k, v in options.items())
    open_page(page, site + "?game={}&seats={}&seed=5&speed=instant&lang=vi{}".format(game_id, ",".join(["easy"] * players), extra))
    page.wait_for_selector("html[data-over] table.score-sheet", state="attached")
    no_english(page, runs, "score sheet and table")
    fits(page, "score sheet")
    page.click("[data-act=rules]")
    page.wait_for_selector(".rules-panel, #rules", state="attached")
    no_english(page, runs, "rules panel")
    fits(page, "rules panel")


def test_a_game_changes_language_midway_reloads_shares_and_replays(page, site, runs):
    open_page(page, site + "?game=thenumber&seats=human,easy&seed=3&speed=instant")
    for _turn in range(2):
        page.wait_for_selector(".pad")
        key = page.locator(".key.legal").last.get_attribute("data-arg")
        for _ in range(3):
            page.click(".key[data-arg='{}']".format(key))
        page.click("button.write")
        # The bot's number is written and both revealed: the player's turn again.
        page.wait_for_function("() => !document.querySelector('.thinking') && document.querySelector('#status').textContent.startsWith('Your turn')")
    page.wait_for_selector(".pad")
    # The bot writes its third number while the player thinks (a public line of the log): counted
    # once written, else it may come between the count and the reload.
    page.wait_for_function("() => +document.querySelector('#game').dataset.moves >= 5 && !document.querySelector('.thinking')")
    log_before = page.locator(".log-list li").count()
    pick_language(page, "vi")
    no_english(page, runs, "table after switching")
    # A crossed-out digit: the engine's reason, in Vietnamese.
    page.locator(".key.crossed").first.click()
    reason = page.inner_text(".notice")
    assert page.locator(".notice button.rule-link[data-arg=TN-6]").count(), "the reason names its rule"
    assert not english.english_on("<p>{}</p>".format(reason), runs), reason
    page.reload()
    page.wait_for_selector(".pad")
    assert page.evaluate("document.documentElement.lang") == "vi"
    assert page.locator(".log-list li").count() == log_before, "the game came back whole"
    no_english(page, runs, "table after a reload")
    page.click("[data-act=share]")
    link = page.locator("#share-link").input_value() if page.locator("#share-link").count() else page.locator("[data-share-link]").get_attribute("href")
    assert "lang=" not in link, "a share link opens in its viewer's language"
    no_english(page, runs, "share dialog")
    replay = page.context.new_page()
    open_page(replay, link)
    replay.wait_for_selector("#app .replay, #app [data-act=replay-step], #app .log-list", state="attached")
    no_english(replay, runs, "shared game, opened")
    assert re.search(r"[ạảấầẩẫậắằẳẵặẹẻẽếềểễệỉịọỏốồổỗộớờởỡợụủứừửữựỳỵỷỹđ]", replay.inner_text("body"))


def test_the_browsers_preferred_language_is_the_default(make_context, site, runs):
    page = make_context(locale="vi-VN").new_page()
    open_page(page, site)
    wait_app_lobby(page)
    assert page.evaluate("navigator.languages[0]") == "vi-VN"
    assert page.evaluate("document.documentElement.lang") == "vi"
    no_english(page, runs, "lobby of a Vietnamese browser")
    page.goto(site + "?lang=en")  # a link's language comes first
    wait_app_lobby(page)
    assert page.evaluate("document.documentElement.lang") == "en" and "New game" in page.inner_text("#app")


def test_every_game_fits_a_600_px_embed_in_vietnamese(make_context, site, runs):
    """A Vietnamese blog post's iframe, 600 px wide: each game's table at its start."""
    page = make_context(viewport={"width": 600, "height": 800}).new_page()
    for game_id in IDS:
        seats = ",".join(["human"] + ["easy"] * (max(2, GAMES[game_id].info.min_players) - 1))
        open_page(page, site + "?game={}&embed=1&seats={}&seed=2&lang=vi".format(game_id, seats))
        page.wait_for_selector("#status", state="attached")
        no_english(page, runs, "embed of " + game_id)
        fits(page, "embed of " + game_id)
