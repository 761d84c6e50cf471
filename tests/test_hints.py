"""Hints (issue 37), in the shell on CPython: in every title the Hint control marks the control of
the move the Hard bot would make (data-hint), says why in the reader's language, and that control
plays the move; the score sheet counts each person's hints; a hint is worked out from what the
seat knows only; a link or the dialog may turn hints off, and a table with friends offers them
only when its host chose so. The page test is in test_browser_ux.py."""

import html
import random
import re

import pytest

from fakes import FakeNetwork, open_app
from games import GAMES
from tabletop import saves
from tabletop.hints import hint, hint_rng
from tabletop.match import Match, make_seats
from test_devices_app import invite_params, join, settle
from webui.table import SENDING_SHOWN_AFTER
from webui import i18n

HINTED = re.compile(r'<[a-z][^<>]*\bdata-hint="[^"]*"[^<>]*>')
HINTS_ASKED = 10  # hinted moves played per title (The Number has 10 turns)


def seats_for(game_id):
    return "human,normal,normal" if GAMES[game_id].info.max_players >= 3 else "human,normal"


def hinted_control(platform):
    """(act, arg, the move named by data-hint) of the one marked control on the page."""
    found = HINTED.findall(platform.html)
    assert len(found) == 1, "{} controls marked by the hint".format(len(found))
    attr = {name: html.unescape(value) for name, value in re.findall(r'\b(data-[a-z]+)="([^"]*)"', found[0])}
    return attr["data-act"], attr.get("data-arg"), attr["data-hint"]


def why(platform):
    line = re.search(r'<p class="hint-why"[^>]*>(.*?)</p>', platform.html)
    assert line, "no reason shown with the hint"
    return html.unescape(re.sub(r"<[^>]+>", "", line.group(1)))


def bots_to_the_players_turn(app, platform):
    for _ in range(500):
        match = app.match
        if match.is_over() or (0 in match.to_act() and app.current.cover is None):
            return
        platform.run()


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_hint_marks_a_legal_control_in_every_title_and_that_control_plays_the_move(game_id):
    app, platform, _ = open_app({"game": game_id, "seats": seats_for(game_id), "seed": "5", "speed": "instant"})
    asked = 0
    while asked < HINTS_ASKED:
        bots_to_the_players_turn(app, platform)
        match = app.match
        if match.is_over():
            break
        legal = match.legal(0)
        app.handle("hint", None)
        act, arg, move = hinted_control(platform)
        assert move in legal
        assert why(platform).startswith(("Hint: Hard would play this", "Hint: This is your only legal move."))
        before = len(match.history)
        app.handle(act, arg)
        assert match.history[before:][:1] == [[0, move]], "the marked control did not play the hinted move"
        assert not HINTED.search(platform.html), "a hint outlived its position"
        asked += 1
    assert asked == HINTS_ASKED and match.hints()["used"][0] == asked


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_the_hint_says_why_in_vietnamese_too(game_id):
    app, platform, _ = open_app({"game": game_id, "seats": seats_for(game_id), "seed": "8", "speed": "instant"})
    try:
        bots_to_the_players_turn(app, platform)
        app.handle("hint", None)
        english = why(platform)
        app.handle("language", "vi")
        vietnamese = why(platform)
        assert vietnamese.startswith(("Gợi ý: Bot khó sẽ đi nước này", "Gợi ý: Đây là nước đi hợp lệ duy nhất")), vietnamese
        assert re.findall(r"\d+", vietnamese) == re.findall(r"\d+", english)  # the same figures
        assert bool(re.search(r"\d\.\d", english)) == bool(re.search(r"\d,\d", vietnamese))  # 0.5 is 0,5 there
    finally:
        i18n.choose(i18n.ENGLISH)


FIGURES = re.compile(r'<span class="hint-figures">(.*?)</span>')


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_the_hint_says_what_the_move_does_first_and_hards_figures_apart(game_id):
    """The sentence that teaches is the hint's line; Hard's count behind it (how many guesses,
    how far ahead) follows in a smaller part of its own, so a phone shows the reason first."""
    app, platform, _ = open_app({"game": game_id, "seats": seats_for(game_id), "seed": "3", "speed": "instant"})
    for _ in range(40):
        bots_to_the_players_turn(app, platform)
        assert not app.match.is_over(), "no hint with figures in a whole game"
        app.handle("hint", None)
        figures = FIGURES.search(platform.html)
        if figures:
            break
        app.handle(*hinted_control(platform)[:2])
    said = html.unescape(re.sub(r"<[^>]+>", "", figures.group(1)))
    assert said.startswith(("Over ", "By its count")) and said.endswith(("move.", "%.")), said
    line = why(platform)
    assert line.startswith("Hint: Hard would play this: ") and line.endswith(said)
    reason = line[:-len(said)]
    assert "guesses at what you cannot see" not in reason and "next best move" not in reason, reason


