"""Phở Phở's table through the app shell on CPython (fake platform): the gestures of the
renderer, what each seat sees, and the pass-the-device cover between humans."""

import re

import pytest

from games import GAMES
from games.phopho.data import CARD_TYPE
from tabletop import clone, saves
from test_app import open_app
from test_phopho_rules import LINE, arrange


def start(seats, seed):
    app, platform, storage = open_app({"game": "phopho", "seats": seats, "seed": str(seed), "speed": "instant"})
    platform.run()
    return app, platform


def set_table(app, **arrangement):
    """Arrange the match's state for seat 0 to play (the match replays from here: no undo past it)."""
    state = app.match.state
    n = state["players"]
    state.update(turn=0, phase="turn", sel=[], puts=[], queue=[], marks=[], restock=False, billed=False,
                 mad=[6] * n, happy=[0] * n, gone=[])
    arrange(state, **arrangement)
    app.match._barrier_state = clone(state)
    app.match._barrier = len(app.match.history)
    app.current.viewer = 0
    app.render()


def card_of(app, ctype, seat=0):
    return next(c for c in app.match.state["hands"][seat] if CARD_TYPE[c] == ctype)


def test_PP_9_picking_cards_lights_up_customers_and_a_middle_card_can_be_put_back():
    app, platform = start("human,easy", 16)
    set_table(app, hands={0: ["noodle1", "beef2", "chili3", "herbs5"]}, line=LINE)
    assert "Serve (select cards in your hand) or Restock (draw 6)" in platform.text
    for ctype in ("noodle1", "beef2", "chili3"):
        app.handle("pp-card", card_of(app, ctype))
    assert [CARD_TYPE[c] for c in app.match.state["sel"]] == ["noodle1", "beef2", "chili3"]
    assert 'data-arg="serve@0"' in platform.html and "Serve here" in platform.text
    assert platform.html.count('class="pp-customer pp-active legal"') == 1
    app.handle("pp-card", card_of(app, "beef2"))  # put the middle card back: the other two stay
    assert [CARD_TYPE[c] for c in app.match.state["sel"]] == ["noodle1", "chili3"]
    assert 'data-arg="serve@0"' not in platform.html
    app.handle("pp-card", card_of(app, "herbs5"))  # not part of any Serve with this selection
    assert 'data-arg="PP-9"' in platform.html and 'data-arg="PP-10"' in platform.html  # rule links and 'role="alert"' in platform.html
    app.key("Escape")
    assert app.match.state["sel"] == [] and 'data-arg="restock"' in platform.html


def test_PP_13_the_hated_card_prompt_names_the_opponents_and_announces_the_failure():
    app, platform = start("human,easy,easy", 3)
    set_table(app, hands={0: ["chicken2", "noodle1"]}, line=[("beef-chicken", ["noodle1"], False)] + LINE[1:])
    app.handle("pp-card", card_of(app, "chicken2"))
    app.handle("play", "serve@0")
    # the warning's safe choice (Cancel) does not look like the main action; the risky one is red
    dialog = platform.html[platform.html.index('id="confirm-move"'):]
    assert re.search(r'<button data-act="cancel-move" type="button">Cancel</button>', dialog)
    assert 'data-act="confirm-move" class="danger"' in dialog and 'class="primary"' not in dialog.split("</div></div>")[0]
    app.handle("confirm-move")  # the hated card asks first
    assert "Choose the opponent who receives one of your Mad tokens" in platform.text
    assert "Give a Mad token to Easy bot 2 (6 Mad, 0 Happy)" in platform.text
    assert "Hated! Chicken 2 fails the order of the Active Customer" in platform.text  # announced
    app.handle("play", "give:2")
    assert app.match.state["mad"] == [5, 6, 7] and "{0} gives a Mad token to {2}." in [e["text"] for e in app.match.log]


def test_PP_11_restock_then_discard_down_to_six_by_marking_cards():
    app, platform = start("human,easy", 16)
    set_table(app, hands={0: ["noodle1", "beef2", "chili3", "herbs5", "bill", "bill"]}, line=LINE)
    app.handle("play", "restock")
    assert "Skip serving" in platform.text and "you may serve once" in platform.text
    app.handle("play", "skip")
    assert "discard down to 6: mark 6 more cards" in platform.text
    for _ in range(6):
        legal = [c for c in app.match.state["hands"][0] if c not in app.match.state["marks"]]
        app.handle("pp-card", legal[-1])
    assert "Discard the 6 marked" in platform.text
    app.handle("pp-card", app.match.state["marks"][0])  # unmark one: undo
    assert len(app.match.state["marks"]) == 5 and "mark 1 more card" in platform.text
    app.handle("pp-card", [c for c in app.match.state["hands"][0] if c not in app.match.state["marks"]][0])
    app.handle("play", "discard")
    assert len(app.match.state["hands"][0]) == 6


