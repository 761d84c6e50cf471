"""A redraw in the real page replaces only the parts of the table that a move changed (issue 36:
the browser's parsing of the whole table was most of a click's time): what did not change is the
very same element afterwards, a move's log line is inserted above the old ones, and the page so
patched, move after move, is the page a fresh visit draws whole."""

import re

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from conftest import next_frame, open_page

pytestmark = pytest.mark.browser

MY_TURN = "() => (document.querySelector('#status') || {textContent: ''}).textContent.startsWith('Your turn') && !document.querySelector('.thinking')"

# Every element of the parts below gets an expando (not an attribute: the markup stays as drawn);
# after a move, the ones still carrying it were left in place.
TAG_ELEMENTS = """sel => { for (const el of document.querySelectorAll(sel)) el.__kept = true; }"""
KEPT = """sel => [...document.querySelectorAll(sel)].map(el => el.__kept === true)"""
DRAWN = """() => ['.players', '.board', '.log-list'].map(sel => document.querySelector(sel).outerHTML)"""


def drawn(page):
    # What a move's animation adds after the redraw (anim-in) is not markup of the page.
    return [re.sub(r' class=""', "", re.sub(r" ?\banim-in(?:-again)?(?![\w-])", "", html)) for html in page.evaluate(DRAWN)]


def test_a_move_replaces_only_the_parts_it_changed_and_the_page_matches_a_fresh_draw(page, site):
    open_page(page, site + "?game=coffeerush&seats=human,easy,easy,easy&seed=1&speed=instant")
    for move in range(6):
        page.wait_for_function(MY_TURN)
        page.evaluate(TAG_ELEMENTS, ".log-list > li, .board, .board *, .log h2")
        old_lines = page.locator(".log-list > li").count()
        moves = int(page.get_attribute("#game", "data-moves"))
        choices = page.locator(".board button[data-act=play]:not([disabled])")
        choices.nth(move % choices.count()).click()
        page.wait_for_function("n => +document.querySelector('#game').dataset.moves > n", arg=moves)
        page.wait_for_function(MY_TURN)
        lines = page.evaluate(KEPT, ".log-list > li")
        # The old lines are the same elements, under the new ones; in the board, what the move
        # changed was drawn again, and the rest is as it was.
        new = len(lines) - old_lines
        assert new > 0 and lines[new:] == [True] * old_lines and not any(lines[:new]), lines
        assert page.evaluate(KEPT, ".board") == [True]
        board = page.evaluate(KEPT, ".board *")
        assert False in board and True in board, board
        assert page.evaluate(KEPT, ".log h2") == [True]  # between the parts: never drawn again
    patched = drawn(page)
    fresh = page.context.new_page()
    open_page(fresh, page.url)  # the same game, from its save, drawn whole
    fresh.wait_for_function(MY_TURN)
    assert drawn(fresh) == patched
    fresh.close()


def test_a_clicked_card_stays_under_the_finger_when_the_news_above_it_goes(page, site):
    """The bots' news sits above the table; the player's move makes it old and it goes, which
    would pull the card just picked from under the finger. The page scrolls by as much, before
    that frame is painted, so a second tap on the same spot puts the card back."""
    page.set_viewport_size({"width": 390, "height": 844})
    open_page(page, site + "?game=phopho&seats=easy,human&seed=1&speed=instant")
    page.wait_for_function(MY_TURN)
    news = page.eval_on_selector(".news", "el => el.getBoundingClientRect().height")
    assert news > 20, "the bots' moves are news above the table"
    card = ".pp-hand button.pp-card.legal >> nth=0"
    top = page.locator(card).evaluate("el => { el.scrollIntoView({block: 'center'}); return el.getBoundingClientRect().top; }")
    scrolled = page.evaluate("() => scrollY")
    # Without Chromium's own scroll anchoring, as in Safari: the app keeps the card in place itself.
    page.add_style_tag(content="* { overflow-anchor: none !important; }")
    page.click(card)
    raised = ".pp-hand .pp-selected"
    page.wait_for_selector(raised)
    next_frame(page)
    assert page.eval_on_selector(".news", "el => el.getBoundingClientRect().height") < news / 2, "the news went"
    # Its top is where it was, to the pixel, but for the 10 px it rises by (a transform, in a
    # transition).
    moved = page.eval_on_selector(raised, "el => el.getBoundingClientRect().top - new DOMMatrix(getComputedStyle(el).transform).m42") - top
    assert abs(moved) < 1, "the picked card moved {} px from under the finger".format(moved)
    assert page.evaluate("() => scrollY") < scrolled - 100, "the page scrolled up by the news that went"


def test_an_element_kept_by_the_redraws_animates_at_each_of_its_changes(page, site):
    """A cup or a score that a redraw keeps (it replaces only what changed) plays its animation
    each time its words change, not only the first time: re-adding a class restarts nothing."""
    open_page(page, site + "?game=coffeerush&seats=easy,easy&seed=3")
    page.evaluate("""() => {
      document.addEventListener('animationstart', e => {
        if (e.animationName.startsWith('anim-in')) e.target.__animations = (e.target.__animations || 0) + 1; });
      const text = new Map();  // each element marked data-anim -> its words at the last redraw
      new MutationObserver(() => {
        for (const el of document.querySelectorAll('#game [data-anim]')) {
          if (text.has(el) && text.get(el) !== el.textContent) el.__changes = (el.__changes || 0) + 1;
          text.set(el, el.textContent);
        }
      }).observe(document.getElementById('app'), {subtree: true, childList: true, characterData: true});
    }""")
    # The deck's count of orders: one element, kept, its words changed at each draw.
    deck = "document.querySelector('#game [data-anim=cr-deck]')"
    page.wait_for_function("() => (%s || {}).__changes >= 2" % deck, timeout=90_000)
    try:  # each change's animation starts at the next frame
        page.wait_for_function("() => (%s.__animations || 0) >= %s.__changes" % (deck, deck), timeout=5_000)
    except PlaywrightTimeout:
        pass  # the assertion says what was seen
    changes, animations = page.evaluate("() => [%s.__changes, %s.__animations || 0]" % (deck, deck))
    assert changes >= 2 and animations >= changes, (changes, animations)
