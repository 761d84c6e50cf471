"""Phở Phở, tried 2026-12-06 (not kept): in Hard's rollouts its own seat plays Hard's first
choice (HARD_WEIGHTS), the rivals Normal's. Run in games.phopho.bots by
`bench/hard_bench.py --titles phopho --patch bench/tries/phopho_own_rollouts.py`."""

SEARCHING_SEAT = [None]  # the seat whose search is running (one search at a time)


def _rollout_turn_step(game, state, rng):
    actor = state["turn"]
    weights = HARD_WEIGHTS if actor == SEARCHING_SEAT[0] else NORMAL_WEIGHTS
    plan_of = lambda v, s, l: normal_plan(v, s, l, weights)
    if state["phase"] in ("turn", "restocked") and not state["sel"] and not state["puts"]:
        if state["phase"] == "turn" and len(state["hands"][actor]) > RUN_MAX and state["mad"][actor]:
            game._apply(state, actor, "restock")
            return
        plan = plan_of(_rollout_view(state, actor), actor, None)
        if plan is None:
            game._apply(state, actor, "restock" if state["phase"] == "turn" else "skip")
        else:
            for action in plan_sequence(plan):
                game._apply(state, actor, action)
        return
    game._apply(state, actor, follow(_rollout_view(state, actor), actor, None, plan_of))


_searched_plan = hard_plan


def hard_plan(game, view, seat, legal, rng):
    SEARCHING_SEAT[0] = seat
    return _searched_plan(game, view, seat, legal, rng)
