"""Hội Phố: one test per numbered rule (shared/rules/hoipho.md), the seed's round example
(HP-12) as written, and every merchant's skill."""

import random

import pytest

from tabletop.msg import from_data
from games.hoipho import GAME
from games.hoipho.rules import all_cards, merchant, ship, sort_hand
from tabletop import IllegalAction


def card(spec, seat):
    """1..12 -> that merchant; "s" -> the seat's own ship; "s6" -> that ship."""
    if spec == "s":
        return ship(seat)
    return spec if isinstance(spec, str) else merchant(spec)


def new(players=4, hands=None, seed=1):
    """A game whose first round is dealt as `hands` says (the rest filled from the unused cards)."""
    state = GAME.start(players, {}, seed)
    if hands is not None:
        rig(state, hands)
    return state


def rig(state, hands):
    n = state["players"]
    size = len(state["hands"][0])
    wanted = [[card(c, s) for c in hand] for s, hand in enumerate(hands)]
    used = {c for hand in wanted for c in hand} | {c for p in state["played"] for c in p} | {c for c in state["discards"] if c}
    pool = [c for c in all_cards(n) if c not in used]
    for s in range(n):
        while len(wanted[s]) < size:
            wanted[s].append(pool.pop(0))
    for hand in wanted:
        sort_hand(hand)
    state["hands"] = wanted
    assert not GAME.audit(state), GAME.audit(state)


def play(state, *specs):
    """Every seat plays the given card this turn; return the events."""
    events = []
    for seat, spec in enumerate(specs):
        events += GAME.apply(state, seat, "play:" + card(spec, seat))
    return events


def steps(state):
    return [from_data(step["text"]).format(*["P{}".format(s) for s in range(state["players"])]) for step in state["reveals"][-1]["steps"]]


def texts(state, events):
    return [e["text"].format(*["P{}".format(s) for s in range(state["players"])]) for e in events]


# --- players and components ----------------------------------------------------------------------
def test_HP_1_three_to_five_players():
    for n in (3, 4, 5):
        assert GAME.start(n, {}, 1)["players"] == n
    for n in (2, 6):
        with pytest.raises(IllegalAction, match="3 to 5 players"):
            GAME.start(n, {}, 1)


def test_HP_2_twelve_merchants_and_ships_by_player_count():
    for n, ships in ((3, 3), (4, 4), (5, 8)):
        cards = all_cards(n)
        assert sorted(int(c[1:]) for c in cards if c[0] == "m") == list(range(1, 13))
        assert len([c for c in cards if c[0] == "s"]) == ships
        state = GAME.start(n, {}, 2)
        dealt = sorted(c for hand in state["hands"] for c in hand)
        assert dealt == sorted(cards)  # every card is dealt every round
        assert all(isinstance(c, int) for c in state["coins"])  # coins are just a number


# --- HP-3: every merchant's skill -------------------------------------------------------------------
def test_HP_3_mouse_gains_3_then_rock_paper_scissors_with_a_chosen_opponent():
    state = new(4, [[1], [10], [6], [7]])
    play(state, 1, 10, 6, 7)
    assert state["coins"] == [2 + 3, 2 + 2, 2, 2 + 1]
    assert GAME.to_act(state) == [0]
    assert GAME.legal_actions(state, 0) == ["target:1", "target:2", "target:3"]
    GAME.apply(state, 0, "target:1")
    assert GAME.to_act(state) == [0, 1]  # both throw at once, in secret
    GAME.apply(state, 1, "throw:rock")
    for seat in (0, 2, 3, None):
        view = GAME.view(state, seat)
        assert view["decision"]["thrown"] == [False, True, False, False]
        assert "rock" not in repr(view["decision"])
    assert GAME.view(state, 1)["decision"]["my_throw"] == "rock"
    events = GAME.apply(state, 0, "throw:rock")
    assert "a draw, they throw again" in " ".join(texts(state, events))
    assert GAME.to_act(state) == [0, 1] and state["coins"] == [5, 4, 2, 3]
    GAME.apply(state, 0, "throw:paper")
    events = GAME.apply(state, 1, "throw:rock")
    assert state["coins"] == [5, 2, 2, 3]  # P1 loses half of 4
    assert any("P0 wins; P1 discards half their coins, 2 coins" in t for t in texts(state, events))
    assert state["turn"] == 1 and state["phase"] == "pick"


