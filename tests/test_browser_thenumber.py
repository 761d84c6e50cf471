"""The Number played through the real page in headless Chromium, as a player would."""

import json
import re

import pytest

from conftest import open_page

pytestmark = pytest.mark.browser
SOLO = "?game=thenumber&seats=human,easy,normal,hard&seed=3&speed=instant"


def write_number(page, digits=None):
    """Type a number on the pad by clicking its keys (the highest available digit by default)."""
    page.wait_for_selector(".pad")
    if digits is None:
        legal = page.locator(".key.legal").all_inner_texts()
        digits = legal[-1] * 3
    for d in digits:
        page.click(".key[data-arg='{}']".format(d))
    page.click("button.write")
    return digits


def wait_bots_done(page):
    """Bots write at the same time as the human; wait until only the human is left to act."""
    page.wait_for_function("document.querySelectorAll('.player.acting').length === 1 && !document.querySelector('.thinking')")


def wait_turn_or_end(page):
    page.wait_for_selector(".pad, html[data-over] #score-sheet", state="attached")
    return page.locator("html[data-over]").count() == 1


def test_whole_game_against_bots_ends_on_the_score_sheet(page, site):
    open_page(page, site + SOLO)
    assert page.locator(".player").count() == 4
    turns = 0
    while not wait_turn_or_end(page):
        assert page.inner_text("#status").startswith("Your turn")
        before = page.locator(".reveal.latest h3").all_inner_texts()
        write_number(page)
        turns += 1
        page.wait_for_function("before => { const h = document.querySelector('.reveal.latest h3'); return h && h.innerText !== before; }",
                               arg=before[0] if before else "")
    assert 6 <= turns <= 10
    sheet = page.locator("table.score-sheet")
    headers = sheet.locator("thead th").all_inner_texts()
    assert [re.sub(r" ★$", "", h) for h in headers[1:]] == ["Player 1", "Easy bot 2", "Normal bot 3", "Hard bot 4"]
    rows = sheet.locator("tbody tr")
    last = rows.nth(rows.count() - 1)
    assert last.locator("th").inner_text() == "Total"
    totals = [int(v) for v in last.locator("td").all_inner_texts()]
    panel_scores = [int(v) for v in page.locator(".player .score").all_inner_texts()]
    assert totals == panel_scores
    assert "Game over" in page.inner_text("#status")
    assert page.locator(".log-list li").count() > 20
    page.click("button[data-act='rematch']")
    page.wait_for_selector(".pad")
    assert page.locator("html[data-over]").count() == 0


def test_reload_mid_game_resumes_the_same_position(page, site):
    open_page(page, site + "?game=thenumber&seats=human,normal,easy&seed=8&speed=instant")
    write_number(page, "531")
    page.wait_for_selector(".reveal.latest")
    write_number(page, "999" if page.locator(".key.legal[data-arg='9']").count() else None)
    page.wait_for_selector(".pad")
    wait_bots_done(page)
    snapshot = lambda: (page.inner_text(".players"), page.inner_text(".log"), page.inner_text(".board"), page.inner_text("#status"))
    before = snapshot()
    assert "has written" in before[0] and "Round 1 of 2 · Turn 3 of 5" in before[2]
    assert "save=" in page.url and "seats=" not in page.url
    page.reload()
    page.wait_for_selector("html[data-ready]", state="attached")
    page.wait_for_selector(".pad")
    wait_bots_done(page)
    assert snapshot() == before


def test_crossed_out_digit_is_refused_with_the_rules_reason(page, site):
    open_page(page, site + "?game=thenumber&seats=human,easy&seed=21&speed=instant")
    write_number(page, "000")
    page.wait_for_selector(".key.crossed[data-arg='0']")
    page.click(".key.crossed[data-arg='0']")
    notice = page.locator(".notice[role='alert']")
    assert "You crossed out 0 this round" in notice.inner_text() and notice.locator("button.rule-link[data-arg='TN-6']").count()
    assert page.inner_text(".display") == "_\n_\n_" or page.locator(".slot.filled").count() == 0


