"""Hội Phố through the app shell on CPython (a fake platform): the pass-the-device cover for
every simultaneous pick and throw, a whole game to the score sheet, the engine's reasons."""

import re

from test_app import open_app
from webui.renderers.hoipho import card_face

SIMULTANEOUS = ("discard", "pick", "throw", "pass")


def step_of(app):
    state = app.match.state
    return state["decision"]["step"] if state["phase"] == "skill" else state["phase"]


def test_three_humans_pick_and_throw_behind_the_cover():
    """Seed 7 with this click order reaches the Mouse's rock-paper-scissors in round 1."""
    app, platform, _ = open_app({"game": "hoipho", "seats": "human,human,human", "seed": "7", "speed": "instant"})
    holder, moves, covered, steps = None, 0, [], set()
    while app.match.state["round"] == 0 and not app.match.is_over():
        platform.run()
        if app.current.cover is not None:
            seat = app.current.cover
            assert app.current.viewer is None and "Pass the device to Player {}".format(seat + 1) in platform.text
            assert 'class="hoipho-hand"' not in platform.html and "Your hand" not in platform.html  # nothing private
            assert seat != holder  # the cover comes up exactly when the device changes hands
            covered.append((seat, step_of(app)))
            app.handle("ready", str(seat))
            holder = seat
            continue
        seat = app.current.viewer
        assert seat == holder and seat in app.match.to_act()
        legal = app.match.legal(seat)
        steps.add(step_of(app))
        app.handle("play", legal[moves % len(legal)])
        moves += 1
    assert {"discard", "pick", "target", "throw"} <= steps
    # The opening discard: each of the three players behind a cover.
    assert [s for s, step in covered[:3]] == [0, 1, 2] and {step for s, step in covered[:3]} == {"discard"}
    # The throws: the challenged player threw behind a cover too.
    assert any(step == "throw" for s, step in covered)
    # Every simultaneous choice was made by the player the device was handed to.
    picks = [s for s, step in covered if step in SIMULTANEOUS]
    assert len(picks) >= 3 * 3  # discards + turn picks: at least one cover per turn per player change


def test_a_whole_game_against_bots_ends_on_the_score_sheet():
    app, platform, storage = open_app({"game": "hoipho", "seats": "human,easy,normal,hard", "seed": "7", "speed": "instant"})
    moves = 0
    while not app.match.is_over():
        platform.run()
        if app.match.is_over():
            break
        assert app.current.cover is None and app.current.viewer == 0
        legal = app.match.legal(0)
        assert legal and 'data-arg="{}"'.format(legal[0]) in platform.html  # every legal action is clickable
        app.handle("play", legal[moves % len(legal)])
        moves += 1
    platform.run()
    assert "over" in platform.flags
    html = platform.text
    assert '<table class="score-sheet">' in platform.html and ">Total<" in platform.html
    assert "Round 1 · contracts" in html and "Round 1 · coins at the end" in html
    result = app.match.result()
    assert max(result["scores"]) >= 3
    assert "Game over:" in html and re.search(r"wins? (together )?with \d contracts", html)


def test_a_card_that_cannot_be_played_now_shows_the_engines_reason():
    app, platform, _ = open_app({"game": "hoipho", "seats": "human,normal,normal,normal", "seed": "2", "speed": "instant"})
    platform.run()
    hand = app.match.view(0)["hand"]
    app.handle("play", "play:" + hand[0])
    # The bots have picked: the reveal happened; if the human must pick again, try a card of the past.
    platform.run()
    if app.match.state["phase"] == "pick" and 0 in app.match.to_act():
        app.handle("hoipho-why", "play:" + hand[0])
        assert "not in your hand" in platform.text and 'data-arg="HP-6"' in platform.html


def test_monopoly_and_round_results_are_announced_under_the_status_line():
    app, platform, _ = open_app({"game": "hoipho", "seats": "human,easy,easy,easy", "seed": "4", "speed": "instant"})
    seen = set()
    while not app.match.is_over():
        platform.run()
        if app.match.is_over():
            break
        if 'class="announce"' in platform.html:
            block = platform.text.split('class="announce"')[1].split("</ul>")[0]
            seen |= {word for word in ("Monopoly", "Solo", "takes the contract", "Round") if word in block}
        legal = app.match.legal(0)
        app.handle("play", legal[0])
    assert {"takes the contract", "Round"} <= seen


def test_number_keys_choose_in_the_order_shown():
    app, platform, _ = open_app({"game": "hoipho", "seats": "human,easy,easy,easy", "seed": "6", "speed": "instant"})
    platform.run()
    first = app.match.legal(0)[0]
    assert "Keys 1 to 4 choose in the order shown." in platform.text
    played = len(app.match.history)
    app.key("9")  # beyond the choices: nothing happens
    assert len(app.match.history) == played
    app.key("1")
    assert app.match.history[played] == [0, first]


def test_a_rival_note_reads_as_a_rule_and_a_revealed_card_shows_it_only_when_met():
    """Issue 27: every Dog showed "Meets the Cat: 0", which read as if the Dog scored 0 now (HP-4)."""
    app, platform, _ = open_app({"game": "hoipho", "seats": "human,easy,easy,easy", "seed": "7", "speed": "instant"})
    platform.run()
    assert {"m11", "m12"} <= set(app.match.view(0)["hand"])  # the Dog and the Pig
    notes = re.findall(r'class="hoipho-note[^"]*">([^<]*)<', platform.text)
    assert sorted(notes) == ["0 if it meets the Cat", "0 if it meets the Mouse"]
    assert "Meets the" not in platform.text
    app.handle("play", "play:m11")
    platform.run()
    revealed = platform.text.split('class="hoipho-cell')[1:]
    dog = [cell for cell in revealed if "Dog</span>" in cell]
    assert dog and "if it meets" not in dog[0] and "Met its rival" not in dog[0]  # no Cat this turn: no note
    notes = re.findall(r'class="hoipho-note[^"]*">([^<]*)<', platform.text)
    assert "0 if it meets the Cat" not in notes and "0 if it meets the Mouse" in notes  # the Dog left the hand
    # A revealed card that met its rival says so.
    assert "Met its rival: 0 this turn" in card_face("m11", 0, True)
