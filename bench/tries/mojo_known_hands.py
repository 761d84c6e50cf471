"""Mojo, an experiment (never a bot to keep): today's Hard knows the others' hands and face-down
cards but not the order of the draw pile: each world it samples is the true state with the draw
pile shuffled. Beside bench/tries/clairvoyant.py (everything known), it splits the clairvoyant
bound between reading hands and knowing the deck. Run in games.mojo.bots by
`bench/hard_bench.py --titles mojo --rows old --patch bench/tries/mojo_known_hands.py`
(it runs clairvoyant.py first, from beside itself)."""

import os as _os
import sys as _sys

from games import GAMES as _GAMES

_path = _os.path.join(_os.path.dirname(_os.path.abspath(_sys.argv[0])), "tries", "clairvoyant.py")
with open(_path) as _f:
    exec(compile(_f.read(), _path, "exec"), globals())  # its `hard` and sample_state, here
_mojo = type(_GAMES["mojo"])
_true_world = _mojo.sample_state  # clairvoyant.py's: the true state while Hard searches


def _hands_only(self, view, seat, rng):
    world = _true_world(self, view, seat, rng)
    if _SEARCHING[0]:
        rng.shuffle(world["draw"])  # the deck's order is not known: only the hands and face-down cards
    return world


_mojo.sample_state = _hands_only
