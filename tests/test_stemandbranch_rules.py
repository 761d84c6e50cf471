"""Stem and Branch: a test naming each rule SB-1..SB-21 (SB-22..SB-25, the Spirit Scrolls, are in
test_stemandbranch_scrolls.py), the worked examples SB-16, SB-17, SB-18 and SB-21 played through the engine."""

import random

import pytest

from games import GAMES
from games.stemandbranch import data
from games.stemandbranch.data import (ANIMAL, ANIMALS, CARD_OF, CARDS, ELEMENT, ELEMENTS, RANK, RANK_TABLE, SPACES,
                                      coop_rank, year_animal)
from games.stemandbranch.rules import cost, suggest_payment
from tabletop import IllegalAction, clone

GAME = GAMES["stemandbranch"]
A, B, C = 0, 1, 2


def table(mode="competitive", players=3, hands=None, board=None, row=None, board_tokens=None, supply=None,
          tokens=None, owner=None, years=None, turn=0, first=0, deck=None, year=2026):
    """A game set up by hand: the listed cards where they are said to be, every other card in the
    deck (or the discard pile when `deck` is given), so the 60 cards stay conserved."""
    state = GAME.start(players, {"mode": mode, "tiebreak_year": str(year)}, 1)
    hands = hands or [[] for _ in range(players)]
    board = board or {}
    row = row if row is not None else []
    state["hands"] = [sorted(h) for h in hands]
    state["board"] = {sp: list(board.get(sp, [])) for sp in SPACES}
    state["row"] = list(row) + [None] * (data.ROW_SIZE - len(row))
    placed = set(c for h in hands for c in h) | set(c for st in board.values() for c in st) | set(c for c in row if c)
    rest = [c for c in CARDS if c not in placed]
    if deck is None:
        state["deck"], state["discard"] = rest, []
    else:
        state["deck"] = list(deck)
        state["discard"] = [c for c in rest if c not in deck]
    state["board_tokens"] = dict(board_tokens or {})
    state["tokens"] = [dict({e: 0 for e in ELEMENTS}, **(tokens[s] if tokens else {})) for s in range(players)]
    state["pool"] = {e: 0 for e in ELEMENTS}
    if supply is None:  # whatever is not on the board or held
        supply = {e: data.TOKENS_PER_ELEMENT - sum(1 for x in state["board_tokens"].values() if x == e)
                  - sum(t[e] for t in state["tokens"]) for e in ELEMENTS}
    state["supply"] = dict(supply)
    state["owner"] = {a: None for a in ANIMALS}
    state["owner"].update(owner or {})
    state["years"] = list(years or [0] * players)
    state["turn"], state["first"] = turn, first
    return state


def play(state, seat, *actions):
    events = []
    for action in actions:
        events += GAME.apply(state, seat, action)
    return events


def texts(events):
    return " | ".join(e["text"] for e in events)


def test_SB_1_player_counts_by_mode():
    for n in (2, 3, 4):
        GAME.start(n, {"mode": "competitive"}, 1)
    for n in (1, 2, 3, 4):
        GAME.start(n, {"mode": "coop"}, 1)
    with pytest.raises(IllegalAction) as err:
        GAME.start(1, {"mode": "competitive"}, 1)
    assert "2 to 4" in err.value.reason
    with pytest.raises(IllegalAction):
        GAME.start(5, {"mode": "coop"}, 1)


def test_SB_2_the_sixty_cards_of_the_cycle():
    assert len(CARDS) == 60
    assert (ANIMAL[43], ELEMENT[43], RANK[43]) == ("Horse", "Fire", 4)  # 2026, Bing-Wu, the Fire Horse
    assert (ANIMAL[31], ELEMENT[31], RANK[31]) == ("Horse", "Wood", 3)
    for animal in ANIMALS:
        cards = [CARD_OF[(animal, r)] for r in data.RANKS]
        assert sorted(ELEMENT[c] for c in cards) == sorted(ELEMENTS)  # one of each element
    # the generating cycle: each rank step goes Wood > Fire > Earth > Metal > Water > Wood
    for animal in ANIMALS:
        for r in (1, 2, 3, 4):
            a, b = ELEMENT[CARD_OF[(animal, r)]], ELEMENT[CARD_OF[(animal, r + 1)]]
            assert ELEMENTS.index(b) == (ELEMENTS.index(a) + 1) % 5
    assert [ELEMENT[CARD_OF[("Tiger", r)]] for r in data.RANKS] == ["Fire", "Earth", "Metal", "Water", "Wood"]


