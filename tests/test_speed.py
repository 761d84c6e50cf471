"""The bots' speed (issue 27): slow / normal / fast / instant, chosen in the new-game dialog or the
game bar, remembered on this device, given by a link's &speed=; and a human no longer waits
0.7 s for every sub-decision of a bot's composite turn."""

import json

import pytest

from conftest import READY, open_page
from fakes import DictStorage, open_app
from webui.app import BOT_PAUSE, SPEEDS

PHOPHO = {"game": "phopho", "seats": "human,normal,normal", "seed": "1"}


def bots_play(platform):
    """Run the bots until the human may act; the pauses the page would have waited (since the
    last call: the first bot move is scheduled as the game starts)."""
    platform.run()
    pauses, platform.pauses = platform.pauses, []
    return pauses


def bot_turns(app, since):
    """How many bot turns the moves after `since` made (a turn: a run of one seat's moves)."""
    seats = [seat for seat, _ in app.match.history[since:]]
    return sum(1 for i, seat in enumerate(seats) if i == 0 or seats[i - 1] != seat)


def test_a_round_of_two_bots_waits_once_per_bot_turn_not_per_sub_decision():
    """Phở Phở, seed 1: the two bots make 23 decisions before the human's first turn (restock,
    picks, a serve, marks, a discard). Each bot turn waits the turn pause once; a step that
    shows something waits the short step pause, a silent pick or mark none."""
    app, platform, _ = open_app(PHOPHO)
    assert app.speed == "normal"
    pauses = bots_play(platform)
    moves = len(app.match.history)
    assert moves >= 20 and app.current.viewer in app.match.to_act()
    turn, step = BOT_PAUSE["normal"]
    waits = [p for p in pauses if p]
    assert waits.count(turn) == bot_turns(app, 0) == 2
    assert set(waits) <= {turn, step}
    assert sum(pauses) < 2.5, pauses  # 0.7 s a decision made it 16 s


def test_each_speed_sets_the_pauses():
    for speed in SPEEDS:
        app, platform, _ = open_app(dict(PHOPHO, speed=speed))
        assert app.speed == speed
        pauses = bots_play(platform)
        turn, step = BOT_PAUSE[speed]
        assert max(pauses) == turn
        assert set(pauses) <= {0, turn, step}
        assert ("instant" in platform.flags) == (speed == "instant")  # instant: no animations either
    assert BOT_PAUSE["slow"] > BOT_PAUSE["normal"] > BOT_PAUSE["fast"] > BOT_PAUSE["instant"] == (0, 0)


def test_the_dialog_choice_is_applied_and_remembered_across_games_and_reloads():
    app, platform, storage = open_app({"game": "coffeerush"})
    assert '<option value="normal" selected>Normal' in platform.html  # the dialog's menu
    platform.forms["new-game"] = {"players": "3", "kind-0": "human", "kind-1": "normal", "kind-2": "normal", "speed": "fast"}
    app.handle("start")
    assert app.speed == "fast"
    assert max(bots_play(platform)) == BOT_PAUSE["fast"][0]
    # A reload (a new App on the same storage) and the next game keep it.
    again, platform2, _ = open_app({"save": app.current.save_id}, storage=storage)
    assert again.speed == "fast"
    again.handle("lobby")
    again.handle("new", "phopho")
    assert again.current.dialog.speed == "fast"
    assert '<option value="fast" selected>Fast' in platform2.html


def test_the_game_bar_changes_the_speed_in_play():
    app, platform, storage = open_app({"game": "phopho", "seats": "human,hard,hard", "seed": "4"})
    assert 'id="speed-form"' in platform.html and 'data-change="speed"' in platform.html
    platform.forms["speed-form"] = {"speed": "slow"}
    app.handle("speed")
    assert app.speed == "slow"
    assert max(bots_play(platform)) == BOT_PAUSE["slow"][0]
    assert json.loads(storage.data["tabletop.setting.speed"]) == "slow"
    platform.forms["speed-form"] = {"speed": "instant"}
    app.handle("speed")
    assert "instant" in platform.flags
    platform.forms["speed-form"] = {"speed": "warp"}  # not a speed: nothing changes
    app.handle("speed")
    assert app.speed == "instant"


def test_no_speed_menu_without_bots():
    _, platform, _ = open_app({"game": "thenumber", "seats": "human,human", "seed": "2"})
    assert 'id="speed-form"' not in platform.html


def test_a_link_speed_holds_for_its_tab_and_is_not_remembered():
    storage = DictStorage()
    app, platform, _ = open_app(dict(PHOPHO, speed="fast"), storage=storage)
    assert app.speed == "fast" and platform.url["speed"] == "fast"  # a reload keeps it
    assert "tabletop.setting.speed" not in storage.data
    plain, _, _ = open_app({"game": "phopho"}, storage=storage)
    assert plain.speed == "normal"
    # Choosing in play replaces the link's speed, in the address too.
    platform.forms["speed-form"] = {"speed": "slow"}
    app.handle("speed")
    assert platform.url["speed"] == "slow"
    odd, _, _ = open_app(dict(PHOPHO, speed="ludicrous"), storage=DictStorage())
    assert odd.speed == "normal"


def test_an_embed_stores_no_speed():
    app, platform, storage = open_app(dict(PHOPHO, embed="1"))
    platform.forms["speed-form"] = {"speed": "fast"}
    app.handle("speed")
    assert app.speed == "fast" and storage.data == {}


@pytest.mark.browser
def test_browser_the_dialogs_speed_is_applied_and_kept_across_a_reload(page, site):
    """In the page: choose "Instant" in the new-game dialog; the game starts at that speed (no
    animations, the bar's menu says so) and a reload of the game (an address without &speed=)
    keeps it, from the browser's storage."""
    open_page(page, site + "?game=phopho&seed=5")
    page.wait_for_selector("#new-game select[name=speed]")
    assert page.input_value("#new-game select[name=speed]") == "normal"
    page.select_option("#new-game select[name=speed]", "instant")
    page.click("#new-game [data-act=start]")
    page.wait_for_selector("#speed-form select[name=speed]")
    assert page.input_value("#speed-form select[name=speed]") == "instant"
    page.wait_for_selector("html[data-instant]", state="attached")
    assert "speed=" not in page.url
    page.reload()
    page.wait_for_selector(READY, state="attached")
    page.wait_for_selector("#speed-form select[name=speed]")
    assert page.input_value("#speed-form select[name=speed]") == "instant"
    assert page.evaluate("document.documentElement.hasAttribute('data-instant')")
    # The bar's menu changes it in play.
    page.select_option("#speed-form select[name=speed]", "slow")
    page.wait_for_selector("html:not([data-instant])", state="attached")
    assert page.evaluate("localStorage.getItem('tabletop.setting.speed')") == '"slow"'
