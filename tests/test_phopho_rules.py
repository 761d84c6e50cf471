"""Phở Phở: one test per numbered rule (shared/rules/phopho.md), with the edge rulings."""

import random

import pytest

from games.phopho import GAME
from games.phopho.data import (BILL, CARD_TYPE, CARD_VALUE, CARDS, CUSTOMER, CUSTOMERS, HAND_SIZE, KING, KING_STARS,
                               TOKENS)
from tabletop import IllegalAction
from tabletop.match import Match, make_seats


def new(players=3, seed=1):
    state = GAME.start(players, {}, seed)
    state["turn"] = state["first"] = 0
    return state


def _take(pool, ctype):
    card = next(c for c in pool if CARD_TYPE[c] == ctype)
    pool.remove(card)
    return card


def arrange(state, hands=None, line=None, deck_top=(), discard=(), customers_top=(), king_at=0, loyal=None):
    """Re-deal every card (each exactly once) and customer: the requested ones where asked,
    every other card in the draw pile. `line` = [(customer, [types], has_bill)]; `deck_top`
    lists the next draws first; `customers_top` the next customers first (The King at position
    `king_at` from the bottom of the customer deck, or None: not in the deck)."""
    pool = list(CARDS)
    hands = hands or {}
    for seat in range(state["players"]):
        state["hands"][seat] = sorted((_take(pool, t) for t in hands.get(seat, ())), key=CARDS.index)
    if line is not None:
        state["line"] = [{"id": cust, "cards": [_take(pool, t) for t in types], "bill": _take(pool, BILL) if bill else None,
                          "extra_bills": []} for cust, types, bill in line]
    else:
        state["line"] = [{"id": e["id"], "cards": [_take(pool, CARD_TYPE[c]) for c in e["cards"]],
                          "bill": _take(pool, BILL) if e["bill"] else None, "extra_bills": []} for e in state["line"]]
    state["discard"] = [_take(pool, t) for t in discard]
    top = [_take(pool, t) for t in deck_top]
    state["deck"] = pool + list(reversed(top))
    state["loyal"] = [list(x) for x in (loyal or [[] for _ in range(state["players"])])]
    used = {e["id"] for e in state["line"]} | set(customers_top) | {c for x in state["loyal"] for c in x} | set(state["gone"])
    rest = [c for c in CUSTOMERS if c not in used]
    customers = rest + list(reversed(customers_top))
    if king_at is not None:
        customers.insert(king_at, KING)
        state["king_out"] = False
    else:
        state["king_out"] = True
    state["customers"] = customers
    assert GAME.audit(state) == [], GAME.audit(state)
    return state


def play(state, seat, *actions):
    events = []
    for action in actions:
        events += GAME.apply(state, seat, action)
    return events


def texts(events):
    return [e["text"] for e in events]


def types_of(cards):
    return [CARD_TYPE[c] for c in cards]


# --- Players and components ----------------------------------------------------------------------
def test_PP_1_two_to_six_players():
    for n in range(2, 7):
        assert GAME.start(n, {}, 1)["players"] == n
    for n in (1, 7):
        with pytest.raises(IllegalAction, match="2 to 6 players"):
            GAME.start(n, {}, 1)


def test_PP_2_ingredients_noodles_and_four_kinds_of_2_to_5():
    noodles = [c for c in CARDS if CARD_TYPE[c] == "noodle1"]
    assert len(noodles) == 14 and all(CARD_VALUE[c] == 1 for c in noodles)
    for kind in ("beef", "chicken", "herbs", "chili"):
        for value in (2, 3, 4, 5):
            assert len([c for c in CARDS if CARD_TYPE[c] == "{}{}".format(kind, value)]) == 3
    assert len([c for c in CARDS if CARD_VALUE[c] >= 2]) == 48


def test_PP_3_ten_bills_shuffled_into_one_draw_pile():
    assert len([c for c in CARDS if CARD_TYPE[c] == BILL]) == 10
    state = GAME.start(4, {}, 7)
    everything = state["deck"] + [c for h in state["hands"] for c in h]
    assert sorted(everything) == sorted(CARDS) and len(everything) == 72
    assert any(CARD_TYPE[c] == BILL for c in state["deck"][-20:])  # mixed in, not stacked apart


def test_PP_4_sixteen_customers_with_stars_loved_and_hated():
    assert len(CUSTOMERS) == 16 and len(set(CUSTOMERS)) == 16
    pairs = {(CUSTOMER[c]["loved"], CUSTOMER[c]["hated"]) for c in CUSTOMERS}
    assert len(pairs) == 16
    for c in CUSTOMERS:
        info = CUSTOMER[c]
        assert info["stars"] in (1, 2) and info["loved"] != info["hated"]
        assert "noodle" not in (info["loved"], info["hated"]) and info["loved"] != BILL
    assert sum(1 for c in CUSTOMERS if CUSTOMER[c]["hated"] == BILL) == 4


