"""Flowers played through the real page in headless Chromium, as a player would: a whole solo
game to the score sheet with the best solo score kept in localStorage, and a game against a bot."""

import json

import pytest

from conftest import open_page

pytestmark = pytest.mark.browser
RECORD = "tabletop.record.flowers.solo"


def take_and_place(page, stack=0, place=0):
    """Take from a stack, preview the card on a lit place, then place it there."""
    page.locator(".flowers-stack button.legal").nth(stack).click()
    if page.locator("#confirm-move").count():  # the last card of a stack while behind asks first: yes
        page.click("#confirm-move [data-act=confirm-move]")
    page.wait_for_selector(".flowers-garden-panel .legal")
    page.locator(".flowers-garden-panel .legal").nth(place).click()
    page.wait_for_selector(".flowers-cell.aimed .flowers-ghost", state="attached")
    assert "Preview: the" in page.inner_text(".flowers-hint")
    page.click(".flowers-cell.aimed")


def play_to_the_end(page):
    turns = 0
    while True:
        page.wait_for_selector(".flowers-stack button.legal, html[data-over] #score-sheet", state="attached")
        if page.locator("html[data-over]").count():
            return turns
        page.wait_for_function("!document.querySelector('.thinking')")
        if page.locator(".flowers-stack button.legal").count() == 0:
            continue
        before = page.locator(".log-list li").count()
        take_and_place(page)
        turns += 1
        page.wait_for_function("n => document.querySelectorAll('.log-list li').length > n", arg=before)


def test_whole_solo_game_keeps_the_best_score_in_local_storage(page, site):
    open_page(page, site + "?game=flowers&seats=human&seed=7&speed=instant")
    page.wait_for_selector(".flowers-stack button.legal")
    assert page.locator(".flowers-stack button.legal").count() == 3
    page.locator(".flowers-stack button.legal").first.click()
    page.wait_for_selector(".flowers-garden-panel .legal")
    assert page.locator(".flowers-garden-panel .legal").count() == 5  # four sides and the card itself
    page.locator(".flowers-garden-panel .legal").first.click()
    page.click(".flowers-cell.aimed")
    turns = 1 + play_to_the_end(page)
    assert turns >= 30
    sheet = page.locator("table.score-sheet")
    labels = sheet.locator("tbody th").all_inner_texts()
    assert labels[0] == "Removed cards" and labels[-2:] == ["Butterflies", "Total"]
    total = int(sheet.locator("tbody tr").last.locator("td").inner_text())
    assert page.inner_text(".sheet .record") == "Best solo score on this device: {} (the first one kept).".format(total)
    stored = json.loads(page.evaluate("k => localStorage.getItem(k)", RECORD))
    assert stored["value"] == total
    garden = page.locator(".flowers-scored")
    assert garden.count() == 1 and "Total: {}".format(total) in garden.inner_text()
    assert page.locator(".flowers-scored .flowers-removed").count() + page.locator(".flowers-scored .flowers-points").count() > 0


def test_a_solo_game_is_shown_against_the_best_so_far(page, site):
    open_page(page, site)
    page.evaluate("k => localStorage.setItem(k, JSON.stringify({value: 999, save: 'elsewhere', previous: null}))", RECORD)
    page.goto(site + "?game=flowers&seats=human&seed=11&speed=instant")
    page.wait_for_selector("html[data-ready]", state="attached")
    play_to_the_end(page)
    total = int(page.locator("table.score-sheet tbody tr").last.locator("td").inner_text())
    assert page.inner_text(".sheet .record") == "Your best solo score is 999 (this game: {}).".format(total)


def test_against_a_bot_every_garden_is_scored(page, site):
    open_page(page, site + "?game=flowers&seats=human,hard&seed=3&speed=instant")
    play_to_the_end(page)
    assert page.locator(".flowers-scored").count() == 2
    headers = page.locator("table.score-sheet thead th").all_inner_texts()[1:]
    assert [h.replace(" ★", "") for h in headers] == ["Player 1", "Hard bot 2"]
    assert "Game over" in page.inner_text("#status")
    assert page.evaluate("k => localStorage.getItem(k)", RECORD) is None  # records are for solo games


def test_every_card_on_the_table_is_a_flower_picture_with_its_words(page, site):
    """Cards are pictures (issue 36): each colour its flower, the face-down stack a card back, the
    held card, the preview and the garden's cards too, every one named for screen readers, and
    the game's sprite is fetched and loaded."""
    sprites = []
    page.on("response", lambda r: sprites.append(r.status) if r.url.split("?")[0].endswith("/art/flowers.svg") else None)
    open_page(page, site + "?game=flowers&seats=human,normal&seed=5&speed=instant")
    page.wait_for_selector(".flowers-stack button.legal")
    page.locator(".flowers-stack button.legal").first.click()
    page.wait_for_selector(".flowers-garden-panel .legal")
    page.locator(".flowers-garden-panel .legal").first.click()
    page.wait_for_selector(".flowers-cell.aimed .flowers-ghost", state="attached")
    cards = page.evaluate("""() => [...document.querySelectorAll(
        '.flowers-stack .flowers-card:not(.flowers-empty), .flowers-held, .flowers-tiny, .flowers-cell.flowers-card, .flowers-ghost')]
        .map(el => {
            const pic = el.querySelector(':scope > img.pic');
            const button = el.closest('button');
            return {face: el.dataset.face || null, cls: el.className, pic: pic && pic.getAttribute('src'),
                    width: el.querySelector(':scope > img.pic') ? el.querySelector(':scope > img.pic').getBoundingClientRect().width : 0,
                    label: el.getAttribute('aria-label') || (button && (button.getAttribute('aria-label') || button.textContent.trim())) || '',
                    hidden: !!el.closest('[aria-hidden=true]')};
        })""")
    kinds = {c["cls"].split()[2] for c in cards}
    assert {"flowers-back"} < kinds and len(cards) >= 5, cards  # the stacks, the held card, the garden, the preview
    for card in cards:
        assert card["face"] and card["pic"] and card["pic"].startswith("www/art/flowers.svg#"), card
        assert card["label"] or card["hidden"], card  # the preview is decorative: the place's button says it
    assert any(c["face"] == "back" and c["pic"].endswith("#bouquet") for c in cards)
    flowers = {c["pic"].split("#")[1] for c in cards if c["face"] != "back"}
    assert flowers <= {"sunflower", "rose", "hyacinth", "clover"} and flowers
    visible = [c for c in cards if "flowers-ghost" not in c["cls"]]
    assert min(c["width"] for c in visible) >= 12  # a picture, not a dot
    assert sprites and all(s in (200, 304) for s in sprites)
    loaded = page.evaluate("() => performance.getEntriesByType('resource').filter(e => e.name.includes('/art/flowers.svg')).length")
    assert loaded >= 1
