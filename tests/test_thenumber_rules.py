"""The Number: one test per numbered rule (shared/rules/thenumber.md), and its worked example."""

import pytest

from games.thenumber import GAME
from games.thenumber.data import BONUS, DIGITS
from tabletop import IllegalAction


def new(players=3):
    return GAME.start(players, {}, seed=1)


def turn(state, *numbers):
    """Every writer writes its number (None: a seat that writes nothing); return the events."""
    events = []
    for seat, number in enumerate(numbers):
        if number is not None:
            events += GAME.apply(state, seat, number)
    return events


def sheet(state, seat, rnd=0):
    return state["sheet"][seat][rnd]


def test_TN_1_two_to_five_players():
    for n in range(2, 6):
        assert new(n)["players"] == n
    for n in (1, 6):
        with pytest.raises(IllegalAction, match="2 to 5 players"):
            GAME.start(n, {}, 1)


def test_TN_2_sheet_with_ten_digits_five_turns_and_squiggle_per_round():
    state = new(2)
    for seat in range(2):
        assert state["avail"][seat] == "0123456789"
        assert len(state["sheet"][seat]) == 2
        for row in state["sheet"][seat]:
            assert len(row["digits"]) == 5 and len(row["bonus"]) == 5 and "squiggle" in row


def test_TN_3_every_digit_available_at_round_start():
    state = new(4)
    assert all(a == DIGITS for a in state["avail"])
    assert all(len(GAME.legal_actions(state, s)) == 1000 for s in range(4))


def test_TN_4_simultaneous_secret_numbers_from_available_digits():
    state = new(3)
    assert GAME.to_act(state) == [0, 1, 2]
    GAME.apply(state, 1, "512")
    assert GAME.to_act(state) == [0, 2]  # the others still write, at the same time
    # Hidden: the others' views say only that seat 1 has written, never the number.
    for seat in (0, 2, None):
        view = GAME.view(state, seat)
        assert view["written"] == [False, True, False]
        assert "512" not in repr(view)
    assert GAME.view(state, 1)["mine"] == "512"
    with pytest.raises(IllegalAction, match="already written"):
        GAME.apply(state, 1, "600")
    with pytest.raises(IllegalAction, match="three digits"):
        GAME.apply(state, 0, "12")


def test_TN_5_leading_zeros_and_repeats_allowed():
    state = new(2)
    legal = GAME.legal_actions(state, 0)
    for number in ("000", "047", "777", "707", "999"):
        assert number in legal
    turn(state, "047", "888")
    assert state["reveals"][-1]["points"] == [0, 8]


def test_TN_6_a_crossed_out_digit_is_refused_with_a_reason():
    state = new(2)
    turn(state, "512", "512")  # both valid: 1, 2, 5 crossed out
    assert "5" not in state["avail"][0]
    assert not [n for n in GAME.legal_actions(state, 0) if "5" in n]
    with pytest.raises(IllegalAction, match=r"crossed out 5.*\(TN-6\)"):
        GAME.apply(state, 0, "593")


def test_TN_7_bigger_and_sharing_a_digit_disqualifies():
    state = new(2)
    events = turn(state, "512", "347")
    assert state["reveals"][-1]["dq"] == [[], []]  # no shared digit: both stay
    state = new(2)
    events = turn(state, "873", "347")
    assert state["reveals"][-1]["dq"][0] == [[1, "37"]]
    assert any(e["type"] == "disqualified" and "347" in e["text"] and "3 and 7" in e["text"] for e in events)


def test_TN_7_a_disqualified_smaller_number_still_counts():
    state = new(3)
    turn(state, "105", "256", "367")
    dq = state["reveals"][-1]["dq"]
    assert dq[0] == []
    assert dq[1] == [[0, "5"]]  # 256 > 105, shares 5
    assert dq[2] == [[1, "6"]]  # 367 > 256 (itself disqualified), shares 6


def test_TN_8_identical_numbers_both_stay_in():
    state = new(2)
    turn(state, "512", "512")
    assert state["reveals"][-1]["dq"] == [[], []]
    assert state["reveals"][-1]["points"] == [5, 5]


def test_TN_9_leftmost_digit_scores():
    state = new(3)
    turn(state, "047", "512", "896")
    assert state["reveals"][-1]["points"] == [0, 5, 8]


def test_TN_10_biggest_valid_number_gains_the_bonus_and_ties_share_it():
    state = new(3)
    turn(state, "123", "456", "789")
    assert state["reveals"][-1]["bonus"] == [0, 0, BONUS[0]]
    state = new(3)
    turn(state, "123", "789", "789")  # ruling: both biggest take it
    assert state["reveals"][-1]["bonus"] == [0, BONUS[0], BONUS[0]]
    state = new(2)
    turn(state, "123", "931")  # 931 > 123 shares 1, 3: disqualified; 123 is the biggest valid
    assert state["reveals"][-1]["bonus"] == [BONUS[0], 0]