def test_two_humans_write_behind_the_cover(page, site):
    open_page(page, site + "?game=thenumber&seats=human,human,easy&seed=4&speed=instant")
    covers, holder = [], None
    while page.locator(".reveal:not(.latest), .history").count() == 0:  # until turn 2 is revealed
        page.wait_for_selector(".cover, .pad")
        if page.locator(".cover").count():
            assert page.locator(".pad").count() == 0  # nothing private under the cover
            name = page.inner_text(".cover h2").replace("Pass the device to ", "")
            assert name != holder  # the cover comes up exactly when the device changes hands
            covers.append(name)
            page.click(".cover button[data-act='ready']")
            holder = name
        else:
            write_number(page)
            page.wait_for_function("!document.querySelector('.pad') || document.querySelector('.reveal')")
    assert covers[:3] == ["Player 1", "Player 2", "Player 1"]
    numbers = page.locator(".reveal.latest td.number").all_inner_texts()
    assert all(re.fullmatch(r"\d{3}", n) for n in numbers), numbers


def test_new_game_from_the_lobby_dialog(page, site):
    open_page(page, site)
    page.click("button[data-act='new'][data-arg='thenumber']")
    page.select_option("select[name='players']", "2")
    page.wait_for_function("document.querySelectorAll('.seat-row').length === 2")
    page.fill("input[name='name-0']", "Lan")
    page.select_option("select[name='kind-1']", "easy")
    page.click("button[data-act='start']")
    page.wait_for_selector(".pad")
    assert "Lan" in page.inner_text(".players") and "Bot (Easy)" in page.inner_text(".players")
    page.click("button[data-act='rules']")
    rules = page.inner_text("#rules")
    assert "TN-18" in rules and page.locator("#rules .rule.is-ruling .badge.ruling").count() >= 3
    page.click("button[data-act='lobby']")
    page.wait_for_selector(".saves")
    assert "The Number" in page.inner_text(".saves") and "Round 1 of 2, turn 1 of 5" in page.inner_text(".saves")


def test_written_numbers_are_keycap_tiles_named_as_numbers(page, site):
    """Pictures (issue 36): each revealed number is drawn as keycap tiles, one a digit, read as
    one number; the pad stays as it was; the game's sprite is fetched and loaded."""
    sprites = []
    page.on("response", lambda r: sprites.append(r.status) if r.url.split("?")[0].endswith("/art/thenumber.svg") else None)
    open_page(page, site + "?game=thenumber&seats=human,easy,normal&seed=8&speed=instant")
    write_number(page, "531")
    page.wait_for_selector(".reveal.latest .tn-tile")
    rows = page.evaluate("""() => [...document.querySelectorAll('.reveal.latest td.number')].map(td => {
        const number = td.querySelector('.tn-tiles');
        return {text: td.innerText.trim(), label: number && number.getAttribute('aria-label'),
                tiles: [...td.querySelectorAll('[data-face]')].map(el => ({face: el.dataset.face,
                    pic: (el.querySelector(':scope > img.pic') || {getAttribute: () => null}).getAttribute('src'),
                    width: el.getBoundingClientRect().width}))};
    })""")
    assert len(rows) == 3 and "531" in [r["text"] for r in rows], rows
    for row in rows:
        assert re.fullmatch(r"\d{3}", row["text"]) and row["label"] == row["text"], row
        assert [t["face"] for t in row["tiles"]] == ["digit-" + d for d in row["text"]], row
        assert all(t["pic"] == "www/art/thenumber.svg#" + t["face"] and t["width"] >= 16 for t in row["tiles"]), row
    assert page.locator(".pad .key").count() == 10 and page.locator(".pad [data-face]").count() == 0  # the pad as it was
    sheet = page.evaluate("""() => [...document.querySelectorAll('.players ol.digits')].map(ol => [...ol.children].map(li => li.querySelector('[data-face]') || {dataset: {}, getAttribute: () => null, querySelector: () => null})
        .map(tile => [tile.dataset.face, tile.getAttribute('aria-label'), !!tile.querySelector(':scope > img.pic[src^="www/art/thenumber.svg#digit-"]')]))""")
    assert len(sheet) == 3 and all(len(digits) == 10 for digits in sheet), sheet  # each player's sheet: ten keycap tiles
    assert all(face and label and pic for digits in sheet for face, label, pic in digits), sheet
    assert any(label.endswith("crossed out") for digits in sheet for _, label, _ in digits)  # the smallest number always stays
    assert sprites and all(s in (200, 304) for s in sprites)
    assert page.evaluate("() => performance.getEntriesByType('resource').some(e => e.name.includes('/art/thenumber.svg'))")
