"""Stem and Branch's Spirit Scrolls expansion: a test naming each rule SB-22..SB-25, the worked
example SB-23 played through the engine, each of the five effects, Refresh by its own and by the
generating element, the second action's tokens waiting, the passed-over scrolls going to the box,
and seeded random games with the expansion under the shared harness's checks (300; 3,000 in `make soak`)."""

import os

import pytest

from games import GAMES
from games.stemandbranch import data
from games.stemandbranch.data import CARD_OF, ELEMENTS, SCROLL_LEVELS
from games.stemandbranch.rules import claim_options, passed_over, spaces_for
from tabletop import IllegalAction, clone
from test_harness import play_random
from test_stemandbranch_rules import play, table, texts

GAME = GAMES["stemandbranch"]
A, B, C = 0, 1, 2


def scroll_table(owned=None, box=(), stacks=None, **kw):
    """`table` with the expansion on: `owned` = per seat {scroll id: active}; every scroll not
    owned, boxed or left out of `stacks` stays in its stack."""
    state = table(**kw)
    state["scrolls"] = True
    owned = owned or [{} for _ in range(state["players"])]
    state["owned"] = [dict(o) for o in owned]
    state["box"] = list(box)
    gone = set(box) | {sid for o in owned for sid in o}
    if stacks is None:
        stacks = {e: [lv for lv in SCROLL_LEVELS if "{}{}".format(e, lv) not in gone] for e in ELEMENTS}
    state["stacks"] = {e: list(stacks.get(e, [])) for e in ELEMENTS}
    assert not GAME.audit(state), GAME.audit(state)
    return state


def legal(state, seat=A):
    return GAME.legal_actions(state, seat)


def refusal(state, action, seat=A):
    """The reason the engine gives for refusing `action` (on a copy: the state is untouched)."""
    with pytest.raises(IllegalAction) as err:
        play(clone(state), seat, action)
    return err.value.reason


# --- the option --------------------------------------------------------------------------------------
def test_SB_22_option_competitive_only_and_set_up():
    state = GAME.start(3, {"scrolls": "1"}, 4)
    assert state["scrolls"] and state["stacks"] == {e: [1, 2, 3, 4, 5] for e in ELEMENTS}
    assert state["box"] == [] and state["owned"] == [{}, {}, {}] and not GAME.audit(state)
    assert not GAME.start(3, {}, 4)["scrolls"]  # off by default: the base game is unchanged
    with pytest.raises(IllegalAction) as err:
        GAME.start(2, {"mode": "coop", "scrolls": "1"}, 1)
    assert "competitive" in err.value.reason
    assert GAME.info.player_range({"scrolls": "1"}) == (2, 4)
    assert {"mode": "competitive", "scrolls": "1"} in GAME.info.harness_options


def test_SB_22_to_SB_25_rules_panel_tells_the_expansion():
    for rule_id in ("SB-22", "SB-23", "SB-24", "SB-25"):
        rule = GAME.info.rule(rule_id)
        assert rule.section == "Spirit Scrolls"
        assert "later" not in rule.text and "not in this version" not in rule.text
    assert "box" in GAME.info.rule("SB-22").text and "generates" in GAME.info.rule("SB-25").text


# --- SB-22: claims -------------------------------------------------------------------------------------
def summon_horse_r3(state):
    """SB-16's set-up: A summons Horse r3 (Wood) into c2 for 1 (Horse r1), scoring 2 years."""
    return play(state, A, "summon:31", "at:c2", "pay:7")


def sb16(**kw):
    return dict(hands=[[31, 7], [], []], board={"b2": [2], "c3": [11], "d2": [3]}, board_tokens={"c2": "Water"},
                owner={"Dog": A, "Ox": B}, **kw)


