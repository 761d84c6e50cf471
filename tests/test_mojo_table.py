"""Mojo's table through the app shell on CPython (fake platform): what each card says it does,
refusals with the rule, the round score sheet between rounds, private cards kept private."""

from test_app import open_app

LINK = {"game": "mojo", "seats": "human,easy,normal", "seed": "7", "speed": "instant"}


def my_turn(app, platform):
    platform.run()
    return not app.match.is_over()


def test_each_card_in_hand_says_what_playing_it_does():
    app, platform, _ = open_app(LINK)
    my_turn(app, platform)
    view = app.match.view(0)
    top = view["pile"][-1]
    for v in view["hand"]:
        expected = "lower · turn ends" if v < top else "higher · you draw" if v > top else "same · play again"
        assert 'data-arg="play:%d"' % v in platform.html
        assert expected in platform.text
    assert "Draw pile: {} cards".format(view["draw_count"]) in platform.text


def test_a_card_off_turn_is_refused_with_the_reason():
    app, platform, _ = open_app(dict(LINK, seats="human,easy"))
    platform.run()
    while app.match.to_act() == [0]:  # play until the bot is to move (a same value plays again)
        app.handle("play", app.match.legal(0)[-1])
    hand = app.match.view(0)["hand"] or app.match.view(0)["down"]
    assert 'data-act="mojo-try"' in platform.html
    app.handle("mojo-try", "play:%d" % hand[0])
    assert "It is not your turn." in platform.text


def test_face_down_cards_refuse_plays_with_the_rule():
    app, platform, _ = open_app(LINK)
    platform.run()
    state = app.match.state
    app.handle("mojo-try", "reveal:%d" % state["hands"][0][0])
    assert 'data-arg="MJ-8"' in platform.html and 'role="alert"' in platform.html


def test_round_sheet_stays_until_the_players_first_move_of_the_next_round():
    app, platform, _ = open_app(LINK)
    while my_turn(app, platform) and not app.match.state["rounds"]:
        app.handle("play", app.match.legal(0)[0])
    platform.run()  # a round scores at most 44 points (1 + 4 + 7 + 10 + 12 + 10): never over now
    assert 'class="mojo-round fresh"' in platform.html and "Round 1 score sheet" in platform.text
    assert "Highest card of each colour" in platform.text and "Mojo card" in platform.text
    round_now = app.match.state["round"]
    while app.match.state["moves"][0] == 0 and app.match.state["round"] == round_now:
        assert 'class="mojo-round fresh"' in platform.html
        app.handle("play", app.match.legal(0)[0])
        platform.run()
    assert 'class="mojo-round fresh"' not in platform.html or app.match.state["round"] != round_now
    app.handle("mojo-sheets")
    assert "Round 1 score sheet" in platform.text and "Hide the round score sheets" in platform.text


def test_the_others_hands_never_reach_the_page():
    app, platform, _ = open_app(LINK)
    platform.run()
    for seat in (1, 2):
        for v in app.match.state["hands"][seat]:
            assert 'data-arg="play:%d"' % v not in platform.html or v in app.match.state["hands"][0]
    assert "Hand: {} cards".format(len(app.match.state["hands"][1])) in platform.text


def test_a_shared_game_replays_with_its_round_sheets():
    app, platform, storage = open_app(LINK)
    while my_turn(app, platform):
        app.handle("play", app.match.legal(0)[0])
    app.handle("share")
    viewer, vplatform, _ = open_app({"g": app.share.link.split("#g=", 1)[1]}, storage)
    last = len(app.match.state["rounds"])
    assert viewer.screen == "replay" and "Round {} score sheet".format(last) in vplatform.text
    viewer.handle("replay-step", "first")
    assert "draw pile" in vplatform.text and "Your hand" not in vplatform.text  # public view


def test_short_names_for_wide_score_tables():
    from webui.html import short_name

    assert short_name("Minh") == "Minh" and short_name("Đức") == "Đức"
    assert short_name("Nguyễn Thị Lan") == "NTL" and short_name("Easy bot 2") == "EB2" and short_name("Player 1") == "P1"
    assert short_name("Alexandra") == "Alexa."


def test_eight_seat_score_sheets_carry_full_and_short_names_in_a_scroll_box():
    app, platform, _ = open_app({"game": "mojo", "seats": ",".join(["easy"] * 8), "seed": "3", "speed": "instant"})
    platform.run()
    assert app.match.is_over()
    html = platform.html
    assert html.count('class="table-scroll" role="region" tabindex="0"') >= 2  # the final sheet and the last round's
    assert html.count('class="score-sheet many-seats"') == 1 and 'class="score-sheet mojo-round-sheet many-seats"' in html
    assert '<th scope="col" title="Easy bot 2"' in html
    assert '<span class="full-name">Easy bot 2</span><span class="short-name" aria-hidden="true">EB2</span>' in html
