"""Flowers: one test per numbered rule (shared/rules/flowers.md), with the issue's scoring cases
on hand-built gardens: a group of five 4s fails whole, a 1 touching a 1, a covered card removed
with its cover, a butterfly touching its colour."""

import json
import random
from collections import Counter

import pytest

from games.flowers import GAME
from games.flowers.data import BUTTERFLY, CARDS, COLOUR, COLOURS, NUMBER, STACK_SIZE
from games.flowers.rules import card_name, legal_cells, ranking, score_garden
from tabletop import IllegalAction

LETTER = {"Y": "yellow", "R": "red", "B": "blue", "G": "green"}


def garden(*rows, origin=(0, 0)):
    """A garden from rows of cells: "R3" a red 3, "Y4g" a yellow 4 with a green butterfly,
    "B2/R3" a red 3 covering a blue 2, "." nothing."""
    used = Counter()
    out = {}
    for y, row in enumerate(rows):
        for x, cell in enumerate(row.split()):
            if cell == ".":
                continue
            stack = []
            for token in cell.split("/"):
                want = (LETTER[token[0]], int(token[1]), LETTER[token[2].upper()] if len(token) > 2 else None)
                matches = [i for i, c in enumerate(CARDS) if c == want]
                stack.append(matches[used[want]])
                used[want] += 1
            out["%d,%d" % (x + origin[0], y + origin[1])] = stack
    return out


def play_turn(state, take, place):
    seat = state["turn"]
    return GAME.apply(state, seat, "take:%d" % take) + GAME.apply(state, seat, "place:" + place)


def test_FL_1_one_to_four_players():
    for n in range(1, 5):
        assert GAME.start(n, {}, 1)["players"] == n
    for n in (0, 5):
        with pytest.raises(IllegalAction, match="1 to 4 players"):
            GAME.start(n, {}, 1)


def test_FL_2_the_108_cards_and_their_butterflies():
    assert len(CARDS) == 108
    assert Counter(COLOUR) == {c: 27 for c in COLOURS}
    for colour in COLOURS:
        numbers = Counter(n for c, n, _ in CARDS if c == colour)
        assert numbers == {1: 3, 2: 6, 3: 8, 4: 10}
        flies = sorted(f for c, n, f in CARDS if c == colour and f)
        assert flies == sorted(set(COLOURS) - {colour})  # one of each other colour
    assert all(NUMBER[i] == 4 for i in range(108) if BUTTERFLY[i])


def test_FL_3_no_violet_start_cards_nor_summer_variant():
    assert "violet" not in COLOURS and GAME.info.options == ()
    assert "not part of the game" in GAME.info.rule("FL-3").text


def test_FL_4_each_garden_starts_with_one_random_card():
    state = GAME.start(4, {}, 5)
    firsts = [g["0,0"] for g in state["gardens"]]
    assert all(len(g) == 1 and len(f) == 1 for g, f in zip(state["gardens"], firsts))
    assert len({f[0] for f in firsts}) == 4
    assert len({GAME.start(1, {}, s)["gardens"][0]["0,0"][0] for s in range(20)}) > 10


@pytest.mark.parametrize("players,sizes,out", [(1, [36, 36, 35], 0), (2, [26, 26, 26], 28), (3, [30, 30, 30], 15), (4, [35, 35, 34], 0)])
def test_FL_5_stack_sizes_by_player_count(players, sizes, out):
    state = GAME.start(players, {}, 3)
    assert [len(s) for s in state["stacks"]] == sizes and len(state["out"]) == out
    assert STACK_SIZE[2] == 26 and STACK_SIZE[3] == 30
    assert GAME.audit(state) == []


def test_FL_6_two_stacks_face_up_one_face_down_and_a_random_starter():
    state = GAME.start(3, {}, 8)
    view = GAME.view(state, 0)
    assert view["stacks"][0]["top"] == state["stacks"][0][-1] and view["stacks"][1]["top"] == state["stacks"][1][-1]
    assert view["stacks"][2]["top"] is None and view["stacks"][2]["count"] == 30
    assert {GAME.start(4, {}, s)["turn"] for s in range(30)} == {0, 1, 2, 3}


