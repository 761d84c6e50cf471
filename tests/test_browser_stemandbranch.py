"""Stem and Branch played through the real page in headless Chromium, as a player would: a whole
competitive game against bots from a deep link to the score sheet (summons with a discount and an
Ascend), a whole 4-player game against bots through a steal prompt to the score sheet, a whole
solo co-op game to its rank, the pass-the-device cover between two humans; and a whole game with
the Spirit Scrolls expansion where the human seat claims, activates and refreshes scrolls by
clicking, checked with axe-core on the claim prompt and an activation."""

import random
import re
from urllib.parse import parse_qsl

import pytest

from conftest import click_and_wait_for_redraw, open_page
from fakes import open_app
from games import GAMES
from games.stemandbranch.rules import RANK, cost
from tabletop import bots as botlib
from tabletop.match import Match, make_seats
from test_browser_ux import AXE

pytestmark = pytest.mark.browser
MY_TURN_OR_END = "document.documentElement.hasAttribute('data-over') || (document.querySelector('#status') || {}).innerText?.startsWith('Your turn')"

# A whole 4-player game against bots in which the human (seat 0) meets a steal prompt (SB-11
# step 3: no token of the element left in the supply, two rivals hold one), summons with a
# discount and Ascends. Steals are rare (about 2 games in 100 between bots; none in 600 games of
# a simple "Ascend, else summon the highest card" script), so the human plays what the Normal bot
# would in its seat, with the app's own bot seeding; seed 24 was found by searching seeds 0-599 (103
# until Normal valued the open row, issue 37).
STEAL_GAME_SEATS = ["human", "normal", "easy", "normal"]
STEAL_GAME_SEED = 24


def wait_my_turn_or_end(page):
    page.wait_for_function(MY_TURN_OR_END)
    return page.locator("html[data-over]").count() == 1


def click_and_settle(page, selector):
    """Click, then wait until the page has re-drawn."""
    click_and_wait_for_redraw(page, selector)


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


def plan_human_moves(seed):
    """The human's moves in the whole game of `seed` (the human playing as the Normal bot would,
    the bots exactly as the app plays them: webui/app.py seeds each decision by the game's seed
    and the move number), and what the human meets on the way."""
    game = GAMES["stemandbranch"]
    match = Match(game, make_seats(STEAL_GAME_SEATS), {"tiebreak_year": "2026"}, seed)
    mine, met = [], set()
    while not match.is_over():
        seat = match.to_act()[0]
        rng = random.Random(match.seed * 1_000_003 + len(match.history))
        action = botlib.choose(game, "normal" if seat == 0 else STEAL_GAME_SEATS[seat], match.view(seat), seat, match.legal(seat), rng)
        if seat == 0:
            state = match.state
            if action.startswith("steal:"):
                met.add("steal prompt")
            elif action.startswith("at:"):
                card, space = state["pending"]["card"], action[3:]
                met.add("ascend" if state["board"][space] else "discount" if cost(state, card, space) < RANK[card] else "summon")
            mine.append(action)
        match.play(seat, action)
    return mine, met, match.result()


def click_action(page, action):
    """Wait for the human's turn with `action` offered as a button, click it, wait for the redraw."""
    selector = "button[data-act='play'][data-arg='{}']".format(action)
    page.wait_for_function("sel => !document.querySelector('.thinking') && document.querySelector(sel)", arg=selector)
    click_and_settle(page, selector)