def test_SB_22_claim_after_a_summon_lower_scrolls_go_to_the_box():
    state = scroll_table(**sb16(years=[3, 0, 0]))
    summon_horse_r3(state)
    assert state["years"][A] == 5 and state["phase"] == "claim"
    # Wood scrolls of level <= 3 (the rank), each paid in years; decline is always there
    assert legal(state) == ["claim:Wood1", "claim:Wood2", "claim:Wood3", "claim:none"]
    assert passed_over(state, "Wood3") == ["Wood1", "Wood2"]
    events = play(state, A, "claim:Wood3")
    assert state["years"][A] == 2 and state["owned"][A] == {"Wood3": True}  # placed active
    assert state["stacks"]["Wood"] == [4, 5] and state["box"] == ["Wood1", "Wood2"]
    assert "claims the Wood scroll L3 for 3 years" in texts(events) and "to the box" in texts(events)
    assert state["phase"] == "main" and state["done"] == 1  # the claim was part of the Summon action
    assert not GAME.audit(state)


def test_SB_22_not_enough_years_no_claim_and_level_at_most_the_rank():
    state = scroll_table(**sb16(years=[0, 0, 0], box=["Wood1", "Wood2"]))
    # 2 years after the summon: Wood L3 costs 3: no claim is offered, the action simply ends
    summon_horse_r3(state)
    assert state["phase"] == "main" and state["done"] == 1 and state["owned"][A] == {}
    state = scroll_table(**sb16(years=[10, 0, 0]))
    summon_horse_r3(state)
    assert all(not a.startswith("claim:Wood4") and not a.startswith("claim:Wood5") for a in legal(state))
    assert "at most the summoned card's rank" in refusal(state, "claim:Wood4")
    assert "only a Wood scroll" in refusal(state, "claim:Fire1")


def test_SB_22_decline_is_one_action_and_one_claim_per_summon():
    state = scroll_table(**sb16(years=[3, 0, 0]))
    summon_horse_r3(state)
    events = play(state, A, "claim:none")
    assert "claims no scroll" in texts(events)
    assert state["phase"] == "main" and state["done"] == 1 and not any(a.startswith("claim") for a in legal(state))


def test_SB_23_worked_example_exchange():
    """Wood stack L3, L4, L5; A has 6 years and an inactive Wood L2; A summons Tiger r5 (51, Wood),
    claims Wood L4 returning L2: pays 2 (4 left); L3 goes to the box; the stack is L2, L5."""
    tiger5 = CARD_OF[("Tiger", 5)]
    assert tiger5 == 51
    state = scroll_table(hands=[[51, 3, 15, 27, 1, 2], [], []], years=[6, 0, 0], owner={"Tiger": A},
                         owned=[{"Wood2": False}, {}, {}], box=["Wood1"])
    assert state["stacks"]["Wood"] == [3, 4, 5]
    play(state, A, "summon:51", "at:a1", "pay:3", "pay:15", "pay:27", "pay:1", "pay:2")
    assert state["years"][A] == 6 and state["phase"] == "claim"  # A already held the Tiger token: no years
    assert ("Wood4", "Wood2", 2) in claim_options(state, A)
    events = play(state, A, "claim:Wood4/Wood2")
    assert state["years"][A] == 4
    assert state["box"] == ["Wood1", "Wood3"]
    assert state["stacks"]["Wood"] == [2, 5]
    assert state["owned"][A] == {"Wood4": True}
    assert "returning the Wood scroll L2 in exchange" in texts(events)
    assert not GAME.audit(state)


# --- SB-24: the five effects ------------------------------------------------------------------------
def test_SB_24_wood_summons_from_the_discard_pile_and_scores_normally():
    # SB-16's board, with Horse r3 in the discard pile: the Wood scroll summons it at no cost
    state = scroll_table(hands=[[], [], []], board={"b2": [2], "c3": [11], "d2": [3]}, board_tokens={"c2": "Water"},
                         owner={"Dog": A, "Ox": B}, owned=[{"Wood3": True}, {}, {}], deck=[40, 41, 42])
    assert 31 in state["discard"]
    assert "scroll:Wood3" in legal(state)
    play(state, A, "scroll:Wood3")
    assert state["owned"][A]["Wood3"] is False and state["phase"] == "activate"
    targets = legal(state)
    assert "wood:31" in targets and all(int(a[5:]) in state["discard"] and data.RANK[int(a[5:])] <= 3 for a in targets)
    assert "wood:{}".format(CARD_OF[("Horse", 4)]) not in targets  # rank 4 > level 3
    play(state, A, "wood:31")
    assert sorted(legal(state)) == sorted("at:" + sp for sp in spaces_for(state, 31))  # any legal space, no cost
    events = play(state, A, "at:c2")
    assert state["board"]["c2"] == [31] and 31 not in state["discard"]
    assert state["tokens"][A]["Water"] == 1 and state["owner"]["Horse"] == A and state["years"][A] == 2  # SB-11 as usual
    assert "from the discard pile with the Wood scroll" in texts(events)
    # a Wood-scroll summon counts for a claim: the Wood L3 itself may be exchanged
    assert state["phase"] == "claim" and "claim:Wood2/Wood3" in legal(state)
    play(state, A, "claim:Wood2/Wood3")
    assert state["years"][A] == 2 and state["stacks"]["Wood"] == [3, 4, 5] and state["box"] == ["Wood1"]
    assert not GAME.audit(state)


