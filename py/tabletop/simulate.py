"""Whole games between bots, for the command line, benchmarks and the test harness."""

import random
import time

from . import bots as botlib
from .game import IllegalAction

# The rules of some games set no limit on turns, and bots that each wait for the other would play
# for ever; a study must stop and say which game. 100 times the longest game of any title
# (Phở Phở: about 200 decisions between four Easy bots).
MAX_DECISIONS = 20000


class GameDidNotEnd(Exception):
    """A game between bots still running after `max_decisions`: the message names its seed."""


def play_game(game, levels, seed, options=None, on_decision=None, history=None, max_decisions=None):
    """Play one game between bots of `levels` (one per seat); return the final state.

    `on_decision(seat, level, seconds)` is called after every bot decision (for benchmarks);
    `history`, a list, receives every [seat, action] played. A game still running after
    `max_decisions` (MAX_DECISIONS) raises GameDidNotEnd."""
    limit = MAX_DECISIONS if max_decisions is None else max_decisions
    state = game.start(len(levels), options, seed)
    rng = random.Random(seed)
    decisions = 0
    while not game.is_over(state):
        if decisions >= limit:
            raise GameDidNotEnd("{} ({}), seed {}: still running after {} decisions; replay that seed to see who waits".format(
                game.info.title, ",".join(map(str, levels)), seed, decisions))
        acting = game.to_act(state)
        if not acting:
            raise IllegalAction("the game stopped with nobody to act")
        for seat in acting:
            if seat not in game.to_act(state):
                continue  # an earlier simultaneous decision ended the choice
            legal = game.legal_actions(state, seat)
            started = time.perf_counter()
            action = botlib.choose(game, levels[seat], game.view(state, seat), seat, legal, rng)
            if on_decision:
                on_decision(seat, levels[seat], time.perf_counter() - started)
            game.apply(state, seat, action)
            decisions += 1
            if history is not None:
                history.append([seat, action])
    return state


class Tally:
    """Win rates by seat and by bot level, mean scores and game length."""

    def __init__(self, levels):
        self.levels = list(levels)
        self.games = 0
        self.wins = [0.0] * len(levels)  # a shared win counts 1/k for each of the k winners
        self.scores = [0.0] * len(levels)
        self.steps = 0
        self.turns = 0  # summed from result["turns"], for games whose result reports turns

    def add(self, result, steps):
        self.games += 1
        self.steps += steps
        self.turns += result.get("turns") or 0
        for s in result["winners"]:
            self.wins[s] += 1.0 / len(result["winners"])
        for s, score in enumerate(result["scores"]):
            self.scores[s] += score

    def by_level(self):
        """{level: (win share per seat of that level, mean score)}."""
        out = {}
        for level in dict.fromkeys(self.levels):
            seats = [s for s, lv in enumerate(self.levels) if lv == level]
            out[level] = (
                sum(self.wins[s] for s in seats) / (len(seats) * self.games),
                sum(self.scores[s] for s in seats) / (len(seats) * self.games),
            )
        return out

    def figures(self):
        """The results as plain data (for --json)."""
        return {
            "games": self.games,
            "seats": [{"seat": s + 1, "bot": level, "win_rate": self.wins[s] / self.games,
                       "mean_score": self.scores[s] / self.games} for s, level in enumerate(self.levels)],
            "by_level": {level: {"win_rate": rate, "mean_score": score} for level, (rate, score) in self.by_level().items()},
            "mean_actions": self.steps / self.games,
            "mean_turns": self.turns / self.games if self.turns else None,
        }

    def report(self, title):
        lines = ["{}: {} games".format(title, self.games)]
        lines.append("  seat  bot     win rate  mean score")
        for s, level in enumerate(self.levels):
            lines.append("  {:>4}  {:<6}  {:>7.1%}  {:>10.2f}".format(s + 1, level, self.wins[s] / self.games, self.scores[s] / self.games))
        lines.append("  by bot level (per seat):")
        for level, (rate, score) in self.by_level().items():
            lines.append("        {:<6}  {:>7.1%}  {:>10.2f}".format(level, rate, score))
        turns = " ({:.1f} turns)".format(self.turns / self.games) if self.turns else ""
        lines.append("  mean game length: {:.1f} actions{}".format(self.steps / self.games, turns))
        return "\n".join(lines)


def play_one(game, levels, seed, options=None):
    """One game between bots: (its result, the number of decisions)."""
    steps = []
    state = play_game(game, levels, seed, options, on_decision=lambda *a: steps.append(1))
    return game.result(state), len(steps)


def _play_indexed(job):
    game, levels, seed, options = job
    return play_one(game, levels, seed, options)


def simulate(game, levels, games, seed=1, options=None, progress=None, jobs=1, scheduler=None):
    """Play `games` games; seed + i seeds game i. `progress(done, total)` after each game.

    With `jobs` > 1 the games are shared among that many processes, and with `scheduler` (a Dask
    scheduler's address, tcp://HOST:PORT; `jobs` is then unused) among a cluster's workers
    (tabletop.cluster); either way the results are tallied in the order of the games, so the
    figures are exactly those of one job. The bots count worlds (their wall-clock guard is off
    outside the app), so the same seed gives the same figures on every run and every machine."""
    tally = Tally(levels)
    work = [(game, list(levels), seed + i, options) for i in range(games)]
    if scheduler:
        from .cluster import play_on_cluster

        def add(i, played):
            tally.add(*played)
            if progress:
                progress(i + 1, games)
        play_on_cluster(scheduler, work, add)
        return tally
    if jobs > 1 and games > 1:
        import multiprocessing

        context = multiprocessing.get_context("fork" if "fork" in multiprocessing.get_all_start_methods() else None)
        with context.Pool(min(jobs, games)) as pool:
            for i, (result, steps) in enumerate(pool.imap(_play_indexed, work, chunksize=1)):
                tally.add(result, steps)
                if progress:
                    progress(i + 1, games)
        return tally
    for i, job in enumerate(work):
        tally.add(*_play_indexed(job))
        if progress:
            progress(i + 1, games)
    return tally