def test_HP_3_mouse_loser_rounds_half_down_and_the_mouse_can_lose():
    state = new(4, [[1], [10], [6], [7]])
    play(state, 1, 10, 6, 7)
    GAME.apply(state, 0, "target:3")
    GAME.apply(state, 0, "throw:scissors")
    GAME.apply(state, 3, "throw:rock")
    assert state["coins"] == [5 - 2, 4, 2, 3]  # the Mouse's owner had 5: loses 2


def test_HP_3_buffalo_gains_3():
    state = new(4, [[2], [3], [4], [5]])
    play(state, 2, 3, 4, 5)
    assert state["coins"] == [2 + 3, 2, 2 + 1, 2 + 2]


def test_HP_3_tiger_everyone_passes_a_card_left_at_once():
    state = new(4, [[3, 8, 9, "s"], [4, 10, 12, "s"], [5, 1, 2, "s"], [6, 7, 11, "s"]])
    play(state, 3, 4, 5, 6)
    assert state["phase"] == "skill" and GAME.to_act(state) == [0, 1, 2, 3]
    GAME.apply(state, 2, "pass:m1")
    assert GAME.to_act(state) == [0, 1, 3]
    assert "m1" not in repr(GAME.view(state, 3)["decision"]) and GAME.view(state, 2)["decision"]["my_pass"] == "m1"
    assert GAME.view(state, 0)["decision"]["passed"] == [False, False, True, False]
    GAME.apply(state, 0, "pass:m8")
    GAME.apply(state, 1, "pass:m12")
    events = GAME.apply(state, 3, "pass:s4")
    assert sorted(state["hands"][0]) == ["m9", "s1", "s4"]
    assert "m8" in state["hands"][1] and "m12" in state["hands"][2] and "m1" in state["hands"][3]
    private = [e for e in events if e.get("seats")]
    assert {tuple(e["seats"]) for e in private} == {(0, 1), (1, 2), (2, 3), (3, 0)}
    # Each player knows where the card they passed went (the bots' sampling relies on it).
    assert GAME.view(state, 0)["known"] == [[1, "m8"]]


def test_HP_3_tiger_with_one_card_left_passes_it_without_asking():
    state = new(4, [[3, 8, 9, "s"], [4, 10, 12, "s"], [5, 1, 2, "s"], [6, 7, 11, "s"]])
    play(state, 8, 10, 1, 7)  # Mouse lowest: target and throws
    GAME.apply(state, 2, "target:0")
    GAME.apply(state, 2, "throw:rock")
    GAME.apply(state, 0, "throw:paper")
    play(state, 9, 12, 2, 11)  # Buffalo lowest
    events = play(state, 3, 4, 5, 6)  # Tiger on the last turn: every hand holds one card
    assert state["round"] == 1 and not any(e["type"] == "pick" and "pass" in e["text"] for e in events)
    last = state["reveals"][-1]
    assert any("passes a card to the player on their left" in from_data(s["text"]) for s in last["steps"])
    assert state["rounds"][-1]["round"] == 0


def test_HP_3_cat_gives_a_chosen_card_and_takes_a_random_one():
    state = new(4, [[4, 9, 10, "s"], [5, 1, 2, "s"], [6, 3, 7, "s"], [12, 8, 11, "s"]])
    play(state, 4, 5, 6, 12)  # Pig +2, Snake +1, Cat lowest
    assert GAME.legal_actions(state, 0) == ["target:1", "target:2", "target:3"]
    GAME.apply(state, 0, "target:1")
    assert GAME.legal_actions(state, 0) == ["give:s1", "give:m9", "give:m10"]
    before = list(state["hands"][1])
    events = GAME.apply(state, 0, "give:m10")
    taken = [c for c in state["hands"][0] if c not in ("s1", "m9")]
    assert len(taken) == 1 and taken[0] in before  # taken from the hand as it was before the gift
    assert "m10" in state["hands"][1] and len(state["hands"][1]) == 3
    private = [e for e in events if e.get("seats")]
    assert private[0]["seats"] == [0, 1] and "Hen (10)" in private[0]["text"]
    public = [e["text"] for e in events if not e.get("seats")]
    assert not any("Hen" in t for t in public)  # the others learn only that cards changed hands
    assert GAME.view(state, 0)["known"] == [[1, "m10"]]
    assert GAME.view(state, 1)["known"] == [[0, taken[0]]]


