"""The Number: rules TN-1..TN-18 as a small state machine.

State (plain data):
  players         number of seats
  round, turn     0-based indices of the current round (0..1) and turn (0..4)
  avail[seat]     the digits still available to that seat this round, as a string
  pending[seat]   the number the seat wrote this turn (hidden until the reveal), or None
  sheet[seat][r]  {"digits": [5 turn digit scores], "bonus": [5 turn bonuses], "squiggle": int|None}
  reveals         every past reveal, public: numbers, disqualifications and points
  over            True once round 2 is scored
An action is the 3-digit number written, e.g. "047".
"""

import itertools

from tabletop import M, Game, clone, seat_name
from tabletop.msg import clauses

from . import data
from .data import BONUS, DIGITS, FINAL_TURN_MULTIPLIER, NUMBER_LENGTH, ROUNDS, TURNS_PER_ROUND

_numbers_cache = {}


def numbers_from(avail):
    """Every number writable with the digits `avail` (TN-4, TN-5), in increasing order."""
    found = _numbers_cache.get(avail)
    if found is None:
        found = tuple("".join(p) for p in itertools.product(sorted(avail), repeat=NUMBER_LENGTH))
        _numbers_cache[avail] = found
    return found


def disqualifiers(numbers, seat):
    """TN-7, TN-8: the writers whose smaller number shares a digit with `seat`'s number.

    Returns [[other seat, shared digits], ...]; empty when the number stays in."""
    mine = numbers[seat]
    found = []
    for other, theirs in enumerate(numbers):
        if other == seat or theirs is None:
            continue
        if int(theirs) < int(mine):
            shared = "".join(sorted(set(mine) & set(theirs)))
            if shared:
                found.append([other, shared])
    return found


def turn_points(number, turn):
    """TN-9, TN-15: the digit score of a valid number (doubled on the final turn)."""
    points = int(number[0])
    if turn == TURNS_PER_ROUND - 1:
        points *= FINAL_TURN_MULTIPLIER
    return points


