"""Every modal dialog keeps the keyboard inside while it is open: Tab and Shift+Tab cycle through
its controls and never reach the page behind, Escape closes it where closing makes sense, and
the focus goes back to the control that opened it (WAI-ARIA dialog pattern)."""

import pytest

from conftest import open_page

pytestmark = pytest.mark.browser


@pytest.fixture(autouse=True)
def quick_failure(page):
    page.set_default_timeout(20000)  # every wait here is on a local page: fail fast

IN_MODAL = "() => !!document.activeElement && !!document.activeElement.closest('[aria-modal=true]')"
FOCUSED = "() => { const el = document.activeElement; return el ? (el.id || el.dataset.act || el.name || el.tagName) : null; }"
CONTROLS = """sel => [...document.querySelector(sel).querySelectorAll('button, input, select, textarea, a[href]')]
    .filter(el => !el.disabled && el.offsetParent !== null).length"""


def open_by_keyboard(page, opener):
    """Focus `opener` as a keyboard player would reach it, press Enter."""
    page.focus(opener)
    page.keyboard.press("Enter")


def cycles_inside(page, modal):
    """Tab, then Shift+Tab, twice round the dialog: the focus never leaves it and comes round."""
    page.wait_for_function(IN_MODAL)  # the dialog took the focus when it opened
    count = page.evaluate(CONTROLS, modal)
    assert count >= 1
    for key in ("Tab", "Shift+Tab"):
        seen = []
        for _ in range(2 * count + 1):
            page.keyboard.press(key)
            assert page.evaluate(IN_MODAL), "{} left the dialog: focus on {}".format(key, page.evaluate(FOCUSED))
            seen.append(page.evaluate(FOCUSED))
        assert len(set(seen)) == count, seen  # every control of the dialog, round and round
        assert seen[:count] == seen[count:2 * count]


def test_new_game_dialog_keeps_the_focus_and_escape_returns_it(page, site):
    open_page(page, site)
    opener = "[data-act=new][data-arg=stemandbranch]"
    open_by_keyboard(page, opener)
    page.wait_for_selector("#new-game")
    cycles_inside(page, "#new-game")
    page.keyboard.press("Escape")
    page.wait_for_selector("#new-game", state="detached")
    assert page.evaluate("sel => document.activeElement.matches(sel)", opener)


def test_share_dialog_keeps_the_focus_and_escape_returns_it(page, site):
    open_page(page, site + "?game=thenumber&seats=human,easy&seed=3&speed=instant")
    open_by_keyboard(page, "[data-act=share]")
    page.wait_for_selector("[aria-labelledby=share-title]")
    cycles_inside(page, "[aria-labelledby=share-title]")
    page.keyboard.press("Escape")
    page.wait_for_selector("[aria-labelledby=share-title]", state="detached")
    assert page.evaluate("() => document.activeElement.dataset.act") == "share"
    # closed with its own button, the focus comes back the same way
    open_by_keyboard(page, "[data-act=share]")
    page.wait_for_function(IN_MODAL)
    page.focus("[data-act=close-share]")
    page.keyboard.press("Enter")
    page.wait_for_selector("[aria-labelledby=share-title]", state="detached")
    assert page.evaluate("() => document.activeElement.dataset.act") == "share"


def test_confirmation_of_a_hurtful_move_keeps_the_focus(page, site):
    # Phở Phở, seed 1: serving this bowl to customer 1 gives a hated ingredient, so the page asks.
    open_page(page, site + "?game=phopho&seats=human,easy&seed=1&speed=instant")
    for card in ("noodle1i", "beef2c", "chili3c"):
        page.click("[data-act=pp-card][data-arg='{}']".format(card))
    open_by_keyboard(page, "[data-act=play][data-arg='serve@1']")
    page.wait_for_selector("#confirm-move")
    cycles_inside(page, "#confirm-move")
    page.keyboard.press("Escape")  # Escape answers "Cancel"
    page.wait_for_selector("#confirm-move", state="detached")
    assert page.evaluate("() => document.activeElement.dataset.arg") == "serve@1"


def test_pass_the_device_cover_keeps_the_focus_on_its_button(page, site):
    open_page(page, site + "?game=stemandbranch&seats=human,human&seed=6&speed=instant")
    if page.locator(".cover").count():
        page.click(".cover button")
    for _ in range(2):
        page.click("button[data-arg^='draw:']")
    if page.locator("button[data-arg^='discard:']").count():
        page.click("button[data-arg^='discard:']")
    page.wait_for_selector(".cover")
    cycles_inside(page, ".cover")
    page.keyboard.press("Escape")  # nothing to close: the next player must say who they are
    assert page.locator(".cover").count() == 1 and page.evaluate(IN_MODAL)
