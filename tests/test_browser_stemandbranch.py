"""Stem and Branch played through the real page in headless Chromium, as a player would: a whole
competitive game against bots from a deep link to the score sheet (summons with a discount and an
Ascend), a saved game resumed to the score sheet through a steal prompt (steals are rare in
play, so the save brings the table to one), a whole solo co-op game to its rank, and the
pass-the-device cover between two humans."""

import json
import re

import pytest

from conftest import open_page
from games import GAMES
from tabletop import saves
from tabletop.match import Match, make_seats

pytestmark = pytest.mark.browser
MY_TURN_OR_END = "document.documentElement.hasAttribute('data-over') || (document.querySelector('#status') || {}).innerText?.startsWith('Your turn')"

# The first 72 moves of a 4-player game (seed 177), made by a script for every seat: it ends on
# seat 0's turn with no Earth token left in the supply, two rivals holding one, and an Ascend
# with an Earth card (Dog r5 on b3) that seat 0 can pay with cards alone. The page resumes it as
# a save; from there the human seat plays every move by clicking.
STEAL_SEED = 177
STEAL_PREFIX = [
    [0,"draw:row7"], [0,"summon:13"], [0,"at:a3"], [0,"pay:37"], [0,"pay:23"], [1,"summon:10"], [1,"at:d3"],
    [1,"pay:40"], [1,"draw:row4"], [2,"draw:row1"], [2,"draw:row5"], [3,"draw:row5"], [3,"draw:deck"],
    [0,"draw:row0"], [0,"draw:row6"], [1,"draw:row1"], [1,"summon:58"], [1,"at:d3"], [1,"pay:18"], [2,"summon:25"],
    [2,"at:a3"], [2,"pay:15"], [2,"pay:35"], [2,"draw:row5"], [3,"summon:6"], [3,"at:a4"], [3,"summon:54"],
    [3,"at:a4"], [3,"pay:24"], [0,"draw:row0"], [0,"summon:4"], [0,"at:c3"], [0,"pay:53"], [1,"draw:row6"],
    [1,"summon:11"], [1,"at:a1"], [1,"pay:22"], [2,"draw:row0"], [2,"summon:8"], [2,"at:b1"], [2,"pay:32"],
    [3,"draw:row7"], [3,"summon:47"], [3,"at:a1"], [0,"draw:row7"], [0,"draw:row4"], [1,"draw:row6"], [1,"draw:row1"],
    [2,"draw:row5"], [2,"draw:deck"], [3,"summon:21"], [3,"at:b3"], [3,"pay:9"], [3,"pay:token:Wood"], [3,"summon:5"],
    [3,"at:a2"], [0,"summon:2"], [0,"at:c2"], [0,"pay:50"], [0,"summon:16"], [0,"at:c3"], [0,"pay:token:Earth"],
    [1,"summon:28"], [1,"at:c3"], [1,"pay:token:Metal"], [1,"draw:row1"], [2,"summon:38"], [2,"at:c2"],
    [2,"summon:17"], [2,"at:a2"], [3,"draw:row0"], [3,"draw:row2"],
]
STEAL_CARD, STEAL_SPACE = 57, "b3"


def wait_my_turn_or_end(page):
    page.wait_for_function(MY_TURN_OR_END)
    return page.locator("html[data-over]").count() == 1


def click_and_settle(page, selector):
    """Click, then wait until the page has re-drawn (the clicked element is replaced)."""
    page.locator(selector).first.evaluate("el => el.setAttribute('data-stale', '1')")
    page.locator(selector).first.click()
    page.wait_for_function("!document.querySelector('[data-stale]')")


def play_buttons(page):
    return page.eval_on_selector_all("button[data-act='play']", "els => els.map(e => [e.dataset.arg, e.getAttribute('aria-label') || e.innerText])")


def one_decision(page, seen):
    """The human seat's next small decision, by a fixed rule: take the steal, pay as suggested,
    the cheapest lit space, discard the lowest card, summon the highest card, else draw."""
    buttons = play_buttons(page)
    args = [a for a, _ in buttons]
    steals = [a for a in args if a.startswith("steal:")]
    if steals:
        seen.add("steal prompt")
        return click_and_settle(page, "button[data-arg='%s']" % steals[0])
    if page.locator("button[data-act='sb-pay-suggested']").count():
        seen.add("pay")
        return click_and_settle(page, "button[data-act='sb-pay-suggested']")
    spaces = [(a, label) for a, label in buttons if a.startswith("at:")]
    if spaces:
        costs = [int(re.search(r"for (\d+)$", label).group(1)) for _, label in spaces]
        k = costs.index(min(costs))
        action, label = spaces[k]
        if label.startswith("Ascend"):
            seen.add("ascend")
        elif costs[k] < int(re.search(r" r(\d) ", label).group(1)):
            seen.add("discount")
        return click_and_settle(page, "button[data-arg='%s']" % action)
    moves = [a for a in args if a.startswith("move:")]
    if moves:  # co-op: only a move makes the selected card affordable
        seen.add("move")
        return click_and_settle(page, "button[data-arg='%s']" % moves[0])
    discards = [a for a in args if a.startswith("discard:")]
    if discards:
        seen.add("discard")
        return click_and_settle(page, "button[data-arg='%s']" % min(discards, key=lambda a: int(a[8:])))
    summons = [a for a in args if a.startswith("summon:")]
    if summons:
        return click_and_settle(page, "button[data-arg='%s']" % max(summons, key=lambda a: int(a[7:])))
    draws = [a for a in args if a.startswith("draw:")]
    assert draws, "no decision on the page: " + page.inner_text("#status")
    return click_and_settle(page, "button[data-arg='%s']" % draws[0])


