"""Mojo: one test per numbered rule (shared/rules/mojo.md), and the issue's edge cases: the round
end when a player empties their hand, the Mojo card's 0 vs +10, the draw-pile reshuffle."""

import random
from collections import Counter

import pytest

from games.mojo import GAME
from games.mojo.data import COLOUR_OF, COPIES, DECK, GAME_END_TOTAL, HAND_SIZE
from games.mojo.rules import card_score, highest_per_colour
from tabletop import IllegalAction


def arrange(players, hands, pile=(5,), draw_top=(), turn=0, down=None, up=None, draw=None):
    """A round in progress with the given cards; every other card is in the draw pile, under
    `draw_top` (listed top card last). `draw` replaces the whole draw pile."""
    state = GAME.start(players, {}, seed=1)
    down = down or [[] for _ in range(players)]
    up = up or [[] for _ in range(players)]
    state["hands"] = [sorted(h) for h in hands]
    state["down"] = [sorted(d) for d in down]
    state["up"] = [list(u) for u in up]
    state["pile"] = list(pile)
    rest = Counter(DECK)
    rest.subtract([v for h in hands for v in h] + [v for d in down for v in d] + [v for u in up for v in u] + list(pile))
    if draw is None:
        rest.subtract(draw_top)
        state["draw"] = sorted(rest.elements()) + list(draw_top)
    else:
        state["draw"] = list(draw)
    state["turn"] = turn
    state["moves"] = [0] * players
    if draw is None:
        assert GAME.audit(state) == []
    return state


def play(state, seat, value):
    return GAME.apply(state, seat, "play:%d" % value)


def texts(events):
    return " | ".join(e["text"] for e in events)


def test_MJ_1_two_to_eight_players():
    for n in range(2, 9):
        assert GAME.start(n, {}, 1)["players"] == n
    for n in (1, 9):
        with pytest.raises(IllegalAction, match="2 to 8 players"):
            GAME.start(n, {}, 1)


def test_MJ_2_seventy_eight_cards_in_five_colours():
    assert len(DECK) == 78
    counts = Counter(DECK)
    assert [counts[v] for v in range(13)] == [4, 4, 5, 5, 5, 6, 6, 6, 7, 7, 7, 8, 8]
    assert {COLOUR_OF[v] for v in (0, 1)} == {"blue"} and COLOUR_OF[4] == "green" and COLOUR_OF[7] == "yellow"
    assert COLOUR_OF[10] == "orange" and COLOUR_OF[11] == COLOUR_OF[12] == "red"
    assert COPIES == {"blue": 4, "green": 5, "yellow": 6, "orange": 7, "red": 8}


def test_MJ_3_deal_eight_each_and_turn_up_the_first_card():
    for n in (2, 5, 8):
        state = GAME.start(n, {}, seed=n)
        assert [len(h) for h in state["hands"]] == [HAND_SIZE] * n
        assert len(state["pile"]) == 1 and len(state["draw"]) == 78 - HAND_SIZE * n - 1
        assert state["mojo"] is None  # the Mojo card lies in the centre
        view = GAME.view(state, 0)
        assert view["pile"] == state["pile"] and view["draw_count"] == len(state["draw"])
        assert view["hand"] == state["hands"][0] and view["hand_sizes"] == [HAND_SIZE] * n


def test_MJ_4_random_first_player_then_the_mojo_holder_starts():
    starters = {GAME.start(4, {}, seed)["turn"] for seed in range(40)}
    assert starters == {0, 1, 2, 3}
    state = arrange(3, [[2, 3, 4, 5, 6], [9, 9, 10, 10, 11], [12, 12, 12, 12, 11]], pile=(6,), turn=1, down=[[], [], []])
    state["hands"][1] = []
    state["down"][1] = [0]
    GAME.apply(state, 1, "reveal:0")  # seat 1 turns up its last card: takes the Mojo card
    assert state["round"] == 1 and state["mojo"] == 1
    assert state["turn"] == 1 and state["starter"] == 1


