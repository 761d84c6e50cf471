"""Hội Phố's bots: decisions from the view alone, sensible skill choices, Normal above Easy
(the 200-game win rates of every pairing are in bench/RESULTS.md)."""

import random

import pytest

from games.hoipho import GAME
from games.hoipho import bots as hpbots
from tabletop import bots as botlib
from tabletop.simulate import simulate

from test_hoipho_rules import last_turn, play


@pytest.fixture
def unhurried(monkeypatch):
    """Decisions reproducible on a busy machine: the time guard never cuts a search short."""
    monkeypatch.setattr(hpbots, "HARD_TIME_BUDGET", 60.0)


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_bots_decide_from_the_view_alone(level, unhurried):
    """The same view gives the same decision whatever the hidden hands and picks are."""
    state = GAME.start(4, {}, 5)
    GAME.apply(state, 1, "play:" + state["hands"][1][0])
    worlds = [state] + [GAME.scramble(state, 0, random.Random(k)) for k in (1, 2)]
    assert len({repr(w["hands"][1:]) for w in worlds}) > 1  # the hidden hands do differ
    picks = {botlib.choose(GAME, level, GAME.view(w, 0), 0, GAME.legal_actions(w, 0), random.Random(9)) for w in worlds}
    assert len(picks) == 1


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_the_horse_swaps_with_the_richest_when_it_wins_the_round(level, unhurried):
    # Last turn: the Horse (7) is lowest; after the ranking P1 is far ahead, P0 far behind.
    state = last_turn([["m7", "s1"], ["m12", "s2"], ["m11", "s3"], ["m9", "s4"]], [1, 7, 3, 2])
    play(state, 7, 12, 11, 9)
    assert state["decision"]["skill"] == "horse" and state["coins"] == [1, 9, 4, 2]
    for _ in range(2):
        legal = GAME.legal_actions(state, 0)
        GAME.apply(state, 0, botlib.choose(GAME, level, GAME.view(state, 0), 0, legal, random.Random(3)))
    assert state["rounds"][-1]["coins"][0] == 9 and state["rounds"][-1]["taker"] == 0


@pytest.mark.parametrize("level", ["normal", "hard"])
def test_the_snake_steals_from_the_player_it_must_beat(level, unhurried):
    state = last_turn([["m6", "s1"], ["m12", "s2"], ["m11", "s3"], ["m9", "s4"]], [3, 4, 2, 1])
    play(state, 6, 12, 11, 9)  # Pig +2 (P1 6), Dog +1 (P2 3), Monkey, Snake lowest
    action = botlib.choose(GAME, level, GAME.view(state, 0), 0, GAME.legal_actions(state, 0), random.Random(4))
    assert action == "target:1"  # only stealing from P1 (6) makes P0 (3) the richest


def test_normal_beats_easy():
    rates = simulate(GAME, ["normal", "easy", "easy", "easy"], 60, seed=1).by_level()
    assert rates["normal"][0] > 1.4 * rates["easy"][0]  # win share per seat
    assert rates["normal"][1] > 1.2 * rates["easy"][1]  # contracts per game


def test_win_chance_from_contracts():
    assert hpbots.win_chance([0, 0, 0, 0], 0) == pytest.approx(0.25)
    assert hpbots.win_chance([2, 0, 0], 0) > hpbots.win_chance([1, 0, 0], 0) > hpbots.win_chance([0, 1, 0], 0)