def test_HP_3_cat_exchange_uses_the_shared_random_generator():
    state = new(4, [[4, 9, 10, "s"], [5, 1, 2, "s"], [6, 3, 7, "s"], [12, 8, 11, "s"]])
    play(state, 4, 5, 6, 12)
    GAME.apply(state, 0, "target:1")
    rng_before = dict(state["rng"])
    GAME.apply(state, 0, "give:m9")
    assert state["rng"] != rng_before  # a random draw: undo stops here


def test_HP_3_dragon_cancels_every_coin_gained_this_turn():
    state = new(4, [[1, "s", 2, 3], [4, 12, 6, 10], [7, 8, "s", 11], [9, 5, "s"]])
    play(state, 1, 4, 7, 9)  # turn 1: Monkey +2, Horse +1, Mouse lowest: +3, then RPS
    GAME.apply(state, 0, "target:1")
    GAME.apply(state, 0, "throw:rock")
    GAME.apply(state, 1, "throw:scissors")
    after_turn_1 = list(state["coins"])
    assert after_turn_1 == [5, 1, 3, 4]
    events = play(state, "s", 12, 8, 5)  # a ship alone +3, Pig +2, Goat +1, Dragon lowest
    assert state["coins"] == after_turn_1  # every coin of this turn went back, the earlier ones stay
    assert any("prevents collecting coins" in t and "P0 3 coins" in t and "P1 2 coins" in t and "P2 1 coin" in t
               for t in texts(state, events))


def test_HP_3_snake_steals_3_or_all_a_player_has():
    state = new(4, [[6], [7], [8], [10]])
    play(state, 6, 7, 8, 10)
    assert GAME.legal_actions(state, 0) == ["target:1", "target:2", "target:3"]
    GAME.apply(state, 0, "target:3")  # P3 has 4 after the Hen's +2
    assert state["coins"] == [2 + 3, 2, 3, 4 - 3]
    state = new(4, [[6], [7], [8], [10]])
    state["coins"][1] = 1
    play(state, 6, 7, 8, 10)
    GAME.apply(state, 0, "target:1")
    assert state["coins"][:2] == [3, 0]


def test_HP_3_horse_swaps_the_coins_of_two_chosen_players():
    state = new(4, [[7], [12], [11], ["s"]])
    play(state, 7, 12, 11, "s")  # ship alone +3, Pig +2, Dog +1, Horse lowest
    assert state["coins"] == [2, 4, 3, 5]
    assert GAME.legal_actions(state, 0) == ["swap:0", "swap:1", "swap:2", "swap:3"]
    GAME.apply(state, 0, "swap:0")
    assert GAME.legal_actions(state, 0) == ["swap:1", "swap:2", "swap:3"]
    GAME.apply(state, 0, "swap:3")
    assert state["coins"] == [5, 4, 3, 2]
    state = new(4, [[7], [12], [11], ["s"]])
    play(state, 7, 12, 11, "s")
    GAME.apply(state, 0, "swap:3")
    GAME.apply(state, 0, "swap:1")  # two opponents may be swapped
    assert state["coins"] == [2, 5, 3, 4]


def test_HP_3_goat_gains_a_contract_and_a_second_one_with_the_round():
    state = new(4, [[8, 1, 2, 3], [12, "s", 4, 5], [10, "s", 6, 7], ["s", 9, 11]])
    events = play(state, 8, 12, 10, "s")  # a ship alone +3, Pig +2, Hen +1, Goat lowest
    assert state["coins"] == [2, 4, 3, 5]
    assert state["contracts"] == [1, 0, 0, 0] and state["goat"] == [0]
    assert any(e.get("announce") and "gains a contract" in e["text"] for e in events)
    play(state, 2, 4, 6, 9)  # Monkey +2, Snake +1, Cat, Buffalo lowest: +3
    assert state["coins"] == [5, 4, 4, 7]
    play(state, 1, 5, 7, 11)  # Dog +2, Horse +1, Dragon, Mouse lowest: +3 then RPS
    GAME.apply(state, 0, "target:3")
    GAME.apply(state, 0, "throw:paper")
    events = GAME.apply(state, 3, "throw:rock")
    record = state["rounds"][-1]
    assert record["coins"] == [8, 4, 5, 5] and record["taker"] == 0
    assert record["contracts"] == [1 + 1 + 1, 0, 0, 0]  # the Goat's, the round's, the Goat's second
    assert any("Goat's second contract" in e["text"] for e in events)
    assert state["over"] and state["winners"] == [0]  # 3 contracts in one round end the game (HP-14)