def fire_table(**kw):
    # the Ox (r1 Wood, r2 Fire; level 2, top element Fire) on b2, its token held by B
    base = dict(hands=[[], [], []], board={"b2": [2, 14], "a1": [26 + 5]}, owner={"Ox": B},
                owned=[{"Fire2": True}, {}, {}])
    base.update(kw)
    return scroll_table(**base)


def test_SB_24_fire_removal_gives_the_holder_an_element_token_from_the_board():
    state = fire_table(board_tokens={"d4": "Fire"}, years=[1, 0, 0])
    play(state, A, "scroll:Fire2")
    assert legal(state) == ["fire:Ox"]  # the Horse r3 on a1 is above level 2
    events = play(state, A, "fire:Ox")
    assert state["board"]["b2"] == [] and state["discard"][-2:] == [2, 14]
    assert state["years"][A] == 3 and state["scroll_years"][A] == 2  # 1 year per card
    assert state["phase"] == "source" and legal(state) == ["source:supply", "source:d4"]  # you choose
    events += play(state, A, "source:d4")
    assert state["tokens"][B]["Fire"] == 1 and "d4" not in state["board_tokens"]
    assert state["owner"]["Ox"] is None  # the animal token returns to the supply
    assert "removes the Ox" in texts(events) and "gains a Fire token from the board (d4)" in texts(events)
    assert state["phase"] == "main" and state["done"] == 1 and not GAME.audit(state)


def test_SB_24_fire_takes_from_another_player_when_supply_and_board_have_none():
    state = fire_table(tokens=[{"Fire": 1}, {"Fire": 1}, {"Fire": 3}], supply={"Wood": 5, "Fire": 0, "Earth": 5, "Metal": 5, "Water": 5})
    play(state, A, "scroll:Fire2", "fire:Ox")
    assert legal(state) == ["source:seat0", "source:seat2"]  # anyone but the holder B
    play(state, A, "source:seat2")
    assert [t["Fire"] for t in state["tokens"]] == [1, 2, 2] and not GAME.audit(state)


def test_SB_24_earth_takes_discard_cards_into_the_hand():
    horse1, horse3, horse5 = CARD_OF[("Horse", 1)], CARD_OF[("Horse", 3)], CARD_OF[("Horse", 5)]
    state = scroll_table(hands=[[1], [], []], owned=[{"Earth3": True}, {}, {}], deck=[40])
    assert {horse1, horse3, horse5} <= set(state["discard"])
    play(state, A, "scroll:Earth3")
    assert "earth:Horse" in legal(state)
    events = play(state, A, "earth:Horse")
    horse2 = CARD_OF[("Horse", 2)]
    assert state["hands"][A] == sorted([1, horse1, horse2, horse3]) and horse5 in state["discard"]
    assert state["years"][A] == 3 and state["scroll_years"][A] == 3
    assert "Horse r1 (Metal), Horse r2 (Water) and Horse r3 (Wood)" in texts(events)  # the pile is public: the log may name them
    assert not GAME.audit(state)


def test_SB_24_metal_swap_changes_the_top_card():
    state = scroll_table(hands=[[], [], []], board={"b2": [2, 14, 26]}, owned=[{"Metal3": True}, {}, {}])
    play(state, A, "scroll:Metal3", "metal:Ox")
    assert state["years"][A] == 3  # the level
    assert "swap:2" in legal(state) and "swap:14" in legal(state) and "moveto:a1" in legal(state)
    events = play(state, A, "swap:2")
    assert state["board"]["b2"] == [26, 14, 2]  # Ox r1 (Wood) is now the top: the Ox is level 1
    assert "swaps the Ox's top card" in texts(events)
    assert spaces_for(state, CARD_OF[("Ox", 4)]) == ["b2"]  # an Ascend goes on top of r1 as usual
    assert not GAME.audit(state)


