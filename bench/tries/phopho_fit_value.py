"""Phở Phở, tried 2026-12-06: a position value fitted to the outcomes of Normal games, in place
of Hard's hand-set one (bench/tries/phopho_fitted_value.py plays it).

    .venv/bin/python bench/tries/phopho_fit_value.py --players 4 --games 3000 --seed 50000

Plays `--games` games of Normal bots (Hard's rollouts play Normal too) and, at the start of every
turn, keeps for each seat its features relative to the mean of its rivals, and whether it won
the game (a shared win splits). A logistic regression (Newton's method, no library) fits
P(won) from them; the weights print in star units (the weight of a star made 1), ready to paste
into the patch. Pure Python: about a minute per thousand games on this machine."""

import argparse
import math
import os
import random
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "py"))

from games.phopho import bots  # noqa: E402
from games.phopho.data import CUSTOMER, HAND_SIZE, KING_WARNING_AT, TOKENS  # noqa: E402

# Each feature of a seat, as the fitted value reads it; "late" ones are multiplied by how far
# the customer deck is gone (0 at the start, 1 when empty).
NAMES = ["stars", "progress", "tokens", "hand", "happy", "king_lead",
         "late_stars", "late_progress", "late_tokens", "late_hand", "late_happy"]


def seat_features(state, s):
    """The raw features of seat `s` (before they are made relative to its rivals)."""
    tokens = state["mad"][s] + state["happy"][s]
    stars = sum(CUSTOMER[c]["stars"] for c in state["loyal"][s])
    progress = state["happy"][s] / tokens if tokens else 0.0
    hand = min(len(state["hands"][s]), HAND_SIZE)
    return [stars, progress, TOKENS - tokens, hand, state["happy"][s]]


def features(state, seat, customers_at_start):
    """`seat`'s features relative to the mean of its rivals: what the fitted value weighs."""
    n = state["players"]
    raw = [seat_features(state, s) for s in range(n)]
    rel = [raw[seat][k] - sum(raw[s][k] for s in range(n) if s != seat) / (n - 1) for k in range(len(raw[0]))]
    best = max(state["happy"])
    leaders = [s for s in range(n) if state["happy"][s] == best]
    near = state["king_out"] or len(state["customers"]) <= KING_WARNING_AT
    king = (1.0 / len(leaders) if seat in leaders else 0.0) - 1.0 / n if near else 0.0
    late = 1.0 - len(state["customers"]) / customers_at_start
    return rel + [king] + [late * rel[k] for k in range(5)]


def play_game(players, seed):
    """One game of Normals: [(features, won)] at the start of each turn, every seat."""
    game = bots.ROLLOUT_GAME
    rng = random.Random(seed)
    state = game.new_game(players, {}, seed)
    at_start = len(state["customers"])
    rows = []
    last_turn = None
    steps = 0
    while not state["over"] and steps < 5000:
        if state["phase"] == "turn" and state["turn_no"] != last_turn and not state["sel"]:
            last_turn = state["turn_no"]
            rows.append([features(state, s, at_start) for s in range(players)])
        bots._rollout_turn_step(game, state, rng)
        steps += 1
    result = game.result(state)
    won = [1.0 / len(result["winners"]) if s in result["winners"] else 0.0 for s in range(players)]
    return [(x, won[s]) for turn in rows for s, x in enumerate(turn)]


def solve(a, b):
    """a x = b by Gaussian elimination with partial pivoting (a small, dense system)."""
    n = len(b)
    m = [row[:] + [b[i]] for i, row in enumerate(a)]
    for col in range(n):
        pivot = max(range(col, n), key=lambda r: abs(m[r][col]))
        m[col], m[pivot] = m[pivot], m[col]
        for r in range(n):
            if r != col and m[col][col]:
                f = m[r][col] / m[col][col]
                m[r] = [x - f * y for x, y in zip(m[r], m[col])]
    return [m[i][n] / m[i][i] for i in range(n)]


def fit(rows, iterations=10, ridge=1e-3):
    """Logistic regression without intercept (the features are relative: a seat equal to its
    rivals is at its fair share, which the bias of a win rate of 1/n does not change)."""
    k = len(rows[0][0]) + 1
    w = [0.0] * k
    for _ in range(iterations):
        grad = [0.0] * k
        hess = [[0.0] * k for _ in range(k)]
        for x, y in rows:
            x = x + [1.0]
            z = sum(wi * xi for wi, xi in zip(w, x))
            p = 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, z))))
            d = p * (1 - p)
            for i in range(k):
                grad[i] += (y - p) * x[i]
                xi = x[i] * d
                row = hess[i]
                for j in range(i, k):
                    row[j] += xi * x[j]
        for i in range(k):
            hess[i][i] += ridge * len(rows)
            grad[i] -= ridge * len(rows) * w[i]
            for j in range(i):
                hess[i][j] = hess[j][i]
        step = solve(hess, grad)
        w = [wi + si for wi, si in zip(w, step)]
    return w


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--seed", type=int, default=50000)
    parser.add_argument("--every", type=int, default=3, help="keep one turn in this many (rows are alike)")
    args = parser.parse_args()
    rows = []
    for g in range(args.games):
        game_rows = play_game(args.players, args.seed + g)
        rows += [r for i, r in enumerate(game_rows) if (i // args.players) % args.every == 0]
    w = fit(rows)
    star = w[0]
    print("# {} games of {} Normals from seed {}: {} rows".format(args.games, args.players, args.seed, len(rows)))
    print("FITTED = {  # in stars (a star's weight made 1); logit per star: %.3f" % star)
    for name, value in zip(NAMES + ["bias"], w):
        print("    {!r}: {:.3f},".format(name, value / star))
    print("}")


if __name__ == "__main__":
    main()