def test_PP_5_the_king_is_among_the_bottom_four_customer_cards():
    positions = set()
    for seed in range(200):
        customers = GAME.start(2, {}, seed)["customers"]
        assert customers.count(KING) == 1
        positions.add(customers.index(KING))  # index 0 is the bottom of the deck
    assert positions == {0, 1, 2, 3}


def test_PP_6_six_favor_tokens_each():
    state = GAME.start(5, {}, 2)
    assert all(state["mad"][s] + state["happy"][s] == TOKENS == 6 for s in range(5))


# --- Set-up ----------------------------------------------------------------------------------------
def test_PP_7_six_cards_dealt_and_every_token_mad():
    state = GAME.start(6, {}, 3)
    assert [len(h) for h in state["hands"]] == [HAND_SIZE] * 6 == [6] * 6
    assert state["mad"] == [6] * 6 and state["happy"] == [0] * 6
    assert len(state["deck"]) == 72 - 36


def test_PP_8_three_customers_in_line_and_a_random_starter_clockwise():
    state = GAME.start(3, {}, 4)
    assert len(state["line"]) == 3 and all(e["cards"] == [] and e["bill"] is None for e in state["line"])
    assert len(state["customers"]) == 13 + 1  # the 13 others and The King
    assert KING not in [e["id"] for e in state["line"]]
    starters = {GAME.start(4, {}, seed)["first"] for seed in range(40)}
    assert starters == {0, 1, 2, 3}
    state = new(3)
    arrange(state, hands={0: ["noodle1"], 1: ["noodle1"], 2: ["noodle1"]})
    state["mad"][0], state["happy"][0] = 2, 4
    play(state, 0, "restock", "skip")
    assert state["turn"] == 1
    view = GAME.view(state, 1)
    assert view["turn"] == 1 and view["line"][0]["id"] == state["line"][0]["id"]


# --- A turn ------------------------------------------------------------------------------------------
LINE = [("beef-chicken", [], False), ("chicken-herbs", ["noodle1", "beef2"], False), ("herbs-chili", ["noodle1", "herbs2", "herbs3"], False)]


def test_PP_9a_a_run_of_consecutive_values_on_one_customer():
    state = arrange(new(3), hands={0: ["noodle1", "beef2", "chili3", "herbs4", "bill", "beef5"]}, line=LINE)
    legal = GAME.legal_actions(state, 0)
    assert "pick:noodle1" in legal and "restock" in legal
    play(state, 0, "pick:noodle1", "pick:beef2", "pick:chili3")
    assert types_of(state["sel"]) == ["noodle1", "beef2", "chili3"]
    assert GAME.legal_actions(state, 0)[-1:] == ["serve@0"]  # only the empty bowl takes 1, 2, 3
    with pytest.raises(IllegalAction, match="PP-10"):
        GAME.apply(state, 0, "serve@1")
    events = play(state, 0, "serve@0")
    assert types_of(state["line"][0]["cards"]) == ["noodle1", "beef2", "chili3"]  # in ascending order
    assert "serves Noodle 1, Beef 2 and Chili 3 to the Active Customer" in texts(events)[0]
    assert state["turn"] == 1  # a Serve is the whole turn
    # A gap is not a run; the same value twice on one customer is not either.
    state = arrange(new(3), hands={0: ["noodle1", "chili3", "chili3"]}, line=LINE)
    play(state, 0, "pick:noodle1")
    assert "pick:chili3" not in GAME.legal_actions(state, 0)
    with pytest.raises(IllegalAction, match="run"):
        GAME.apply(state, 0, "pick:chili3")


def test_PP_9a_a_single_card_is_a_run_of_one_and_cards_may_be_picked_in_any_order():
    state = arrange(new(2), hands={0: ["noodle1", "beef2", "chicken3", "chicken4", "chicken5"]}, line=LINE)
    play(state, 0, "pick:chicken5", "pick:beef2", "pick:chicken4")  # 2-5 onto customer 1 (top 2), or 1-5
    assert GAME.legal_actions(state, 0) == ["pick:noodle1", "pick:chicken3"]  # no target yet: 3 is missing
    play(state, 0, "pick:chicken3", "serve@1")
    assert types_of(state["line"][1]["cards"]) == ["noodle1", "beef2", "beef2", "chicken3", "chicken4", "chicken5"]
    state = arrange(new(2), hands={0: ["noodle1", "beef5"]}, line=LINE)
    play(state, 0, "pick:noodle1")
    assert [a for a in GAME.legal_actions(state, 0) if "@" in a] == ["serve@0"]


