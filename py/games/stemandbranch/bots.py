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

A hint (tabletop.hints) asks Hard for a player's move; Hard then also says what the move does, in
the game's words (`why`, through search.say_why): the Summon's cost and what it takes (SB-9, SB-11),
what a row card offers, the item paid, a scroll's effect... worked out from the view alone, and only
while a hint asks, so the bots' decisions stay as they were.
"""

import random
import sys

from tabletop import M, P, clone, search, seat_name
from tabletop.msg import clauses

from .data import (ACTIONS_PER_TURN, ANIMAL, ANIMALS, CARD_OF, ELEMENT, ELEMENTS, END_YEARS, HAND_LIMIT, RANK, TOP_RANK,
                   scroll_parts)
from .rules import (A_ELEMENT, ANIMAL_NAMES, ELEMENT_NAMES, affordable_spaces, card_keep_value, card_words, cards_words, claim_options,
                    claim_action, coop_moves, coop_score, cost, deck_size, fire_sources, is_coop, metal_actions, moved_board,
                    scroll_targets, scroll_words, shared, spaces_for, stack_of, suggest_payment, token_store)

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
    action = hard_choice(game, view, seat, legal, rng)
    if search.asking():
        search.say_why(lambda: why(game, view, seat, action))
    return action


def hard_choice(game, view, seat, legal, rng):
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

# --- a hint's words ----------------------------------------------------------------------------------
# What Hard's move does, said through search.say_why while a hint asks, from the view only. The steps
# Hard takes inside an action (the space, the payment, a steal, a scroll's target) are Normal's, so they
# are played on in a world sampled from the view with a fixed generator: the effects said are the
# rules' own (SB-11, SB-24), which nothing hidden (others' hands, the deck order) can change.
INSIDE_AN_ACTION = ("place", "pay", "steal", "activate", "source", "metal", "water")


def why(game, view, seat, action):
    """What Hard's `action` does for `seat`, as a clause for a hint (search.say_why)."""
    phase = view["phase"]
    verb, _, arg = action.partition(":")
    if verb == "refresh":
        return refresh_why(game, view, seat, arg)
    if phase == "main" and verb == "draw":
        return draw_why(game, view, seat, arg)
    if phase == "main" and verb == "scroll":
        return M("activating your {scroll}: {effect}", scroll=scroll_words(arg), effect=activation_why(game, view, seat, arg))
    if phase in ("main", "place") or verb == "wood":  # a Summon (SB-8..SB-11), or the Wood scroll's (SB-24)
        return summon_why(game, view, seat, action)
    if phase == "pay":
        return pay_why(view, seat, arg)
    if phase == "steal":
        return M("{victim} has the most years: your {element} token comes from them (SB-11)", victim=seat_name(int(arg)),
                 element=ELEMENT_NAMES[ELEMENT[view["pending"]["card"]]])
    if phase == "claim":
        return claim_why(view, seat, arg)
    if phase == "activate":
        return target_why(view, seat, view["activation"]["scroll"], action)
    if phase == "source":
        return source_why(view, seat, arg)
    if phase == "metal":
        return metal_choice_why(view, action)
    if phase == "water":
        return water_why(view, seat, action)
    return discard_why(view, seat, int(arg))


def play_on(game, view, seat, action):
    """(the world after, [(action, the world before it)]): `action` and the steps Hard takes after
    it in the same action (Normal's), in a world sampled from `view` with a fixed generator."""
    world = game.sample_state(view, seat, random.Random(0))
    turn_no, done = world["turn_no"], world["done"]
    steps = []
    while True:
        steps.append((action, clone(world)))
        game.apply(world, seat, action)
        if world["over"] or world["turn_no"] != turn_no or world["done"] != done or world["phase"] not in INSIDE_AN_ACTION:
            return world, steps
        action = normal(game, game.view(world, seat), seat, game.legal_actions(world, seat), random.Random(0))


