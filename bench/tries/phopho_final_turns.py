"""Phở Phở, tried 2026-12-06 (not kept): once The King is out every seat has one turn left (PP-20), so Hard
compares every play it has (up to FINAL_CANDIDATES), not only the best few by Normal's weighing:
a hated card played on purpose gives a Mad token away, which wins The King's tie-break (PP-21,
fewest Mad tokens). With SEARCH_GIVE, the rival Hard gives a token to is searched too, in the
final turns. Run in games.phopho.bots by
`bench/hard_bench.py --titles phopho --patch bench/tries/phopho_final_turns.py`."""
_first_plan = hard_plan
_first_hard = hard
FINAL_CANDIDATES = 60
SEARCH_GIVE = True
GIVE_WHEN_NEAR = False  # the give searched from KING_NEAR_AT customer cards left, not only in the final turns


def hard_plan(game, view, seat, legal, rng):
    global ENDGAME_CANDIDATES
    kept = ENDGAME_CANDIDATES
    if view["king_out"]:
        ENDGAME_CANDIDATES = FINAL_CANDIDATES
    try:
        return _first_plan(game, view, seat, legal, rng)
    finally:
        ENDGAME_CANDIDATES = kept


def _searched_give(game, view, seat, legal, rng):
    totals = {a: 0.0 for a in legal}
    for _ in range(ENDGAME_WORLDS):
        world = game.sample_state(view, seat, rng)
        for a in legal:
            state = clone(world)
            ROLLOUT_GAME._apply(state, seat, a)
            play_on(ROLLOUT_GAME, state, rng, 10 ** 9)
            totals[a] += position_value(ROLLOUT_GAME, state, seat)
    return max(legal, key=lambda a: (totals[a], a == "give:{}".format(give_target(view, seat))))


def hard(game, view, seat, legal, rng):
    if SEARCH_GIVE and view["phase"] == "give" and (king_near(view) if GIVE_WHEN_NEAR else view["king_out"]) and len(legal) > 1:
        return _searched_give(game, view, seat, legal, rng)
    return _first_hard(game, view, seat, legal, rng)