def test_the_score_sheet_counts_each_persons_hints_once_per_position():
    app, platform, storage = open_app({"game": "thenumber", "seats": "human,easy", "seed": "2", "speed": "instant"})
    rng = random.Random(2)
    asked = 0
    while not app.match.is_over():
        bots_to_the_players_turn(app, platform)
        if app.match.is_over():
            break
        if rng.random() < 0.5:
            app.handle("hint", None)
            app.handle("hint", None)  # asked again at the same position: the same hint, not counted again
            asked += 1
        app.current.play(rng.choice(app.match.legal(0)))
    assert asked and app.match.hints() == {"offered": True, "used": [asked, 0]}
    row = re.search(r'<tr class="hints-used">(.*?)</tr>', platform.html)
    assert row, "the score sheet does not count hints"
    assert re.findall(r"<td>([^<]*)</td>", row.group(1)) == [str(asked), "—"]  # a bot takes none
    stored = saves.load(storage.data[saves.KEY_PREFIX + app.current.save_id], GAMES)
    assert stored.hints() == {"offered": True, "used": [asked, 0]}  # kept with the save


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_a_hint_is_worked_out_from_what_the_seat_knows_only(game_id):
    """The hidden cards re-drawn (Game.scramble), the seat's hint does not change."""
    game = GAMES[game_id]
    n = 3 if game.info.max_players >= 3 else game.info.max_players
    match = Match(game, make_seats(["human"] + ["normal"] * (n - 1)), {}, 11)
    rng = random.Random(11)
    checked = 0
    for _ in range(400):
        if match.is_over() or checked >= 3:
            break
        seat = match.to_act()[0]
        legal = match.legal(seat)
        if seat == 0 and len(legal) > 1:
            scrambled = game.scramble(match.state, 0, random.Random(checked))
            view, other_view = match.view(0), game.view(scrambled, 0)
            assert view == other_view
            assert hint(game, view, 0, legal, hint_rng(view, 0, 0)) == hint(game, other_view, 0, game.legal_actions(scrambled, 0),
                                                                           hint_rng(other_view, 0, 0))
            checked += 1
        match.play(seat, rng.choice(legal))
    assert checked


def test_a_link_or_the_dialog_can_turn_hints_off():
    app, platform, storage = open_app({"game": "mojo", "seats": "human,normal", "seed": "4", "hints": "off", "speed": "instant"})
    bots_to_the_players_turn(app, platform)
    assert 'data-act="hint"' not in platform.html
    app.handle("hint", None)
    assert not HINTED.search(platform.html) and app.match.hints() == {"offered": False, "used": [0, 0]}
    assert saves.load(storage.data[saves.KEY_PREFIX + app.current.save_id], GAMES).hints()["offered"] is False

    app, platform, _ = open_app()
    app.handle("new", "mojo")
    assert 'name="hints"' in platform.html
    platform.forms["new-game"] = {"players": "2", "kind-0": "human", "kind-1": "normal", "hints": "off"}
    app.handle("start")
    assert app.match.hints()["offered"] is False and 'data-act="hint"' not in platform.html


@pytest.mark.parametrize("offered", ["on", "off"])
def test_a_table_with_friends_offers_hints_only_when_its_host_chose_so(offered):
    net = FakeNetwork()
    host, page, _ = open_app({"game": "thenumber", "seats": "friend,human", "names": ",Ann", "hints": offered}, network=net)
    guest, gpage, _ = join(net, invite_params(page)[0], "Lan")
    settle(net, page, gpage)
    assert guest.current.viewer == 0 and 0 in guest.current.table.to_act()
    assert ('data-act="hint"' in gpage.html) == (offered == "on")
    guest.handle("hint", None)
    settle(net, page, gpage)
    if offered == "off":
        assert not HINTED.search(gpage.html) and host.match.hints()["used"] == [0, 0]
        return
    act, arg, move = hinted_control(gpage)
    assert move in guest.current.table.legal(0)
    assert host.match.hints()["used"] == [1, 0]  # counted by the host, which keeps the score sheet
    assert guest.current.table.hints()["used"] == [1, 0]
    guest.handle(act, arg)
    # while the move is on its way to the host, Hint is not offered and a stale one shows nothing
    gpage.tick(SENDING_SHOWN_AFTER)
    assert guest.current.table.sending() and 'data-act="hint"' not in gpage.html
    guest.current.hint = None
    guest.handle("hint", None)
    assert guest.current.hint is None and guest.current.hint_asked is None
    settle(net, page, gpage)
    assert host.match.history[-1] == [0, move]
    assert host.match.hints()["used"] == [1, 0]


