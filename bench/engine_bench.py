"""Engine and bot speed, the same code on CPython and in Pyodide (bench/engine.html), so the two
can be compared side by side."""

import random
import statistics
import time

from games import GAMES
from tabletop import bots
from tabletop.simulate import play_game

# case -> player count for the speed figures; a case is a game id, or "id/variant" with its options
CASES = {"phopho": 4, "hoipho": 4, "thenumber": 4, "mojo": 4, "flowers": 2, "coffeerush": 4, "stemandbranch": 4, "stemandbranch/coop": 2,
         "stemandbranch/scrolls": 3}
CASE_OPTIONS = {"stemandbranch/coop": {"mode": "coop"}, "stemandbranch/scrolls": {"scrolls": "1"}}


def case_game(case):
    return GAMES[case.split("/")[0]]
# Decisions timed per level, where the default is too few: most Phở Phở decisions are the steps of
# a planned Serve (pick a card, place it); the searches that matter come once or twice a turn.
# Coffee Rush's Hard searches at the start of a turn and again at each step of its walk (issue 27).
DECISIONS = {"phopho": 200, "coffeerush": 100}


def random_games_per_second(game, players, seconds, options=None):
    done, seed = 0, 0
    started = time.perf_counter()
    while time.perf_counter() - started < seconds:
        play_game(game, ["easy"] * players, seed, options)
        done += 1
        seed += 1
    return done / (time.perf_counter() - started)


def decision_times(game, players, level, decisions, options=None):
    """Seconds per decision of a bot of `level` in seat 0 (the other seats: Normal bots). A
    decision is a choice among several legal actions: a forced step (one legal action, which
    bots.choose plays without asking the policy) is not timed."""
    times = []
    seed = 0
    levels = [level] + ["normal"] * (players - 1)
    while len(times) < decisions:
        state = game.start(players, options, seed)
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


def run_all(seconds=5.0, decisions=20, only=None):
    """Every case (of the games in `only`, if given)."""
    out = {}
    for case, players in CASES.items():
        if only and case.split("/")[0] not in only:
            continue
        game, options = case_game(case), CASE_OPTIONS.get(case)
        out[case] = {
            "players": players,
            "games_per_second": random_games_per_second(game, players, seconds, options),
            "decisions": {level: decision_times(game, players, level, max(decisions, DECISIONS.get(case, 0)), options)
                          for level in bots.LEVELS},
        }
    return out
