"""Stem and Branch bots: decisions from the view alone (never hidden hands or the deck order),
legal moves in both modes, and the levels' order over short fixed-seed series (the 200-game
figures are in bench/)."""

import random

import pytest

from games import GAMES
from games.stemandbranch import bots as sbbots
from games.stemandbranch.data import CARD_OF
from tabletop import bots as botlib
from tabletop.simulate import play_game, simulate
from test_stemandbranch_rules import table
from test_stemandbranch_scrolls import fire_table, sb16, scroll_table

GAME = GAMES["stemandbranch"]


def mid_game(players, options, seed, plies=40):
    state = GAME.start(players, options, seed)
    for _ in range(plies):
        seat = GAME.to_act(state)[0]
        GAME.apply(state, seat, botlib.choose(GAME, "normal", GAME.view(state, seat), seat, GAME.legal_actions(state, seat)))
    return state


@pytest.mark.parametrize("options", [{}, {"mode": "coop"}, {"scrolls": "1"}])
def test_bots_decide_from_the_view_alone(options):
    for seed in (1, 2):
        state = mid_game(3, options, seed)
        seat = GAME.to_act(state)[0]
        for level in ("normal", "hard"):
            picks = {botlib.choose(GAME, level, GAME.view(s, seat), seat, GAME.legal_actions(s, seat), random.Random(9))
                     for s in (state, GAME.scramble(state, seat, random.Random(1)), GAME.scramble(state, seat, random.Random(2)))}
            assert len(picks) == 1


@pytest.mark.parametrize("options,players", [({"mode": "coop"}, 1), ({"mode": "coop"}, 2), ({}, 3), ({"scrolls": "1"}, 3)])
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


def decide(state, level="normal", seat=0):
    return botlib.choose(GAME, level, GAME.view(state, seat), seat, GAME.legal_actions(state, seat), random.Random(1))


def test_SB_22_normal_claims_a_scroll_it_can_use_and_declines_one_that_costs_too_much():
    state = scroll_table(**sb16(years=[3, 0, 0], deck=list(range(40, 61)), box=["Wood1", "Wood2"]))
    GAME.apply(state, 0, "summon:31")
    GAME.apply(state, 0, "at:c2")
    GAME.apply(state, 0, "pay:7")
    assert state["phase"] == "claim" and state["years"][0] == 5
    assert decide(state) == "claim:Wood3"  # early in the game a scroll is used again and again
    late = clone_with(state, deck=[60])  # the last card: hardly a use left for 3 years
    assert decide(late) == "claim:none"


def clone_with(state, **changes):
    from tabletop import clone
    state = clone(state)
    state.update(changes)
    return state


def test_SB_24_normal_activates_a_scroll_when_it_beats_drawing():
    # Fire L2 removes B's Ox (2 cards: 2 years, and B loses the token): better than a blind draw
    state = fire_table(board_tokens={"d4": "Fire"}, deck=list(range(40, 61)))
    assert decide(state) == "scroll:Fire2"
    GAME.apply(state, 0, "scroll:Fire2")
    assert decide(state) == "fire:Ox"


def test_SB_25_normal_refreshes_then_activates():
    # Fire L3 would remove B's Ox, 3 cards (3 years): worth a Wood token (Wood generates Fire)
    state = fire_table(board={"b2": [2, 14, 26]}, deck=list(range(40, 61)), tokens=[{"Wood": 2}, {}, {}],
                       owned=[{"Fire3": False}, {}, {}])
    assert decide(state) == "refresh:Fire3/Wood"
    GAME.apply(state, 0, "refresh:Fire3/Wood")
    assert decide(state) == "scroll:Fire3"


def test_hard_with_scrolls_reproduces_a_decision_and_plays_them():
    state = mid_game(3, {"scrolls": "1"}, 6)
    seat = GAME.to_act(state)[0]
    view, legal = GAME.view(state, seat), GAME.legal_actions(state, seat)
    assert len({sbbots.hard(GAME, view, seat, legal, random.Random(3)) for _ in range(2)}) == 1
    final = play_game(GAME, ["hard", "normal", "easy"], seed=4, options={"scrolls": "1"})
    assert GAME.is_over(final) and any(final["owned"][s] for s in (0, 1))  # the bots claimed scrolls


# --- issue 37: Hard passed up one-item steals and ignored what the open row offered its rivals --
def hard_turn(state, seed, seat=0):
    """Hard plays its whole turn (both main actions, SB-6, and what they ask) on `state`."""
    rng = random.Random(seed)
    while not GAME.is_over(state) and GAME.to_act(state) == [seat]:
        GAME.apply(state, seat, botlib.choose(GAME, "hard", GAME.view(state, seat), seat, GAME.legal_actions(state, seat), rng))
    return state


def open_row_table(hand, tokens, dog_owner):
    """Two players. Stacks at rank 3 (Rat, Ox, Tiger: seat 0's; Pig, Horse, Rooster: seat 1's) and
    Dog r1 on d4, no neighbour. The row: low cards of stacked animals, which no Summon can take
    (SB-8), and Dog r2 (Fire) in slot 6: it Ascends the Dog for 1 item (SB-9: 1 - 0 shared) and
    takes the Dog token from its holder (SB-11)."""
    c = lambda animal, rank: CARD_OF[(animal, rank)]  # noqa: E731
    board = {"a1": [c("Rat", 3)], "a2": [c("Ox", 3)], "b1": [c("Tiger", 3)], "c1": [c("Pig", 3)], "a4": [c("Horse", 3)],
             "b4": [c("Rooster", 3)], "d4": [c("Dog", 1)]}
    row = [c("Rat", 2), c("Ox", 2), c("Tiger", 2), c("Pig", 2), c("Rat", 1), c("Ox", 1), c("Dog", 2), c("Tiger", 1)]
    owner = {"Rat": 0, "Ox": 0, "Tiger": 0, "Pig": 1, "Horse": 1, "Rooster": 1, "Dog": dog_owner}
    return table(players=2, hands=[[c(a, r) for a, r in hand], [c("Horse", 2), c("Rooster", 2)]], board=board, row=row,
                 tokens=tokens, owner=owner, years=[14, 12])


SEEDS = range(6)


def test_SB_11_hard_draws_a_row_card_to_steal_a_token_for_one_item():
    """The rival holds the Dog token; Dog r2 lies in the row and Hard holds a Fire token to pay
    with: drawing it and Ascending the Dog (2 actions) takes the token and scores 4 years. Hard
    used to rank row cards alike and never looked at this one."""
    for seed in SEEDS:
        state = hard_turn(open_row_table([("Goat", 5), ("Snake", 5), ("Monkey", 5)], [{"Fire": 1}, {}], dog_owner=1), seed)
        assert state["owner"]["Dog"] == 0 and state["years"][0] == 14 + 4, seed


def test_SB_11_hard_leaves_the_next_player_no_one_item_steal_in_the_row():
    """Hard holds the Dog token and the rival a Fire token (public, SB-15): Dog r2 left in the row
    lets the rival take the Dog for 1 item. Hard's best turn: Summon Goat r1 (its own new token, 5
    years) and draw Dog r2 out of the rival's reach."""
    for seed in SEEDS:
        state = hard_turn(open_row_table([("Goat", 1), ("Snake", 5), ("Monkey", 5)], [{"Metal": 1}, {"Fire": 1}], dog_owner=0), seed)
        assert CARD_OF[("Dog", 2)] not in state["row"] and state["owner"]["Goat"] == 0, seed
