"""Stem and Branch bots. They read only their seat's view (their hand; in co-op every hand, which
SB-19 makes public) through the helpers of rules.py, which work on a view as on a state.

Normal: greedy, one small decision at a time. A main action is chosen by valuing every Summon
it can afford (card x space, with the co-op move when it lowers the cost) against the best Draw;
the space, the payment (the app's suggestion: the cheapest items), the steal (from the leader)
and the discards (the least useful cards) follow from the same valuation.
  competitive: years scored now, element tokens gained, animal tokens taken from rivals, minus
               what the payment costs; a drawn card is worth what it could score later.
  co-op:       progress of the calendar: a card on a stack, a lock at rank 5, ranks skipped
               (cards that can then never be placed), minus the payment.

Spirit Scrolls (SB-22..SB-25), both levels: an activation is valued by its best target (Wood: the
summon's value at no cost; Fire: the years of the cards removed, the animal token denied or lost and
the element token given; Earth: the years and the cards; Metal: the level, a token on a new space;
Water: the tokens) less the cost of turning the scroll active again; it competes with Draw and Summon.
A Refresh is made when refreshing and activating beats every other main action. A claim is made
when the scroll's expected uses over the rest of the game are worth more than the years paid.

Hard: determinized search (tabletop.search) at each main action: sampled worlds (others' hands
and the deck order, drawn from the view), the best few main actions by Normal's valuation, each
played on with Normal for every seat until the end of the bot's next turn, valued by a position
estimate (years and tokens against the best rival; co-op: the team's calendar). Budgets count
worlds, so a seed reproduces a decision; the time limit is only a guard for slow devices.
"""

import sys

from tabletop import search

from .data import ACTIONS_PER_TURN, ANIMAL, CARD_OF, ELEMENT, ELEMENTS, HAND_LIMIT, RANK, TOP_RANK, scroll_parts
from .rules import (affordable_spaces, claim_options, claim_action, coop_moves, coop_score, cost, deck_size, is_coop, moved_board,
                    scroll_targets, spaces_for, stack_of, suggest_payment)

# --- Normal's weights (bot strength only, not rules) --------------------------------------------
TOKEN_WORTH = 1.2  # an element token: a year at the end, and more years on each later Ascend
CARD_SPENT = 0.45  # a hand card paid away
DENY = 0.6  # an animal token taken from a rival (they lose a multiplier)
NEW_ANIMAL = 0.8  # an animal token held: every later new token scores one more year
DRAW_BASE = 0.9  # a card drawn blind
HELD_ANIMAL_CARD = 0.6  # a card of an animal whose token I hold (a year at the end if kept)
COOP_PLACED = 1.0  # a card on a stack (it scores when the stack reaches rank 5)
COOP_LOCK = 2.5  # a stack reaching rank 5
COOP_SKIPPED = 0.9  # per rank jumped over that could still have been placed
COOP_CARD_SPENT = 0.35
COOP_TOKEN_SPENT = 0.25
COOP_DRAW_NEEDED = 1.1  # a row card that can go on the board next (the next rank, or a new animal)
COOP_DRAW_OTHER = 0.45
HAND_FULL = 0.6  # a draw with 7 cards in hand (one will be discarded)
# The open row, competitive (issue 37: Hard passed up one-item steals and ignored what the row
# offered its rivals): a row card is also worth what it lets me summon with this turn's other
# action, and what it would let the next player take from me.
ROW_FOLLOW_UP = 0.85  # of the best Summon of that card I could pay for at once
ROW_THREAT = 0.5  # of what the next player would gain and I lose, taking my animal token with it
# Spirit Scrolls
ACTIVATION_SPENT = 1.0  # an activation flips the scroll: about a token to turn it active again
LEVEL_LATER = 0.6  # per level: a scroll's worth for a later use when it has no target now
USES_PER_DECK = 12.0  # cards left in the deck per expected use of a scroll, per player
MAX_USES = 3.0

