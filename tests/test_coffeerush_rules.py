"""Coffee Rush: one test per numbered rule (shared/rules/coffeerush.md), the worked examples
CR-21..CR-23 played through the engine, every upgrade, passing over meeples but never ending on
one, Rush tokens without limit, the deck running out mid-draw, a 5th penalty closing the game,
and equal turns at the end."""

import json
import random
from collections import Counter

import pytest

from games.coffeerush import GAME
from games.coffeerush.data import (BASIC, BOARD, CARDS, CLOSING_PENALTIES, CORNERS, CUP_SIZE, CUPS, DECK_SIZE, HOW_TO_PLAY,
                                   INGREDIENT_ORDER, LAYOUT, MEEPLES, RECIPES, SPECIALTY, STEPS, TABS, UPGRADE_COST,
                                   is_specialty, recipe_of)
from tabletop import IllegalAction
from tabletop.match import Match, make_seats


def take(state, recipe):
    """An order card of `recipe` taken out of the deck (any copy), so that cards stay conserved."""
    recipe = recipe_of(recipe)
    card = next(c for c in state["deck"] if CARDS[c] == recipe)
    state["deck"].remove(card)
    return card


def table(players, first=0, meeples=None, tabs=None):
    """A game just after set-up: `meeples` [[space, ...] per seat]; `tabs` {seat: [recipes of Tab
    1..4]} (a recipe string, "" for an empty tab, or a list of recipes); every other tab empty."""
    state = GAME.start(players, {}, 5)
    for seat_tabs in state["tabs"]:
        for tab in seat_tabs:
            state["deck"] += tab
            tab.clear()
    state["deck"].sort()
    state.update(first=first, placing=[], meeples=meeples or default_meeples(players), collected=[], poured=False)
    GAME._begin_turn(state, first)
    for seat, recipes in (tabs or {}).items():
        for k, rec in enumerate(recipes):
            for r in ([rec] if isinstance(rec, str) else rec):
                if r:
                    state["tabs"][seat][k].append(take(state, r))
    return state


def give_upgrades(state, seat, *tiles):
    """Tiles face up, paid for with cards from the deck (put out of the game)."""
    state["upgrades"][seat] = list(tiles)
    state["spent"][seat] = [state["deck"].pop(0) for _ in range(UPGRADE_COST * len(tiles))]


def default_meeples(players):
    spaces = ["4,1", "4,4", "1,1", "1,4"]
    if MEEPLES[players] == 2:
        return [["4,1", "4,4"], ["1,1", "1,4"]]
    return [[spaces[s]] for s in range(players)]


def play(state, *actions):
    events = []
    for action in actions:
        events += GAME.apply(state, state["turn"], action)
        assert not GAME.audit(state), GAME.audit(state)
    return events


def texts(events):
    return [e["text"] for e in events]


def recipes(cards):
    return sorted(CARDS[c] for c in cards)


# --- Players and components ----------------------------------------------------------------------
def test_CR_1_two_to_four_players_random_start():
    for n in (2, 3, 4):
        assert GAME.start(n, {}, 1)["players"] == n
    for n in (1, 5):
        with pytest.raises(IllegalAction, match="2 to 4 players"):
            GAME.start(n, {}, 1)
    assert {GAME.start(4, {}, seed)["first"] for seed in range(40)} == {0, 1, 2, 3}


def test_CR_2_components():
    assert DECK_SIZE == len(CARDS) == 80 and CUPS == 3
    state = GAME.start(2, {}, 3)
    assert all(len(c) == CUPS for c in state["cups"])
    assert MEEPLES == {2: 2, 3: 1, 4: 1}
    assert state["rush"] == [0, 0] and state["token"] == "open"