def test_HP_3_goat_without_the_round_keeps_only_its_first_contract():
    state = new(4, [[8, 3, 4, 5], [12, "s", 1, 2], [10, "s", 6, 7], ["s", 9, 11]])
    play(state, 8, 12, 10, "s")
    play(state, 3, 1, 6, 9)  # Mouse lowest for P1
    GAME.apply(state, 1, "target:0")
    GAME.apply(state, 1, "throw:rock")
    GAME.apply(state, 0, "throw:scissors")
    play(state, 4, 2, 7, 11)
    record = state["rounds"][-1]
    assert record["taker"] != 0
    assert record["contracts"][0] == 1


def test_HP_3_monkey_copies_a_skill_that_needs_a_choice():
    state = new(4, [[1, 9], [2, 12], [6, 11], [7, "s"]])
    play(state, 1, 2, 6, 7)  # Mouse lowest: P0 +3 then RPS
    GAME.apply(state, 0, "target:3")
    GAME.apply(state, 0, "throw:rock")
    GAME.apply(state, 3, "throw:paper")  # P0 loses half
    coins = list(state["coins"])
    play(state, 9, 12, 11, "s")  # ship alone +3, Pig +2, Dog +1, Monkey lowest
    assert GAME.to_act(state) == [0]
    assert GAME.legal_actions(state, 0) == ["copy:m1", "copy:m2", "copy:m6", "copy:m7", "copy:m11", "copy:m12"]
    GAME.apply(state, 0, "copy:m1")  # the Mouse: +3, then an opponent and the throws
    assert state["coins"][0] == coins[0] + 3
    assert GAME.legal_actions(state, 0) == ["target:1", "target:2", "target:3"]
    GAME.apply(state, 0, "target:1")
    GAME.apply(state, 0, "throw:scissors")
    GAME.apply(state, 1, "throw:paper")
    assert state["coins"][1] == (coins[1] + 2) - (coins[1] + 2) // 2
    assert any("Monkey copies the Mouse (1)" in s for s in steps(state))


def test_HP_3_monkey_copies_a_skill_without_choice_and_a_single_candidate_at_once():
    state = new(4, [[9, 3], [12, 4], [11, 5], ["s", 6]])
    play(state, 9, 12, 11, "s")  # the Monkey with the Pig and the Dog: two candidates
    assert GAME.legal_actions(state, 0) == ["copy:m11", "copy:m12"]
    GAME.apply(state, 0, "copy:m12")  # the Pig: a coin to each neighbour
    assert state["coins"] == [0, 4 + 1, 3, 5 + 1]
    state = new(5, [[9], [12], ["s"], ["s"], ["s"]])
    play(state, 9, 12, "s", "s", "s")  # only the Pig is revealed besides the Monkey
    assert state["phase"] == "pick" and any("the only skill revealed" in s for s in steps(state))


def test_HP_3_monkey_with_nothing_to_copy():
    state = new(4, [[9], ["s"], ["s"], ["s"]])
    play(state, 9, "s", "s", "s")  # a Monopoly: +2, then nothing to copy
    assert state["coins"] == [4, 2, 2, 2]
    assert any("no revealed skill to copy" in s for s in steps(state))


def test_HP_3_dog_loses_a_coin():
    state = new(4, [[11], [4], [6], [7]])
    play(state, 11, 4, 6, 7)  # Dog meets Cat: Dog 0 is lowest
    assert state["coins"] == [2 - 1, 2, 3, 4]


def test_HP_3_pig_gives_a_coin_to_each_neighbour():
    state = new(4, [[1], [12], [10], [7]])
    play(state, 1, 12, 10, 7)  # Pig meets Mouse: Pig 0 lowest; Hen +2, Horse +1
    assert state["coins"] == [2 + 1, 2 - 2, 4 + 1, 3]  # left neighbour (P2) and right (P0)


def test_HP_3_pig_with_too_few_coins_pays_the_left_neighbour_first():
    state = new(4, [[1], [12], [10], [7]])
    state["coins"][1] = 1
    events = play(state, 1, 12, 10, 7)
    assert state["coins"] == [2, 0, 4 + 1, 3]
    assert any("left neighbour first" in t for t in texts(state, events))
    state = new(4, [[1], [12], [10], [7]])
    state["coins"][1] = 0
    events = play(state, 1, 12, 10, 7)
    assert state["coins"] == [2, 0, 4, 3] and any("no coin to give" in t for t in texts(state, events))