@pytest.mark.parametrize("players", [1, 2])
def test_FL_7_the_card_below_a_taken_face_up_card_turns_up_only_after_the_placement(players):
    """FL-7: "the next player turns over a new card": the taker places without having seen it
    (solo too: it turns up after the placement)."""
    state = GAME.start(players, {}, 4)
    seat = state["turn"]
    top, under = state["stacks"][1][-1], state["stacks"][1][-2]
    assert GAME.legal_actions(state, seat) == ["take:0", "take:1", "take:2"]
    events = GAME.apply(state, seat, "take:1")
    assert state["held"] == top and not any(e["type"] == "turnup" for e in events)
    for viewer in list(range(players)) + [None]:
        shown = GAME.view(state, viewer)["stacks"]
        assert shown[1] == {"count": 25 if players == 2 else 35, "top": None}  # not seen by anyone yet
        assert under not in [s["top"] for s in shown]
    # Hidden from all: re-drawing the hidden cards may put another card there.
    assert len({GAME.scramble(state, seat, random.Random(k))["stacks"][1][-1] for k in range(8)}) > 1
    with pytest.raises(IllegalAction, match=r"place it in your garden first \(FL-8\)"):
        GAME.apply(state, seat, "take:0")
    events = GAME.apply(state, seat, GAME.legal_actions(state, seat)[0])
    turnup = [e for e in events if e["type"] == "turnup"]
    assert len(turnup) == 1 and turnup[0].get("commit") and "Stack 2 now shows" in turnup[0]["text"]
    assert events.index(turnup[0]) == len(events) - 1  # the start of the next player's turn
    assert state["turn"] == (seat + 1) % players
    assert GAME.view(state, state["turn"])["stacks"][1]["top"] == under


def test_FL_7_take_the_hidden_top_of_the_face_down_stack():
    state = GAME.start(2, {}, 4)
    seat = state["turn"]
    hidden = state["stacks"][2][-1]
    assert all(hidden != v["top"] for v in GAME.view(state, seat)["stacks"])
    events = GAME.apply(state, seat, "take:2")
    assert state["held"] == hidden and events[0].get("commit")
    assert GAME.view(state, 1 - seat)["stacks"][2]["top"] is None  # the next one stays hidden


def test_FL_8_place_beside_or_on_top_of_a_card():
    state = GAME.start(1, {}, 2)
    GAME.apply(state, 0, "take:0")
    assert GAME.legal_actions(state, 0) == ["place:0,-1", "place:-1,0", "place:0,0", "place:1,0", "place:0,1"]
    with pytest.raises(IllegalAction, match=r"touching a side.*\(FL-8\)"):
        GAME.apply(state, 0, "place:1,1")  # diagonal only
    with pytest.raises(IllegalAction, match=r"First take a card"):
        GAME.apply(GAME.start(1, {}, 2), 0, "place:0,1")
    GAME.apply(state, 0, "place:-1,0")
    GAME.apply(state, 0, "take:1")
    GAME.apply(state, 0, "place:0,0")  # covering the first card
    garden_now = state["gardens"][0]
    assert len(garden_now["0,0"]) == 2 and "-1,0" in garden_now
    # No size limit: the garden grows in any direction, coordinates stay plain strings.
    for i in range(2, 12):
        play_turn(state, 2, "%d,0" % -i)
    assert "-11,0" in state["gardens"][0] and json.loads(json.dumps(state)) == state
    assert legal_cells({"0,0": [1]}) == ["0,-1", "-1,0", "0,0", "1,0", "0,1"]