def test_SB_24_metal_move_takes_the_token_on_the_new_space():
    state = scroll_table(hands=[[], [], []], board={"b2": [2]}, board_tokens={"d4": "Earth"}, owned=[{"Metal1": True}, {}, {}])
    play(state, A, "scroll:Metal1", "metal:Ox")
    assert not any(a.startswith("swap:") for a in legal(state))  # one card: nothing below to swap
    play(state, A, "moveto:d4")
    assert state["board"]["d4"] == [2] and state["board"]["b2"] == [] and state["tokens"][A]["Earth"] == 1
    assert state["years"][A] == 1 and not GAME.audit(state)


def test_SB_24_water_takes_up_to_level_tokens_any_mix():
    state = scroll_table(hands=[[], [], []], board_tokens={"c2": "Fire"}, owned=[{"Water2": True, "Water1": True}, {}, {}])
    play(state, A, "scroll:Water2")
    assert "water:c2" in legal(state) and "water:supply:Earth" in legal(state) and "water:done" not in legal(state)
    play(state, A, "water:c2")
    assert "water:done" in legal(state)
    play(state, A, "water:supply:Earth")  # the second token ends it (level 2)
    assert state["tokens"][A]["Fire"] == 1 and state["tokens"][A]["Earth"] == 1 and state["done"] == 1
    play(state, A, "scroll:Water1", "water:supply:Wood")
    assert state["tokens"][A]["Wood"] == 1 and state["turn"] == B and not GAME.audit(state)


def test_SB_24_only_scrolls_that_can_act_and_only_targets_within_the_level():
    state = scroll_table(hands=[[], [], []], board={"b2": [2, 14, 26]}, owned=[{"Fire2": True, "Metal2": True, "Fire5": False}, {}, {}],
                         deck=list(range(40, 61)))
    acts = legal(state)
    assert "scroll:Fire2" not in acts and "scroll:Metal2" not in acts  # the Ox is level 3
    assert "scroll:Fire5" not in acts  # inactive
    assert "nothing it can do" in refusal(state, "scroll:Fire2")
    assert "inactive" in refusal(state, "scroll:Fire5")


# --- SB-25: refresh ------------------------------------------------------------------------------------
def test_SB_25_refresh_with_own_or_generating_element():
    state = scroll_table(hands=[[], [], []], tokens=[{"Fire": 1, "Wood": 1, "Earth": 1}, {}, {}],
                         owned=[{"Fire2": False}, {}, {}])
    refreshes = [a for a in legal(state) if a.startswith("refresh:")]
    assert refreshes == ["refresh:Fire2/Fire", "refresh:Fire2/Wood"]  # Wood generates Fire; Earth does not
    events = play(state, A, "refresh:Fire2/Wood")
    assert state["owned"][A]["Fire2"] is True and state["tokens"][A]["Wood"] == 0 and state["supply"]["Wood"] == 5
    assert state["done"] == 0  # free: no main action used
    assert "refreshes the Fire scroll L2 with a Wood token" in texts(events)
    assert "already active" in refusal(state, "refresh:Fire2/Fire")


def test_SB_25_tokens_gained_in_the_second_action_wait_for_the_next_turn():
    # A's second action: Tiger r1 (Fire) onto a1's Wood token; A owns an inactive Fire L2
    def start(done):
        state = scroll_table(hands=[[3, 13], [], []], board_tokens={"a1": "Wood"}, owned=[{"Fire2": False}, {}, {}],
                             players=2, turn=A, first=A)
        state["done"] = done
        play(state, A, "summon:3", "at:a1", "pay:13")
        return state
    first = start(0)  # gained in the first action: usable at once
    assert first["phase"] == "claim" and "refresh:Fire2/Wood" in legal(first)
    state = start(1)
    assert state["phase"] == "claim" and state["tokens"][A]["Wood"] == 1 and state["fresh"][A]["Wood"] == 1
    assert "refresh:Fire2/Wood" not in legal(state)
    assert "wait for your next turn" in refusal(state, "refresh:Fire2/Wood")
    assert GAME.view(state, B)["fresh"][A]["Wood"] == 1  # shown to everyone
    play(state, A, "claim:none")
    assert state["turn"] == B
    play(state, B, "draw:deck", "draw:deck")
    assert state["turn"] == A and state["fresh"][A]["Wood"] == 0 and "refresh:Fire2/Wood" in legal(state)


