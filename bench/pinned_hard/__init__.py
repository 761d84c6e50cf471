"""Today's Hard bots (2026-12-04, commit 84c099c), pinned for issue 37: each game's bots.py as it
was, its relative imports made absolute. bench/hard_bench.py plays a game's Hard of today's code
against this one. What they import from the games (data, rules, their search helpers) is the
current code: a change of rules changes both sides alike."""

import importlib

TITLES = ("coffeerush", "flowers", "hoipho", "mojo", "phopho", "stemandbranch", "thenumber")


def hard(game_id):
    """The pinned Hard policy of `game_id`: f(game, view, seat, legal, rng) -> action."""
    return importlib.import_module("pinned_hard." + game_id).POLICIES["hard"]
