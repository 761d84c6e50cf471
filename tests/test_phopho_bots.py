"""Phở Phở's bots: sensible play on constructed tables, decisions from the view alone, speed and
strength (short fixed-seed series; the 200+ game win rates are in bench/RESULTS.md)."""

import random

from games.phopho import GAME
from games.phopho import bots as ppbots
from games.phopho.data import CARD_TYPE, CUSTOMERS, stars
from tabletop import bots as botlib
from tabletop import search
from tabletop.simulate import play_game, simulate
from test_phopho_rules import LINE, arrange, new


def normal_turn(state, seat=0, rng=None):
    """Let the Normal bot play `seat`'s decisions until the turn passes; return its actions."""
    rng = rng or random.Random(1)
    actions = []
    while not state["over"] and state["turn"] == seat:
        legal = GAME.legal_actions(state, seat)
        action = botlib.choose(GAME, "normal", GAME.view(state, seat), seat, legal, rng)
        actions.append(action)
        GAME.apply(state, seat, action)
    return actions


def test_normal_finishes_an_order_when_it_can():
    line = [("beef-herbs", ["noodle1", "beef2", "beef3", "beef4"], False), ("chicken-herbs", ["noodle1", "chicken2", "chicken3", "chicken4"], True),
            ("herbs-chili", [], False)]
    state = arrange(new(2), hands={0: ["chili5", "herbs2", "herbs3"]}, line=line)
    state["phase"], state["restock"] = "restocked", True
    actions = normal_turn(state)
    assert actions[:2] == ["pick:chili5", "serve@1"]  # finishes the Side customer with a Bill: 2 flips
    assert "chicken-herbs" in state["gone"]


def test_normal_feeds_loved_ingredients_rather_than_neutral_ones():
    line = [("beef-chicken", ["noodle1"], False), ("chili-herbs", ["noodle1"], False), ("herbs-chili", [], False)]
    state = arrange(new(2), hands={0: ["chicken2", "herbs2", "chili2", "beef4"]}, line=line)
    state["phase"], state["restock"] = "restocked", True
    actions = normal_turn(state)
    placed = {e["id"]: [CARD_TYPE[c] for c in e["cards"]] for e in state["line"]}
    assert placed["chili-herbs"][-1] == "chili2"  # the Chili lover gets the Chili
    assert not any(a.startswith("put:chicken2@0") for a in actions)  # never the hated Chicken on the Beef lover


def test_normal_avoids_hated_cards_unless_failing_the_order_helps():
    line = [("beef-chicken", ["noodle1", "beef2", "beef3"], False), ("herbs-chili", [], False), ("herbs-beef", ["noodle1"], False)]
    state = arrange(new(2), hands={0: ["chicken3", "chicken4"]}, line=line)
    state["phase"], state["restock"] = "restocked", True
    assert normal_turn(state) == ["skip"]  # only hated plays: it keeps the bowl
    state = arrange(new(2), hands={0: ["chicken3", "chicken4"]}, line=line)
    state["phase"], state["restock"] = "restocked", True
    state["mad"][0], state["happy"][0] = 1, 4  # giving its last Mad token away completes a Perfect Reputation
    state["mad"][1] += 1
    actions = normal_turn(state)
    assert actions[:2] == ["pick:chicken3", "serve@0"] and len(state["loyal"][0]) == 1


def test_hards_first_choice_keeps_a_bowl_that_normal_spoils_to_give_a_token_away():
    """PP-13: a hated card fails the order and gives a Mad token away; giving the last Mad token
    completes a Perfect Reputation (PP-18). Normal takes that Loyal Customer at the cost of a
    three-card bowl; Hard's own weighing counts the token given against the play and keeps the
    bowl (its search may still take the Loyal Customer when the worlds say it is clearly better)."""
    line = [("beef-chicken", ["noodle1", "beef2", "beef3"], False), ("herbs-chili", [], False), ("herbs-beef", ["noodle1"], False)]
    state = arrange(new(2), hands={0: ["chicken3", "chicken4"]}, line=line)
    state["phase"], state["restock"] = "restocked", True
    state["mad"][0], state["happy"][0] = 1, 4
    state["mad"][1] += 1
    view = GAME.view(state, 0)
    legal = GAME.legal_actions(state, 0)
    spoiling = ppbots.normal_plan(view, 0, legal)
    assert spoiling is not None and [CARD_TYPE[c] for c, _ in spoiling[1]] == ["chicken3"]
    assert ppbots.normal_plan(view, 0, legal, ppbots.HARD_WEIGHTS) is None  # skip: the bowl stays