def test_SB_25_refresh_then_activate_again_in_the_same_turn():
    state = scroll_table(hands=[[], [], []], tokens=[{"Water": 1}, {}, {}], owned=[{"Water1": True}, {}, {}])
    play(state, A, "scroll:Water1", "water:supply:Fire")
    assert "scroll:Water1" not in legal(state)
    play(state, A, "refresh:Water1/Water", "scroll:Water1", "water:supply:Earth")
    assert state["turn"] == B and state["tokens"][A] == {"Wood": 0, "Fire": 1, "Earth": 1, "Metal": 0, "Water": 0}


def test_SB_22_to_SB_25_bad_input_gets_a_reason_and_changes_nothing():
    state = scroll_table(hands=[[1], [], []], tokens=[{"Earth": 1}, {}, {}], owned=[{"Fire2": False}, {}, {}])
    off = table(hands=[[1], [], []])
    for where, action, words in [(state, "scroll:Wood1", "do not own"), (state, "refresh:Fire2/Earth", "Wood token"),
                                 (state, "refresh:Fire2/Fire", "no Fire token"), (state, "claim:Wood1", "main action"),
                                 (state, "fire:Ox", "main action"), (off, "scroll:Wood1", "without the Spirit Scrolls")]:
        before = clone(where)
        with pytest.raises(IllegalAction) as err:
            GAME.apply(where, A, action)
        assert words in err.value.reason, (action, err.value.reason)
        assert where == before


# --- the score sheet and views ----------------------------------------------------------------------------
def test_SB_22_and_SB_24_score_sheet_shows_years_from_scrolls():
    state = scroll_table(hands=[[], [], []], board={"b2": [2, 14, 26]}, owned=[{"Metal3": True}, {}, {}], years=[5, 0, 0])
    state["scroll_paid"][A] = 2  # claimed a scroll earlier
    play(state, A, "scroll:Metal3", "metal:Ox", "swap:2")
    rows = {r["label"]: r["values"] for r in GAME.result(state)["sheet"]}
    assert rows["Years from scroll effects"][A] == 3 and rows["Years paid for scrolls"][A] == -2
    assert rows["Years from summons"][A] + 3 - 2 == state["years"][A]
    assert GAME.result(state)["scores"][A] == state["years"][A]


def test_SB_22_scrolls_are_public_in_every_view():
    state = scroll_table(hands=[[1], [5], [9]], owned=[{"Wood2": False}, {"Fire1": True}, {}])
    for seat in (A, B, C, None):
        view = GAME.view(state, seat)
        assert view["owned"] == state["owned"] and view["stacks"] == state["stacks"] and view["box"] == state["box"]


# --- the shared harness's checks, games with the expansion ------------------------------------------
# Beyond the shared harness's own games with the expansion: 300 in `make test`, 3,000 in `make soak`.
SCROLL_GAMES = 3000 if os.environ.get("SOAK") == "1" else 300


