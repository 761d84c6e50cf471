"""Hostile inputs for the three ways a game enters the app: a share link, an imported file and
a save found in localStorage. Seeded, so a failing case is reproduced by its number.

`cases(count, seed)` yields (path, payload, expect): path is "link", "file" or "stored";
expect is "refuse" (the input must be refused with a message) or "any" (a mutation that may
still be a valid game: then it must load as a consistent one, names bounded).
`check(path, payload)` runs the payload through the same functions the app uses and returns
("refused", message) or ("accepted", match); any other exception escapes (a defect).
The tests (tests/test_hostile_inputs.py) and the bench's "fuzz" section share both.
"""

import base64
import json
import random
import zlib

from games import GAMES
from tabletop import saves, share
from tabletop.match import Match, make_seats

PATHS = ("link", "file", "stored")
KINDS = ("human", "easy", "normal", "hard")
# Values that do not belong where they are put: wrong types, out-of-range numbers, markup.
WRONG = (None, True, False, 0, -1, 1.5, 999, 2 ** 70, "", "x" * 10_000, [], {}, ["thenumber"], {"id": "thenumber"},
         [[0, "x"]], "<img src=x onerror=alert(1)>", "\u0000", "1", "true")


def sample_matches(rng):
    """A short random game of every registered game (any future game too)."""
    out = []
    for game_id in sorted(GAMES):
        game = GAMES[game_id]
        players = rng.randint(*game.info.player_range())  # with the default options
        match = Match(game, make_seats([rng.choice(KINDS) for _ in range(players)]), {}, rng.randrange(1 << 30))
        for _ in range(rng.randrange(0, 12)):
            if match.is_over():
                break
            seat = rng.choice(match.to_act())
            match.play(seat, rng.choice(match.legal(seat)))
        out.append(match)
    return out


def nested(depth, rng=None):
    """Arrays nested `depth` deep: valid JSON that a recursive parser cannot survive."""
    return "[" * depth + "]" * depth


def pack(raw):
    return share.PREFIX + base64.urlsafe_b64encode(zlib.compress(raw)).decode().rstrip("=")


def _save_dict(match):
    return saves.to_save(match, created="2026-01-01T00:00:00Z", updated="2026-01-01T00:00:00Z")


def _header(match):
    code = share.encode(match)
    body = code[len(share.PREFIX):]
    raw = zlib.decompress(base64.urlsafe_b64decode(body + "=" * (-len(body) % 4)))
    head, _, moves = raw.partition(b"\0")
    return json.loads(head), moves


def _mutate_dict(data, rng, keys):
    """Break one field of a save (or a link's header): a wrong value, a deep nest, a removal."""
    data = json.loads(json.dumps(data))
    key = rng.choice(keys)
    roll = rng.randrange(6)
    if roll == 0:
        data.pop(key, None)
    elif roll == 1:
        data[key] = json.loads(nested(rng.choice((20, 200, 900)), rng))
    else:
        data[key] = rng.choice(WRONG)
    # Options may be left out or empty (the game's defaults apply), and any whole number is a
    # seed and an empty list of moves a game not yet begun: those may still make a valid game.
    return data, "any" if key in ("options", "o", "seed", "r", "actions") else "refuse"


def _mutate_inner(data, rng, seats_key, actions_key, pair):
    """Break something inside: a seat's name or kind, an action's seat (true, -1, 99)."""
    data = json.loads(json.dumps(data))
    seats = data.get(seats_key) or []
    roll = rng.randrange(4)
    if roll == 0 and seats:
        i = rng.randrange(len(seats))
        if pair:
            seats[i][rng.randrange(2)] = rng.choice(WRONG)
        else:
            seats[i][rng.choice(("name", "kind"))] = rng.choice(WRONG)
        return data, "any"
    if roll == 1 and seats:  # a long or blank name: accepted, trimmed and bounded
        i = rng.randrange(len(seats))
        name = rng.choice(("  " + "W" * 10_000 + "  ", "\t\n ", "a" * 25, " <b>&'\"</b> "))
        if pair:
            seats[i][0] = name
        else:
            seats[i]["name"] = name
        return data, "any"
    if roll == 2 and actions_key and data.get(actions_key):
        data[actions_key][rng.randrange(len(data[actions_key]))][0] = rng.choice((True, False, -1, 99, "0", 1.5, None))
        return data, "refuse"
    data["v" if pair else "version"] = rng.choice((999, 0, -1, "1", True, None, 2 ** 64))
    return data, "refuse"