def test_PP_9b_two_or_three_equal_values_each_on_a_different_customer():
    line = [("beef-chicken", ["noodle1"], False), ("chicken-herbs", ["noodle1", "beef2"], False), ("herbs-chili", ["noodle1"], False)]
    state = arrange(new(3), hands={0: ["beef2", "chicken2", "herbs2", "chili2"]}, line=line)
    play(state, 0, "pick:beef2", "pick:chicken2", "pick:herbs2")
    assert "pick:chili2" not in GAME.legal_actions(state, 0)  # at most 3
    with pytest.raises(IllegalAction, match="At most 3"):
        GAME.apply(state, 0, "pick:chili2")
    assert "serve@0" not in GAME.legal_actions(state, 0)
    puts = [a for a in GAME.legal_actions(state, 0) if a.startswith("put:")]
    assert "put:herbs2@2" in puts and "put:beef2@1" in puts
    play(state, 0, "put:herbs2@2", "put:beef2@0")
    assert state["line"][2]["cards"] and len(state["line"][2]["cards"]) == 1  # nothing placed yet
    with pytest.raises(IllegalAction, match="different customer"):
        GAME.apply(state, 0, "put:chicken2@0")
    events = play(state, 0, "put:chicken2@1")
    assert [types_of(e["cards"])[-1] for e in state["line"]] == ["beef2", "chicken2", "herbs2"]
    assert any("Loved" in t for t in texts(events))  # Beef on the Beef lover, Herbs on the Herbs lover
    # Only as many cards as customers that take the value.
    state = arrange(new(3), hands={0: ["beef2", "chicken2"]}, line=LINE)
    play(state, 0, "pick:beef2")
    with pytest.raises(IllegalAction, match="Not enough customers"):
        GAME.apply(state, 0, "pick:chicken2")


def test_PP_16_loved_and_finished_lines_name_the_customer_as_the_serve_line_did_after_the_line_slid():
    """Issue 27: the Active Customer left (hated, PP-13) and the line slid (PP-16) before the
    Herbs landed: "Herbs 2 to Side Customer 2" then read "Loved! Herbs 2 delights Side Customer 1"."""
    line = [("beef-chicken", ["noodle1"], False), ("chicken-herbs", ["noodle1"], False), ("herbs-chili", ["noodle1"], False)]
    state = arrange(new(2), hands={0: ["chicken2", "herbs2", "beef5"]}, line=line)
    events = play(state, 0, "pick:chicken2", "pick:herbs2", "put:chicken2@0", "put:herbs2@2")
    said = {e["type"]: e["text"] for e in events}
    assert "and Herbs 2 to Side Customer 2 (2★, loves Herbs, hates Chili)." in said["serve"]
    assert said["hated"].startswith("Hated! Chicken 2 fails the order of the Active Customer")
    assert said["loved"].startswith("Loved! Herbs 2 delights Side Customer 2 (2★, loves Herbs, hates Chili):")
    # A customer finished after sliding to the front is named as served, and where it is now
    # (the front: PP-15's "everyone flips" applies).
    line = [("beef-chicken", ["noodle1", "beef2", "herbs3", "herbs4"], True),
            ("chicken-herbs", ["noodle1", "beef2", "beef3", "beef4"], True), ("herbs-chili", ["noodle1"], False)]
    state = arrange(new(2), hands={0: ["chicken5", "beef5", "noodle1"]}, line=line)
    events = play(state, 0, "pick:chicken5", "pick:beef5", "put:chicken5@0", "put:beef5@1")
    said = {e["type"]: e["text"] for e in events}
    assert "and Beef 5 to Side Customer 1 (2★, loves Chicken, hates Herbs)." in said["serve"]
    assert said["finished"] == ("Order finished: {0} completes Side Customer 1 (2★, loves Chicken, hates Herbs), now the Active "
                                "Customer. Everyone flips up to 2: {0} 2 and {1} 2.")


def test_PP_9c_a_bill_next_to_a_customer_then_discard_and_redraw():
    line = [("beef-chicken", ["noodle1"], True), ("chicken-herbs", [], False), ("herbs-chili", [], False)]
    state = arrange(new(3), hands={0: ["bill", "bill", "chili2", "herbs3", "beef4"]}, line=line,
                    deck_top=["noodle1", "noodle1", "beef5"])
    play(state, 0, "pick:bill")
    assert "pick:chili2" not in GAME.legal_actions(state, 0)  # a Bill goes alone
    # "next to any customer": the one who already has a Bill too (see the test below)
    assert [a for a in GAME.legal_actions(state, 0) if "@" in a] == ["serve@0", "serve@1", "serve@2"]
    play(state, 0, "serve@1")
    assert state["line"][1]["bill"] and state["phase"] == "redraw"
    assert GAME.legal_actions(state, 0) == ["mark:chili2", "mark:herbs3", "mark:beef4", "mark:bill", "redraw"]
    events = play(state, 0, "mark:chili2", "mark:beef4", "redraw")
    assert types_of(state["hands"][0]) == ["noodle1", "noodle1", "herbs3", "bill"]
    assert types_of(state["discard"][-2:]) == ["chili2", "beef4"]
    assert "discards Chili 2 and Beef 4 and draws as many" in " ".join(texts(events))
    assert state["turn"] == 1
    # Keeping the hand is allowed too.
    state = arrange(new(3), hands={0: ["bill", "chili2"]}, line=line)
    play(state, 0, "pick:bill", "serve@2", "redraw")
    assert types_of(state["hands"][0]) == ["chili2"] and state["turn"] == 1


