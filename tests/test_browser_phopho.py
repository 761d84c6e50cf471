"""Phở Phở played through the real page in headless Chromium, as a player would."""

import re

import pytest

from conftest import PICTURES_DRAWN, click_and_wait_for_redraw, open_page, open_table_with_pictures

pytestmark = pytest.mark.browser
MY_TURN_OR_END = "document.documentElement.hasAttribute('data-over') || (document.querySelector('#status') || {}).innerText?.startsWith('Your turn')"


def wait_my_turn_or_end(page):
    page.wait_for_function(MY_TURN_OR_END)
    return page.locator("html[data-over]").count() == 1


def click_and_settle(page, selector):
    """Click, then wait until the page has re-drawn."""
    click_and_wait_for_redraw(page, selector)
    if page.locator("#confirm-move").count():  # a hated ingredient asks first: yes
        page.click("#confirm-move [data-act=confirm-move]")


def serve_something(page):
    """Select highlighted cards until a customer lights up, then place them there."""
    for _ in range(12):
        if page.locator(".pp-targets button").count():
            click_and_settle(page, ".pp-targets button")
            if not page.locator(".pp-targets button").count():
                return True
            continue
        if not page.locator(".pp-card.legal").count():
            return False
        click_and_settle(page, ".pp-card.legal")
    return False


def play_my_turn(page, seen):
    """One decision of the human seat; `seen` collects the phases met."""
    if page.locator("button[data-arg^='give:']").count():
        seen.add("give")
        return click_and_settle(page, "button[data-arg^='give:']")
    if page.locator("button[data-arg='redraw']").count():
        seen.add("redraw")
        return click_and_settle(page, "button[data-arg='redraw']")
    if page.locator("button[data-arg='discard']").count():
        seen.add("discard")
        return click_and_settle(page, "button[data-arg='discard']")
    if "Discard down to" in page.inner_text("#status") or "discard down to" in page.inner_text("#status"):
        seen.add("marking")
        assert page.locator(".pp-card.legal").count()
        return click_and_settle(page, ".pp-card.legal")
    if page.locator("button[data-arg='restock']").count():
        seen.add("restock")
        return click_and_settle(page, "button[data-arg='restock']")
    if page.locator("button[data-arg='skip']").count():
        if "served" not in seen and serve_something(page):
            seen.add("served")
            return None
        seen.add("skip")
        if page.locator("button[data-act='pp-clear']").count():
            click_and_settle(page, "button[data-act='pp-clear']")
        return click_and_settle(page, "button[data-arg='skip']")
    raise AssertionError("no decision found on the page: " + page.inner_text("#status"))


def test_whole_game_against_bots_with_restock_and_discard_ends_on_the_score_sheet(page, site):
    open_page(page, site + "?game=phopho&seats=human,normal,easy&seed=5&speed=instant")
    assert page.locator(".player").count() == 3
    assert page.locator(".pp-customer").count() == 3 and page.locator(".pp-customer.pp-active").count() == 1
    seen = set()
    decisions = 0
    while not wait_my_turn_or_end(page):
        play_my_turn(page, seen)
        decisions += 1
        assert decisions < 400
    assert {"restock", "marking", "discard"} <= seen  # a Restock with its discard step
    assert "Game over" in page.inner_text("#status")
    sheet = page.locator("table.score-sheet")
    headers = [re.sub(r" ★$", "", h) for h in sheet.locator("thead th").all_inner_texts()[1:]]
    assert headers == ["Player 1", "Normal bot 2", "Easy bot 3"]
    labels = sheet.locator("tbody th").all_inner_texts()
    assert labels[-1] == "Total" and "The King" in labels
    totals = [int(v) for v in sheet.locator("tbody tr").last.locator("td").all_inner_texts()]
    assert totals == [int(re.sub(r"\D", "", s)) for s in page.locator(".player .score").all_inner_texts()]
    assert "The King" in page.inner_text(".sheet") and "goes to" in page.inner_text(".sheet")
    assert page.locator(".pp-reveal-seat").count() == 3  # every Loyal Customer revealed
    log = page.inner_text(".log")
    assert "The King arrives" in log and "Final turn" in log


def test_selecting_lights_up_customers_and_a_second_click_or_undo_puts_the_card_back(page, site):
    open_page(page, site + "?game=phopho&seats=human,easy&seed=16&speed=instant")
    wait_my_turn_or_end(page)
    assert "Serve (select cards in your hand) or Restock" in page.inner_text("#status")
    noodle = page.locator(".pp-card.legal[data-arg^='noodle1']")
    assert noodle.count(), "seed 16 deals a Noodle to the human, who starts"
    click_and_settle(page, ".pp-card.legal[data-arg^='noodle1']")
    assert page.locator(".pp-card.pp-selected").count() == 1
    assert page.locator(".pp-customer.legal").count() >= 1  # the empty bowls light up
    assert page.locator("button[data-arg='restock']").count() == 0
    click_and_settle(page, ".pp-card.pp-selected")
    assert page.locator(".pp-card.pp-selected").count() == 0 and page.locator(".pp-customer.legal").count() == 0
    assert page.locator("button[data-arg='restock']").count() == 1
    assert page.locator("button[data-act='undo']").get_attribute("aria-disabled") == "true"
    click_and_settle(page, ".pp-card.legal[data-arg^='noodle1']")  # the shell's Undo takes a selection back too
    assert page.locator("button[data-act='undo']").get_attribute("aria-disabled") is None
    click_and_settle(page, "button[data-act='undo']")
    assert page.locator(".pp-card.pp-selected").count() == 0 and page.locator("button[data-act='undo']").get_attribute("aria-disabled") == "true"
    unplayable = page.locator(".pp-card:not(.legal)")
    if unplayable.count():
        unplayable.first.click()
        assert page.locator(".notice[role='alert'] button.rule-link[data-arg^='PP-']").count()  # the rule, as a link


