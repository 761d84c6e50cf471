"""Stem and Branch bots: decisions from the view alone (never hidden hands or the deck order),
legal moves in both modes, and the levels' order over short fixed-seed series (the 200-game
figures are in bench/)."""

import random

import pytest

from games import GAMES
from games.stemandbranch import bots as sbbots
from games.stemandbranch.data import CARD_OF
from tabletop import bots as botlib
from tabletop.simulate import play_game, simulate
from test_stemandbranch_rules import table
from test_stemandbranch_scrolls import fire_table, sb16, scroll_table

GAME = GAMES["stemandbranch"]


def mid_game(players, options, seed, plies=40):
    state = GAME.start(players, options, seed)
    for _ in range(plies):
        seat = GAME.to_act(state)[0]
        GAME.apply(state, seat, botlib.choose(GAME, "normal", GAME.view(state, seat), seat, GAME.legal_actions(state, seat)))
    return state


@pytest.mark.parametrize("options", [{}, {"mode": "coop"}, {"scrolls": "1"}])
def test_bots_decide_from_the_view_alone(options):
    for seed in (1, 2):
        state = mid_game(3, options, seed)
        seat = GAME.to_act(state)[0]
        for level in ("normal", "hard"):
            picks = {botlib.choose(GAME, level, GAME.view(s, seat), seat, GAME.legal_actions(s, seat), random.Random(9))
                     for s in (state, GAME.scramble(state, seat, random.Random(1)), GAME.scramble(state, seat, random.Random(2)))}
            assert len(picks) == 1


@pytest.mark.parametrize("options,players", [({"mode": "coop"}, 1), ({"mode": "coop"}, 2), ({}, 3), ({"scrolls": "1"}, 3)])
def test_every_level_plays_legal_games_in_both_modes(options, players):
    for level in ("easy", "normal"):
        assert GAME.is_over(play_game(GAME, [level] * players, seed=players, options=options))


def test_hard_reproduces_a_decision_from_its_seed():
    state = mid_game(4, {}, 5)
    seat = GAME.to_act(state)[0]
    view, legal = GAME.view(state, seat), GAME.legal_actions(state, seat)
    assert len({sbbots.hard(GAME, view, seat, legal, random.Random(3)) for _ in range(2)}) == 1


def test_normal_takes_a_free_summon_that_scores():
    # Tiger r1 (Fire) beside Rabbit r1 (Fire) costs 0 and takes the Tiger token: Normal summons it
    state = table(players=2, hands=[[3], []], board={"a1": [4]}, row=[40, 41, 42])
    legal = GAME.legal_actions(state, 0)
    assert "summon:3" in legal and "draw:deck" in legal
    assert sbbots.normal(GAME, GAME.view(state, 0), 0, legal, random.Random(1)) == "summon:3"


def test_levels_in_order_competitive_and_coop():
    assert simulate(GAME, ["normal", "easy"], 10, seed=21).by_level()["normal"][0] >= 0.8
    coop = {level: simulate(GAME, [level], 6, seed=3, options={"mode": "coop"}).by_level()[level][1]
            for level in ("easy", "normal")}
    assert coop["normal"] > coop["easy"]


def decide(state, level="normal", seat=0):
    return botlib.choose(GAME, level, GAME.view(state, seat), seat, GAME.legal_actions(state, seat), random.Random(1))


def test_SB_22_normal_claims_a_scroll_it_can_use_and_declines_one_that_costs_too_much():
    state = scroll_table(**sb16(years=[3, 0, 0], deck=list(range(40, 61)), box=["Wood1", "Wood2"]))
    GAME.apply(state, 0, "summon:31")
    GAME.apply(state, 0, "at:c2")
    GAME.apply(state, 0, "pay:7")
    assert state["phase"] == "claim" and state["years"][0] == 5
    assert decide(state) == "claim:Wood3"  # early in the game a scroll is used again and again
    late = clone_with(state, deck=[60])  # the last card: hardly a use left for 3 years
    assert decide(late) == "claim:none"


def clone_with(state, **changes):
    from tabletop import clone
    state = clone(state)
    state.update(changes)
    return state


