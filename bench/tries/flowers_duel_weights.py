"""Flowers, tried 2026-12-06: heads-up, Hard judges with weights of its own (today's and the pinned
Hard use the three-player weights at every count). Each DUEL_ constant was moved alone, 50 seeds
against the pinned Hard (bench/RESULTS.md, "2026-12-06, night"): only grow_rate moved the row
beyond noise, and only down. Measured on the Hard before EndRisk (commit 3ac8d04); run by
`bench/hard_bench.py --titles flowers --rows old --patch bench/tries/flowers_duel_weights.py --set DUEL_GROW=0.15`."""

DUEL_GROW, DUEL_FAIL, DUEL_AREA, DUEL_HORIZON, DUEL_FLY, DUEL_PACE = 0.25, 1.0, 0.9, 8.0, 0.6, 2.5
DUEL_LOOK, DUEL_DENY, DUEL_SURVIVE = 0.6, 1.0, 0.8
_hard_any_count = hard
_table_settings = (HARD, LOOK, DENY, SURVIVE)


def hard(game, view, seat, legal, rng):
    global HARD, LOOK, DENY, SURVIVE
    if view["players"] != 2:
        return _hard_any_count(game, view, seat, legal, rng)
    HARD = Weights(DUEL_GROW, DUEL_FAIL, DUEL_AREA, DUEL_HORIZON, DUEL_FLY, DUEL_PACE)
    LOOK, DENY, SURVIVE = DUEL_LOOK, DUEL_DENY, DUEL_SURVIVE
    try:
        return _hard_any_count(game, view, seat, legal, rng)
    finally:
        HARD, LOOK, DENY, SURVIVE = _table_settings
