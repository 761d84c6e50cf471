"""Coffee Rush played through the real page in headless Chromium, as a player would: a whole
2-player and a whole 4-player game, the human seat clicking the page's buttons against bots to the
score sheet, spending a Rush token and activating an upgrade on the way; and the phone size.

The human seat is played by a player who follows the Normal bot's advice but spends its first
Rush token and activates an upgrade as soon as it can, each turn chosen on CPython from the game
the page saved so far; the seed is one where, with the bots playing as on CPython, that player
gets to do both. The page must offer each of those moves as a button, and end on the scores of
its own game replayed on CPython."""

import random

import pytest

from conftest import PICTURES_DRAWN, click_and_wait_for_redraw, open_page, open_table_with_pictures
from games.coffeerush import GAME
from tabletop import bots as botlib
from tabletop.match import Match, make_seats

pytestmark = pytest.mark.browser
PHONE = {"width": 390, "height": 844}


def human_choice(match, seat, used):
    legal = match.legal(seat)
    for kind in ("upgrade", "rush"):
        if kind not in used:
            picks = [a for a in legal if a.split(":")[0] == kind]
            if picks:
                used.add(kind)
                return picks[-1]
    rng = random.Random(len(match.history))
    return botlib.choose(GAME, "normal", match.view(seat), seat, legal, rng)


def plan_game(kinds, seeds):
    """The first seed whose game sees the human (seat 0) spend a Rush token and activate an
    upgrade: (seed, the human's actions, the final scores)."""
    for seed in seeds:
        match = Match(GAME, make_seats(kinds), seed=seed)
        mine, used = [], set()
        while not match.is_over():
            seat = match.to_act()[0]
            if kinds[seat] == "human":
                action = human_choice(match, seat, used)
                mine.append(action)
            else:  # exactly as the app's bots play (webui/app.py)
                rng = random.Random(match.seed * 1_000_003 + len(match.history))
                action = botlib.choose(GAME, kinds[seat], match.view(seat), seat, match.legal(seat), rng)
            match.play(seat, action)
        if used == {"upgrade", "rush"}:
            return seed, mine, match.result()["scores"]
    raise AssertionError("no seed in {} lets the human upgrade".format(seeds))


def click_action(page, action):
    """Wait for the human's turn with `action` offered as a button, click it, wait for the redraw."""
    selector = "button[data-act='play'][data-arg='{}']".format(action)
    page.wait_for_function("sel => !document.querySelector('.thinking') && document.querySelector(sel)", arg=selector)
    button = page.locator(selector).first
    assert button.get_attribute("aria-label")
    click_and_wait_for_redraw(page, selector)


SAVED_ACTIONS = """() => {
  const id = new URLSearchParams(location.search).get('save');
  const text = id && localStorage.getItem('tabletop.save.' + id);
  return text ? JSON.parse(text).actions : [];
}"""
HUMAN_TURN_OR_OVER = """() => document.documentElement.hasAttribute('data-over') || (!document.querySelector('.thinking')
    && ((document.querySelector('#status') || {}).innerText || '').startsWith('Your turn'))"""


def page_match(page, kinds, seed):
    """The page's game so far, from its save, replayed on CPython (every move legal there too)."""
    match = Match(GAME, make_seats(kinds), seed=seed)
    for seat, action in page.evaluate(SAVED_ACTIONS):
        match.play(seat, action)
    return match


def play_through(page, site, kinds, seeds):
    """The human follows the page's game as it goes: each turn is chosen on the game the page
    saved, so a Hard bot that stopped early on the page's clock (bots.use_wall_clock_guard, a
    loaded machine) and played otherwise than on CPython changes the game, not the test."""
    seed, _, _ = plan_game(kinds, seeds)
    open_page(page, site + "?game=coffeerush&seats={}&seed={}&speed=instant".format(",".join(kinds), seed))
    assert page.locator(".cr-grid .cr-space").count() == 16
    undone = False
    used = set()
    while True:
        page.wait_for_function(HUMAN_TURN_OR_OVER)
        match = page_match(page, kinds, seed)
        if match.is_over():
            break
        assert match.to_act() == [0], match.to_act()
        action = human_choice(match, 0, used)
        if action.startswith("step:") and not undone:  # one step taken back with the shell's Undo
            click_action(page, action)
            assert page.locator(".cr-space.cr-path").count() == 2
            page.click("button[data-act='undo']")
            page.wait_for_function("!document.querySelector('.cr-space.cr-path')")
            undone = True
        if action == "rush":
            before = page.inner_text(".cr-counter")
            assert before.startswith("0 steps left")
        click_action(page, action)
        if action == "rush":
            assert page.inner_text(".cr-counter").startswith("1 step left")
        if action.startswith("upgrade:"):
            assert page.locator(".cr-home .cr-tile.cr-up").count() >= 1
    scores = match.result()["scores"]
    page.wait_for_selector("html[data-over] #score-sheet", state="attached")
    sheet = page.locator("table.score-sheet")
    labels = sheet.locator("tbody th").all_inner_texts()
    assert labels[:3] == ["Served orders (up-vote pile)", "Upgrades ×2", "Penalties"] and labels[-1] == "Total"
    totals = [int(v) for v in sheet.locator("tbody tr").last.locator("td").all_inner_texts()]
    assert totals == scores
    assert "Game over" in page.inner_text("#status")
    log = page.inner_text(".log")
    assert "spends a Rush token" in log and "activates the" in log and "Flow of time" in log
    return log