def test_SB_24_normal_activates_a_scroll_when_it_beats_drawing():
    # Fire L2 removes B's Ox (2 cards: 2 years, and B loses the token): better than a blind draw
    state = fire_table(board_tokens={"d4": "Fire"}, deck=list(range(40, 61)))
    assert decide(state) == "scroll:Fire2"
    GAME.apply(state, 0, "scroll:Fire2")
    assert decide(state) == "fire:Ox"


def test_SB_25_normal_refreshes_then_activates():
    # Fire L3 would remove B's Ox, 3 cards (3 years): worth a Wood token (Wood generates Fire)
    state = fire_table(board={"b2": [2, 14, 26]}, deck=list(range(40, 61)), tokens=[{"Wood": 2}, {}, {}],
                       owned=[{"Fire3": False}, {}, {}])
    assert decide(state) == "refresh:Fire3/Wood"
    GAME.apply(state, 0, "refresh:Fire3/Wood")
    assert decide(state) == "scroll:Fire3"


def test_hard_with_scrolls_reproduces_a_decision_and_plays_them():
    state = mid_game(3, {"scrolls": "1"}, 6)
    seat = GAME.to_act(state)[0]
    view, legal = GAME.view(state, seat), GAME.legal_actions(state, seat)
    assert len({sbbots.hard(GAME, view, seat, legal, random.Random(3)) for _ in range(2)}) == 1
    final = play_game(GAME, ["hard", "normal", "easy"], seed=4, options={"scrolls": "1"})
    assert GAME.is_over(final) and any(final["owned"][s] for s in (0, 1))  # the bots claimed scrolls


# --- issue 37: Hard passed up one-item steals and ignored what the open row offered its rivals --
def hard_turn(state, seed, seat=0):
    """Hard plays its whole turn (both main actions, SB-6, and what they ask) on `state`."""
    rng = random.Random(seed)
    while not GAME.is_over(state) and GAME.to_act(state) == [seat]:
        GAME.apply(state, seat, botlib.choose(GAME, "hard", GAME.view(state, seat), seat, GAME.legal_actions(state, seat), rng))
    return state


def open_row_table(hand, tokens, dog_owner):
    """Two players. Stacks at rank 3 (Rat, Ox, Tiger: seat 0's; Pig, Horse, Rooster: seat 1's) and
    Dog r1 on d4, no neighbour. The row: low cards of stacked animals, which no Summon can take
    (SB-8), and Dog r2 (Fire) in slot 6: it Ascends the Dog for 1 item (SB-9: 1 - 0 shared) and
    takes the Dog token from its holder (SB-11)."""
    c = lambda animal, rank: CARD_OF[(animal, rank)]  # noqa: E731
    board = {"a1": [c("Rat", 3)], "a2": [c("Ox", 3)], "b1": [c("Tiger", 3)], "c1": [c("Pig", 3)], "a4": [c("Horse", 3)],
             "b4": [c("Rooster", 3)], "d4": [c("Dog", 1)]}
    row = [c("Rat", 2), c("Ox", 2), c("Tiger", 2), c("Pig", 2), c("Rat", 1), c("Ox", 1), c("Dog", 2), c("Tiger", 1)]
    owner = {"Rat": 0, "Ox": 0, "Tiger": 0, "Pig": 1, "Horse": 1, "Rooster": 1, "Dog": dog_owner}
    return table(players=2, hands=[[c(a, r) for a, r in hand], [c("Horse", 2), c("Rooster", 2)]], board=board, row=row,
                 tokens=tokens, owner=owner, years=[14, 12])


SEEDS = range(6)


def test_SB_11_hard_draws_a_row_card_to_steal_a_token_for_one_item():
    """The rival holds the Dog token; Dog r2 lies in the row and Hard holds a Fire token to pay
    with: drawing it and Ascending the Dog (2 actions) takes the token and scores 4 years. Hard
    used to rank row cards alike and never looked at this one."""
    for seed in SEEDS:
        state = hard_turn(open_row_table([("Goat", 5), ("Snake", 5), ("Monkey", 5)], [{"Fire": 1}, {}], dog_owner=1), seed)
        assert state["owner"]["Dog"] == 0 and state["years"][0] == 14 + 4, seed


