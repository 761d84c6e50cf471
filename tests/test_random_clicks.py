"""The random clicker on CPython: the same shell (App and every registered renderer) driven by
random enabled clicks read from the rendered HTML, random keys, bots run now or later (clicks
while a bot moves), the lobby and back. Thousands of steps a second, so it finds what the page
test (test_browser_random_clicks.py) would need hours for, e.g. a take-back that replays an
illegal move. It fails on any exception escaping a handler, a human seat to act with nothing
to click, or a save that differs from the game in memory. SOAK=1 runs far longer."""

import html
import json
import os
import random
import re

import pytest

from games import GAMES
from tabletop import saves

from test_app import open_app

SOAK = os.environ.get("SOAK") == "1"
SEEDS = range(1, 41) if SOAK else range(1, 4)
STEPS = 1_500 if SOAK else 600
KEYS = ("Escape", "Enter", "ArrowLeft", "ArrowRight", "ArrowUp", "1", "5", "9", "+", "-", "0", "Backspace", " ")
SHELL = {"undo", "share", "rules", "lobby", "dismiss", "copy", "close-share", "replay-this", "rematch", "reload-save",
         "save-copy", "ready"}
TAG = re.compile(r"<(?:button|a|div|li|span|section|svg|g|rect|td)\b[^>]*\bdata-act=\"[^\"]*\"[^>]*>")
ACT = re.compile(r'\bdata-act="([^"]*)"')
ARG = re.compile(r'\bdata-arg="([^"]*)"')
DISABLED = re.compile(r"\sdisabled(?=[\s>])")
PRESSED = re.compile(r'aria-pressed="true"')


def clickables(markup):
    """(act, arg, pressed) of every enabled element with a data-act, as the page's listener sees them."""
    found = []
    for element in TAG.findall(markup):
        if DISABLED.search(element):
            continue
        arg = ARG.search(element)
        found.append((html.unescape(ACT.search(element).group(1)), html.unescape(arg.group(1)) if arg else None,
                      bool(PRESSED.search(element))))
    return found


def seats_for(game, rng):
    info = game.info
    low, high = info.player_range()  # with the default options
    players = rng.randint(low, min(high, 4))
    return ",".join(["human"] + [rng.choice(("human", "easy", "normal")) for _ in range(players - 1)])


def check(app, platform, storage, where):
    assert "Something went wrong" not in platform.text, where
    match = app.match
    if app.screen != "game" or match is None:
        return
    stored = storage.data.get(saves.KEY_PREFIX + app.save_id)
    if app.conflict is None and stored is not None:
        assert json.loads(stored)["actions"] == match.history, "{}: the save differs from the game in memory".format(where)
    if not match.is_over() and app.cover is None and app.viewer in match.to_act():
        own = [c for c in clickables(platform.html) if c[0] not in SHELL]
        assert own, "{}: a human seat to act with nothing to click".format(where)


def step(app, platform, rng):
    roll = rng.random()
    if roll < 0.1:
        app.key(rng.choice(KEYS))
        return "key"
    if roll < 0.25 and platform.queue:  # a bot's move comes due between two clicks
        platform.queue.pop(0)()
        return "bot"
    found = clickables(platform.html)
    if not found:
        platform.run()
        return "wait"
    pressed = [c for c in found if c[2]]
    own = [c for c in found if c[0] not in SHELL]
    pool = pressed if pressed and rng.random() < 0.2 else own if own and rng.random() < 0.85 else found
    act, arg, _ = rng.choice(pool)
    if act in ("copy",) or (act == "lobby" and rng.random() < 0.8):
        return "skip"
    if act == "import":
        return "skip"
    app.handle(act, arg)
    # A double click: the second click lands on the redrawn page, where the same thing may be.
    if rng.random() < 0.1 and any(c[:2] == (act, arg) for c in clickables(platform.html)):
        app.handle(act, arg)
        return "double {}:{}".format(act, arg)
    return "{}:{}".format(act, arg)


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_random_clicks_through_the_shell(game_id, seed):
    rng = random.Random("cpython-{}-{}".format(game_id, seed))
    app, platform, storage = open_app({"game": game_id, "seats": seats_for(GAMES[game_id], rng), "seed": str(seed),
                                       "speed": "instant"})
    done = []
    for number in range(STEPS):
        try:
            done.append(step(app, platform, rng))
        except Exception as err:  # in the page, the shell's "Something went wrong"
            raise AssertionError("{} seed {} step {} after {}: {}: {}".format(
                game_id, seed, number, done[-6:], type(err).__name__, err)) from err
        check(app, platform, storage, "{} seed {} step {}: {}".format(game_id, seed, number, done[-6:]))
    platform.run()
    check(app, platform, storage, "{} seed {} at the end".format(game_id, seed))
    if app.screen == "game":  # the save reloads to the very game in memory
        again = saves.load(storage.data[saves.KEY_PREFIX + app.save_id], GAMES)
        assert again.state == app.match.state and again.history == app.match.history