# --- Hard's search ------------------------------------------------------------------------------
HARD_WORLDS = 12  # competitive: others' hands and the deck order are sampled
HARD_WORLDS_COOP = 5  # co-op: only the deck order is hidden, and the playouts cost more (moves)
# Against three Normals (50 seeds, seat-rotated) the candidates mattered more than the worlds:
# 4 candidates x 8 worlds 41%, 6 x 12 53%, 6 x 20 49%, 8 x 12 55% (issue 37, bench/RESULTS.md).
HARD_CANDIDATES = 8
# A guard, not the normal limit: the worlds above take ~0.3-0.9 s on CPython; Pyodide is 2-3x
# slower, so in the page the guard often ends the search, keeping a decision under 1 s.
HARD_TIME_BUDGET = 0.8 if sys.platform == "emscripten" else 1.5


# --- valuations ---------------------------------------------------------------------------------
def summon_value(view, seat, card, space, price, moved=False):
    """What summoning `card` into `space` for `price` items is worth to `seat` (or the team)."""
    board = view["board"]
    stack = board[space]
    ascend = bool(stack)
    element = ELEMENT[card]
    if is_coop(view):
        value = COOP_PLACED
        if RANK[card] == TOP_RANK:
            value += COOP_LOCK
        below = RANK[stack[-1]] if stack else 0
        value -= COOP_SKIPPED * sum(1 for r in range(below + 1, RANK[card]) if _still_placeable(view, ANIMAL[card], r))
        if not stack:  # a new animal: a low rank leaves room for more cards
            value -= 0.3 * (RANK[card] - 1)
        if ascend and view["supply"][element] > 0:
            value += 0.3
        if space in view["board_tokens"]:
            value += 0.3
        return value - price * (COOP_CARD_SPENT if price else 0) - (0.1 if moved else 0)
    gained = (1 if space in view["board_tokens"] else 0)
    if ascend and (view["supply"][element] > 0 or any(t[element] for s, t in enumerate(view["tokens"]) if s != seat)):
        gained += 1
    holder = view["owner"][ANIMAL[card]]
    value = TOKEN_WORTH * gained
    if holder != seat:
        count = 1 + sum(1 for o in view["owner"].values() if o == seat)
        value += count + NEW_ANIMAL + (DENY if holder is not None else 0)
        value += HELD_ANIMAL_CARD * sum(1 for c in view["hands"][seat] if ANIMAL[c] == ANIMAL[card] and c != card) * 0.5
    elif ascend:
        value += sum(view["tokens"][seat].values()) + gained
    return value - CARD_SPENT * price


def _still_placeable(view, animal, rank):
    card = CARD_OF[(animal, rank)]
    return card not in view["discard"]


def summon_options(view, seat, cards=None):
    """[(value, card, space, move or None, price)] for every affordable Summon (of `cards`)."""
    out = []
    hand = view["hands"][seat] if cards is None else cards
    for card in hand:
        for space, price in affordable_spaces(view, seat, card):
            out.append((summon_value(view, seat, card, space, price), card, space, None, price))
    if is_coop(view):
        moves = coop_moves(view)
        for card in hand:
            best_plain = min([p for _, c, _, m, p in out if c == card], default=99)
            if best_plain == 0:
                continue
            # only a stack of the card's element brought alongside, or a token picked up, can help
            for move in moves:
                if ELEMENT[view["board"][move[0]][-1]] != ELEMENT[card] and move[1] not in view["board_tokens"]:
                    continue
                after = moved_board(view, move)
                for space, price in affordable_spaces(after, seat, card):
                    if price < best_plain:
                        out.append((summon_value(after, seat, card, space, price, moved=True), card, space, move, price))
    out.sort(key=lambda o: (-o[0], o[1], o[2]))
    return out


