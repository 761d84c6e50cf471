"""Stem and Branch's table through the app shell on CPython (fake platform): deep links with the
mode, every clickable thing a button with a label, lit spaces with their cost, the one-click
suggested payment, the whole stack and the discard pile on demand, co-op's open hands and score,
the per-mode player range, and the Spirit Scrolls (SB-22..SB-25): stacks, owned scrolls with their
effects, the claim prompt, Activate and Refresh lit from the legal actions, waiting tokens."""

import re

from games.stemandbranch.rules import cost
from test_app import open_app
from test_stemandbranch_scrolls import fire_table, sb16, scroll_table

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
    assert app.match.options == {"mode": "coop", "tiebreak_year": "2020", "scrolls": "0"}
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
        pay = re.search(r'data-act="sb-pay-suggested" data-arg="([^"]*)"', platform.html)
        assert pay, "no suggested payment"
        app.handle("sb-pay-suggested", pay.group(1))
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
    assert app.match is not None and app.match.options == {"mode": "coop", "tiebreak_year": "1990", "scrolls": "0"}


def test_SB_21_coop_game_over_states_the_team_score_and_rank_not_a_winner():
    # A co-op game is won or lost by the team: the status line and the score sheet's headline
    # give the team's score and rank (SB-21), never "Player 1 wins", and nobody is starred.
    app, platform, _ = open_app(COOP)
    platform.run()
    while not app.match.is_over():
        legal = app.match.legal(0)
        summons = [a for a in legal if a.startswith("summon:")]
        app.handle("play", summons[0] if summons else legal[-1])
        platform.run()
    result = app.match.result()
    assert result["cooperative"]
    expected = "Team score {}: {}".format(result["scores"][0], result["rank"])
    status = platform.text[platform.text.index('id="status"'):]
    status = status[:status.index("</p>")]
    assert "Game over: " + expected in status and "wins" not in status
    sheet = platform.text[platform.text.index('id="score-sheet"'):]
    headline = sheet[sheet.index('class="headline">') + len('class="headline">'):sheet.index("</p>")]
    assert expected in headline and "win" not in headline
    assert "★" not in sheet and 'class="winner"' not in sheet


def test_SB_21_perfect_clear_headline():
    from games import GAMES
    game = GAMES["stemandbranch"]
    state = game.start(1, {"mode": "coop"}, 2)
    state["locked"] = list(range(12))  # the headline reads the lock count only
    assert game.result(state)["headline"].startswith("Perfect clear! Team score ")


SCROLLS = dict(COMP, scrolls="1")


def lit(html, prefix):
    return sorted(re.findall(r'data-act="play" data-arg="(%s[^"]*)"' % re.escape(prefix), html))


def show(app, state):
    """Put a hand-made position on the table (seat 0 to act) and draw it."""
    app.match.state.clear()
    app.match.state.update(state)
    app.render()


def test_SB_22_scrolls_link_shows_the_five_stacks_and_a_coop_link_is_refused():
    app, platform, _ = open_app(SCROLLS)
    my_turn(app, platform)
    assert app.match.options["scrolls"] == "1"
    assert "Spirit Scrolls" in platform.text and "L1 L2 L3 L4 L5" in platform.text and "Box: empty" in platform.text
    app, platform, _ = open_app(COMP)
    platform.run()
    assert 'aria-label="Spirit Scrolls"' not in platform.html
    app, platform, _ = open_app(dict(COOP, scrolls="1", seats="human,normal"))
    assert "Spirit Scrolls are played only in competitive games" in platform.text


