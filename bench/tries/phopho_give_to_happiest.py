"""Phở Phở, tried 2026-12-06 (not kept; the same figure as without it): Hard gives a Mad token
(PP-13) to the rival with the most Happy tokens (the race for The King, PP-21, and the next
Perfect Reputation), then the most Loyal Customers. Run in games.phopho.bots by
`bench/hard_bench.py --titles phopho --patch bench/tries/phopho_give_to_happiest.py`."""


def hard(game, view, seat, legal, rng):
    if view["phase"] == "give":
        n = view["players"]
        rivals = [(seat + k) % n for k in range(1, n)]
        to = max(rivals, key=lambda s: (view["happy"][s], view["loyal_counts"][s], -((s - seat) % n)))
        return "give:{}".format(to)
    return follow(view, seat, legal, lambda v, s, l: hard_plan(game, v, s, l, rng))