# --- special conditions and ranking ----------------------------------------------------------------
def test_HP_4_rivals_turn_to_zero():
    state = new(4, [[12], [1], [6], [7]])
    play(state, 12, 1, 6, 7)
    r = state["reveals"][-1]
    assert r["rep"] == [0, 1, 6, 7] and r["zero"] == [1, None, None, None]
    state = new(4, [[10], [11], [6], [7]])
    play(state, 10, 11, 6, 7)
    assert state["reveals"][-1]["rep"] == [0, 11, 6, 7]
    state = new(4, [[11], [4], [6], [7]])
    play(state, 11, 4, 6, 7)
    assert state["reveals"][-1]["rep"] == [0, 4, 6, 7]  # ruling: the Dog meets the Cat
    state = new(4, [[10], [11], [4], [7]])
    play(state, 10, 11, 4, 7)  # both conditions on the cards as revealed
    assert state["reveals"][-1]["rep"] == [0, 0, 4, 7]


def test_HP_5_setup_ship_coins_deal_and_three_player_discard():
    state = GAME.start(4, {}, 3)
    assert state["coins"] == [2, 2, 2, 2]
    for seat, hand in enumerate(state["hands"]):
        assert len(hand) == 4 and ship(seat) in hand
    state5 = GAME.start(5, {}, 3)
    assert all(len(h) == 4 and ship(s) in h for s, h in enumerate(state5["hands"]))
    state = GAME.start(3, {}, 3)
    assert state["phase"] == "discard" and all(len(h) == 5 and ship(s) in h for s, h in enumerate(state["hands"]))
    assert GAME.to_act(state) == [0, 1, 2]
    with pytest.raises(IllegalAction, match="discard one card"):
        GAME.apply(state, 0, "play:" + state["hands"][0][0])
    GAME.apply(state, 1, "discard:" + state["hands"][1][1])
    chosen = state["hands"][1][1]
    for seat in (0, 2, None):
        assert chosen not in repr(GAME.view(state, seat)["discards"])
        assert GAME.view(state, seat)["picked"] == [False, True, False]
    GAME.apply(state, 0, "discard:" + state["hands"][0][0])
    events = GAME.apply(state, 2, "discard:" + state["hands"][2][0])
    assert state["phase"] == "pick" and all(len(h) == 4 for h in state["hands"])
    assert GAME.view(state, None)["discards"][1] == chosen  # then shown to all
    assert events[-1]["commit"] and "Discards, face up" in events[-1]["text"]


def test_HP_5_coins_reset_each_round_and_contracts_are_kept():
    state = new(4, [[8, 1, 2, 3], [12, "s", 4, 5], [10, "s", 6, 7], ["s", 9, 11]])
    for cards in ((8, 12, 10, "s"), (2, 4, 6, 9), (3, 5, 7, 11)):  # the Tiger last: single cards pass alone
        play(state, *cards)
    assert state["round"] == 1 and state["coins"] == [2, 2, 2, 2]
    assert state["contracts"][0] >= 1  # the Goat's contract is kept
    assert all(len(h) == 4 and ship(s) in h for s, h in enumerate(state["hands"])) and state["played"] == [[], [], [], []]


def test_HP_6_three_turns_of_hidden_simultaneous_picks_and_the_fourth_card_stays():
    state = new(4, [[2, 3, 4, 5], [6, 7, 8, 9], [10, 11, 12, 1], ["s"]])
    assert GAME.to_act(state) == [0, 1, 2, 3]
    GAME.apply(state, 1, "play:m6")
    assert GAME.to_act(state) == [0, 2, 3]
    for seat in (0, 2, 3, None):
        view = GAME.view(state, seat)
        assert view["picked"] == [False, True, False, False] and view["mine"] != "m6"
        assert "m6" not in repr({k: v for k, v in view.items() if k != "hand"})
    assert GAME.view(state, 1)["mine"] == "m6"
    with pytest.raises(IllegalAction, match="already picked"):
        GAME.apply(state, 1, "play:m7")
    with pytest.raises(IllegalAction, match="not in your hand"):
        GAME.apply(state, 0, "play:m6")
    GAME.apply(state, 0, "play:m2")
    GAME.apply(state, 2, "play:m10")
    events = GAME.apply(state, 3, "play:s4")  # Buffalo lowest
    assert events[0]["type"] == "pick" and events[1]["type"] == "reveal" and events[1]["commit"]
    assert state["turn"] == 1 and all(len(h) == 3 for h in state["hands"])
    play(state, 5, 8, 12, "s1")  # Dragon lowest
    play(state, 4, 9, 11, "s2")  # the Dog meets the Cat: Dog 0 lowest
    assert state["round"] == 1 and len(state["reveals"]) == 3
    assert [len(r["cards"]) for r in state["reveals"]] == [4, 4, 4]


