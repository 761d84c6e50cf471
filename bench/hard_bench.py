"""Issue 37's table for the Hard bots (not a test): python3 bench/hard_bench.py [--titles a,b] [--games N]

For each title, seeded games between bots on CPython (processes: --jobs), seat-rotated (each seed
is played once with every seating of the levels, so neither side gets the better seat):
  old      today's Hard against the Hard pinned in bench/pinned_hard (2026-12-04), heads-up
  normal   Hard against Normal, heads-up
  table    Hard against three Normals (four players; Flowers at its best count, three)
A title that does not seat two (Hội Phố: 3 to 5) plays the heads-up rows at its smallest count,
Hard against two of the other, and its goals keep the heads-up goals' margin over a fair share
(60% is 1.2 x a fair 50%, so 40% of three; 75% is 1.5 x, so 50%).
A shared win counts 1/k for each of the k winners; the figure is Hard's share of the wins.
The bots count worlds, not seconds: the same --seed gives the same figures on any machine.
Prints the table and appends a dated section to bench/RESULTS.md (--out).

To try a change of today's Hard without editing it: --patch FILE runs a Python file in the
title's bots module (rebind a function that Hard calls, or `hard` itself), then --set NAME=VALUE
rebinds a constant of that module, the patch's own too (repeatable). The pinned Hard is a module
of its own and stays as it was; a change to what Normal also uses changes Normal's rows too. The
tries of bench/RESULTS.md that are more than a constant are kept in bench/tries/."""

import argparse
import ast
import copy
import datetime
import importlib
import os
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
for folder in ("py", "bench"):
    sys.path.insert(0, os.path.join(ROOT, folder))

import pinned_hard  # noqa: E402
from games import GAMES  # noqa: E402
from tabletop.simulate import simulate  # noqa: E402

TARGETS = {"old": 0.60, "normal": 0.75, "table": 0.55}  # the issue's
TABLE_PLAYERS = {"flowers": 3}  # Flowers plays best with three (its rules); others four


def hard_share(game, seatings, games, seed, jobs):
    """Hard's share of the wins over `games` seeds, each played in every seating."""
    wins = 0.0
    for levels in seatings:
        tally = simulate(game, levels, games, seed, jobs=jobs)
        hard_seats = [s for s, level in enumerate(levels) if level == "hard"]
        wins += sum(tally.wins[s] for s in hard_seats)
    return wins / (games * len(seatings))


def rotations(levels):
    return [levels[i:] + levels[:i] for i in range(len(levels))]


def heads_up(game):
    """The count for a heads-up row: two, or the title's smallest."""
    return max(2, game.info.min_players)


def goal(game_id, which):
    """The issue's goal for a row; a heads-up goal scaled to the count actually played."""
    if which == "table":
        return TARGETS[which]
    return TARGETS[which] * 2 / heads_up(GAMES[game_id])


def row(game_id, which, games, seed, jobs):
    game = GAMES[game_id]
    if which == "old":  # the pinned Hard plays in the "normal" slot
        game = copy.copy(game)
        game.bots = dict(game.bots, normal=pinned_hard.hard(game_id))
    if which == "table":
        players = min(TABLE_PLAYERS.get(game_id, 4), game.info.max_players)
    else:
        players = heads_up(game)
    return hard_share(game, rotations(["hard"] + ["normal"] * (players - 1)), games, seed, jobs)


def apply_tries(game_id, settings=(), patch=None):
    """Change today's Hard of `game_id` for this run: the file `patch` runs in its bots module,
    then `settings` ["NAME=VALUE", ...] rebind that module's constants (VALUE a Python literal;
    a patch's own constants too). The games are played in forked processes, which inherit the
    changes."""
    module = importlib.import_module("games.%s.bots" % game_id)
    if patch:
        with open(patch) as f:
            exec(compile(f.read(), patch, "exec"), module.__dict__)  # a developer's own file
    for setting in settings:
        name, _, value = setting.partition("=")
        if not hasattr(module, name):  # a misspelt name would otherwise change nothing, silently
            raise SystemExit("--set {}: games.{}.bots has no {}".format(setting, game_id, name))
        try:
            setattr(module, name, ast.literal_eval(value))
        except (ValueError, SyntaxError):
            raise SystemExit("--set {}: the value must be a Python literal (a number, True, a string in quotes)".format(setting))
    module.POLICIES["hard"] = module.hard  # a patch may have rebound `hard` itself
    GAMES[game_id].bots["hard"] = module.hard  # the registered game holds a copy of POLICIES


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--titles", default=",".join(pinned_hard.TITLES))
    parser.add_argument("--rows", default="old,normal,table")
    parser.add_argument("--games", type=int, default=200, help="seeds per row (each played in every seating)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--out", default=os.path.join(ROOT, "bench", "RESULTS.md"))
    parser.add_argument("--note", default="", help="a line under the table (what changed)")
    parser.add_argument("--set", action="append", default=[], metavar="NAME=VALUE",
                        help="rebind a constant of today's Hard (its title's bots module); repeatable")
    parser.add_argument("--patch", metavar="FILE", help="a Python file run in today's Hard's bots module")
    args = parser.parse_args(argv)
    titles, rows = args.titles.split(","), args.rows.split(",")
    if args.set or args.patch:
        for game_id in titles:
            apply_tries(game_id, args.set, args.patch)
        tried = " ".join(["--set " + x for x in args.set] + (["--patch " + args.patch] if args.patch else []))
        args.note = (tried + ". " + args.note).strip()
    lines = ["| title | " + " | ".join("{} (goal {:.0%})".format(r, TARGETS[r]) for r in rows) + " |",
             "|---|" + "---|" * len(rows)]
    started = time.perf_counter()
    for game_id in titles:
        cells = []
        for which in rows:
            share = row(game_id, which, args.games, args.seed, args.jobs)
            target = goal(game_id, which)
            cells.append("{:.1%}{}{}".format(share, "" if target == TARGETS[which] else " (of {}; goal {:.0%})".format(
                heads_up(GAMES[game_id]), target), "" if share >= target else " (below)"))
            print(game_id, which, cells[-1], flush=True)
        lines.append("| {} | {} |".format(GAMES[game_id].info.title, " | ".join(cells)))
    table = "\n".join(lines)
    print(table)
    when = datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC")
    section = ("\n## Hard bots (issue 37), {}\n\n`bench/hard_bench.py --titles {} --rows {} --games {} --seed {}`: Hard's share "
               "of the wins, seat-rotated (each seed played in every seating), CPython, {} processes, {:.0f} s.\n{}\n{}\n").format(
        when, args.titles, args.rows, args.games, args.seed, args.jobs, time.perf_counter() - started,
        ("\n" + args.note + "\n") if args.note else "", table)
    with open(args.out, "a") as f:
        f.write(section)
    return 0


if __name__ == "__main__":
    sys.exit(main())
