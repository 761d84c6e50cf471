"""Phở Phở, tried 2026-12-07 (not kept): heads-up, Hard reads its rival's hand from the rival's
last turn (`read_rival`): of the hands its view allows, it keeps those with which a player of
Normal's habits would have done what the rival did, and deals its worlds' rival one of them.
Measured (bench/RESULTS.md, 2026-12-07): against Normal, seeds 1001-1200 68.1% -> 74.0%, seeds
1-200 73.8% -> 70.5%, seeds 2001-2200 71.2% -> 71.9% (+1.1 points on average, within the noise);
against the pinned Hard 63.9% -> 59.5%.

With `--set PARTICLE_SHARE=1.0` the reading is carried from turn to turn, a particle filter: the
hands read at Hard's last turn were the rival's hand before its own turn, and what it still holds
of one of them is what did not leave its hand since (the cards now public that were not), the rest
drawn; a try deals the rival that much of a hand read before and keeps it if Normal's habits
explain the rival's last turn with it. Its kept hands share 3.35 card types of 5.66 with the true
hand (blind samples 2.55; the one-turn reading 3.06 against 2.48: the same gain), and against
Normal it won 72.9 / 71.9 / 69.6% of seeds 1001 / 1 / 2001 (+0.4 points on average): not kept.

Run in games.phopho.bots by
`bench/hard_bench.py --titles phopho --rows normal --patch bench/tries/phopho_read_rival.py`."""

import random

from games.phopho.data import CARDS
from games.phopho.rules import sort_cards, with_customer

_hard_unread = hard

# Heads-up, a Hard that knew its rival's hand (an experiment) won 76.6% against Normal where
# today's won 68.1% (the same seeds; at the table 51.1% against 49.8%: little). READ_TRIES hands
# are tried at the start of Hard's turn; with READ_MIN or more that explain the rival's last turn,
# the worlds' rival holds one of them (bench/RESULTS.md, 2026-12-07: 200 tries 70.9%, 600 72.0%).
READ_TRIES = 600
READ_MIN = 4
PARTICLE_SHARE = 0.0  # of the tries, those that start from a hand read at the last turn (when there are some)
READ_TIME_BUDGET = 0.25 if sys.platform == "emscripten" else 0.1  # the guard's, as HARD_TIME_BUDGET


# --- reading the rival (heads-up) ----------------------------------------------------------------
# A seat's own decisions, the last of each of its recent turns: {seat: {turn number: (view, action)}};
# and the hands read at the start of a turn: {(seat, turn number): (the decision read from, hands)}.
_last_decision = {}
_read_hands = {}


def _on_line(line):
    """Every card lying next to a customer in `line`."""
    out = set()
    for e in line:
        out.update(with_customer(e))
    return out


def _turn_signature(view, start):
    """What the turn after `start` did, as the table shows it (card types only, copies are
    alike): the cards added to the discard pile, what lies on the customers who were there at
    `start`, everyone's tokens and hand sizes. Customers turned up since are left out: they
    come from the customer deck, which nobody knows."""
    there = {e["id"] for e in start["line"]}
    line = sorted((e["id"], tuple(CARD_TYPE[c] for c in e["cards"]), e["bill"] is not None, len(e["extra_bills"]))
                  for e in view["line"] if e["id"] in there)
    added = sorted(CARD_TYPE[c] for c in view["discard"][len(start["discard"]):])
    return line, added, tuple(view["mad"]), tuple(view["happy"]), tuple(view["hand_sizes"])


def read_rival(game, view, seat, rng, previous=()):
    """Heads-up, at the start of `seat`'s turn: hands its rival may hold now that explain the
    rival's last turn, played as Normal plays after a Restock (PP-11); [] when none can be read.

    From `seat`'s own view at its last decision and the action it took, a sampled world gives
    the public table at the start of the rival's turn; the cards that left the rival's hand since
    are public (on the discard pile or next to a customer now, and not then). A hand for the
    rival now, sampled from the unseen cards as for any world, joined to those cards, is the
    hand it held after its Restock; the rival's turn is played from there by Normal's policy, and
    the hand is kept if the table then looks as it does now. A rival that plays otherwise (a
    person, another Hard) is seldom explained, and Hard then samples its worlds as before."""
    memory = _last_decision.get(seat, {}).get(view["turn_no"] - 2)
    if view["players"] != 2 or memory is None:
        return []
    before, action = memory
    rival = 1 - seat
    if view["gone"][:len(before["gone"])] != before["gone"]:
        return []  # not this game's turn before
    start = game.sample_state(before, seat, rng)
    if action not in ROLLOUT_GAME.legal_actions(start, seat):
        return []
    ROLLOUT_GAME._apply(start, seat, action)
    while not start["over"] and start["turn"] == seat:  # the rest of the turn had one legal action
        legal = ROLLOUT_GAME.legal_actions(start, seat)
        if len(legal) != 1:
            return []
        ROLLOUT_GAME._apply(start, seat, legal[0])
    if start["over"] or start["phase"] != "turn" or start["king_out"] != view["king_out"]:
        return []
    if view["discard"][:len(start["discard"])] != start["discard"]:
        return []  # the discard pile was shuffled into the deck (PP-19)
    then = _on_line(start["line"])
    left = [c for c in set(view["discard"][len(start["discard"]):]) | _on_line(view["line"]) if c not in then]
    if not left:
        return []
    now = _turn_signature(view, start)
    there = {e["id"] for e in start["line"]}
    turned_up = [e["id"] for e in view["line"] if e["id"] not in there]  # in the order they came
    kept = []
    deadline = botlib.deadline(READ_TIME_BUDGET)
    for tried in range(READ_TRIES):
        botlib.breathe()
        if tried and tried % 25 == 0 and botlib.past(deadline):
            break
        hand = game.sample_state(view, seat, rng)["hands"][rival]
        if previous and rng.random() < PARTICLE_SHARE:
            hand = _carried(previous[rng.randrange(len(previous))], left, hand, view, seat)
            if hand is None:
                continue
        world = clone(start)
        world["hands"][rival] = sort_cards(hand + left)
        world["deck"] = [c for c in world["deck"] if c not in world["hands"][rival]]
        world["customers"] = [c for c in world["customers"] if c not in turned_up] + turned_up[::-1]
        world["phase"], world["restock"] = "restocked", True
        steps = 0
        while not world["over"] and world["turn"] == rival and steps < 60:
            _rollout_turn_step(ROLLOUT_GAME, world, rng)
            steps += 1
        if not world["over"] and world["turn"] == seat and _turn_signature(ROLLOUT_GAME._view(world, seat), start) == now:
            kept.append(hand)
    return kept


