"""Mojo's bots. Both read only the seat's view: their own hand and face-down cards, and what is
public (the play pile, face-up cards, counts).

Normal: greedy. Each card it could play is weighed by what it leaves: the cards still in hand
(how many, and what they would score), the draw a higher card costs, the turn a same value
gives, and the card it leaves on top for the next player (a low one makes them draw). A chain
of same values is followed to its end. Face-down cards are turned up cheapest first.

Hard: search over sampled hidden cards. Every candidate card is tried in the same sampled
deals (the others' hands and face-down cards, the draw pile's order), and each deal is played to
the end of the round by a fast greedy policy for every seat; the candidate with the best mean
round points relative to the others (the Mojo card included) is played.

A hint (tabletop.hints) also says, in the game's words, what Hard's move does: `why`.
"""

from tabletop import M, P, search, seat_name
from tabletop.msg import decimal
from tabletop.search import determinized_search

from .data import COLOUR_NAMES, COLOUR_OF, DECK
from .rules import PLAY, REVEAL, card_score, compare

# Tuning of the evaluation (bot strength only, not rules).
SIZE_WEIGHT = 4.0  # a card still in hand: it delays going face down
SCORE_WEIGHT = 0.6  # a point the hand would score if the round ended now
DRAW_WEIGHT = 1.0  # the expected points a drawn card adds
TOP_WEIGHT = 0.35  # per value of the card left on top (high tops let the next player off)
FACE_DOWN_SCORE_WEIGHT = 0.35  # a point among cards that go face down (hidden unless turned up)
# Hard
HARD_WORLDS = 40  # sampled deals per decision (the time guard below stops earlier on a slow device)
HARD_TIME_BUDGET = 0.25  # seconds; about 0.6 s in the browser (bench/RESULTS.md)
HARD_ROLLOUT_DRAW_COST = 3.0  # the fast rollout policy's flat price of a draw

_DRAW_ODDS = [(v, DECK.count(v) / len(DECK)) for v in sorted(set(DECK))]


_SCORES = {}  # cards (as given) -> card_score: the searches weigh the same few hands again and again


def _score(cards):
    """card_score(cards), remembered."""
    key = tuple(cards)
    score = _SCORES.get(key)
    if score is None:
        if len(_SCORES) >= 200000:  # bound the memory over a long session
            _SCORES.clear()
        score = _SCORES[key] = card_score(key)
    return score


def expected_draw_points(hand):
    """The points a random card would add to `hand`'s score (MJ-10), on average."""
    base = _score(hand)
    return sum(p * (_score(hand + [v]) - base) for v, p in _DRAW_ODDS)


def hand_cost(hand, limit):
    """How bad it is to be left with `hand` at the end of a turn."""
    if not hand:
        return -SIZE_WEIGHT  # out of cards: the round ends now with nothing in hand
    if len(hand) <= limit:  # MJ-7: face down, counted only when turned up
        return SIZE_WEIGHT * len(hand) * 0.5 + FACE_DOWN_SCORE_WEIGHT * _score(hand)
    return SIZE_WEIGHT * len(hand) + SCORE_WEIGHT * _score(hand)


def play_cost(hand, top, value, limit, depth=0):
    """The cost of playing `value` from `hand` on `top` (and, after a same value, the best
    continuation)."""
    rest = list(hand)
    rest.remove(value)
    if value > top:
        return (hand_cost(rest, limit) + SIZE_WEIGHT + SCORE_WEIGHT * DRAW_WEIGHT * expected_draw_points(rest)
                + TOP_WEIGHT * value)
    if value == top and rest and depth < 4:
        return min(play_cost(rest, value, v, limit, depth + 1) for v in set(rest))
    return hand_cost(rest, limit) + TOP_WEIGHT * value


def reveal_choice(up, down):
    """The face-down card that adds least to the face-up cards' score (lowest on a tie)."""
    base = _score(up)
    return min(set(down), key=lambda v: (_score(up + [v]) - base, v))


def normal(game, view, seat, legal, rng):
    if view["hand"]:
        top, limit = view["pile"][-1], view["limit"]
        costs = {a: play_cost(view["hand"], top, int(a.split(":")[1]), limit) for a in legal}
        best = min(costs.values())
        return rng.choice([a for a in legal if costs[a] <= best + 1e-9])
    return "reveal:%d" % reveal_choice(view["up"][seat], view["down"])


