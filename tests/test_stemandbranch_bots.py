"""Stem and Branch bots: decisions from the view alone (never hidden hands or the deck order),
legal moves in both modes, and the levels' order over short fixed-seed series (the 200-game
figures are in bench/)."""

import random

import pytest

from games import GAMES
from games.stemandbranch import bots as sbbots
from tabletop import bots as botlib
from tabletop.simulate import play_game, simulate
from test_stemandbranch_rules import table

GAME = GAMES["stemandbranch"]


def mid_game(players, options, seed, plies=40):
    state = GAME.start(players, options, seed)
    for _ in range(plies):
        seat = GAME.to_act(state)[0]
        GAME.apply(state, seat, botlib.choose(GAME, "normal", GAME.view(state, seat), seat, GAME.legal_actions(state, seat)))
    return state


@pytest.mark.parametrize("options", [{}, {"mode": "coop"}])
def test_bots_decide_from_the_view_alone(options):
    for seed in (1, 2):
        state = mid_game(3, options, seed)
        seat = GAME.to_act(state)[0]
        for level in ("normal", "hard"):
            picks = {botlib.choose(GAME, level, GAME.view(s, seat), seat, GAME.legal_actions(s, seat), random.Random(9))
                     for s in (state, GAME.scramble(state, seat, random.Random(1)), GAME.scramble(state, seat, random.Random(2)))}
            assert len(picks) == 1


@pytest.mark.parametrize("options,players", [({"mode": "coop"}, 1), ({"mode": "coop"}, 2), ({}, 3)])
def test_every_level_plays_legal_games_in_both_modes(options, players):
    for level in ("easy", "normal"):
        assert GAME.is_over(play_game(GAME, [level] * players, seed=players, options=options))


def test_hard_reproduces_a_decision_from_its_seed():
    state = mid_game(4, {}, 5)
    seat = GAME.to_act(state)[0]
    view, legal = GAME.view(state, seat), GAME.legal_actions(state, seat)
    assert len({sbbots.hard(GAME, view, seat, legal, random.Random(3)) for _ in range(2)}) == 1


def test_normal_takes_a_free_summon_that_scores():
    # Tiger r1 (Fire) beside Rabbit r1 (Fire) costs 0 and takes the Tiger token: Normal summons it
    state = table(players=2, hands=[[3], []], board={"a1": [4]}, row=[40, 41, 42])
    legal = GAME.legal_actions(state, 0)
    assert "summon:3" in legal and "draw:deck" in legal
    assert sbbots.normal(GAME, GAME.view(state, 0), 0, legal, random.Random(1)) == "summon:3"


def test_levels_in_order_competitive_and_coop():
    assert simulate(GAME, ["normal", "easy"], 10, seed=21).by_level()["normal"][0] >= 0.8
    coop = {level: simulate(GAME, [level], 6, seed=3, options={"mode": "coop"}).by_level()[level][1]
            for level in ("easy", "normal")}
    assert coop["normal"] > coop["easy"]
