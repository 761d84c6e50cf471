"""Saves: the format round-trips, broken saves are explained and kept, and storage failures
never stop play (memory fallback with a notice)."""

import json

import pytest

from games import GAMES
from tabletop import saves
from tabletop.match import Match, make_seats
from toygame import GAME as TOY

from fakes import DeniedStorage, DictStorage  # noqa: F401 (other tests import them from here)

ALL = dict(GAMES, toy=TOY)


def played_match():
    m = Match(GAMES["thenumber"], make_seats(["human", "easy", "normal"]), {}, 42)
    for seat, number in ((0, "512"), (1, "347"), (2, "873"), (0, "603"), (1, "999")):
        m.play(seat, number)
    return m


GOOD = json.dumps(saves.to_save(played_match(), created="c", updated="u"), separators=(",", ":"))

def test_save_round_trips_to_the_same_position():
    m = played_match()
    data = json.loads(json.dumps(saves.to_save(m, created="c", updated="u")))
    again = saves.load(data, ALL)
    assert again.state == m.state and again.history == m.history and again.seats == m.seats
    assert [again.text(e) for e in again.log] == [m.text(e) for e in m.log]


@pytest.mark.parametrize("text,reason", [
    ("{not json", "broken JSON"),
    ("[1, 2]", "not a save"),
    ('{"game": "thenumber"}', "no format number"),
    ('{"format": 99, "game": "thenumber"}', "newer version of the app"),
    ('{"format": 0, "game": "thenumber"}', "Unknown save format"),
    ('{"format": 1, "game": "chess", "seats": [], "seed": 1, "actions": []}', "does not have ('chess')"),
    ('{"format": 1, "game": "thenumber", "seats": "x", "seed": 1, "actions": []}', "list of players is damaged"),
    ('{"format": 1, "game": "thenumber", "version": 1, "seats": [{"name": "a", "kind": "human"}], "seed": 1, "actions": []}', "2 to 5 players"),
    ('{"format": 1, "game": "thenumber", "seats": [{"name": "a", "kind": "human"}, {"name": "b", "kind": "easy"}], "seed": "x", "actions": []}', "seed is damaged"),
    ('{"format": 1, "game": "thenumber", "seats": [{"name": "a", "kind": "human"}, {"name": "b", "kind": "easy"}], "seed": 1, "version": 1, "actions": [[0]]}', "list of moves is damaged"),
    # Wrong types and values where a game, a version or a seat belongs (issue 18 / 16).
    ('{"format": 1, "game": ["thenumber"], "seats": [], "seed": 1, "actions": []}', "game name is damaged"),
    ('{"format": 1, "game": {"id": "thenumber"}, "seats": [], "seed": 1, "actions": []}', "game name is damaged"),
    (GOOD.replace('"version":1', '"version":999'), "follows version 999 of the rules"),
    (GOOD.replace('"version":1', '"version":true'), "which version of the rules"),
    (GOOD.replace('"version":1,', ''), "which version of the rules"),
    (GOOD.replace('[[0,"512"]', '[[true,"512"]'), "list of moves is damaged"),
    (GOOD.replace('[[0,"512"]', '[[7,"512"]'), "list of moves is damaged"),
    (GOOD.replace('"seed":42', '"seed":true'), "seed is damaged"),
    (GOOD.replace('"kind":"human"', '"kind":["human"]'), "list of players is damaged"),
    (GOOD.replace('"options":{}', '"options":{"x":[1]}'), "options are damaged"),
    (GOOD.replace('"created":"c"', '"created":{"a":1}'), "date ('created') is damaged"),
    ("[" * 100_000 + "]" * 100_000, "nests far too deep"),
    ('{"format": 1, "pad": "' + "x" * (saves.MAX_TEXT + 1) + '"}', "far too large"),
    ('{"format": 1, "game": "thenumber", "seats": [{"name": "a", "kind": "human"}, {"name": "b", "kind": "easy"}], "seed": 1, "version": 1, "actions": [[0, "512"], [0, "123"]]}', "Step 2 (a plays '123') is illegal"),
])
def test_unreadable_saves_are_explained(text, reason):
    with pytest.raises(saves.SaveError) as err:
        saves.load(text, ALL)
    assert reason in str(err.value)


def test_store_lists_broken_saves_beside_good_ones_and_keeps_them():
    storage = DictStorage()
    store = saves.SaveStore(storage, ALL)
    store.write("good", saves.to_save(played_match(), updated="2026-01-02"))
    storage.data[saves.KEY_PREFIX + "bad"] = "{oops"
    storage.data["unrelated.key"] = "ignored"
    entries = {e.id: e for e in store.entries()}
    assert set(entries) == {"good", "bad"}
    assert entries["good"].match is not None and entries["good"].error is None
    assert entries["bad"].match is None and "broken JSON" in entries["bad"].error
    assert store.text("bad") == "{oops"  # kept, so it can be exported
    store.remove("bad")
    assert [e.id for e in store.entries()] == ["good"]


def test_full_storage_falls_back_to_memory_with_a_notice():
    store = saves.SaveStore(DictStorage(fail_writes="QuotaExceededError: the quota has been exceeded"), ALL)
    assert store.notice is None
    assert store.write("g", saves.to_save(played_match())) is False
    assert "full" in store.notice
    assert [e.id for e in store.entries()] == ["g"]  # still there for this session


def test_denied_storage_plays_in_memory_with_a_notice():
    for backend in (None, DeniedStorage()):
        store = saves.SaveStore(backend, ALL)
        assert not store.persistent and "memory only" in store.notice
        store.write("g", saves.to_save(played_match()))
        assert store.entries()[0].match is not None


def test_records_are_kept_beside_the_saves_and_never_listed_as_saves():
    storage = DictStorage()
    store = saves.SaveStore(storage, ALL)
    assert store.record("toy.best") is None
    store.write_record("toy.best", {"value": 7})
    assert store.record("toy.best") == {"value": 7} and store.entries() == []
    storage.data[saves.RECORD_PREFIX + "toy.broken"] = "{not json"
    storage.data[saves.RECORD_PREFIX + "toy.list"] = "[1, 2]"
    assert store.record("toy.broken") is None and store.record("toy.list") is None
