"""Flowers' Hard bot in a hint: what its move does, in the game's own words (search.say_why), for
each kind of decision: a take (a face-up card, the face-down stack, a stack's last card) and a
placement, with others and solo, on gardens built from the rules (shared/rules/flowers.md)."""

import random

import pytest

from games.flowers import GAME
from games.flowers.data import CARDS
from games.flowers.rules import score_garden
from tabletop import bots as botlib
from tabletop.hints import hint, hint_rng
from tabletop.match import Match, make_seats
from test_flowers_rules import LETTER, garden


def card(token, used):
    """The first card of `token` ("R3", "Y4g") that is not in `used`."""
    want = (LETTER[token[0]], int(token[1]), LETTER[token[2].upper()] if len(token) > 2 else None)
    return next(i for i, c in enumerate(CARDS) if c == want and i not in used)


def token_of(c):
    colour, number, fly = CARDS[c]
    return colour[0].upper() + str(number) + (fly[0] if fly else "")


def arrange(gardens, tops=(None, None), counts=(20, 20, 20), held=None, held_from=None):
    """Seat 0 to act with these `gardens` (garden()'s), stacks 1 and 2 showing `tops`, the stacks
    `counts` cards high, every other card out of the game; holding `held` (taken from stack
    `held_from`) if given."""
    state = GAME.start(len(gardens), {}, 1)
    used = set()
    state["gardens"] = []
    for g in gardens:  # each garden() counts its own copies: another copy of a card already in one
        state["gardens"].append({})
        for key, stack in g.items():
            state["gardens"][-1][key] = [c if c not in used else card(token_of(c), used) for c in stack]
            used.update(state["gardens"][-1][key])
    shown = []
    for token in list(tops) + [held]:
        shown.append(None if token is None else card(token, used))
        used.add(shown[-1])
    rest = [c for c in range(len(CARDS)) if c not in used]
    stacks = []
    for i, count in enumerate(counts):
        top = shown[i] if i < 2 else None
        below = count - (top is not None)
        stacks.append(rest[:below] + ([top] if top is not None else []))
        rest = rest[below:]
    state["stacks"], state["out"] = stacks, rest
    state["turn"], state["held"], state["held_from"] = 0, shown[2], held_from
    assert GAME.audit(state) == []
    return state


def hinted(state):
    """(the action Hard would play for seat 0, the hint's sentence)."""
    view = GAME.view(state, 0)
    found = hint(GAME, view, 0, GAME.legal_actions(state, 0), hint_rng(view, 0, 0))
    return found["action"], str(found["why"])


LEADING = garden("R4 R4 R2 R1", "R4 R4 R2 .")  # 7 red cards in exact groups: 7 points
BEHIND = garden("B3 B3 B1")  # two 3s short of a third: -2


# --- placing the card taken (FL-8) -------------------------------------------------------------
def test_FL_10_a_placement_that_completes_a_group_of_3s_says_so():
    state = arrange([garden("R3 B3 G2", ".  .  G2")], held="Y3", held_from=0)
    action, why = hinted(state)
    assert action == "place:-1,0"
    assert why.startswith("Hard would play this: placed beside your red ♥ 3, the yellow ★ 3 completes a group of 3s (FL-10)")


def test_FL_13_a_placement_that_lets_a_butterfly_score_says_so():
    """The blue 4 at the corner carries a red butterfly with no red card beside it yet."""
    state = arrange([garden("B4r B4 B4 B4", "G1  .  .  .")], held="R2", held_from=0)
    action, why = hinted(state)
    assert action == "place:-1,0"
    assert "the red ♥ 2 lets the red butterfly beside it score (+1, FL-13)" in why


def test_FL_10_covering_a_card_of_a_group_too_big_says_so():
    """Five 4s fail as a whole (FL-10): a lone 1 on one end leaves four."""
    state = arrange([garden("G4 G4 G4 G4 G4")], held="R1", held_from=0)
    action, why = hinted(state)
    assert action == "place:0,0"
    assert ("placed on top of your green ♣ 4, the red ♥ 1 shrinks a group of 4s that was too big (FL-10) and "
            "stands alone, as a 1 must (FL-10)") in why


