"""Engine and bot speed, the same code on CPython and in Pyodide (bench/engine.html), so the two
can be compared side by side."""

import random
import statistics
import time

from games import GAMES
from tabletop import bots
from tabletop.simulate import play_game

CASES = {"thenumber": 4, "phopho": 4}  # game id -> player count used for the speed figures


def random_games_per_second(game, players, seconds):
    done, seed = 0, 0
    started = time.perf_counter()
    while time.perf_counter() - started < seconds:
        play_game(game, ["easy"] * players, seed)
        done += 1
        seed += 1
    return done / (time.perf_counter() - started)


def decision_times(game, players, level, decisions):
    """Seconds per decision of a bot of `level` in seat 0 (the other seats: Normal bots)."""
    times = []
    seed = 0
    while len(times) < decisions:
        def record(seat, lv, seconds):
            if seat == 0:
                times.append(seconds)
        play_game(game, [level] + ["normal"] * (players - 1), seed, on_decision=record)
        seed += 1
    times = times[:decisions]
    times.sort()
    return {"median": statistics.median(times), "p95": times[int(0.95 * (len(times) - 1))], "max": times[-1], "n": len(times)}


def run_all(seconds=5.0, decisions=20):
    out = {}
    for game_id, players in CASES.items():
        game = GAMES[game_id]
        out[game_id] = {
            "players": players,
            "games_per_second": random_games_per_second(game, players, seconds),
            "decisions": {level: decision_times(game, players, level, decisions) for level in bots.LEVELS},
        }
    return out
