"""Phở Phở, tried 2026-12-06 (not kept): Hard's own discards (a Restock's, and a Bill's redraw).

With DISCARD_BEST_PLAY, a Restock keeps the hand whose best play on the line now, plus
KEPT_USEFULNESS x its cards' usefulness, is worth most (cards removed one at a time). Without it
(the default), the least useful cards go, as Normal's do, with the tweaks below. Run in
games.phopho.bots by `bench/hard_bench.py --titles phopho --patch bench/tries/phopho_discards.py
--set NAME=VALUE ...`."""

DISCARD_BEST_PLAY = False  # True: keep the hand whose best play now, plus usefulness, is worth most
KEPT_USEFULNESS = 0.5  # with DISCARD_BEST_PLAY: the weight of the kept cards' usefulness
CHAIN_BONUS = 0.0  # usefulness added to a card whose value's neighbour is in hand too
SECOND_COPY = 0.0  # usefulness taken from a second card of the same value
NOODLE_FLOOR = 0.7  # a Noodle is at least this useful (Normal: 0.7)
REDRAW_BELOW = USEFUL_KEEP  # after a Bill, cards less useful than this are redrawn


def _kept_value(view, seat, kept):
    hand_view = dict(view, hand=kept, sel=[], puts=[])
    summary = line_summary(view)
    best = max([score_play(hand_view, seat, p, summary, HARD_WEIGHTS) for p in plays(kept, view["line"])] + [0.0])
    return best + KEPT_USEFULNESS * sum(usefulness(c, view) for c in kept)


def _least_useful(view, seat):
    rest = [c for c in view["hand"] if c not in view["marks"]]
    if DISCARD_BEST_PLAY and view["phase"] == "discard":
        def kept_without(ctype):
            kept = list(rest)
            kept.remove(next(c for c in rest if CARD_TYPE[c] == ctype))
            return kept
        in_hand_order = list(dict.fromkeys(CARD_TYPE[c] for c in rest))  # the first best, as tried
        return max(in_hand_order, key=lambda t: _kept_value(view, seat, kept_without(t))), None
    values = [CARD_VALUE[c] for c in rest]
    ranked, bills, seen = [], 0, {}
    for c in rest:
        u, v = usefulness(c, view), CARD_VALUE[c]
        if v == 0:
            bills += 1
            u -= 0.4 * (bills - 1)
        else:
            u = max(u, NOODLE_FLOOR) if v == 1 else u
            u += CHAIN_BONUS if (v > 1 and v - 1 in values) or v + 1 in values else 0.0
            seen[v] = seen.get(v, 0) + 1
            u -= SECOND_COPY if seen[v] > 1 else 0.0
        ranked.append((u, TYPE_ORDER[CARD_TYPE[c]], c))
    u, _, card = min(ranked)
    return CARD_TYPE[card], u


def hard(game, view, seat, legal, rng):
    phase = view["phase"]
    if phase == "redraw":
        rest = [c for c in view["hand"] if c not in view["marks"]]
        if rest:
            ctype, u = _least_useful(view, seat)
            if u < REDRAW_BELOW:
                return "mark:" + ctype
        return "redraw"
    if phase == "discard":
        if len(view["marks"]) >= len(view["hand"]) - HAND_SIZE:
            return "discard"
        return "mark:" + _least_useful(view, seat)[0]
    return follow(view, seat, legal, lambda v, s, l: hard_plan(game, v, s, l, rng))