def test_CR_3_the_board():
    assert [len(row) for row in LAYOUT] == [4, 4, 4, 4]
    counts = Counter(BOARD.values())
    assert all(counts[x] == 3 for x in BASIC) and all(counts[x] == 1 for x in SPECIALTY)
    assert {BOARD["1,2"], BOARD["2,4"], BOARD["3,1"], BOARD["4,3"]} == {"T", "C", "K", "W"}
    assert (BOARD["1,2"], BOARD["2,4"], BOARD["3,1"], BOARD["4,3"]) == ("T", "C", "K", "W")
    assert all(BOARD[c] in BASIC for c in CORNERS)
    assert LAYOUT == ("BTSM", "MSIC", "KMBI", "IBWS")


def test_CR_4_the_order_deck():
    assert len(RECIPES) == len(set(RECIPES)) == 40
    assert Counter(CARDS) == {r: 2 for r in RECIPES}
    assert all(2 <= len(r) <= 4 and recipe_of(r) == r for r in RECIPES)
    assert sum(1 for c in CARDS if is_specialty(c)) == 24
    assert Counter(len(r) for r in RECIPES) == {2: 8, 3: 18, 4: 14}
    assert recipe_of("TMS") in RECIPES and recipe_of("WWBB") in RECIPES and recipe_of("KKBI") in RECIPES
    # ingredient order on a card does not matter: a cup poured in any order serves it
    assert recipe_of(list("SMB")) == recipe_of(list("BMS")) == "BMS"


def test_CR_5_four_tabs_and_cups_of_four():
    assert TABS == 4 and CUP_SIZE == 4
    state = table(3, tabs={0: ["BMS", "", "", ""]})
    state["cups"][0][0] = ["B", "B", "M", "M"]
    state["meeples"][0] = ["1,1"]
    play(state, "step:2,1", "stop")  # Milk
    assert state["phase"] == "pour"
    legal = GAME.legal_actions(state, 0)
    assert "pour:M@1" not in legal and "pour:M@2" in legal
    with pytest.raises(IllegalAction, match="at most 4 ingredients"):
        GAME.apply(state, 0, "pour:M@1")
    # any number of orders on a tab
    state = table(3, tabs={0: [["BB", "BM", "BS"], "", "", ""]})
    assert len(state["tabs"][0][0]) == 3


# --- CR-6: every upgrade -------------------------------------------------------------------------
def test_CR_6_corner_upgrade_doubles_corners():
    state = table(3, meeples=[["1,2"], ["3,3"], ["4,4"]])
    give_upgrades(state, 0, 1)
    play(state, "step:1,1", "step:2,1", "stop")
    assert sorted(state["collected"]) == ["B", "B", "M"]


def test_CR_6_crowd_upgrade_doubles_spaces_with_another_meeple_own_second_one_too():
    state = table(2, meeples=[["1,1", "1,3"], ["2,1", "4,4"]])
    give_upgrades(state, 0, 2)
    play(state, "step:1,2", "step:1,3", "step:2,3", "stop")  # T, S (own second meeple: 2), I
    assert sorted(state["collected"], key=INGREDIENT_ORDER.get) == ["S", "S", "I", "T"]
    state = table(2, meeples=[["1,1", "4,4"], ["2,1", "1,3"]])
    give_upgrades(state, 0, 2)
    play(state, "step:2,1", "step:2,2", "stop")  # M under the opponent: 2
    assert sorted(state["collected"]) == ["M", "M", "S"]


def test_CR_6_diagonal_upgrade_allows_diagonal_steps():
    state = table(3, meeples=[["2,2"], ["4,4"], ["4,1"]])
    assert "step:1,1" not in GAME.legal_actions(state, 0)
    with pytest.raises(IllegalAction, match="Diagonal upgrade"):
        GAME.apply(state, 0, "step:1,1")
    give_upgrades(state, 0, 3)
    assert {"step:1,1", "step:1,3", "step:3,1", "step:3,3"} <= set(GAME.legal_actions(state, 0))


