"""Flowers' table through the app shell on CPython (fake platform): every legal place lit after a
take, the preview before placing, refusals with the rule, pan and zoom kept across moves,
symbols beside colours, and the end scoring drawn on each garden."""

import re

from games.flowers.data import CARDS
from games.flowers.rules import score_garden
from test_app import open_app

LINK = {"game": "flowers", "seats": "human,normal", "seed": "4", "speed": "instant"}


def to_my_turn(app, platform):
    platform.run()
    assert app.match.to_act() == [0]


def test_after_a_take_every_legal_place_lights_up():
    app, platform, _ = open_app(LINK)
    to_my_turn(app, platform)
    assert platform.html.count('class="face flowers-card flowers-') >= 2 and "Stack 3 (face down)" in platform.text
    app.handle("play", "take:0")
    places = [a for a in app.match.legal(0) if a.startswith("place:")]
    spots = re.findall(r'data-act="flowers-aim" data-arg="([-\d]+,[-\d]+)"', platform.html)
    assert sorted("place:" + s for s in spots) == sorted(places)
    assert platform.html.count("flowers-spot legal") + platform.html.count(" legal flowers-cover") == len(places)
    assert "flowers-ghost" in platform.html  # the card shows on a place when pointed at


def test_a_click_previews_the_card_and_a_second_click_places_it():
    app, platform, _ = open_app(LINK)
    to_my_turn(app, platform)
    app.handle("play", "take:1")
    card = app.match.state["held"]
    target = [a for a in app.match.legal(0) if a.startswith("place:")][0][len("place:"):]
    app.handle("flowers-aim", target)
    assert app.match.state["held"] == card  # nothing placed yet
    assert "Preview: the" in platform.text and 'data-arg="place:{}"'.format(target) in platform.html
    assert platform.html.count(" aimed") == 1
    app.handle("play", "place:" + target)
    assert app.match.state["gardens"][0][target][-1] == card


def test_illegal_clicks_say_which_rule():
    app, platform, _ = open_app(LINK)
    to_my_turn(app, platform)
    app.handle("flowers-aim", "0,1")
    assert "First take a card from one of the three stacks." in platform.text and 'data-arg="FL-7"' in platform.html
    app.handle("play", "take:0")
    app.handle("flowers-try", "take:2")
    assert "place it in your garden first" in platform.text and 'data-arg="FL-8"' in platform.html
    app.handle("flowers-aim", "5,5")
    assert 'data-arg="FL-8"' in platform.html and app.current.ui.get("flowers-aim") is None


def test_pan_and_zoom_last_across_moves_and_keys_work():
    app, platform, _ = open_app(LINK)
    to_my_turn(app, platform)
    app.handle("flowers-zoom", "in")
    app.handle("flowers-pan", "left")
    app.key("ArrowUp")
    assert "--zoom:1.2500;--px:2;--py:2" in platform.html
    app.handle("play", "take:0")
    app.handle("play", app.match.legal(0)[0])
    platform.run()
    assert "--zoom:1.2500;--px:2;--py:2" in platform.html  # a move keeps the view
    app.key("0")
    assert "--zoom:1.0000;--px:0;--py:0" in platform.html
    for _ in range(12):
        app.key("-")
    assert 'data-arg="out" disabled' in platform.html


def test_colours_are_flowers_with_words():
    """Each colour is its own flower (a shape, not colour alone), the number in the corner, the
    words on the card for screen readers and on hover; the face-down stack is a card back."""
    from games.flowers.data import BUTTERFLY, COLOUR, NUMBER
    from webui.renderers.flowers import FLOWER, kind

    app, platform, _ = open_app(LINK)
    to_my_turn(app, platform)
    first = app.match.state["gardens"][0]["0,0"][0]
    words = "{} {}".format(COLOUR[first], NUMBER[first])
    cell = re.search(r'<span class="face flowers-card flowers-{}[^"]*" data-face="{}"[^>]*aria-label="{}[^>]*>(.*?)</span>'.format(
        COLOUR[first], kind(first), words), platform.html)
    assert cell, platform.html
    assert 'src="www/art/flowers.svg#{}"'.format(FLOWER[COLOUR[first]]) in cell.group(1)
    assert '<b class="flowers-idx">{}</b>'.format(NUMBER[first]) in cell.group(1)
    if BUTTERFLY[first]:
        assert "#butterfly" in platform.html and "#" + FLOWER[BUTTERFLY[first]] in platform.html
    assert len(set(FLOWER.values())) == 4  # four colours, four shapes
    back = re.search(r'<button class="face flowers-card flowers-back[^"]*" data-face="back"[^>]*>(.*?)</button>', platform.html)
    assert back and "flowers.svg#bouquet" in back.group(1) and "Stack 3 (face down)" in back.group(1)


