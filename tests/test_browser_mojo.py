"""Mojo played through the real page in headless Chromium, as a player would."""

import re

import pytest

from conftest import open_page, open_table_with_pictures

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


EIGHT = ("?game=mojo&seats=" + ",".join(["easy"] * 8)
         + "&names=Nguyễn Thị Lan,Minh,Trần Văn Hùng,Bảo,Phương Anh,Khoa,Thu,Đức&seed=3&speed=instant")


def test_eight_player_score_sheets_are_readable_on_a_360_px_phone(page, site):
    page.set_viewport_size({"width": 360, "height": 740})
    open_page(page, site + EIGHT)
    page.wait_for_selector("html[data-over] #score-sheet", state="attached")
    # nothing scrolls the page sideways
    assert page.evaluate("() => document.documentElement.scrollWidth <= document.documentElement.clientWidth")
    for box in ("#score-sheet .table-scroll", ".mojo-round .table-scroll"):
        table = page.locator(box + " table")
        heads = table.locator("thead th[title]")  # one per seat
        assert heads.count() == 8
        # short names on screen, the full ones in the tooltip and for screen readers
        assert all(box["width"] <= 1 for box in heads.locator(".full-name").evaluate_all(
            "els => els.map(e => e.getBoundingClientRect()).map(r => ({width: r.width}))"))
        shown = [re.sub(r" (★|\(M\))$", "", h) for h in heads.locator(".short-name").all_inner_texts()]
        assert heads.locator(".short-name").evaluate_all("els => els.every(e => e.getBoundingClientRect().width > 10)")
        assert shown == ["NTL", "Minh", "TVH", "Bảo", "PA", "Khoa", "Thu", "Đức"], shown
        assert heads.first.get_attribute("title") == "Nguyễn Thị Lan"
        assert heads.first.locator(".full-name").text_content() == "Nguyễn Thị Lan"
        # no name or number is broken inside a word: every heading is one line high
        heights = heads.evaluate_all("els => els.map(e => e.querySelector('.short-name').getClientRects().length)")
        assert heights == [1] * 8
        # the table scrolls inside its own box, the row labels staying in view
        label = table.locator("tbody th[scope=row]").first
        left = label.bounding_box()["x"]
        scroller = page.locator(box)
        assert scroller.get_attribute("tabindex") == "0" and scroller.get_attribute("role") == "region"
        scroller.evaluate("el => el.scrollLeft = el.scrollWidth")
        assert abs(label.bounding_box()["x"] - left) < 1
        last = table.locator("tr.total td").last
        inside = scroller.bounding_box()
        cell = last.bounding_box()
        assert inside["x"] <= cell["x"] and cell["x"] + cell["width"] <= inside["x"] + inside["width"] + 1


# Every face on Mojo's table, as the page draws it: [data-face], the picture of the sprite it names,
# and its words (its own aria-label, or the labelled button it sits in).
FACES = """() => [...document.querySelectorAll('#game [data-face]')].map(f => {
  const use = f.querySelector(':scope > img.pic');
  const button = f.closest('button');
  return {face: f.dataset.face, href: use && use.getAttribute('src'), label: f.getAttribute('aria-label'),
          role: f.getAttribute('role'), button: button && button.getAttribute('aria-label'), drawn: !!use && use.complete && use.naturalWidth > 0,
          index: (f.querySelector('.mojo-index') || {}).textContent || null,
          where: f.closest('.mojo-hand') ? 'hand' : f.closest('.mojo-mojo') ? 'mojo' : f.closest('.mojo-stack') ? 'stack'
            : f.closest('.mojo-under') ? 'under' : f.closest('.player') ? 'panel' : 'other'};
})"""


def test_cards_show_their_colour_by_picture_and_the_piles_their_backs(page, site):
    open_table_with_pictures(page, site + "?game=mojo&seats=human,easy,easy&seed=3&speed=instant", "mojo", ".mojo-hand .legal")
    faces = page.evaluate(FACES)
    # Each face is drawn from the sprite and has words: its own, or its button's.
    assert all(f["drawn"] and (f["label"] or f["button"]) for f in faces), faces
    hand = [f for f in faces if f["where"] == "hand"]
    assert len(hand) == 8 and all(f["button"] and f["label"] is None for f in hand)
    for f in [f for f in faces if f["where"] in ("hand", "stack", "under") and f["face"] != "back"]:
        colour, value = f["face"].split("-")
        # the colour is the picture (its shape), the value the index in the corner
        assert f["href"] == "www/art/mojo.svg#" + colour and f["index"] == value, f
    assert [(f["face"], f["href"]) for f in faces if f["where"] == "mojo"] == [("mojo", "www/art/mojo.svg#mojo")]
    backs = [f for f in faces if f["face"] == "back"]
    assert [f["where"] for f in backs] == ["stack"] and backs[0]["href"] == "www/art/mojo.svg#back" and "Draw pile" in backs[0]["label"]
    # Play until a face-down pile lies in front of the viewer: their panel shows a back with its count.
    for _ in range(40):
        if page.locator(".player .mojo-facedown[data-face=back]").count():
            break
        card = page.locator(".mojo-hand .legal").first
        before = page.locator(".log-list li").count()
        card.click()
        page.wait_for_function("n => document.querySelectorAll('.log-list li').length > n", arg=before)
        page.wait_for_selector(".mojo-hand .legal, html[data-over]", state="attached")
    down = page.locator(".player .mojo-facedown[data-face=back]").first
    assert down.get_attribute("aria-label").startswith("Face down: ") and down.locator("img.pic").get_attribute("src") == "www/art/mojo.svg#back"
