"""Mojo, tried 2026-12-07: Hard values a sampled round by the chance of winning the game that it
leads to, not by the round's points against the others' alone. A round that ends the game (a
total reaches 50, MJ-12) is a win or a loss; otherwise the lead after it is weighed against the
rounds still to come (a normal law: the point difference of two players in one round has a
spread of ROUND_SPREAD, and the highest total climbs ROUND_PACE a round; both measured over 40
games of two Hards: 16.2 and 9.3-11 points, 4.5 rounds a game). The value is WIN_POINTS x that
chance, plus the round's relative points x POINTS_TOO. Run in games.mojo.bots by
`bench/hard_bench.py --titles mojo --rows old --patch bench/tries/mojo_win_chance.py`."""
import math

from games.mojo.data import GAME_END_TOTAL

ROUND_SPREAD = 16.0
ROUND_PACE = 11.0
WIN_POINTS = 100.0
POINTS_TOO = 0.0


def _win_chance(totals, seat):
    me = totals[seat]
    best_other = min(t for s, t in enumerate(totals) if s != seat)
    if max(totals) >= GAME_END_TOTAL:
        if me > best_other:
            return 0.0
        return 1.0 / sum(1 for t in totals if t == me)
    rounds_left = max(1.0, (GAME_END_TOTAL - max(totals)) / ROUND_PACE)
    lead = best_other - me
    return 0.5 * (1.0 + math.erf(lead / (ROUND_SPREAD * math.sqrt(rounds_left) * math.sqrt(2.0))))


def _round_value(game, state, seat, rounds_before):
    if len(state["rounds"]) == rounds_before:
        points = game.play_out_round(state, _fast_choice)
        totals = [t + p for t, p in zip(state["totals"], points)]
    else:
        points = state["rounds"][rounds_before]["points"]
        totals = state["rounds"][rounds_before]["totals"]
    others = [p for s, p in enumerate(points) if s != seat]
    relative = sum(others) / len(others) - points[seat]
    return WIN_POINTS * _win_chance(totals, seat) + POINTS_TOO * relative
