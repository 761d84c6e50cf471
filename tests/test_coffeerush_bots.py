"""Coffee Rush's bots: they decide from the view alone (the deck order never matters to them), a
seed reproduces a decision, Normal walks to serve the most urgent order it can and pours with a
plan, and Hard looks further than Normal."""

import random

from games.coffeerush import GAME, bots
from tabletop import bots as botlib
from tabletop import clone
from test_coffeerush_rules import play, table


def decide(level, state, seed=1):
    seat = state["turn"]
    return bots.POLICIES[level](GAME, GAME.view(state, seat), seat, GAME.legal_actions(state, seat), random.Random(seed))


def test_decisions_come_from_the_view_never_the_deck_order():
    state = table(3, meeples=[["2,2"], ["4,4"], ["1,4"]], tabs={0: ["BM", "MST", "BBI", ""], 1: ["BS", "", "", ""]})
    for level in ("normal", "hard"):
        first = decide(level, state)
        for k in range(4):
            scrambled = GAME.scramble(state, 0, random.Random(k))
            assert decide(level, scrambled) == first
        assert decide(level, state, seed=9) == decide(level, state, seed=9)  # a seed reproduces it


def test_normal_walks_to_serve_the_most_urgent_order():
    # from (1,1): Beans is there; Tab 4 wants Milk+Steam+Ice (2,1)->(2,2)->(2,3), Tab 1 wants Beans+Ice+Ice (out of reach)
    state = table(3, meeples=[["1,1"], ["4,4"], ["4,1"]], tabs={0: ["BII", "", "", "MSI"]})
    actions = []
    while state["turn"] == 0 and state["phase"] in ("move", "pour", "serve"):
        action = decide("normal", state)
        actions.append(action)
        play(state, action)
    assert actions[:4] == ["step:2,1", "step:2,2", "step:2,3", "stop"]
    assert "serve:1@T4" in actions or "serve:2@T4" in actions or "serve:3@T4" in actions
    assert len(state["penalties"][0]) == 0 and len(state["upvotes"][0]) == 1


def test_normal_pours_with_a_plan_and_puts_back_what_serves_nothing():
    state = table(3, meeples=[["3,3"], ["4,4"], ["4,1"]], tabs={0: ["BBM", "", "", ""]})
    state["cups"][0] = [["B", "I", "I"], [], []]
    play(state, "step:3,4", "step:2,4", "stop")  # Ice, Chocolate: no order wants them
    acts = []
    while state["phase"] == "pour":
        action = decide("normal", state)
        acts.append(action)
        play(state, action)
    assert acts[0] == "empty:1"  # a cup that fits no order is emptied
    assert sorted(acts[1:]) == ["back:C", "back:I"]


def turn_starts(seed, players, count):
    """Seat 0's first `count` turn-start positions (a search for Hard) in a game of Normal bots."""
    state, found = GAME.start(players, None, seed), []
    while not GAME.is_over(state) and len(found) < count:
        seat = GAME.to_act(state)[0]
        view, legal = GAME.view(state, seat), GAME.legal_actions(state, seat)
        if seat == 0 and view["phase"] == "move" and view["turn_no"] > 0 and not view["path"] and len(legal) > 1:
            found.append(clone(state))
        GAME.apply(state, seat, bots.normal(GAME, view, seat, legal, None))
    return found


def hard_choice(state, seed=7):
    return bots.hard(GAME, GAME.view(state, 0), 0, GAME.legal_actions(state, 0), random.Random(seed))


def test_hard_searches_as_before_its_caches():
    """Issue 27 made Hard's search about 3 times cheaper (plan_pour's and the walks' answers kept,
    action lists written only for the plans used) without changing a single choice: these are
    the choices of the search before it, with cold caches and warm ones."""
    before = ["meeple:2", "step:3,1", "step:3,2", "meeple:2", "step:3,2",
              "step:1,4", "step:3,3", "step:1,4", "step:3,2", "step:3,2"]
    positions = turn_starts(3, 2, 5) + turn_starts(1, 4, 5)
    bots._POURS.clear(), bots._WALKS.clear(), bots._CONTEXTS.clear()
    assert [hard_choice(s) for s in positions] == before
    assert [hard_choice(s) for s in reversed(positions)] == before[::-1]
    # the caches stay bounded (a phone's memory): they are emptied when full
    assert len(bots._POURS) <= bots.POUR_CACHE_SIZE and len(bots._WALKS) <= bots.WALK_CACHE_SIZE


def test_hard_wall_clock_guard_in_the_app_only(monkeypatch):
    """The app's guard stops Hard after the worlds that fit its time budget (at least one); off,
    as in simulations and tests, it plays every world of its budget whatever the clock says."""
    state = turn_starts(1, 4, 1)[0]
    sampled = []
    real = GAME.sample_state

    def counting(view, seat, rng):
        sampled.append(1)
        return real(view, seat, rng)

    monkeypatch.setattr(GAME, "sample_state", counting)
    monkeypatch.setattr(bots, "HARD_TIME_BUDGET", 0.0)
    hard_choice(state)
    assert len(sampled) == bots.HARD_WORLDS  # the guard is off: worlds are counted
    sampled.clear()
    botlib.use_wall_clock_guard(True)
    try:
        action = hard_choice(state)
    finally:
        botlib.use_wall_clock_guard(False)
    assert len(sampled) == 1 and action in GAME.legal_actions(state, 0)