def test_SB_22_claim_prompt_prices_exchange_box_and_decline():
    app, platform, _ = open_app(SCROLLS)
    my_turn(app, platform)
    show(app, scroll_table(**sb16(years=[3, 0, 0], owned=[{"Wood1": False}, {}, {}])))
    for action in ("summon:31", "at:c2", "pay:7"):
        app.handle("play", action)
    assert app.match.state["phase"] == "claim"
    html = platform.html
    assert lit(html, "claim:") == sorted(a for a in app.match.legal(0) if a.startswith("claim:"))
    assert "Claim Wood scroll L3 for 3 years; to the box: L2" in html
    assert "Claim Wood scroll L3 for 2 years returning your Wood scroll L1 (−1 year); to the box: L2" in html
    assert "Decline: no scroll" in html and "claim a Wood scroll" in platform.text
    app.handle("play", "claim:Wood3/Wood1")
    assert "claims the Wood scroll L3 for 2 years, returning the Wood scroll L1 in exchange" in platform.text
    assert "Wood scroll L2 goes to the box" in platform.text
    assert "Wood L3 active" in platform.text  # the player's panel and the scrolls section


def test_SB_24_and_SB_25_activate_and_refresh_lit_from_the_legal_actions():
    app, platform, _ = open_app(SCROLLS)
    my_turn(app, platform)
    state = fire_table(board_tokens={"d4": "Fire"}, tokens=[{"Wood": 1}, {}, {}],
                       owned=[{"Fire2": True, "Fire3": False}, {}, {}])
    show(app, state)
    assert lit(platform.html, "scroll:") == ["scroll:Fire2"]
    assert lit(platform.html, "refresh:") == ["refresh:Fire3/Wood"]
    assert "Refresh Fire scroll L3 with a Wood token" in platform.html
    assert "remove an animal of level 2 or lower" in platform.html  # the effect in words
    app.handle("play", "scroll:Fire2")
    assert lit(platform.html, "fire:") == ["fire:Ox"] and "Remove the Ox on b2 (2 cards, 2 years)" in platform.html
    app.handle("play", "fire:Ox")
    assert lit(platform.html, "source:") == ["source:d4", "source:supply"]
    assert "Give it from the board (d4)" in platform.html
    app.handle("play", "source:d4")
    assert "gains a Fire token from the board (d4)" in platform.text


def test_SB_25_tokens_of_the_second_action_are_marked_waiting():
    app, platform, _ = open_app(SCROLLS)
    my_turn(app, platform)
    state = scroll_table(hands=[[3, 13], [], []], board_tokens={"a1": "Wood"}, owned=[{"Fire2": False}, {}, {}])
    state["done"] = 1
    show(app, state)
    for action in ("summon:3", "at:a1", "pay:13"):
        app.handle("play", action)
    assert app.match.state["phase"] == "claim"
    assert "(1 next turn)" in platform.html and "1 Wood usable from the next turn" in platform.html
    assert "not for a refresh before your next turn: 1 Wood" in platform.html
    assert lit(platform.html, "refresh:") == []


def status(platform):
    line = platform.text[platform.text.index('id="status"'):]
    return line[:line.index("</p>")]


def test_SB_24_activation_prompts_read_plainly():
    # The prompt names the scroll then its effect after a colon (the Wood effect has brackets of
    # its own); Water's first pick says "up to L tokens", not "L more".
    app, platform, _ = open_app(SCROLLS)
    my_turn(app, platform)
    show(app, scroll_table(deck=[40, 41, 42], owned=[{"Wood3": True}, {}, {}]))
    app.handle("play", "scroll:Wood3")
    assert "choose the target of your Wood scroll L3: summon a card of rank 3 or lower" in status(platform)
    assert "))" not in status(platform)
    show(app, scroll_table(owned=[{"Water2": True}, {}, {}]))
    app.handle("play", "scroll:Water2")
    assert "take up to 2 element tokens from the supply or the board." in status(platform)
    app.handle("play", "water:supply:Fire")
    assert "take another token (1 more at most) from the supply or the board, or stop." in status(platform)


def test_SB_24_water_L1_effect_says_one_token_in_the_singular():
    app, platform, _ = open_app(SCROLLS)
    my_turn(app, platform)
    show(app, scroll_table(owned=[{"Water1": True, "Water2": False}, {}, {}]))
    assert "take up to 1 element token from the board" in platform.text
    assert "take up to 2 element tokens from the board" in platform.text
