"""Mojo: rules MJ-1..MJ-12 as a small state machine.

State (plain data):
  players         number of seats
  round           0-based index of the round being played
  hands[seat]     the seat's hand, sorted values (private); [] once it went face down (MJ-7)
  down[seat]      its face-down cards, sorted (private to the seat, count public)
  up[seat]        its face-up cards, in the order they were turned up (public)
  draw            the draw pile, top card last (hidden)
  pile            the play pile, top card last (public: every card was played in the open)
  turn            the seat to act; `again` is True when it played the same value (MJ-5)
  starter         who started this round (MJ-4); moves[seat]: its actions this round
  mojo, mojo_side who took the Mojo card in the last round and the side it shows (None, 0, 10)
  rounds          every finished round: cards counted, highest per colour, Mojo, points, totals
  totals          running totals; over: True once a total reached the end (MJ-12)
An action is "play:<value>" (a card from the hand) or "reveal:<value>" (a face-down card).
"""

from collections import Counter

from tabletop import M, N_, P, Game, clone, seat_name
from tabletop import rng as trng

from . import data
from .data import COLOUR_OF, COLOURS, DECK, GAME_END_TOTAL, HAND_SIZE, MOJO_PENALTY, MOJO_ZERO, face_down_limit

PLAY, REVEAL = "play", "reveal"


def parse(action):
    """("play" | "reveal", value) from an action id, or None if it is not one."""
    if not isinstance(action, str) or ":" not in action:
        return None
    kind, _, value = action.partition(":")
    if kind not in (PLAY, REVEAL) or not value.isdigit() or int(value) not in COLOUR_OF:
        return None
    return kind, int(value)


def highest_per_colour(cards):
    """MJ-10: the highest value of each colour among `cards` (None where the colour is absent)."""
    best = dict.fromkeys(COLOURS)
    for v in cards:
        c = COLOUR_OF[v]
        if best[c] is None or v > best[c]:
            best[c] = v
    return [best[c] for c in COLOURS]


def card_score(cards):
    """MJ-10: the sum of the highest value of each colour."""
    return sum(v for v in highest_per_colour(cards) if v is not None)


def compare(value, top):
    """MJ-5: "lower", "higher" or "same" for a card played on `top`."""
    return "lower" if value < top else "higher" if value > top else "same"


def _names(seats):
    """Seats for a message: one seat's name, or a list the reader's language joins with "and"."""
    names = [seat_name(s) for s in seats]
    return names[0] if len(names) == 1 else names