def test_normal_restocks_rather_than_serving_unless_it_empties_its_hand():
    state = arrange(new(2), hands={0: ["noodle1", "beef2", "chili4"]}, line=LINE)
    assert normal_turn(state)[0] == "restock"
    state = arrange(new(2), hands={0: ["noodle1", "beef2"]}, line=LINE)
    assert normal_turn(state)[:3] == ["pick:noodle1", "pick:beef2", "serve@0"]  # empty hand: +1 flip and 6 cards


def test_bots_decide_from_the_view_alone():
    state = GAME.start(3, {}, 5)
    seat = state["turn"]
    views = [GAME.view(s, seat) for s in (state, GAME.scramble(state, seat, random.Random(1)), GAME.scramble(state, seat, random.Random(2)))]
    assert views[0] == views[1] == views[2]
    for level in ("normal", "hard"):
        picks = {botlib.choose(GAME, level, v, seat, GAME.legal_actions(state, seat), random.Random(9)) for v in views}
        assert len(picks) == 1


def test_hard_searches_within_its_time_budget():
    times = []

    def record(seat, level, seconds):
        if level == "hard":
            times.append(seconds)

    play_game(GAME, ["hard", "normal", "normal"], seed=3, on_decision=record)
    # The guard: the first sampled world is always finished, its rollouts cut at 1.6x the budget.
    assert max(times) < ppbots.HARD_TIME_BUDGET * ppbots.HARD_FIRST_WORLD_CAP + 0.35
    assert sorted(times)[len(times) // 2] < 0.3


def test_normal_beats_easy_and_hard_beats_easy():
    normal_vs_easy = simulate(GAME, ["normal", "easy"], 30, seed=11).by_level()
    assert normal_vs_easy["normal"][0] >= 0.65
    hard_vs_easy = simulate(GAME, ["hard", "easy"], 8, seed=11).by_level()
    assert hard_vs_easy["hard"][0] >= 0.6


def test_simulations_report_the_mean_length_in_turns():
    tally = simulate(GAME, ["easy", "easy"], 3, seed=2)
    assert tally.turns > 0 and "turns)" in tally.report("x")



def test_plays_start_a_run_on_every_value_a_customer_accepts():
    """PP-10, PP-11: the bots' list of Serves starts a run on a customer with every value that
    customer accepts (a Noodle on an empty bowl, else the top value or one higher) for which the
    hand holds a card, and with no other value."""
    from games.phopho.data import CARD_VALUE
    from games.phopho.rules import accepts

    checked = 0
    for seed in range(30):
        state = play_game(GAME, ["easy", "easy"], seed)  # a finished table: bowls at every height
        rng = random.Random(seed)
        line = state["line"]
        if not line:
            continue
        hand = rng.sample(sorted(set(state["discard"]) | {c for h in state["hands"] for c in h}), 8)
        runs = {(p[0][1], CARD_VALUE[p[0][0]]) for mode, p in ppbots.plays(hand, line)
                if mode == "serve" and CARD_VALUE[p[0][0]]}
        for i, entry in enumerate(line):
            for value in range(1, 6):
                held = any(CARD_VALUE[c] == value for c in hand)
                assert ((i, value) in runs) == (held and accepts(entry, value)), (seed, i, value)
                checked += held and accepts(entry, value)
    assert checked >= 20


def king_near_position(customers_left):
    """Two players, Hard (seat 0) to serve after a Restock with a hand that allows many plays;
    `customers_left` customer cards in the deck, The King among them (PP-5)."""
    line = [("beef-herbs", ["noodle1", "beef2"], False), ("chili-beef", ["noodle1"], False), ("herbs-chili", [], False)]
    state = new(2)
    others = [c for c in CUSTOMERS if c not in {cust for cust, _, _ in line}]
    state["gone"] = others[:len(others) - (customers_left - 1)]  # the King is the last one
    state = arrange(state, hands={0: ["noodle1", "beef2", "chicken2", "beef3", "herbs3", "chili3"]}, line=line)
    state["phase"], state["restock"] = "restocked", True
    assert len(state["customers"]) == customers_left
    return state


def test_hard_weighs_more_plans_in_more_worlds_once_the_king_is_near():
    """Who scores The King (PP-21) decides most games, and once he may come with the next
    customer (four cards or fewer left, PP-5) the turns left are few: Hard then compares
    ENDGAME_CANDIDATES plans over ENDGAME_WORLDS sampled worlds, more than earlier."""
    assert ppbots.ENDGAME_CANDIDATES > ppbots.HARD_CANDIDATES and ppbots.ENDGAME_WORLDS > ppbots.HARD_WORLDS
    for left, plans, worlds in ((8, ppbots.HARD_CANDIDATES, ppbots.HARD_WORLDS), (4, ppbots.ENDGAME_CANDIDATES, ppbots.ENDGAME_WORLDS)):
        state = king_near_position(left)
        view = GAME.view(state, 0)
        assert len(ppbots.ranked_plays(view, 0, ppbots.HARD_WEIGHTS)) > ppbots.ENDGAME_CANDIDATES
        ppbots._memo.clear()
        with search.noting() as found:
            action = botlib.choose(GAME, "hard", view, 0, GAME.legal_actions(state, 0), random.Random(3))
        assert action in GAME.legal_actions(state, 0)
        assert (len(found["values"]), found["worlds"]) == (plans, worlds), left


def standoff():
    """Turn 60 of a game between two Hards (seed 255 of bench/hard_bench.py's old row) that stood
    still for 72,000 turns, its last card placed in this turn: whoever serves next brings The
    King (two customer cards left, PP-5) or loses the race for him, so each seat Restocks and
    waits for the other."""
    line = [("chili-beef", ["noodle1", "herbs2", "chili3", "chili3", "chili4", "chili5", "herbs5", "chicken5"], False),
            ("herbs-chili", ["noodle1", "beef2", "herbs3", "beef4", "beef4", "herbs4"], True),
            ("herbs-beef", ["noodle1", "herbs2", "chicken3", "chicken3", "chili4"], True)]
    loyal = [["chicken-chili", "herbs-bill", "beef-herbs"], ["chicken-herbs", "chili-chicken"]]
    state = new(2)
    kept = {c for c, _, _ in line} | {c for seat in loyal for c in seat} | {"beef-chili"}
    state["gone"] = [c for c in CUSTOMERS if c not in kept]
    state = arrange(state, hands={0: ["noodle1", "herbs4", "beef5", "herbs5", "herbs5", "bill"],
                                  1: ["herbs4", "beef5", "chicken5", "chicken5", "chili5", "bill"]},
                    line=line, customers_top=("beef-chili",), king_at=0, loyal=loyal)
    state["mad"], state["happy"] = [1, 2], [4, 5]
    state["turn"], state["turn_no"] = 1, 60
    state["last_placed_turn"] = 60
    return state


def test_hard_serves_once_nobody_has_placed_a_card_for_some_rounds():
    """The rules set no limit on turns, and a Hard that expects its rival to serve first waits for
    ever against one that never does (a person, or another searcher). After STILL_ROUNDS rounds
    with no card placed (the view's last_placed_turn), Hard serves as Normal does."""
    state = standoff()
    rng = random.Random(1)
    placed_in = None
    while not state["over"] and state["turn_no"] < 80:
        seat, legal = state["turn"], GAME.legal_actions(state, state["turn"])
        if seat == 0:  # the rival never serves
            action = "restock" if "restock" in legal else "skip" if "skip" in legal else ppbots.normal(GAME, GAME.view(state, 0), 0, legal, rng)
        else:
            action = botlib.choose(GAME, "hard", GAME.view(state, 1), 1, legal, rng)
        GAME.apply(state, seat, action)
        if placed_in is None and state["last_placed_turn"] > 60:
            placed_in = state["turn_no"]
    still = ppbots.STILL_ROUNDS * 2
    assert placed_in == 60 + still + 1  # Hard's first turn after the rounds of standing still
    assert state["over"]


# --- a hint's words (issue 37): what Hard's move does, in the game's own terms --------------------
def hint_of(state, seat=0):
    from tabletop.hints import hint, hint_rng
    view = GAME.view(state, seat)
    return hint(GAME, view, seat, GAME.legal_actions(state, seat), hint_rng(view, seat, 0))


def finishing_position():
    """The Active Customer (loves Beef) has a Bill and a 4; Side Customer 1 (loves Chicken) a Bill and a 4 too."""
    line = [("beef-chicken", ["noodle1", "beef2", "beef3", "beef4"], True), ("chicken-beef", ["noodle1", "chicken2", "chili3", "chicken4"], True),
            ("herbs-chili", [], False)]
    state = arrange(new(2), hands={0: ["beef5", "chicken5", "herbs2"]}, line=line)
    state["phase"], state["restock"] = "restocked", True
    return state


def test_hint_words_PP_12_PP_14_PP_15_a_finish_of_the_active_customer_is_for_everyone_of_a_side_customer_for_you():
    state = finishing_position()
    view = GAME.view(state, 0)
    beef5, chicken5 = (next(c for c in state["hands"][0] if CARD_TYPE[c] == t) for t in ("beef5", "chicken5"))
    active = ppbots.why(GAME, view, 0, "pick:beef5", ("serve", [[beef5, 0]]))
    worth = stars("beef-chicken")
    # Loved (1 flip, PP-12) then the order finished (PP-14), the Active Customer's stars for everyone (PP-15).
    assert active == ("serving Beef 5 to the Active Customer: it finishes the order of the Active Customer ({}★ for everyone, "
                      "PP-15) and flips {} Mad tokens of yours to Happy".format(worth, 1 + worth))
    side = ppbots.why(GAME, view, 0, "pick:chicken5", ("serve", [[chicken5, 1]]))
    assert side.startswith("serving Chicken 5 to Side Customer 1: it finishes the order of Side Customer 1 ({}★ for you, PP-15)".format(
        stars("chicken-beef")))


def test_hint_words_PP_13_a_hated_card_fails_the_order_and_gives_a_mad_token_away():
    state = finishing_position()
    herbs2 = next(c for c in state["hands"][0] if CARD_TYPE[c] == "herbs2")
    state["line"][2]["cards"] = []
    words = ppbots.why(GAME, GAME.view(state, 0), 0, "pick:herbs2", ("serve", [[herbs2, 0]]))
    # Herbs on the Beef lover who hates Chicken is neutral: no failure. On Side Customer 2, who hates Chili, neither;
    # the Chicken lover of Side Customer 1 hates Beef: a Beef 5 there fails it.
    assert "fails" not in words
    beef5 = next(c for c in state["hands"][0] if CARD_TYPE[c] == "beef5")
    words = ppbots.why(GAME, GAME.view(state, 0), 0, "pick:beef5", ("serve", [[beef5, 1]]))
    assert words == "serving Beef 5 to Side Customer 1: it fails the order of Side Customer 1 with a hated card (PP-13) and gives a Mad token to {1}"


def test_hint_words_PP_11_a_restock_draws_one_card_per_mad_token():
    state = arrange(new(2), hands={0: ["herbs2", "chili4"]}, line=LINE)
    state["mad"][0], state["happy"][0] = 4, 2
    words = ppbots.why(GAME, GAME.view(state, 0), 0, "restock", None)
    assert words == "restocking draws 4 cards (one per Mad token, PP-11), and you may still serve after"


def test_a_hint_names_the_finish_it_plays_and_marks_its_first_step():
    found = hint_of(finishing_position())
    assert found["action"] in ("pick:beef5", "pick:chicken5")
    assert str(found["why"]).startswith("Hard would play this: serving ")
    assert "it finishes the order of" in str(found["why"])


def test_a_hint_after_a_selection_hard_would_not_make_plays_on_with_it_PP_9():
    """Chicken 4 picked where the customer loves Beef and a Beef 4 is in hand: none of the plays Hard weighs
    holds that card (it takes the loved one). The hint used to fail there; it now serves the selection."""
    line = [("herbs-chicken", [], False), ("beef-bill", [], False), ("beef-herbs", ["noodle1", "beef2", "chili3"], False)]
    state = arrange(new(2), hands={0: ["noodle1", "beef3", "beef4", "chicken4", "herbs4", "beef5", "bill", "bill"]}, line=line)
    state["phase"], state["restock"] = "restocked", True
    GAME.apply(state, 0, "pick:chicken4")
    found = hint_of(state)
    assert found["action"] in GAME.legal_actions(state, 0) and found["action"].startswith("serve@")
    assert "the cards you picked are not a Serve Hard would make" in str(found["why"])
