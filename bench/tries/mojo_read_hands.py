"""Mojo, tried 2026-12-06: Hard reads the others' hands from their last play. Knowing the hands
(not the deck) is worth 69.0% against the pinned Hard (bench/tries/mojo_known_hands.py), so
Hard samples READ_POOL worlds, weighs each by how likely each rival's last play of this round was
from the hand that world gives it (the rollouts' own policy as the model: a play it would not make
counts READ_MISS), and searches HARD_WORLDS worlds drawn by those weights.

Who played what is public at the table (every card is played face up); the view has only the
pile, so this try records each play of the round in the state and shows it in the view. Run in
games.mojo.bots by `bench/hard_bench.py --titles mojo --rows old --patch bench/tries/mojo_read_hands.py`."""

import math as _math

from games import GAMES as _GAMES
from tabletop import clone

READ_POOL = 120  # worlds sampled before the reading
READ_TEMPERATURE = 2.0  # a play costing this much more than the model's best is e times less likely
_rules = type(_GAMES["mojo"])
_play_unread, _view_unread = _rules._play, _rules._view


def _play_recorded(self, state, seat, value, events):
    state.setdefault("plays", []).append((state["round"], seat, value, state["pile"][-1]))
    return _play_unread(self, state, seat, value, events)


def _view_with_plays(self, state, seat):
    view = _view_unread(self, state, seat)
    view["plays"] = [p[1:] for p in state.get("plays", ()) if p[0] == state["round"]]
    return view


_rules._play, _rules._view = _play_recorded, _view_with_plays


def _costs(hand, top, limit):
    """The rollout policy's cost of each value it could play from `hand` on `top` (_fast_play)."""
    costs = {}
    for v in set(hand):
        rest = list(hand)
        rest.remove(v)
        if v > top:
            costs[v] = hand_cost(rest, limit) + SIZE_WEIGHT + HARD_ROLLOUT_DRAW_COST + TOP_WEIGHT * v
        elif v == top and rest:
            costs[v] = hand_cost(rest, limit) - SIZE_WEIGHT
        else:
            costs[v] = hand_cost(rest, limit) + TOP_WEIGHT * v
    return costs


def _likelihood(view, world, seat):
    """How likely the rivals' last plays were from the hands `world` gives them."""
    last = {}
    for who, value, top in view.get("plays", ()):
        if who != seat:
            last[who] = (value, top)
    weight = 1.0
    for who, (value, top) in last.items():
        held = world["hands"][who] + world["down"][who] + [value]  # then (a card drawn since is among them)
        costs = _costs(held, top, view["limit"])
        weight *= _math.exp(-(costs[value] - min(costs.values())) / READ_TEMPERATURE)
    return weight


class _Drawn:
    """The game, its sample_state handing out worlds already drawn (clones of them)."""

    def __init__(self, game, worlds):
        self._game, self._worlds = game, worlds

    def __getattr__(self, name):
        return getattr(self._game, name)

    def sample_state(self, view, seat, rng):
        return clone(self._worlds.pop())


def hard(game, view, seat, legal, rng):
    if not view["hand"]:
        return "reveal:%d" % reveal_choice(view["up"][seat], view["down"])
    pool = [game.sample_state(view, seat, rng) for _ in range(READ_POOL)]
    weights = [_likelihood(view, world, seat) for world in pool]
    drawn = rng.choices(pool, weights, k=HARD_WORLDS) if sum(weights) > 0 else pool[:HARD_WORLDS]
    rounds_before = len(view["rounds"])
    return determinized_search(_Drawn(game, drawn), view, seat, legal, rng, worlds=HARD_WORLDS,
                               time_budget=HARD_TIME_BUDGET,
                               playout=lambda state: _round_value(game, state, seat, rounds_before), unit="points")