def summon_why(game, view, seat, action):
    """"summoning Horse r3 (Wood) into c2 for 1 item (2 Wood neighbours, SB-9): it takes the Water
    token on c2 and takes the Horse token for 2 years (SB-11)"."""
    world, steps = play_on(game, view, seat, action)
    said = summon_story(seat, world, steps)
    if said is None:
        return M("no Summon follows from it")
    summoning, effects = said["summoning"], said["effects"]
    return M("{summoning}: it {effects}", summoning=summoning, effects=effects) if effects else summoning


def summon_story(seat, world, steps, claim=True):
    """{"summoning": the Summon among `steps` in words, "price", "effects": what it does, from the
    first step's world to `world`, as clauses ("takes the Horse token for 2 years (SB-11)"), with
    the scroll claim it opens if `claim`}; None if no Summon was placed."""
    at = next(((a[3:], before) for a, before in steps if a.startswith("at:")), None)
    if at is None:
        return None
    space, before = at
    card = before["pending"]["card"]
    animal, element = ANIMAL[card], ELEMENT[card]
    free = bool(before["pending"].get("from_discard"))
    ascend = bool(before["board"][space])
    price = 0 if free else cost(before, card, space)
    if free and ascend:
        summoning = M("ascending the {animal} on {space} with {card} from the discard pile, at no cost (SB-24)",
                      animal=ANIMAL_NAMES[animal], space=space, card=card_words(card))
    elif free:
        summoning = M("summoning {card} from the discard pile into {space}, at no cost (SB-24)", card=card_words(card), space=space)
    elif ascend:
        summoning = P("ascending the {animal} on {space} with {card} for {n} item",
                      "ascending the {animal} on {space} with {card} for {n} items", price, animal=ANIMAL_NAMES[animal], space=space,
                      card=card_words(card))
    else:
        summoning = P("summoning {card} into {space} for {n} item", "summoning {card} into {space} for {n} items", price,
                      card=card_words(card), space=space)
    near = shared(before, card, space)
    if near and not free:
        summoning = P("{summoning} ({n} {element} neighbour, SB-9)", "{summoning} ({n} {element} neighbours, SB-9)", near,
                      summoning=summoning, element=ELEMENT_NAMES[element])
    coop = is_coop(world)
    first = steps[0][1]
    effects = []
    moved = next((a[5:].split(">") for a, _ in steps if a.startswith("move:")), None)
    if moved:  # SB-20: the co-op move, before the cost is worked out
        src, dst = moved
        summoning = M("moving the {animal} to {space} (SB-20), then {summoning}", animal=ANIMAL_NAMES[ANIMAL[first["board"][src][0]]],
                      space=dst, summoning=summoning)
        if dst in first["board_tokens"]:  # the team's, as every token in co-op (SB-19)
            effects.append(M("takes the {element} token on {space}", element=ELEMENT_NAMES[first["board_tokens"][dst]], space=dst))
    covered = before["board_tokens"].get(space)
    if covered:  # SB-11 step 2
        effects.append(M("takes the {element} token on {space}", element=ELEMENT_NAMES[covered], space=space))
    if ascend:  # SB-11 step 3
        victims = [s for s in range(world["players"]) if s != seat and world["tokens"][s][element] < first["tokens"][s][element]]
        paid = sum(1 for a, _ in steps if a.startswith("pay:token:"))
        on_board = (covered == element) + (1 if moved and first["board_tokens"].get(moved[1]) == element else 0)
        if victims:
            effects.append(M("takes {a_element} token from {victim}", a_element=A_ELEMENT[element], victim=seat_name(victims[0])))
        elif token_store(world, seat)[element] - token_store(first, seat)[element] + paid - on_board > 0:
            effects.append(M("gains {a_element} token", a_element=A_ELEMENT[element]))
    years = world["years"][seat] - first["years"][seat]
    if coop:
        if animal in world["locked"] and animal not in first["locked"]:
            if len(world["locked"]) == len(ANIMALS):
                effects.append(M("completes the calendar: all 12 animals at rank 5 (SB-21)"))
            else:
                effects.append(M("locks the {animal} at rank 5 ({count} of 12, SB-20)", animal=ANIMAL_NAMES[animal],
                                 count=len(world["locked"])))
    elif first["owner"][animal] != seat:  # SB-11 step 4
        holder = first["owner"][animal]
        if holder is None:
            effects.append(P("takes the {animal} token for {n} year (SB-11)", "takes the {animal} token for {n} years (SB-11)", years,
                             animal=ANIMAL_NAMES[animal]))
        else:
            effects.append(P("takes the {animal} token from {holder} for {n} year (SB-11)",
                             "takes the {animal} token from {holder} for {n} years (SB-11)", years, animal=ANIMAL_NAMES[animal],
                             holder=seat_name(holder)))
    elif years > 0:
        effects.append(P("scores {n} year for your element tokens (SB-11)", "scores {n} years for your element tokens (SB-11)", years))
    if world["ending"] == "years" and first["ending"] is None:
        effects.append(M("brings you to {years} years: the end is triggered (SB-12)", years=END_YEARS))
    if claim and world["phase"] == "claim" and world["turn"] == seat:
        effects.append(M("lets you claim {a_element} scroll (SB-22)", a_element=A_ELEMENT[element]))
    return {"summoning": summoning, "price": price, "effects": effects}