def test_PP_9c_a_bill_may_go_to_a_customer_who_already_has_one():
    """PP-9 (c), seed "next to any customer": a second Bill changes nothing for the order, but
    the play and its discard-and-redraw happen."""
    line = [("beef-chicken", ["noodle1"], True), ("chicken-herbs", ["noodle1"], True), ("herbs-chili", [], True)]
    state = arrange(new(2), hands={0: ["bill", "chili2", "chicken2"]}, line=line, deck_top=["beef5"])
    assert "pick:bill" in GAME.legal_actions(state, 0)  # every customer has a Bill: still playable
    first_bill = state["line"][0]["bill"]
    events = play(state, 0, "pick:bill", "serve@0")
    entry = state["line"][0]
    assert entry["bill"] == first_bill and types_of(entry["extra_bills"]) == ["bill"]
    assert "{0} serves Bill to the Active Customer" in " ".join(texts(events))
    assert state["phase"] == "redraw"  # the discard-and-redraw still happens
    play(state, 0, "mark:chili2", "redraw")
    assert types_of(state["hands"][0]) == ["chicken2", "beef5"] and state["turn"] == 1
    assert GAME.audit(state) == []
    # The customer leaves with both Bills (PP-16): every card is still counted once.
    state["turn"], state["phase"] = 0, "turn"
    play(state, 0, "pick:chicken2", "serve@0")  # hated: the order fails
    assert types_of(state["discard"][-4:]) == ["noodle1", "chicken2", "bill", "bill"]
    assert GAME.audit(state) == []


def test_the_turn_a_card_last_stayed_on_a_customer_is_public():
    """The rules set no limit on turns (players may Restock for ever): every view says in which
    turn a card last stayed on a customer, so a bot can see a game standing still. A further Bill
    changes nothing for the order (PP-9c) and does not count."""
    line = [("beef-chicken", ["noodle1"], True), ("chicken-herbs", [], False), ("herbs-chili", [], False)]
    state = arrange(new(2), hands={0: ["bill", "chili2"], 1: ["noodle1", "beef2"]}, line=line)
    state["turn_no"] = 5
    assert [GAME.view(state, s)["last_placed_turn"] for s in (0, 1, None)] == [1, 1, 1]
    play(state, 0, "pick:bill", "serve@0", "redraw")  # a second Bill on the Active Customer
    assert state["turn"] == 1 and GAME.view(state, 1)["last_placed_turn"] == 1
    play(state, 1, "restock", "skip", "mark:noodle1", "mark:beef2", "discard")  # a Restock: drawn, then discarded
    assert state["turn"] == 0 and GAME.view(state, 0)["last_placed_turn"] == 1
    play(state, 0, "pick:chili2", "serve@0")  # an ingredient stays
    assert GAME.view(state, 1)["last_placed_turn"] == 7


def test_PP_10_placement_noodle_first_then_equal_or_one_higher():
    line = [("beef-chicken", [], False), ("chicken-herbs", ["noodle1", "beef3"], False), ("herbs-chili", ["noodle1", "herbs2", "herbs3", "chili4", "beef5"], False)]
    state = arrange(new(3), hands={0: ["beef2", "beef3", "chili4", "herbs5"]}, line=line)
    legal = GAME.legal_actions(state, 0)
    assert "pick:beef2" not in legal  # no customer takes a 2: empty bowl needs 1, tops are 3 and 5
    with pytest.raises(IllegalAction, match=r"No customer can take a 2.*Noodle.*\(PP-10\)"):
        GAME.apply(state, 0, "pick:beef2")
    play(state, 0, "pick:beef3")  # 3 on a 3
    with pytest.raises(IllegalAction, match=r"empty: the first card must be a Noodle \(1\) \(PP-10\)"):
        GAME.apply(state, 0, "serve@0")
    with pytest.raises(IllegalAction, match=r"top card is a 5: only another 5 fits \(PP-10\)"):
        GAME.apply(state, 0, "serve@2")
    assert "serve@1" in GAME.legal_actions(state, 0)
    state = arrange(new(3), hands={0: ["chili4", "herbs5"]}, line=line)
    play(state, 0, "pick:herbs5")
    assert [a for a in GAME.legal_actions(state, 0) if "@" in a] == ["serve@2"]  # 5 on a 5
    play(state, 0, "pick:chili4")  # 4, 5 onto the 3
    assert [a for a in GAME.legal_actions(state, 0) if "@" in a] == ["serve@1"]