def test_two_humans_pass_the_device_behind_the_cover(page, site):
    open_page(page, site + "?game=phopho&seats=human,normal,human&seed=4&speed=instant")
    covers = []
    for _ in range(3):
        page.wait_for_selector(".cover")
        assert page.locator(".pp-hand").count() == 0  # nothing private under the cover
        name = page.inner_text(".cover h2").replace("Pass the device to ", "")
        covers.append(name)
        page.click(".cover button[data-act='ready']")
        page.wait_for_selector(".pp-hand")
        assert "Your turn, " + name in page.inner_text("#status")
        click_and_settle(page, "button[data-arg='restock']")
        while page.locator("button[data-arg='skip']").count() or "discard down to" in page.inner_text("#status").lower() \
                or page.locator("button[data-arg='discard']").count():
            play_my_turn(page, set())
    assert covers[0] != covers[1] and covers[1] != covers[2]
    assert set(covers) == {"Player 1", "Player 3"}


# Every face on the table as the page draws it: [data-face], the picture of the sprite it names
# (drawn: its symbol was found), and its words (its own aria-label, or the labelled button or
# picture it sits in).
FACES = """() => [...document.querySelectorAll('#game [data-face]')].map(f => {
  const use = f.querySelector(':scope > img.pic');
  const owner = f.closest('button') || f.closest('[role=img][aria-label]');
  return {face: f.dataset.face, href: use && use.getAttribute('src'), label: f.getAttribute('aria-label'),
          named: !!(f.getAttribute('aria-label') || (owner && (owner.getAttribute('aria-label') || owner.textContent.trim()))),
          drawn: !!use && use.complete && use.naturalWidth > 0,
          where: f.closest('.pp-hand') ? 'hand' : f.closest('.pp-served') ? 'bowl' : f.closest('.pp-piles') ? 'piles'
            : f.closest('.pp-tastes') ? 'taste' : f.closest('.pp-wants') ? 'wants' : f.closest('.pp-customer') ? 'customer' : f.closest('.pp-tokens') ? 'token' : 'other'};
})"""
# Pictures drawn outside a face (an icon that is no card, customer or token) and text icons left.
LOOSE = "() => [...document.querySelectorAll('#game :is(.board, .player) :is(svg, img)')].filter(s => !s.closest('[data-face]')).map(s => s.outerHTML.slice(0, 80))"


def test_cards_customers_bowls_bills_tokens_and_backs_are_pictures_of_the_sprite(page, site):
    open_table_with_pictures(page, site + "?game=phopho&seats=human,easy&seed=16&speed=instant", "phopho", wait_my_turn_or_end)
    faces = page.evaluate(FACES)
    assert all(f["href"] and f["href"].startswith("www/art/phopho.svg#") and f["drawn"] and f["named"] for f in faces), faces
    assert page.evaluate(LOOSE) == []
    where = {}
    for f in faces:
        where.setdefault(f["where"], []).append(f["face"])
    # The hand: each card a button that is its face, value in the corner, the kind's picture.
    cards = page.locator(".pp-hand button.pp-card")
    assert cards.count() == 6 and len(where["hand"]) == 6
    for card in cards.all():
        assert card.get_attribute("data-face") and card.locator(":scope > img.pic").count() == 1
        kind = card.locator(":scope > img.pic").get_attribute("src").split("#")[1]
        assert "pp-k-" + kind in card.get_attribute("class").split()
    # Three customers, each a person with a loved (a heart) and a hated ingredient (crossed out).
    assert len(where["customer"]) == 3 and len(where["taste"]) == 6
    for customer in page.locator(".pp-customer").all():
        portrait = customer.locator(".pp-portrait[data-face]")
        assert portrait.count() == 1 and "customer (loves" in portrait.get_attribute("aria-label")
        assert customer.locator(".pp-loved[data-face] img.pic[src$='#loves']").count() == 1
        assert customer.locator(".pp-hated[data-face] img.pic[src$='#hates']").count() == 1
    # What finishes an order, drawn as empty places beside the bowl: a 5, and a Bill unless hated.
    for wants in page.locator(".pp-wants").all():
        assert wants.get_attribute("aria-label").startswith("Finished by") and wants.locator(".pp-want-5").count() == 1
    assert where["wants"] == ["wanted-bill"] * page.locator(".pp-wants[aria-label='Finished by a Bill and a 5']").count()
    # Face-down piles: the draw pile and the customer deck are backs; two players' six tokens.
    assert where["piles"].count("back") == 2
    assert sorted(where["token"]) == ["mad"] * 12
    # A Noodle served: it lies in the customer's bowl as a small card face.
    click_and_settle(page, ".pp-card.legal[data-arg^='noodle1']")
    click_and_settle(page, ".pp-targets button")
    page.wait_for_function(PICTURES_DRAWN)
    bowl = [f for f in page.evaluate(FACES) if f["where"] == "bowl"]
    assert [f["face"] for f in bowl] == ["noodle1"] and bowl[0]["label"] == "Noodle 1", bowl