def test_SB_3_grid_and_orthogonal_adjacency():
    assert len(SPACES) == 16
    assert sorted(data.ADJACENT["c2"]) == ["b2", "c1", "c3", "d2"]
    assert sorted(data.ADJACENT["a1"]) == ["a2", "b1"]


def test_SB_4_and_SB_5_set_up():
    state = GAME.start(4, {}, 7)
    assert all(len(h) == data.STARTING_HAND for h in state["hands"])
    assert len(state["row"]) == data.ROW_SIZE and None not in state["row"]
    assert len(state["deck"]) == 60 - 4 * 5 - 8
    assert sorted(state["board_tokens"].values()) == sorted(ELEMENTS)  # one of each, 5 distinct spaces
    assert all(v == data.TOKENS_PER_ELEMENT - 1 for v in state["supply"].values())
    assert state["years"] == [0] * 4 and all(not st for st in state["board"].values())
    assert all(o is None for o in state["owner"].values())
    firsts = {GAME.start(4, {}, seed)["first"] for seed in range(40)}
    assert firsts == {0, 1, 2, 3}  # a random start player
    assert not GAME.audit(state)


def test_SB_6_two_actions_then_discard_to_seven():
    state = table(hands=[[1, 2, 3, 4, 5, 6], [], []], row=[7, 8, 9])
    play(state, A, "draw:row0")
    assert state["turn"] == A and state["done"] == 1
    assert "draw:row0" in GAME.legal_actions(state, A)  # the slot refilled; repeats allowed
    play(state, A, "draw:deck")
    assert state["phase"] == "discard" and len(state["hands"][A]) == 8
    with pytest.raises(IllegalAction) as err:
        play(state, A, "draw:deck")
    assert "discard" in err.value.reason
    play(state, A, "discard:{}".format(state["hands"][A][0]))
    assert state["turn"] == B and state["done"] == 0 and len(state["hands"][A]) == 7


def test_SB_6_remaining_actions_lost_when_none_is_legal():
    # deck and row empty, no affordable summon: the turn passes at once
    state = table(players=2, hands=[[60], [59]], deck=[], board={"a1": [CARD_OF[("Pig", 1)]]})
    state["ending"], state["last"] = "deck", 1
    assert GAME.legal_actions(state, A) == []  # (a Pig is on a1 at rank 1; Pig r5 costs 4, nothing pays)
    events = GAME._finish_turn(state, A)
    assert "lost" in texts(events)


def test_SB_7_draw_from_row_refills_and_from_deck():
    state = table(hands=[[], [], []], row=[10, 20])
    top = state["deck"][-1]
    play(state, A, "draw:row1")
    assert 20 in state["hands"][A] and state["row"][1] == top
    top = state["deck"][-1]
    events = play(state, A, "draw:deck")
    assert top in state["hands"][A]
    public = [e for e in events if "seats" not in e]
    assert all(card_text not in texts(public) for card_text in [data.card_name(top)])  # a deck draw stays private


def test_SB_7_empty_deck_leaves_the_slot_empty():
    state = table(hands=[[], [], []], row=[10, 20], deck=[5])
    play(state, A, "draw:row0")
    assert state["row"][0] == 5 and state["deck"] == []
    play(state, A, "draw:row1")
    assert state["row"][1] is None