def test_whole_competitive_game_against_bots_with_discount_ascend_and_steal_to_the_score_sheet(page, site):
    mine, met, result = plan_human_moves(STEAL_GAME_SEED)
    assert {"steal prompt", "ascend", "discount"} <= met, met
    open_page(page, site + "?game=stemandbranch&seats={}&seed={}&tiebreak_year=2026&speed=instant".format(
        ",".join(STEAL_GAME_SEATS), STEAL_GAME_SEED))
    assert page.locator(".sb-grid .sb-cell").count() == 16 and page.locator(".sb-row li").count() == 8
    assert "Tie-break: 2026 (Horse)" in page.inner_text(".sb-summary")
    steals = 0
    for action in mine:
        if action.startswith("at:"):
            page.wait_for_selector("button[data-arg='%s']" % action)
            assert re.search(r"Cost \d", page.inner_text("button[data-arg='%s']" % action))
        if action.startswith("steal:"):
            # The steal prompt as the player sees it: the status line says why and asks, one
            # button per rival holding a token, each naming the rival and their years.
            page.wait_for_selector("button[data-arg='%s']" % action)
            status = page.inner_text("#status")
            element = re.match(r"Your turn: no (\w+) token is left in the supply: choose whom to take one from\.$", status).group(1)
            offers = page.locator("button[data-arg^='steal:']").all_inner_texts()
            assert len(offers) >= 2 and all(re.match(r"Take an? %s token from .+ \(\d+ years?\)$" % element, o) for o in offers), offers
            victim = page.inner_text("button[data-arg='%s']" % action)
            steals += 1
        click_action(page, action)
    assert steals >= 1
    page.wait_for_selector("html[data-over]")
    status = page.inner_text("#status")
    assert "Game over" in status and "wins" in status
    sheet = page.inner_text("table.score-sheet")
    for line in ("Years during play", "Element tokens", "Hand cards of your animal tokens", "Total"):
        assert line in sheet
    total = page.locator("table.score-sheet tr.total td").all_inner_texts()
    assert [int(v) for v in total] == result["scores"]  # the page played the planned game to its end
    victim_name = re.search(r"from (.+) \(", victim).group(1)
    assert "so Player 1 takes one from " + victim_name in page.inner_text(".log")


def test_whole_solo_coop_game_to_its_rank(page, site):
    open_page(page, site + "?game=stemandbranch&seats=human&mode=coop&seed=4&speed=instant")
    assert "Score so far" in page.inner_text(".sb-summary") and "Team pool" in page.inner_text(".sb-summary")
    seen = set()
    play_to_the_end(page, seen, limit=900)
    # What the player reads at the end: the team's score and rank (SB-21), not "Player 1 wins".
    ranks = r"(Beginner|Apprentice|Average|Good|Strong|Expert|Master!)"
    status = page.inner_text("#status")
    assert re.match(r"Game over: (Perfect clear! )?Team score \d+: " + ranks, status) and "win" not in status, status
    headline = page.locator("#score-sheet .headline")
    assert headline.is_visible() and re.match(r"(Perfect clear! )?Team score \d+: " + ranks, headline.inner_text())
    assert "★" not in page.inner_text("table.score-sheet")
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


SCROLL_STEPS = ("wood:", "fire:", "earth:", "metal:", "source:", "moveto:", "swap:", "water:")


def serious_axe_violations(page):
    page.add_script_tag(path=AXE)
    return page.evaluate("""async () => (await axe.run(document, {resultTypes: ['violations']})).violations
        .filter(v => v.impact === 'serious' || v.impact === 'critical')
        .map(v => v.id + ': ' + v.nodes.slice(0, 3).map(n => n.target.join(' ')).join(', '))""")


def scroll_decision(page, seen):
    """The human seat with the expansion, by a fixed rule: claim the first scroll offered, refresh
    whenever it can, take the first choice of an activation, activate a scroll when one is lit;
    otherwise as one_decision. (Played on CPython first: with Normal bots this seat claims,
    activates and refreshes on every seed from 1 to 29.)"""
    args = [a for a, _ in play_buttons(page)]
    claims = [a for a in args if a.startswith("claim:") and a != "claim:none"]
    if claims:
        if "claim" not in seen:
            seen.add("claim")
            assert page.locator("button[data-arg='claim:none']").inner_text() == "Decline: no scroll"
            assert not serious_axe_violations(page)
        return click_and_settle(page, "button[data-arg='%s']" % claims[0])
    if "claim:none" in args:
        return click_and_settle(page, "button[data-arg='claim:none']")
    for prefix, what in (("refresh:", "refresh"), (SCROLL_STEPS, "step"), ("scroll:", "activate")):
        chosen = [a for a in args if a.startswith(prefix)]
        if chosen:
            if what == "step" and what not in seen:
                assert not serious_axe_violations(page)
            seen.add(what)
            return click_and_settle(page, "button[data-arg='%s']" % chosen[0])
    return one_decision(page, seen)


