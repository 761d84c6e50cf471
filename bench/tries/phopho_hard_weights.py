"""Phở Phở, tried 2026-12-06 (not kept): Hard's first choice with other weights than HARD_WEIGHTS (Normal's with
give -0.6): W_REPUTATION for reaching a Perfect Reputation (a Loyal Customer's stars; Normal 1.0),
W_FLIP for one of its Mad tokens turned Happy (1.0), W_OTHERS_FLIP for a rival's (0.35). Run in games.phopho.bots by
`bench/hard_bench.py --titles phopho --patch bench/tries/phopho_hard_weights.py --set W_REPUTATION=2.0`."""
_weighed_plan = hard_plan
W_REPUTATION = 1.0
W_FLIP = 1.0
W_OTHERS_FLIP = 0.35


def hard_plan(game, view, seat, legal, rng):
    global HARD_WEIGHTS
    HARD_WEIGHTS = NORMAL_WEIGHTS._replace(give=-0.6, reputation=W_REPUTATION, flip=W_FLIP, others_flip=W_OTHERS_FLIP)
    return _weighed_plan(game, view, seat, legal, rng)