# --- a player's click while a bot thinks -------------------------------------------------------
# In the page a search hands the browser turns (tabletop.bots.use_breather, browser.think): a
# click is then answered mid-search. Here the breather makes that click itself.

@pytest.fixture
def breather():
    from tabletop import bots as botlib

    yield botlib.use_breather
    botlib.use_breather(None)


def test_searches_hand_the_page_turns_and_count_the_same_worlds(breather):
    """Every title's Hard search breathes between worlds, and its decision does not change."""
    from tabletop import search

    for game_id in sorted(GAMES):
        game = GAMES[game_id]
        match = Match(game, make_seats(["hard"] * min(3, game.info.max_players)), {}, 9)
        rng = random.Random(9)
        for _ in range(200):  # to a decision Hard searches (some it makes by rules of thumb)
            seat = match.to_act()[0]
            view, legal = match.view(seat), match.legal(seat)
            breather(None)
            with search.noting() as found:
                alone = botlib_choose(game, view, seat, legal)
            if len(found.get("values") or ()) > 1:
                break
            match.play(seat, rng.choice(legal))
        turns = []
        breather(lambda: turns.append(1), 0)
        assert botlib_choose(game, view, seat, legal) == alone, game_id
        assert turns, "{}'s Hard search never gave the page a turn".format(game_id)


def botlib_choose_seeded(match, seat, seed):
    from tabletop import bots as botlib

    return botlib.choose(match.game, "hard", match.view(seat), seat, match.legal(seat), random.Random(seed))


def botlib_choose(game, view, seat, legal):
    from tabletop import bots as botlib

    return botlib.choose(game, "hard", view, seat, legal, random.Random(4))


def test_a_move_made_while_a_bot_thinks_is_kept_and_the_bot_decides_again(breather):
    """The Number is simultaneous: the player writes while Hard searches; Hard's decision, made on
    the position before, is dropped and made again; nothing is played twice or lost."""
    app, platform, storage = open_app({"game": "thenumber", "seats": "human,hard", "seed": "6", "speed": "instant"})
    match = app.match
    mine = match.legal(0)[0]
    searches = []

    def click_once():
        if not searches:
            searches.append(len(match.history))
            app.current.play(mine)  # the player's click, answered mid-search

    breather(click_once, 0)
    platform.run()
    assert searches == [0]
    assert match.history[0] == [0, mine] and match.history[1][0] == 1
    first = match.view(0)["reveals"][0]  # Hard wrote once for that turn, after the player
    assert (first["round"], first["turn"], first["numbers"]) == (0, 0, [mine, match.history[1][1]])
    again = Match(GAMES["thenumber"], make_seats(["human", "hard"]), {}, match.seed)
    again.play(0, mine)
    decided = botlib_choose_seeded(again, 1, match.seed * 1_000_003 + 1)  # as keeper._bot_move seeds it
    assert match.history[1] == [1, decided], "Hard played a decision made before the player's move"
    stored = saves.load(storage.data[saves.KEY_PREFIX + app.current.save_id], GAMES)
    assert stored.history == match.history


def test_a_bots_search_stops_at_its_next_breath_once_its_game_is_left_and_the_game_plays_on_later(breather):
    """The player goes back to the lobby while Hard thinks: its search stops at the breath that
    answered the click (it ran to its end before: up to a second of the page's thread, taken
    from whatever the player did next). Opened again, the game goes on: the bot decides anew."""
    app, platform, _ = open_app({"game": "mojo", "seats": "hard,human", "seed": "2", "speed": "instant"})
    match, save_id = app.match, app.current.save_id
    assert match.to_act() == [0]  # the bot starts
    breaths = []

    def leave_once():
        breaths.append(len(breaths))
        if len(breaths) == 1:
            app.show_lobby()  # the player's click, answered mid-search

    breather(leave_once, 0)
    platform.run()
    assert app.screen == "lobby"
    assert breaths == [0], "the search went on {} breaths after its game was left".format(len(breaths) - 1)
    assert match.history == []
    breather(None)
    app.resume(save_id)
    platform.run()
    assert app.screen == "game" and app.match.history and app.match.history[0][0] == 0