def test_MJ_5_lower_ends_the_turn():
    state = arrange(2, [[1, 5, 6, 7, 8], [3, 4, 9, 10, 11]], pile=(6,))
    events = play(state, 0, 5)
    assert state["turn"] == 1 and state["hands"][0] == [1, 6, 7, 8] and state["pile"][-1] == 5
    assert "lower, the turn ends" in texts(events)


def test_MJ_5_higher_draws_a_card_then_the_turn_ends():
    state = arrange(2, [[1, 5, 6, 7, 8], [3, 4, 9, 10, 11]], pile=(6,), draw_top=(12,))
    events = play(state, 0, 8)
    assert state["turn"] == 1 and state["hands"][0] == [1, 5, 6, 7, 12]
    assert "higher, draws a card" in texts(events)
    private = [e for e in events if e.get("seats")]
    assert private == [dict(private[0], seats=[0], text="You draw a 12.")]


def test_MJ_5_same_value_plays_again():
    state = arrange(2, [[1, 6, 6, 7, 8], [3, 4, 9, 10, 11]], pile=(6,))
    events = play(state, 0, 6)
    assert state["turn"] == 0 and state["again"] and "plays again" in texts(events)
    assert GAME.legal_actions(state, 0) == ["play:1", "play:6", "play:7", "play:8"]
    assert GAME.view(state, 1)["again"] is True
    play(state, 0, 6)  # same again
    assert state["turn"] == 0
    play(state, 0, 1)
    assert state["turn"] == 1 and not state["again"]


def test_MJ_5_only_cards_in_hand_can_be_played():
    state = arrange(2, [[1, 5, 6, 7, 8], [3, 4, 9, 10, 11]], pile=(6,))
    with pytest.raises(IllegalAction, match="no 12 in your hand"):
        play(state, 0, 12)
    with pytest.raises(IllegalAction, match="not your turn"):
        play(state, 1, 3)
    with pytest.raises(IllegalAction, match=r"MJ-8"):
        GAME.apply(state, 0, "reveal:1")


def test_MJ_6_empty_draw_pile_reshuffles_the_play_pile_but_its_top():
    state = arrange(2, [[1, 5, 6, 7, 8], [3, 4, 9, 10, 11]], pile=(2, 3, 0), draw=[])
    rng_before = dict(state["rng"])
    events = play(state, 0, 8)
    assert state["pile"] == [8]  # the card just played stays on top
    assert len(state["draw"]) == 2 and state["hands"][0] == sorted([1, 5, 6, 7] + [x for x in (2, 3, 0) if x not in state["draw"]])
    assert sorted(state["draw"] + [c for c in state["hands"][0] if c in (0, 2, 3)]) == [0, 2, 3]
    assert state["rng"] != rng_before
    assert any(e["type"] == "reshuffle" and e.get("announce") and "MJ-6" in e["text"] for e in events)


def test_MJ_6_a_single_covered_card_is_enough_to_shuffle():
    """A draw always follows a card played on another one, so there is always a card to
    shuffle: MJ-6's "nothing to shuffle" cannot arise."""
    state = arrange(2, [[1, 5, 6, 7, 8], [3, 4, 9, 10, 11]], pile=(0,), draw=[])
    play(state, 0, 8)
    assert state["hands"][0] == [0, 1, 5, 6, 7] and state["pile"] == [8] and state["draw"] == []
    assert state["turn"] == 1


def test_MJ_7_three_cards_or_fewer_go_face_down():
    state = arrange(3, [[1, 5, 7, 8], [3, 4, 9, 10, 11], [2, 2, 3, 3, 4]], pile=(6,))
    events = play(state, 0, 5)
    assert state["hands"][0] == [] and state["down"][0] == [1, 7, 8] and state["turn"] == 1
    assert any(e["type"] == "facedown" and e.get("announce") for e in events)
    public = GAME.view(state, 1)
    assert public["down_counts"][0] == 3 and public["down"] == [] and "down" not in repr(public["hand"])
    assert GAME.view(state, 0)["down"] == [1, 7, 8]  # you may look at your own face-down cards
    # The others play on; the next to reach the limit does the same.
    play(state, 1, 3)
    assert state["hands"][1] == [4, 9, 10, 11]
    play(state, 2, 2)
    assert state["down"][2] == [] and state["hands"][2] == [2, 3, 3, 4]


