"""The random clicker on CPython: the same shell (App and every registered renderer) driven by
random enabled clicks read from the rendered HTML, random keys, bots run now or later (clicks
while a bot moves), the lobby and back. Thousands of steps a second, so it finds what the page
test (test_browser_random_clicks.py) would need hours for, e.g. a take-back that replays an
illegal move. It fails on any exception escaping a handler, a human seat to act with nothing
to click, or a save that differs from the game in memory. Some clicks are stale: a control of
the previous page, or of one several steps back (a double click, a click landing as the page
redraws, issue 27); one that the page now shown does not offer must change nothing in the game.
SOAK=1 runs far longer."""

import html
import json
import os
import random
import re
from collections import deque

import pytest

from games import GAMES
from tabletop import saves

from test_app import open_app

SOAK = os.environ.get("SOAK") == "1"
SEEDS = range(1, 41) if SOAK else range(1, 4)
STEPS = 1_500 if SOAK else 500
STALE = 0.12  # the share of clicks on a control of an earlier page
PAGES = 6  # how many earlier pages a stale click may come from
KEYS = ("Escape", "Enter", "ArrowLeft", "ArrowRight", "ArrowUp", "1", "5", "9", "+", "-", "0", "Backspace", " ")
SHELL = {"undo", "share", "rules", "lobby", "dismiss", "copy", "close-share", "replay-this", "rematch", "reload-save",
         "save-copy", "ready", "hint"}
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
    stored = storage.data.get(saves.KEY_PREFIX + app.current.save_id)
    if app.current.conflict is None and stored is not None:
        assert json.loads(stored)["actions"] == match.history, "{}: the save differs from the game in memory".format(where)
    if not match.is_over() and app.current.cover is None and app.current.viewer in match.to_act():
        own = [c for c in clickables(platform.html) if c[0] not in SHELL]
        assert own, "{}: a human seat to act with nothing to click".format(where)


def stale_click(app, platform, rng, pages, found):
    """A control of an earlier page, clicked now. If the page now shown does not offer it, a
    gesture of the renderer must play nothing (it may still change the view: zoom, a panel), and
    a move button only the move it names, if that is legal now (App.on_play)."""
    earlier = [page for page in list(pages)[:-1] if page]
    if not earlier:
        return None
    act, arg, _ = rng.choice(rng.choice(earlier))
    if act in ("copy", "import", "lobby"):
        return None
    offered = any(c[:2] == (act, arg) for c in found)
    match = app.match
    before = list(match.history) if match is not None else None
    app.handle(act, arg)
    if not offered and match is not None:
        played = [a for _, a in match.history[len(before):]]
        assert match.history[:len(before)] == before and played in ([], [arg] if act == "play" else []), \
            "the stale {}:{} played {}".format(act, arg, played)
    return "stale {}:{}".format(act, arg)


def step(app, platform, rng, pages):
    roll = rng.random()
    if roll < 0.1:
        app.key(rng.choice(KEYS))
        return "key"
    if roll < 0.25 and platform.queue:  # a bot's move comes due between two clicks
        platform.queue.pop(0)()
        return "bot"
    found = clickables(platform.html)
    if not pages or pages[-1] != found:
        pages.append(found)
    if roll < 0.25 + STALE:
        done = stale_click(app, platform, rng, pages, found)
        if done:
            return done
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
    pages = deque(maxlen=PAGES + 1)  # the controls of the last pages drawn, the current one last
    for number in range(STEPS):
        try:
            done.append(step(app, platform, rng, pages))
        except Exception as err:  # in the page, the shell's "Something went wrong"
            raise AssertionError("{} seed {} step {} after {}: {}: {}".format(
                game_id, seed, number, done[-6:], type(err).__name__, err)) from err
        check(app, platform, storage, "{} seed {} step {}: {}".format(game_id, seed, number, done[-6:]))
    platform.run()
    check(app, platform, storage, "{} seed {} at the end".format(game_id, seed))
    if app.screen == "game":  # the save reloads to the very game in memory
        again = saves.load(storage.data[saves.KEY_PREFIX + app.current.save_id], GAMES)
        assert again.state == app.match.state and again.history == app.match.history


def test_stemandbranch_stale_pay_suggested_is_refused_quietly():
    """Issue 27, as reported: two humans and a Normal bot, seed 100. "Pay with ..." clicked
    again from the page drawn before the payment (the summon resolved meanwhile, or another
    summon is being paid) does nothing: no exception, no move, no notice."""
    app, platform, _ = open_app({"game": "stemandbranch", "seats": "human,human,normal", "seed": "100", "speed": "instant"})
    stale = 0
    for _ in range(400):
        platform.run()
        match = app.match
        if match.is_over() or stale >= 3:
            break
        found = [c[:2] for c in clickables(platform.html)]
        ready = [c for c in found if c[0] == "ready"]
        if ready:
            app.handle(*ready[0])
            continue
        pay = [c for c in found if c[0] == "sb-pay-suggested"]
        if pay:
            app.handle(*pay[0])
            if pay[0] not in [c[:2] for c in clickables(platform.html)]:
                before, page = list(match.history), platform.html
                app.handle(*pay[0])  # the previous page's button
                assert match.history == before and platform.html == page and app.notice is None
                stale += 1
            continue
        plays = [arg for act, arg in found if act == "play"]
        choice = ([a for a in plays if a.startswith(("summon:", "at:", "steal:", "claim:none"))] or plays)[0]
        app.handle("play", choice)
    assert stale >= 3, "the game never reached three suggested payments"


def test_stale_shell_buttons_do_nothing():
    """Issue 27: the new-game dialog's and the score sheet's buttons clicked from a page that is
    gone (a double click on Start, Rematch on a game no longer over) change nothing."""
    app, platform, _ = open_app({"game": "thenumber", "seats": "human,easy", "seed": "4", "speed": "instant"})
    match, page = app.match, platform.html
    for act in ("start", "players", "rematch"):
        app.handle(act, None)
        assert app.match is match and platform.html == page and not match.history, act


def test_a_bot_thinking_in_the_game_left_is_not_named_in_the_next_one():
    """A bot of a four-seat game was thinking when the player went to the lobby and started a
    two-seat game: the new table must not name seat 3 (it raised IndexError)."""
    app, platform, _ = open_app({"game": "phopho", "seats": "human,normal,normal,normal", "seed": "3", "speed": "instant"})
    for _ in range(200):
        if app.current.thinking == 3:
            break
        if not platform.queue:
            app.handle("play", app.match.legal(app.current.viewer)[0])
            continue
        platform.queue.pop(0)()
    assert app.current.thinking == 3, "seat 3 never thought"
    app.handle("lobby")
    app.start("thenumber", ["human", "easy"])
    assert "thinking" not in platform.text and app.match.game.info.id == "thenumber"
    platform.run()