def card_draw_value(view, seat, card):
    """What a card in hand would be worth to `seat`."""
    if is_coop(view):
        home = stack_of(view, ANIMAL[card])
        if home is None:
            return COOP_DRAW_NEEDED if RANK[card] <= 2 else COOP_DRAW_OTHER
        top_rank = RANK[view["board"][home][-1]]
        if RANK[card] == top_rank + 1:
            return COOP_DRAW_NEEDED + (0.5 if RANK[card] == TOP_RANK else 0)
        return COOP_DRAW_OTHER if RANK[card] > top_rank else 0.2
    value = DRAW_BASE * 0.6
    home = stack_of(view, ANIMAL[card])
    owner = view["owner"][ANIMAL[card]]
    if owner == seat:
        value += HELD_ANIMAL_CARD
    if home is None or RANK[view["board"][home][-1]] < RANK[card]:
        value += 0.5 if owner != seat else 0.3
    return value


def summon_now_value(view, seat, card):
    """The best Summon of `card` (from the row: not in hand yet) that `seat` could pay for now."""
    values = [summon_value(view, seat, card, space, price) for space, price in affordable_spaces(view, seat, card)]
    return max(values) if values else None


def steal_threat(view, seat, card):
    """What `card` left in the row offers the next player against `seat`: the token of an animal
    `seat` holds, for at most one item (their hand is hidden: one item is taken as payable), as
    the years they would score and what `seat` would lose."""
    if view["owner"][ANIMAL[card]] != seat or view["players"] < 2:
        return 0.0
    if not any(cost(view, card, space) <= 1 for space in spaces_for(view, card)):
        return 0.0
    rival = (seat + 1) % view["players"]
    theirs = 1 + sum(1 for o in view["owner"].values() if o == rival)
    return theirs + DENY + NEW_ANIMAL + HELD_ANIMAL_CARD * sum(1 for c in view["hands"][seat] if ANIMAL[c] == ANIMAL[card])


def row_card_value(view, seat, card):
    """A row card's worth to `seat` (competitive): kept, summoned with this turn's next action,
    or kept from the next player."""
    value = card_draw_value(view, seat, card)
    if view["done"] < ACTIONS_PER_TURN - 1:
        now = summon_now_value(view, seat, card)
        if now is not None:
            value = max(value, ROW_FOLLOW_UP * now)
    return value + ROW_THREAT * steal_threat(view, seat, card)


def draw_options(view, seat):
    # a full hand: the card drawn means one discarded at the end of the turn
    full = HAND_FULL if len(view["hands"][seat]) >= HAND_LIMIT else 0.0
    value_of = card_draw_value if is_coop(view) else row_card_value
    out = []
    for i, card in enumerate(view["row"]):
        if card is not None:
            out.append((value_of(view, seat, card) - full, "draw:row{}".format(i)))
    if deck_size(view):
        out.append((DRAW_BASE * (0.75 if is_coop(view) else 1.0) - full, "draw:deck"))
    out.sort(key=lambda o: -o[0])
    return out


# --- Spirit Scrolls -------------------------------------------------------------------------------
def target_values(view, seat, sid):
    """{first decision of activating `sid`: its value to `seat`} (SB-24)."""
    element, level = scroll_parts(sid)
    out = {}
    for act in scroll_targets(view, seat, sid):
        verb, _, arg = act.partition(":")
        if verb == "wood":
            card = int(arg)
            out[act] = max(summon_value(view, seat, card, sp, 0) for sp in spaces_for(view, card))
        elif verb == "fire":
            stack = view["board"][stack_of(view, arg)]
            value = len(stack)
            holder = view["owner"][arg]
            if holder == seat:  # I lose the animal token, gain the element token
                value += TOKEN_WORTH - NEW_ANIMAL - HELD_ANIMAL_CARD * sum(1 for c in view["hands"][seat] if ANIMAL[c] == arg)
            elif holder is not None:
                value += DENY - 0.5 * TOKEN_WORTH
            out[act] = value
        elif verb == "earth":
            cards = [c for c in view["discard"] if ANIMAL[c] == arg and RANK[c] <= level]
            out[act] = len(cards) + sum(card_draw_value(view, seat, c) for c in cards)
        elif verb == "metal":
            home = stack_of(view, arg)
            out[act] = RANK[view["board"][home][-1]] + (TOKEN_WORTH if view["board_tokens"] else 0)  # a token to land on
        else:  # Water: every token it may take
            out[act] = TOKEN_WORTH * min(level, available_tokens(view))
    return out