def test_SB_11_hard_leaves_the_next_player_no_one_item_steal_in_the_row():
    """Hard holds the Dog token and the rival a Fire token (public, SB-15): Dog r2 left in the row
    lets the rival take the Dog for 1 item. Hard's best turn: Summon Goat r1 (its own new token, 5
    years) and draw Dog r2 out of the rival's reach."""
    for seed in SEEDS:
        state = hard_turn(open_row_table([("Goat", 1), ("Snake", 5), ("Monkey", 5)], [{"Metal": 1}, {"Fire": 1}], dog_owner=0), seed)
        assert CARD_OF[("Dog", 2)] not in state["row"] and state["owner"]["Goat"] == 0, seed


# --- a hint says what Hard's move does, in the game's words (tabletop.hints, search.say_why) ---------
from games.stemandbranch.data import ANIMALS  # noqa: E402
from tabletop.hints import hint, hint_rng  # noqa: E402
from test_stemandbranch_rules import play  # noqa: E402

card = CARD_OF.__getitem__  # card(("Ox", 3))


@pytest.fixture
def hinted(monkeypatch):
    """(action, its reason as text) of the hint for `seat` (Hard's choice); the time guard off, so
    that a loaded machine cannot cut Hard's search short (its budget counts worlds)."""
    monkeypatch.setattr(sbbots, "HARD_TIME_BUDGET", 60)

    def said(state, seat=0):
        view, legal = GAME.view(state, seat), GAME.legal_actions(state, seat)
        found = hint(GAME, view, seat, legal, hint_rng(view, seat, 0))
        return found["action"], str(found["why"])
    return said


def test_SB_9_SB_11_hint_says_the_summons_cost_and_what_it_takes(hinted):
    """SB-16: Horse r3 (Wood) into c2 costs 3 - 2 Wood neighbours = 1, takes the Water token there
    and the Horse token from the supply: 2 years (Dog and Horse)."""
    state = table(**sb16())
    play(state, 0, "summon:31")
    action, why = hinted(state)
    assert action == "at:c2"
    assert ("summoning Horse r3 (Wood) into c2 for 1 item (2 Wood neighbours, SB-9): it takes the Water token on c2 and takes "
            "the Horse token for 2 years (SB-11)") in why


def test_SB_11_hint_for_a_row_card_names_the_steal_it_sets_up_then_the_steal(hinted):
    """Issue 37's row: Dog r2 (Fire) in the row Ascends the rival's Dog on d4 for 1 item (SB-9): the
    draw's hint says so, then the Summon's: a Fire token from the supply and the Dog token from {1},
    4 years (Rat, Ox, Tiger and Dog)."""
    state = open_row_table([("Goat", 5), ("Snake", 5), ("Monkey", 5)], [{"Fire": 1}, {}], dog_owner=1)
    action, why = hinted(state)
    assert action == "draw:row6"
    assert ("taking Dog r2 (Fire) from the row: your next action can summon it for 1 item, which gains a Fire token and takes the "
            "Dog token from {1} for 4 years (SB-11)") in why
    play(state, 0, action)
    action, why = hinted(state)
    assert action == "summon:{}".format(card(("Dog", 2)))
    assert ("ascending the Dog on d4 with Dog r2 (Fire) for 1 item: it gains a Fire token and takes the Dog token from {1} for "
            "4 years (SB-11)") in why


def test_SB_11_hint_for_a_row_card_warns_of_the_steal_it_would_leave_open(hinted):
    """Hard holds the Dog token and {1} a Fire token: Dog r2 left in the row would let {1} take it
    for 1 item (SB-9, SB-11)."""
    state = open_row_table([("Goat", 1), ("Snake", 5), ("Monkey", 5)], [{"Metal": 1}, {"Fire": 1}], dog_owner=0)
    action, why = hinted(state)
    assert action == "draw:row6"
    assert why.startswith("Hard would play this: taking Dog r2 (Fire) from the row: ")
    assert "left there, it would let {1} take your Dog token cheaply (SB-11)" in why


