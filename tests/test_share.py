"""Share links: every prefix of many random games round-trips, and malformed links (fuzzed) are
refused with a plain ShareError, never another exception."""

import base64
import json
import random
import zlib

import pytest

from games import GAMES
from tabletop import share
from tabletop.match import Match, make_seats

KINDS = ("human", "easy", "normal", "hard")


def random_match(game, players, seed, rng):
    match = Match(game, make_seats([rng.choice(KINDS) for _ in range(players)], ["Ann", "Bảo", "Chí", "Dũng", "Em"][:players]),
                  {}, seed)
    while not match.is_over():
        seat = rng.choice(match.to_act())
        match.play(seat, rng.choice(match.legal(seat)))
    return match


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_prefixes_of_random_games_round_trips(game_id):
    game = GAMES[game_id]
    rng = random.Random(4)
    for i in range(24):
        low, high = game.info.player_range()  # with the default options
        players = low + i % (high - low + 1)
        match = random_match(game, players, rng.randrange(1 << 40), rng)
        # Every prefix of the first games; then a sample, since each decode replays from the start
        # and checking every prefix of every long game costs quadratic time for little more cover.
        prefixes = range(len(match.history) + 1)
        if i >= 4:
            prefixes = sorted({0, len(match.history)} | set(rng.sample(prefixes, min(16, len(prefixes)))))
        for upto in prefixes:
            record, again = share.decode(share.encode(match, upto), GAMES)
            assert again.history == match.history[:upto]
            assert record["seats"] == match.seats and record["seed"] == match.seed
            if upto == len(match.history):
                assert again.state == match.state


def valid_code():
    return share.encode(random_match(GAMES["thenumber"], 3, 99, random.Random(1)))


def pack(raw):
    return share.PREFIX + base64.urlsafe_b64encode(zlib.compress(raw)).decode().rstrip("=")


def malformed_inputs(count):
    rng = random.Random(2026)
    good = valid_code()
    head = json.dumps({"g": "thenumber", "v": 1, "s": [["A", "human"], ["B", "easy"]], "r": 5}).encode()
    crafted = [
        "", "   ", "1.", "2.abc", "1.@@@@", "1.A", "x" * 300_000, "1.====",
        pack(b"no header separator"), pack(b"\xff\xfe\0"), pack(b"[1,2]\0"), pack(b'{"g": "chess", "s": [], "r": 1}\0'),
        pack(b'{"g": "thenumber", "s": "x", "r": 1}\0'), pack(b'{"g": "thenumber", "s": [["A", "wizard"]], "r": 1}\0'),
        pack(b'{"g": "thenumber", "s": [["A", "human"], ["B", "easy"]], "r": "seed"}\0'),
        pack(b'{"g": "thenumber", "s": [["A", "human"]], "r": 1}\0'),
        pack(head + b"\0" + b"\xff" * 12), pack(head + b"\0" + b"\x80"), pack(head + b"\0" + b"\x05\xe7\x07"),
        pack(head + b"\0" + b"\x00\x00" * 400),  # moves after the end of the game
        pack(head + b"\0" + b"\x09\x00"),  # seat slot 9 of 2 acting seats
        share.PREFIX + base64.urlsafe_b64encode(zlib.compress(b"\0" * 5_000_000)).decode(),  # unpacks to too much
        good[:-3], good[: len(good) // 2], good + "AAAA", good.replace("1.", "1.!", 1),
    ]
    yield from crafted
    alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_=.!~ "
    while len(crafted) < count:
        kind = rng.randrange(5)
        if kind == 0:
            text = "".join(rng.choice(alphabet) for _ in range(rng.randrange(1, 120)))
        elif kind == 1:
            text = share.PREFIX + base64.urlsafe_b64encode(bytes(rng.randrange(256) for _ in range(rng.randrange(1, 80)))).decode()
        elif kind == 2:
            raw = bytearray(zlib.decompress(base64.urlsafe_b64decode(good[2:] + "=" * (-len(good[2:]) % 4))))
            for _ in range(rng.randrange(1, 4)):
                raw[rng.randrange(len(raw))] = rng.randrange(256)
            text = pack(bytes(raw))
        elif kind == 3:
            chars = list(good)
            for _ in range(rng.randrange(1, 4)):
                chars[rng.randrange(2, len(chars))] = rng.choice(alphabet[:64])
            text = "".join(chars)
        else:
            text = pack(head + b"\0" + bytes(rng.randrange(256) for _ in range(rng.randrange(1, 40))))
        crafted.append(text)
        yield text


def test_fuzzed_malformed_links_are_refused_cleanly():
    refused = accepted = 0
    for text in malformed_inputs(1500):
        try:
            record, match = share.decode(text, GAMES)
        except share.ShareError as err:
            assert str(err), "a refusal must say why"
            refused += 1
        else:  # a mutation can land on another valid game: then it must be a real, consistent one
            assert share.decode(share.encode(match), GAMES)[1].state == match.state
            accepted += 1
    assert refused + accepted >= 1500 and refused > 1200
