"""A seeded, bounded random clicker on the real page, for every registered game (a game added
later is covered without touching this file): random enabled clicks (single, double), random
keys, the lobby and back. It fails on an exception escaping a handler (a page error or the
shell's "Something went wrong"), a human seat to act with nothing to click, or a save that
differs from the game in memory (moves counted at every step, the whole game after a reload).
Some clicks are stale (issue 27): a control of the previous page, dispatched to the app's click
handler as if it were still there.

A quick run by default; SOAK=1 (`make soak`) runs many seeds and many more steps."""

import os
import random

import pytest

from conftest import open_page
from games import GAMES

pytestmark = pytest.mark.browser

SOAK = os.environ.get("SOAK") == "1"
SEEDS = range(1, 9) if SOAK else (1,)
STEPS = 300 if SOAK else 30
KEYS = ("Escape", "Enter", "ArrowLeft", "ArrowUp", "1", "5", "+", "-", "0", "Backspace", " ")
SKIP = ("copy",)
TABLE = "#game .board [data-act]:not([disabled]), #game .players [data-act]:not([disabled])"
PRESSED = "#game [data-act][aria-pressed='true']:not([disabled])"  # the clipboard: nothing to check, and headless Chromium may refuse it

# The page as the checks need it: the enabled things to click, and the state of saves.
SNAPSHOT = """() => {
  const root = document.getElementById('game');
  const q = new URLSearchParams(location.search);
  const text = q.get('save') && localStorage.getItem('tabletop.save.' + q.get('save'));
  let stored = null;
  try { stored = text ? JSON.parse(text).actions.length : null; } catch (e) { stored = 'unreadable'; }
  const status = document.getElementById('status');
  return {
    clickable: [...document.querySelectorAll('[data-act]:not([disabled])')].filter(el => el.offsetParent !== null || el.getClientRects().length).length,
    inTable: document.querySelectorAll('#game .board [data-act]:not([disabled]), #game .players [data-act]:not([disabled]), #game .board input, #game .board select').length,
    status: status ? status.innerText : '',
    cover: !!document.querySelector('.cover'),
    moves: root ? Number(root.dataset.moves) : null,
    replay: !!document.querySelector('.replay-controls'),
    stored: stored,
    notices: [...document.querySelectorAll('.notice')].map(n => n.innerText),
    controls: [...document.querySelectorAll('#app [data-act]:not([disabled])')].map(el => [el.dataset.act, el.getAttribute('data-arg')]),
  };
}"""
# A control of an earlier page clicked now: a button that is no longer drawn, given to the app's
# own click listener (on the document) as a click on a hidden copy outside the app's content.
STALE_CLICK = """([act, arg]) => {
  const el = document.createElement('button');
  el.type = 'button';
  el.hidden = true;
  el.dataset.act = act;
  if (arg !== null) el.setAttribute('data-arg', arg);
  document.body.appendChild(el);
  el.click();
  el.remove();
}"""


def seats_for(game, rng):
    info = game.info
    low, high = info.player_range()  # with the default options
    players = rng.randint(low, min(high, 4))
    kinds = ["human"] + [rng.choice(("human", "easy", "normal")) for _ in range(players - 1)]
    return ",".join(kinds)


def check(page, where):
    assert not page.errors, "{}: errors on the page: {}".format(where, page.errors)
    snap = page.evaluate(SNAPSHOT)
    broken = [n for n in snap["notices"] if "Something went wrong" in n]
    assert not broken, "{}: {}".format(where, broken)
    if snap["moves"] is not None and not snap["replay"] and snap["stored"] is not None:
        assert snap["stored"] == snap["moves"], "{}: the save holds {} moves, the game in memory {}".format(
            where, snap["stored"], snap["moves"])
    if snap["status"].startswith("Your turn") and not snap["cover"]:
        assert snap["inTable"], "{}: a human seat to act with nothing to click: {}".format(where, snap["status"])
    return snap


def viewer_of(page):
    return page.evaluate("() => { const v = document.querySelector('.player.viewer'); return v ? v.dataset.seat : null; }")


def random_step(page, rng, previous):
    roll = rng.random()
    if roll < 0.12:
        page.keyboard.press(rng.choice(KEYS))
        return "key"
    stale = [c for c in previous if c[0] not in SKIP + ("lobby", "import")]
    if roll > 0.9 and stale:
        act, arg = rng.choice(stale)
        page.evaluate(STALE_CLICK, [act, arg])
        return "stale {}:{}".format(act, arg)
    # Mostly the game's own gestures and moves (cards, places, buttons on the table): random
    # sequences of them are where take-backs and half-made plays go wrong.
    # Now and then a selected card again (a take-back), the gesture that undoes and replays.
    pick = rng.random()
    if pick < 0.2 and page.locator(PRESSED).count():
        targets = page.locator(PRESSED)
    elif pick < 0.8 and page.locator(TABLE).count():
        targets = page.locator(TABLE)
    else:
        targets = page.locator("[data-act]:not([disabled])")
    count = targets.count()
    if not count:
        return "none"
    target = targets.nth(rng.randrange(count))
    act = target.get_attribute("data-act") or ""
    if act in SKIP or (act == "lobby" and rng.random() < 0.7):  # the lobby now and then, not half the run
        return "skip"
    try:
        if roll < 0.22:
            target.dblclick(timeout=1500)
        else:
            target.click(timeout=1500)
    except Exception as err:  # the element went away under the pointer (the page re-rendered): fine
        if "Timeout" not in type(err).__name__ and "detached" not in str(err) and "not visible" not in str(err):
            raise
    return act


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_random_clicks_never_break_the_shell(page, site, game_id, seed):
    rng = random.Random("{}-{}".format(game_id, seed))
    open_page(page, site + "?game={}&seats={}&seed={}&speed=instant".format(game_id, seats_for(GAMES[game_id], rng), seed))
    page.set_default_timeout(20_000)
    history = []
    previous = []  # the controls of the page before this one
    for step in range(STEPS):
        page.wait_for_timeout(rng.choice((0, 0, 30, 150)))
        snap = check(page, "{} seed {} step {} after {}".format(game_id, seed, step, history[-3:]))
        if snap["clickable"] == 0:
            break
        history.append(random_step(page, rng, previous))
        previous = [tuple(c) for c in snap["controls"]]
    page.wait_for_function("!document.querySelector('.thinking')")
    before = check(page, "{} seed {} at the end".format(game_id, seed))
    if before["moves"] is not None and not before["replay"]:
        log, viewer = page.inner_text(".log-list"), viewer_of(page)
        page.reload()
        page.wait_for_selector("html[data-ready]", state="attached")
        page.wait_for_selector("#game")
        after = check(page, "{} seed {} after a reload".format(game_id, seed))
        assert after["moves"] >= before["moves"]  # bots may have moved on meanwhile
        # The same game from the save: the same log for the same seat (with several humans the
        # screen may come back to another seat or to the cover, which shows another log).
        if after["moves"] == before["moves"] and viewer_of(page) == viewer:
            assert page.inner_text(".log-list") == log