def test_CR_6_specialty_upgrade_doubles_specialty_spaces_and_doubles_never_stack():
    state = table(3, meeples=[["1,1"], ["4,4"], ["4,1"]])
    give_upgrades(state, 0, 4)
    play(state, "step:1,2", "step:1,3", "stop")
    assert sorted(state["collected"]) == ["S", "T", "T"]
    # a corner holding another meeple, with Corner and Crowd: still 2, not 4
    state = table(3, meeples=[["1,3"], ["1,4"], ["4,1"]])
    give_upgrades(state, 0, 1, 2)
    play(state, "step:1,4", "step:2,4", "stop")
    assert sorted(state["collected"]) == ["C", "M", "M"]


# --- Set-up --------------------------------------------------------------------------------------
def test_CR_7_deal_from_the_top_in_turn_order():
    for seed in range(6):
        state = GAME.start(3, {}, seed)
        first = state["first"]
        deck = list(range(DECK_SIZE))
        from tabletop.rng import new_rng, shuffle
        shuffle(new_rng(seed), deck)
        order = [(first + k) % 3 for k in range(3)]
        expected = [[[], [], [], []] for _ in range(3)]
        for seat in order:
            expected[seat][0].append(deck.pop())
            expected[seat][1].append(deck.pop())
        expected[first][0].append(deck.pop())
        assert state["tabs"] == expected and state["deck"] == deck and state["token"] == "open"
        assert [len(t) for t in state["tabs"][first]] == [2, 1, 0, 0]


def test_CR_8_set_up_meeples_in_reverse_order_and_two_each_with_two_players():
    state = GAME.start(4, {}, 2)
    first = state["first"]
    assert state["phase"] == "place"
    assert state["placing"] == [(first - k) % 4 for k in range(1, 5)]
    placed = []
    for space, cup in (("1,1", 1), ("1,2", 2), ("1,3", 3), ("1,4", 1)):
        seat = state["turn"]
        placed.append(seat)
        assert "place:1,1" not in GAME.legal_actions(state, seat) or space == "1,1"
        play(state, "place:" + space)
        assert state["phase"] == "pour" and GAME.legal_actions(state, seat) == ["pour:%s@%d" % (BOARD[space], n) for n in (1, 2, 3)]
        play(state, "pour:%s@%d" % (BOARD[space], cup))
        assert state["cups"][seat][cup - 1] == [BOARD[space]]
    assert placed == [(first - k) % 4 for k in range(1, 5)]
    assert state["phase"] == "move" and state["turn"] == first and state["turn_no"] == 1
    # two players: the non-start player first, alternating, two meeples each; never two on one space
    state = GAME.start(2, {}, 4)
    first = state["first"]
    order = []
    for space in ("2,2", "3,3", "2,3", "3,2"):
        order.append(state["turn"])
        if order[:-1]:
            with pytest.raises(IllegalAction, match="already stands"):
                GAME.apply(state, state["turn"], "place:2,2")
        play(state, "place:" + space, "pour:%s@1" % BOARD[space])
    assert order == [1 - first, first, 1 - first, first]
    assert sorted(len(m) for m in state["meeples"]) == [2, 2]
    assert sorted(state["cups"][1 - first][0]) == sorted([BOARD["2,2"], BOARD["2,3"]])  # both in the chosen cup


