"""Phở Phở, tried 2026-12-06: Hard searches its discards at the end of a Restock (PP-11) as it
searches its plays: Normal's discards (the least useful cards) and the next DISCARD_CANDIDATES-1
sets by usefulness, each played in the same sampled worlds with Normal's rollouts; another set
replaces Normal's only when better by HARD_PRIOR. Run in games.phopho.bots by
`bench/hard_bench.py --titles phopho --patch bench/tries/phopho_searched_discards.py`."""

DISCARD_CANDIDATES = 4
DISCARD_WORLDS = HARD_WORLDS
DISCARD_TO_END = False  # the rollouts of a discard play to the end of the game (else Hard's horizon)
_discard_memo = {}


def _discard_sets(view):
    """Sets of cards to discard (as card types), Normal's first, then by total usefulness."""
    k = len(view["hand"]) - HAND_SIZE
    ranked = _marks_by_usefulness(dict(view, marks=[]))  # (usefulness, order, card), least useful first
    pool = ranked[:k + 2]
    sets = sorted(itertools.combinations(pool, k), key=lambda combo: (sum(u for u, _, _ in combo), [o for _, o, _ in combo]))
    return [[CARD_TYPE[c] for _, _, c in combo] for combo in sets[:DISCARD_CANDIDATES]]


def _searched_discard(game, view, seat, rng):
    key = (seat, view["turn_no"], tuple(view["hand"]))
    if key in _discard_memo:
        return _discard_memo[key]
    candidates = _discard_sets(view)
    if len(candidates) < 2:
        return candidates[0]
    n = view["players"]
    endgame = DISCARD_TO_END or view["king_out"] or view["customers"] <= HARD_ENDGAME_AT
    until = 10 ** 9 if endgame else view["turn_no"] + HARD_HORIZON_ROUNDS * n
    totals = [0.0] * len(candidates)
    sim = ROLLOUT_GAME
    for _ in range(DISCARD_WORLDS):
        world = game.sample_state(view, seat, rng)
        for k, types in enumerate(candidates):
            state = clone(world)
            for t in types:
                sim._apply(state, seat, "mark:" + t)
            sim._apply(state, seat, "discard")
            play_on(sim, state, rng, until)
            totals[k] += position_value(sim, state, seat)
    scores = [t / DISCARD_WORLDS + (HARD_PRIOR if k == 0 else 0.0) for k, t in enumerate(totals)]
    best = candidates[max(range(len(candidates)), key=lambda k: (scores[k], -k))]
    if len(_discard_memo) > 64:
        _discard_memo.clear()
    _discard_memo[key] = best
    return best


_hard_before_discards = hard


def hard(game, view, seat, legal, rng):
    if view["phase"] == "discard" and len(view["hand"]) - HAND_SIZE > 0:
        if not view["marks"]:
            _discard_memo.pop((seat, view["turn_no"], tuple(view["hand"])), None)
        chosen = list(_searched_discard(game, view, seat, rng))
        for c in view["marks"]:
            if CARD_TYPE[c] in chosen:
                chosen.remove(CARD_TYPE[c])
        if chosen:
            return "mark:" + chosen[0]
        return "discard"
    return _hard_before_discards(game, view, seat, legal, rng)