def _carried(before, left, blind, view, seat):
    """A hand for the rival now that keeps what it still holds of `before` (a hand read at the
    start of Hard's last turn): `before` less the card types that left its hand since, as
    copies of those types that nobody has seen, the rest from `blind` (a hand sampled from the
    unseen cards, in its random order). None if the cards seen since rule `before` out."""
    kept_types = collections.Counter(CARD_TYPE[c] for c in before)
    kept_types.subtract(CARD_TYPE[c] for c in left)
    wanted = +kept_types
    size = view["hand_sizes"][1 - seat]
    if sum(wanted.values()) > size:
        return None
    known = set(view["hand"]) | set(view["discard"]) | _on_line(view["line"])
    hand = []
    for c in before:  # its own ids first, then any unseen copy of the type
        t = CARD_TYPE[c]
        if wanted[t] > 0 and c not in known:
            hand.append(c)
            wanted[t] -= 1
    if +wanted:
        spare = [c for c in CARDS if c not in known and c not in hand]
        for c in spare:
            t = CARD_TYPE[c]
            if wanted[t] > 0:
                hand.append(c)
                wanted[t] -= 1
        if +wanted:
            return None  # a card of it has since come to Hard's hand or to the table
    for c in blind:
        if len(hand) >= size:
            break
        if c not in hand:
            hand.append(c)
    if len(hand) < size:
        spare = [c for c in CARDS if c not in known and c not in hand]
        hand += spare[:size - len(hand)]
    return hand


class _ReadGame:
    """The game as Hard's search sees it once the rival is read: each world's rival holds one of
    the hands that explain its last turn (the deck is the rest); everything else as the game's."""

    def __init__(self, game, hands):
        self._game, self._hands = game, hands

    def __getattr__(self, name):
        return getattr(self._game, name)

    def sample_state(self, view, seat, rng):
        world = self._game.sample_state(view, seat, rng)
        rival = 1 - seat
        hand = self._hands[rng.randrange(len(self._hands))]
        pool = world["deck"] + world["hands"][rival]
        if not set(hand) <= set(pool):
            return world  # a card of it has come to Hard's own hand since
        world["hands"][rival] = sort_cards(list(hand))
        world["deck"] = [c for c in pool if c not in hand]
        rng.shuffle(world["deck"])
        return world


def hard(game, view, seat, legal, rng):
    decisions = _last_decision.setdefault(seat, {})
    if decisions and view["turn_no"] < max(decisions):
        decisions.clear()  # another game (or an undo): what it did says nothing of this one
    hands = []
    if view["players"] == 2 and view["phase"] in ("turn", "restocked") and not view["sel"] and not view["puts"]:
        # Read once a turn, from the last decision of the turn before; with a generator of its
        # own, seeded by the table, so that reading again gives the same hands.
        read_from = decisions.get(view["turn_no"] - 2)
        cached = _read_hands.get((seat, view["turn_no"]))
        if cached is None or cached[0] is not read_from:
            if len(_read_hands) > 64:
                _read_hands.clear()
            table = repr((view["turn_no"], view["discard"], [e["id"] for e in view["line"]], view["mad"], view["happy"]))
            previous = _read_hands.get((seat, view["turn_no"] - 2), (None, []))[1]
            hands = read_rival(game, view, seat, random.Random(table), previous)
            _read_hands[(seat, view["turn_no"])] = (read_from, hands)
        else:
            hands = cached[1]
    searched = _ReadGame(game, hands) if len(hands) >= READ_MIN else game
    action = _hard_unread(searched, view, seat, legal, rng)
    decisions[view["turn_no"]] = (view, action)
    for turn in [t for t in decisions if t < view["turn_no"] - 2]:
        del decisions[turn]
    return action