def test_PP_11_restock_draws_one_per_mad_token_then_one_serve_then_discard_to_six():
    state = arrange(new(3), hands={0: ["noodle1", "herbs3", "herbs3", "chili4", "chili4", "bill"]}, line=LINE,
                    deck_top=["beef2", "chicken2", "beef5", "beef5"])
    state["mad"][0], state["happy"][0] = 4, 2
    events = play(state, 0, "restock")
    assert len(state["hands"][0]) == 10 and state["phase"] == "restocked"
    assert any(e["type"] == "draw" and "4 cards" in e["text"] for e in events)
    assert "restock" not in GAME.legal_actions(state, 0) and "skip" in GAME.legal_actions(state, 0)
    with pytest.raises(IllegalAction, match="already restocked"):
        GAME.apply(state, 0, "restock")
    play(state, 0, "pick:noodle1", "pick:beef2", "serve@0")  # the one optional Serve
    assert state["phase"] == "discard" and len(state["hands"][0]) == 8
    assert "pick:herbs3" not in GAME.legal_actions(state, 0)
    play(state, 0, "mark:beef5")
    with pytest.raises(IllegalAction, match="Mark exactly 2 cards"):
        GAME.apply(state, 0, "discard")
    play(state, 0, "mark:beef5")
    assert GAME.legal_actions(state, 0) == ["discard"]
    play(state, 0, "discard")
    assert len(state["hands"][0]) == HAND_SIZE and types_of(state["discard"][-2:]) == ["beef5", "beef5"]
    assert state["turn"] == 1
    # Skipping the Serve; no discard needed when the hand is within the limit.
    state = arrange(new(3), hands={0: ["noodle1"]}, line=LINE)
    state["mad"][0], state["happy"][0] = 2, 4
    play(state, 0, "restock", "skip")
    assert len(state["hands"][0]) == 3 and state["turn"] == 1


# --- Effects of each card ------------------------------------------------------------------------
def test_PP_12_a_loved_card_flips_one_mad_token():
    state = arrange(new(3), hands={0: ["noodle1", "beef2", "beef3", "chili4"]}, line=LINE)
    events = play(state, 0, "pick:noodle1", "pick:beef2", "pick:beef3", "serve@0")  # loves Beef
    assert state["mad"][0] == 4 and state["happy"][0] == 2
    loved = [e for e in events if e["type"] == "loved"]
    assert len(loved) == 2 and all(e["announce"] for e in loved)
    assert "Loved! Beef 2 delights the Active Customer" in loved[0]["text"]


def test_PP_13_a_hated_card_fails_the_order_and_gives_a_mad_token_to_a_chosen_opponent():
    line = [("beef-chicken", ["noodle1", "beef2"], False)] + LINE[1:]
    state = arrange(new(3), hands={0: ["chicken3", "beef4", "noodle1"]}, line=line, customers_top=["chili-beef"])
    before = [e["id"] for e in state["line"]]
    events = play(state, 0, "pick:chicken3", "serve@0")
    assert [e["id"] for e in state["line"]] == before[1:] + ["chili-beef"]  # gone; the others slide up
    assert types_of(state["discard"]) == ["noodle1", "beef2", "chicken3"] and state["gone"] == ["beef-chicken"]
    assert state["phase"] == "give" and GAME.legal_actions(state, 0) == ["give:1", "give:2"]
    assert any(e["type"] == "hated" and e["announce"] and "Hated! Chicken 3 fails the order" in e["text"] for e in events)
    with pytest.raises(IllegalAction, match="PP-13"):
        GAME.apply(state, 0, "restock")
    with pytest.raises(IllegalAction, match="PP-13"):
        GAME.apply(state, 0, "give:0")
    events = play(state, 0, "give:2")
    assert state["mad"] == [5, 6, 7] and state["turn"] == 1
    assert "{0} gives a Mad token to {2}." in texts(events)


def test_PP_13_two_players_give_without_asking():
    state = arrange(new(2), hands={0: ["chicken3", "beef4"]}, line=[("beef-chicken", ["noodle1", "beef2"], False)] + LINE[1:])
    play(state, 0, "pick:chicken3", "serve@0")
    assert state["mad"] == [5, 7] and state["turn"] == 1


def test_PP_13_no_mad_token_gives_nothing_and_the_last_token_is_never_given():
    line = [("beef-chicken", ["noodle1", "beef2"], False)] + LINE[1:]
    state = arrange(new(3), hands={0: ["chicken3", "beef4"]}, line=line)
    state["mad"][0], state["happy"][0] = 1, 0  # a single token left (4 given away before)
    state["mad"][1] += 5
    events = play(state, 0, "pick:chicken3", "serve@0")
    assert state["mad"][0] == 1 and state["phase"] != "give"
    assert "{0} keeps their last token (PP-13)." in texts(events)


def test_PP_13_hated_card_mid_run_keeps_the_rest_in_hand():
    line = [("beef-chicken", ["noodle1"], False)] + LINE[1:]
    state = arrange(new(2), hands={0: ["beef2", "chicken3", "beef4", "beef5"]}, line=line)
    events = play(state, 0, "pick:beef2", "pick:chicken3", "pick:beef4", "pick:beef5", "serve@0")
    assert types_of(state["hands"][0]) == ["beef4", "beef5"]  # not placed: they stay in hand
    # The public log names only what was placed: the others must not learn Beef 4 and Beef 5.
    public = " ".join(e["text"] for e in events if "seats" not in e)
    assert "Beef 2 and Chicken 3 to the Active Customer" in public and "the other 2 cards of the run stay in hand" in public
    assert "Beef 4" not in public and "Beef 5" not in public
    assert types_of(state["discard"]) == ["noodle1", "beef2", "chicken3"]
    assert state["mad"][0] == 6 - 1 - 1  # Beef 2 loved, then a token given away