def test_PP_7_two_humans_the_cover_and_the_public_table_during_bot_turns():
    app, platform = start("human,normal,human", 4)
    assert app.current.cover is not None and 'class="pp-hand"' not in platform.html
    for _ in range(3):
        seat = app.current.cover
        assert app.current.viewer is None and "Pass the device to Player {}".format(seat + 1) in platform.text
        app.handle("ready", str(seat))
        assert app.current.viewer == seat and 'class="pp-hand"' in platform.html
        app.handle("play", "restock")
        while app.match.to_act() == [seat]:
            legal = app.match.legal(seat)
            app.handle("play", "skip" if "skip" in legal else legal[0])
        if app.match.to_act() == [1]:  # the bot's turn: nobody's hand on the shared screen
            assert app.current.viewer is None and 'class="pp-hand"' not in platform.html
            platform.run()


def test_PP_18_the_panels_hide_other_seats_stars_and_show_counts():
    app, platform = start("human,easy", 16)
    set_table(app, hands={0: ["noodle1"]}, line=LINE, loyal=[["chili-chicken"], ["chili-herbs", "herbs-beef"]])
    assert "Loyal: 2★" in platform.text  # my own stars
    assert "Loyal: 2 (stars hidden)" in platform.text and "2 Loyal Customers, stars hidden" in platform.text


@pytest.mark.parametrize("width_seats", ["human,normal,hard", "human,easy,easy,easy,easy,easy"])
def test_whole_games_through_the_shell_end_on_the_score_sheet(width_seats):
    app, platform = start(width_seats, 21)
    steps = 0
    while not app.match.is_over():
        platform.run()
        if app.match.is_over():
            break
        legal = app.match.legal(0)
        app.handle("play", legal[0] if "restock" not in legal else "restock")
        app.handle("confirm-move")  # yes to a hurtful move (nothing happens when none was asked)
        steps += 1
        assert steps < 2000
    platform.run()
    assert '<table class="score-sheet' in platform.html and "Loyal Customers revealed" in platform.text
    assert "The King (3★) goes to" in platform.text


def test_announcements_of_several_turns_keep_the_older_news_one_click_away():
    app, platform, _ = open_app({"game": "phopho", "seats": "human,normal,normal,normal,normal", "seed": "5", "speed": "instant"})
    platform.run()
    news = [e for e in app.match.log_for(0) if e.get("announce") and e["ply"] > app.current.seen_ply]
    assert len(news) > 4  # four bots played before the human's first turn
    assert "{} earlier".format(len(news) - 4) in platform.text and "<details>" in platform.html


def test_PP_9b_a_take_back_is_legal_as_a_whole_or_not_offered():
    """Issue 18: pick two 1s, put one on a customer card by card, then click the other picked
    card. Taking it back would leave the put illegal (PP-9b: only a multiple-customer play is
    placed card by card): the card is not offered, a click changes nothing, and the save keeps
    the game in memory."""
    app, platform, storage = open_app({"game": "phopho", "seats": "easy,human", "seed": "6", "speed": "instant"})
    platform.run()
    assert app.current.viewer == 1 and app.match.to_act() == [1]
    first, second = [c for c in app.match.state["hands"][1] if CARD_TYPE[c] == "noodle1"][:2]
    app.handle("pp-card", first)
    app.handle("pp-card", second)
    app.handle("play", "put:noodle1@0")
    history = [list(a) for a in app.match.history]
    assert history[-3:] == [[1, "pick:noodle1"], [1, "pick:noodle1"], [1, "put:noodle1@0"]]
    for card in (first, second):
        assert re.search(r'data-arg="{}"[^>]* disabled'.format(card), platform.html), "offered though not legal"
        app.handle("pp-card", card)
        assert "Something went wrong" not in platform.text and "cannot be taken back alone" in platform.text
        assert app.match.history == history
    (text,) = storage.data.values()
    assert saves.load(text, GAMES).history == app.match.history
    app.handle("undo")  # the shell's Undo takes back the put; then a pick can go back alone
    app.handle("pp-card", second)
    assert app.match.history == history[:-2] and "cannot be taken back" not in platform.text
    (text,) = storage.data.values()
    assert saves.load(text, GAMES).history == app.match.history


def test_PP_13_serving_a_hated_ingredient_asks_once_with_the_rule_in_words():
    app, platform = start("human,easy", 16)
    set_table(app, hands={0: ["herbs3", "noodle1"]}, line=LINE)
    app.handle("pp-card", card_of(app, "herbs3"))
    history = list(app.match.history)
    app.handle("play", "serve@1")  # the Side 1 customer hates Herbs
    assert app.match.history == history and 'role="alertdialog"' in platform.html
    assert "hates Herbs: serving it fails the order" in platform.text and 'data-arg="PP-13"' in platform.html
    app.key("Escape")
    assert app.current.confirm is None and app.match.history == history and "alertdialog" not in platform.html
    app.handle("play", "serve@1")
    app.handle("confirm-move")
    assert app.match.history[-1] == [0, "serve@1"] and "alertdialog" not in platform.html
    assert any(e["type"] == "hated" for e in app.match.log)


def test_PP_12_a_loved_ingredient_is_served_without_a_question():
    app, platform = start("human,easy", 16)
    set_table(app, hands={0: ["herbs3", "noodle1"]}, line=LINE)
    app.handle("pp-card", card_of(app, "herbs3"))
    app.handle("play", "serve@2")  # loves Herbs
    assert app.current.confirm is None and app.match.history[-1] == [0, "serve@2"]
