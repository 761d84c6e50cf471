"""Every playable game, registered by id. A new game joins the lobby, the CLI and the shared
test harness by adding its id to IDS (its package under games/ and its renderer under
webui/renderers/ are found by that id).

GAMES[id] is the game (rules and bots); INFOS[id] is only its GameInfo (name, players,
options, rules text), from its data module. Both import on first use, so the lobby, which
needs the INFOs, does not import seven games' rules and bots before a first visit is ready."""

import importlib
import sys
from collections.abc import Mapping

IDS = ("phopho", "hoipho", "thenumber", "mojo", "flowers", "coffeerush", "stemandbranch")  # lobby order


class Registry(Mapping):
    """A read-only mapping over `ids` whose values `load(id)` makes on first use."""

    def __init__(self, ids, load):
        self._ids = tuple(ids)
        self._load = load
        self._made = {}

    def __getitem__(self, key):
        if key not in self._made:
            if key not in self._ids:
                raise KeyError(key)
            self._made[key] = self._load(key)
        return self._made[key]

    def __contains__(self, key):  # no import to answer "is there such a game?"
        return key in self._ids

    def __iter__(self):
        return iter(self._ids)

    def __len__(self):
        return len(self._ids)


def game_on_first_use(package, class_name):
    """A game package's module __getattr__ (PEP 562): its GAME, the rules class `class_name`
    with the package's bots, made on first use, so that importing the package or its data
    module imports no rules."""
    def __getattr__(name):
        if name != "GAME":
            raise AttributeError("module {!r} has no attribute {!r}".format(package, name))
        bots = importlib.import_module(package + ".bots")
        rules = importlib.import_module(package + ".rules")
        game = sys.modules[package].GAME = getattr(rules, class_name)(bots=bots.POLICIES)
        return game
    return __getattr__


GAMES = Registry(IDS, lambda game_id: importlib.import_module("games." + game_id).GAME)
INFOS = Registry(IDS, lambda game_id: importlib.import_module("games.{}.data".format(game_id)).INFO)

__all__ = ["GAMES", "IDS", "INFOS", "Registry", "game_on_first_use"]