# --- Hard ----------------------------------------------------------------------------------
def _fast_choice(state, seat):
    """The rollout policy: Normal's weighing without the expected draw (a flat price). A
    (kind, value) move, for Mojo.play_out_round."""
    hand = state["hands"][seat]
    if not hand:
        key = (tuple(state["up"][seat]), tuple(state["down"][seat]))
        move = _FAST_REVEALS.get(key)
        if move is None:
            if len(_FAST_REVEALS) >= 200000:
                _FAST_REVEALS.clear()
            move = _FAST_REVEALS[key] = (REVEAL, reveal_choice(state["up"][seat], state["down"][seat]))
        return move
    key = (tuple(hand), state["pile"][-1], state["players"] == 2)
    move = _FAST_PLAYS.get(key)
    if move is None:
        if len(_FAST_PLAYS) >= 200000:
            _FAST_PLAYS.clear()
        move = _FAST_PLAYS[key] = (PLAY, _fast_play(hand, key[1], 2 if key[2] else 3))
    return move


_FAST_PLAYS = {}  # (hand, top, two players) -> the rollout's move: a pure function, remembered
_FAST_REVEALS = {}  # (face-up cards, face-down cards) -> the rollout's move


def _fast_play(hand, top, limit):
    best, best_cost = None, None
    for v in set(hand):
        rest = list(hand)
        rest.remove(v)
        if v > top:
            cost = hand_cost(rest, limit) + SIZE_WEIGHT + HARD_ROLLOUT_DRAW_COST + TOP_WEIGHT * v
        elif v == top and rest:
            cost = hand_cost(rest, limit) - SIZE_WEIGHT
        else:
            cost = hand_cost(rest, limit) + TOP_WEIGHT * v
        if best_cost is None or cost < best_cost:
            best, best_cost = v, cost
    return best


def _round_value(game, state, seat, rounds_before, seen=None):
    """Play the sampled deal to the end of the round; the seat's round points against the
    others' mean (positive is good). `seen`, while a hint asks: {card played: [(the seat's
    points, the others' mean), ...]}, what each world gave, for the hint's words."""
    card = state["pile"][-1]  # the card searched, before the playout covers it
    if len(state["rounds"]) == rounds_before:  # the move searched did not end the round
        points = game.play_out_round(state, _fast_choice)  # no event written: most of the time saved
    else:
        points = state["rounds"][rounds_before]["points"]
        card = None  # a new round's pile: the card is not on it (a last card: never one of several)
    others = [p for s, p in enumerate(points) if s != seat]
    if seen is not None and card is not None:
        seen.setdefault(card, []).append((points[seat], sum(others) / len(others)))
    return sum(others) / len(others) - points[seat]


def hard(game, view, seat, legal, rng):
    seen = {} if search.asking() else None  # what the playouts gave each card, for a hint's words
    if not view["hand"]:
        action = "reveal:%d" % reveal_choice(view["up"][seat], view["down"])
    else:
        rounds_before = len(view["rounds"])
        action = determinized_search(game, view, seat, legal, rng, worlds=HARD_WORLDS, time_budget=HARD_TIME_BUDGET,
                                     playout=lambda state: _round_value(game, state, seat, rounds_before, seen),
                                     unit="points")
    if seen is not None:
        search.say_why(lambda: why(view, seat, action, seen))
    return action


# --- a hint's words --------------------------------------------------------------------------------
def why(view, seat, action, seen=None):
    """What Hard's `action` does, as a clause for a hint (search.say_why), from the seat's view
    and its own search only: what the rules do with the card played (MJ-5, MJ-7, MJ-9), what it
    changes in the count (MJ-10), or else what its playouts found against the next best card;
    or why a face-down card is turned up first (MJ-8)."""
    value = int(action.split(":")[1])
    if action.startswith(REVEAL + ":"):
        return reveal_why(view, seat, value)
    return play_why(view, seat, value, seen or {})