# --- A turn --------------------------------------------------------------------------------------
def test_CR_9_upgrades_cost_three_up_votes_any_number_before_moving():
    state = table(3, meeples=[["1,2"], ["4,4"], ["4,1"]])
    assert not any(a.startswith("upgrade") for a in GAME.legal_actions(state, 0))
    with pytest.raises(IllegalAction, match="costs 3 served orders"):
        GAME.apply(state, 0, "upgrade:1")
    state["upvotes"][0] = [take(state, r) for r in ("BB", "BM", "BS", "BI", "BBM", "BBS", "BBI")]
    assert [a for a in GAME.legal_actions(state, 0) if a.startswith("upgrade")] == ["upgrade:1", "upgrade:2", "upgrade:3", "upgrade:4"]
    events = play(state, "upgrade:3", "upgrade:4")
    assert state["upgrades"][0] == [3, 4] and len(state["upvotes"][0]) == 1 and len(state["spent"][0]) == 2 * UPGRADE_COST
    assert "activates the Diagonal upgrade" in texts(events)[0]
    with pytest.raises(IllegalAction, match="costs 3"):
        GAME.apply(state, 0, "upgrade:1")
    # it works at once: a diagonal step and a doubled specialty space this very turn
    state["upvotes"][0] += [take(state, "MMS"), take(state, "MMI")]
    assert "step:2,1" in GAME.legal_actions(state, 0)  # diagonal from (1,2)
    play(state, "step:2,1")
    with pytest.raises(IllegalAction, match="before you move"):
        GAME.apply(state, 0, "upgrade:1")
    assert not any(a.startswith("upgrade") for a in GAME.legal_actions(state, 0))


def test_CR_10_three_steps_rush_no_return_and_zero_steps():
    state = table(3, meeples=[["1,1"], ["4,4"], ["4,1"]])
    assert state["steps"] == STEPS == 3
    assert "stop" in GAME.legal_actions(state, 0)  # 0 steps is allowed
    play(state, "step:1,2")
    with pytest.raises(IllegalAction, match="never enters the same space twice"):
        GAME.apply(state, 0, "step:1,1")
    play(state, "step:2,2", "step:2,1")
    assert state["steps"] == 0 and not any(a.startswith("step") for a in GAME.legal_actions(state, 0))
    assert "rush" not in GAME.legal_actions(state, 0)  # no Rush token
    with pytest.raises(IllegalAction, match="no Rush token"):
        GAME.apply(state, 0, "rush")
    with pytest.raises(IllegalAction, match="No steps left"):
        GAME.apply(state, 0, "step:3,1")


def test_CR_10_rush_tokens_without_limit():
    state = table(3, meeples=[["1,1"], ["4,4"], ["4,3"]])
    state["rush"][0] = 9
    with pytest.raises(IllegalAction, match="when they run out"):
        play(state, "rush")
    play(state, "step:1,2", "step:1,3", "step:1,4", "rush", "step:2,4")
    for space in ("2,3", "2,2", "2,1", "3,1", "3,2", "3,3"):
        play(state, "rush", "step:" + space)
    assert state["rushed"] == 7 and state["rush"][0] == 2 and len(state["path"]) == 11
    assert state["meeples"][0] == ["3,3"]
    play(state, "stop")
    assert len(state["collected"]) == 10


def test_CR_10_passing_over_meeples_but_never_ending_on_one():
    state = table(3, meeples=[["1,1"], ["1,2"], ["2,2"]])
    play(state, "step:2,1")
    legal = GAME.legal_actions(state, 0)
    assert "step:2,2" in legal  # it can go on to (2,3) or (3,2)
    play(state, "step:2,2")
    assert "stop" not in GAME.legal_actions(state, 0)
    with pytest.raises(IllegalAction, match="not end your move on its space"):
        GAME.apply(state, 0, "stop")
    # with 1 step left and no Rush token, a meeple's space that would be the last step is not lit
    state = table(3, meeples=[["1,1"], ["1,2"], ["3,3"]])
    play(state, "step:2,1", "step:2,2")
    assert "step:1,2" not in GAME.legal_actions(state, 0)
    with pytest.raises(IllegalAction, match="could not step off it again"):
        GAME.apply(state, 0, "step:1,2")
    # ...but with a Rush token it is: pass over, then spend the token to step off
    state["rush"][0] = 1
    play(state, "step:1,2")
    assert GAME.legal_actions(state, 0) == ["rush"]
    play(state, "rush", "step:1,3", "stop")
    assert state["meeples"][0] == ["1,3"] and state["rush"][0] == 0


