"""Phở Phở, tried 2026-12-06 (not kept): Hard's first choice with another weight of a Mad token
given away by a hated card (HARD_WEIGHTS' give, -0.6 now). Run in games.phopho.bots by
`bench/hard_bench.py --titles phopho --patch bench/tries/phopho_give_weight.py --set GIVE=-1.5`."""
_first = hard_plan


def hard_plan(game, view, seat, legal, rng):
    global HARD_WEIGHTS
    HARD_WEIGHTS = NORMAL_WEIGHTS._replace(give=GIVE)
    return _first(game, view, seat, legal, rng)


GIVE = -0.6