def draw_why(game, view, seat, where):
    """Why a draw: what the row card is worth by Normal's valuation (row_card_value, card_draw_value),
    the part that weighs most first; or the deck's blind draw."""
    last = M("it empties the deck: the end is triggered (SB-12)") if deck_size(view) == 1 else None
    if where == "deck":
        said = M("a blind draw from the deck: no card in the row does more for you now")
        return M("{draw}; {end}", draw=said, end=last) if last else said
    card = view["row"][int(where[3:])]
    coop = is_coop(view)
    now = summon_now_value(view, seat, card) if not coop and view["done"] < ACTIONS_PER_TURN - 1 else None
    threat = not coop and steal_threat(view, seat, card) > 0
    if now is not None and ROW_FOLLOW_UP * now > card_draw_value(view, seat, card):
        reasons = [follow_up_why(game, view, seat, where, card)]
    else:
        reasons = card_worth_why(view, seat, card, threat)
    if threat:  # the token is yours: said here
        reasons.append(M("left there, it would let {rival} take your {animal} token cheaply (SB-11)",
                         rival=seat_name((seat + 1) % view["players"]), animal=ANIMAL_NAMES[ANIMAL[card]]))
    if last:
        reasons.append(last)
    return M("taking {card} from the row: {reasons}", card=card_words(card), reasons=clauses(reasons))


def follow_up_why(game, view, seat, where, card):
    """"your next action can summon it for 1 item, which takes the Dog token from {1} for 4 years"."""
    world = game.sample_state(view, seat, random.Random(0))
    game.apply(world, seat, "draw:" + where)
    act = "summon:{}".format(card)
    story = None
    if world["turn"] == seat and world["phase"] == "main" and act in game.legal_actions(world, seat):
        after, steps = play_on(game, game.view(world, seat), seat, act)
        story = summon_story(seat, after, steps, claim=False)
    if story is None:
        return M("your next action can summon it")
    if story["effects"]:
        return P("your next action can summon it for {n} item, which {effects}",
                 "your next action can summon it for {n} items, which {effects}", story["price"], effects=story["effects"])
    return P("your next action can summon it for {n} item", "your next action can summon it for {n} items", story["price"])