def test_MJ_7_two_players_go_face_down_at_two_cards():
    state = arrange(2, [[1, 5, 7], [3, 4, 9, 10, 11]], pile=(6,))
    play(state, 0, 5)
    assert state["hands"][0] == [] and state["down"][0] == [1, 7]
    state = arrange(2, [[1, 5, 7, 8], [3, 4, 9, 10, 11]], pile=(6,))
    play(state, 0, 5)
    assert state["hands"][0] == [1, 7, 8] and state["down"][0] == []  # 3 cards: not with 2 players


def test_MJ_7_a_same_value_chain_goes_on_below_the_limit():
    state = arrange(3, [[5, 5, 8, 9], [3, 4, 9, 10, 11], [2, 2, 3, 3, 4]], pile=(5,))
    play(state, 0, 5)
    assert state["hands"][0] == [5, 8, 9] and state["turn"] == 0  # 3 cards, but the turn goes on
    play(state, 0, 5)
    play(state, 0, 8)  # higher: draws, and the turn ends with 2 cards
    assert state["hands"][0] == [] and len(state["down"][0]) == 2 and 9 in state["down"][0] and state["turn"] == 1


def test_MJ_8_a_face_down_player_turns_up_a_card_of_their_choice():
    state = arrange(3, [[], [3, 4, 9, 10, 11], [2, 2, 3, 3, 4]], down=[[1, 7, 8], [], []], pile=(6,))
    assert GAME.legal_actions(state, 0) == ["reveal:1", "reveal:7", "reveal:8"]
    with pytest.raises(IllegalAction, match="MJ-8"):
        play(state, 0, 7)
    events = GAME.apply(state, 0, "reveal:7")
    assert state["down"][0] == [1, 8] and state["up"][0] == [7] and state["turn"] == 1
    assert state["pile"] == [6]  # the card stays in front of its player
    assert any(e["type"] == "reveal" and e.get("announce") for e in events)
    assert GAME.view(state, 2)["up"][0] == [7]


def test_MJ_9_turning_up_the_last_card_ends_the_round_and_takes_the_mojo():
    state = arrange(3, [[], [3, 4, 9, 10, 11], [2, 2, 3, 3, 4]], down=[[1], [], []], up=[[0, 2], [], []], pile=(6,))
    events = GAME.apply(state, 0, "reveal:1")
    assert state["mojo"] == 0 and state["round"] == 1
    last = state["rounds"][-1]
    assert last["counted"][0] == [0, 1, 2] and last["cards"][0] == 3
    assert any(e["type"] == "roundend" and e.get("announce") for e in events)


def test_MJ_9_a_player_who_empties_their_hand_ends_the_round():
    """The issue's edge case: a chain of same values empties the hand."""
    state = arrange(3, [[5, 5, 5, 5], [3, 4, 9, 10, 11], [2, 2, 3, 3, 4]], pile=(5,))
    events = []
    for _ in range(3):
        events += play(state, 0, 5)
        assert state["turn"] == 0 and state["round"] == 0
    events += play(state, 0, 5)
    assert state["round"] == 1 and state["mojo"] == 0
    assert state["rounds"][-1]["counted"][0] == [] and state["rounds"][-1]["points"][0] == 0
    assert "no card left (MJ-9)" in texts(events)
    # Also ending on a lower card with the last card in hand.
    state = arrange(3, [[4, 4, 2], [3, 4, 9, 10, 11], [6, 6, 3, 3, 8]], pile=(4,))
    play(state, 0, 4)
    play(state, 0, 4)
    play(state, 0, 2)
    assert state["round"] == 1 and state["mojo"] == 0


