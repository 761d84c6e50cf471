"""Engine and bot speed, the same code on CPython and in Pyodide (bench/engine.html), so the two
can be compared side by side."""

import random
import statistics
import time

from games import GAMES
from tabletop import bots
from tabletop.simulate import play_game

CASES = {"phopho": 4, "hoipho": 4, "thenumber": 4, "mojo": 4, "flowers": 2, "coffeerush": 4}  # game id -> player count for the speed figures
# Decisions timed per level, where the default is too few: most Phở Phở decisions are the steps of
# a planned Serve (pick a card, place it); the searches that matter come once or twice a turn.
DECISIONS = {"phopho": 200}


def random_games_per_second(game, players, seconds):
    done, seed = 0, 0
    started = time.perf_counter()
    while time.perf_counter() - started < seconds:
        play_game(game, ["easy"] * players, seed)
        done += 1
        seed += 1
    return done / (time.perf_counter() - started)


def decision_times(game, players, level, decisions):
    """Seconds per decision of a bot of `level` in seat 0 (the other seats: Normal bots). A
    decision is a choice among several legal actions: a forced step (one legal action, which
    bots.choose plays without asking the policy) is not timed."""
    times = []
    seed = 0
    levels = [level] + ["normal"] * (players - 1)
    while len(times) < decisions:
        state = game.start(players, None, seed)
        rng = random.Random(seed)
        while not game.is_over(state) and len(times) < decisions:
            for seat in game.to_act(state):
                if seat not in game.to_act(state):
                    continue
                legal = game.legal_actions(state, seat)
                started = time.perf_counter()
                action = bots.choose(game, levels[seat], game.view(state, seat), seat, legal, rng)
                if seat == 0 and len(legal) > 1:
                    times.append(time.perf_counter() - started)
                game.apply(state, seat, action)
        seed += 1
    times = times[:decisions]
    times.sort()
    return {"median": statistics.median(times), "p95": times[int(0.95 * (len(times) - 1))], "max": times[-1], "n": len(times)}


def run_all(seconds=5.0, decisions=20, games=None):
    out = {}
    for game_id, players in CASES.items():
        if games and game_id not in games:
            continue
        game = GAMES[game_id]
        out[game_id] = {
            "players": players,
            "games_per_second": random_games_per_second(game, players, seconds),
            "decisions": {level: decision_times(game, players, level, max(decisions, DECISIONS.get(game_id, 0)))
                          for level in bots.LEVELS},
        }
    return out