@pytest.mark.parametrize("players", [2, 3, 4])
def test_SB_22_to_SB_25_random_games_conserve_scrolls_cards_and_tokens(players):
    """SCROLL_GAMES seeded random games (a third per player count) under the shared harness's checks
    (replay, views, public events, audit after every step: 25 scrolls in stacks + players + box,
    60 cards, 25 element tokens); every effect gets played."""
    options = GAME.info.resolve_options({"scrolls": "1"})
    seen = set()
    for i in range(-(-SCROLL_GAMES // 3)):
        seed = 50000 + 1000 * players + i
        state, actions = play_random(GAME, players, seed, deep=i % 25 == 0, options=options)
        seen.update(a.split(":")[0] for _, a in actions)
        assert len(state["box"]) + sum(len(o) for o in state["owned"]) + sum(map(len, state["stacks"].values())) == 25
    assert {"claim", "refresh", "scroll", "wood", "fire", "earth", "metal", "moveto", "water", "source"} <= seen


# --- SB-6 with SB-25: a free Refresh can make a main action legal ---------------------------------------
def empty_table(**kw):
    """Deck and row empty (the end triggered), nothing in hand: no Draw, no Summon is legal."""
    state = scroll_table(hands=[[], [], []], deck=[], **kw)
    state["ending"], state["last"] = "deck", C
    return state


def test_SB_6_and_SB_25_a_refresh_that_enables_a_scroll_keeps_the_action():
    """SB-6: the remaining actions are lost only when no main action is legal; SB-25: a Refresh is
    free, so an inactive scroll that a held token can refresh keeps the turn going."""
    state = empty_table(tokens=[{"Metal": 1}, {}, {}], owned=[{"Water1": True, "Water2": False}, {}, {}])
    play(state, A, "scroll:Water1", "water:supply:Fire")  # first action
    assert state["turn"] == A and state["done"] == 1  # not lost: Water2 can be refreshed with Metal
    assert legal(state) == ["refresh:Water1/Metal", "refresh:Water2/Metal"]
    play(state, A, "refresh:Water2/Metal", "scroll:Water2", "water:supply:Wood", "water:supply:Earth")
    assert state["turn"] != A and state["tokens"][A]["Wood"] == 1 and not GAME.audit(state)


def test_SB_6_and_SB_25_the_turn_starts_on_a_refresh_when_only_it_leads_to_an_action():
    state = empty_table(tokens=[{}, {"Fire": 1}, {}], owned=[{"Water1": True, "Water2": True}, {"Fire2": False}, {}],
                        board={"b2": [2]})
    play(state, A, "scroll:Water1", "water:supply:Wood", "scroll:Water2", "water:supply:Earth", "water:supply:Metal")
    assert state["turn"] == B and state["done"] == 0 and not state["over"]  # B's turn is not lost
    assert legal(state, B) == ["refresh:Fire2/Fire"]
    play(state, B, "refresh:Fire2/Fire", "scroll:Fire2", "fire:Ox")
    assert state["board"]["b2"] == [] and state["years"][B] == 1 and state["scroll_years"][B] == 1


def test_SB_6_and_SB_25_a_token_paid_into_the_supply_gives_water_a_target():
    """A Refresh puts its token in the supply (SB-25): an active Water scroll with nothing to take
    can act after it, so the action is kept."""
    none = {e: 0 for e in ELEMENTS}
    state = empty_table(tokens=[{e: 5 for e in ELEMENTS}, {}, {}], supply=none,
                        owned=[{"Water1": True, "Fire1": False}, {}, {}])
    assert not GAME.main_actions(state, A) and GAME.can_act(state, A)
    assert legal(state) == ["refresh:Fire1/Fire", "refresh:Fire1/Wood"]
    play(state, A, "refresh:Fire1/Wood", "scroll:Water1", "water:supply:Wood")
    assert state["turn"] == A and state["done"] == 1 and not GAME.audit(state)


def test_SB_6_and_SB_25_a_refresh_leading_nowhere_ends_the_turn():
    """Refreshing the Fire L1 (no animal on the board) spends the only Wood token that could
    have refreshed the Wood L1: no main action is left, the turn ends (SB-6)."""
    state = empty_table(tokens=[{"Wood": 1}, {}, {}], owned=[{"Fire1": False, "Wood1": False}, {}, {}])
    assert sorted(legal(state)) == ["refresh:Fire1/Wood", "refresh:Wood1/Wood"]
    events = play(state, A, "refresh:Fire1/Wood")
    assert events[1]["type"] == "lost" and events[1]["seat"] == A and state["turn"] != A and not GAME.audit(state)


def test_SB_22_to_SB_25_house_rulings_are_told_as_house_rulings_in_the_rules_panel():
    """Where the seed is silent the engine decides: each decision is a named constant or comment in
    data.py and the rules panel says "House ruling" before it."""
    from webui.rules import player_text
    said = {r: player_text(GAME.info.rule(r).text) for r in ("SB-22", "SB-24", "SB-25")}
    for rule_id, words in [("SB-22", "House ruling: In the same action, at most {} claim".format(data.CLAIMS_PER_SUMMON)),
                           ("SB-24", "House ruling: another player is anyone but the holder, you included"),
                           ("SB-24", "House ruling: a token on the new space is yours; a swap may leave the stack out of rank order"),
                           ("SB-24", "House ruling: at least {}".format(data.WATER_MIN_TOKENS)),
                           ("SB-25", "House ruling: A Refresh is made between decisions, before a main action or at the claim prompt"),
                           ("SB-25", "not lost while a Refresh would make a scroll usable")]:
        assert words in said[rule_id], (rule_id, words)


def test_SB_24_earth_may_pass_the_hand_limit_until_the_end_of_the_turn_SB_6():
    """Earth takes every matching card, whatever the hand size; SB-6's discard down to 7 comes at
    the end of the turn (the seed: "hand limits still apply at the end of your turn")."""
    hand = [CARD_OF[(a, 5)] for a in ("Rat", "Ox", "Tiger", "Rabbit", "Dragon", "Snake")]
    state = scroll_table(hands=[hand, [], []], owned=[{"Earth3": True}, {}, {}], deck=[40, 41, 42])
    play(state, A, "scroll:Earth3", "earth:Horse")
    assert len(state["hands"][A]) == 9 and state["turn"] == A and state["phase"] == "main"  # no discard mid-turn
    play(state, A, "draw:deck")
    assert len(state["hands"][A]) == 10 and state["phase"] == "discard"
    play(state, A, "discard:{}".format(hand[0]), "discard:{}".format(hand[1]))
    assert state["phase"] == "discard"
    play(state, A, "discard:{}".format(hand[2]))
    assert len(state["hands"][A]) == data.HAND_LIMIT and state["turn"] == B and not GAME.audit(state)


def test_SB_12_years_from_a_scroll_trigger_the_end_and_a_claim_never_undoes_it():
    """SB-12: reaching 60 years triggers the end, whether the years come from a Summon or from a
    scroll effect (SB-24); paying years for a claim afterwards (SB-22) does not undo the trigger."""
    state = scroll_table(hands=[[], [], []], board={"b2": [2, 14]}, owned=[{"Metal2": True}, {}, {}],
                         years=[data.END_YEARS - 2, 0, 0], deck=[40, 41, 42])
    events = play(state, A, "scroll:Metal2", "metal:Ox")
    assert state["years"][A] == data.END_YEARS and state["ending"] == "years"
    assert "reaches 60 years" in texts(events)
    # the 60th year from a Wood-scroll summon, then a claim that pays years back
    state = scroll_table(hands=[[], [], []], board={"b2": [2]}, owner={"Dog": A}, owned=[{"Wood3": True}, {}, {}],
                         years=[data.END_YEARS - 2, 0, 0], deck=[40, 41, 42])
    play(state, A, "scroll:Wood3", "wood:31", "at:c2")  # Horse r3 (Wood): the Horse token, 2 years (Dog, Horse)
    assert state["years"][A] == data.END_YEARS and state["ending"] == "years" and state["phase"] == "claim"
    play(state, A, "claim:Wood2")
    assert state["years"][A] == data.END_YEARS - 2 and state["ending"] == "years"


def test_the_engine_says_cards_and_scrolls_as_the_data_names_them():
    """The messages the engine and the table use for a card, a scroll and its effect (webui says
    them in the reader's language) read in English exactly as data.py words them."""
    from games.stemandbranch import rules

    assert [rules.card_words(n) for n in data.CARDS] == [data.card_name(n) for n in data.CARDS]
    sids = [data.scroll_id(e, lv) for e in ELEMENTS for lv in SCROLL_LEVELS]
    assert [rules.scroll_words(sid) for sid in sids] == [data.scroll_name(sid) for sid in sids]
    assert [rules.scroll_effect_words(sid) for sid in sids] == [data.scroll_effect(sid) for sid in sids]
    assert [rules.A_ELEMENT[e] for e in ELEMENTS] == [data.with_article(e) for e in ELEMENTS]
    assert {rules.rank_words(least) for least, _name in data.RANK_TABLE} == {name for _least, name in data.RANK_TABLE}