def test_CR_10_two_players_move_one_of_their_two_meeples():
    state = table(2, meeples=[["1,1", "4,4"], ["2,2", "3,3"]])
    legal = GAME.legal_actions(state, 0)
    assert "meeple:2" in legal and "step:1,2" in legal and "step:4,3" not in legal
    play(state, "meeple:2")
    legal = GAME.legal_actions(state, 0)
    assert "meeple:1" in legal and "step:4,3" in legal and "step:1,2" not in legal
    play(state, "step:4,3")
    assert "meeple:1" not in GAME.legal_actions(state, 0)
    assert state["meeples"][0] == ["1,1", "4,3"]


def test_CR_11_every_space_entered_gives_its_ingredient_the_start_nothing():
    state = table(3, meeples=[["3,1"], ["4,4"], ["1,4"]])
    play(state, "step:3,2", "step:3,3", "step:3,4", "stop")
    assert state["collected"] == ["M", "B", "I"] and state["gained"] == ["M", "B", "I"]


def test_CR_12_empty_first_then_pour_or_put_back_nothing_kept():
    state = table(3, meeples=[["3,1"], ["4,4"], ["1,4"]], tabs={0: ["BMS", "", "", ""]})
    state["cups"][0] = [["B"], ["I", "I"], []]
    play(state, "step:3,2", "step:3,3", "stop")  # M, B
    legal = GAME.legal_actions(state, 0)
    assert legal[:2] == ["empty:1", "empty:2"] and "back:M" in legal and "pour:B@3" in legal
    play(state, "empty:2", "pour:M@1")
    assert state["cups"][0] == [["B", "M"], [], []]
    with pytest.raises(IllegalAction, match="emptied first"):
        GAME.apply(state, 0, "empty:1")
    assert state["phase"] == "pour"  # the Beans still wait: nothing stays outside a cup
    play(state, "back:B")
    assert state["collected"] == [] and state["phase"] != "pour"
    assert state["cups"][0][0] == ["B", "M"]  # poured ingredients never change cup


def test_CR_13_serve_exact_matches_specialty_gives_rush_optional():
    state = table(3, meeples=[["1,1"], ["4,4"], ["4,1"]], tabs={0: ["BM", "MST", "BMS", "BBM"]})
    state["cups"][0] = [["B", "M"], ["S", "T", "M"], ["B", "M", "M"]]
    play(state, "stop")
    assert state["phase"] == "serve"
    assert GAME.legal_actions(state, 0) == ["serve:1@T1", "serve:2@T2", "done"]
    with pytest.raises(IllegalAction, match="does not match"):
        GAME.apply(state, 0, "serve:3@T4")
    events = play(state, "serve:2@T2")
    assert state["rush"][0] == 1 and recipes(state["upvotes"][0]) == ["MST"] and state["cups"][0][1] == []
    assert "★ order" in texts(events)[0] and "gains a Rush token" in texts(events)[0]
    play(state, "done")  # serving is optional: cup 1 keeps its Beans and Milk
    assert state["cups"][0][0] == ["B", "M"] and recipes(state["tabs"][0][1]) == ["BM"]
    assert state["turn"] == 1


def test_CR_14_next_two_players_draw_n_next_player_first():
    state = table(4, first=1, tabs={1: ["BM", "BS", "", ""]})
    state["cups"][1] = [["B", "M"], ["B", "S"], []]
    top = list(reversed(state["deck"][-4:]))
    play(state, "stop", "serve:1@T1", "serve:2@T2")
    assert state["tabs"][2][0] == top[:2] and state["tabs"][3][0] == top[2:]
    assert state["tabs"][0] == [[], [], [], []]  # only the next two players


def test_CR_14_two_players_only_the_opponent_draws():
    state = table(2, first=0, tabs={0: ["BM", "", "", ""]})
    state["cups"][0][0] = ["B", "M"]
    top = state["deck"][-1]
    play(state, "stop", "serve:1@T1")
    assert state["tabs"][1][0][:1] == [top]


