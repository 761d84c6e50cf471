"""Phở Phở, tried 2026-12-07: once The King is near (king_near), a Perfect Reputation turns every
Happy token back to Mad (PP-18), and its claim may turn The King up (PP-20): the race for him
(PP-21) is then lost. Hard's first choice weighs reaching one at KING_REPUTATION (Normal's 1.0
before), and with ROLLOUT_TOO its own seat plays so in its rollouts too (the others as Normal).
Run in games.phopho.bots by `bench/hard_bench.py --titles phopho --patch
bench/tries/phopho_king_reputation.py --set KING_REPUTATION=-2.0`."""
_plan_before_king = hard_plan
_turn_step_before_king = _rollout_turn_step
_normal_plan_before_king = normal_plan
KING_REPUTATION = -2.0
ROLLOUT_TOO = True
_searching = {"seat": None}


def hard_plan(game, view, seat, legal, rng):
    global HARD_WEIGHTS
    saved = HARD_WEIGHTS
    if king_near(view):
        HARD_WEIGHTS = saved._replace(reputation=KING_REPUTATION)
    _searching["seat"] = seat
    try:
        return _plan_before_king(game, view, seat, legal, rng)
    finally:
        HARD_WEIGHTS = saved
        _searching["seat"] = None


def _rollout_turn_step(game, state, rng):
    """The rollouts' step, with Normal's plan weighing a Perfect Reputation at KING_REPUTATION
    for Hard's own seat once The King is near (the step reads `normal_plan` when it runs)."""
    global normal_plan
    actor = state["turn"]
    if not (ROLLOUT_TOO and actor == _searching["seat"] and (state["king_out"] or len(state["customers"]) <= KING_NEAR_AT)):
        return _turn_step_before_king(game, state, rng)
    weights = NORMAL_WEIGHTS._replace(reputation=KING_REPUTATION)
    normal_plan = lambda v, s, l, w=None: _normal_plan_before_king(v, s, l, weights)  # noqa: E731
    try:
        return _turn_step_before_king(game, state, rng)
    finally:
        normal_plan = _normal_plan_before_king