# --- a hint's words (issue 37): what Hard's move does, in the game's own terms --------------------
from games.coffeerush.data import DIAGONAL  # noqa: E402 (this part's own imports)
from tabletop.hints import hint, hint_rng  # noqa: E402
from test_coffeerush_rules import give_upgrades, take  # noqa: E402


def hint_of(state, seat=None):
    seat = state["turn"] if seat is None else seat
    view = GAME.view(state, seat)
    return hint(GAME, view, seat, GAME.legal_actions(state, seat), hint_rng(view, 0, seat))


def why_of(state):
    """(the hinted action, its sentence)."""
    found = hint_of(state)
    return found["action"], str(found["why"])


def test_hint_words_CR_8_the_meeple_goes_where_the_orders_ingredients_are_and_any_cup_will_do():
    state = GAME.start(3, {}, 5)
    seat = state["turn"]  # the first to place (CR-8: reverse turn order)
    for tab in state["tabs"][seat]:
        state["deck"] += tab
        tab.clear()
    state["tabs"][seat][0].append(take(state, "BMM"))
    state["tabs"][seat][1].append(take(state, "BM"))
    # 3 Milk and 2 Beans wanted: the Milk of row 3, column 2 has Beans on two sides (Steam and Caramel are not wanted)
    action, why = why_of(state)
    assert action == "place:3,2"
    assert why == ("Hard would play this: placing your meeple on Milk (row 3, column 2): your orders want 3 Milk, "
                   "with Beans next to it (CR-8).")
    play(state, action)
    action, why = why_of(state)
    assert action == "pour:M@1"
    assert why.startswith("Hard would play this: Milk goes into cup 1: at set-up any cup will do, as you may empty it "
                          "before your first pour (CR-8, CR-12)")


def test_hint_words_CR_10_CR_13_CR_16_a_walk_that_serves_the_tab_4_order_before_it_becomes_a_penalty():
    state = table(3, meeples=[["1,1"], ["4,4"], ["4,1"]], tabs={0: ["", "", "", "MSI"]})
    action, why = why_of(state)
    assert action == "step:2,1"
    assert why.startswith("Hard would play this: stepping to Milk (row 2, column 1): this turn you collect Milk, Steam and "
                          "Ice and serve the order Milk, Steam, Ice on Tab 4 before it becomes a penalty (CR-13, CR-16).")


def test_hint_words_CR_13_a_star_order_served_gains_a_rush_token():
    state = table(3, meeples=[["1,1"], ["4,4"], ["4,1"]], tabs={0: ["", "MT", "", ""]})
    state["cups"][0][0] = ["M"]
    action, why = why_of(state)
    assert action == "step:1,2"
    assert why.startswith("Hard would play this: stepping to Tea (row 1, column 2): this turn you collect Tea, serve the ★ "
                          "order Tea, Milk on Tab 2 and gain 1 Rush token for the ★ (CR-13)")


def test_hint_words_CR_10_a_rush_token_spent_for_a_fourth_step():
    # Beans, Milk, Steam and Ice from (4,1): four steps, one bought with a Rush token
    state = table(3, meeples=[["4,1"], ["4,4"], ["1,4"]], tabs={0: ["", "", "", "BMSI"]})
    state["rush"][0] = 2
    action, why = why_of(state)
    assert action == "step:4,2"
    assert ("this turn you collect Beans, Milk, Steam and Ice, spend 1 Rush token (CR-10) and serve the order Beans, Milk, "
            "Steam, Ice on Tab 4 before it becomes a penalty (CR-13, CR-16)") in why


def test_hint_words_CR_12_cups_that_fit_no_order_are_emptied_and_one_is_built_toward_an_order():
    state = table(3, meeples=[["1,1"], ["4,4"], ["4,1"]], tabs={0: ["BMS", "", "", ""]})
    state["cups"][0] = [["C", "C"], ["T"], ["W"]]
    action, why = why_of(state)
    assert action == "step:2,1"
    assert why.startswith("Hard would play this: stepping to Milk (row 2, column 1): this turn you collect 2 Milk and Steam, "
                          "empty cups 1, 2 and 3, which fit none of your orders (CR-12) and build cup 1 toward the order "
                          "Beans, Milk, Steam on Tab 1.")


def test_hint_words_CR_10_with_two_players_the_meeple_that_serves_is_named():
    state = table(2, tabs={0: ["", "", "", "BI"]})  # meeples on (4,1) and (4,4)
    action, why = why_of(state)
    assert action == "meeple:2"
    assert why.startswith("Hard would play this: moving your meeple on Steam (row 4, column 4): this turn you collect Beans "
                          "and Ice and serve the order Beans, Ice on Tab 4 before it becomes a penalty (CR-13, CR-16).")