def test_PP_13_in_a_multiple_customer_play_the_other_cards_are_still_placed():
    line = [("beef-chicken", ["noodle1"], False), ("chicken-herbs", ["noodle1"], False), ("herbs-chili", ["noodle1"], False)]
    state = arrange(new(3), hands={0: ["chicken2", "beef2", "herbs2", "noodle1"]}, line=line, customers_top=["chili-herbs"])
    ids = [cust for cust, _, _ in line]
    play(state, 0, "pick:chicken2", "pick:beef2", "pick:herbs2")
    events = play(state, 0, "put:chicken2@0", "put:herbs2@2", "put:beef2@1")  # Chicken 2 fails the Beef lover at once
    assert state["phase"] == "give"
    # Herbs 2 and Beef 2 are still in hand until the give is chosen: not named yet.
    assert "Herbs 2" not in " ".join(texts(events)) and "serves Chicken 2 to the Active Customer" in " ".join(texts(events))
    assert [e["id"] for e in state["line"]] == ids[1:] + ["chili-herbs"]
    events = play(state, 0, "give:1")
    assert "Herbs 2 to" in " ".join(texts(events)) and "Beef 2 to" in " ".join(texts(events))
    by_id = {e["id"]: types_of(e["cards"]) for e in state["line"]}
    assert by_id["chicken-herbs"] == ["noodle1", "beef2"] and by_id["herbs-chili"] == ["noodle1", "herbs2"]
    assert any(e["type"] == "loved" for e in events) and state["mad"][0] == 6 - 1 - 1  # given, then loved
    assert types_of(state["hands"][0]) == ["noodle1"] and state["turn"] == 1


def test_PP_14_finished_with_a_bill_and_a_five_or_a_five_alone_for_bill_haters():
    line = [("beef-chicken", ["noodle1", "herbs2", "herbs3", "herbs4"], False), ("chili-bill", ["noodle1", "chili2", "chili3", "chili4"], False), ("herbs-chili", [], False)]
    state = arrange(new(3), hands={0: ["herbs5", "bill", "beef5"]}, line=line, customers_top=["beef-herbs", "chicken-beef"])
    play(state, 0, "pick:herbs5", "serve@0")
    assert state["line"][0]["id"] == "beef-chicken" and types_of(state["line"][0]["cards"])[-1] == "herbs5"  # no Bill yet
    state["turn"] = 0
    events = play(state, 0, "pick:bill", "serve@0")
    assert "beef-chicken" in state["gone"] and any(e["type"] == "finished" for e in events)
    state["turn"], state["phase"] = 0, "turn"
    play(state, 0, "pick:beef5", "serve@0")  # the Chili lover who hates Bills, now Active
    assert "chili-bill" in state["gone"]


def test_PP_15_active_finish_pleases_everyone_side_finish_only_the_server():
    line = [("beef-herbs", ["noodle1", "beef2", "beef3", "beef4"], True), ("chicken-herbs", ["noodle1", "chicken2", "chicken3", "chicken4"], True), ("herbs-chili", [], False)]
    state = arrange(new(3), hands={0: ["chili5", "beef5"]}, line=line, customers_top=["beef-chicken", "chili-bill"])
    events = play(state, 0, "pick:chili5", "serve@1")  # Side customer, 2 stars
    assert state["mad"] == [4, 6, 6]
    assert "flips 2 Mad tokens to Happy" in [e for e in events if e["type"] == "finished"][0]["text"]
    state["turn"], state["mad"][2], state["happy"][2] = 0, 1, 5  # seat 2 lacks one flip only
    events = play(state, 0, "pick:beef5", "serve@0")  # Active, 1 star: everyone flips, loved Beef first
    assert state["mad"][:2] == [4 - 1 - 1 - 1, 5]  # loved, finished, then the empty hand (PP-17)
    finished = [e for e in events if e["type"] == "finished"][0]
    assert "Everyone flips up to 1" in finished["text"] and finished["announce"]
    assert state["mad"][2] == 6 and len(state["loyal"][2]) == 1  # flipped its last one: Perfect Reputation


def test_PP_16_a_customer_who_leaves_is_replaced_at_the_end_of_the_line():
    line = [("beef-herbs", ["noodle1", "beef2", "beef3", "beef4"], True), ("chicken-herbs", [], False), ("herbs-chili", [], False)]
    state = arrange(new(3), hands={0: ["chili5"]}, line=line, customers_top=["chili-beef"])
    events = play(state, 0, "pick:chili5", "serve@0")
    assert [e["id"] for e in state["line"]] == ["chicken-herbs", "herbs-chili", "chili-beef"]
    assert types_of(state["discard"]) == ["noodle1", "beef2", "beef3", "beef4", "chili5", "bill"]
    assert any(e["type"] == "customer" and e.get("commit") for e in events)


