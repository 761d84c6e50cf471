"""Mojo, tried 2026-12-07 (not kept): Hard's rollouts less predictable, or closer to a rival's play.
ROLL_T: each rollout play drawn by a softmax over the fast policy's costs (a play costing ROLL_T
more than the best is e times less likely; 0 is today's greedy); the same draws for every
candidate in a world. OPP_NORMAL: the others' rollout plays weighed as Normal weighs them (the
expected draw, not a flat price). Run in games.mojo.bots by `bench/hard_bench.py --titles mojo
--rows old --patch bench/tries/mojo_soft_rollouts.py --set ROLL_T=1.0`."""

import math as _m
import random as _r

from tabletop import clone

ROLL_T = 1.0
OPP_NORMAL = False
_RR = _r.Random(0)  # the rollouts' draws, seeded again for each world
_ME = [0]  # the searching seat


def _soft_choice(state, s):
    hand = state["hands"][s]
    if not hand:
        return _fast_choice(state, s)
    top = state["pile"][-1]
    limit = 2 if state["players"] == 2 else 3
    if OPP_NORMAL and s != _ME[0]:
        costs = {v: play_cost(hand, top, v, limit) for v in set(hand)}
    else:
        costs = {}
        for v in set(hand):
            rest = list(hand)
            rest.remove(v)
            if v > top:
                c = hand_cost(rest, limit) + SIZE_WEIGHT + HARD_ROLLOUT_DRAW_COST + TOP_WEIGHT * v
            elif v == top and rest:
                c = hand_cost(rest, limit) - SIZE_WEIGHT
            else:
                c = hand_cost(rest, limit) + TOP_WEIGHT * v
            costs[v] = c
    if ROLL_T <= 0:
        return (PLAY, min(sorted(costs), key=lambda v: costs[v]))
    best = min(costs.values())
    vals = sorted(costs)
    ws = [_m.exp(-(costs[v] - best) / ROLL_T) for v in vals]
    return (PLAY, _RR.choices(vals, ws)[0])


def _round_value_soft(game, state, seat, rounds_before):
    if len(state["rounds"]) == rounds_before:
        points = game.play_out_round(state, _soft_choice)
    else:
        points = state["rounds"][rounds_before]["points"]
    others = [p for s, p in enumerate(points) if s != seat]
    return sum(others) / len(others) - points[seat]


def hard(game, view, seat, legal, rng):
    if not view["hand"]:
        return "reveal:%d" % reveal_choice(view["up"][seat], view["down"])
    _ME[0] = seat
    rounds_before = len(view["rounds"])
    actions = list(legal)
    if len(actions) == 1:
        return actions[0]
    totals = [0.0] * len(actions)
    for _ in range(HARD_WORLDS):
        world = game.sample_state(view, seat, rng)
        seed = rng.random()
        for i, a in enumerate(actions):
            _RR.seed(seed)
            st = clone(world)
            game.apply(st, seat, a)
            totals[i] += _round_value_soft(game, st, seat, rounds_before)
    best = max(totals)
    return rng.choice([a for a, t in zip(actions, totals) if t >= best - 1e-9])