def _flip(text, rng):
    chars = list(text)
    for _ in range(rng.randrange(1, 4)):
        if chars:
            chars[rng.randrange(len(chars))] = rng.choice('[]{}",:0a\\ ')
    return "".join(chars)


def _json(data):
    return json.dumps(data, separators=(",", ":"), ensure_ascii=False)


def save_case(match, rng):
    """A hostile save text (for an imported file or a stored save) and what must happen."""
    data = _save_dict(match)
    roll = rng.randrange(8)
    if roll == 0:
        return nested(rng.choice((50, 1000, 100_000)), rng), "refuse"
    if roll == 1:
        return '{"format":1,"game":' + nested(rng.choice((30, 5000, 100_000)), rng) + "}", "refuse"
    if roll == 2:
        return '{"format":1,"pad":"' + "x" * (saves.MAX_TEXT + rng.randrange(1, 1000)) + '"}', "refuse"
    if roll == 3:
        broken, expect = _mutate_dict(data, rng, ["format", "game", "version", "seats", "seed", "options", "actions"])
        return _json(broken), expect
    if roll == 4:
        broken, expect = _mutate_inner(data, rng, "seats", "actions", False)
        return _json(broken), expect
    if roll == 5:
        return _flip(_json(data), rng), "any"
    if roll == 6:
        return _json(rng.choice(WRONG)), "refuse"
    data["actions"] = data["actions"] + [[0, rng.choice(("x", "pick:Z", "512", "restock"))]] * rng.randrange(1, 3)
    return _json(data), "any"


def link_case(match, rng):
    """A hostile share link and what must happen."""
    header, moves = _header(match)
    roll = rng.randrange(8)
    if roll == 0:
        return pack(nested(rng.choice((50, 1000, 100_000)), rng).encode() + b"\0"), "refuse"
    if roll == 1:
        return pack(b'{"g":' + nested(rng.choice((30, 5000, 20_000)), rng).encode() + b"}\0"), "refuse"
    if roll == 2:  # a small link that inflates to megabytes
        return share.PREFIX + base64.urlsafe_b64encode(zlib.compress(b"\0" * rng.choice((40_000, 5_000_000)), 9)).decode(), "refuse"
    if roll == 3:
        broken, expect = _mutate_dict(header, rng, ["g", "v", "s", "r", "o"])
        return pack(_json(broken).encode() + b"\0" + moves), expect
    if roll == 4:
        broken, expect = _mutate_inner(header, rng, "s", None, True)
        return pack(_json(broken).encode() + b"\0" + moves), expect
    if roll == 5:
        return pack(_flip(_json(header), rng).encode() + b"\0" + moves), "any"
    if roll == 6:
        return rng.choice(("", "1.", "9.abc", "x" * 50_000, "1." + "A" * 60_000, "1.!!", share.encode(match)[:-2])), "any"
    return pack(_json(header).encode() + b"\0" + moves + bytes(rng.randrange(256) for _ in range(rng.randrange(1, 30)))), "any"


def cases(count, seed=2026):
    rng = random.Random(seed)
    matches = sample_matches(rng)
    for i in range(count):
        path = PATHS[i % len(PATHS)]
        match = rng.choice(matches)
        payload, expect = link_case(match, rng) if path == "link" else save_case(match, rng)
        yield path, payload, expect


class MemoryStorage:
    """A dict as the SaveStore's backend (localStorage in the browser)."""

    def __init__(self, data=None):
        self.data = dict(data or {})

    def keys(self):
        return list(self.data)

    def get(self, key):
        return self.data.get(key)

    def set(self, key, text):
        self.data[key] = text

    def remove(self, key):
        self.data.pop(key, None)


def check(path, payload):
    """("refused", message) or ("accepted", match), by the functions the app itself uses."""
    try:
        if path == "link":
            return "accepted", share.decode(payload, GAMES)[1]
        if path == "file":
            return "accepted", saves.load(saves.parse(payload), GAMES)
    except saves.SaveError as err:  # ShareError is a SaveError
        return "refused", str(err)
    store = saves.SaveStore(MemoryStorage({saves.KEY_PREFIX + "fuzz": payload}), GAMES)
    (entry,) = store.entries()
    return ("refused", entry.error) if entry.match is None else ("accepted", entry.match)


def run(count, seed=2026):
    """Counts for the bench: cases per path, refused with a message, accepted as valid games."""
    tally = {p: {"cases": 0, "refused": 0, "accepted": 0} for p in PATHS}
    for path, payload, _ in cases(count, seed):
        outcome, _ = check(path, payload)
        tally[path]["cases"] += 1
        tally[path][outcome] += 1
    return tally