def test_whole_two_player_game_against_hard_with_rush_and_upgrade(page, site):
    log = play_through(page, site, ["human", "hard"], range(1, 80))
    assert "new order onto Tab 1" in log or "new orders onto Tab 1" in log


def test_whole_four_player_game_against_three_bots(page, site):
    log = play_through(page, site, ["human", "easy", "normal", "hard"], range(1, 80))
    assert "Starting Player token flips to Closed" in log


def test_phone_size_shows_the_board_cups_and_orders_without_sideways_scrolling(make_context, site):
    page = make_context(viewport=PHONE).new_page()
    open_page(page, site + "?game=coffeerush&seats=human,normal,normal&seed=3&speed=instant")
    page.wait_for_selector(".cr-space.legal")
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= PHONE["width"], "the page scrolls sideways on a phone ({}px)".format(width)
    for selector in (".cr-grid", ".cr-home .cr-cups", ".cr-home .cr-tabs"):
        box = page.locator(selector).bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= PHONE["width"], selector
    board = page.locator(".cr-grid").bounding_box()
    players = page.locator(".players").bounding_box()
    cups = page.locator(".cr-home .cr-cups").bounding_box()
    assert board["y"] < players["y"] and cups["y"] < players["y"]  # the table and the acting board come first
    page.locator(".cr-space.legal").first.click()
    page.wait_for_selector("button[data-arg^='pour:']")
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]


# Every face on the table as the page draws it: [data-face], the picture of the sprite it names
# (drawn: its symbol was found), and its words (its own aria-label, or the labelled button or
# picture it sits in).
FACES = """() => [...document.querySelectorAll('#game [data-face]')].map(f => {
  const use = f.querySelector(':scope > img.pic');
  const owner = f.closest('button') || f.closest('[role=img][aria-label]');
  return {face: f.dataset.face, href: use && use.getAttribute('src'), label: f.getAttribute('aria-label'),
          named: !!(f.getAttribute('aria-label') || (owner && (owner.getAttribute('aria-label') || owner.textContent.trim()))),
          drawn: !!use && use.complete && use.naturalWidth > 0, inside: [...f.querySelectorAll('img.pic')].map(u => u.getAttribute('src').split('#')[1]),
          where: f.closest('.cr-grid') ? 'board' : f.closest('.cr-tray') ? 'tray' : f.closest('.cr-home .cr-cups') ? 'cup'
            : f.closest('.cr-home .cr-orders') ? 'order' : f.closest('.cr-home .cr-tiles') ? 'tile' : f.closest('.cr-strip') ? 'strip'
            : f.closest('.cr-counts') ? 'count' : 'other'};
})"""
# Pictures drawn outside a face (an icon that is no card, space, cup or token).
LOOSE = "() => [...document.querySelectorAll('#game :is(.board, .player) :is(svg, img)')].filter(s => !s.closest('[data-face]')).map(s => s.outerHTML.slice(0, 80))"
INGREDIENT = {"B": "beans", "M": "milk", "S": "steam", "I": "ice", "T": "tea", "C": "chocolate", "K": "caramel", "W": "water"}


def test_spaces_orders_cups_meeples_tokens_tiles_and_the_deck_are_pictures_of_the_sprite(page, site):
    open_table_with_pictures(page, site + "?game=coffeerush&seats=human,normal,normal&seed=3&speed=instant", "coffeerush", ".cr-space.legal")
    faces = page.evaluate(FACES)
    assert all(f["href"] and f["href"].startswith("www/art/coffeerush.svg#") and f["drawn"] and f["named"] for f in faces), faces
    assert page.evaluate(LOOSE) == []
    where = {}
    for f in faces:
        where.setdefault(f["where"], []).append(f)
    # The board: each of the 16 spaces shows its ingredient; the bots' two meeples stand on it.
    board = [f["face"] for f in where["board"]]
    assert sorted(x for x in board if x != "meeple") == sorted(INGREDIENT[x] for x in "BTSMMSICKMBIIBWS")
    assert board.count("meeple") == 2
    # The deck is a back; the Starting Player token shows its side.
    assert [f["face"] for f in where["strip"]] == ["back", "open"]
    # Each order: its recipe in a glass, ingredient by ingredient; each player's Rush, up-vote and
    # penalty piles and the four upgrade tiles have their pictures.
    orders = page.locator(".cr-home .cr-order")
    assert orders.count() == len(where["order"]) >= 2
    for f in where["order"]:
        recipe = f["face"].split("-")[1].upper()
        assert f["inside"] == ["cup"] + [INGREDIENT[x] for x in sorted(recipe, key=lambda x: (x not in "TCKW", "BMSITCKW".index(x)))], f
        assert f["label"].startswith(("Order: ", "★ Specialty order: "))
    assert sorted(f["face"] for f in where["count"]) == sorted(["rush", "upvote", "penalty"] * 3)
    assert [f["face"] for f in where["tile"]] == ["upgrade-1", "upgrade-2", "upgrade-3", "upgrade-4"]
    # A meeple placed: its ingredient waits on the tray, then lies in the cup as a token.
    click_action(page, page.locator(".cr-space.legal").first.get_attribute("data-arg"))
    page.wait_for_selector("button[data-arg^='pour:']")
    tray = [f["face"] for f in page.evaluate(FACES) if f["where"] == "tray"]
    assert len(tray) == 1 and tray[0] in INGREDIENT.values()
    click_action(page, page.locator("button[data-arg^='pour:']").first.get_attribute("data-arg"))
    page.wait_for_function(PICTURES_DRAWN)
    assert [f["face"] for f in page.evaluate(FACES) if f["where"] == "cup"] == tray