def test_SB_8_empty_space_or_ascend_only():
    ox1, ox3, ox2 = CARD_OF[("Ox", 1)], CARD_OF[("Ox", 3)], CARD_OF[("Ox", 2)]
    state = table(hands=[[ox2, ox3, 1, 13, 25], [], []], board={"b2": [ox1]})
    play(state, A, "summon:{}".format(ox3))
    legal = GAME.legal_actions(state, A)
    assert legal == ["at:b2"]  # the Ox is on the board: it can only ascend
    with pytest.raises(IllegalAction) as err:
        play(state, A, "at:a1")
    assert "ascend" in err.value.reason
    state = table(hands=[[ox1], [], []], board={"b2": [ox2]})
    assert "summon:{}".format(ox1) not in GAME.legal_actions(state, A)  # lower rank: no Ascend
    with pytest.raises(IllegalAction) as err:
        play(state, A, "summon:{}".format(ox1))
    assert "SB-8" in err.value.reason


def test_SB_9_costs_shared_ascend_and_minimum():
    state = table(board={"b2": [2], "c3": [11], "d2": [3]})  # SB-16's board
    assert cost(state, 31, "c2") == 3 - 2
    assert cost(state, 31, "a4") == 3  # no neighbour
    state = table(board={"a2": [6], "b2": [2]})  # Ox r1 on b2, Snake r1 (Earth) on a2
    assert cost(state, 26, "b2") == 3 - 1 - (3 - 1) == 0  # Ascend: the literal reading
    state = table(board={"a1": [CARD_OF[("Rat", 1)]], "b2": [CARD_OF[("Rat", 1)] + 1]})
    wood_rat = CARD_OF[("Rat", 1)]
    # minimum 0: Rat r1 (Wood) ascended by Rat r2 (Fire) beside two Fire tops would be negative
    state = table(board={"a1": [wood_rat], "a2": [3], "b1": [CARD_OF[("Tiger", 1)] + 12 * 0 + 0]})
    fire_rat = CARD_OF[("Rat", 2)]
    assert ELEMENT[fire_rat] == "Fire" and ELEMENT[3] == "Fire"
    state["board"]["b1"] = [CARD_OF[("Snake", 5)]]  # Snake r5 is Fire
    assert ELEMENT[CARD_OF[("Snake", 5)]] == "Fire"
    assert cost(state, fire_rat, "a1") == max(0, 2 - 2 - 1) == 0


def test_SB_10_paying_with_cards_and_tokens():
    horse3 = 31  # Horse r3 Wood
    state = table(hands=[[horse3, 7, 1, 45, 50], [], []], tokens=[{"Wood": 1}, {}, {}])
    play(state, A, "summon:31", "at:a1")
    assert state["phase"] == "pay"
    legal = GAME.legal_actions(state, A)
    # Horse r1 (7: same animal), Rat r1 (1: Wood); tokens of Wood; not 45 (Pig r4 Metal) nor 50 (Ox Water)
    assert legal == ["pay:1", "pay:7", "pay:token:Wood"]
    with pytest.raises(IllegalAction) as err:
        play(state, A, "pay:45")
    assert "neither" in err.value.reason
    play(state, A, "pay:7", "pay:token:Wood")
    assert state["phase"] == "pay" and GAME.legal_actions(state, A) == ["pay:1"]
    play(state, A, "pay:1")
    assert state["board"]["a1"] == [31]
    assert state["tokens"][A]["Wood"] == 0 and state["supply"]["Wood"] == 5
    assert 7 in state["discard"] and 1 in state["discard"]
    assert not GAME.audit(state)


def test_SB_10_animal_tokens_never_pay():
    state = table(hands=[[31, 45, 50], [], []], owner={"Horse": A})
    assert "summon:31" not in GAME.legal_actions(state, A)  # costs 3, nothing matches


def test_SB_10_suggested_payment():
    state = table(hands=[[31, 7, 1, 45], [], []], tokens=[{"Wood": 1}, {}, {}])
    play(state, A, "summon:31", "at:a1")
    suggestion = suggest_payment(state, A)
    assert len(suggestion) == 3 and suggestion[-1] == "pay:token:Wood"  # cards first, the token last
    play(state, A, *suggestion)
    assert state["board"]["a1"] == [31]


