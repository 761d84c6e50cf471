"""The worker's context that tests asking only for `page` share (conftest.WorkerContext): the
next test finds it as a fresh one, with the start-up snapshot still in it."""

import pytest

from conftest import open_page, wait_app_lobby

pytestmark = pytest.mark.browser

SAVED = "() => Object.keys(localStorage).length"


def test_a_test_leaves_no_save_to_the_next_and_the_next_starts_from_the_snapshot(worker_context, site):
    context = worker_context.borrow()
    page = context.new_page()
    open_page(page, site + "?game=thenumber&seats=human,easy&seed=3")
    page.wait_for_selector("#game")
    page.evaluate("() => localStorage.setItem('left-behind', 'x')")
    assert page.evaluate(SAVED) > 1  # the game's save and the line above
    worker_context.give_back()
    assert worker_context.context is context and context.pages == []  # washed, not thrown away

    page = worker_context.borrow().new_page()
    wait_app_lobby(open_page(page, site))
    assert page.get_attribute("html", "data-start") == "snapshot"
    assert page.evaluate(SAVED) == 0 and page.locator(".saves tr[data-save]").count() == 0
    worker_context.give_back()


def test_a_test_that_went_to_another_origin_gets_its_context_thrown_away(worker_context, site):
    context = worker_context.borrow()
    page = context.new_page()
    page.goto(site.replace("127.0.0.1", "localhost") + "www/icon.svg")  # another origin
    worker_context.give_back()
    assert worker_context.context is None
    assert worker_context.borrow() is not context
    worker_context.give_back()