# --- Bonuses -------------------------------------------------------------------------------------------
def test_PP_17_an_empty_hand_after_serving_flips_a_token_and_draws_six():
    state = arrange(new(3), hands={0: ["noodle1", "herbs2"]}, line=LINE)
    events = play(state, 0, "pick:noodle1", "pick:herbs2", "serve@0")
    assert len(state["hands"][0]) == HAND_SIZE and state["mad"][0] == 5
    empty = [e for e in events if e["type"] == "empty"][0]
    assert empty["announce"] and "Empty hand!" in empty["text"]


def test_PP_18_perfect_reputation_claims_a_hidden_loyal_customer_and_resets_the_tokens():
    state = arrange(new(3), hands={0: ["noodle1", "beef2", "chili5"]}, line=LINE, customers_top=["chili-herbs"])
    state["mad"][0], state["happy"][0] = 1, 5
    events = play(state, 0, "pick:noodle1", "pick:beef2", "serve@0")
    assert state["loyal"][0] == ["chili-herbs"] and state["mad"][0] == 6 and state["happy"][0] == 0
    rep = [e for e in events if e["type"] == "reputation"][0]
    assert rep["announce"] and "Perfect Reputation" in rep["text"]
    private = [e for e in events if e["type"] == "loyal"][0]
    assert private["seats"] == [0] and "loves Chili" in private["text"]
    assert GAME.view(state, 0)["loyal"][0] == ["chili-herbs"]
    for seat in (1, 2, None):
        view = GAME.view(state, seat)
        assert view["loyal"][0] is None and view["loyal_counts"][0] == 1
        assert "chili-herbs" not in repr(view)


def test_PP_18_simultaneous_perfect_reputations_resolve_in_turn_order_from_the_current_player():
    line = [("beef-herbs", ["noodle1", "chili2", "chili3", "chili4"], True)] + LINE[1:]
    state = arrange(new(4), hands={2: ["chili5"]}, line=line, customers_top=["chili-herbs", "herbs-beef", "chicken-beef"])
    state["turn"] = 2
    for s in range(4):
        state["mad"][s], state["happy"][s] = 1, 5
    events = play(state, 2, "pick:chili5", "serve@0")  # the Active customer: everyone flips their last token
    order = [e["seat"] for e in events if e["type"] == "reputation"]
    assert order == [2, 3, 0, 1]
    assert [state["loyal"][s] for s in (2, 3, 0)] == [["chili-herbs"], ["herbs-beef"], ["chicken-beef"]]


# --- Running out -------------------------------------------------------------------------------------
def test_PP_19_the_discard_pile_is_reshuffled_when_the_draw_pile_runs_out():
    state = arrange(new(2), hands={0: ["noodle1"]}, line=LINE)
    state["discard"], state["deck"] = state["deck"][:-3], state["deck"][-3:]
    assert GAME.audit(state) == []
    events = play(state, 0, "restock")
    assert len(state["hands"][0]) == 7 and len(state["deck"]) == 72 - 7 - 5  # all but the hand and the line
    reshuffle = [e for e in events if e["type"] == "reshuffle"][0]
    assert reshuffle["announce"] and "shuffled into a new draw pile" in reshuffle["text"]
    assert state["discard"] == []
    # Both piles empty: draw what there is.
    state = arrange(new(2), hands={0: ["noodle1"]}, line=LINE)
    state["hands"][1] = sorted(state["deck"][2:], key=CARDS.index)
    state["deck"] = state["deck"][:2]
    events = play(state, 0, "restock")
    assert len(state["hands"][0]) == 3 and any("only 2 left to draw" in t for t in texts(events))


# --- End of the game -------------------------------------------------------------------------------
def test_PP_20_the_king_from_the_line_refill_sets_off_one_final_turn_each():
    line = [("beef-herbs", ["noodle1", "beef2", "beef3", "beef4"], True)] + LINE[1:]
    state = arrange(new(3), hands={0: ["chili5"], 1: ["noodle1"], 2: ["noodle1"]}, line=line,
                    customers_top=["chili-herbs"], king_at=None)
    state["customers"].append(KING)  # The King is the next customer card
    state["king_out"] = False
    events = play(state, 0, "pick:chili5", "serve@0")
    king = [e for e in events if e["type"] == "king"][0]
    assert king["announce"] and "The King arrives" in king["text"] and "starting with {1}" in king["text"]
    assert KING not in [e["id"] for e in state["line"]] and state["king_out"]
    assert [e["id"] for e in state["line"]][-1] == "chili-herbs"  # the slot was refilled from the deck
    assert any(e["type"] == "final" for e in events)
    turns = []
    while not state["over"]:
        turns.append(state["turn"])
        play(state, state["turn"], "restock")
        if not state["over"] and state["phase"] == "restocked":
            play(state, state["turn"], "skip")
        while not state["over"] and state["phase"] == "discard":
            seat = state["turn"]
            play(state, seat, GAME.legal_actions(state, seat)[0])
    assert turns == [1, 2, 0]