def reveal_why(view, seat, value):
    """MJ-8: the face-down card that adds least to the face-up cards' count (reveal_choice)."""
    up = view["up"][seat]
    gain = _score(up + [value]) - _score(up)
    colour = COLOUR_OF[value]
    counting = [v for v in up if COLOUR_OF[v] == colour and v >= value]
    if gain == 0 and counting:
        return M("turning up your {card} adds nothing to your score: your face-up {counting} already counts for {colour} (MJ-10)",
                 card=value, counting=max(counting), colour=COLOUR_NAMES[colour])
    if gain == 0:
        return M("turning up your {card} adds nothing to your score (MJ-10)", card=value)
    return P("of your face-down cards, the {card} adds the least to your score: {n} point (MJ-10)",
             "of your face-down cards, the {card} adds the least to your score: {n} points (MJ-10)", gain, card=value)


def play_why(view, seat, value, seen):
    """MJ-5: lower, higher or the same as the top card; then what that does: the hand left goes
    face down (MJ-7), the round ends (MJ-9, MJ-11), the count falls (MJ-10), the next player
    gets a low card to play on, a copy follows; failing those, what Hard's playouts gave."""
    hand, top, limit = view["hand"], view["pile"][-1], view["limit"]
    rest = list(hand)
    rest.remove(value)
    how = compare(value, top)
    if not rest and how != "higher":  # the turn ends with no card: the round ends (MJ-9), at 0 (MJ-11)
        return M("playing your last card, the {card}, ends the round: you take the Mojo card with 0 points (MJ-9, MJ-11)",
                 card=value)
    if how == "same":
        move = M("your {card} matches the {top}: you play again (MJ-5)", card=value, top=top)
    elif how == "lower":
        move = M("your {card} is lower than the {top}: no draw, your turn ends (MJ-5)", card=value, top=top)
    elif all(v > top for v in hand):
        move = M("all your cards are higher than the {top}, so your {card} makes you draw as any would (MJ-5)",
                 card=value, top=top)
    else:
        move = M("your {card} is higher than the {top}: you draw a card (MJ-5)", card=value, top=top)
    before, after = _score(hand), _score(rest)
    kept = len(rest) + (how == "higher")  # the hand at the end of the turn, the draw included
    nxt = (seat + 1) % view["players"]
    if how != "same" and kept <= limit:
        effect = P("then your {n} card goes face down, where it counts only once turned up (MJ-7, MJ-10)",
                   "then your {n} cards go face down, where they count only once turned up (MJ-7, MJ-10)", kept)
    elif after < before and how == "higher":
        effect = M("shedding it takes your count from {before} to {after} before the draw (MJ-10)", before=before, after=after)
    elif after < before:
        effect = M("shedding it takes your count from {before} to {after} (MJ-10)", before=before, after=after)
    elif how == "same" and value in rest:
        effect = M("you still hold another {card} to play on it", card=value)
    elif how == "lower" and value == min(hand) and view["hand_sizes"][nxt]:
        effect = M("it gives {next} the lowest card you hold to play on: anything higher makes them draw (MJ-5)",
                   next=seat_name(nxt))
    else:
        effect = playout_why(value, seen)
        if effect is None:
            return move
    return M("{move}; {effect}", move=move, effect=effect)


def playout_why(value, seen):
    """What Hard's playouts (its own search's worlds, `seen`) found for the card `value` against
    the next best card: the part of the lead that is the seat's own round points or the others',
    and, when the other part goes the other way, that one too (the lead is their difference).
    None when they did not record it."""
    means = {card: (sum(p for p, _ in rows) / len(rows), sum(o for _, o in rows) / len(rows))
             for card, rows in seen.items() if rows}
    if value not in means or len(means) < 2:
        return None
    alt = max((c for c in means if c != value), key=lambda c: (means[c][1] - means[c][0], -c))
    mine, others = means[value], means[alt]
    own_gain, their_loss = others[0] - mine[0], mine[1] - others[1]
    if own_gain >= their_loss and own_gain >= 0.05:
        if their_loss <= -0.05:
            return M("its playouts give you about {gain} points fewer than your {card} would, for the others {cost} fewer",
                     gain=decimal(own_gain), card=alt, cost=decimal(-their_loss))
        return M("its playouts give you about {gain} points fewer than your {card} would",
                 gain=decimal(own_gain), card=alt)
    if their_loss >= 0.05:
        if own_gain <= -0.05:
            return M("its playouts give the others about {gain} points more than your {card} would, for {cost} more of "
                     "your own", gain=decimal(their_loss), card=alt, cost=decimal(-own_gain))
        return M("its playouts give the others about {gain} points more than your {card} would",
                 gain=decimal(their_loss), card=alt)
    return None


POLICIES = {"normal": normal, "hard": hard}
