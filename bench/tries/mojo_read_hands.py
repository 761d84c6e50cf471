"""Mojo, tried 2026-12-06: Hard reads the others' hands from their plays. Knowing the hands
(not the deck) is worth 65.0% against the pinned Hard over 200 seeds (known_hands.py), so
Hard samples READ_POOL worlds, weighs each by how likely each rival's last play of this round
(READ_ALL: every play) was from the hand that world gives it, and searches HARD_WORLDS worlds
drawn by those weights. The model (READ_MODEL): "policy", the rollouts' own weighing (a play
costing READ_TEMPERATURE more than its best is e times less likely); "rates", the pinned Hard's
habits, counted.

Who played what is public at the table (every card is played face up); the view has only the
pile, so this try records each play of the round in the state and shows it in the view. Run in
games.mojo.bots by `bench/hard_bench.py --titles mojo --rows old --patch bench/tries/mojo_read_hands.py`."""

import math as _math

from games import GAMES as _GAMES
from tabletop import clone

READ_POOL = 120  # worlds sampled before the reading
READ_TEMPERATURE = 2.0  # a play costing this much more than the model's best is e times less likely
# READ_MODEL "rates": the pinned Hard's habits, counted over 40 of its games against itself (3,070
# plays): it plays higher (and draws) in 20% of its turns when it holds a lower card, 90% when it
# holds none; it plays a same value in 60% of its turns when it holds one (the other 40%: not).
READ_MODEL = "policy"
HIGHER_WITH_LOWER, HIGHER_WITHOUT = 0.2, 0.9
SAME_PASSED = 0.4
READ_ALL = False  # every play of the round read (else each rival's last)
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
    """How likely the rivals' plays of this round (their last only, or READ_ALL: every one) were
    from the hands `world` gives them. A hand then is the hand now and every card played since
    (cards drawn since are among them: the model's error)."""
    plays = [p for p in view.get("plays", ()) if p[0] != seat]
    weight = 1.0
    seen = set()
    since = {}  # rival -> the cards it played after the play being read
    for who, value, top in reversed(plays):
        if who in seen and not READ_ALL:
            continue
        seen.add(who)
        held = world["hands"][who] + world["down"][who] + since.setdefault(who, []) + [value]
        since[who].append(value)
        if READ_MODEL == "rates":
            rest = list(held)
            rest.remove(value)
            if value > top:
                weight *= HIGHER_WITH_LOWER if any(x < top for x in rest) else HIGHER_WITHOUT
            if value != top and top in rest:
                weight *= SAME_PASSED
            continue
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