def test_SB_11_covering_a_token_and_the_animal_token():
    state = table(hands=[[1, 13], [], []], board_tokens={"a1": "Water"})
    events = play(state, A, "summon:1", "at:a1", "pay:13")
    assert state["tokens"][A]["Water"] == 1 and "a1" not in state["board_tokens"]
    assert state["owner"]["Rat"] == A and state["years"][A] == 1
    assert "takes the Water token" in texts(events) and "Rat token from the supply" in texts(events)
    assert [e for e in events if e["type"] in ("token", "animal")] and all(
        e.get("announce") for e in events if e["type"] in ("token", "animal"))


def test_SB_11_ascend_gains_a_token_and_scores_element_tokens():
    rat1, rat2 = CARD_OF[("Rat", 1)], CARD_OF[("Rat", 2)]
    state = table(hands=[[rat2], [], []], board={"a1": [rat1]}, owner={"Rat": A}, tokens=[{"Earth": 2}, {}, {}])
    assert "summon:{}".format(rat2) not in GAME.legal_actions(state, A)  # costs 1; Earth tokens do not pay for Fire
    state = table(hands=[[rat2], [], []], board={"a1": [rat1]}, owner={"Rat": A}, tokens=[{"Earth": 2, "Fire": 1}, {}, {}])
    events = play(state, A, "summon:{}".format(rat2), "at:a1", "pay:token:Fire")
    # gains a Fire token from the supply (Earth 2 + Fire 1 = 3 held), then scores 3 (holds the Rat)
    assert state["tokens"][A] == {"Wood": 0, "Fire": 1, "Earth": 2, "Metal": 0, "Water": 0}
    assert state["years"][A] == 3 and "scores 3 years" in texts(events)


def test_SB_11_ascend_steal_prompt_with_two_holders():
    ox1, ox3 = CARD_OF[("Ox", 1)], CARD_OF[("Ox", 3)]
    state = table(players=3, hands=[[ox3], [], []], board={"b2": [ox1], "a2": [6]},
                  supply={"Wood": 5, "Fire": 5, "Earth": 0, "Metal": 5, "Water": 5},
                  tokens=[{}, {"Earth": 3}, {"Earth": 2}])
    events = play(state, A, "summon:{}".format(ox3), "at:b2")
    assert state["phase"] == "steal"
    assert GAME.legal_actions(state, A) == ["steal:1", "steal:2"]
    assert "chooses whom" in texts(events)
    events = play(state, A, "steal:2")
    assert state["tokens"][A]["Earth"] == 1 and state["tokens"][C]["Earth"] == 1
    assert "takes one from {2}" in texts(events)
    assert state["owner"]["Ox"] == A


def test_SB_11_nothing_when_no_token_anywhere():
    ox1, ox3 = CARD_OF[("Ox", 1)], CARD_OF[("Ox", 3)]
    state = table(players=2, hands=[[ox3, 1, 2, 3], []], board={"b2": [ox1]}, board_tokens={"d4": "Earth"},
                  supply={"Wood": 5, "Fire": 5, "Earth": 0, "Metal": 5, "Water": 5}, tokens=[{"Earth": 4}, {}])
    # the only Earth tokens are A's own and the one on d4: A gains none
    events = play(state, A, "summon:{}".format(ox3), "at:b2", "pay:2")
    assert state["tokens"][A]["Earth"] == 4 and "gains none" in texts(events)


def test_SB_12_deck_running_out_finishes_the_round():
    # 3 players, A (seat 0) starts; the deck empties on B's turn; B ends, C plays, the game ends
    state = table(players=3, hands=[[], [], []], row=[10, 20, 30], deck=[40, 41], turn=B, first=A)
    events = play(state, B, "draw:deck", "draw:deck")
    assert state["ending"] == "deck" and state["turn"] == C
    assert "end is triggered" in texts(events) and "{2} plays" in texts(events)
    play(state, C, "draw:row0", "draw:row1")
    assert state["over"]


