"""Saves under pressure (issue 16 "Saves under pressure", issue 18): two tabs on one saved game,
a save deleted in another tab, full or refusing storage, and the notices about them. Two App
objects over one storage are two tabs of one browser."""

import json

from tabletop import saves

from test_app import open_app
from test_saves import DeniedStorage, DictStorage

LINK = {"game": "thenumber", "seats": "human,easy", "seed": "7", "speed": "instant"}


def play_number(app, platform, number=None):
    """The human plays `number` (None: the first legal one), then the bots answer."""
    app.current.play(number if number is not None else app.match.legal(app.current.viewer)[0])
    platform.run()


def two_tabs():
    first, first_platform, storage = open_app(LINK)
    play_number(first, first_platform, "512")
    second, second_platform, _ = open_app({"save": first.current.save_id}, storage=storage)
    assert second.match.history == first.match.history
    return (first, first_platform), (second, second_platform), storage


def stored_history(storage, save_id):
    return json.loads(storage.data[saves.KEY_PREFIX + save_id])["actions"]


def test_a_stale_tab_never_writes_over_moves_made_in_another_tab():
    (first, first_platform), (second, second_platform), storage = two_tabs()
    play_number(second, second_platform, "603")
    kept = stored_history(storage, first.current.save_id)
    assert kept == second.match.history
    first.storage_changed(saves.KEY_PREFIX + first.current.save_id)  # the browser's storage event
    assert "This game continued in another tab" in first_platform.text
    play_number(first, first_platform, "999")  # played here, in memory: not written over the other line
    assert stored_history(storage, first.current.save_id) == kept
    assert "This game continued in another tab" in first_platform.text
    first.handle("reload-save")
    assert first.match.history == second.match.history and "another tab" not in first_platform.text


def test_a_stale_tab_finds_out_at_its_next_move_even_without_the_event():
    (first, first_platform), (second, second_platform), storage = two_tabs()
    play_number(second, second_platform, "603")
    play_number(first, first_platform, "999")
    assert stored_history(storage, first.current.save_id) == second.match.history
    assert "This game continued in another tab" in first_platform.text
    first.handle("save-copy")  # keep this tab's line as a save of its own: both lines are kept
    copies = [json.loads(t)["actions"] for t in storage.data.values()]
    assert second.match.history in copies and first.match.history in copies and first.current.conflict is None


def test_a_save_deleted_in_another_tab_does_not_come_back_by_autosave():
    (first, first_platform), (second, second_platform), storage = two_tabs()
    second.handle("lobby")
    second.handle("delete", first.current.save_id)
    second.handle("delete", first.current.save_id)  # "Really delete?"
    assert saves.KEY_PREFIX + first.current.save_id not in storage.data
    play_number(first, first_platform, "603")
    assert saves.KEY_PREFIX + first.current.save_id not in storage.data
    assert "This game was deleted in another tab" in first_platform.text
    first.handle("save-copy")
    assert len(storage.data) == 1 and "deleted in another tab" not in first_platform.text


def test_the_lobby_follows_saves_written_in_another_tab():
    lobby, lobby_platform, storage = open_app()
    assert "No saved games yet" in lobby_platform.text
    other, other_platform, _ = open_app(LINK, storage=storage)
    lobby.storage_changed(saves.KEY_PREFIX + other.current.save_id)
    assert 'data-save="{}"'.format(other.current.save_id) in lobby_platform.html


def test_full_storage_notice_dismisses_stays_away_and_goes_when_saving_resumes():
    storage = DictStorage(fail_writes="QuotaExceededError: the quota has been exceeded")
    app, platform, _ = open_app(LINK, storage=storage)
    assert "Browser storage is full" in platform.text
    app.handle("dismiss", "store")
    assert "Browser storage is full" not in platform.text
    play_number(app, platform, "512")
    assert "Browser storage is full" not in platform.text  # dismissed: not back at every move
    app.handle("export", app.current.save_id)  # the game still goes to a file
    (name, text), = platform.downloads
    assert json.loads(text)["actions"] == app.match.history
    storage.fail_writes = None  # space was freed
    play_number(app, platform, "603")
    assert stored_history(storage, app.current.save_id) == app.match.history
    storage.fail_writes = "QuotaExceededError"
    play_number(app, platform)
    assert "Browser storage is full" in platform.text  # a new failure is told again
    storage.fail_writes = None
    play_number(app, platform)
    assert "Browser storage is full" not in platform.text


def test_unavailable_and_embed_notices_dismiss():
    app, platform, _ = open_app(LINK, storage=DeniedStorage())
    assert "Saving is unavailable" in platform.text
    app.handle("dismiss", "store")
    assert "Saving is unavailable" not in platform.text
    app, platform, _ = open_app(dict(LINK, embed="1"))
    assert "Not saved here" in platform.text
    app.handle("dismiss", "store")
    assert "Not saved here" not in platform.text
    play_number(app, platform, "512")
    assert "Not saved here" not in platform.text


def test_a_second_click_from_a_replay_that_is_gone_does_nothing():
    """Found by the random clicker: "Continue from here" clicked twice (or a replay step after
    it) raised AttributeError once the replay had become a game."""
    from tabletop import share
    from test_saves import played_match

    app, platform, storage = open_app({"g": share.encode(played_match()), "step": "2"})
    app.handle("continue-here")
    for act, arg in (("continue-here", None), ("replay-step", "next"), ("replay-goto", None), ("replay-seat", None)):
        app.handle(act, arg)
    assert app.screen == "game" and len(storage.data) == 1 and len(app.match.history) == 2