def test_CR_14_deck_running_out_mid_draw_closes_and_draws_are_lost():
    state = table(4, first=0, tabs={0: ["BM", "BS", "BI", ""]})
    state["cups"][0] = [["B", "M"], ["B", "S"], ["B", "I"]]
    keep = state["deck"][-4:]
    state["upvotes"][3] = state["deck"][:-4]  # out of the way (conserved)
    state["deck"] = keep
    events = play(state, "stop", "serve:1@T1", "serve:2@T2", "serve:3@T3")
    assert len(state["tabs"][1][0]) == 3 and len(state["tabs"][2][0]) == 1
    assert state["deck"] == [] and state["token"] == "closed"
    assert any("cannot draw 2 more orders" in t for t in texts(events))
    assert sum("flips to Closed" in t for t in texts(events)) == 1


def test_CR_15_two_players_draw_one_after_the_flow_of_time():
    state = table(2, first=0, tabs={0: ["BB", "", "", ""]})
    top = state["deck"][-1]
    play(state, "stop")
    assert state["tabs"][0][0] == [top] and recipes(state["tabs"][0][1]) == ["BB"]  # drawn after the slide
    assert state["tabs"][1] == [[], [], [], []]


def test_CR_16_flow_of_time_penalties_and_rush():
    state = table(3, tabs={0: ["BB", "BM", "BS", ["BI", "MMS"]]})
    events = play(state, "stop")
    assert [recipes(t) for t in state["tabs"][0]] == [[], ["BB"], ["BM"], ["BS"]]
    assert recipes(state["penalties"][0]) == ["BI", "MMS"] and state["rush"][0] == 2
    assert "become penalties" in " ".join(texts(events))


def test_CR_16_a_fifth_penalty_closes_the_game():
    state = table(3, tabs={0: ["", "", "", "BB"], 1: ["BM", "", "", ""]})
    state["penalties"][0] = [take(state, r) for r in ("BS", "BI", "MMS", "MMI")]
    events = play(state, "stop")
    assert len(state["penalties"][0]) == CLOSING_PENALTIES and state["token"] == "closed"
    assert any("flips to Closed" in t and "5 penalties" in t for t in texts(events))


def test_CR_17_closed_the_round_is_played_out_and_turns_are_equal():
    state = table(4, first=2, tabs={s: [r, "", "", ""] for s, r in enumerate(("BB", "BM", "BS", "BI"))})
    state["token"] = "closed"
    play(state, "stop")  # seat 2
    assert state["turn"] == 3 and not state["over"]
    play(state, "stop")  # seat 3
    assert state["turn"] == 0
    play(state, "stop")  # seat 0
    assert state["turn"] == 1
    events = play(state, "stop")  # seat 1, the last of the round
    assert state["over"] and GAME.to_act(state) == []
    assert "Game over" in texts(events)[-1]


def test_CR_17_equal_turns_at_the_end_of_played_games():
    for players in (2, 3, 4):
        for seed in range(15):
            match = Match(GAME, make_seats(["normal"] * players), seed=seed)
            rng = random.Random(seed)
            while not match.is_over():
                seat = match.to_act()[0]
                match.play(seat, rng.choice(match.legal(seat)))
            stops = Counter(seat for seat, action in match.history if action == "stop")
            assert len(set(stops[s] for s in range(players))) == 1, stops
            assert match.state["token"] == "closed"


def test_CR_17_no_order_left_anywhere_closes_the_game():
    state = table(3, tabs={0: ["", "", "", "BB"]})
    events = play(state, "stop")
    assert state["token"] == "closed" and any("no order waits" in t for t in texts(events))