def card_worth_why(view, seat, card, threat=False):
    """[clauses]: what keeping `card` is worth (card_draw_value), in words (the animal token you
    hold left to the `threat` clause, which names it)."""
    animal = ANIMAL[card]
    name = ANIMAL_NAMES[animal]
    home = stack_of(view, animal)
    top = RANK[view["board"][home][-1]] if home is not None else 0
    if is_coop(view):
        if home is None and RANK[card] == TOP_RANK:
            return [M("the {animal} is not on the calendar yet: this card can place it at rank 5 and lock it (SB-20)", animal=name)]
        if home is None and RANK[card] <= 2:
            return [M("the {animal} is not on the calendar yet: a low rank starts it with room to grow", animal=name)]
        if home is None:
            return [M("the {animal} is not on the calendar yet: this card can start it", animal=name)]
        if RANK[card] == top + 1 == TOP_RANK:
            return [M("it is the rank 5 the {animal} on {space} needs to lock (SB-20)", animal=name, space=home)]
        if RANK[card] == top + 1:
            return [M("it is the next rank for the {animal} on {space}", animal=name, space=home)]
        if RANK[card] > top:
            return [M("it can go on the {animal} on {space} later", animal=name, space=home)]
    if home is not None and RANK[card] <= top:
        return [M("the {animal} on {space} is at rank {rank} already: it can no longer be summoned (SB-8)", animal=name, space=home,
                  rank=top)]
    said = []
    if view["owner"][animal] == seat and not threat:
        said.append(M("you hold the {animal} token: in your hand it is a year at the end (SB-13)", animal=name))
    if home is None:
        said.append(M("the {animal} is not on the board: summoning it later takes its token (SB-11)", animal=name))
    elif top < RANK[card]:
        said.append(M("it can ascend the {animal} on {space} later (SB-8)", animal=name, space=home))
    return said


def pay_why(view, seat, arg):
    """The item Normal's payment gives first (suggest_payment): the card needed least; tokens last
    in the competitive game (a year each at the end, SB-13), first in co-op."""
    card = view["pending"]["card"]
    element = ELEMENT[card]
    if arg.startswith("token:"):
        if is_coop(view):
            return M("a team {element} token pays (SB-10), and your cards stay for the calendar", element=ELEMENT_NAMES[element])
        return M("no card left in your hand pays for {card}: {a_element} token does (SB-10)", card=card_words(card),
                 a_element=A_ELEMENT[element])
    paid = int(arg)
    home = stack_of(view, ANIMAL[paid])
    if card_keep_value(view, paid) < 1:
        return M("{card} can no longer be summoned: the {animal} on {space} is at rank {rank} already (SB-8)", card=card_words(paid),
                 animal=ANIMAL_NAMES[ANIMAL[paid]], space=home, rank=RANK[view["board"][home][-1]])
    if not is_coop(view) and token_store(view, seat)[element] > view["pending"]["paid_tokens"]:
        return M("{card} pays (SB-10) and you keep your {element} tokens, a year each at the end (SB-13)", card=card_words(paid),
                 element=ELEMENT_NAMES[element])
    return M("of the cards that pay (SB-10), {card} is the one you need least", card=card_words(paid))


def discard_why(view, seat, card):
    """Why Normal's discard (the card worth least by card_draw_value) goes: what it lacks."""
    animal = ANIMAL[card]
    home = stack_of(view, animal)
    reasons = []
    if home is not None and RANK[view["board"][home][-1]] >= RANK[card]:
        reasons.append(M("the {animal} on {space} is at rank {rank} already: it can no longer be summoned (SB-8)",
                         animal=ANIMAL_NAMES[animal], space=home, rank=RANK[view["board"][home][-1]]))
    if not is_coop(view) and view["owner"][animal] != seat:
        reasons.append(M("you do not hold the {animal} token: it scores nothing at the end (SB-13)", animal=ANIMAL_NAMES[animal]))
    elif is_coop(view) and not reasons and card_draw_value(view, seat, card) < COOP_DRAW_NEEDED:
        if home is None:  # a high rank: a new animal would start with little room for the ranks below
            reasons.append(M("a rank {rank} would start the {animal} high, with little room to grow", rank=RANK[card],
                             animal=ANIMAL_NAMES[animal]))
        else:
            reasons.append(M("it is not the next rank for the {animal} on {space}", animal=ANIMAL_NAMES[animal], space=home))
    if not reasons:
        reasons.append(M("it is the card you need least"))
    return M("discarding {card} (hand limit {limit}, SB-6): {reasons}", card=card_words(card), limit=HAND_LIMIT,
             reasons=clauses(reasons))