def test_HP_7_ships_pay_3_alone_1_each_in_pairs_nothing_from_three():
    state = new(4, [["s"], [10], [6], [7]])
    play(state, "s", 10, 6, 7)
    assert state["reveals"][-1]["pay"][0] == 3 and 0 not in state["reveals"][-1]["order"]
    state = new(4, [["s"], ["s"], [6], [7]])
    play(state, "s", "s", 6, 7)
    assert state["coins"][:2] == [3, 3]
    state = new(4, [["s"], ["s"], ["s"], [7]])
    play(state, "s", "s", "s", 7)
    assert state["coins"][:3] == [2, 2, 2]
    assert "nobody gains anything from ships" in steps(state)[0]


def test_HP_8_ships_then_special_conditions_then_ranking():
    state = new(4, [["s"], [10], [11], [7]])
    play(state, "s", 10, 11, 7)
    kinds = [s["kind"] for s in state["reveals"][-1]["steps"]]
    assert kinds[:4] == ["ships", "condition", "ranking", "high"]
    assert "P1's Hen (10) meets its rival, P2's Dog (11): its reputation drops to 0" in steps(state)[1]


def test_HP_9_highest_gains_2_second_1_lowest_fires():
    state = new(4, [[12], [11], [3], [6]])
    play(state, 12, 11, 3, 6)
    assert state["coins"][:2] == [4, 3]
    assert state["phase"] == "skill" and state["decision"]["skill"] == "tiger" and state["decision"]["owner"] == 2


def test_HP_9_waiting_and_refusals_name_the_rule_in_plain_words():
    state = new(4, [[1], [10], [6], [7]])
    play(state, 1, 10, 6, 7)  # the Mouse fires for P0
    reason = GAME.illegal_reason(state, 2, "target:0")
    assert reason == "Waiting for the Mouse's skill: the player who revealed it chooses first (HP-3, HP-9)."
    assert GAME.illegal_reason(state, 0, "play:m2") == "The Mouse's skill comes first: choose an opponent for the Mouse (HP-3)."
    GAME.apply(state, 0, "target:1")
    GAME.apply(state, 0, "throw:rock")
    assert "the two players throw first" in GAME.illegal_reason(state, 0, "throw:paper")
    for reason in (GAME.illegal_reason(state, 2, "throw:rock"), GAME.illegal_reason(state, 1, "rock")):
        assert "{" not in reason and "(HP-" in reason  # no seat placeholder left in a notice


def test_HP_10_a_pig_at_zero_ranks_below_a_hen_at_zero():
    state = new(4, [[12], [1], [10], [11]])
    play(state, 12, 1, 10, 11)
    r = state["reveals"][-1]
    assert r["rep"] == [0, 1, 0, 11]
    assert r["order"] == [3, 1, 2, 0]  # Dog, Mouse, Hen 0, Pig 0
    assert r["skill"] == 0  # the Pig's skill fires
    assert state["coins"] == [0, 3 + 1, 2, 4 + 1]  # Dog +2, Mouse +1; the Pig gives to P1 (left) and P3


def test_HP_11_monopoly_and_solo_are_announced():
    state = new(4, [["s"], ["s"], ["s"], [2]])
    events = play(state, "s", "s", "s", 2)
    assert state["coins"] == [2, 2, 2, 2 + 2 + 3]  # Monopoly: 2 coins, then the Buffalo's +3
    assert any(e.get("announce") and e["text"].startswith("Monopoly") for e in events)
    state = new(4, [["s"], ["s"], [6], [2]])
    events = play(state, "s", "s", 6, 2)
    assert state["coins"] == [3, 3, 2 + 2, 2 + 3]  # Solo: no second-place coin
    assert any(e.get("announce") and e["text"].startswith("Solo") for e in events)