def test_a_hint_search_stops_once_its_player_has_moved_and_nothing_is_counted(breather):
    """A hint asked, then the player moves before it is worked out: the hint's search stops at its
    next breath; no hint is shown or counted, and the game goes on."""
    app, platform, _ = open_app({"game": "mojo", "seats": "human,normal", "seed": "5", "speed": "instant"})
    platform.run()
    screen, match = app.current, app.match
    assert match.to_act() == [0]
    mine = match.legal(0)[0]
    breaths = []

    def move_once():
        breaths.append(len(breaths))
        if len(breaths) == 1:
            screen.play(mine)  # the player's own move, answered while the hint is worked out

    breather(move_once, 0)
    app.handle("hint", None)
    platform.run()
    assert breaths == [0], "the hint's search went on {} breaths after the player moved".format(len(breaths) - 1)
    assert match.history[0] == [0, mine]
    assert screen.hint is None and screen.hint_asked is None and 'data-hint="' not in platform.html
    assert match.hints()["used"] == [0, 0]


def test_a_search_keeps_its_own_question_while_another_runs_at_its_breath(breather):
    """In the page a hint's search may run while a bot's waits at a breath: each stops by its own
    `wanted`, whichever ran between its breaths."""
    from tabletop import bots as botlib

    game = GAMES["mojo"]
    match = Match(game, make_seats(["hard", "hard"]), {}, 3)
    seat = match.to_act()[0]
    view, legal = match.view(seat), match.legal(seat)
    wanted = {"outer": True}
    inner, outer_breaths = [], []

    def browsers_turn():
        if inner == ["running"]:
            return  # the inner search's own breaths
        outer_breaths.append(1)
        if len(outer_breaths) == 1:  # another search runs whole meanwhile, still wanted
            inner.append("running")
            inner[0] = botlib.run_search(lambda: botlib_choose(game, view, seat, legal), lambda: True)
        elif len(outer_breaths) == 2:  # then the first one's player leaves
            wanted["outer"] = False

    breather(browsers_turn, 0)
    assert botlib.run_search(lambda: botlib_choose(game, view, seat, legal), lambda: wanted["outer"]) is False
    assert len(outer_breaths) == 2
    assert inner == [True]
    breather(None)
    assert botlib.run_search(lambda: botlib_choose(game, view, seat, legal)) is True  # no question: to its end


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_a_bots_search_resumed_while_a_hint_waits_at_its_breath_neither_writes_into_the_hint_nor_fails(game_id, breather):
    """In the page searches take turns at their breaths, not only one inside the other: a bot's
    search breathes, a hint's search starts (and waits at a breath of its own), and the bot's
    resumes. The bot must go on as a bot (Hội Phố's Hard failed there, asked for its hint's words
    by the hint's question) and leave the hint's figures alone."""
    from tabletop import search

    game = GAMES[game_id]
    match = Match(game, make_seats(["hard"] * min(3, game.info.max_players)), {}, 9)
    rng = random.Random(9)
    hint_started = []

    def a_hint_starts_and_waits():
        if not hint_started:
            asking = search.noting()
            hint_started.append((asking, asking.__enter__()))  # left waiting: not yet exited

    for _ in range(200):  # to a decision Hard searches (some it makes by rules of thumb, without a breath)
        seat = match.to_act()[0]
        legal = match.legal(seat)
        breather(a_hint_starts_and_waits, 0)
        action = botlib_choose(game, match.view(seat), seat, legal)
        breather(None)
        if hint_started:
            break
        match.play(seat, rng.choice(legal))
    assert hint_started, "the bot's search never breathed"
    asking, found = hint_started[0]
    assert found == {}, "the bot wrote into the hint's figures"
    assert not search.asking()  # the bot's own question, none (the hint puts back its own when it resumes)
    asking.__exit__(None, None, None)
    assert action in legal


def test_a_hint_stays_while_the_bots_write_face_down_and_ends_with_the_players_move():
    """The Number's bots write while the player thinks: that tells the player nothing new, so the
    hint stays on the table (it vanished at the first bot's write), counted once; the player's
    own move ends it."""
    app, platform, _ = open_app({"game": "thenumber", "seats": "human,normal,normal", "seed": "3", "speed": "instant"})
    match = app.match
    assert not any(match.view(0)["written"])  # the bots are still to write
    app.handle("hint", None)
    shown = hinted_control(platform)
    platform.run()
    assert match.view(0)["written"] == [False, True, True] and 0 in match.to_act()
    assert hinted_control(platform) == shown, "the hint vanished when a bot wrote"
    assert match.hints()["used"] == [1, 0, 0]
    act, arg, move = shown
    before = len(match.history)
    app.handle(act, arg)
    assert match.history[before:][:1] == [[0, move]]
    bots_to_the_players_turn(app, platform)
    assert not HINTED.search(platform.html), "a hint outlived its player's move"