def test_whole_game_with_spirit_scrolls_claim_activate_refresh_to_the_score_sheet(page, site):
    open_page(page, site + "?game=stemandbranch&seats=human,normal,normal&seed=14&scrolls=1&tiebreak_year=2026&speed=instant")
    section = page.inner_text("section.sb-scrolls")
    assert "Wood: L1 L2 L3 L4 L5" in section and "Box: empty" in section
    seen = set()
    decisions = 0
    while not wait_my_turn_or_end(page):
        scroll_decision(page, seen)
        decisions += 1
        assert decisions < 600
    assert {"claim", "refresh", "activate", "step"} <= seen, seen
    assert "Game over" in page.inner_text("#status")
    sheet = page.inner_text("table.score-sheet")
    for line in ("Years from summons", "Years from scroll effects", "Years paid for scrolls", "Total"):
        assert line in sheet
    log = page.inner_text(".log")
    assert "Player 1 claims the" in log and "Player 1 activates the" in log and "Player 1 refreshes the" in log


@pytest.mark.parametrize("link", ["mode=coop&seats=easy,easy&seed=4",
                                  "scrolls=1&seats=easy,normal,easy&seed=14&tiebreak_year=2026"])
def test_score_sheet_fills_the_phone_width(page, site, link):
    """On a 390 px phone the finished game's score table, row by row, is as wide as its box (the
    box scrolls on its own if ever needed), and the page does not scroll sideways."""
    page.set_viewport_size({"width": 390, "height": 844})
    open_page(page, site + "?game=stemandbranch&speed=instant&" + link)
    page.wait_for_selector("html[data-over] table.score-sheet", state="attached")
    table, box, page_width = page.eval_on_selector(
        "table.score-sheet", "t => [t.rows[t.rows.length - 1].getBoundingClientRect().width, t.parentElement.getBoundingClientRect().width, "
                             "document.documentElement.scrollWidth]")
    assert table >= box - 1 and box > 300, (table, box)
    assert page_width <= 390


# Seed 12 with the expansion: the human's first turn summons the Fire Rabbit r1 into b2 and pays
# with a hand card (low on the page), and a Fire scroll is offered. The human moves first and no
# bot moves before the prompt: a browser bot need not repeat what it would play on CPython (the
# app's Hard bot stops at a wall-clock guard on a busy machine, tabletop.bots.use_wall_clock_guard;
# a script of seed 4 that waited on two Hard turns timed out whenever the suite ran loaded).
CLAIM_AFTER_HAND_PAYMENT_LINK = "game=stemandbranch&scrolls=1&seats=human,normal,normal&seed=12&tiebreak_year=2026&speed=instant"
CLAIM_AFTER_HAND_PAYMENT = ["summon:4", "at:b2", "pay:40"]


def test_claim_after_hand_payment_script_is_the_first_turn_of_its_game():
    """The script above, on CPython, in the game the page starts from these parameters (the App
    opens it): the human's first turn, legal move by move, ending in the claim prompt (a changed
    deal or rule shows here, not as a browser test's time-out)."""
    app, _, _ = open_app(dict(parse_qsl(CLAIM_AFTER_HAND_PAYMENT_LINK)))
    match = app.match
    for action in CLAIM_AFTER_HAND_PAYMENT:
        assert match.to_act() == [0] and action in match.legal(0), (action, match.to_act(), match.legal(match.to_act()[0]))
        app.current.play(action)
    assert match.to_act() == [0] and "claim:Fire1" in match.legal(0) and "claim:none" in match.legal(0)


@pytest.mark.parametrize("size", [(390, 844), (1366, 768)])
def test_SB_22_claim_prompt_is_in_sight_after_paying_with_a_hand_card(page, site, size):
    """The claim prompt appears at the top of the table; a player who paid by clicking a card in
    their hand is scrolled down to it and must still see the prompt without scrolling back."""
    page.set_viewport_size({"width": size[0], "height": size[1]})
    open_page(page, site + "?" + CLAIM_AFTER_HAND_PAYMENT_LINK)
    for action in CLAIM_AFTER_HAND_PAYMENT:
        click_action(page, action)
    page.wait_for_selector("button[data-arg='claim:none']")
    assert page.evaluate("scrollY") > 0  # the click on the hand card scrolled the page down
    for arg in ("claim:Fire1", "claim:none"):
        top, bottom = page.eval_on_selector("button[data-arg='%s']" % arg, "b => [b.getBoundingClientRect().top, b.getBoundingClientRect().bottom]")
        assert 0 <= top and bottom <= size[1], (arg, top, bottom)
    assert page.evaluate("document.documentElement.scrollWidth") <= size[0]


