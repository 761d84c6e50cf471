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
"""

from tabletop.search import determinized_search

from .data import DECK
from .rules import PLAY, REVEAL, card_score

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


def _round_value(game, state, seat, rounds_before):
    """Play the sampled deal to the end of the round; the seat's round points against the
    others' mean (positive is good)."""
    if len(state["rounds"]) == rounds_before:  # the move searched did not end the round
        points = game.play_out_round(state, _fast_choice)  # no event written: most of the time saved
    else:
        points = state["rounds"][rounds_before]["points"]
    others = [p for s, p in enumerate(points) if s != seat]
    return sum(others) / len(others) - points[seat]


def hard(game, view, seat, legal, rng):
    if not view["hand"]:
        return "reveal:%d" % reveal_choice(view["up"][seat], view["down"])
    rounds_before = len(view["rounds"])
    return determinized_search(game, view, seat, legal, rng, worlds=HARD_WORLDS, time_budget=HARD_TIME_BUDGET,
                               playout=lambda state: _round_value(game, state, seat, rounds_before), unit="points")


POLICIES = {"normal": normal, "hard": hard}