def claim_why(view, seat, arg):
    """SB-22: a claim is made when the scroll's expected uses are worth more than its years (claim_choice)."""
    if arg == "none":
        return M("no scroll you may claim now is worth its years to you (SB-22)")
    taken, _, back = arg.partition("/")
    price = next(p for t, b, p in claim_options(view, seat) if t == taken and b == (back or None))
    if back:
        return P("claiming the {scroll} for {n} year, returning your {back}: its uses over the rest of the game should be "
                 "worth more (SB-22)",
                 "claiming the {scroll} for {n} years, returning your {back}: its uses over the rest of the game should be "
                 "worth more (SB-22)",
                 price, scroll=scroll_words(taken), back=scroll_words(back))
    return P("claiming the {scroll} for {n} year: its uses over the rest of the game should be worth more (SB-22)",
             "claiming the {scroll} for {n} years: its uses over the rest of the game should be worth more (SB-22)",
             price, scroll=scroll_words(taken))


def refresh_why(game, view, seat, arg):
    """SB-25: Normal refreshes a scroll to activate it (scroll_main_options): what that does."""
    sid, _, pay = arg.partition("/")
    said = M("refreshing your {scroll} with {a_element} token (SB-25)", scroll=scroll_words(sid), a_element=A_ELEMENT[pay])
    if view["phase"] != "main":
        return said
    world = game.sample_state(view, seat, random.Random(0))
    game.apply(world, seat, "refresh:" + arg)
    after = game.view(world, seat)
    if world["turn"] != seat or world["phase"] != "main" or "scroll:" + sid not in game.legal_actions(world, seat):
        return said
    return M("{refresh} to activate it: {effect}", refresh=said, effect=activation_why(game, after, seat, sid))


def activation_why(game, view, seat, sid):
    """What activating `sid` does (SB-24), its target being Normal's (scroll_step)."""
    element, level = scroll_parts(sid)
    if element == "Water":
        return P("taking {n} element token, a year at the end (SB-24, SB-13)",
                 "taking {n} element tokens, a year each at the end (SB-24, SB-13)", min(level, available_tokens(view)))
    if element == "Wood":  # the card summoned from the discard pile, and where
        return summon_why(game, view, seat, "scroll:" + sid)
    values = target_values(view, seat, sid)
    return target_why(view, seat, sid, max(values, key=lambda a: (values[a], a)))