def test_SB_12_the_sixty_year_trigger():
    state = table(players=2, hands=[[1, 13], []], years=[59, 0], owner={"Ox": A}, turn=A, first=A)
    events = play(state, A, "summon:1", "at:a1", "pay:13")  # takes the Rat token: 2 animal tokens -> +2
    assert state["years"][A] == 61 and state["ending"] == "years"
    assert "reaches 60 years" in texts(events)
    assert not state["over"]  # B, seated before... A started, so B still plays
    play(state, A, "draw:deck")
    assert state["turn"] == B
    play(state, B, "draw:deck", "draw:deck")
    assert state["over"]


def test_SB_13_final_scoring_lines():
    state = table(players=2, hands=[[1, 13, 2], [3]], owner={"Rat": A, "Tiger": A}, years=[10, 12],
                  tokens=[{"Wood": 1, "Fire": 1}, {}])
    state["ending"], state["last"], state["over"] = "deck", 1, True
    result = GAME.result(state)
    # A: 10 + 2 tokens + Rat r1 and Rat r2 in hand (Rat token) = 14; the Ox (2) does not count
    assert result["scores"] == [14, 12] and result["winners"] == [A]
    assert [row["label"] for row in result["sheet"]][-1] == "Total"


def test_SB_14_tiebreak_by_the_year_animal():
    assert year_animal(2026) == "Horse" and year_animal(2020) == "Rat" and year_animal(2031) == "Pig"
    state = table(players=2, years=[5, 5], owner={"Rat": B})
    state["over"] = True
    state["year"] = 2020
    assert GAME.result(state)["winners"] == [B]
    state["year"] = 2026  # nobody holds the Horse: shared
    result = GAME.result(state)
    assert result["winners"] == [A, B] and "shared" in result["notes"][0]


def test_SB_14_default_year_is_fixed_in_the_options():
    options = GAME.info.resolve_options({})
    assert options["tiebreak_year"] == str(data.this_year())
    assert GAME.info.resolve_options(options) == options  # a save's year never changes
    assert GAME.info.resolve_options({"tiebreak_year": "1990"})["tiebreak_year"] == "1990"
    with pytest.raises(IllegalAction):
        GAME.info.resolve_options({"tiebreak_year": "soon"})


def test_SB_15_hidden_hands_and_deck_order():
    state = GAME.start(3, {}, 3)
    view = GAME.view(state, A)
    assert view["hands"][A] == state["hands"][A] and view["hands"][B] is None
    assert "deck" not in view and view["deck_size"] == len(state["deck"])
    assert view["hand_sizes"] == [5, 5, 5]
    sampled = GAME.sample_state(view, A, random.Random(1))
    assert sampled["hands"][A] == state["hands"][A] and len(sampled["deck"]) == len(state["deck"])
    assert not GAME.audit(sampled)
    coop = GAME.start(3, {"mode": "coop"}, 3)
    assert GAME.view(coop, A)["hands"] == coop["hands"]  # SB-19: co-op hands are open
    assert "deck" not in GAME.view(coop, A)


def test_SB_16_summon_with_shared_elements():
    state = table(players=3, hands=[[31, 7], [], []], board={"b2": [2], "c3": [11], "d2": [3]},
                  board_tokens={"c2": "Water"}, owner={"Dog": A, "Ox": B})
    play(state, A, "summon:31")
    assert "at:c2" in GAME.legal_actions(state, A)
    play(state, A, "at:c2")
    assert state["pending"]["cost"] == 1
    events = play(state, A, "pay:7")
    assert state["board"]["c2"] == [31] and 7 in state["discard"]
    assert state["tokens"][A]["Water"] == 1
    assert state["owner"]["Horse"] == A and state["years"][A] == 2
    assert "scores 2 years" in texts(events)


