"""Mojo and Phở Phở, an experiment (never a bot to keep): today's Hard knows the others' hands
(Mojo: and face-down cards; Phở Phở: and Loyal Customers) but not the order of any deck: each
world it samples is the true state with the decks shuffled (Phở Phở's The King among the bottom
customer cards, PP-5). Beside bench/tries/clairvoyant.py (everything known), it splits the
clairvoyant bound between reading hands and knowing the decks. Run in the title's bots module by
`bench/hard_bench.py --titles mojo --rows old --patch bench/tries/known_hands.py` (or
`--titles phopho --rows table`); it runs clairvoyant.py first, from beside itself."""

import os as _os
import sys as _sys

_path = _os.path.join(_os.path.dirname(_os.path.abspath(_sys.argv[0])), "tries", "clairvoyant.py")
with open(_path) as _f:
    exec(compile(_f.read(), _path, "exec"), globals())  # its `hard`, sample_state and only_hands, here


def _mojo_decks(game, world, rng):
    rng.shuffle(world["draw"])


def _phopho_decks(game, world, rng):
    rng.shuffle(world["deck"])
    world["customers"] = game._place_king(world["customers"], rng)


_title = __name__.split(".")[1]  # run in games.<title>.bots
only_hands(_title, {"mojo": _mojo_decks, "phopho": _phopho_decks}[_title])
