"""Hội Phố played through the real page in headless Chromium, as a player would."""

import re

import pytest

from conftest import PICTURES_DRAWN, click_and_wait_for_redraw, open_page, open_table_with_pictures

pytestmark = pytest.mark.browser
LEGAL = ".hoipho-card.legal, .hoipho-buttons .legal"


def wait_turn_or_end(page):
    page.wait_for_selector("{}, .cover, html[data-over] #score-sheet".format(LEGAL), state="attached")
    return page.locator("html[data-over]").count() == 1


def click_legal(page, moves):
    """Click the legal choice number `moves` (modulo their count) and wait for the redraw."""
    choices = page.locator(LEGAL)
    click_and_wait_for_redraw(page, choices.nth(moves % choices.count()))


def test_whole_game_against_bots_ends_on_the_score_sheet(page, site):
    open_page(page, site + "?game=hoipho&seats=human,easy,normal,hard&seed=3&speed=instant")
    assert page.locator(".player").count() == 4
    moves = 0
    while not wait_turn_or_end(page):
        assert page.locator(".cover").count() == 0  # one human: never a cover
        assert page.inner_text("#status").startswith("Your turn")
        click_legal(page, moves)
        moves += 1
    assert moves >= 9  # at least three rounds of three picks
    sheet = page.locator("table.score-sheet")
    headers = sheet.locator("thead th").all_inner_texts()
    assert [re.sub(r" ★$", "", h) for h in headers[1:]] == ["Player 1", "Easy bot 2", "Normal bot 3", "Hard bot 4"]
    labels = sheet.locator("tbody th").all_inner_texts()
    assert labels[:2] == ["Round 1 · contracts", "Round 1 · coins at the end"] and labels[-1] == "Total"
    rows = sheet.locator("tbody tr")
    totals = [int(v) for v in rows.nth(rows.count() - 1).locator("td").all_inner_texts()]
    assert max(totals) >= 3
    assert totals == [int(v) for v in page.locator(".player .score").all_inner_texts()]  # contracts
    assert "Game over" in page.inner_text("#status")
    notes = page.inner_text("#score-sheet")
    assert "Round 1:" in notes and "Game over:" in notes
    assert page.locator(".hoipho-reveal.latest .hoipho-steps li").count() >= 3  # the last reveal, step by step
    page.click("button[data-act='rematch']")
    page.wait_for_selector(LEGAL)
    assert page.locator("html[data-over]").count() == 0


def test_three_humans_pick_and_throw_behind_the_cover(page, site):
    """Seed 7 with this click order reaches the Mouse's rock-paper-scissors in round 1."""
    open_page(page, site + "?game=hoipho&seats=human,human,human&seed=7&speed=instant")
    covers, holder, moves, steps, explained = [], None, 0, set(), False
    while "Round 1" in page.inner_text(".bar .progress"):
        wait_turn_or_end(page)
        if page.locator(".cover").count():
            assert page.locator(".hoipho-hand, .hoipho-choice").count() == 0  # nothing private under the cover
            name = page.inner_text(".cover h2").replace("Pass the device to ", "")
            assert name != holder  # the cover comes up exactly when the device changes hands
            covers.append((name, page.inner_text("#status")))
            page.click(".cover button[data-act='ready']")
            page.wait_for_selector(".cover", state="detached")
            holder = name
            continue
        assert "Your turn, {}".format(holder) in page.inner_text("#status")
        step = page.get_attribute(".hoipho-buttons", "class") if page.locator(".hoipho-buttons").count() else "cards"
        steps.add(step.split()[-1])
        if "hoipho-target" in step and not explained:
            # A card of the hand while the skill waits: the engine says why it cannot be played.
            page.click(".hoipho-card.idle >> nth=0")
            notice = page.inner_text(".notice[role='alert']")
            assert "skill comes first" in notice and page.locator(".notice[role='alert'] button.rule-link[data-arg='HP-3']").count()
            explained = True
        click_legal(page, moves)
        moves += 1
    assert {"hoipho-target", "hoipho-throw"} <= steps and explained
    assert [name for name, _ in covers[:3]] == ["Player 1", "Player 2", "Player 3"]  # the opening discards
    assert len(covers) >= 9
    steps_text = page.inner_text(".hoipho-reveal.latest, details.history")
    assert "Rock-paper-scissors" in page.inner_text(".log")
    assert "Ships" in steps_text and "Ranking" in steps_text


