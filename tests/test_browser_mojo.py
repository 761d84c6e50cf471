"""Mojo played through the real page in headless Chromium, as a player would."""

import re

import pytest

from conftest import open_page

pytestmark = pytest.mark.browser
GAME = "?game=mojo&seats=human,easy,normal,hard&seed=3&speed=instant"


def wait_turn_or_end(page):
    page.wait_for_selector(".mojo-hand .legal, html[data-over] #score-sheet", state="attached")
    return page.locator("html[data-over]").count() == 1


def test_whole_game_with_round_sheets_ends_on_the_lowest_total(page, site):
    open_page(page, site + GAME)
    assert page.locator(".player").count() == 4
    moves, sheets_seen = 0, set()
    while not wait_turn_or_end(page):
        assert page.inner_text("#status").startswith("Your turn")
        fresh = page.locator(".mojo-round.fresh h3")
        if fresh.count():
            sheets_seen.add(fresh.inner_text())
            assert "ends" in page.inner_text(".announce") or "begins" in page.inner_text(".announce")
        card = page.locator(".mojo-hand .legal").first
        hint = card.locator(".mojo-hint").inner_text()
        assert hint in ("lower · turn ends", "higher · you draw", "same · play again", "turn up")
        before = page.locator(".log-list li").count()
        card.click()
        page.wait_for_function("n => document.querySelectorAll('.log-list li').length > n", arg=before)
        moves += 1
    assert moves >= 3
    assert sheets_seen, "a round score sheet is shown after each round"
    sheet = page.locator("table.score-sheet").first
    headers = [re.sub(r" ★$", "", h) for h in sheet.locator("thead th").all_inner_texts()[1:]]
    assert headers == ["Player 1", "Easy bot 2", "Normal bot 3", "Hard bot 4"]
    rows = sheet.locator("tbody tr")
    last = rows.nth(rows.count() - 1)
    assert last.locator("th").inner_text() == "Total"
    totals = [int(v) for v in last.locator("td").all_inner_texts()]
    assert max(totals) >= 50
    assert totals == [int(v) for v in page.locator(".player .score").all_inner_texts()]
    starred = [i for i, h in enumerate(sheet.locator("thead th").all_inner_texts()[1:]) if h.endswith("★")]
    assert starred == [i for i, t in enumerate(totals) if t == min(totals)]
    assert "Lowest total wins" in page.inner_text("#score-sheet")
    assert page.locator(".mojo-round.fresh").count() == 1  # the last round's sheet on the table
    assert "Game over" in page.inner_text("#status")
