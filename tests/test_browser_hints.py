"""Hints in the real page (issue 37): Hint marks the control of the move the Hard bot would make
(data-hint), says why under the status line, and clicking that control plays the move. The Number
(the hinted number is typed on the pad) and Phở Phở (the hinted card is one of the hand). Every
title's hints are checked on CPython in test_hints.py."""

import pytest

from conftest import open_page

pytestmark = pytest.mark.browser


def moves(page):
    return int(page.get_attribute("#game", "data-moves"))


def ask_hint(page):
    page.click("button[data-act='hint']")
    page.wait_for_selector("[data-hint]")
    assert page.locator("[data-hint]").count() == 1
    reason = page.inner_text(".hint-why")
    assert reason.startswith("Hint:") and ("Hard would play this" in reason or "only legal move" in reason), reason
    return page.locator("[data-hint]")


def play_marked(page, marked):
    before = moves(page)
    marked.click()
    page.wait_for_function("n => +document.querySelector('#game').dataset.moves > n", arg=before)
    assert page.locator("[data-hint]").count() == 0  # the hint lasts as long as its position


def test_hint_types_the_hard_bots_number_and_its_write_button_plays_it(page, site):
    open_page(page, site + "?game=thenumber&seats=human,normal&seed=3&speed=instant")
    page.wait_for_selector(".pad")
    marked = ask_hint(page)
    number = marked.get_attribute("data-hint")
    assert marked.get_attribute("data-act") == "play" and len(number) == 3
    assert page.inner_text(".pad .display").replace("\n", "") == number  # typed on the pad, ready to write
    play_marked(page, marked)
    page.wait_for_selector(".reveal.latest")
    assert number in page.inner_text(".reveal.latest tr[data-seat='0']").replace("\n", "")


def test_hint_marks_a_card_of_the_hand_and_clicking_it_picks_that_card(page, site):
    open_page(page, site + "?game=phopho&seats=human,normal&seed=16&speed=instant")
    page.wait_for_selector(".pp-hand .legal")
    marked = ask_hint(page)
    action = marked.get_attribute("data-hint")
    if marked.get_attribute("data-act") == "pp-card":  # a card to pick (or mark): the card of that type
        assert action.split(":")[0] in ("pick", "mark")
    play_marked(page, marked)
    assert page.locator("table.score-sheet").count() == 0


@pytest.mark.first_visit
def test_hints_asked_while_hard_bots_think_in_slices_answer_on_a_first_visit(page, site):
    """In Hội Phố everyone picks at once: the three Hard bots search in slices (suspended between
    them) while the player's Hint runs its own search. On a first visit (no start-up snapshot)
    Pyodide 314.0.7 died there in about 2 of 5 pages ("memory access out of bounds": its
    collector walked a suspended search's frames, pyodide#6464, fixed in 314.0.8), and the table
    stayed at "Hard bot 2 is thinking…" for ever. A whole game, a hint before each pick."""
    open_page(page, site + "?game=hoipho&seats=human,hard,hard,hard&seed=4&speed=instant&hints=on")
    assert page.get_attribute("html", "data-start") == "normal"
    hinted = 0
    choices = ".hoipho-card.legal, .hoipho-buttons .legal, html[data-over]"  # a pick, a Mouse's target
    while page.wait_for_selector(choices, state="attached").get_attribute("data-over") is None:
        play_marked(page, ask_hint(page))
        hinted += 1
    # At least one round of three picks. Not three rounds: a Goat's contracts (HP-3) and the
    # round's own (HP-13) can make 3 in one or two rounds (HP-14), and the bots' worlds in the
    # page follow the clock, so seed 4 does not fix how long the game runs (8 hints were seen).
    assert hinted >= 3
    assert page.inner_text("table.score-sheet .hints-used td") == str(hinted)
    assert not [line for line in page.console_lines if "fatal error" in line], page.console_lines


def test_a_move_made_before_its_hint_is_worked_out_stops_that_search_and_the_game_goes_on(page, site):
    """Hint, then a pick at once, before the hint is shown: the hint's search stops at its next
    breath in the page (tabletop.bots.run_search: a Python exception raised in a stack that
    JavaScript Promise integration suspended and resumed), while three Hard bots search beside it
    and theirs stop too when the pick overtakes them. Nothing breaks, and the game goes on. (That a
    hint never shown is not counted: tests/test_hints.py.)"""
    open_page(page, site + "?game=hoipho&seats=human,hard,hard,hard&seed=4&speed=instant&hints=on")
    choices = ".hoipho-card.legal, .hoipho-buttons .legal"
    for _ in range(4):  # picks, each overtaking a hint's search and the bots'
        page.wait_for_selector(choices, state="attached")
        before = moves(page)
        page.click("button[data-act='hint']")
        page.locator(choices).first.click()
        page.wait_for_function("n => +document.querySelector('#game').dataset.moves > n", arg=before)
    page.wait_for_selector(choices, state="attached")  # the bots picked again: the next choice is the person's
    assert page.locator("[data-hint]").count() == 0
    assert not [line for line in page.console_lines if "Traceback" in line or "Something went wrong" in line], page.console_lines