def test_FL_8_the_log_names_the_card_that_was_covered():
    """Issue 27: covering a card logged "places the green 3 on top of the green 3" (the pile
    was read after the new card landed on it)."""
    state = GAME.start(1, {}, 2)
    covered = state["gardens"][0]["0,0"][-1]
    GAME.apply(state, 0, "take:0")
    card = state["held"]
    assert card != covered
    text = GAME.apply(state, 0, "place:0,0")[0]["text"]
    assert text.startswith("{0} places the %s on top of the %s (" % (card_name(card), card_name(covered))), text
    text = [e["text"] for e in play_turn(state, 1, "1,0") if e["type"] == "place"][0]
    assert "in the garden" in text and "on top of" not in text


def test_FL_9_the_last_card_of_a_stack_ends_the_game_after_placing_it():
    state = GAME.start(2, {}, 6)
    state["out"] += state["stacks"][0][:-1]
    state["stacks"][0] = state["stacks"][0][-1:]
    seat = state["turn"]
    events = GAME.apply(state, seat, "take:0")
    assert not GAME.is_over(state) and any(e["type"] == "last" and e.get("announce") for e in events)
    assert GAME.legal_actions(state, seat)[0].startswith("place:")
    events = GAME.apply(state, seat, "place:1,0")
    assert GAME.is_over(state) and state["ender"] == seat
    assert state["turns"][seat] == 1 and state["turns"][1 - seat] == 0  # different numbers of turns
    assert GAME.to_act(state) == [] and any(e["type"] == "end" for e in events)


def test_FL_10_exact_number_groups_are_valid():
    g = garden("R4 R4 B3 B3",
               "G4 Y4 B1 B3",
               "Y2 Y2 .  R1")
    sc = score_garden(g)
    assert all(group["valid"] for group in sc["groups"]) and sc["removed_cards"] == 0


def test_FL_10_a_group_of_five_4s_fails_as_a_whole():
    sc = score_garden(garden("R4 R4 R4", "R4 R4 ."))
    assert [(grp["number"], len(grp["cells"]), grp["valid"]) for grp in sc["groups"]] == [(4, 5, False)]
    assert sc["removed_cards"] == 5 and sc["areas"] == [] and sc["total"] == -5


def test_FL_10_a_1_touching_a_1_fails():
    sc = score_garden(garden("Y1 Y1 G2", ".  .  G2"))
    assert sc["removed_cards"] == 2 and [r["cell"] for r in sc["removed"]] == ["0,0", "1,0"]
    assert score_garden(garden("Y1 G2 Y1", ".  G2 .  "))["removed_cards"] == 0  # 1s apart: fine


def test_FL_10_groups_too_small_fail_too():
    sc = score_garden(garden("B3 B3 Y2"))
    assert sc["removed_cards"] == 3  # two 3s (three needed) and a lone 2


def test_FL_11_a_removed_card_takes_the_cards_under_it():
    """The issue's case: a covered card is removed with its cover, -1 each."""
    g = garden("R4/G3/Y2 Y2", ".        Y2")  # three 2s visible: too many; one covers two cards
    sc = score_garden(g)
    assert sc["removed"] == [{"cell": "0,0", "cards": 3}, {"cell": "1,0", "cards": 1}, {"cell": "1,1", "cards": 1}]
    assert sc["removed_cards"] == 5 and sc["total"] == -5
    g = garden("B4/R3 B4 B4 B4 B4")  # a lone 3 covering a 4: removed with it; the four 4s stay valid
    sc = score_garden(g)
    assert sc["removed"] == [{"cell": "0,0", "cards": 2}] and sc["removed_cards"] == 2
    assert [a["points"] for a in sc["areas"]] == [] and sc["total"] == -2  # four blues left: no area


def test_FL_12_colour_areas_of_five_or_more_score_a_point_per_card():
    g = garden("R4 R4 R1 B3",
               "R4 R4 R2 B3",
               "G1 .  R2 B3")
    sc = score_garden(g)
    assert [(a["colour"], a["points"]) for a in sc["areas"]] == [("red", 7)]
    assert sc["total"] == 7
    small = garden("Y4 Y4 Y4 Y4 B1")  # an area of 4 scores nothing
    assert score_garden(small)["area_points"] == 0