def test_MJ_10_highest_card_of_each_colour_in_hand_and_face_up():
    assert highest_per_colour([0, 1, 4, 2, 12, 11]) == [1, 4, None, None, 12]
    assert card_score([0, 1, 4, 2, 12, 11]) == 17
    assert card_score([]) == 0
    # Seat 1's hand counts whole; seat 2's face-down cards do not, its face-up ones do.
    state = arrange(3, [[], [3, 4, 9, 10, 11], []], down=[[1], [], [12, 12]], up=[[], [], [5, 2]], pile=(6,))
    GAME.apply(state, 0, "reveal:1")
    rnd = state["rounds"][-1]
    assert rnd["cards"] == [1, 4 + 10 + 11, 5 + 2]
    assert rnd["best"][1] == [None, 4, None, 10, 11]


def test_MJ_11_the_mojo_holder_scores_zero_when_lowest():
    state = arrange(3, [[], [3, 4, 9, 10, 11], [2]], down=[[7], [], []], up=[[0], [], []], pile=(6,), turn=0)
    events = GAME.apply(state, 0, "reveal:7")  # holder 0+7 = 7 vs 25 and 2: not lowest
    rnd = state["rounds"][-1]
    assert rnd["cards"] == [7, 25, 2] and rnd["side"] == 10 and rnd["points"] == [17, 25, 2]
    assert "+10" in texts(events) and state["mojo_side"] == 10
    # Issue 27: the line names who scored lower ("someone scored lower" said nothing).
    assert "The Mojo card shows +10 for {0}: {2} scored 2, lower than 7, so {0} scores 17 (MJ-11)." in texts(events)
    state = arrange(3, [[], [3, 4, 9, 10, 11], [2]], down=[[1], [], []], up=[[0], [], []], pile=(6,), turn=0)
    events = GAME.apply(state, 0, "reveal:1")  # 1 is the lowest
    rnd = state["rounds"][-1]
    assert rnd["side"] == 0 and rnd["points"] == [0, 25, 2] and "shows 0" in texts(events)
    state = arrange(3, [[], [3, 4, 9, 10, 11], [2]], down=[[2], [], []], pile=(6,), turn=0)
    GAME.apply(state, 0, "reveal:2")  # tied for lowest: still 0
    assert state["rounds"][-1]["side"] == 0 and state["rounds"][-1]["points"] == [0, 25, 2]


def test_MJ_12_fifty_ends_the_game_and_the_lowest_total_wins():
    state = arrange(3, [[], [3, 4, 9, 10, 11], [2]], down=[[1], [], []], pile=(6,), turn=0)
    state["totals"] = [20, 30, 45]
    state["rounds"] = [{"counted": [[], [], []], "best": [[None] * 5] * 3, "cards": [20, 30, 45], "mojo": 0, "side": 10,
                        "points": [20, 30, 45], "totals": [20, 30, 45]}]
    events = GAME.apply(state, 0, "reveal:1")  # round points 0 / 25 / 2
    assert state["totals"] == [20, 55, 47] and GAME.is_over(state)  # seat 1 reached 55
    # Issue 27: the end line names who reached 50 and with how many (it said "Someone reached 50").
    over = [e["text"] for e in events if e["type"] == "over"]
    assert over == ["{1} has 55 points, 50 or more: the game ends. Lowest total wins: {0} wins with 20."]
    result = GAME.result(state)
    assert result["scores"] == [20, 55, 47] and result["winners"] == [0]
    assert result["sheet"][-1] == {"label": "Total", "values": [20, 55, 47], "kind": "total"}
    assert "Lowest total wins" in result["notes"][0]
    assert GAME.legal_actions(state, 0) == [] and GAME.to_act(state) == []