def test_hint_words_CR_9_CR_18_an_upgrade_that_pays_back_more_than_it_costs():
    """Specialty (CR-6) doubles Tea and Chocolate: the two ★ orders on Tab 4 are served at once; without it
    they become a 5th and 6th penalty, and the game closes with you behind (CR-16)."""
    state = table(3, meeples=[["1,3"], ["4,4"], ["4,1"]], tabs={0: ["", "", "", ["MSTT", "MICC"]], 1: ["BM", "BS"], 2: ["BI", "BB"]})
    give_upgrades(state, 0, DIAGONAL)
    state["upvotes"][0] = [state["deck"].pop(0) for _ in range(3)]
    state["penalties"][0] = [state["deck"].pop(0) for _ in range(4)]
    state["cups"][0] = [["M", "S"], ["M", "I"], []]
    action, why = why_of(state)
    assert action == "upgrade:4"
    assert why.startswith("Hard would play this: activating the Specialty upgrade (each specialty space you enter gives 2 of "
                          "that ingredient) for 3 up-votes: by Hard's look at the round ahead it pays back more than the 1 "
                          "point it costs (CR-9, CR-18).")


def test_hint_words_a_walk_chosen_for_the_next_turn():
    # nothing can be served or built toward (only Beans, 2 Water on Tab 4): the search picks where the walk ends
    state = table(3, meeples=[["1,1"], ["4,4"], ["4,1"]], tabs={0: ["", "", "", "BBWW"], 1: ["BM"], 2: ["BS"]})
    action, why = why_of(state)
    assert action.startswith("step:")
    assert "end best placed for your next turn, by Hard's look ahead" in why
    assert "serve" not in why and "build" not in why
    # a seeded game: Hard serves less now than another walk would, for its next turn
    action, why = why_of(turn_starts(1, 4, 7)[6])
    assert action == "step:1,3"
    assert ("serve the ★ order Tea, Milk, Steam on Tab 3, gain 1 Rush token for the ★ (CR-13) and set up your next turn "
            "better than the walks that do more now") in why


def test_hint_words_CR_12_CR_13_each_pour_and_the_serve():
    """Collected Steam, Ice, Tea and Water; cup 1 holds 2 Chocolate (no order), cup 2 a Beans (Tab 4: Beans,
    Steam, Ice), Tab 1 a ★ Tea, Milk: empty cup 1, complete cup 2, start the Tea order, put the Water back."""
    state = table(3, meeples=[["1,1"], ["4,4"], ["4,1"]], tabs={0: ["MT", "", "", "BSI"]})
    state["cups"][0] = [["C", "C"], ["B"], []]
    state.update(phase="pour", collected=["S", "I", "T", "W"], gained=["S", "I", "T", "W"], steps=0)
    said = []
    while state["turn"] == 0:
        action, why = why_of(state)
        said.append((action, why[len("Hard would play this: "):]))
        play(state, action)
    tab4 = "the order Beans, Steam, Ice on Tab 4 before it becomes a penalty"
    assert said == [
        ("empty:1", "cup 1 (Chocolate + Chocolate) fits none of your orders: emptying it makes room (CR-12)."),
        ("pour:S@2", "with Steam and the rest you collected, cup 2 will match {}: serve it this turn (CR-13, CR-16).".format(tab4)),
        ("pour:I@2", "with Ice, cup 2 matches {}: serve it this turn (CR-13, CR-16).".format(tab4)),
        ("pour:T@1", "Tea in cup 1 builds toward the ★ order Tea, Milk on Tab 1, which still waits after the flow of time (CR-16)."),
        ("back:W", "none of your cups can use Water toward an order still waiting after the flow of time: it goes back "
                   "(CR-12, CR-16)."),
        ("serve:2@T4", "cup 2 serves {}: 1 point (CR-13, CR-16, CR-18).".format(tab4)),
    ]
    state = table(3, meeples=[["1,1"], ["4,4"], ["4,1"]], tabs={0: ["", "MT", "", ""]})
    state["cups"][0] = [["M", "T"], [], []]
    state["phase"] = "serve"
    assert why_of(state) == ("serve:1@T2", "Hard would play this: cup 1 serves the ★ order Tea, Milk on Tab 2: 1 point, and 1 "
                                           "Rush token for the ★ (CR-13, CR-18).")


def test_hint_words_leave_hards_choices_as_they_were():
    """The words are made only when a hint asks: the hinted move is the one Hard plays."""
    for state in turn_starts(3, 2, 3) + turn_starts(1, 4, 3):
        view = GAME.view(state, 0)
        legal = GAME.legal_actions(state, 0)
        assert hint_of(state, 0)["action"] == bots.hard(GAME, view, 0, legal, hint_rng(view, 0, 0))