def test_SB_12_hint_says_a_draw_empties_the_deck():
    """One card left in the deck: any draw empties it and triggers the end (SB-12)."""
    state = table(players=2, hands=[[], []], board={"a1": [card(("Rat", 1))]}, row=[card(("Rat", 5)), card(("Pig", 5))], deck=[59])
    for action in ("draw:deck", "draw:row0"):
        assert "it empties the deck: the end is triggered (SB-12)" in str(sbbots.why(GAME, GAME.view(state, 0), 0, action))


def test_SB_11_hint_for_the_steal_names_the_player_with_most_years(hinted):
    """No Earth token in the supply (SB-11 step 3): Ox r3 (Earth) ascends the Ox for 0 items and
    takes one from {1} (5 years) rather than {2} (3 years)."""
    state = table(players=3, hands=[[26], [], []], board={"b2": [2], "a2": [6]}, tokens=[{}, {"Earth": 1}, {"Earth": 2}],
                  years=[0, 5, 3], owner={"Ox": 1}, supply={"Wood": 5, "Fire": 5, "Earth": 0, "Metal": 5, "Water": 5})
    play(state, 0, "summon:26", "at:b2")
    assert hinted(state) == ("steal:1", "Hard would play this: {1} has the most years: your Earth token comes from them (SB-11).")


def test_SB_8_SB_10_hint_pays_first_with_a_card_that_can_never_be_summoned(hinted):
    """SB-17's second Ascend: Ox r5 (Water) costs 3; Ox r2 (Fire) pays (same animal) and can never
    go on the board, the Ox being at rank 3 (SB-8)."""
    state = table(hands=[[50, 60, 14], [], []], board={"b2": [2, 26], "a2": [6]}, tokens=[{"Water": 1, "Earth": 1}, {}, {}],
                  owner={"Ox": 0, "Dog": 0, "Horse": 0})
    play(state, 0, "summon:50", "at:b2")
    assert hinted(state) == ("pay:14", "Hard would play this: Ox r2 (Fire) can no longer be summoned: the Ox on b2 is at rank 3 "
                                       "already (SB-8).")


def test_SB_6_SB_13_hint_discards_the_card_that_can_do_least(hinted):
    """Eight cards at the end of the turn (SB-6): Ox r1 can no longer be summoned (the Ox is at
    rank 3) and its token is {1}'s, so it scores nothing at the end (SB-13)."""
    state = table(players=2, hands=[[2, 7, 9, 20, 33, 45, 46, 57], []], board={"b2": [card(("Ox", 3))]}, owner={"Ox": 1},
                  deck=list(range(40, 44)))
    state.update(phase="discard", done=2)
    action, why = hinted(state)
    assert action == "discard:2"
    assert why == ("Hard would play this: discarding Ox r1 (Wood) (hand limit 7, SB-6): the Ox on b2 is at rank 3 already: it can "
                   "no longer be summoned (SB-8); you do not hold the Ox token: it scores nothing at the end (SB-13).")


def coop_table(hands, board, pool=None, locked=(), **kw):
    state = table(mode="coop", players=1, hands=hands, board=board, **kw)
    for element, count in (pool or {}).items():
        state["pool"][element] += count
        state["supply"][element] -= count
    state["locked"] = list(locked)
    assert not GAME.audit(state), GAME.audit(state)
    return state


def test_SB_20_coop_hint_says_the_ascend_locks_the_animal(hinted):
    """Co-op: Ox r5 (Water) on Ox r4 costs 4 - 1 (the locked Pig r5, Water, on c2) = 3 team tokens;
    the Ox reaches rank 5 and locks (2 of 12, SB-20), and the Ascend gains a Water token (SB-11)."""
    state = coop_table([[card(("Ox", 5))]], {"b2": [card(("Ox", 1)), card(("Ox", 4))], "c2": [card(("Pig", 5))], "d4": [card(("Rat", 1))]},
                       pool={"Water": 3}, locked=["Pig"])
    play(state, 0, "summon:{}".format(card(("Ox", 5))))
    action, why = hinted(state)
    assert action == "at:b2"
    assert why == ("Hard would play this: ascending the Ox on b2 with Ox r5 (Water) for 3 items (1 Water neighbour, SB-9): it "
                   "gains a Water token and locks the Ox at rank 5 (2 of 12, SB-20).")