def test_SB_17_ascend_with_steal_then_ascend_again():
    ox1, ox3, ox5, ox2 = 2, 26, 50, 14
    state = table(players=3, hands=[[31, 7, ox3, ox5, 60, ox2], [], []],
                  board={"b2": [ox1], "c3": [11], "d2": [3], "a2": [6]}, board_tokens={"c2": "Water"},
                  owner={"Dog": A, "Ox": B}, supply={"Wood": 5, "Fire": 5, "Earth": 0, "Metal": 5, "Water": 4},
                  tokens=[{}, {}, {"Earth": 5}])
    play(state, A, "summon:31", "at:c2", "pay:7")  # SB-16
    assert state["years"][A] == 2
    play(state, A, "summon:{}".format(ox3))
    assert state["pending"]["card"] == ox3
    events = play(state, A, "at:b2")  # cost 3 - 1 (a2) - (3 - 1) = 0: resolves at once
    assert state["board"]["b2"] == [ox1, ox3]
    assert state["tokens"][A]["Earth"] == 1 and state["tokens"][C]["Earth"] == 4  # C was the only holder
    assert state["owner"]["Ox"] == A and state["years"][A] == 2 + 3
    assert "Ox token from {1}" in texts(events)
    # B's turn etc.: jump to A's next turn
    state["turn"], state["done"], state["phase"] = A, 0, "main"
    play(state, A, "summon:{}".format(ox5), "at:b2")
    assert state["pending"]["cost"] == 3
    assert sorted(GAME.legal_actions(state, A)) == sorted(["pay:60", "pay:14", "pay:token:Water"])
    events = play(state, A, "pay:token:Water", "pay:60", "pay:14")
    assert state["tokens"][A] == {"Wood": 0, "Fire": 0, "Earth": 1, "Metal": 0, "Water": 1}
    assert state["years"][A] == 5 + 2
    assert "scores 2 years" in texts(events)
    assert not GAME.audit(state)


def test_SB_18_final_scoring_and_tiebreak():
    rat2, horse4, pig1, dog1 = CARD_OF[("Rat", 2)], CARD_OF[("Horse", 4)], CARD_OF[("Pig", 1)], CARD_OF[("Dog", 1)]
    state = table(players=3, hands=[[rat2, horse4, pig1], [], [dog1]], years=[41, 44, 45],
                  owner={"Rat": A, "Horse": A}, tokens=[{"Wood": 3}, {"Fire": 2}, {}], row=[5], deck=[9, 8], turn=B, first=A)
    play(state, B, "draw:deck", "draw:deck")  # the deck empties during B's turn
    assert state["turn"] == C and not state["over"]
    state["hands"][B] = []  # B's two draws go back to the discard pile (their scores are as in the example)
    state["discard"] += [8, 9]
    play(state, C, "draw:row0")
    state["hands"][C].remove(5)
    state["discard"].append(5)
    play(state, C, "draw:row1") if state["row"][1] is not None else None
    if not state["over"]:
        state["over"] = True
    result = GAME.result(state)
    assert result["scores"][:2] == [46, 46]
    assert result["winners"] == [A]
    assert "Horse" in result["notes"][0]


def test_SB_19_coop_pool_no_years_no_steal():
    ox1, ox3, snake1 = CARD_OF[("Ox", 1)], CARD_OF[("Ox", 3)], CARD_OF[("Snake", 1)]
    earth_spaces = ["a4", "b4", "c4", "d4", "d3"]  # every Earth token lies on the board: none in the supply
    state = table(mode="coop", players=2, hands=[[ox3, snake1], [13]], board={"b2": [ox1]},
                  board_tokens={sp: "Earth" for sp in earth_spaces})
    assert state["supply"]["Earth"] == 0
    events = play(state, A, "summon:{}".format(ox3), "at:b2", "pay:{}".format(snake1))
    assert state["phase"] != "steal" and "no Earth token" in texts(events)
    assert state["years"] == [0, 0] and state["owner"]["Ox"] is None  # no years, no animal token
    assert not GAME.audit(state)


def test_SB_19_coop_tokens_go_to_the_pool_any_player_spends():
    state = table(mode="coop", players=2, hands=[[1, 13], [31, 7, 19]], board_tokens={"a1": "Wood"})
    play(state, A, "summon:1", "at:a1", "pay:13")
    assert state["pool"]["Wood"] == 1
    state["turn"], state["done"] = B, 0
    play(state, B, "summon:31", "at:d4")
    assert "pay:token:Wood" in GAME.legal_actions(state, B)