def test_FL_9_FL_14_a_placement_that_keeps_a_next_players_end_from_winning_says_so():
    """The face-down stack is down to its last card: the next player may end the game (FL-9).
    The yellow 1 on the lone yellow 2 (-1, FL-11) brings the garden to -3 at once, level with the
    next player's -3 (FL-14); a place beside the garden leaves it at -4."""
    mine = garden("Y3 G3 .", "Y3 Y4g Y4", "Y2 Y4 .", origin=(-1, 0))
    theirs = garden("R4 B4r B4", ".  B1 B3", ".  B3 G3", origin=(-1, 0))
    state = arrange([mine, theirs], tops=("R3", "G2"), counts=(20, 20, 1), held="Y1", held_from=2)
    held = state["held"]
    assert score_garden({**mine, "-1,2": mine["-1,2"] + [held]})["total"] == score_garden(theirs)["total"] == -3
    assert score_garden({**mine, "-1,-1": [held]})["total"] == -4
    action, why = hinted(state)
    assert action == "place:-1,2"
    assert why.startswith("Hard would play this: placed on top of your yellow ★ 2, the yellow ★ 1 hides a 2 still short of its "
                          "group (FL-11) and stands alone, as a 1 must (FL-10); a place that looks better would give {1} more "
                          "chances to end the game next turn and win (FL-9).")


def test_FL_9_placing_the_last_card_says_the_final_score_and_it_is_the_best_reachable():
    state = arrange([LEADING, BEHIND], counts=(0, 20, 20), held="R3", held_from=0)
    action, why = hinted(state)
    held = state["held"]
    best = max(score_garden({**state["gardens"][0], key: state["gardens"][0].get(key, []) + [held]})["total"]
               for key in (a[len("place:"):] for a in GAME.legal_actions(state, 0)))
    assert best == 6  # the lone 3 is removed (-1, FL-11), the 7 reds still score (FL-12)
    assert action == "place:-1,0"
    assert why == ("Hard would play this: this card ends the game (FL-9): placed beside your red ♥ 4, it brings your garden "
                   "to 6 points, the most it can reach.")


# --- taking a card (FL-7) ------------------------------------------------------------------------
def test_FL_12_taking_a_face_up_card_that_grows_a_scoring_area_says_where_it_goes():
    state = arrange([LEADING], tops=("B3", "R1"))
    action, why = hinted(state)
    assert action == "take:1"
    assert why.startswith("Hard would play this: taking the red ♥ 1 from stack 2: placed beside your red ♥ 4, it grows your red "
                          "area to 8 cards, 1 point each (FL-12) and stands alone, as a 1 must (FL-10).")


def test_FL_7_the_face_down_stack_when_the_face_up_cards_fit_worse():
    """1s among 1s: either face-up 1 would touch another 1 or stand off the garden's colours."""
    state = arrange([garden("R1 B2 R1", "B2 R1 B2")], tops=("Y1", "G1"))
    action, why = hinted(state)
    assert action == "take:2"
    assert why.startswith("Hard would play this: taking the top of the face-down stack: an unseen card likely fits your garden "
                          "better than yellow ★ 1 or green ♣ 1.")


def test_taking_the_card_the_next_player_could_use_most_says_so():
    """The green 1 would make the next player's green area 5 cards (FL-12): Hard keeps it from them."""
    rival = garden("G4 G4 B2 B2", "G4 G4 B3 B3", "Y3 .  .  B3")
    action, why = hinted(arrange([garden("Y2 Y2"), rival], tops=("G1", "Y1")))
    assert action == "take:0"
    assert "taking the green ♣ 1 from stack 1" in why
    assert "; {1}, who plays next, could use it most." in why


