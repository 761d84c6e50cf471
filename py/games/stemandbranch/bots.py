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

Hard: determinized search (tabletop.search) at each main action: sampled worlds (others' hands
and the deck order, drawn from the view), the best few main actions by Normal's valuation, each
played on with Normal for every seat until the end of the bot's next turn, valued by a position
estimate (years and tokens against the best rival; co-op: the team's calendar). Budgets count
worlds, so a seed reproduces a decision; the time limit is only a guard for slow devices.
"""

import sys

from tabletop import search

from .data import ANIMAL, CARD_OF, ELEMENT, HAND_LIMIT, RANK, TOP_RANK
from .rules import (affordable_spaces, coop_moves, coop_score, deck_size, is_coop, moved_board, stack_of,
                    suggest_payment)

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

# --- Hard's search ------------------------------------------------------------------------------
HARD_WORLDS = 8  # competitive: others' hands and the deck order are sampled
HARD_WORLDS_COOP = 5  # co-op: only the deck order is hidden, and the playouts cost more (moves)
HARD_CANDIDATES = 4
# A guard, not the normal limit: the worlds above take ~0.1-0.3 s on CPython; Pyodide is 2-3x
# slower, so the browser's guard keeps a decision near 1 s on a slow device.
HARD_TIME_BUDGET = 0.9 if sys.platform == "emscripten" else 1.5


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


def draw_options(view, seat):
    # a full hand: the card drawn means one discarded at the end of the turn
    full = HAND_FULL if len(view["hands"][seat]) >= HAND_LIMIT else 0.0
    out = []
    for i, card in enumerate(view["row"]):
        if card is not None:
            out.append((card_draw_value(view, seat, card) - full, "draw:row{}".format(i)))
    if deck_size(view):
        out.append((DRAW_BASE * (0.75 if is_coop(view) else 1.0) - full, "draw:deck"))
    out.sort(key=lambda o: -o[0])
    return out


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
    ranked.sort(key=lambda o: -o[0])
    return ranked


def normal(game, view, seat, legal, rng):
    phase = view["phase"]
    if phase == "main":
        return ranked_main(view, seat, legal)[0][1]
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
    if len(candidates) == 1:
        return candidates[0]
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
                                      time_budget=HARD_TIME_BUDGET, playout=playout)


POLICIES = {"normal": normal, "hard": hard}