def test_MJ_12_the_end_line_names_everyone_who_reached_fifty():
    state = arrange(3, [[], [3, 4, 9, 10, 11], [2]], down=[[1], [], []], pile=(6,), turn=0)
    state["totals"] = [20, 30, 49]
    state["rounds"] = [{"counted": [[], [], []], "best": [[None] * 5] * 3, "cards": [20, 30, 49], "mojo": 0, "side": 10,
                        "points": [20, 30, 49], "totals": [20, 30, 49]}]
    events = GAME.apply(state, 0, "reveal:1")  # round points 0 / 25 / 2
    assert [e["text"] for e in events if e["type"] == "over"] == [
        "{1} has 55 and {2} has 51 points, 50 or more: the game ends. Lowest total wins: {0} wins with 20."]


def test_MJ_12_below_fifty_another_round_is_dealt():
    state = arrange(2, [[], [3, 4, 9]], down=[[1], []], pile=(6,), turn=0)
    GAME.apply(state, 0, "reveal:1")
    assert not GAME.is_over(state) and state["round"] == 1
    assert [len(h) for h in state["hands"]] == [8, 8] and state["down"] == [[], []] and state["up"] == [[], []]
    assert GAME.audit(state) == []


def test_views_hide_hands_face_down_cards_and_the_draw_order():
    state = arrange(3, [[], [3, 4, 9, 10, 11], [2, 2, 3, 3, 4]], down=[[1, 7, 8], [], []], pile=(6,))
    spectator = GAME.view(state, None)
    assert spectator["hand"] is None and spectator["down"] is None and "draw" not in spectator
    assert GAME.view(state, 1)["hand"] == [3, 4, 9, 10, 11] and GAME.view(state, 1)["down"] == []


def test_a_whole_game_keeps_every_card_and_scores_each_round():
    state = GAME.start(4, {}, seed=3)
    rng = random.Random(3)
    while not GAME.is_over(state):
        seat = GAME.to_act(state)[0]
        GAME.apply(state, seat, rng.choice(GAME.legal_actions(state, seat)))
        assert GAME.audit(state) == []
    assert sum(sum(r["points"]) for r in state["rounds"]) == sum(state["totals"])
    assert max(state["totals"]) >= GAME_END_TOTAL


def test_a_quiet_playout_makes_the_same_moves_and_points_as_apply():
    """The Hard bot plays its sampled deals out with `play_out_round`, which writes no event:
    the moves (MJ-5 draws, MJ-6 reshuffles, MJ-7 face down, MJ-9 round end) and the round's
    points (MJ-10, MJ-11) must be those of `apply`, or a seed would no longer replay its game."""
    from games.mojo.bots import _fast_choice
    from tabletop import clone

    checked, reshuffles = 0, 0
    for seed in range(16):
        players = 2 + seed % 7
        state = GAME.start(players, {}, seed)
        rng = random.Random(seed)
        for _ in range(rng.randrange(0, 30)):  # somewhere into the first round
            seat = state["turn"]
            GAME.apply(state, seat, rng.choice(GAME.legal_actions(state, seat)))
            if state["rounds"]:
                break
        if state["rounds"]:
            continue
        quiet, loud = clone(state), clone(state)
        quiet_moves, loud_moves = [], []

        def logged(s, seat):
            move = _fast_choice(s, seat)
            quiet_moves.append((seat, move))
            return move

        points = GAME.play_out_round(quiet, logged)
        while not loud["rounds"]:
            seat = loud["turn"]
            kind, value = _fast_choice(loud, seat)
            loud_moves.append((seat, (kind, value)))
            events = GAME.apply(loud, seat, "%s:%d" % (kind, value))
            reshuffles += any(e["type"] == "reshuffle" for e in events)
        assert quiet_moves == loud_moves
        assert points == loud["rounds"][0]["points"]
        assert [sorted(quiet["hands"][s] + quiet["up"][s]) for s in range(players)] == loud["rounds"][0]["counted"]
        checked += 1
    assert checked >= 10 and reshuffles >= 1