def test_FL_12_covered_cards_never_score_and_removed_cards_break_areas():
    g = garden("R4 R4 R1/G1", "R4 R4 .")  # the red 1 under the green 1 is no part of the area
    assert score_garden(g)["area_points"] == 0
    g = garden("R4 R4 R1", "R4 R4 R3")  # the lone 3 is removed first: 5 of the 6 reds score
    sc = score_garden(g)
    assert sc["removed_cards"] == 1 and [a["points"] for a in sc["areas"]] == [5] and sc["total"] == 4
    g = garden("R4 R4 R2 R1", "R4 R4 R3 .")  # removing the lone 2 and 3 cuts the 1 off: 4 left
    sc = score_garden(g)
    assert sc["removed_cards"] == 2 and sc["areas"] == []


def test_FL_13_a_butterfly_touching_its_colour_scores():
    """The issue's case: a butterfly touching a card of its colour."""
    g = garden("Y4g Y4 G1", "Y4 Y4 .")
    sc = score_garden(g)
    assert sc["butterflies"] == [{"cell": "0,0", "colour": "green", "scores": False}]  # G1 touches Y4 (1,0), not the butterfly
    g = garden("G1 Y4g Y4", ".  Y4 Y4")
    sc = score_garden(g)
    assert sc["butterflies"] == [{"cell": "1,0", "colour": "green", "scores": True}] and sc["butterfly_points"] == 1
    g = garden("G1 Y4g Y4")  # the butterfly's card is in a failed group: removed, scores nothing
    assert score_garden(g)["butterfly_points"] == 0


def test_FL_14_highest_score_then_fewest_removed_then_shared():
    a = {"total": 10, "removed_cards": 3}
    b = {"total": 10, "removed_cards": 1}
    c = {"total": 9, "removed_cards": 0}
    assert ranking([a, b, c]) == [1]
    assert ranking([a, dict(a)]) == [0, 1]
    assert ranking([c, a]) == [1]


def test_FL_14_result_sheet_and_solo_record():
    state = GAME.start(2, {}, 1)
    state["gardens"] = [garden("R4 R4 R1", "R4 R4 ."), garden("B2 B2 B1 B3 B3 B3")]
    state["over"] = True
    result = GAME.result(state)
    labels = [row["label"] for row in result["sheet"]]
    assert labels == ["Removed cards", "★ Yellow areas", "♥ Red areas", "◆ Blue areas", "♣ Green areas", "Butterflies", "Total"]
    assert result["scores"] == [5, 6] and result["winners"] == [1]
    assert GAME.record(state) is None  # records are for solo games
    solo = GAME.start(1, {}, 1)
    solo["gardens"] = [garden("R4 R4 R1", "R4 R4 .")]
    solo["over"] = True
    assert GAME.record(solo) == {"key": "solo", "label": "best solo score", "seat": 0, "value": 5, "higher": True}


def test_views_hide_only_the_stacks_order():
    state = GAME.start(3, {}, 9)
    view = GAME.view(state, None)
    assert view["gardens"] == state["gardens"] and view["stacks"][2]["top"] is None
    other = GAME.scramble(state, None, random.Random(1))
    assert GAME.view(other, None) == view and other["stacks"] != state["stacks"]
    sampled = GAME.sample_state(GAME.view(state, 0), 0, random.Random(2))
    assert GAME.audit(sampled) == [] and GAME.view(sampled, 0) == GAME.view(state, 0)


def test_a_whole_random_game_keeps_every_card():
    state = GAME.start(4, {}, 12)
    rng = random.Random(12)
    while not GAME.is_over(state):
        seat = GAME.to_act(state)[0]
        GAME.apply(state, seat, rng.choice(GAME.legal_actions(state, seat)))
        assert GAME.audit(state) == []
    assert any(not s for s in state["stacks"])