@pytest.mark.parametrize("mine,other,action,reason", [
    (LEADING, BEHIND, "take:0", "it brings the end nearer while you lead (FL-9)"),
    (BEHIND, LEADING, "take:1", "it does not hasten the end while you are behind (FL-9)"),
])
def test_FL_9_the_pace_of_the_game_decides_between_two_equal_cards(mine, other, action, reason):
    """Two blue 1s face up; stack 1 is the lowest, so taking from it brings the end nearer."""
    chosen, why = hinted(arrange([mine, other], tops=("B1", "B1"), counts=(8, 12, 12)))
    assert chosen == action
    assert "taking the blue ◆ 1 from stack {}".format(int(action[-1]) + 1) in why and reason in why


def test_FL_9_a_take_that_leaves_a_last_card_to_a_leading_player_is_avoided_and_said():
    """Stacks 1 and 3 have two cards: a take from either leaves the last card to the next player,
    who leads and would end the game and win."""
    action, why = hinted(arrange([BEHIND, LEADING], tops=("B3", "G2"), counts=(2, 12, 2)))
    assert action == "take:1"
    assert "taking the green ♣ 2 from stack 2" in why
    assert "another take could let {1} end the game next turn and win (FL-9)" in why


def test_FL_9_FL_14_taking_the_last_card_to_win_says_the_final_scores():
    action, why = hinted(arrange([LEADING, BEHIND], tops=("R1", "Y2"), counts=(1, 20, 20)))
    assert action == "take:0"
    assert why.startswith("Hard would play this: taking the last card of stack 1 ends the game (FL-9), and your garden wins, "
                          "8 points to -2.")


def test_FL_9_taking_the_face_down_stacks_last_card_when_most_cards_win():
    action, why = hinted(arrange([LEADING, BEHIND], tops=("B3", "Y3"), counts=(12, 12, 1)))
    assert action == "take:2"
    assert why.startswith("Hard would play this: taking the last card of the face-down stack ends the game (FL-9): with most "
                          "cards it may be, your garden comes out ahead.")


def test_FL_9_a_last_card_that_would_end_the_game_in_a_loss_is_left_and_said():
    """Three players: the third leads, so ending the game now loses, and the next player could
    not win by ending it either (no end handed over)."""
    third = garden("Y4 Y4 Y2 Y1", "Y4 Y4 Y2 Y3", ".  .  Y3 Y3")
    action, why = hinted(arrange([BEHIND, garden("G3 G3 G1"), third], tops=("R3", "B3"), counts=(1, 20, 20)))
    assert action != "take:0"
    assert "taking the last card of stack 1 would end the game in a loss (FL-9)" in why


# --- solo ------------------------------------------------------------------------------------------
def test_solo_FL_9_keeps_a_last_card_while_playing_on_is_worth_more():
    action, why = hinted(arrange([LEADING], tops=("B3", "Y2"), counts=(20, 1, 20)))
    assert action != "take:1"
    assert "taking the last card of stack 2 would end the game too soon (FL-9)" in why


def test_solo_FL_9_ends_the_game_when_playing_on_cannot_add_more():
    action, why = hinted(arrange([LEADING], tops=("R1", "Y2"), counts=(1, 1, 1)))
    assert action == "take:0"
    assert why.startswith("Hard would play this: taking the last card of stack 1 ends the game (FL-9) with your garden at 8 "
                          "points: playing on is unlikely to add more.")


# --- the words change nothing ------------------------------------------------------------------
@pytest.mark.parametrize("players", [1, 2, 3])
def test_a_hint_plays_what_hard_plays_without_being_asked(players):
    """The words are made only while a hint asks, from what was weighed: Hard's move stays the same."""
    match = Match(GAME, make_seats(["human"] + ["normal"] * (players - 1)), {}, 21)
    rng = random.Random(21)
    checked = 0
    while not match.is_over() and checked < 12:
        seat = match.to_act()[0]
        legal = match.legal(seat)
        if seat == 0 and len(legal) > 1:
            view = match.view(0)
            found = hint(GAME, view, 0, legal, hint_rng(view, 0, 0))
            assert found["action"] == botlib.choose(GAME, "hard", view, 0, legal, hint_rng(view, 0, 0))
            assert str(found["why"]).startswith("Hard would play this: " + ("taking" if legal[0].startswith("take:") else "placed"))
            checked += 1
        match.play(seat, rng.choice(legal))
    assert checked == 12
