"""Saves: the format, loading by replay, and a store over any key-value storage.

A save is {format, game, version, options, seats, seed, actions, created, updated}; loading
replays the actions from the seed, so a save is small and a broken one is detected at once.
A save that cannot be loaded is reported with a plain explanation and kept (to export or
delete); it never stops the others from loading. Beside the saves the store keeps records: small
named values a game asks to remember across matches (a solo player's best score), and the
player's settings (the bots' speed).
"""

import json
import re

from .game import IllegalAction
from .match import SEAT_KINDS, Match, clean_name, default_name
from .msg import M, N_, Message

FORMAT = 1
KEY_PREFIX = "tabletop.save."
RECORD_PREFIX = "tabletop.record."
SETTING_PREFIX = "tabletop.setting."
# Bounds on what a save (stored, imported or carried by a link) may hold, checked before the
# text is parsed: a hostile file must be refused with a message, never exhaust the stack or
# the memory (a JSON nested 100,000 deep breaks Pyodide's later async callbacks).
MAX_TEXT = 1_000_000  # characters of save text; a long real game is a few dozen kilobytes
MAX_DEPTH = 8  # nesting of arrays and objects; a real save nests 3 deep
MAX_ACTIONS = 20_000  # moves in one save
MAX_ACTION_TEXT = 200  # characters of one move
MAX_SEATS = 16
MAX_SEED = 2 ** 63
MAX_STAMP = 64  # characters of "created" / "updated"
_STRINGS = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"')
_NOT_BRACKETS = re.compile(r"[^\[\]{}]+")


class SaveError(ValueError):
    """A save that cannot be loaded; the message says why in plain words (`reason`: a Message,
    which the screen says in the reader's language; str(err) is its English)."""

    @property
    def reason(self):
        return self.args[0] if self.args else ""


# What `parse` reads, named in its messages.
WHAT = {"save": N_("save"), "link": N_("link")}


def to_save(match, created=None, updated=None):
    return {
        "format": FORMAT,
        "game": match.game.info.id,
        "version": match.game.info.version,
        "options": dict(match.options),
        "seats": [dict(s) for s in match.seats],
        "seed": match.seed,
        "actions": [list(a) for a in match.history],
        "hints": match.hints(),
        "created": created,
        "updated": updated,
    }


def without_room(text):
    """A save's text for a file that leaves this device: a table with friends keeps its room's
    secret and the guests' seat secrets in the save (to reopen the room after a reload), which
    must not travel with an exported file. Anything unreadable is exported as it is."""
    try:
        data = parse(text)
    except SaveError:
        return text
    if not isinstance(data, dict) or "room" not in data:
        return text
    return json.dumps({k: v for k, v in data.items() if k != "room"}, ensure_ascii=False)


def json_depth(text):
    """How deeply `text`'s arrays and objects nest, by a cheap scan that never recurses (strings
    are skipped, so brackets inside names do not count)."""
    depth = deepest = 0
    for char in _NOT_BRACKETS.sub("", _STRINGS.sub("", text)):
        depth += 1 if char in "[{" else -1
        deepest = max(deepest, depth)
    return deepest


def parse(text, what="save"):
    """Parse save text (JSON) into a dict, or raise SaveError. The size and nesting are bounded
    before the JSON parser sees the text."""
    what = WHAT.get(what, what)
    if not isinstance(text, str):
        raise SaveError(M("This is not a readable {what} (it is not text).", what=what))
    if len(text) > MAX_TEXT:
        raise SaveError(M("This is not a {what} of this app: it is far too large ({size} characters).",
                          what=what, size="{:,}".format(len(text))))
    if json_depth(text) > MAX_DEPTH:
        raise SaveError(M("This is not a {what} of this app: its data nests far too deep.", what=what))
    try:
        data = json.loads(text)
    except (ValueError, TypeError, RecursionError) as err:
        raise SaveError(M("This is not a readable {what} (broken JSON: {detail}).", what=what, detail=str(err)[:120]))
    if not isinstance(data, dict):
        raise SaveError(M("This is not a {what}: it holds no game record.", what=what))
    return data


def _whole(value):
    """An int that is not a bool (JSON's true must not pass for seat 1)."""
    return isinstance(value, int) and not isinstance(value, bool)


def check_record(data, games):
    """Check the parts of a save (or share link) that set up a game against the schema; return
    (game, seats, options, seed) or raise SaveError saying what is wrong. Names come back
    trimmed and bounded like the new-game dialog's."""
    game_id = data.get("game")
    if not isinstance(game_id, str):
        raise SaveError(M("This save's game name is damaged."))
    game = games.get(game_id)
    if game is None:
        raise SaveError(M("This save is for a game this app does not have ('{game}').", game=game_id[:40]))
    seats = data.get("seats")
    if not isinstance(seats, list) or not 0 < len(seats) <= MAX_SEATS or not all(
        isinstance(s, dict) and isinstance(s.get("name"), str) and isinstance(s.get("kind"), str)
        and s["kind"] in SEAT_KINDS for s in seats
    ):
        raise SaveError(M("The save's list of players is damaged."))
    seats = [{"name": clean_name(s["name"]) or default_name("human", i, ()), "kind": s["kind"]} for i, s in enumerate(seats)]
    seed = data.get("seed")
    if not _whole(seed) or not -MAX_SEED < seed < MAX_SEED:
        raise SaveError(M("The save's seed is damaged."))
    options = data.get("options", {})
    if not isinstance(options, dict) or not all(isinstance(v, str) for v in options.values()):
        raise SaveError(M("The save's options are damaged."))
    version = data.get("version")
    if not _whole(version):
        raise SaveError(M("The save does not say which version of the rules it follows."))
    if version != game.info.version:
        raise SaveError(M("This save follows version {version} of the rules of {game}; this app plays version {current}.",
                          version=version, game=Message(game.info.title), current=game.info.version))
    for stamp in ("created", "updated"):
        if not (data.get(stamp) is None or isinstance(data[stamp], str) and len(data[stamp]) <= MAX_STAMP):
            raise SaveError(M("The save's date ('{field}') is damaged.", field=stamp))
    return game, seats, options, seed