def test_PP_20_the_king_drawn_as_a_loyal_customer_claim_is_set_aside_and_the_next_card_claimed():
    state = arrange(new(3), hands={0: ["noodle1", "beef2", "chili5"]}, line=LINE, customers_top=["chili-beef"], king_at=None)
    state["customers"].append(KING)
    state["king_out"] = False
    state["mad"][0], state["happy"][0] = 1, 5
    events = play(state, 0, "pick:noodle1", "pick:beef2", "serve@0")
    assert state["loyal"][0] == ["chili-beef"] and state["king_out"]
    king = [e for e in events if e["type"] == "king"][0]
    assert "Loyal Customer claim" in king["text"] and king["announce"]
    assert state["finals_left"] == 2 and state["turn"] == 1  # the turn ended: seat 1 starts the final turns


def test_PP_21_the_king_goes_to_most_happy_then_fewest_mad_then_all_tied():
    state = new(3)
    state["happy"], state["mad"] = [4, 5, 2], [2, 1, 4]
    assert GAME.king_award(state)[0] == [1]
    state["happy"], state["mad"] = [4, 4, 2], [3, 2, 4]  # seat 0 was given a Mad token
    winners, how = GAME.king_award(state)
    assert winners == [1] and "fewest Mad tokens (2)" in how
    state["happy"], state["mad"] = [4, 4, 2], [2, 2, 4]
    winners, how = GAME.king_award(state)
    assert winners == [0, 1] and "each scores the 3 stars" in how
    state["king_to"], state["over"] = winners, True
    assert GAME.result(state)["scores"] == [KING_STARS, KING_STARS, 0]


def test_PP_22_most_stars_wins_then_most_happy_then_shared():
    state = new(3)
    state.update(over=True, phase="over", king_to=[2], happy=[3, 1, 5], mad=[3, 5, 1])
    state["loyal"] = [["beef-chicken", "beef-herbs"], ["chicken-herbs", "chili-bill"], []]  # 2+1, 2+1, King 3
    result = GAME.result(state)
    assert result["scores"] == [3, 3, 3] and result["winners"] == [2]
    assert [r["label"] for r in result["sheet"]] == ["Loyal Customer 1", "Loyal Customer 2", "The King", "Tie-break: Happy tokens", "Total"]
    assert result["sheet"][0]["values"] == [2, 2, "—"]
    assert any("tie-break is the most Happy tokens" in n for n in result["notes"])
    state["happy"] = [5, 1, 5]
    assert GAME.result(state)["winners"] == [0, 2]
    state["loyal"][1].append("herbs-beef")
    result = GAME.result(state)
    assert result["winners"] == [1] and not any(r["label"].startswith("Tie-break") for r in result["sheet"])


def test_PP_22_the_game_end_reveals_every_loyal_customer():
    state = arrange(new(2), hands={0: ["noodle1"], 1: ["noodle1"]}, line=LINE, loyal=[["chili-beef"], ["chili-herbs"]])
    state["finals_left"] = 0
    state["king_out"] = True
    state["customers"].remove(KING)
    state["mad"][0], state["happy"][0] = 1, 5
    events = play(state, 0, "restock", "skip")
    assert state["over"] and GAME.legal_actions(state, 1) == []
    view = GAME.view(state, 1)
    assert view["loyal"] == [["chili-beef"], ["chili-herbs"]]
    assert any(e["type"] == "king-award" for e in events)
    assert any(e["type"] == "reveal" and "1 Loyal Customer: 1★" in e["text"] for e in events)


# --- Undo, hidden information --------------------------------------------------------------------------
def test_PP_9_a_selection_is_taken_back_with_undo_before_anything_is_revealed():
    match = Match(GAME, make_seats(["human", "human"]), {}, 5)
    seat = match.to_act()[0]
    picks = [a for a in match.legal(seat) if a.startswith("pick:")]
    match.play(seat, picks[0])
    assert match.can_undo(seat)
    match.undo(seat)
    assert match.state["sel"] == [] and not match.can_undo(seat)
    match.play(seat, "restock")  # the draw is a barrier
    assert not match.can_undo(seat)


def test_PP_7_views_show_hand_sizes_only_and_scrambling_the_hidden_changes_nothing_seen():
    state = new(4, seed=9)
    rng = random.Random(1)
    for seat in (0, 1, None):
        view = GAME.view(state, seat)
        assert view["hand_sizes"] == [6, 6, 6, 6]
        for other in range(4):
            if other != seat:
                assert not set(state["hands"][other]) & set(repr(view).replace("'", " ").split())
        assert GAME.view(GAME.scramble(state, seat, rng), seat) == view


def test_PP_8_sample_state_is_consistent_with_the_view():
    state = new(4, seed=12)
    play(state, 0, "restock")
    view = GAME.view(state, 0)
    world = GAME.sample_state(view, 0, random.Random(3))
    assert GAME.audit(world) == []
    assert GAME.view(world, 0) == view
    assert world["hands"][0] == state["hands"][0]
