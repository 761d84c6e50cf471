"""Any title, an experiment (never a bot to keep): today's Hard made clairvoyant, every world it
samples replaced by the true state (every hand, the deck's order), so that a row measures how far
a search of this kind could go with perfect information. The pinned Hard and Normal still sample
honestly. Run in games.<id>.bots by
`bench/hard_bench.py --titles coffeerush --rows old --patch bench/tries/clairvoyant.py`."""

from games import GAMES as _GAMES
from tabletop import clone as _clone

_TRUE = {}  # id(view) -> (view, the state it was made from), for the views of the last decisions
_SEARCHING = [False]  # only today's Hard sees through


def _see_through(game_class):
    if getattr(game_class, "_clairvoyant", False):
        return
    view_of, sample = game_class.view, game_class.sample_state

    def view(self, state, seat):
        made = view_of(self, state, seat)
        if _SEARCHING[0]:
            return made  # a view of a world inside the search: not a decision's
        if len(_TRUE) > 256:
            _TRUE.clear()
        _TRUE[id(made)] = (made, state)
        return made

    def sample_state(self, view, seat, rng):
        kept = _TRUE.get(id(view))
        if _SEARCHING[0] and kept is not None and kept[0] is view:
            return _clone(kept[1])
        return sample(self, view, seat, rng)

    game_class.view, game_class.sample_state, game_class._clairvoyant = view, sample_state, True


for _game in _GAMES.values():
    _see_through(type(_game))

_honest_hard = hard


def hard(game, view, seat, legal, rng):
    _SEARCHING[0] = True
    try:
        return _honest_hard(game, view, seat, legal, rng)
    finally:
        _SEARCHING[0] = False


def only_hands(game_id, hide_decks):
    """For the tries that split this bound (bench/tries/known_hands.py): while today's Hard
    searches, its worlds are the true state, then `hide_decks(game, world, rng)` shuffles the
    decks it could not know, so that only the hands stay true."""
    game_class = type(_GAMES[game_id])
    true_world = game_class.sample_state

    def sample_state(self, view, seat, rng):
        world = true_world(self, view, seat, rng)
        if _SEARCHING[0]:
            hide_decks(self, world, rng)
        return world

    game_class.sample_state = sample_state
