"""Coffee Rush's bots: they decide from the view alone (the deck order never matters to them), a
seed reproduces a decision, Normal walks to serve the most urgent order it can and pours with a
plan, and Hard looks further than Normal."""

import random

from games.coffeerush import GAME, bots
from tabletop import bots as botlib
from tabletop import clone
from test_coffeerush_rules import play, table


def decide(level, state, seed=1):
    seat = state["turn"]
    return bots.POLICIES[level](GAME, GAME.view(state, seat), seat, GAME.legal_actions(state, seat), random.Random(seed))


def test_decisions_come_from_the_view_never_the_deck_order():
    state = table(3, meeples=[["2,2"], ["4,4"], ["1,4"]], tabs={0: ["BM", "MST", "BBI", ""], 1: ["BS", "", "", ""]})
    for level in ("normal", "hard"):
        first = decide(level, state)
        for k in range(4):
            scrambled = GAME.scramble(state, 0, random.Random(k))
            assert decide(level, scrambled) == first
        assert decide(level, state, seed=9) == decide(level, state, seed=9)  # a seed reproduces it


def test_normal_walks_to_serve_the_most_urgent_order():
    # from (1,1): Beans is there; Tab 4 wants Milk+Steam+Ice (2,1)->(2,2)->(2,3), Tab 1 wants Beans+Ice+Ice (out of reach)
    state = table(3, meeples=[["1,1"], ["4,4"], ["4,1"]], tabs={0: ["BII", "", "", "MSI"]})
    actions = []
    while state["turn"] == 0 and state["phase"] in ("move", "pour", "serve"):
        action = decide("normal", state)
        actions.append(action)
        play(state, action)
    assert actions[:4] == ["step:2,1", "step:2,2", "step:2,3", "stop"]
    assert "serve:1@T4" in actions or "serve:2@T4" in actions or "serve:3@T4" in actions
    assert len(state["penalties"][0]) == 0 and len(state["upvotes"][0]) == 1


def test_normal_pours_with_a_plan_and_puts_back_what_serves_nothing():
    state = table(3, meeples=[["3,3"], ["4,4"], ["4,1"]], tabs={0: ["BBM", "", "", ""]})
    state["cups"][0] = [["B", "I", "I"], [], []]
    play(state, "step:3,4", "step:2,4", "stop")  # Ice, Chocolate: no order wants them
    acts = []
    while state["phase"] == "pour":
        action = decide("normal", state)
        acts.append(action)
        play(state, action)
    assert acts[0] == "empty:1"  # a cup that fits no order is emptied
    assert sorted(acts[1:]) == ["back:C", "back:I"]


def turn_starts(seed, players, count):
    """Seat 0's first `count` turn-start positions (a search for Hard) in a game of Normal bots."""
    state, found = GAME.start(players, None, seed), []
    while not GAME.is_over(state) and len(found) < count:
        seat = GAME.to_act(state)[0]
        view, legal = GAME.view(state, seat), GAME.legal_actions(state, seat)
        if seat == 0 and view["phase"] == "move" and view["turn_no"] > 0 and not view["path"] and len(legal) > 1:
            found.append(clone(state))
        GAME.apply(state, seat, bots.normal(GAME, view, seat, legal, None))
    return found


def hard_choice(state, seed=7):
    return bots.hard(GAME, GAME.view(state, 0), 0, GAME.legal_actions(state, 0), random.Random(seed))


def test_hard_searches_as_before_its_caches():
    """Issue 27 made Hard's search about 3 times cheaper (plan_pour's and the walks' answers kept,
    action lists written only for the plans used) without changing a single choice: these are
    the choices of the search before it, with cold caches and warm ones."""
    before = ["meeple:2", "step:3,1", "step:3,2", "meeple:2", "step:3,2",
              "step:1,4", "step:3,3", "step:1,4", "step:3,2", "step:3,2"]
    positions = turn_starts(3, 2, 5) + turn_starts(1, 4, 5)
    bots._POURS.clear(), bots._WALKS.clear(), bots._CONTEXTS.clear()
    assert [hard_choice(s) for s in positions] == before
    assert [hard_choice(s) for s in reversed(positions)] == before[::-1]
    # the caches stay bounded (a phone's memory): they are emptied when full
    assert len(bots._POURS) <= bots.POUR_CACHE_SIZE and len(bots._WALKS) <= bots.WALK_CACHE_SIZE


def test_hard_wall_clock_guard_in_the_app_only(monkeypatch):
    """The app's guard stops Hard after the worlds that fit its time budget (at least one); off,
    as in simulations and tests, it plays every world of its budget whatever the clock says."""
    state = turn_starts(1, 4, 1)[0]
    sampled = []
    real = GAME.sample_state

    def counting(view, seat, rng):
        sampled.append(1)
        return real(view, seat, rng)

    monkeypatch.setattr(GAME, "sample_state", counting)
    monkeypatch.setattr(bots, "HARD_TIME_BUDGET", 0.0)
    hard_choice(state)
    assert len(sampled) == bots.HARD_WORLDS  # the guard is off: worlds are counted
    sampled.clear()
    botlib.use_wall_clock_guard(True)
    try:
        action = hard_choice(state)
    finally:
        botlib.use_wall_clock_guard(False)
    assert len(sampled) == 1 and action in GAME.legal_actions(state, 0)