def available_tokens(view):
    return sum(view["supply"].values()) + len(view["board_tokens"])


def activation_value(view, seat, sid):
    """The best activation of `sid` now, less what flipping it costs; None when it can do nothing."""
    values = target_values(view, seat, sid)
    return max(values.values()) - ACTIVATION_SPENT if values else None


def expected_uses(view):
    return max(0.5, min(MAX_USES, deck_size(view) / (USES_PER_DECK * view["players"]) * 4))


def scroll_worth(view, seat, sid):
    """What owning `sid` (active) is worth over the rest of the game."""
    now = activation_value(view, seat, sid)
    per_use = max(now if now is not None else 0.0, LEVEL_LATER * scroll_parts(sid)[1])
    return per_use * expected_uses(view)


def claim_choice(view, seat, legal):
    """SB-22: the claim worth most after its price (and the scroll returned), or decline."""
    best, choice = 0.0, "claim:none"
    for taken, back, price in claim_options(view, seat):
        act = claim_action(taken, back)
        if act not in legal:
            continue
        value = scroll_worth(view, seat, taken) - price
        if back:
            value -= scroll_worth(view, seat, back) * (1.0 if view["owned"][seat][back] else 0.5)
        if value > best:
            best, choice = value, act
    return choice


def scroll_main_options(view, seat, legal):
    """[(value, action)]: activations, and refreshes valued as the activation they make possible."""
    out = []
    for act in legal:
        if act.startswith("scroll:"):
            value = activation_value(view, seat, act[7:])
            if value is not None:
                out.append((value, act))
    refreshes = [a for a in legal if a.startswith("refresh:")]
    for sid in sorted({a[8:].split("/")[0] for a in refreshes}):
        value = activation_value(view, seat, sid)
        if value is None:
            continue
        # pay with the element held most (it is the one missed least)
        pay = max((a for a in refreshes if a[8:].split("/")[0] == sid), key=lambda a: view["tokens"][seat][a.split("/")[1]])
        out.append((value + ACTIVATION_SPENT - TOKEN_WORTH, pay))  # a token now, and the scroll ends inactive again
    return out


def scroll_step(view, seat, legal):
    """The decisions inside an activation (SB-24)."""
    phase = view["phase"]
    act = view["activation"]
    if phase == "activate":
        values = target_values(view, seat, act["scroll"])
        return max(legal, key=lambda a: (values.get(a, -99), a))
    if phase == "source":  # the holder's token: from a rival in the lead, or else the supply
        seats = [a for a in legal if a.startswith("source:seat")]
        if seats:
            rivals = [a for a in seats if int(a[11:]) != seat] or seats
            return max(rivals, key=lambda a: (view["years"][int(a[11:])], a))
        return "source:supply" if "source:supply" in legal else legal[0]
    if phase == "metal":
        for a in legal:
            if a.startswith("moveto:") and a[7:] in view["board_tokens"]:
                return a
        return legal[0]
    # water: the elements my hand can spend first
    need = {e: sum(1 for c in view["hands"][seat] if ELEMENT[c] == e) for e in ELEMENTS}
    takes = [a for a in legal if a != "water:done"]

    def element_of(a):
        return a[len("water:supply:"):] if a.startswith("water:supply:") else view["board_tokens"][a[6:]]
    return max(takes, key=lambda a: (need[element_of(a)], a.startswith("water:supply"), a)) if takes else legal[0]


def ranked_main(view, seat, legal):
    """Main actions with Normal's values, best first (a Summon once per card: its best plan)."""
    ranked = []
    seen = set()
    for value, card, space, move, price in summon_options(view, seat):
        act = "summon:{}".format(card)
        if act in legal and act not in seen:
            seen.add(act)
            ranked.append((value, act))
    ranked += [(v, a) for v, a in draw_options(view, seat) if a in legal]
    if view["scrolls"]:
        ranked += scroll_main_options(view, seat, legal)
    ranked.sort(key=lambda o: -o[0])
    return ranked