# --- Scoring -------------------------------------------------------------------------------------
def test_CR_18_scoring():
    state = table(3)
    state["upvotes"][0] = [take(state, r) for r in ("BB", "BM", "BS")]
    state["upgrades"][1] = [1, 3]
    state["spent"][1] = [take(state, r) for r in ("BI", "BBM", "BBS", "BBI", "BMM", "BMS")]
    state["penalties"][2] = [take(state, r) for r in ("BMI", "BSS")]
    assert GAME.scores(state) == [3, 4, -2]
    sheet = GAME.result(state)["sheet"]
    assert [r["label"] for r in sheet] == ["Served orders (up-vote pile)", "Upgrades ×2", "Penalties", "Total"]
    assert sheet[-1]["values"] == [3, 4, -2]


def test_CR_19_ties_most_up_votes_then_rush_then_shared():
    state = table(2)
    state["upvotes"][0] = [take(state, r) for r in ("BB", "BM")]
    state["upgrades"][1] = [2]
    state["spent"][1] = [take(state, r) for r in ("BS", "BI", "BBM")]
    result = GAME.result(state)
    assert result["scores"] == [2, 2] and result["winners"] == [0]  # spent cards do not count
    assert "Tie-break: up-vote pile" in [r["label"] for r in result["sheet"]]
    state["upvotes"][1] = [take(state, "BBS"), take(state, "BBI")]
    state["penalties"][1] = [take(state, "BMM"), take(state, "BMS")]
    state["rush"] = [1, 3]
    result = GAME.result(state)
    assert result["winners"] == [1] and [r["label"] for r in result["sheet"]][-2] == "Tie-break: Rush tokens"
    state["rush"] = [3, 3]
    result = GAME.result(state)
    assert result["winners"] == [0, 1] and "share the win" in result["notes"][0]


# --- What a player sees --------------------------------------------------------------------------
def test_CR_20_everything_public_but_the_deck_order():
    state = GAME.start(3, {}, 8)
    state["upvotes"][0] = [state["deck"].pop()]
    view = GAME.view(state, 1)
    assert view["deck"] == len(state["deck"]) and view["upvotes"] == [1, 0, 0]
    assert view["tabs"] == state["tabs"] and view["cups"] == state["cups"]
    assert GAME.view(GAME.scramble(state, 1, random.Random(1)), 1) == view
    assert GAME.view(state, None) == dict(view, me=None)
    assert GAME.info.private_information is False
    sampled = GAME.sample_state(view, 1, random.Random(2))
    assert GAME.view(sampled, 1) == view and not GAME.audit(sampled)
    assert json.loads(json.dumps(view)) == view


# --- Worked examples -----------------------------------------------------------------------------
def cr21_table(deck_left=None):
    state = table(3, first=0, meeples=[["1,2"], ["2,3"], ["4,4"]], tabs={0: ["BMS", "TMS", "BB", "MII"]})
    state["rush"][0] = 1
    state["cups"][0] = [["B", "M"], [], ["T", "M"]]
    if deck_left is not None:
        state["upvotes"][2] = state["deck"][:-deck_left]  # out of the way; conserved
        state["deck"] = state["deck"][-deck_left:]
    return state


CR21_TURN = ("step:1,3", "step:2,3", "step:2,2", "rush", "step:3,2", "stop",
             "pour:S@1", "pour:S@3", "pour:M@2", "back:I", "serve:1@T1", "serve:3@T2")


def test_CR_21_worked_turn():
    state = cr21_table()
    top = list(reversed(state["deck"][-4:]))
    play(state, *CR21_TURN[:6])
    assert state["collected"] == ["S", "I", "S", "M"]
    events = play(state, *CR21_TURN[6:])
    assert state["rush"][0] == 2 and len(state["upvotes"][0]) == 2 and len(state["penalties"][0]) == 1
    assert state["cups"][0] == [[], ["M"], []]
    assert state["tabs"][1][0] == top[:2] and state["tabs"][2][0] == top[2:]
    assert [recipes(t) for t in state["tabs"][0]] == [[], [], [], ["BB"]]
    assert state["turn"] == 1 and state["token"] == "open"
    text = " ".join(texts(events))
    assert "{1} draws 2 new orders onto Tab 1" in text and "{2} draws 2 new orders" in text
    assert "becomes a penalty" in text