def test_HP_12_the_seed_round_example():
    a, b, c, d = range(4)
    state = new(4, [[10, "s", 1, 12], [9, "s", 3, 7], [11, "s", 4, 6], [2, 8, "s", 5]])
    play(state, 10, 9, 11, 2)  # Turn 1
    assert "P0's Hen (10) meets its rival, P2's Dog (11)" in steps(state)[1]
    assert state["reveals"][-1]["order"] == [c, b, d, a]
    assert state["coins"] == [2, 3, 4, 2]  # Dog +2, Monkey +1, Buffalo nothing
    assert any("Hen (10) is lowest at 0" in s for s in steps(state))
    assert any("no skill" in s for s in steps(state))
    play(state, "s", "s", "s", 8)  # Turn 2
    assert "3 ships sail" in steps(state)[0]
    assert any(s.startswith("Monopoly: P3's Goat (8)") for s in steps(state))
    assert state["coins"] == [2, 3, 4, 4] and state["contracts"] == [0, 0, 0, 1]
    events = play(state, 12, 7, 6, 5)  # Turn 3: the Dragon is lowest
    assert state["rounds"][-1]["coins"] == [2, 3, 4, 4]  # A 2, B 3, C and D 4 each
    record = state["rounds"][-1]
    assert record["tied"] == [c, d] and record["kept"][c] == "m4" and record["kept"][d] == ship(d)
    assert record["taker"] == c
    text = from_data(record["text"])  # the state keeps its words as plain data
    assert "fourth-card tie-break" in text and "P2 takes the contract" in text.format(*["P{}".format(s) for s in range(4)])
    assert state["contracts"] == [0, 0, 1, 1]
    assert any(e["type"] == "contract" and e["announce"] for e in events)


def last_turn(hands, coins, contracts=(0, 0, 0, 0), goat=()):
    """A 4-player game at the last turn of round 1: two cards in each hand, the given coins
    (every other card already revealed this round)."""
    state = new(4)
    state["turn"] = 2
    state["hands"] = [list(h) for h in hands]
    state["coins"] = list(coins)
    state["contracts"] = list(contracts)
    if any(contracts):
        state["rounds"] = [{"round": -1, "coins": [0] * 4, "contracts": list(contracts), "taker": None, "tied": [], "kept": [None] * 4, "text": ""}]
    for seat in goat:  # a Goat revealed earlier this round
        state["contracts"][seat] += 1
        state["round_gains"][seat] += 1
        state["goat"].append(seat)
    held = {c for h in state["hands"] for c in h}
    rest = [c for c in all_cards(4) if c not in held]
    state["played"] = [rest[i::4] for i in range(4)]
    assert not GAME.audit(state), GAME.audit(state)
    return state


def test_HP_13_the_richest_takes_the_contract():
    state = last_turn([["m10", "s1"], ["m12", "s2"], ["m9", "s3"], ["m11", "s4"]], [4, 3, 6, 8])
    events = play(state, 10, 12, 9, 11)  # Hen meets Dog: Pig +2, Dog +1, Hen 0 lowest
    record = state["rounds"][-1]
    assert record["coins"] == [4, 5, 6, 9] and record["taker"] == 3 and record["tied"] == []
    assert any("Round 1 ends: P3 has the most coins (9) and takes the contract" in t for t in texts(state, events))
    assert state["contracts"] == [0, 0, 0, 1] and record["kept"] == [None] * 4  # no card shown


def test_HP_13_a_tie_compares_the_fourth_card():
    state = last_turn([["s1", "m10"], ["s2", "m12"], ["s3", "m9"], ["m8", "m11"]], [5, 5, 3, 3])
    play(state, "s", "s", "s", 8)  # 3 ships pay nobody; the Goat's Monopoly: +2 and a contract
    record = state["rounds"][-1]
    assert record["coins"] == [5, 5, 3, 5] and record["tied"] == [0, 1, 3]
    assert record["taker"] == 1  # the Pig (12) beats the Dog (11) and the Hen (10)
    assert record["kept"] == ["m10", "m12", None, "m11"]  # only the tied players show their card
    assert state["contracts"] == [0, 1, 0, 1]


def test_HP_13_still_tied_nobody_takes_the_contract():
    state = last_turn([["m10", "s1"], ["m12", "s2"], ["m9", "s3"], ["m11", "s4"]], [6, 2, 6, 3])
    events = play(state, 10, 12, 9, 11)
    record = state["rounds"][-1]
    assert record["coins"] == [6, 4, 6, 4] and record["tied"] == [0, 2]
    assert record["kept"][0] == "s1" and record["kept"][2] == "s3"
    assert record["taker"] is None and "still tied, so nobody takes the contract" in from_data(record["text"])
    assert state["contracts"] == [0, 0, 0, 0]
    assert any(e.get("announce") and "nobody takes the contract" in e["text"] for e in events)


