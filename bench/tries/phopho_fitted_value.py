"""Phở Phở, tried 2026-12-06: Hard's position value fitted to the outcomes of 5,000 games of
Normals (bench/tries/phopho_fit_value.py, seeds 50000-54999), in place of the hand-set one. Run
in games.phopho.bots by `bench/hard_bench.py --titles phopho --patch bench/tries/phopho_fitted_value.py`.
A finished game still counts its result (WIN_VALUE and the stars)."""

import os as _os
import runpy as _runpy
import sys as _sys

# The features, as the fit read them (the fitting script, beside this file; hard_bench runs from bench/).
_FIT = _runpy.run_path(_os.path.join(_os.path.dirname(_os.path.abspath(_sys.argv[0])), "tries", "phopho_fit_value.py"))

# The fits' weights in stars, by player count (phopho_fit_value.py --games 5000 --seed 50000).
FITTED = {
    4: {"stars": 1.000, "progress": -0.070, "tokens": -0.660, "hand": 0.030, "happy": -0.262, "king_lead": 1.665,
        "late_stars": -0.096, "late_progress": 0.097, "late_tokens": -0.196, "late_hand": 0.077, "late_happy": 1.142},
    2: {"stars": 1.000, "progress": 0.181, "tokens": -0.585, "hand": 0.143, "happy": -0.099, "king_lead": -0.248,
        "late_stars": 0.025, "late_progress": 0.194, "late_tokens": -0.062, "late_hand": -0.167, "late_happy": 0.643},
}
CUSTOMERS_AT_START = len(ROLLOUT_GAME.new_game(2, {}, 1)["customers"])  # the deck once the line is dealt (14)


_hand_set_value = position_value


def position_value(game, state, seat):
    if state["over"]:
        return _hand_set_value(game, state, seat)  # the result, as today
    weights = FITTED[2 if state["players"] == 2 else 4]
    x = _FIT["features"](state, seat, CUSTOMERS_AT_START)
    return sum(weights[name] * value for name, value in zip(_FIT["NAMES"], x))
