"""Stem and Branch's table through the app shell on CPython (fake platform): deep links with the
mode, every clickable thing a button with a label, lit spaces with their cost, the one-click
suggested payment, the whole stack and the discard pile on demand, co-op's open hands and score,
and the per-mode player range."""

import re

from games.stemandbranch.rules import cost
from test_app import open_app

COMP = {"game": "stemandbranch", "seats": "human,normal,normal", "seed": "3", "speed": "instant"}
COOP = {"game": "stemandbranch", "seats": "human", "mode": "coop", "seed": "2", "speed": "instant"}


def my_turn(app, platform):
    platform.run()
    assert app.match.to_act() == [0]


def buttons_have_labels(html):
    for tag_ in re.findall(r"<button[^>]*>", html):
        if 'data-act="play"' in tag_:
            assert "aria-label=" in tag_ or 'class="legal' in tag_, tag_


def test_deep_link_starts_coop_solo_and_keeps_the_year():
    app, platform, _ = open_app(dict(COOP, tiebreak_year="2020"))
    platform.run()
    assert app.match.options == {"mode": "coop", "tiebreak_year": "2020"}
    assert "Score so far" in platform.text and "rank" in platform.text and "Team pool" in platform.text
    assert "Pass the device" not in platform.text


def test_competitive_link_with_one_seat_explains_the_player_range():
    app, platform, _ = open_app(dict(COMP, seats="human"))
    assert "2 to 4 players" in platform.text


def test_selecting_a_card_lights_spaces_with_costs_then_pay_suggested():
    app, platform, _ = open_app(COMP)
    my_turn(app, platform)
    for _ in range(40):  # draw until a summon is possible
        summons = [a for a in app.match.legal(0) if a.startswith("summon:")]
        if summons:
            break
        app.handle("play", app.match.legal(0)[0])
        platform.run()
    assert summons, "no summon became possible"
    app.handle("play", summons[0])
    state = app.match.state
    card = state["pending"]["card"]
    lit = re.findall(r'data-act="play" data-arg="at:(\w\d)"', platform.html)
    assert sorted("at:" + s for s in lit) == sorted(a for a in app.match.legal(0) if a.startswith("at:"))
    for space in lit:
        assert "Cost {}".format(cost(state, card, space)) in platform.text
    buttons_have_labels(platform.html)
    app.handle("play", "at:" + lit[0])
    if app.match.state["phase"] == "pay":
        assert 'data-act="sb-pay-suggested"' in platform.html
        app.handle("sb-pay-suggested", None)
    platform.run()
    assert any(card in st for st in app.match.state["board"].values())
    assert "summons" in platform.text or "ascends" in platform.text


def test_whole_stack_and_discard_pile_on_demand():
    app, platform, _ = open_app(COMP)
    my_turn(app, platform)
    state = app.match.state
    state["board"]["b2"] = [2, 14]
    state["discard"] = [5, 17]
    app.render()
    app.handle("sb-stack", "b2")
    assert "The stack on b2 (top first)" in platform.text and "Ox r2 (Fire)" in platform.text
    app.handle("sb-discard", None)
    assert "Hide the discard pile (2)" in platform.text and "Dragon" in platform.text


def test_coop_shows_every_hand_and_moves():
    app, platform, _ = open_app(dict(COOP, seats="human,normal"))
    platform.run()
    assert "Your hand" in platform.text and "hand (5)" in platform.text  # the teammate's hand is open


def test_dialog_keeps_a_linked_year_and_refuses_a_solo_competitive_start():
    app, platform, _ = open_app({"game": "stemandbranch", "tiebreak_year": "1990"})
    assert '<option value="1990" selected>1990</option>' in platform.html
    platform.forms["new-game"] = {"players": "1", "opt-mode": "competitive", "opt-tiebreak_year": "1990", "kind-0": "human"}
    app.handle("players", None)
    app.handle("start", None)
    assert "Stem and Branch (Competitive (2-4 players)) is played by 2 to 4 players." in platform.text
    platform.forms["new-game"]["opt-mode"] = "coop"
    app.handle("start", None)
    assert app.match is not None and app.match.options == {"mode": "coop", "tiebreak_year": "1990"}