class TheNumber(Game):
    info = data.INFO

    def new_game(self, players, options, seed):
        return {
            "players": players,
            "round": 0,
            "turn": 0,
            "avail": [DIGITS] * players,  # TN-2, TN-3
            "pending": [None] * players,
            "sheet": [
                [{"digits": [0] * TURNS_PER_ROUND, "bonus": [0] * TURNS_PER_ROUND, "squiggle": None} for _ in range(ROUNDS)]
                for _ in range(players)
            ],
            "reveals": [],
            "over": False,
        }

    # --- whose turn, what is legal ---------------------------------------------------------
    def to_act(self, state):
        if state["over"]:
            return []
        return [s for s in range(state["players"]) if state["pending"][s] is None and state["avail"][s]]

    def legal_actions(self, state, seat):
        if seat not in self.to_act(state):
            return []
        return list(numbers_from(state["avail"][seat]))

    def waiting_reason(self, state, seat):
        if isinstance(seat, int) and 0 <= seat < state["players"]:
            if state["pending"][seat] is not None:
                return M("You have already written your number this turn.")
            if not state["avail"][seat]:
                return M("You have crossed out all ten digits: you write no number until the round ends (TN-14).")
        return super().waiting_reason(state, seat)

    def explain_illegal(self, state, seat, action):
        if not isinstance(action, str) or len(action) != NUMBER_LENGTH or not all(c in DIGITS for c in action):
            return M("Write exactly three digits, from 000 to 999 (TN-4, TN-5).")
        crossed = sorted(set(action) - set(state["avail"][seat]))
        if crossed:
            if len(crossed) == 1:
                return M("You crossed out {digit} this round: a number using it would disqualify you (TN-6).", digit=crossed[0])
            return M("You crossed out {digits} this round: a number using them would disqualify you (TN-6).", digits=crossed)
        return None

    # --- playing -----------------------------------------------------------------------------
    def _apply(self, state, seat, action):
        state["pending"][seat] = action
        events = [{"type": "write", "seat": seat, "text": M("{who} writes a number.", who=seat_name(seat))}]
        if not self.to_act(state):
            events += self._reveal(state)
        return events

    def _reveal(self, state):
        """TN-7..TN-15 for the current turn, then advance (TN-14, TN-16, TN-17)."""
        rnd, turn, n = state["round"], state["turn"], state["players"]
        numbers = list(state["pending"])
        writers = [s for s in range(n) if numbers[s] is not None]
        dq = {s: disqualifiers(numbers, s) for s in writers}
        valid = [s for s in writers if not dq[s]]
        top = max((int(numbers[s]) for s in valid), default=None)
        bonus_takers = [s for s in valid if int(numbers[s]) == top]
        if not data.BONUS_SHARED_ON_TIE and len(bonus_takers) > 1:
            bonus_takers = []
        points = [0] * n
        bonus = [0] * n
        for s in valid:
            points[s] = turn_points(numbers[s], turn)
            if s in bonus_takers:
                bonus[s] = BONUS[turn]
            state["avail"][s] = "".join(d for d in state["avail"][s] if d not in numbers[s])  # TN-12
            state["sheet"][s][rnd]["digits"][turn] = points[s]
            state["sheet"][s][rnd]["bonus"][turn] = bonus[s]
        state["reveals"].append(
            {"round": rnd, "turn": turn, "numbers": numbers, "dq": [dq.get(s) for s in range(n)], "points": points, "bonus": bonus}
        )
        state["pending"] = [None] * n

        shown = ", ".join("{%d} %s" % (s, numbers[s]) for s in writers)  # names and numbers: the same in every language
        events = [{"type": "reveal", "commit": True, "text": M("Round {round}, turn {turn}: the numbers are {numbers}.", round=rnd + 1, turn=turn + 1, numbers=shown)}]
        for s in writers:
            if dq[s]:
                why = clauses([M("bigger than {who}'s {number} and shares {digits}", who=seat_name(o), number=numbers[o], digits=list(shared))
                               for o, shared in dq[s]])
                events.append({"type": "disqualified", "seat": s, "text": M(
                    "{who}'s {number} is disqualified: {why}. It scores 0 and keeps its digits.", who=seat_name(s), number=numbers[s], why=why)})
        for s in valid:
            final = turn == TURNS_PER_ROUND - 1
            args = dict(who=seat_name(s), points=points[s], bonus=bonus[s], digits=sorted(set(numbers[s])))
            if bonus[s]:
                text = (M("{who} scores {points} (doubled on the final turn) + bonus {bonus} and crosses out {digits}.", **args) if final
                        else M("{who} scores {points} + bonus {bonus} and crosses out {digits}.", **args))
            else:
                text = (M("{who} scores {points} (doubled on the final turn) and crosses out {digits}.", **args) if final
                        else M("{who} scores {points} and crosses out {digits}.", **args))
            events.append({"type": "score", "seat": s, "text": text})
        for s in range(n):
            if numbers[s] is None:
                events.append({"type": "score", "seat": s, "text": M("{who} has no digit left and scores 0 (TN-14).", who=seat_name(s))})
        return events + self._advance(state)

    def _advance(self, state):
        events = []
        while True:
            state["turn"] += 1
            if state["turn"] == TURNS_PER_ROUND:
                events += self._end_round(state)
                if state["over"]:
                    return events
            if self.to_act(state):
                return events
            # TN-14: nobody has a digit left; this turn scores 0 for everyone.
            events.append({"type": "skip", "text": M("Round {round}, turn {turn}: nobody has a digit left; everyone scores 0.", round=state["round"] + 1, turn=state["turn"] + 1)})

    def _end_round(self, state):
        rnd, n = state["round"], state["players"]
        events = []
        for s in range(n):
            row = state["sheet"][s][rnd]
            row["squiggle"] = len(DIGITS) - len(state["avail"][s])  # TN-16
            events.append({"type": "round", "seat": s, "text": M("{who} ends round {round} with {points} points (squiggle {squiggle}).",
                                                                   who=seat_name(s), round=rnd + 1, points=self.round_total(row), squiggle=row["squiggle"])})
        if rnd + 1 == ROUNDS:
            state["over"] = True
            totals = self.totals(state)
            best = max(totals)
            winners = [s for s in range(n) if totals[s] == best]
            names = [seat_name(s) for s in winners]
            text = (M("Game over: {who} wins with {points} points.", who=names[0], points=best) if len(winners) == 1
                    else M("Game over: {who} win together with {points} points.", who=names, points=best))
            events.append({"type": "over", "commit": True, "announce": True, "text": text})
        else:
            state["round"] += 1  # TN-17
            state["turn"] = 0
            state["avail"] = [DIGITS] * n
            events.append({"type": "newround", "announce": True, "text": M("Round {round} begins: every digit is available again.", round=state["round"] + 1)})
        return events

    # --- reading -----------------------------------------------------------------------------
    @staticmethod
    def round_total(row):
        return sum(row["digits"]) + sum(row["bonus"]) + (row["squiggle"] or 0)

    def totals(self, state):
        return [sum(self.round_total(r) for r in state["sheet"][s]) for s in range(state["players"])]

    def is_over(self, state):
        return state["over"]

    def _view(self, state, seat):
        return {
            "players": state["players"],
            "me": seat,
            "round": state["round"],
            "turn": state["turn"],
            "rounds": ROUNDS,
            "turns": TURNS_PER_ROUND,
            "bonus": BONUS[min(state["turn"], TURNS_PER_ROUND - 1)],
            "avail": list(state["avail"]),
            "written": [p is not None for p in state["pending"]],
            "mine": state["pending"][seat] if seat is not None else None,
            "sheet": state["sheet"],
            "totals": self.totals(state),
            "reveals": state["reveals"],
            "over": state["over"],
        }

    def hidden_names(self, state, seat):
        written = state["pending"][seat]
        return {} if written is None else {"written": written}

    def audit(self, state):
        problems = []
        for s in range(state["players"]):
            avail, pending = state["avail"][s], state["pending"][s]
            if list(avail) != sorted(set(avail)) or not set(avail) <= set(DIGITS):
                problems.append("seat {}: available digits {!r} are not a sorted set of digits".format(s, avail))
            if pending is not None and not set(pending) <= set(avail):
                problems.append("seat {}: pending number {} uses a crossed-out digit".format(s, pending))
            if not state["over"] and state["sheet"][s][state["round"]]["squiggle"] is not None:
                problems.append("seat {}: squiggle scored before the round ended".format(s))
        return problems

    def progress(self, state):
        if state["over"]:
            return M("Finished")
        return M("Round {round} of {rounds}, turn {turn} of {turns}", round=state["round"] + 1, rounds=ROUNDS, turn=state["turn"] + 1, turns=TURNS_PER_ROUND)

    def result(self, state):
        n = state["players"]
        rows = []
        for r in range(ROUNDS):
            for t in range(TURNS_PER_ROUND):
                label = (M("Round {round} · turn {turn} (×{times})", round=r + 1, turn=t + 1, times=FINAL_TURN_MULTIPLIER) if t == TURNS_PER_ROUND - 1
                         else M("Round {round} · turn {turn}", round=r + 1, turn=t + 1))
                rows.append({"label": label, "values": [state["sheet"][s][r]["digits"][t] for s in range(n)], "kind": "line"})
            rows.append({"label": M("Round {round} · bonuses", round=r + 1), "values": [sum(state["sheet"][s][r]["bonus"]) for s in range(n)], "kind": "line"})
            rows.append({"label": M("Round {round} · squiggle", round=r + 1), "values": [state["sheet"][s][r]["squiggle"] or 0 for s in range(n)], "kind": "line"})
            rows.append({"label": M("Round {round} total", round=r + 1), "values": [self.round_total(state["sheet"][s][r]) for s in range(n)], "kind": "subtotal"})
        totals = self.totals(state)
        rows.append({"label": M("Total"), "values": totals, "kind": "total"})
        best = max(totals)
        return {"scores": totals, "winners": [s for s in range(n) if totals[s] == best], "sheet": rows, "notes": []}

    # --- for bots and the test harness -------------------------------------------------------
    def scramble(self, state, seat, rng):
        """The only hidden information: the numbers others wrote this turn."""
        state = clone(state)
        for s, number in enumerate(state["pending"]):
            if number is not None and s != seat:
                state["pending"][s] = rng.choice(numbers_from(state["avail"][s]))
        return state

    def sample_state(self, view, seat, rng):
        """Everything is public but the numbers already written this turn: sample those."""
        state = {
            "players": view["players"],
            "round": view["round"],
            "turn": view["turn"],
            "avail": list(view["avail"]),
            "pending": [None] * view["players"],
            "sheet": [[dict(r, digits=list(r["digits"]), bonus=list(r["bonus"])) for r in rows] for rows in view["sheet"]],
            "reveals": list(view["reveals"]),
            "over": view["over"],
        }
        for s, written in enumerate(view["written"]):
            if s == seat:
                state["pending"][s] = view["mine"]
            elif written:
                state["pending"][s] = rng.choice(numbers_from(state["avail"][s]))
        return state