def play_to_the_end(page, seen, limit=600):
    decisions = 0
    while not wait_my_turn_or_end(page):
        one_decision(page, seen)
        decisions += 1
        assert decisions < limit
    return decisions


def test_whole_competitive_game_from_the_deep_link_to_the_score_sheet(page, site):
    open_page(page, site + "?game=stemandbranch&seats=human,normal,easy&seed=1&tiebreak_year=2026&speed=instant")
    seen = set()
    play_to_the_end(page, seen)
    assert {"ascend", "discount"} <= seen, seen
    assert "Game over" in page.inner_text("#status")
    assert "Total" in page.inner_text("table.score-sheet")


def test_competitive_game_against_bots_with_discount_ascend_and_steal_to_the_score_sheet(page, site):
    game = GAMES["stemandbranch"]
    match = Match(game, make_seats(["human", "normal", "easy", "normal"]), {"tiebreak_year": "2026"}, STEAL_SEED)
    match.replay(STEAL_PREFIX)
    record = saves.to_save(match, created="2026-11-30T18:00:00.000Z", updated="2026-11-30T18:00:00.000Z")
    open_page(page, site)
    page.evaluate("([k, v]) => localStorage.setItem(k, v)", [saves.KEY_PREFIX + "sb-steal", json.dumps(record)])
    open_page(page, site + "?save=sb-steal&speed=instant")
    assert not wait_my_turn_or_end(page)
    assert page.locator(".sb-grid .sb-cell").count() == 16 and page.locator(".sb-row li").count() == 8
    assert "Tie-break: 2026 (Horse)" in page.inner_text(".sb-summary")
    seen = set()
    click_and_settle(page, "button[data-arg='summon:%d']" % STEAL_CARD)
    assert "Cost" in page.inner_text("button[data-arg='at:%s']" % STEAL_SPACE)
    play_to_the_end(page, seen)
    assert {"steal prompt", "ascend", "discount", "pay"} <= seen, seen
    assert "Game over" in page.inner_text("#status")
    sheet = page.inner_text("table.score-sheet")
    for line in ("Years during play", "Element tokens", "Hand cards of your animal tokens", "Total"):
        assert line in sheet
    log = page.inner_text(".log")
    assert "takes one from" in log and "scores" in log


def test_whole_solo_coop_game_to_its_rank(page, site):
    open_page(page, site + "?game=stemandbranch&seats=human&mode=coop&seed=4&speed=instant")
    assert "Score so far" in page.inner_text(".sb-summary") and "Team pool" in page.inner_text(".sb-summary")
    seen = set()
    play_to_the_end(page, seen, limit=900)
    assert "Game over" in page.inner_text("#status")
    notes = page.inner_text("#score-sheet")
    assert re.search(r"Team score \d+: rank (Beginner|Apprentice|Average|Good|Strong|Expert|Master!)", notes), notes
    assert "Perfect clear bonus" in notes


def test_two_humans_in_competitive_play_pass_the_device_but_not_in_coop(page, site):
    open_page(page, site + "?game=stemandbranch&seats=human,human&seed=6&speed=instant")
    first = page.locator(".player.acting h3").inner_text()
    if page.locator(".cover").count():
        click_and_settle(page, ".cover button")
    for _ in range(2):
        click_and_settle(page, "button[data-arg^='draw:']")
    if page.locator("button[data-arg^='discard:']").count():
        click_and_settle(page, "button[data-arg^='discard:']")
    page.wait_for_selector(".cover")
    assert "Pass the device to" in page.inner_text(".cover")
    assert page.locator(".sb-hand").count() == 0  # nobody's hand shows under the cover
    click_and_settle(page, ".cover button")
    assert page.locator(".player.acting h3").inner_text() != first
    assert page.locator(".sb-hand").count() == 1
    open_page(page, site + "?game=stemandbranch&seats=human,human&mode=coop&seed=6&speed=instant")
    for _ in range(2):
        click_and_settle(page, "button[data-arg^='draw:']")
    if page.locator("button[data-arg^='discard:']").count():
        click_and_settle(page, "button[data-arg^='discard:']")
    assert page.locator(".cover").count() == 0  # co-op hands are open (SB-19): no cover
    assert page.locator(".sb-hand").count() == 2
