"""Phở Phở, an experiment (never a bot to keep): today's Hard knows the others' hands and Loyal
Customers but neither the draw pile's order nor the customer deck's: each world it samples is the
true state with the draw pile shuffled and the customer deck shuffled (The King among its bottom
cards, PP-5). Beside bench/tries/clairvoyant.py (everything known), it splits the clairvoyant
bound between reading hands and knowing the decks. Run in games.phopho.bots by
`bench/hard_bench.py --titles phopho --rows table --patch bench/tries/phopho_known_hands.py`
(it runs clairvoyant.py first, from beside itself)."""

import os as _os
import sys as _sys

from games import GAMES as _GAMES

_path = _os.path.join(_os.path.dirname(_os.path.abspath(_sys.argv[0])), "tries", "clairvoyant.py")
with open(_path) as _f:
    exec(compile(_f.read(), _path, "exec"), globals())  # its `hard` and sample_state, here
_phopho = type(_GAMES["phopho"])
_true_world = _phopho.sample_state  # clairvoyant.py's: the true state while Hard searches


def _hands_only(self, view, seat, rng):
    world = _true_world(self, view, seat, rng)
    if _SEARCHING[0]:
        rng.shuffle(world["deck"])  # the orders of the decks are not known: only the hands
        world["customers"] = self._place_king(world["customers"], rng)
    return world


_phopho.sample_state = _hands_only
