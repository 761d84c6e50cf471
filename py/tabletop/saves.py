"""Saves: the format, loading by replay, and a store over any key-value storage.

A save is {format, game, version, options, seats, seed, actions, created, updated}; loading
replays the actions from the seed, so a save is small and a broken one is detected at once.
A save that cannot be loaded is reported with a plain explanation and kept (to export or
delete); it never stops the others from loading.
"""

import json

from .game import IllegalAction
from .match import SEAT_KINDS, Match

FORMAT = 1
KEY_PREFIX = "tabletop.save."


class SaveError(ValueError):
    """A save that cannot be loaded; the message says why in plain words."""


def to_save(match, created=None, updated=None):
    return {
        "format": FORMAT,
        "game": match.game.info.id,
        "version": match.game.info.version,
        "options": dict(match.options),
        "seats": [dict(s) for s in match.seats],
        "seed": match.seed,
        "actions": [list(a) for a in match.history],
        "created": created,
        "updated": updated,
    }


def parse(text):
    """Parse save text (JSON) into a dict, or raise SaveError."""
    try:
        data = json.loads(text)
    except (ValueError, TypeError) as err:
        raise SaveError("This is not a readable save (broken JSON: {}).".format(err))
    if not isinstance(data, dict):
        raise SaveError("This is not a save: it holds no game record.")
    return data


def check_record(data, games):
    """Check the parts of a save (or share link) that set up a game; return (game, seats,
    options, seed) or raise SaveError saying what is wrong."""
    game = games.get(data.get("game"))
    if game is None:
        raise SaveError("This save is for a game this app does not have ('{}').".format(data.get("game")))
    seats = data.get("seats")
    if not isinstance(seats, list) or not all(
        isinstance(s, dict) and isinstance(s.get("name"), str) and s.get("kind") in SEAT_KINDS for s in seats
    ):
        raise SaveError("The save's list of players is damaged.")
    seed = data.get("seed")
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise SaveError("The save's seed is damaged.")
    options = data.get("options", {})
    if not isinstance(options, dict):
        raise SaveError("The save's options are damaged.")
    return game, seats, options, seed


def load(data, games):
    """Rebuild the Match a save describes; `games` maps game ids to Game objects."""
    if isinstance(data, str):
        data = parse(data)
    if not isinstance(data, dict):
        raise SaveError("This is not a save: it holds no game record.")
    fmt = data.get("format")
    if not isinstance(fmt, int):
        raise SaveError("This is not a save of this app (no format number).")
    if fmt > FORMAT:
        raise SaveError("This save was made by a newer version of the app (format {}; this app reads {}).".format(fmt, FORMAT))
    if fmt != FORMAT:
        raise SaveError("Unknown save format {} (this app reads format {}).".format(fmt, FORMAT))
    game, seats, options, seed = check_record(data, games)
    actions = data.get("actions")
    if not isinstance(actions, list) or not all(
        isinstance(a, list) and len(a) == 2 and isinstance(a[0], int) and isinstance(a[1], str) for a in actions
    ):
        raise SaveError("The save's list of moves is damaged.")
    try:
        match = Match(game, seats, options, seed)
    except IllegalAction as err:
        raise SaveError("The save cannot start its game: {}".format(err.reason))
    try:
        match.replay(actions)
    except IllegalAction as err:
        raise SaveError("The saved moves no longer replay. {}".format(err.reason))
    return match


class Entry:
    """One stored save as the lobby lists it: either a match, or the reason it is broken."""

    def __init__(self, key, text, match=None, error=None, data=None):
        self.key = key
        self.text = text
        self.match = match
        self.error = error
        self.data = data or {}

    @property
    def id(self):
        return self.key[len(KEY_PREFIX):]


class SaveStore:
    """Saves in a key-value storage (the browser's localStorage, or a dict in tests).

    `backend` needs get(key) -> str|None, set(key, text), remove(key), keys() -> [str].
    If the backend fails (storage denied, or full), the store keeps going in memory and
    `notice` says so, so that play is never interrupted."""

    def __init__(self, backend, games):
        self.games = games
        self.notice = None
        self._memory = {}
        self._backend = backend
        if backend is None:
            self.notice = "Saving is unavailable in this browser: this game lives in memory only."
        else:
            try:
                backend.keys()
            except Exception:
                self._backend = None
                self.notice = "Saving is unavailable in this browser: this game lives in memory only."

    @property
    def persistent(self):
        return self._backend is not None

    def _keys(self):
        keys = set(self._memory)
        if self._backend is not None:
            try:
                keys.update(self._backend.keys())
            except Exception:
                pass
        return sorted(k for k in keys if k.startswith(KEY_PREFIX))

    def _get(self, key):
        if key in self._memory:
            return self._memory[key]
        if self._backend is not None:
            try:
                return self._backend.get(key)
            except Exception:
                return None
        return None

    def write(self, save_id, data):
        """Store a save; on a storage failure fall back to memory and set `notice`."""
        key = KEY_PREFIX + save_id
        text = json.dumps(data, separators=(",", ":"))
        if self._backend is not None:
            try:
                self._backend.set(key, text)
                self._memory.pop(key, None)
                return True
            except Exception as err:
                full = "quota" in str(err).lower() or "full" in str(err).lower()
                self.notice = (
                    "Browser storage is full: this game goes on in memory and will not survive a reload."
                    if full
                    else "Saving failed ({}): this game goes on in memory only.".format(err)
                )
        self._memory[key] = text
        return False

    def remove(self, save_id):
        key = KEY_PREFIX + save_id
        self._memory.pop(key, None)
        if self._backend is not None:
            try:
                self._backend.remove(key)
            except Exception:
                pass

    def text(self, save_id):
        return self._get(KEY_PREFIX + save_id)

    def entries(self):
        """Every stored save, newest first; broken ones carry `error` instead of `match`."""
        found = []
        for key in self._keys():
            text = self._get(key)
            entry = Entry(key, text)
            try:
                entry.data = parse(text if text is not None else "")
                entry.match = load(entry.data, self.games)
            except SaveError as err:
                entry.error = str(err)
            except Exception as err:  # a bug must not take the lobby down with it
                entry.error = "This save could not be read ({}: {}).".format(type(err).__name__, err)
            found.append(entry)
        found.sort(key=lambda e: str(e.data.get("updated") or ""), reverse=True)
        return found