def test_SB_20_coop_hint_says_the_move_that_makes_a_summon_cheaper(hinted):
    """Co-op: Horse r3 (Wood) costs 2 beside one Wood stack; moving a Wood stack first (SB-20) puts
    two beside a space, 1 item, which the team's one Wood token pays; a3 also holds a Fire token."""
    state = coop_table([[card(("Horse", 3)), card(("Rat", 3))]], {"a2": [card(("Ox", 1))], "c3": [card(("Dog", 1))]}, pool={"Wood": 1},
                       board_tokens={"a3": "Fire"})
    play(state, 0, "summon:{}".format(card(("Horse", 3))))
    action, why = hinted(state)
    assert action.startswith("move:")
    moved = GAME.view(state, 0)["board"][action[5:7]][0]
    assert why.startswith("Hard would play this: moving the {} to {} (SB-20), then summoning Horse r3 (Wood) into ".format(
        ANIMALS[(moved - 1) % 12], action[8:]))
    assert "for 1 item (2 Wood neighbours, SB-9)" in why


def test_SB_10_SB_19_coop_hint_pays_with_a_team_token_and_keeps_the_card(hinted):
    state = coop_table([[card(("Horse", 3)), card(("Ox", 1))]], {"c3": [card(("Dog", 1))]}, pool={"Wood": 1})
    play(state, 0, "summon:{}".format(card(("Horse", 3))), "at:b3")
    assert GAME.legal_actions(state, 0) == ["pay:2", "pay:token:Wood"]
    assert hinted(state) == ("pay:token:Wood", "Hard would play this: a team Wood token pays (SB-10), and your cards stay for the "
                                                "calendar.")


def test_SB_7_SB_8_coop_hint_for_a_row_card_says_where_it_can_go():
    """Co-op row cards: the next rank of a stack, a new animal at a low rank, a rank the stack is
    past already (SB-8: it can never be placed)."""
    state = coop_table([[card(("Ox", 5))]], {"b2": [card(("Tiger", r)) for r in (1, 2, 3)], "a1": [card(("Rat", 4))]},
                       row=[card(("Rat", 2)), card(("Dog", 1)), card(("Tiger", 4))])
    view = GAME.view(state, 0)
    said = {a: str(sbbots.why(GAME, view, 0, a)) for a in ("draw:row0", "draw:row1", "draw:row2")}
    assert said == {
        "draw:row0": "taking Rat r2 (Fire) from the row: the Rat on a1 is at rank 4 already: it can no longer be summoned (SB-8)",
        "draw:row1": "taking Dog r1 (Wood) from the row: the Dog is not on the calendar yet: a low rank starts it with room to grow",
        "draw:row2": "taking Tiger r4 (Water) from the row: it is the next rank for the Tiger on b2"}


def test_SB_22_hint_claims_a_scroll_early_and_declines_it_late(hinted):
    state = scroll_table(**sb16(years=[3, 0, 0], deck=list(range(40, 61)), box=["Wood1", "Wood2"]))
    play(state, 0, "summon:31", "at:c2", "pay:7")
    assert hinted(state) == ("claim:Wood3", "Hard would play this: claiming the Wood scroll L3 for 3 years: its uses over the rest "
                                            "of the game should be worth more (SB-22).")
    assert hinted(clone_with(state, deck=[60])) == (
        "claim:none", "Hard would play this: no scroll you may claim now is worth its years to you (SB-22).")


def test_SB_24_hint_says_what_an_activation_does():
    """Main actions of a seeded game (3 players, Spirit Scrolls, Normal's moves): Hard activates a
    scroll, and the hint says what the effect is, by SB-24."""
    # seed 1, ply 80: the Wood scroll L3 summons Rooster r3 from the discard pile onto the Rooster
    state = mid_game(3, {"scrolls": "1"}, 1, plies=80)
    seat = GAME.to_act(state)[0]
    view, legal = GAME.view(state, seat), GAME.legal_actions(state, seat)
    found = hint(GAME, view, seat, legal, hint_rng(view, seat, 0))
    assert found["action"] == "scroll:Wood3"
    assert str(found["why"]).startswith(
        "Hard would play this: activating your Wood scroll L3: ascending the Rooster on b2 with Rooster r3 (Fire) from the discard "
        "pile, at no cost (SB-24): it gains a Fire token and takes the Rooster token from {1} for 3 years (SB-11).")