def test_SB_20_coop_move_locking_and_barriers():
    rat = [CARD_OF[("Rat", r)] for r in data.RANKS]
    ox1 = CARD_OF[("Ox", 1)]
    state = table(mode="coop", players=1, hands=[[rat[4], 31, 7, 19, 1]], board={"a1": rat[:4], "c3": [ox1]},
                  board_tokens={"c4": "Metal"})
    state["pool"]["Water"] = 0
    play(state, A, "summon:31")
    legal = GAME.legal_actions(state, A)
    assert "move:c3>c4" in legal and "move:a1>a2" in legal
    events = play(state, A, "move:c3>c4")
    assert state["board"]["c4"] == [ox1] and state["pool"]["Metal"] == 1
    assert "takes the Metal token there for the team" in texts(events)
    assert not any(a.startswith("move:") for a in GAME.legal_actions(state, A))  # one move per summon
    with pytest.raises(IllegalAction) as err:
        play(state, A, "move:a1>a2")
    assert "Only one" in err.value.reason
    # lock the Rat: Rat r5 (Water) ascends Rat r4
    state = table(mode="coop", players=1, hands=[[rat[4], 50, 60, 10, 9, 31, 7, 19, 1]], board={"a1": rat[:4]})
    play(state, A, "summon:{}".format(rat[4]), "at:a1")  # 5 - (5 - 4) = 4
    events = play(state, A, "pay:50", "pay:60", "pay:10", "pay:9")
    assert state["locked"] == ["Rat"] and "locked" in texts(events)
    # a locked animal never moves
    play(state, A, "summon:31")
    assert not any(a.startswith("move:a1>") for a in GAME.legal_actions(state, A))
    with pytest.raises(IllegalAction) as err:
        play(state, A, "move:a1>a2")
    assert "locked" in err.value.reason
    assert "at:a1" not in GAME.legal_actions(state, A)  # a barrier: nothing enters


def test_SB_21_perfect_clear_ends_at_once_and_scores_the_bonus():
    # 11 animals locked with 49 cards; the 12th (Pig) needs r5 on r4: 50 on board, 3 in deck, 5 in row
    board, spaces = {}, list(SPACES)
    for i, animal in enumerate(ANIMALS[:11]):
        board[spaces[i]] = [CARD_OF[(animal, r)] for r in data.RANKS]
    board[spaces[11]] = [CARD_OF[("Pig", 4)]]  # 11 * 5 + 1 = 56 cards on the board
    pig5 = CARD_OF[("Pig", 5)]
    row = [1 + 0, 2, 3]  # placeholders replaced below
    state = table(mode="coop", players=1, hands=[[pig5]], board=board)
    state["locked"] = list(ANIMALS[:11])
    # the cards left: 60 - 56 - 1 = 3 -> put 2 in the row and 1 in the deck
    rest = [c for c in CARDS if c not in {x for st in board.values() for x in st} and c != pig5]
    assert len(rest) == 3
    state["deck"], state["row"], state["discard"] = rest[:1], rest[1:] + [None] * 6, []
    cost_now = cost(state, pig5, spaces[11])
    state["pool"]["Water"] = cost_now
    state["supply"]["Water"] -= cost_now
    play(state, A, "summon:{}".format(pig5), "at:{}".format(spaces[11]))
    if state["phase"] == "pay":
        play(state, A, *suggest_payment(state, A))
    assert state["over"]  # at once
    result = GAME.result(state)
    assert result["scores"] == [57 + 3]
    assert "Perfect clear" in " ".join(result["notes"])