def test_TN_11_bonus_is_1_to_5_by_turn():
    assert BONUS == (1, 2, 3, 4, 5)
    state = new(2)
    for mine, theirs in (("999", "000"), ("888", "111"), ("777", "222"), ("666", "333"), ("555", "444")):
        turn(state, mine, theirs)  # the smaller numbers never share a digit with the big ones
    assert sheet(state, 0)["bonus"] == [1, 2, 3, 4, 5]
    assert sheet(state, 1)["bonus"] == [0, 0, 0, 0, 0]


def test_TN_12_valid_numbers_cross_out_their_digits():
    state = new(2)
    turn(state, "707", "123")
    assert state["avail"][0] == "12345689"
    assert state["avail"][1] == "0456789"


def test_TN_13_disqualified_scores_zero_and_keeps_digits():
    state = new(2)
    turn(state, "873", "347")
    assert state["avail"][0] == DIGITS
    assert sheet(state, 0)["digits"][0] == 0 and sheet(state, 0)["bonus"][0] == 0


def test_TN_14_no_digit_left_means_no_number_and_zero():
    state = new(2)
    turn(state, "012", "999")
    turn(state, "345", "888")
    turn(state, "678", "777")
    turn(state, "999", "666")  # seat 0 has now crossed out all ten digits, one turn early
    assert state["avail"][0] == ""
    assert GAME.to_act(state) == [1]
    with pytest.raises(IllegalAction, match="all ten digits"):
        GAME.apply(state, 0, "555")
    events = turn(state, None, "555")
    assert state["reveals"][-1]["numbers"] == [None, "555"]
    assert sheet(state, 0)["digits"][4] == 0
    assert any("no digit left" in e["text"] for e in events)


def test_TN_14_nobody_with_digits_skips_the_turn():
    state = new(2)
    for a, b in (("012", "012"), ("345", "345"), ("678", "678"), ("999", "999")):
        turn(state, a, b)
    assert state["round"] == 1 and state["turn"] == 0  # turn 5 of round 1 had no writer
    assert sheet(state, 0)["squiggle"] == 10


def test_TN_15_final_turn_doubles_before_the_bonus():
    state = new(2)
    for a, b in (("000", "111"), ("222", "333"), ("444", "555"), ("666", "777")):
        turn(state, a, b)
    turn(state, "988", "999")  # 999 > 988 shares 9: disqualified; 988 is biggest valid
    assert sheet(state, 0)["digits"][4] == 18
    assert sheet(state, 0)["bonus"][4] == 5
    assert sheet(state, 1)["digits"][4] == 0


def test_TN_16_round_score_is_turns_plus_squiggle():
    state = new(2)
    for a, b in (("999", "000"), ("888", "111"), ("777", "222"), ("666", "333"), ("555", "444")):
        turn(state, a, b)
    row = sheet(state, 0)
    assert row["squiggle"] == 5
    assert GAME.round_total(row) == 9 + 8 + 7 + 6 + 10 + (1 + 2 + 3 + 4 + 5) + 5
    assert GAME.round_total(sheet(state, 1)) == 0 + 1 + 2 + 3 + 8 + 5


def test_TN_17_digits_come_back_for_round_two():
    state = new(2)
    for _ in range(5):
        turn(state, *(GAME.legal_actions(state, s)[-1] if GAME.legal_actions(state, s) else None for s in range(2)))
    assert state["round"] == 1 and state["turn"] == 0
    assert state["avail"] == [DIGITS, DIGITS]


def test_TN_18_final_score_sums_rounds_and_ties_all_win():
    state = new(2)
    for _ in range(2):
        for number in ("999", "888", "777", "666", "555"):
            turn(state, number, number)  # identical numbers: both stay in every time
    assert GAME.is_over(state)
    result = GAME.result(state)
    assert result["scores"][0] == sum(GAME.round_total(r) for r in state["sheet"][0])
    assert result["scores"][0] == result["scores"][1]
    assert result["winners"] == [0, 1]
    assert result["sheet"][-1]["label"] == "Total" and result["sheet"][-1]["values"] == result["scores"]


def test_worked_example_from_the_rules_file():
    state = new(3)
    turn(state, "512", "347", "890")
    r = state["reveals"][-1]
    assert r["dq"] == [[], [], []]
    assert r["points"] == [5, 3, 8]
    assert r["bonus"] == [0, 0, 1]
    assert state["avail"] == ["0346789", "0125689", "1234567"]
    state = new(3)
    turn(state, "512", "347", "873")
    r = state["reveals"][-1]
    assert r["dq"][2] == [[1, "37"]]
    assert r["points"] == [5, 3, 0]
    assert r["bonus"] == [1, 0, 0]
    assert state["avail"][2] == DIGITS