def test_looking_at_another_garden_and_back():
    app, platform, _ = open_app(LINK)
    to_my_turn(app, platform)
    app.handle("flowers-look", "1")
    assert "Garden of Normal bot 2" in platform.text and "Back to your garden" in platform.text
    app.handle("flowers-look", "0")
    assert "Your garden" in platform.text


def test_the_end_scoring_is_drawn_on_each_garden():
    app, platform, _ = open_app({"game": "flowers", "seats": "human,easy", "seed": "5", "speed": "instant"})
    while not app.match.is_over():
        platform.run()
        if app.match.is_over():
            break
        app.handle("play", app.match.legal(0)[-1])
        app.handle("confirm-move")  # yes to a hurtful move (nothing happens when none was asked)
    platform.run()
    assert platform.html.count('class="flowers-scored"') == 2
    scores = app.match.game.scores(app.match.state)
    for seat, sc in enumerate(scores):
        assert "Total: {}".format(sc["total"]) in platform.text
    removed = sum(len(s["removed"]) for s in scores)
    assert platform.html.count("flowers-removed") == removed
    assert platform.html.count('class="flowers-points"') == sum(len(s["areas"]) for s in scores)
    assert platform.html.count("flowers-fly-scores") == sum(1 for s in scores for b in s["butterflies"] if b["scores"])
    assert ">Removed cards<" in platform.html and ">Butterflies<" in platform.html


def test_a_shared_solo_game_replays_step_by_step_without_the_record_line():
    app, platform, storage = open_app({"game": "flowers", "seats": "human", "seed": "2", "speed": "instant"})
    while not app.match.is_over():
        app.handle("play", app.match.legal(0)[0])
    assert 'class="record"' in platform.html
    app.handle("share")
    viewer, vplatform, _ = open_app({"g": app.share.link.split("#g=", 1)[1]}, storage)
    assert viewer.screen == "replay" and 'class="flowers-scored"' in vplatform.html and 'class="record"' not in vplatform.html
    for step in ("first", "next", "next"):
        viewer.handle("replay-step", step)
        assert "flowers-grid" in vplatform.html and "Stack 3 (face down)" in vplatform.text


def test_a_gardens_label_escapes_names_once():
    """Issue 18: a screen reader read "&#x27;" for a name with an apostrophe (escaped twice)."""
    app, platform, _ = open_app(dict(LINK, names="Ann,O'Brien & Co"))
    to_my_turn(app, platform)
    app.handle("flowers-look", "1")
    labels = re.findall(r'class="flowers-garden-panel" aria-label="([^"]*)"', platform.html)
    assert labels == ["Garden of O&#x27;Brien &amp; Co"], labels


def test_FL_9_taking_the_last_card_of_a_stack_when_behind_asks_first():
    from games import GAMES

    game = GAMES["flowers"]
    state = game.start(2, {}, 4)
    seat = state["turn"]
    state["stacks"][0] = state["stacks"][0][-1:]
    assert game.warning(state, seat, "take:1") is None  # not the last card
    leader, behind = 1 - seat, seat
    # the leader's garden: four red 4s and three red 3s in a row (a red area of 7); mine: one card
    reds = [i for i, c in enumerate(CARDS) if c[0] == "red" and c[1] == 4][:4] + [i for i, c in enumerate(CARDS) if c[0] == "red" and c[1] == 3][:3]
    state["gardens"][leader] = {"%d,0" % x: [c] for x, c in enumerate(reds)}
    assert score_garden(state["gardens"][leader])["total"] > score_garden(state["gardens"][behind])["total"]
    text = game.warning(state, seat, "take:0")
    assert text and "the game ends at once (FL-9)" in text
    state["gardens"][leader], state["gardens"][behind] = state["gardens"][behind], state["gardens"][leader]
    assert game.warning(state, seat, "take:0") is None  # ahead: ending the game is no harm
