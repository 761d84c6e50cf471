"""Mojo's bots: a hint's words (issue 37). The Hint says what Hard's move does in the game's own
terms (rules MJ-5 to MJ-11, shared/rules/mojo.md), then its search's figures. The positions are
built from the rules' own test helper; each test names the rule its words come from."""

import random

from games.mojo import GAME
from games.mojo import bots as mjbots
from games.mojo.rules import card_score
from tabletop import bots as botlib
from tabletop import search
from tabletop.hints import hint, hint_rng
from tabletop.simulate import play_game
from test_mojo_rules import arrange

OTHERS = [[3, 4, 9, 10, 11], [2, 2, 3, 3, 4]]  # seats 1 and 2 of a three-player table: each holds a hand


def hint_of(state, seat=0):
    view = GAME.view(state, seat)
    return hint(GAME, view, seat, GAME.legal_actions(state, seat), hint_rng(view, seat, 0))


def words(state, seat=0):
    """The hint's move and the clause before its figures ("Hard would play this: <clause>. Over ...")."""
    found = hint_of(state, seat)
    reason = found["why"].args["reason"]
    assert str(found["why"]).startswith("Hard would play this: " + reason)
    return found["action"], str(reason)


def test_hint_words_MJ_5_MJ_10_a_lower_card_ends_the_turn_and_takes_its_colour_off_the_count():
    """The 12 on the pile: every card is lower (no draw, MJ-5). The 8 is the only orange card: it
    no longer counts (MJ-10), 27 becomes 19."""
    state = arrange(3, [[2, 5, 8, 11, 12]] + OTHERS, pile=(12,))
    action, said = words(state)
    assert action == "play:8"
    assert said == "your 8 is lower than the 12: no draw, your turn ends (MJ-5); shedding it takes your count from 27 to 19 (MJ-10)"
    assert (card_score([2, 5, 8, 11, 12]), card_score([2, 5, 11, 12])) == (27, 19)


def test_hint_words_MJ_5_MJ_10_a_higher_card_draws_but_sheds_the_12_that_would_count():
    """Going face down now (MJ-7) would keep the 12, to count once turned up: Hard plays the 12 on
    the 10 and draws (MJ-5); the count before the draw falls from 16 to 4 (MJ-10)."""
    state = arrange(3, [[1, 2, 3, 12]] + OTHERS, pile=(10,))
    action, said = words(state)
    assert action == "play:12"
    assert said == "your 12 is higher than the 10: you draw a card (MJ-5); shedding it takes your count from 16 to 4 before the draw (MJ-10)"


def test_hint_words_MJ_5_every_card_higher_draws_whichever_is_played():
    state = arrange(3, [[5, 8, 8, 10, 12]] + OTHERS, pile=(0,))
    action, said = words(state)
    assert action == "play:5"
    assert said == ("all your cards are higher than the 0, so your 5 makes you draw as any would (MJ-5); "
                    "shedding it takes your count from 27 to 22 before the draw (MJ-10)")


def test_hint_words_MJ_5_the_same_value_plays_again_with_another_copy_to_follow():
    state = arrange(3, [[2, 6, 6, 6, 9]] + OTHERS, pile=(6,))
    action, said = words(state)
    assert action == "play:6"
    assert said == "your 6 matches the 6: you play again (MJ-5); you still hold another 6 to play on it"


def test_hint_words_MJ_7_the_cards_left_go_face_down_after_a_lower_card():
    """After a same value (MJ-5) the 4 on the 5 ends the turn with 2 cards: face down (MJ-7), where
    they do not count until turned up (MJ-10)."""
    state = arrange(3, [[4, 8, 9]] + OTHERS, pile=(5, 5))
    state["again"] = True
    action, said = words(state)
    assert action == "play:4"
    assert said == ("your 4 is lower than the 5: no draw, your turn ends (MJ-5); then your 2 cards go face down, "
                    "where they count only once turned up (MJ-7, MJ-10)")


def test_hint_words_MJ_7_the_drawn_card_goes_face_down_too():
    """Every card is higher than the 5: the 12 draws one (MJ-5), and the 3 cards then in hand go
    face down (MJ-7): the drawn card is counted with them."""
    state = arrange(3, [[8, 9, 12]] + OTHERS, pile=(5, 5))
    state["again"] = True
    action, said = words(state)
    assert action == "play:12"
    assert said == ("all your cards are higher than the 5, so your 12 makes you draw as any would (MJ-5); then your 3 cards "
                    "go face down, where they count only once turned up (MJ-7, MJ-10)")


def test_hint_words_MJ_5_the_lowest_card_left_on_top_makes_the_next_player_draw():
    state = arrange(2, [[0, 5, 8, 8, 9], [3, 4, 9, 10, 11]], pile=(12,))
    action, said = words(state)
    assert action == "play:0"
    assert said == ("your 0 is lower than the 12: no draw, your turn ends (MJ-5); it gives {1} the lowest card you hold "
                    "to play on: anything higher makes them draw (MJ-5)")


def test_hint_words_MJ_9_MJ_11_a_last_card_ends_the_round_at_zero():
    """A chain of the same value (MJ-5) down to the last card: the round ends (MJ-9) with nothing
    in hand, the lowest score: the Mojo card shows 0 (MJ-11). One legal move, so the hint says
    only that; the bot's clause is what it would say."""
    state = arrange(3, [[5]] + OTHERS, pile=(5, 5))
    state["again"] = True
    assert hint_of(state)["why"] == "This is your only legal move."
    said = mjbots.why(GAME.view(state, 0), 0, "play:5")
    assert said == "playing your last card, the 5, ends the round: you take the Mojo card with 0 points (MJ-9, MJ-11)"
    GAME.apply(state, 0, "play:5")
    assert state["rounds"][-1]["mojo"] == 0 and state["rounds"][-1]["points"][0] == 0


