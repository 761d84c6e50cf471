"""Phở Phở and Mojo, tried 2026-12-07 (nothing kept): is a stronger greedy policy one tuning away?

A greedy policy is played with each of its weights changed in turn (x 0.6 and x 1.5, a weight of 0 -0.5 and 0.5; Phở Phở also
its thresholds: serve at once from a play worth NOW, redraw below KEEP, a second Bill's discount)
against the same policy with today's weights, heads-up, seat-rotated, on the same seeds:
  phopho  Normal (its weighing of plays, score_play, and its Restock/redraw/discard rules)
  mojo    the fast policy of Hard's rollouts (_fast_play)
A stronger greedy would be a better first choice for Hard (Phở Phở) or better rollouts (Mojo).
Run: python3 bench/tries/greedy_weights.py phopho|mojo [SEEDS] (2 processes; 1000 / 4000 seeds
take about 25 s a setting). Prints each setting's share of the wins."""

import copy
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))), "py"))

from games import GAMES  # noqa: E402
from games.mojo import bots as MJ  # noqa: E402
from games.phopho import bots as PP  # noqa: E402
from games.phopho.data import CARD_TYPE, CARD_VALUE, HAND_SIZE  # noqa: E402
from tabletop.simulate import simulate  # noqa: E402

TITLE = sys.argv[1] if len(sys.argv) > 1 else "phopho"
if TITLE == "phopho":
    TODAY = dict(PP.NORMAL_WEIGHTS._asdict(), keep=PP.USEFUL_KEEP, now=99.0, bill2=0.4)  # now 99: only to empty the hand
else:
    TODAY = dict(size=MJ.SIZE_WEIGHT, score=MJ.SCORE_WEIGHT, draw=MJ.HARD_ROLLOUT_DRAW_COST, top=MJ.TOP_WEIGHT,
                 face_down_score=MJ.FACE_DOWN_SCORE_WEIGHT, face_down_size=0.5, same=1.0, empty=1.0)
TRIED = dict(TODAY)


# --- Phở Phở: Normal with the weights and thresholds of `p` --------------------------------------
def _pp_plan(p):
    def plan(view, seat, legal):
        ranked = PP.ranked_plays(view, seat, PP.Weights(**{k: p[k] for k in PP.Weights._fields}))
        if not ranked:
            return None
        score, best = ranked[0]
        if view["sel"] or view["puts"]:
            return best
        if view["phase"] == "turn":
            empties = len(best[1]) == len(view["hand"])
            return best if empties or view["mad"][seat] == 0 or score >= p["now"] else None
        return best if score > 0 else None
    return plan


def _pp_marks(view, p):
    marks, bills, ranked = list(view["marks"]), 0, []
    for c in (c for c in view["hand"] if c not in marks):
        u = PP.usefulness(c, view)
        if CARD_VALUE[c] == 0:
            bills += 1
            u -= p["bill2"] * (bills - 1)
        ranked.append((u, PP.TYPE_ORDER[CARD_TYPE[c]], c))
    return sorted(ranked)


def _pp_bot(view, seat, legal, p):
    if view["phase"] == "redraw":
        ranked = _pp_marks(view, p)
        return "mark:" + CARD_TYPE[ranked[0][2]] if ranked and ranked[0][0] < p["keep"] else "redraw"
    if view["phase"] == "discard":
        if len(view["marks"]) >= len(view["hand"]) - HAND_SIZE:
            return "discard"
        return "mark:" + CARD_TYPE[_pp_marks(view, p)[0][2]]
    return PP.follow(view, seat, legal, _pp_plan(p))


# --- Mojo: the rollouts' fast policy with the weights of `p` --------------------------------------
def _mj_hand_cost(hand, limit, p):
    if not hand:
        return -p["size"] * p["empty"]
    if len(hand) <= limit:
        return p["size"] * len(hand) * p["face_down_size"] + p["face_down_score"] * MJ._score(hand)
    return p["size"] * len(hand) + p["score"] * MJ._score(hand)


def _mj_bot(view, seat, legal, p):
    hand, top, limit = view["hand"], view["pile"][-1], view["limit"]
    if not hand:
        return "reveal:%d" % MJ.reveal_choice(view["up"][seat], view["down"])
    costs = {}
    for v in sorted(set(hand)):
        rest = list(hand)
        rest.remove(v)
        if v > top:
            costs[v] = _mj_hand_cost(rest, limit, p) + p["size"] + p["draw"] + p["top"] * v
        elif v == top and rest:
            costs[v] = _mj_hand_cost(rest, limit, p) - p["size"] * p["same"]
        else:
            costs[v] = _mj_hand_cost(rest, limit, p) + p["top"] * v
    return "play:%d" % min(costs, key=lambda v: costs[v])


_BOT = _pp_bot if TITLE == "phopho" else _mj_bot


def tried(game, view, seat, legal, rng):
    return _BOT(view, seat, legal, TRIED)


def today(game, view, seat, legal, rng):
    return _BOT(view, seat, legal, TODAY)


GAME = copy.copy(GAMES[TITLE])
GAME.bots = dict(GAME.bots, hard=tried, normal=today)  # slots the processes find by name


def share(seeds, seed=5000):
    wins = 0.0
    for levels in (["hard", "normal"], ["normal", "hard"]):
        wins += simulate(GAME, levels, seeds, seed, jobs=2).wins[levels.index("hard")]
    return wins / (2 * seeds)


if __name__ == "__main__":
    seeds = int(sys.argv[2]) if len(sys.argv) > 2 else (1000 if TITLE == "phopho" else 4000)
    print("today's weights against themselves: {:.1%}".format(share(seeds)), flush=True)
    for name in TODAY:
        if name == "now":
            values = (1.0, 2.0, 3.0)
        elif TODAY[name]:
            values = (round(TODAY[name] * 0.6, 3), round(TODAY[name] * 1.5, 3))
        else:
            values = (-0.5, 0.5)  # Normal's give
        for value in values:
            TRIED.update(TODAY, **{name: value})
            print("{} {}: {:.1%}".format(name, value, share(seeds)), flush=True)
