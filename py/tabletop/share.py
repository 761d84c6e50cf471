"""Share links: a whole game (game, options, seats, seed, actions) in a short URL-safe text, to
put in a URL fragment so that no server ever sees it.

Format "1.<base64url>": zlib of a small JSON header, a zero byte, then the moves. A move is
stored as its index in the acting seat's list of legal actions (the list is deterministic), as a
varint, preceded by the seat's position among the seats to act when several act at once. A
long game thus costs about one byte a move before compression. Decoding replays the game, so a
link that was tampered with is refused at the first impossible move.
"""

import base64
import json
import zlib

from .game import IllegalAction
from .match import FRIEND, HUMAN, Match
from .msg import M
from .saves import SaveError, check_record, parse

PREFIX = "1."
# Both bounds are checked before the work they guard: the length before decoding, the unpacked
# size while decompressing (a small link must not inflate to megabytes). A long real game is a
# few hundred moves of about one byte each.
MAX_TEXT = 40_000  # characters of the link's text
MAX_DATA = 32_768  # bytes after decompression


class ShareError(SaveError):
    """A share link that cannot be opened; the message says why in plain words (a Message)."""


def _varint(n, out):
    while True:
        byte = n & 0x7F
        n >>= 7
        if n:
            out.append(byte | 0x80)
        else:
            out.append(byte)
            return


def _read_varint(data, pos):
    value, shift = 0, 0
    while True:
        if pos >= len(data):
            raise ShareError(M("This link is cut short: its last move is incomplete."))
        byte = data[pos]
        pos += 1
        value |= (byte & 0x7F) << shift
        if not byte & 0x80:
            return value, pos
        shift += 7
        if shift > 63:
            raise ShareError(M("This link is damaged (a move number is too long)."))


def encode(match, upto=None):
    """The share text of `match` (its first `upto` moves if given)."""
    game = match.game
    # A friend's seat (played from another device) is a person's seat wherever the link opens.
    header = {"g": game.info.id, "v": game.info.version, "s": [[s["name"], HUMAN if s["kind"] == FRIEND else s["kind"]] for s in match.seats],
              "r": match.seed}
    changed = {k: v for k, v in match.options.items() if v != _default(game, k)}
    if changed:
        header["o"] = changed
    moves = bytearray()
    state = game.start(len(match.seats), match.options, match.seed)
    for seat, action in match.history[:upto]:
        acting = game.to_act(state)
        if len(acting) > 1:
            _varint(acting.index(seat), moves)
        _varint(game.legal_actions(state, seat).index(action), moves)
        game.apply(state, seat, action)
    raw = json.dumps(header, separators=(",", ":"), ensure_ascii=False).encode("utf-8") + b"\0" + bytes(moves)
    return PREFIX + base64.urlsafe_b64encode(zlib.compress(raw, 9)).decode("ascii").rstrip("=")


def _default(game, option_id):
    for opt in game.info.options:
        if opt.id == option_id:
            return opt.default
    return None


def decode(text, games):
    """(save-like record, Match replayed to its last move) from a share text; ShareError if the
    text cannot be opened."""
    if not isinstance(text, str) or not text.strip():
        raise ShareError(M("This link holds no game."))
    text = text.strip()
    if len(text) > MAX_TEXT:
        raise ShareError(M("This link is far too long to be a game of this app."))
    if not text.startswith(PREFIX):
        if text[:1].isdigit() and "." in text[:4]:
            raise ShareError(M("This link was made by a newer version of the app (format {format}).", format=text.split(".", 1)[0]))
        raise ShareError(M("This is not a game link of this app."))
    body = text[len(PREFIX):]
    try:
        packed = base64.urlsafe_b64decode(body + "=" * (-len(body) % 4))
    except (ValueError, TypeError):
        raise ShareError(M("This link is damaged (it is not in the link alphabet)."))
    try:
        inflater = zlib.decompressobj()
        raw = inflater.decompress(packed, MAX_DATA)
        if inflater.unconsumed_tail:
            raise ShareError(M("This link is damaged (it unpacks to far too much data)."))
        if not inflater.eof:
            raise ShareError(M("This link is cut short or damaged."))
    except zlib.error:
        raise ShareError(M("This link is damaged (it does not unpack)."))
    head, sep, moves = raw.partition(b"\0")
    if not sep:
        raise ShareError(M("This link is damaged (no list of moves)."))
    try:
        header = parse(head.decode("utf-8"), "link")
    except UnicodeDecodeError:
        raise ShareError(M("This link is damaged (its header is unreadable)."))
    except SaveError as err:
        raise ShareError(M("This link is damaged: {reason}", reason=err.reason))
    seats = header.get("s")
    if not isinstance(seats, list) or not all(isinstance(s, list) and len(s) == 2 for s in seats):
        raise ShareError(M("The link's list of players is damaged."))
    record = {
        "game": header.get("g"),
        "version": header.get("v"),
        "options": header.get("o", {}),
        "seats": [{"name": s[0], "kind": s[1]} for s in seats],
        "seed": header.get("r"),
    }
    try:
        game, seats, options, seed = check_record(record, games)
        match = Match(game, seats, options, seed)
    except SaveError as err:
        raise ShareError(err.reason)
    except IllegalAction as err:
        raise ShareError(M("The link cannot start its game: {reason}", reason=err.reason))
    pos, step = 0, 0
    while pos < len(moves):
        step += 1
        acting = match.to_act()
        if not acting:
            raise ShareError(M("Move {step} comes after the end of the game.", step=step))
        seat = acting[0]
        if len(acting) > 1:
            slot, pos = _read_varint(moves, pos)
            if slot >= len(acting):
                raise ShareError(M("Move {step} is by a player who could not move then.", step=step))
            seat = acting[slot]
        index, pos = _read_varint(moves, pos)
        legal = match.legal(seat)
        if index >= len(legal):
            raise ShareError(M("Move {step} is not a legal move in this game.", step=step))
        match.play(seat, legal[index])
    record["actions"] = [list(a) for a in match.history]
    return record, match