def test_hint_words_MJ_8_MJ_10_a_face_down_card_that_adds_nothing_is_turned_up_first():
    """A face-up 10 already counts for orange: the 9 adds nothing (MJ-10); the 4 would add 4, the 12 twelve."""
    state = arrange(3, [[]] + OTHERS, down=[[4, 9, 12], [], []], up=[[10], [], []], pile=(6,))
    action, said = words(state)
    assert action == "reveal:9"
    assert said == "turning up your 9 adds nothing to your score: your face-up 10 already counts for orange (MJ-10)"
    assert str(hint_of(state)["why"]) == "Hard would play this: " + said + "."  # no search: no figures


def test_hint_words_MJ_8_MJ_10_the_face_down_card_that_adds_least():
    state = arrange(3, [[]] + OTHERS, down=[[3, 7], [], []], pile=(6,))
    assert words(state) == ("reveal:3", "of your face-down cards, the 3 adds the least to your score: 3 points (MJ-10)")
    state = arrange(3, [[]] + OTHERS, down=[[0, 7], [], []], pile=(6,))
    assert words(state) == ("reveal:0", "turning up your 0 adds nothing to your score (MJ-10)")


def test_hint_words_with_no_rule_to_point_at_say_what_hards_playouts_found_against_the_next_best_card():
    """Two 8s and two 11s on a 4: every card draws (MJ-5) and none leaves the count (MJ-10). The
    words are then the search's own: its worlds' round points for you, the 8 against the card its
    figures rank next, and the gain matches those worlds."""
    state = arrange(3, [[8, 8, 11, 11], [3, 4, 9, 10, 11], []], down=[[], [], [2, 5, 6]], pile=(4,))
    view, legal = GAME.view(state, 0), GAME.legal_actions(state, 0)
    with search.noting() as found:
        action = botlib.choose(GAME, "hard", view, 0, legal, hint_rng(view, 0, 0))
    assert action == "play:8" and found["chosen"] == "play:8"
    next_best = max((a for a in found["values"] if a != action), key=found["values"].get)
    assert next_best == "play:11"
    said = str(found["why"])
    assert said.startswith("all your cards are higher than the 4, so your 8 makes you draw as any would (MJ-5); "
                           "its playouts give you about ")
    assert said.endswith(" points fewer than your 11 would")
    assert words(state) == (action, said)


def test_a_hint_plays_what_hard_plays_and_its_words_come_from_the_view_alone():
    """The words are made only while a hint asks, from the seat's view: the same view with other
    hidden cards gives the same move and words, and Hard's own move is the hint's."""
    state = arrange(3, [[2, 5, 8, 11, 12]] + OTHERS, pile=(12,))
    other = arrange(3, [[2, 5, 8, 11, 12], [0, 1, 6, 7, 7], [9, 9, 10, 10, 12]], pile=(12,))
    assert GAME.view(state, 0) == GAME.view(other, 0)
    assert hint_of(state) == hint_of(other)
    view, legal = GAME.view(state, 0), GAME.legal_actions(state, 0)
    assert botlib.choose(GAME, "hard", view, 0, legal, hint_rng(view, 0, 0)) == hint_of(state)["action"]


def test_the_words_do_not_change_hards_games():
    """A game of bots plays the same whether or not a hint asked along the way (the words are
    made only when asking, and take nothing from the search's generator)."""
    levels = ["hard", "normal", "normal"]
    plain = []
    play_game(GAME, levels, 7, history=plain)
    state, rng, asked, played = GAME.start(3, {}, 7), random.Random(7), 0, []
    while not GAME.is_over(state):
        seat = GAME.to_act(state)[0]
        view, legal = GAME.view(state, seat), GAME.legal_actions(state, seat)
        if seat == 0 and len(legal) > 1:
            assert hint(GAME, view, seat, legal, hint_rng(view, seat, 0))["why"].args["reason"]
            asked += 1
        action = botlib.choose(GAME, levels[seat], view, seat, legal, rng)
        played.append([seat, action])
        GAME.apply(state, seat, action)
    assert asked > 5 and played == plain


def test_hint_words_say_both_parts_of_the_playouts_lead_when_they_pull_apart():
    """The lead is the others' round points less your own (MJ-10): when one part goes against the
    card, the words say it too, so they add up to the figure after them."""
    seen = {5: [(12.0, 20.0)], 10: [(11.4, 18.5)]}  # with the 5: you 0.6 more, the others 1.5 more
    assert mjbots.playout_why(5, seen) == ("its playouts give the others about 1.5 points more than your 10 would, "
                                           "for 0.6 more of your own")
    seen = {5: [(10.0, 17.0)], 10: [(12.0, 18.0)]}  # with the 5: you 2.0 fewer, the others 1.0 fewer
    assert mjbots.playout_why(5, seen) == ("its playouts give you about 2.0 points fewer than your 10 would, "
                                           "for the others 1.0 fewer")
    seen = {5: [(10.0, 18.0)], 10: [(12.0, 18.0)]}  # one part only
    assert mjbots.playout_why(5, seen) == "its playouts give you about 2.0 points fewer than your 10 would"
