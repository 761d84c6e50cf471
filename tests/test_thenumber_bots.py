"""The Number's bots: a hint says, in the game's own words, what Hard's number does and why
(search.say_why), from what the asking seat knows only; and asking does not change Hard's pick.
Positions are made with GAME.start() and edited, so each case is fixed by the rules (the hint's
generator is seeded by the view: the same position gives the same words)."""

import random
import re

from games.thenumber import GAME
from tabletop import bots as botlib
from tabletop.hints import hint, hint_rng


def position(players, turn, avail):
    state = GAME.start(players, {}, seed=1)
    state["turn"], state["avail"] = turn, list(avail)
    return state


def asked(state, seat=0):
    """(Hard's number, the hint's words) for `seat`, asked as the app asks (its view only)."""
    view = GAME.view(state, seat)
    found = hint(GAME, view, seat, GAME.legal_actions(state, seat), hint_rng(view, 0, seat))
    said = str(found["why"])
    assert said.startswith("Hard would play this: "), said
    return found["action"], said


def test_TN_14_when_nobody_else_writes_the_hint_says_so_and_what_the_number_brings():
    """TN-14: the other seat crossed out all ten digits, so the number can be neither knocked out
    nor beaten: it scores its first digit (TN-9), takes the turn-3 bonus of 3 (TN-10, TN-11) and
    crosses out its digits (TN-12, TN-16)."""
    number, said = asked(position(2, 2, ["0123456789", ""]))
    digits = sorted(set(number))
    crossed = digits[0] if len(digits) == 1 else ", ".join(digits[:-1]) + " and " + digits[-1]
    assert ("nobody else writes this turn (TN-14): with {} you score {}, take the +3 bonus (TN-10) and cross out {} "
            "for your squiggle (TN-16)".format(number, number[0], crossed)) in said


def test_TN_15_on_the_final_turn_the_hint_doubles_the_score_and_TN_7_TN_10_says_what_is_sure():
    """The other seat has only 0-3 left: no smaller number of theirs can share a digit with a
    number of 7, 8 and 9 (TN-7), none is as big (TN-10), and the final turn doubles the 9 (TN-15)."""
    number, said = asked(position(2, 4, ["789", "0123"]))
    assert number[0] == "9" and sorted(set(number)) == ["7", "8", "9"]  # the most points: 18 + 5 + 3 crossed out
    assert ("with {} you stay in whatever the others write (TN-7), score 18 (doubled on the final turn, TN-15), "
            "take the +5 bonus (TN-10) and cross out 7, 8 and 9 for your squiggle (TN-16)".format(number)) in said


def test_TN_7_the_hint_says_when_the_number_surely_knocks_out_the_rivals_bigger_number():
    """The rival has only the 9 left, so it writes 999: a smaller number with a 9 disqualifies it
    (TN-7, every smaller number counts), stays in itself and takes the turn-2 bonus of 2 (TN-10)."""
    number, said = asked(position(2, 1, ["0123456789", "9"]))
    assert number[0] == "9" and number != "999"
    assert ("with {} you stay in whatever the others write (TN-7), score 9, take the +2 bonus (TN-10) and surely "
            "knock out {{1}}'s bigger number (TN-7)".format(number)) in said


def test_TN_7_TN_10_an_opening_number_says_how_often_it_stays_in_takes_the_bonus_and_knocks_out_the_rival():
    """At the opening heads-up, any number but 000 can meet a smaller one sharing a digit (TN-7):
    the chances are Hard's own, over its guesses at the rival's number."""
    number, said = asked(GAME.start(2, {}, seed=1))
    found = re.search(r"with (\d{3}) you stay in (\d+)% of the time \(TN-7\), score (\d), take the \+1 bonus (\d+)% "
                      r"of the time \(TN-10\) and knock out \{1\}'s bigger number (\d+)% of the time \(TN-7\)", said)
    assert found, said
    assert found.group(1) == number and found.group(3) == number[0] == "9"
    stays, bonus, knocks = int(found.group(2)), int(found.group(4)), int(found.group(5))
    assert 50 <= stays < 100 and bonus <= stays  # the bonus needs the number to stay in (TN-10)
    assert 25 <= knocks < 100


def test_the_hint_names_the_high_digits_a_number_keeps_for_later_turns():
    """Three players at the opening: Hard writes no 9 and keeps its highest digits for the four
    turns to come (its own weighing of what a digit is worth later; TN-12 crosses out only the
    digits written)."""
    number, said = asked(GAME.start(3, {}, seed=1))
    assert number[0] != "9"
    kept = [d for d in "6789" if d not in number]
    words = ", ".join(kept[:-1]) + " and " + kept[-1] if len(kept) > 1 else kept[0]
    assert re.search(r"with {} you stay in \d+% of the time \(TN-7\), score {}".format(number, number[0]), said), said
    assert " and keep {} to lead later turns".format(words) in said


def test_the_hint_names_the_high_digit_kept_for_the_final_turn():
    """Turn 4 of 5 with 9 still available: Hard leads with a 7 and keeps the 9 to lead the final
    turn, where the digit score is doubled (TN-15)."""
    number, said = asked(position(4, 3, ["02345789", "0123589", "0489", "02369"]))
    assert number[0] == "7" and "9" not in number
    assert " and keep 9 to lead the final turn" in said and "later turns" not in said
    assert re.search(r"with {} you stay in \d+% of the time \(TN-7\), score 7, take the \+4 bonus \d+% of the time "
                     r"\(TN-10\)".format(number), said), said


def test_TN_16_the_hint_names_the_digits_crossed_out_for_the_squiggle_when_nothing_else_stands_out():
    """Turn 4 of 5 with 0, 1, 4 and 5 left against 2389 and 67: no rival can write a smaller
    number sharing those digits (TN-7); Hard leads with its 5 and crosses out what it writes."""
    number, said = asked(position(3, 3, ["0145", "2389", "67"]))
    assert number[0] == "5"
    digits = sorted(set(number))
    crossed = digits[0] if len(digits) == 1 else ", ".join(digits[:-1]) + " and " + digits[-1]
    assert "with {} you stay in whatever the others write (TN-7), score 5".format(number) in said
    assert "cross out {} for your squiggle (TN-16)".format(crossed) in said


def test_TN_4_a_hint_never_tells_what_another_seat_wrote_this_turn():
    """TN-4: numbers are written at the same time and hidden; the hint is for the asking seat
    only, so what seat 0 wrote changes neither seat 1's hinted number nor its words."""
    hints = []
    for written in ("987", "012", "555"):
        state = GAME.start(3, {}, seed=1)
        GAME.apply(state, 0, written)
        hints.append(asked(state, seat=1))
        assert written not in hints[-1][1]
    assert hints[0] == hints[1] == hints[2]


def test_asking_for_a_hint_does_not_change_hards_number():
    """The words are made only while a hint asks; the number is the one Hard plays with the same
    generator (its seeded benchmarks stay as they were)."""
    state = GAME.start(3, {}, seed=4)
    rng = random.Random(4)
    compared = 0
    while not GAME.is_over(state) and compared < 8:
        for seat in GAME.to_act(state):
            view, legal = GAME.view(state, seat), GAME.legal_actions(state, seat)
            if seat == 0 and len(legal) > 1:
                played = botlib.choose(GAME, "hard", view, seat, legal, hint_rng(view, 0, seat))
                assert hint(GAME, view, seat, legal, hint_rng(view, 0, seat))["action"] == played
                compared += 1
            GAME.apply(state, seat, rng.choice(legal))
    assert compared == 8