def normal(game, view, seat, legal, rng):
    phase = view["phase"]
    if phase == "main":
        ranked = ranked_main(view, seat, legal)
        # Only refreshes the values above cannot see through (one paying a Water scroll's target
        # into the supply): any of them, the engine ends the turn once none can help (SB-6).
        return ranked[0][1] if ranked else legal[0]
    if phase == "claim":
        return claim_choice(view, seat, legal)
    if phase in ("activate", "source", "metal", "water"):
        return scroll_step(view, seat, legal)
    if phase == "place" and view["pending"].get("from_discard"):  # the Wood scroll: no cost anywhere
        card = view["pending"]["card"]
        return max(legal, key=lambda a: (summon_value(view, seat, card, a[3:], 0), a))
    if phase == "place":
        card = view["pending"]["card"]
        plans = summon_options(view, seat, [card])
        if view["pending"]["moved"] is not None:
            plans = [o for o in plans if o[3] is None]
        for value, _, space, move, price in plans:
            act = "move:{}>{}".format(*move) if move else "at:{}".format(space)
            if act in legal:
                return act
        return legal[0]
    if phase == "pay":
        suggestion = suggest_payment(view, seat)
        return suggestion[0] if suggestion and suggestion[0] in legal else legal[0]
    if phase == "steal":
        return max(legal, key=lambda a: (view["years"][int(a[6:])], -int(a[6:])))
    if phase == "discard":
        hand = view["hands"][seat]
        worst = min(hand, key=lambda c: (card_draw_value(view, seat, c), c))
        return "discard:{}".format(worst)
    return legal[0]


# --- Hard ---------------------------------------------------------------------------------------
def position_value(game, state, seat):
    """A running game's worth for `seat`: competitive, years and tokens against the best rival;
    co-op, the calendar's progress."""
    if is_coop(state):
        at_five, bonus = coop_score(state)
        progress = 0.0
        for space, stack in state["board"].items():
            if stack:
                progress += 0.6 * len(stack) + 0.25 * RANK[stack[-1]]
        return at_five + bonus + progress + 0.1 * sum(state["pool"].values())
    if state["over"]:
        return search.outcome_value(game, state, seat, margin_weight=0.05) * 20

    def worth(s):
        held = {a for a, o in state["owner"].items() if o == s}
        hand = state["hands"][s]
        return (state["years"][s] + TOKEN_WORTH * sum(state["tokens"][s].values()) + 0.5 * len(held)
                + 0.6 * sum(1 for c in hand if ANIMAL[c] in held) + 0.15 * len(hand))
    mine = worth(seat)
    others = [worth(s) for s in range(state["players"]) if s != seat]
    return mine - max(others) if others else mine


def _normal_everyone(game, state, actor, legal, rng):
    return normal(game, game.view(state, actor), actor, legal, rng)


def hard(game, view, seat, legal, rng):
    if view["phase"] != "main":
        return normal(game, view, seat, legal, rng)
    ranked = ranked_main(view, seat, legal)
    candidates = [a for _, a in ranked[:HARD_CANDIDATES]]
    if len(candidates) <= 1:
        return candidates[0] if candidates else normal(game, view, seat, legal, rng)
    turn_no = view["turn_no"]
    until = turn_no + view["players"]  # the end of my next turn

    def playout(state):
        while not state["over"] and state["turn_no"] <= until:
            actor = state["turn"]
            acts = game.legal_actions(state, actor)
            game.apply(state, actor, acts[0] if len(acts) == 1 else _normal_everyone(game, state, actor, acts, rng))
        return position_value(game, state, seat)

    worlds = HARD_WORLDS_COOP if is_coop(view) else HARD_WORLDS
    return search.determinized_search(game, view, seat, legal, rng, worlds=worlds, candidates=candidates,
                                      time_budget=HARD_TIME_BUDGET, playout=playout, unit="points")


POLICIES = {"normal": normal, "hard": hard}
