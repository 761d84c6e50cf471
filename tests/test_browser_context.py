"""The contexts that tests borrow instead of fresh ones (conftest.WorkerContexts: a page's test,
a device of the cross-device tests): the next test finds one as a fresh one, with the start-up
snapshot still in it."""

import pytest

from conftest import open_page, wait_app_lobby

pytestmark = pytest.mark.browser

SAVED = "() => Object.keys(localStorage).length"


def test_a_test_leaves_no_save_to_the_next_and_the_next_starts_from_the_snapshot(worker_contexts, site):
    context = worker_contexts.borrow()
    page = context.new_page()
    open_page(page, site + "?game=thenumber&seats=human,easy&seed=3")
    page.wait_for_selector("#game")
    page.evaluate("() => localStorage.setItem('left-behind', 'x')")
    assert page.evaluate(SAVED) > 1  # the game's save and the line above
    worker_contexts.give_back(context)
    assert context in worker_contexts.idle and context.pages == []  # washed, not thrown away

    again = worker_contexts.borrow()
    assert again is context
    page = again.new_page()
    wait_app_lobby(open_page(page, site))
    assert page.get_attribute("html", "data-start") == "snapshot"
    assert page.evaluate(SAVED) == 0 and page.locator(".saves tr[data-save]").count() == 0
    worker_contexts.give_back(again)


def test_a_context_that_went_to_another_origin_or_was_closed_is_not_lent_again(worker_contexts, site):
    context = worker_contexts.borrow()
    context.new_page().goto(site.replace("127.0.0.1", "localhost") + "www/icon.svg")  # another origin
    worker_contexts.give_back(context)
    assert context not in worker_contexts.idle

    closed = worker_contexts.borrow()
    closed.close()
    worker_contexts.give_back(closed)
    assert closed not in worker_contexts.idle
    fresh = worker_contexts.borrow()
    assert fresh not in (context, closed)
    worker_contexts.give_back(fresh)