def test_CR_21_with_three_cards_left_c_gets_one_and_b_and_c_play_then_the_end():
    state = cr21_table(deck_left=3)
    play(state, *CR21_TURN)
    assert len(state["tabs"][1][0]) == 2 and len(state["tabs"][2][0]) == 1 and state["token"] == "closed"
    play(state, "stop")  # B
    assert not state["over"] and state["turn"] == 2
    play(state, "stop")  # C, the last of the round
    assert state["over"]


def test_CR_22_worked_end_and_tie_breaks():
    def setup(c_up, c_upgrades):
        state = table(3, first=0, meeples=[["1,1"], ["2,2"], ["4,4"]], tabs={1: ["", "", "", "BB"]})
        state["tabs"][2][0].append(take(state, "BM"))  # C still has an order: the game goes on
        piles = iter(list(state["deck"]))

        def cards(k):
            out = [next(piles) for _ in range(k)]
            for c in out:
                state["deck"].remove(c)
            return out
        for seat, (up, ups, pen, rush) in enumerate([(5, 1, 2, 3), (3, 2, 4, 5), (c_up, c_upgrades, 2, 1)]):
            state["upvotes"][seat], state["upgrades"][seat] = cards(up), list(range(1, ups + 1))
            state["spent"][seat], state["penalties"][seat], state["rush"][seat] = cards(3 * ups), cards(pen), rush
        play(state, "stop")  # A's turn
        return state

    state = setup(7, 0)
    events = play(state, "stop")  # B's 5th penalty: Closed
    assert state["token"] == "closed" and any("5 penalties" in t for t in texts(events))
    assert state["turn"] == 2 and not state["over"]
    play(state, "stop")  # C plays; game over
    result = GAME.result(state)
    assert state["over"] and result["scores"] == [5, 2, 5] and result["winners"] == [2]
    assert [r["label"] for r in result["sheet"]][-2] == "Tie-break: up-vote pile"
    state = setup(5, 1)
    play(state, "stop", "stop")
    result = GAME.result(state)
    assert result["scores"] == [5, 2, 5] and result["winners"] == [0]
    assert [r["label"] for r in result["sheet"]][-3:] == ["Tie-break: up-vote pile", "Tie-break: Rush tokens", "Total"]


def test_CR_23_two_players_serve_then_draw():
    state = table(2, first=0, meeples=[["1,1", "4,4"], ["2,2", "3,3"]], tabs={0: ["BM", "", "", ""], 1: ["", "BB", "", ""]})
    state["cups"][0][0] = ["B"]
    q_card, p_card = state["deck"][-1], state["deck"][-2]
    play(state, "step:2,1", "stop", "pour:M@1", "serve:1@T1")
    assert state["tabs"][1][0] == [q_card] and state["tabs"][0][0] == [p_card]
    assert state["turn"] == 1


# --- Plain words for bad input -------------------------------------------------------------------
def test_illegal_actions_are_explained_and_change_nothing():
    state = table(3, meeples=[["1,1"], ["4,4"], ["4,1"]])
    before = json.dumps(state)
    for action, words in (("fly", "not a move of Coffee Rush"), ("step:3,3", "adjacent space"),
                          ("pour:B@1", "First move"), ("serve:1@T1", "First move and pour"), ("empty:1", "First move")):
        with pytest.raises(IllegalAction, match=words):
            GAME.apply(state, 0, action)
    with pytest.raises(IllegalAction, match="not your turn"):
        GAME.apply(state, 1, "stop")
    assert json.dumps(state) == before


def test_how_to_play_is_short_plain_text():
    assert 8 <= len(HOW_TO_PLAY) <= 12
    assert all(isinstance(line, str) and "CR-" not in line and len(line) < 120 for line in HOW_TO_PLAY)