def test_SB_21_worked_examples_scores():
    # deck empty, Rat (5 cards), Tiger (r1 + r5: 2) and Horse (r5 only: 1) at rank 5: 8, Beginner
    rat = [CARD_OF[("Rat", r)] for r in data.RANKS]
    state = table(mode="coop", players=1, board={"a1": rat, "b1": [CARD_OF[("Tiger", 1)], CARD_OF[("Tiger", 5)]],
                                                 "c1": [CARD_OF[("Horse", 5)]]}, deck=[])
    state["locked"] = ["Rat", "Tiger", "Horse"]
    state["over"] = True
    result = GAME.result(state)
    assert result["scores"] == [8] and result["rank"] == "Beginner"
    # the 12th lock with 50 cards on the board, 3 in the deck and 5 in the row: 58, Master!
    board, spaces = {}, list(SPACES)
    counts = [5] * 8 + [3, 3, 3, 1]  # 50 cards, every animal topped by rank 5
    for i, animal in enumerate(ANIMALS):
        board[spaces[i]] = [CARD_OF[(animal, r)] for r in data.RANKS][-counts[i]:]
    on_board = {c for st in board.values() for c in st}
    rest = [c for c in CARDS if c not in on_board]
    state = table(mode="coop", players=1, board=board, row=rest[:5], deck=rest[5:8])
    state["locked"] = list(ANIMALS)
    state["over"] = True
    result = GAME.result(state)
    assert result["scores"] == [58] and result["rank"] == "Master!"


@pytest.mark.parametrize("score,rank", [(0, "Beginner"), (1, "Beginner"), (11, "Beginner"), (12, "Apprentice"),
                                        (20, "Apprentice"), (21, "Average"), (28, "Average"), (29, "Good"), (37, "Good"),
                                        (38, "Strong"), (45, "Strong"), (46, "Expert"), (54, "Expert"), (55, "Master!"),
                                        (59, "Master!"), (60, "Master!")])
def test_SB_21_every_rank_boundary(score, rank):
    assert coop_rank(score) == rank


def test_SB_21_coop_deck_out_finishes_the_round():
    state = table(mode="coop", players=2, hands=[[], []], row=[10, 11], deck=[40], turn=A, first=A)
    play(state, A, "draw:deck")
    assert state["ending"] == "deck"
    play(state, A, "draw:row0")
    assert state["turn"] == B and not state["over"]  # A started: B, seated before A, plays last
    play(state, B, "draw:row1")  # nothing else to do: the rest of the turn is lost, the game ends
    assert state["over"]


def test_explain_illegal_gives_reasons():
    state = table(hands=[[31], [], []])
    for action, words in [("pay:7", "main action"), ("summon:99", "from your hand"), ("draw:row5", "no card"),
                          ("summon:31", "at least 3")]:
        with pytest.raises(IllegalAction) as err:
            GAME.apply(clone(state), A, action)
        assert words in err.value.reason, (action, err.value.reason)
    with pytest.raises(IllegalAction) as err:
        GAME.apply(state, B, "draw:deck")
    assert "not your turn" in err.value.reason


def test_progress_and_rank_table_data():
    state = GAME.start(2, {}, 2)
    assert "action 1 of 2" in GAME.progress(state)
    assert RANK_TABLE[0] == (0, "Beginner") and data.MAX_COOP_SCORE == 60


def test_SB_10_and_SB_11_log_lines_use_an_before_a_vowel():
    """The summon line and the Ascend's token line say "an Earth token", never "a Earth"."""
    assert [data.with_article(w) for w in ("Earth", "Fire", "animal", "Water")] == ["an Earth", "a Fire", "an animal", "a Water"]
    ox1, ox3 = 2, 26  # Ox r3 is Earth: on Ox r1 with no Earth neighbour it costs 3 - (3 - 1) = 1
    state = table(hands=[[ox3], [], []], board={"b2": [ox1]}, owner={"Ox": A}, tokens=[{"Earth": 1}, {}, {}])
    events = play(state, A, "summon:{}".format(ox3), "at:b2", "pay:token:Earth")
    said = texts(events)
    assert "for 1 item: an Earth token" in said and "gains an Earth token from the supply" in said
    assert "a Earth" not in said and not GAME.audit(state)