# Every face drawn on the table, with what its picture is and how it is named (its own label, or
# the button it sits in, or a button's text).
TABLE_FACES = """() => [...document.querySelectorAll('.board [data-face]')].map(el => {
    const pic = el.querySelector(':scope > img.pic');
    const button = el.closest('button');
    const pips = [...el.querySelectorAll('img.sb-pip')].map(u => u.getAttribute('src'));
    return {face: el.dataset.face, cls: el.className, pic: pic && pic.getAttribute('src'), pips,
            width: pic ? el.querySelector(':scope > img.pic').getBoundingClientRect().width : 0,
            where: el.closest('.sb-grid') ? 'calendar' : el.closest('.sb-row') ? 'row' : el.closest('.sb-hand') ? 'hand'
                 : el.closest('.sb-deck') ? 'deck' : el.closest('.sb-summary') ? 'supply' : el.closest('.sb-scrolls') ? 'scrolls' : 'other',
            label: el.getAttribute('aria-label') || (button && (button.getAttribute('aria-label') || button.textContent.trim())) || ''};
})"""


def test_cards_calendar_tokens_scrolls_and_deck_are_pictures_with_their_words(page, site):
    """The table as pictures (issue "Tables that look like the games"): each card in the row and
    the hand, each tile of the calendar, each element token and scroll, the deck's back, is a
    [data-face] with its picture from the game's sprite, the card's animal in the middle and its
    element's picture by the rank, and words for screen readers; the sprite is fetched."""
    from games.stemandbranch.data import ANIMAL, ELEMENT
    sprites = []
    page.on("response", lambda r: sprites.append(r.status) if r.url.split("?")[0].endswith("/art/stemandbranch.svg") else None)
    open_page(page, site + "?" + CLAIM_AFTER_HAND_PAYMENT_LINK)
    page.wait_for_selector("button[data-arg='summon:4']")
    faces = page.evaluate(TABLE_FACES)
    where = [f["where"] for f in faces]
    assert where.count("row") == 8 and where.count("hand") == 5, where
    assert where.count("deck") == 1 and where.count("supply") == 5 and where.count("scrolls") == 5, where
    assert where.count("calendar") == 5, where  # the five element tokens of the set-up (SB-5)
    sprite = "www/art/stemandbranch.svg#"
    for f in faces:
        assert f["pic"] and f["pic"].startswith(sprite) and f["width"] >= 14, f  # a picture, not a dot
        assert f["label"], f
        if f["face"].isdigit():  # a card: its animal, and its element's picture by the rank
            card = int(f["face"])
            assert f["pic"] == sprite + ANIMAL[card].lower(), f
            assert f["pips"] == [sprite + {"Wood": "wood", "Fire": "fire", "Earth": "earth", "Metal": "metal", "Water": "water"}[ELEMENT[card]]], f
    assert [f["face"] for f in faces if f["where"] == "deck"] == ["back"]
    assert {f["face"] for f in faces if f["where"] == "calendar"} == {"token-" + e for e in ("Wood", "Fire", "Earth", "Metal", "Water")}
    assert {f["pic"] for f in faces if f["where"] == "scrolls"} == {sprite + "scroll"}
    # A summon puts a tile on the calendar: the top card's animal, named by its space's button.
    for action in CLAIM_AFTER_HAND_PAYMENT:
        click_action(page, action)
    tile = [f for f in page.evaluate(TABLE_FACES) if f["where"] == "calendar" and f["face"] == "4"]
    assert len(tile) == 1 and tile[0]["pic"] == sprite + "rabbit" and tile[0]["label"].startswith("b2 Rabbit r1 Fire 1 card"), tile
    assert sprites and all(s in (200, 304) for s in sprites), sprites
    assert page.evaluate("() => performance.getEntriesByType('resource').filter(e => e.name.includes('/art/stemandbranch.svg')).length") >= 1
    # Every picture the table names is in the sprite the page loaded.
    names = {f["pic"].split("#")[1] for f in page.evaluate(TABLE_FACES)}
    text = page.evaluate("() => fetch('www/art/stemandbranch.svg').then(r => r.text())")
    assert all('id="{}"'.format(n) in text for n in names), names