class Mojo(Game):
    info = data.INFO

    def new_game(self, players, options, seed):
        state = {
            "players": players,
            "round": 0,
            "hands": [],
            "down": [],
            "up": [],
            "draw": [],
            "pile": [],
            "turn": 0,
            "again": False,
            "starter": 0,
            "moves": [],
            "mojo": None,
            "mojo_side": None,
            "rounds": [],
            "totals": [0] * players,
            "over": False,
            "rng": trng.new_rng(seed),
        }
        self._deal(state, trng.below(state["rng"], players))  # MJ-4: round 1 starts with a random player
        return state

    def _deal(self, state, starter):
        """MJ-3: shuffle the 78 cards, deal the hands, start the play pile."""
        n = state["players"]
        deck = list(DECK)
        trng.shuffle(state["rng"], deck)
        state["hands"] = [sorted(deck[i * HAND_SIZE:(i + 1) * HAND_SIZE]) for i in range(n)]
        state["draw"] = deck[n * HAND_SIZE:]
        state["pile"] = [state["draw"].pop()]
        state["down"] = [[] for _ in range(n)]
        state["up"] = [[] for _ in range(n)]
        state["turn"] = starter
        state["starter"] = starter
        state["again"] = False
        state["moves"] = [0] * n

    # --- whose turn, what is legal ---------------------------------------------------------
    def to_act(self, state):
        return [] if state["over"] else [state["turn"]]

    def legal_actions(self, state, seat):
        if state["over"] or seat != state["turn"]:
            return []
        hand = state["hands"][seat]
        if hand:
            return ["play:%d" % v for v in sorted(set(hand))]
        return ["reveal:%d" % v for v in sorted(set(state["down"][seat]))]

    def explain_illegal(self, state, seat, action):
        parsed = parse(action)
        if parsed is None:
            return M("Play a card from your hand, or turn up one of your face-down cards.")
        kind, value = parsed
        hand = state["hands"][seat]
        if kind == PLAY:
            if not hand:
                return M("Your cards are face down: turn one of them up instead (MJ-8).")
            return M("You have no {card} in your hand.", card=value)
        if hand:
            return M("You still hold a hand: play a card on the pile (MJ-5). Face-down cards are turned up only once your hand went face down (MJ-8).")
        return M("You have no face-down {card}.", card=value)

    # --- playing -----------------------------------------------------------------------------
    def _apply(self, state, seat, action):
        kind, value = parse(action)
        return self._move(state, seat, kind, value, [])

    def play_out_round(self, state, choose):
        """Play the round on in place, every seat's move given by `choose(state, seat)` (a legal
        (kind, value) pair), as in a bot's playout: the same moves as `apply`, but no event is
        written. Returns the round's points per seat (MJ-10, MJ-11); the state is then left as
        the round ended, neither scored nor re-dealt (it is for throwing away)."""
        while True:
            seat = state["turn"]
            kind, value = choose(state, seat)
            holder = self._move(state, seat, kind, value, None)
            if holder is not None:
                return self._round_points(state, holder)[2]

    def _move(self, state, seat, kind, value, events):
        """Carry out a move and return its events. `events` is None in a playout: no text is
        formatted, and the end of the round returns the Mojo card's holder instead."""
        state["moves"][seat] += 1
        if kind == REVEAL:
            return self._reveal(state, seat, value, events)
        return self._play(state, seat, value, events)

    def _play(self, state, seat, value, events):
        hand = state["hands"][seat]
        hand.remove(value)
        top = state["pile"][-1]
        state["pile"].append(value)
        if value < top:  # MJ-5 (compare): lower
            if events is not None:
                events.append({"type": "play", "seat": seat, "text": M("{who} plays {card} on {top}: lower, the turn ends.", who=seat_name(seat), card=value, top=top)})
        elif value > top:
            if events is not None:
                events.append({"type": "play", "seat": seat, "text": M("{who} plays {card} on {top}: higher, draws a card.", who=seat_name(seat), card=value, top=top)})
            self._draw(state, seat, events)
        elif hand:
            state["again"] = True
            if events is not None:
                events.append({"type": "play", "seat": seat, "text": M("{who} plays {card} on {top}: the same value, plays again.", who=seat_name(seat), card=value, top=top)})
            return events
        elif events is not None:
            events.append({"type": "play", "seat": seat, "text": M("{who} plays {card} on {top}: the same value, but that was the last card.", who=seat_name(seat), card=value, top=top)})
        return self._end_turn(state, seat, events)

    def _draw(self, state, seat, events):
        """MJ-5 draw, with MJ-6 when the draw pile is empty."""
        if not state["draw"]:
            # A draw always follows a card played on another, so the play pile holds at least
            # one card under its top: MJ-6's "nothing to shuffle" cannot happen.
            top = state["pile"][-1]
            rest = state["pile"][:-1]
            trng.shuffle(state["rng"], rest)
            state["draw"] = rest
            state["pile"] = [top]
            if events is not None:
                events.append({"type": "reshuffle", "announce": True,
                               "text": P("The draw pile is empty: the play pile but its top card ({n} card) is shuffled into a new draw pile (MJ-6).",
                                         "The draw pile is empty: the play pile but its top card ({n} cards) is shuffled into a new draw pile (MJ-6).",
                                         len(rest))})
        card = state["draw"].pop()
        state["hands"][seat].append(card)
        state["hands"][seat].sort()
        if events is not None:
            events.append({"type": "draw", "seat": seat, "text": M("{who} draws a card ({left} left in the draw pile).", who=seat_name(seat), left=len(state["draw"]))})
            events.append({"type": "drawn", "seat": seat, "seats": [seat], "commit": True, "text": M("You draw a {card}.", card=card)})

    def _end_turn(self, state, seat, events):
        state["again"] = False
        hand = state["hands"][seat]
        if not hand:  # MJ-9 (ruling): out of cards
            if events is None:
                return seat
            return events + self._end_round(state, seat)
        limit = face_down_limit(state["players"])
        if len(hand) <= limit:  # MJ-7
            state["down"][seat] = sorted(hand)
            state["hands"][seat] = []
            if events is not None:
                events.append({"type": "facedown", "seat": seat, "announce": True,
                               "text": P("{who} ends the turn with {n} card ({limit} or fewer) and puts it face down (MJ-7).",
                                         "{who} ends the turn with {n} cards ({limit} or fewer) and puts them face down (MJ-7).",
                                         len(hand), who=seat_name(seat), limit=limit)})
        state["turn"] = (seat + 1) % state["players"]
        return events

    def _reveal(self, state, seat, value, events):
        """MJ-8, MJ-9."""
        state["down"][seat].remove(value)
        state["up"][seat].append(value)
        left = len(state["down"][seat])
        if not left:
            if events is None:
                return seat
            return self._end_round(state, seat, last=value)
        state["turn"] = (seat + 1) % state["players"]
        if events is None:
            return None
        return [{"type": "reveal", "seat": seat, "announce": True, "commit": True,
                 "text": M("{who} turns up a {card} ({left} face down left).", who=seat_name(seat), card=value, left=left)}]

    def _round_points(self, state, holder):
        """MJ-10, MJ-11: (the cards counted, their scores, the points, the Mojo card's side)."""
        n = state["players"]
        counted = [sorted(state["hands"][s] + state["up"][s]) for s in range(n)]
        cards = [card_score(c) for c in counted]
        side = MOJO_ZERO if cards[holder] <= min(cards) else MOJO_PENALTY
        points = list(cards)
        points[holder] = MOJO_ZERO if side == MOJO_ZERO else cards[holder] + MOJO_PENALTY
        return counted, cards, points, side

    def _end_round(self, state, holder, last=None):
        """MJ-9..MJ-12: score the round; the game ends or the next round is dealt. `last`: the
        face-down card the holder turned up last (None: the holder played their last card)."""
        n = state["players"]
        counted, cards, points, side = self._round_points(state, holder)
        lowest = min(cards)
        state["totals"] = [t + p for t, p in zip(state["totals"], points)]
        state["mojo"], state["mojo_side"] = holder, side
        state["rounds"].append({
            "counted": counted,
            "best": [highest_per_colour(c) for c in counted],
            "cards": cards,
            "mojo": holder,
            "side": side,
            "points": points,
            "totals": list(state["totals"]),
        })
        number = state["round"] + 1
        who = seat_name(holder)
        if last is None:
            why = M("{who} has no card left (MJ-9). Round {round} ends: {who} takes the Mojo card.", who=who, round=number)
        else:
            why = M("{who} turns up a {card}, their last face-down card. Round {round} ends: {who} takes the Mojo card.",
                    who=who, card=last, round=number)
        events = [{"type": "roundend", "seat": holder, "announce": True, "commit": True, "text": why}]
        if side == MOJO_ZERO:
            if cards.count(lowest) > 1:
                mojo = M("The Mojo card shows 0 for {who}: {score} is the lowest score (tied), so {who} scores 0 (MJ-11).",
                         who=who, score=cards[holder])
            else:
                mojo = M("The Mojo card shows 0 for {who}: {score} is the lowest score, so {who} scores 0 (MJ-11).",
                         who=who, score=cards[holder])
        else:
            below = [s for s in range(n) if cards[s] == lowest]
            mojo = M("The Mojo card shows +{penalty} for {who}: {lowest} scored {low}, lower than {score}, so {who} scores {points} (MJ-11).",
                     who=who, penalty=MOJO_PENALTY, lowest=_names(below), low=lowest, score=cards[holder], points=points[holder])
        events.append({"type": "mojo", "seat": holder, "announce": True, "text": mojo})
        for s in range(n):
            events.append({"type": "score", "seat": s, "text": M("{who} scores {points} this round (total {total}).", who=seat_name(s), points=points[s], total=state["totals"][s])})
        if max(state["totals"]) >= GAME_END_TOTAL:  # MJ-12
            state["over"] = True
            best = min(state["totals"])
            winners = [s for s in range(n) if state["totals"][s] == best]
            reached = [M("{who} has {points}", who=seat_name(s), points=t) for s, t in enumerate(state["totals"]) if t >= GAME_END_TOTAL]
            args = dict(reached=reached, limit=GAME_END_TOTAL, who=_names(winners), points=best)
            if len(winners) == 1:
                text = M("{reached} points, {limit} or more: the game ends. Lowest total wins: {who} wins with {points}.", **args)
            else:
                text = M("{reached} points, {limit} or more: the game ends. Lowest total wins: {who} win together with {points}.", **args)
            events.append({"type": "over", "announce": True, "text": text})
            return events
        state["round"] += 1
        self._deal(state, holder)  # MJ-4: the Mojo holder starts the next round
        events.append({"type": "newround", "announce": True,
                       "text": M("Round {round} begins: {who} took the Mojo card and starts; the play pile starts with a {card}.",
                                 round=state["round"] + 1, who=who, card=state["pile"][-1])})
        return events

    # --- reading -----------------------------------------------------------------------------
    def is_over(self, state):
        return state["over"]

    def _view(self, state, seat):
        mine = seat is not None
        return {
            "players": state["players"],
            "me": seat,
            "round": state["round"],
            "turn": state["turn"],
            "again": state["again"],
            "starter": state["starter"],
            "moves": list(state["moves"]),
            "pile": list(state["pile"]),
            "draw_count": len(state["draw"]),
            "hand_sizes": [len(h) for h in state["hands"]],
            "hand": list(state["hands"][seat]) if mine else None,
            "down_counts": [len(d) for d in state["down"]],
            "down": list(state["down"][seat]) if mine else None,
            "up": [list(u) for u in state["up"]],
            "limit": face_down_limit(state["players"]),
            "mojo": state["mojo"],
            "mojo_side": state["mojo_side"],
            "rounds": clone(state["rounds"]),
            "totals": list(state["totals"]),
            "over": state["over"],
        }

    def hidden_names(self, state, seat):
        # The log names a single card with its article ("turns up a 7"); copies are counted, and
        # the round tells a re-dealt card from a kept one. The hands are scored in the open at
        # the end (MJ-10): nothing is hidden then.
        if state["over"]:
            return {}
        names, seen = {}, {}
        for place in ("hands", "down"):
            for value in state[place][seat]:
                seen[value] = seen.get(value, 0) + 1
                names["{}:{}#{}".format(state["round"], value, seen[value])] = "a %d" % value
        return names

    def audit(self, state):
        problems = []
        n = state["players"]
        held = [v for s in range(n) for v in state["hands"][s] + state["down"][s] + state["up"][s]]
        if Counter(held + state["draw"] + state["pile"]) != Counter(DECK):
            problems.append("the 78 cards are not all in play exactly once")
        if not state["pile"]:
            problems.append("the play pile is empty")
        for s in range(n):
            if state["hands"][s] and state["down"][s]:
                problems.append("seat {} holds a hand and face-down cards at once".format(s))
            if state["hands"][s] != sorted(state["hands"][s]) or state["down"][s] != sorted(state["down"][s]):
                problems.append("seat {}: hand or face-down cards not sorted".format(s))
            if not state["over"] and not state["hands"][s] and not state["down"][s]:
                problems.append("seat {} has no card while the round runs".format(s))
        if state["again"] and not state["hands"][state["turn"]]:
            problems.append("a seat must play again without a card")
        if sum(r["points"][s] for r in state["rounds"] for s in range(n)) != sum(state["totals"]):
            problems.append("totals do not add up the rounds")
        return problems

    def progress(self, state):
        if state["over"]:
            return M("Finished")
        return M("Round {round} · highest total {highest} of {limit}", round=state["round"] + 1, highest=max(state["totals"]), limit=GAME_END_TOTAL)

    def result(self, state):
        n = state["players"]
        rows = []
        for r, rnd in enumerate(state["rounds"]):
            rows.append({"label": M("Round {round} · highest cards", round=r + 1), "values": list(rnd["cards"]), "kind": "line"})
            mojo = [""] * n
            holder = rnd["mojo"]
            mojo[holder] = N_("0 (lowest)") if rnd["side"] == MOJO_ZERO else "+{}".format(MOJO_PENALTY)
            rows.append({"label": M("Round {round} · Mojo card", round=r + 1), "values": mojo, "kind": "line"})
            rows.append({"label": M("Round {round}", round=r + 1), "values": list(rnd["points"]), "kind": "subtotal"})
        totals = list(state["totals"])
        rows.append({"label": M("Total"), "values": totals, "kind": "total"})
        best = min(totals)
        winners = [s for s in range(n) if totals[s] == best]
        notes = [M("Lowest total wins (MJ-12): {who} with {points}.", who=_names(winners), points=best)]
        return {"scores": totals, "winners": winners, "sheet": rows, "notes": notes}

    # --- for bots and the test harness -------------------------------------------------------
    def scramble(self, state, seat, rng):
        """Re-deal everything hidden from `seat`: the others' hands and face-down cards, and the
        draw pile's order."""
        state = clone(state)
        others = [s for s in range(state["players"]) if s != seat]
        pool = list(state["draw"])
        for s in others:
            pool += state["hands"][s] + state["down"][s]
        rng.shuffle(pool)
        for s in others:
            k = len(state["hands"][s])
            state["hands"][s], pool = sorted(pool[:k]), pool[k:]
            k = len(state["down"][s])
            state["down"][s], pool = sorted(pool[:k]), pool[k:]
        state["draw"] = pool
        return state

    def sample_state(self, view, seat, rng):
        """The cards `seat` cannot see (the deck less its own cards, the face-up cards and the
        play pile) dealt at random to the others' hands, face-down cards and the draw pile."""
        n = view["players"]
        unseen = Counter(DECK)
        unseen.subtract(view["hand"] + view["down"] + view["pile"] + [v for u in view["up"] for v in u])
        pool = list(unseen.elements())
        rng.shuffle(pool)
        hands, down = [], []
        for s in range(n):
            if s == seat:
                hands.append(list(view["hand"]))
                down.append(list(view["down"]))
                continue
            k = view["hand_sizes"][s]
            hands.append(sorted(pool[:k]))
            pool = pool[k:]
            k = view["down_counts"][s]
            down.append(sorted(pool[:k]))
            pool = pool[k:]
        return {
            "players": n,
            "round": view["round"],
            "hands": hands,
            "down": down,
            "up": [list(u) for u in view["up"]],
            "draw": pool,
            "pile": list(view["pile"]),
            "turn": view["turn"],
            "again": view["again"],
            "starter": view["starter"],
            "moves": list(view["moves"]),
            "mojo": view["mojo"],
            "mojo_side": view["mojo_side"],
            "rounds": clone(view["rounds"]),
            "totals": list(view["totals"]),
            "over": view["over"],
            "rng": trng.new_rng(rng.getrandbits(63)),
        }
