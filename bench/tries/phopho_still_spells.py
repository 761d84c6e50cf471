"""How long Phở Phở games between two Hards stand still (no card placed on a customer), with Hard's
guard against standing still switched off (2026-12-06): the count of games by their longest
spell in turns, then every game with a spell of 6 turns or more (seed, spell, at turn, ended,
turns). A game still running after 4,000 decisions is reported as not ended. Run from the
repository (two processes):
  .venv/bin/python bench/tries/phopho_still_spells.py FIRST_SEED LAST_SEED
Figures: bench/RESULTS.md, 2026-12-06, night ("a game that stood still")."""
import collections
import multiprocessing
import random
import sys

sys.path.insert(0, "py")
from games.phopho import GAME  # noqa: E402
from games.phopho import bots as ppbots  # noqa: E402
from tabletop import bots as botlib  # noqa: E402

ppbots.STILL_ROUNDS = 10 ** 6  # the guard off: Hard searches every decision


def longest_spell(seed):
    state = GAME.start(2, None, seed)
    rng = random.Random(seed)
    longest, at, decisions = 0, 0, 0
    while not state["over"] and decisions < 4000:
        seat = state["turn"]
        action = botlib.choose(GAME, "hard", GAME.view(state, seat), seat, GAME.legal_actions(state, seat), rng)
        GAME.apply(state, seat, action)
        decisions += 1
        spell = state["turn_no"] - state["last_placed_turn"]
        if spell > longest:
            longest, at = spell, state["turn_no"]
    return seed, longest, at, state["over"], state["turn_no"]


if __name__ == "__main__":
    first, last = int(sys.argv[1]), int(sys.argv[2])
    with multiprocessing.get_context("fork").Pool(2) as pool:
        games = list(pool.imap(longest_spell, range(first, last + 1), chunksize=1))
    print(sorted(collections.Counter(g[1] for g in games).items()))
    for g in games:
        if g[1] >= 6 or not g[3]:
            print(g)