def load(data, games):
    """Rebuild the Match a save describes; `games` maps game ids to Game objects."""
    if isinstance(data, str):
        data = parse(data)
    if not isinstance(data, dict):
        raise SaveError(M("This is not a {what}: it holds no game record.", what=WHAT["save"]))
    fmt = data.get("format")
    if not _whole(fmt):  # JSON's true is no format number
        raise SaveError(M("This is not a save of this app (no format number)."))
    if fmt > FORMAT:
        raise SaveError(M("This save was made by a newer version of the app (format {format}; this app reads {current}).",
                          format=fmt, current=FORMAT))
    if fmt != FORMAT:
        raise SaveError(M("Unknown save format {format} (this app reads format {current}).", format=fmt, current=FORMAT))
    game, seats, options, seed = check_record(data, games)
    actions = data.get("actions")
    if not isinstance(actions, list) or len(actions) > MAX_ACTIONS or not all(
        isinstance(a, list) and len(a) == 2 and _whole(a[0]) and 0 <= a[0] < len(seats)
        and isinstance(a[1], str) and len(a[1]) <= MAX_ACTION_TEXT for a in actions
    ):
        raise SaveError(M("The save's list of moves is damaged."))
    try:
        match = Match(game, seats, options, seed)
    except IllegalAction as err:
        raise SaveError(M("The save cannot start its game: {reason}", reason=err.reason))
    try:
        match.replay(actions)
    except IllegalAction as err:
        raise SaveError(M("The saved moves no longer replay. {reason}", reason=err.reason))
    match.hints_offered, match.hints_used = read_hints(data.get("hints"), len(seats))
    return match


def read_hints(hints, seats):
    """(offered, used by seat) from a save's "hints"; a save from before hints (none) offers them
    with none used. Damaged counts are dropped, not fatal: they are not part of the game."""
    if not isinstance(hints, dict):
        return True, [0] * seats
    used = hints.get("used")
    if not (isinstance(used, list) and len(used) == seats and all(_whole(n) and 0 <= n < 10 ** 6 for n in used)):
        used = [0] * seats
    return hints.get("offered") is not False, list(used)


class Entry:
    """One stored save as the lobby lists it: either a match, or the reason it is broken (`error`,
    a Message)."""

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
        self.failing = False  # the last write went to memory (storage full or refusing)
        self._memory = {}
        self._backend = backend
        if backend is None:
            self.notice = M("Saving is unavailable in this browser: this game lives in memory only.")
        else:
            try:
                backend.keys()
            except Exception:
                self._backend = None
                self.notice = M("Saving is unavailable in this browser: this game lives in memory only.")

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
        return self._put(KEY_PREFIX + save_id, data)

    def _put(self, key, data):
        text = json.dumps(data, separators=(",", ":"))
        if self._backend is not None:
            try:
                self._backend.set(key, text)
                self._memory.pop(key, None)
                if self.failing:  # saving resumed: the notice about it no longer holds
                    self.failing = False
                    self.notice = None
                return True
            except Exception as err:
                full = "quota" in str(err).lower() or "full" in str(err).lower()
                if not self.failing:  # said once; dismissed, it stays away until it changes
                    self.failing = True
                    self.notice = (
                        M("Browser storage is full: this game goes on in memory and will not survive a reload.")
                        if full
                        else M("Saving failed ({detail}): this game goes on in memory only.", detail=str(err)[:200])
                    )
        self._memory[key] = text
        return False

    def _json(self, key):
        text = self._get(key)
        try:
            return json.loads(text) if text is not None else None
        except ValueError:
            return None

    def record(self, name):
        """A record (a dict) stored under `name`, or None (never stored, or unreadable)."""
        data = self._json(RECORD_PREFIX + name)
        return data if isinstance(data, dict) else None

    def write_record(self, name, data):
        """Store a record; like a save, it falls back to memory when storage fails."""
        return self._put(RECORD_PREFIX + name, data)

    def setting(self, name):
        """A setting's stored value (plain JSON data), or None (never stored, or unreadable)."""
        return self._json(SETTING_PREFIX + name)

    def write_setting(self, name, value):
        """Store a setting; like a save, it falls back to memory when storage fails."""
        return self._put(SETTING_PREFIX + name, value)

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
                entry.error = err.reason
            except Exception as err:  # a bug must not take the lobby down with it
                entry.error = M("This save could not be read ({kind}: {detail}).", kind=type(err).__name__, detail=str(err))
            found.append(entry)
        found.sort(key=lambda e: str(e.data.get("updated") or ""), reverse=True)
        return found
