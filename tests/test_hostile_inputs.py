"""Hostile inputs on the three ways a game enters the app (share links, imported files, saves in
localStorage), issues 16 and 18: every one is refused with a plain message or loads as a real
game with bounded names; nothing else escapes, the lobby keeps working, no other save changes.
The cases come from tools/hostile.py (seeded); the bench's "fuzz" section counts the same."""

import base64
import html
import json
import zlib

import hostile
from games import GAMES
from tabletop import saves, share
from tabletop.match import NAME_MAX

from test_app import open_app
from test_saves import DictStorage, played_match

COUNT = 2_100  # at least 2,000 cases, a third on each path


def assert_consistent(match):
    assert all(len(name) <= NAME_MAX and name == name.strip() and name for name in match.names), match.names
    again = saves.load(json.loads(json.dumps(saves.to_save(match))), GAMES)
    assert again.history == match.history and again.state == match.state


def test_fuzz_every_path_refuses_cleanly_or_loads_a_real_game():
    seen = {path: {"refused": 0, "accepted": 0} for path in hostile.PATHS}
    for number, (path, payload, expect) in enumerate(hostile.cases(COUNT)):
        outcome, detail = hostile.check(path, payload)  # any other exception fails the test
        seen[path][outcome] += 1
        if outcome == "refused":
            assert detail and "could not be read (" not in detail, (number, path, detail)
        else:
            assert expect == "any", (number, path, payload[:300])
            assert_consistent(detail)
    for path, counts in seen.items():
        assert sum(counts.values()) >= COUNT // 3 and counts["refused"] > counts["accepted"], (path, counts)


def test_fuzz_through_the_app_keeps_the_lobby_and_the_saves():
    """The same cases as a player meets them: a link opened in the tab, a file imported, a save
    found in storage. Each ends on a working lobby (or a game) with a message, and the good
    save beside them never changes."""
    good = json.dumps(saves.to_save(played_match(), created="c", updated="u"))
    for number, (path, payload, _) in enumerate(hostile.cases(COUNT // 3)):
        storage = DictStorage()
        storage.data[saves.KEY_PREFIX + "good"] = good
        if path == "stored":
            storage.data[saves.KEY_PREFIX + "hostile"] = payload
        app, platform, _ = open_app(storage=storage)
        if path == "link":
            app.open_link({"g": payload})
            outcome = "refused" if "This shared game cannot be opened" in platform.text else "accepted"
        elif path == "file":
            app.handle("import", ("hostile.json", payload))
            outcome = "refused" if "hostile.json was not imported: " in platform.text else "accepted"
        else:
            outcome = "refused" if "This save cannot be loaded." in platform.text else "accepted"
        if outcome == "refused":
            assert app.screen == "lobby" and 'data-act="new"' in platform.html and 'data-save="good"' in platform.html, number
            assert "Something went wrong" not in platform.text
        assert storage.data[saves.KEY_PREFIX + "good"] == good, number
        assert len(storage.data) <= 3, number


def test_a_stored_save_whose_game_is_a_list_or_an_object_is_listed_with_its_reason():
    storage = DictStorage()
    storage.data[saves.KEY_PREFIX + "list"] = json.dumps({"format": 1, "game": ["thenumber"], "seats": []})
    storage.data[saves.KEY_PREFIX + "object"] = json.dumps({"format": 1, "game": {"id": 1}, "updated": [1]})
    storage.data[saves.KEY_PREFIX + "deep"] = "[" * 100_000 + "]" * 100_000
    app, platform, _ = open_app(storage=storage)
    assert platform.text.count("This save cannot be loaded.") == 3
    assert platform.text.count("game name is damaged") == 2 and "nests far too deep" in platform.text
    app.handle("new", "thenumber")
    platform.forms["new-game"] = {"players": "2", "kind-0": "human", "kind-1": "easy"}
    app.handle("start")
    assert app.screen == "game"


def test_a_deeply_nested_import_is_refused_before_parsing():
    app, platform, storage = open_app()
    app.handle("import", ("deep.json", '{"format":1,"game":' + "[" * 100_000 + "]" * 100_000 + "}"))
    assert "deep.json was not imported: " in platform.text and "nests far too deep" in platform.text
    app.handle("import", ("big.json", None))  # the page refuses a huge file unread
    assert "big.json was not imported: it is far too large" in platform.text
    assert not storage.data


def test_rules_version_and_boolean_seats_are_refused_on_every_path():
    match = played_match()
    data = saves.to_save(match)
    for broken, reason in ((dict(data, version=999), "version 999"), (dict(data, actions=[[True, "512"]]), "moves is damaged")):
        app, platform, storage = open_app()
        app.handle("import", ("x.json", json.dumps(broken)))
        assert "x.json was not imported" in platform.text and reason in platform.text and not storage.data
    header, moves = hostile._header(match)
    header["v"] = 999
    try:
        share.decode(hostile.pack(json.dumps(header).encode() + b"\0" + moves), GAMES)
    except share.ShareError as err:
        assert "version 999" in str(err)
    else:
        raise AssertionError("a link of rules version 999 was opened")


def test_names_are_trimmed_and_bounded_on_every_path():
    long = "  " + "W" * 10_000 + "  "
    app, platform, storage = open_app({"game": "thenumber", "seats": "human,easy", "names": long + ", Bảo  ", "seed": "3"})
    assert app.match.names == ["W" * NAME_MAX, "Bảo"]
    assert "W" * (NAME_MAX + 1) not in platform.html
    record, replayed = share.decode(share.encode(app.match), GAMES)
    data = saves.to_save(played_match())
    data["seats"][0]["name"] = long
    app, platform, storage = open_app()
    app.handle("import", ("long.json", json.dumps(data)))
    (stored,) = storage.data.values()
    assert json.loads(stored)["seats"][0]["name"] == "W" * NAME_MAX
    header, moves = hostile._header(played_match())
    header["s"][1][0] = "\t" + long
    _, match = share.decode(hostile.pack(json.dumps(header).encode() + b"\0" + moves), GAMES)
    assert match.names[1] == "W" * NAME_MAX


def test_a_small_link_never_inflates_to_megabytes():
    bomb = share.PREFIX + base64.urlsafe_b64encode(zlib.compress(b"\0" * 1_000_000, 9)).decode()
    assert len(bomb) < 10_000
    try:
        share.decode(bomb, GAMES)
    except share.ShareError as err:
        assert "far too much data" in str(err)
    else:
        raise AssertionError("a zip bomb was opened")


def test_the_fragment_changing_clears_the_previous_links_refusal():
    app, platform, _ = open_app({"g": "1.!!!"})
    assert "This shared game cannot be opened" in platform.text
    good = share.encode(played_match())
    app.open_link({"g": good})
    assert app.screen == "replay" and "cannot be opened" not in platform.text


def test_back_from_a_share_link_returns_to_the_game_under_its_address():
    app, platform, storage = open_app({"game": "thenumber", "seats": "human,easy", "seed": "3"})
    save_id = app.current.save_id
    app.open_link({"save": save_id, "g": share.encode(played_match())})
    assert app.screen == "replay"
    app.open_link({"save": save_id})  # Back: the fragment is gone, the address is the game's
    assert app.screen == "game" and app.current.save_id == save_id and html.unescape('data-game="thenumber"') in platform.html
    app.open_link({"g": share.encode(played_match())})
    app.open_link({})  # Back to the lobby's address
    assert app.screen == "lobby"
