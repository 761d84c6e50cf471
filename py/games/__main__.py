"""Command line for people who study the games:

    python -m games simulate thenumber --players 4 --bots hard,normal,easy,easy --games 1000 --seed 1
    python -m games simulate flowers --bots normal,easy --games 500 --jobs 2 --json
    python -m games simulate mojo --bots hard,normal --games 100000 --scheduler tcp://10.0.0.5:8786
    python -m games list

The same --seed prints exactly the same figures on every run, with any --jobs or on a Dask
cluster (--scheduler: README, "Balance studies on several machines").
"""

import argparse
import json
import os
import sys
import time

from tabletop import IllegalAction
from tabletop.bots import LEVELS
from tabletop.cluster import ClusterError
from tabletop.simulate import GameDidNotEnd, simulate

from . import GAMES


def progress_bar(out):
    started = time.perf_counter()

    def show(done, total):
        width = 30
        filled = width * done // total
        elapsed = time.perf_counter() - started
        eta = elapsed / done * (total - done)
        out.write("\r[{}{}] {}/{} games, {:.0f}s left ".format("#" * filled, "." * (width - filled), done, total, eta))
        if done == total:
            out.write("\n")
        out.flush()

    return show


def main(argv=None):
    parser = argparse.ArgumentParser(prog="python -m games", description="Simulate games between bots.")
    sub = parser.add_subparsers(dest="command", required=True)
    sub.add_parser("list", help="the games and their player counts")
    sim = sub.add_parser("simulate", help="play many games between bots and print statistics")
    sim.add_argument("game", choices=sorted(GAMES))
    sim.add_argument("--players", type=int, help="number of players (default: as many as --bots)")
    sim.add_argument("--bots", default="normal,easy", help="bot level per seat, comma-separated: " + ", ".join(LEVELS))
    sim.add_argument("--games", type=int, default=100)
    sim.add_argument("--seed", type=int, default=1)
    sim.add_argument("--option", action="append", default=[], metavar="NAME=VALUE", help="a variant option")
    sim.add_argument("--jobs", type=int, default=os.cpu_count() or 1,
                     help="processes playing games at once (default: all cores; the figures do not change)")
    sim.add_argument("--scheduler", metavar="tcp://HOST:PORT",
                     help="play on the workers of this Dask scheduler instead of local processes (--jobs is then unused; "
                          "pip install -r requirements-cluster.txt)")
    sim.add_argument("--json", action="store_true", help="print the figures as JSON (no progress bar)")
    sim.add_argument("--quiet", action="store_true", help="no progress bar")
    args = parser.parse_args(argv)

    if args.command == "list":
        for game in GAMES.values():
            info = game.info
            print("{:<12} {:<14} {}-{} players  {}".format(info.id, info.title, info.min_players, info.max_players, info.pitch))
        return 0

    game = GAMES[args.game]
    levels = [b.strip() for b in args.bots.split(",") if b.strip()]
    players = args.players or len(levels)
    if len(levels) == 1:
        levels = levels * players
    bad = [b for b in levels if b not in LEVELS]
    if bad:
        parser.error("unknown bot level(s) {}: use {}".format(", ".join(bad), ", ".join(LEVELS)))
    if len(levels) != players:
        parser.error("--bots names {} seats but --players is {}".format(len(levels), players))
    if args.games < 1:
        parser.error("--games must be at least 1")
    if args.jobs < 1:
        parser.error("--jobs must be at least 1")
    options = dict(o.split("=", 1) for o in args.option if "=" in o)
    try:  # the player range may depend on the options (a mode)
        game.info.check_players(players, game.info.resolve_options(options))
    except IllegalAction as err:
        parser.error(err.reason)
    started = time.perf_counter()
    quiet = args.quiet or args.json
    try:
        tally = simulate(game, levels, args.games, args.seed, options, None if quiet else progress_bar(sys.stderr), args.jobs,
                         scheduler=args.scheduler)
    except (ClusterError, GameDidNotEnd) as err:
        print("games simulate: {}".format(err), file=sys.stderr)
        return 2
    if args.json:
        figures = dict(game=game.info.id, players=players, seed=args.seed, options=game.info.resolve_options(options))
        figures.update(tally.figures())
        print(json.dumps(figures, indent=1))
        return 0
    print(tally.report("{} ({} players, seed {})".format(game.info.title, players, args.seed)))
    print("  {:.2f} s in all".format(time.perf_counter() - started))
    return 0


if __name__ == "__main__":
    sys.exit(main())