def test_HP_14_three_contracts_end_the_game():
    state = last_turn([["m10", "s1"], ["m12", "s2"], ["m9", "s3"], ["m11", "s4"]], [4, 3, 6, 8], contracts=(1, 0, 2, 2))
    events = play(state, 10, 12, 9, 11)
    assert state["over"] and GAME.to_act(state) == [] and state["winners"] == [3]
    assert events[-1]["type"] == "over" and events[-1]["announce"]
    result = GAME.result(state)
    assert result["scores"] == [1, 0, 2, 3] and result["winners"] == [3]
    assert [row["label"] for row in result["sheet"]][-3:] == ["Round 1 · contracts", "Round 1 · coins at the end", "Total"]


def test_HP_14_ties_at_game_end_most_contracts_then_fourth_card_then_shared():
    hands = [["m10", "s1"], ["m12", "s2"], ["m9", "s3"], ["m8", "s4"]]
    # P1 takes its 3rd contract with the round, P3 its 3rd with the Goat; both keep a ship.
    state = last_turn(hands, [2, 2, 2, 2], contracts=(2, 2, 0, 2))
    events = play(state, 10, 12, 9, 8)  # Pig +2, Hen +1, Monkey, Goat lowest
    assert state["contracts"] == [2, 3, 0, 3] and state["winners"] == [1, 3]
    assert "win together" in events[-1]["text"] and "share the win" in events[-1]["text"]
    assert GAME.result(state)["winners"] == [1, 3]
    # The same with P1 keeping the Dog: the highest fourth card wins.
    state = last_turn([["m10", "s1"], ["m12", "m11"], ["m9", "s3"], ["m8", "s4"]], [2, 2, 2, 2], contracts=(2, 2, 0, 2))
    play(state, 10, 12, 9, 8)
    assert state["winners"] == [1] and state["rounds"][-1]["kept"][1] == "m11"
    # P1 reached 3 with a Goat earlier this round; P3 takes the Goat's, the round's and the
    # Goat's second contract: 5 beats 3.
    state = last_turn(hands, [2, 1, 2, 6], contracts=(2, 2, 0, 2), goat=(1,))
    events = play(state, 10, 12, 9, 8)
    assert state["contracts"] == [2, 3, 0, 5] and state["winners"] == [3]
    assert "most contracts" in events[-1]["text"]


def test_HP_15_otherwise_the_next_round_starts():
    state = new(4, [[2, 3, 4, 5], [6, 7, 8, 9], [10, 11, 12, 1], ["s"]])
    rng = random.Random(1)
    while state["round"] == 0:
        seat = GAME.to_act(state)[0]
        GAME.apply(state, seat, rng.choice(GAME.legal_actions(state, seat)))
    assert not state["over"] and state["round"] == 1 and state["turn"] == 0
    assert state["coins"] == [2, 2, 2, 2] and all(len(h) == 4 for h in state["hands"])
    assert GAME.progress(state) == "Round 2, turn 1 of 3"


def test_HP_3_a_skill_that_moves_no_coin_says_so_instead_of_0_coins():
    """Issue 27: "loses 0 coins", "steals 0 coins", "discards half their coins, 0 coins"."""
    state = new(4, [[11], [4], [6], [7]])
    state["coins"][0] = 0
    events = play(state, 11, 4, 6, 7)  # Dog meets Cat: Dog 0 is lowest
    assert "P0's Dog: P0 has no coin to lose (HP-3)." in texts(state, events)
    state = new(4, [[6], [7], [8], [10]])
    state["coins"][1] = 0
    play(state, 6, 7, 8, 10)
    events = GAME.apply(state, 0, "target:1")
    assert "P0's Snake finds no coin to steal: P1 has none (HP-3)." in texts(state, events)
    state = new(4, [[1], [10], [6], [7]])
    state["coins"][3] = 0
    play(state, 1, 10, 6, 7)  # the Horse is second: P3 has 1 coin
    GAME.apply(state, 0, "target:3")
    GAME.apply(state, 0, "throw:rock")
    events = GAME.apply(state, 3, "throw:scissors")
    assert any(t.endswith("P0 wins; P3 has 1 coin: nothing to discard (half, rounded down) (HP-3).") for t in texts(state, events))
    assert not any("0 coins" in t for t in texts(state, events))
