"""Coffee Rush's bots: they decide from the view alone (the deck order never matters to them), a
seed reproduces a decision, Normal walks to serve the most urgent order it can and pours with a
plan, and Hard looks further than Normal."""

import random

from games.coffeerush import GAME, bots
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