def test_SB_24_hint_for_each_scroll_target_and_choice(hinted):
    c = card
    # Fire: B's Ox (2 cards) removed: 2 years, and B loses the token; its Fire token from the supply
    state = fire_table(board_tokens={"d4": "Fire"}, deck=list(range(40, 61)))
    assert "removing the Ox from b2 scores 2 years, one per card (SB-24), and {1} loses the Ox token" in str(
        sbbots.why(GAME, GAME.view(state, 0), 0, "scroll:Fire2"))
    play(state, 0, "scroll:Fire2", "fire:Ox")
    assert hinted(state) == ("source:supply", "Hard would play this: the Fire token {1} gains comes from the supply, and the board "
                                              "keeps its tokens (SB-24).")
    # Metal: the Horse (level 2) scores 2 years, then moves onto the Fire token on d4
    state = scroll_table(board={"a1": [c(("Horse", 1)), c(("Horse", 2))], "c3": [c(("Dog", 1))]}, owned=[{"Metal3": True}, {}, {}],
                         deck=list(range(40, 61)), board_tokens={"d4": "Fire"}, owner={"Horse": 1, "Dog": 0})
    play(state, 0, "scroll:Metal3")
    assert hinted(state) == ("metal:Horse", "Hard would play this: the Horse on a1 scores its level, 2 years (SB-24), and moving it "
                                            "to d4 takes the Fire token there.")
    play(state, 0, "metal:Horse")
    assert hinted(state) == ("moveto:d4", "Hard would play this: moving the Horse to d4 takes the Fire token there (SB-24).")
    # Earth L2: the Horse's r1 and r2 from the discard pile, 1 year each
    state = scroll_table(owned=[{"Earth2": True}, {}, {}], deck=list(range(40, 61)), owner={"Horse": 0})
    play(state, 0, "scroll:Earth2")
    assert hinted(state) == ("earth:Horse", "Hard would play this: taking Horse r1 (Metal) and Horse r2 (Water) from the discard "
                                            "pile scores 2 years (SB-24).")
    # Water: the token of the element the hand holds most (Tiger r1 and Rabbit r1 are Fire)
    state = scroll_table(hands=[[c(("Tiger", 1)), c(("Rabbit", 1)), c(("Horse", 2))], [], []], owned=[{"Water2": True}, {}, {}],
                         deck=list(range(40, 61)), board_tokens={"d4": "Metal"})
    play(state, 0, "scroll:Water2")
    assert hinted(state) == ("water:supply:Fire", "Hard would play this: a Fire token from the supply: it pays for the 2 Fire "
                                                  "cards in your hand (SB-10).")


def test_SB_25_hint_says_the_refresh_and_the_activation_it_allows():
    state = fire_table(board={"b2": [2, 14, 26]}, deck=list(range(40, 61)), tokens=[{"Wood": 2}, {}, {}],
                       owned=[{"Fire3": False}, {}, {}])
    assert str(sbbots.why(GAME, GAME.view(state, 0), 0, "refresh:Fire3/Wood")) == (
        "refreshing your Fire scroll L3 with a Wood token (SB-25) to activate it: removing the Ox from b2 scores 3 years, one per "
        "card (SB-24), and {1} loses the Ox token")


@pytest.mark.parametrize("options", [{}, {"mode": "coop"}, {"scrolls": "1"}])
def test_hint_words_are_the_same_whatever_is_hidden(options):
    """The reason is built from the view only (SB-15): the hidden hands and deck re-drawn, the words
    for every legal move stay the same."""
    state = mid_game(3, options, 2, plies=30)
    seat = GAME.to_act(state)[0]
    for action in GAME.legal_actions(state, seat):
        said = {str(sbbots.why(GAME, GAME.view(s, seat), seat, action))
                for s in (state, GAME.scramble(state, seat, random.Random(1)), GAME.scramble(state, seat, random.Random(2)))}
        assert len(said) == 1, said