def test_rules_panel_lists_every_rule_with_the_rulings(page, site):
    open_page(page, site + "?game=hoipho&seats=human,normal,normal&seed=2&speed=instant")
    page.wait_for_selector(LEGAL)
    page.click("button[data-act='rules']")
    rules = page.inner_text("#rules")
    assert "HP-1" in rules and "HP-15" in rules and "Porco Marques" in rules
    assert page.locator("#rules .rule.is-ruling .badge.ruling").count() >= 5
    assert page.locator(".hoipho-card.legal").first.text_content().startswith("Discard")  # the verb, for screen readers


# Every face on Hội Phố's table, as the page draws it: [data-face], the picture of the sprite it
# names, and its words (its own aria-label, or the labelled button or region it sits in).
FACES = """() => [...document.querySelectorAll('#game [data-face]')].map(f => {
  const use = f.querySelector(':scope > img.pic');
  const owner = f.closest('button') || f.closest('[aria-label]');
  return {face: f.dataset.face, href: use && use.getAttribute('src'), label: f.getAttribute('aria-label'),
          role: f.getAttribute('role'), named: !!(f.getAttribute('aria-label') || (owner && (owner.getAttribute('aria-label') || owner.textContent.trim()))),
          drawn: !!use && use.complete && use.naturalWidth > 0, where: f.closest('.hoipho-hand') ? 'hand' : f.closest('.hoipho-slots') ? 'slot'
            : f.closest('.hoipho-revealed') ? 'revealed' : f.closest('.player') ? 'panel' : 'other'};
})"""


def test_merchants_ships_backs_coins_and_contracts_are_pictures_of_the_sprite(page, site):
    open_table_with_pictures(page, site + "?game=hoipho&seats=human,normal,normal,normal&seed=7&speed=instant", "hoipho", ".hoipho-card.legal")
    # The picks are simultaneous: the viewer may choose while the bots still think, one by one.
    page.wait_for_function("document.querySelectorAll('#game .hoipho-slots [data-face=\"back\"]').length === 3")
    page.wait_for_function(PICTURES_DRAWN)
    faces = page.evaluate(FACES)
    assert all(f["href"] == "www/art/hoipho.svg#" + f["face"] and f["drawn"] and f["named"] for f in faces), faces
    kinds = {"mouse", "buffalo", "tiger", "cat", "dragon", "snake", "horse", "goat", "monkey", "hen", "dog", "pig", "ship"}
    hand = [f["face"] for f in faces if f["where"] == "hand"]
    assert len(hand) == 4 and set(hand) <= kinds and "ship" in hand  # every player holds their own ship
    # Each card of the hand is a button whose face is its merchant, named by the button's words.
    for card in page.locator(".hoipho-hand button.hoipho-card").all():
        kind = card.locator("[data-face]").get_attribute("data-face")
        assert "hoipho-" + kind in card.get_attribute("class").split() and card.get_attribute("title")
        assert card.locator(".hoipho-rep").inner_text().isdigit() and card.locator(".hoipho-skill").inner_text()
    # The bots picked face down: three lantern backs; the viewer is still choosing.
    assert [f["face"] for f in faces if f["where"] == "slot"] == ["back"] * 3
    tokens = [f for f in faces if f["where"] == "panel"]
    assert sorted(f["face"] for f in tokens) == ["coin"] * 4 + ["contract"] * 4
    assert all(f["role"] == "img" and f["label"] in ("2 coins", "0 contracts") for f in tokens), tokens
    # After the reveal: the revealed cards are faces with their words, and the panels show them small.
    click_legal(page, 0)
    page.wait_for_selector(".hoipho-revealed [data-face]")
    faces = page.evaluate(FACES)
    revealed = [f for f in faces if f["where"] == "revealed"]
    assert len(revealed) == 4 and all(f["face"] in kinds and f["role"] == "img" and "reputation" in f["label"] for f in revealed), revealed
    minis = page.locator(".player .hoipho-mini[data-face]")
    assert minis.count() == 4 and all(m.get_attribute("aria-label") for m in minis.all())
    assert all(f["href"] == "www/art/hoipho.svg#" + f["face"] and f["named"] for f in faces), faces