def target_why(view, seat, sid, action):
    """The target `action` of the scroll `sid` (SB-24) in words."""
    verb, _, arg = action.partition(":")
    if verb == "fire":
        home = stack_of(view, arg)
        said = P("removing the {animal} from {space} scores {n} year, one per card (SB-24)",
                 "removing the {animal} from {space} scores {n} years, one per card (SB-24)", len(view["board"][home]),
                 animal=ANIMAL_NAMES[arg], space=home)
        holder = view["owner"][arg]
        element = ELEMENT[view["board"][home][-1]]
        if holder == seat and fire_sources(view, seat, element):
            return M("{said}; you give up the {animal} token but gain {a_element} token", said=said, animal=ANIMAL_NAMES[arg],
                     a_element=A_ELEMENT[element])
        if holder == seat:
            return M("{said}; you give up the {animal} token", said=said, animal=ANIMAL_NAMES[arg])
        if holder is not None:
            return M("{said}, and {holder} loses the {animal} token", said=said, holder=seat_name(holder), animal=ANIMAL_NAMES[arg])
        return said
    if verb == "earth":
        cards = sorted(c for c in view["discard"] if ANIMAL[c] == arg and RANK[c] <= scroll_parts(sid)[1])
        return P("taking {cards} from the discard pile scores {n} year (SB-24)",
                 "taking {cards} from the discard pile scores {n} years (SB-24)", len(cards), cards=cards_words(cards))
    # Metal: the level in years, then (scroll_step) a move onto a token if one lies on an empty space
    home = stack_of(view, arg)
    said = P("the {animal} on {space} scores its level, {n} year (SB-24)", "the {animal} on {space} scores its level, {n} years (SB-24)",
             RANK[view["board"][home][-1]], animal=ANIMAL_NAMES[arg], space=home)
    dst = next((a[7:] for a in metal_actions(view, home) if a.startswith("moveto:") and a[7:] in view["board_tokens"]), None)
    if dst is None:
        return said
    return M("{said}, and moving it to {space} takes the {element} token there", said=said, space=dst,
             element=ELEMENT_NAMES[view["board_tokens"][dst]])


def source_why(view, seat, arg):
    """SB-24 Fire: where the holder's element token comes from (scroll_step: a rival in the lead)."""
    act = view["activation"]
    args = dict(holder=seat_name(act["holder"]), element=ELEMENT_NAMES[act["element"]])
    if arg == "seat{}".format(seat):
        return M("no {element} token is left in the supply, on the board or with a rival: the one {holder} gains comes from you "
                 "(SB-24)", **args)
    if arg.startswith("seat"):
        return M("{victim} has the most years: the {element} token {holder} gains comes from them (SB-24)",
                 victim=seat_name(int(arg[4:])), **args)
    if arg == "supply":
        return M("the {element} token {holder} gains comes from the supply, and the board keeps its tokens (SB-24)", **args)
    return M("no {element} token is left in the supply: the one {holder} gains comes from {space} (SB-24)", space=arg, **args)


def metal_choice_why(view, action):
    animal = ANIMAL_NAMES[view["activation"]["animal"]]
    if action.startswith("moveto:"):
        dst = action[7:]
        if dst in view["board_tokens"]:
            return M("moving the {animal} to {space} takes the {element} token there (SB-24)", animal=animal, space=dst,
                     element=ELEMENT_NAMES[view["board_tokens"][dst]])
        return M("no empty space holds a token: the {animal} simply moves to {space} (SB-24)", animal=animal, space=dst)
    return M("no space is empty: the {animal} swaps its top card instead (SB-24)", animal=animal)


def water_why(view, seat, action):
    """SB-24 Water: the token of the element the hand can spend most (scroll_step)."""
    if action == "water:done":
        return M("no token is left to take")
    supply = action.startswith("water:supply:")
    element = action[len("water:supply:"):] if supply else view["board_tokens"][action[6:]]
    need = sum(1 for c in view["hands"][seat] if ELEMENT[c] == element)
    args = dict(a_element=A_ELEMENT[element], element=ELEMENT_NAMES[element])
    if need and supply:
        return P("{a_element} token from the supply: it pays for the {n} {element} card in your hand (SB-10)",
                 "{a_element} token from the supply: it pays for the {n} {element} cards in your hand (SB-10)", need, **args)
    if need:
        return P("{a_element} token from {space}: it pays for the {n} {element} card in your hand (SB-10)",
                 "{a_element} token from {space}: it pays for the {n} {element} cards in your hand (SB-10)", need, space=action[6:],
                 **args)
    if supply:
        return M("{a_element} token from the supply: each token is a year at the end (SB-13)", **args)
    return M("{a_element} token from {space}: each token is a year at the end (SB-13)", space=action[6:], **args)


POLICIES = {"normal": normal, "hard": hard}
