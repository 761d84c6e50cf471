"""Phở Phở: rules PP-1..PP-22 as a state machine of small decisions.

State (plain data):
  players, first    number of seats; the seat who started (PP-8)
  rng               the seeded generator (tabletop.rng): shuffles only
  deck, discard     the draw pile (top = last) and the discard pile (public, in order)
  customers         the customer deck (top = last); The King among its bottom cards (PP-5)
  line              up to 3 {"id": customer, "cards": [ingredient cards], "bill": card|None};
                    line[0] is the Active Customer on the Bowl, the others are Side Customers
  gone              customers who left the line (served or failed), in order
  hands, mad, happy, loyal   per seat: cards in hand (sorted), token counts, Loyal Customers
  turn, turn_no     the seat whose turn it is; turns played so far + 1
  phase             what the current player decides now:
                      "turn"       Serve (select cards, then customers) or Restock
                      "restocked"  after a Restock's draw: one optional Serve, or skip it
                      "give"       a hated card: choose the opponent who receives a Mad token
                      "redraw"     after a Bill: mark cards to discard and draw again
                      "discard"    end of a Restock: mark cards to discard down to 6
                      "over"
  sel, puts         the cards selected for a Serve; for a multiple-customer play the
                    assignments [card, customer] made so far (nothing is placed before the play
                    is complete, so every selection step can be undone)
  queue             placements [card, customer] still to resolve (a give prompt interrupted them)
  marks             cards marked to discard (redraw / discard phases)
  restock, billed   this turn is a Restock; this Serve played a Bill (its redraw follows)
  king_out          The King was turned up (PP-20); finals_left = final turns still to come
  king_to           at the end: the seats scoring The King (PP-21)
  last_placed_turn  the turn in which a card last stayed on a customer (a further Bill does not
                    count): nothing else changes the table, so the bots can see a game standing
                    still (the rules set no limit on turns)
  over

Actions (stable text ids; T is a card type such as "beef3", "noodle1", "bill"; i a line index):
  "pick:T"              select a card for the Serve (taking it back is the kernel's undo)
  "serve@i"             serve the selection (a run, or a Bill) to customer i
  "put:T@i"             in a multiple-customer play, the selected T goes to customer i
  "restock" "skip"      Restock; skip the optional Serve after it
  "give:s"              give the Mad token to seat s
  "mark:T"              mark a card to discard (undo takes a mark back)
  "redraw"              after a Bill: discard the marked cards and draw as many
  "discard"             after a Restock: discard the marked cards (down to 6)
"""

from tabletop import M, N_, P, Game, clone, seat_name
from tabletop.deal import redeal_hands
from tabletop.rng import below, new_rng, shuffle

from . import data
from .data import (BILL, CARD_ORDER, CARD_TYPE, CARD_VALUE, CARDS, CUSTOMER, CUSTOMERS, EMPTY_HAND_FLIPS, FINISH_VALUE, HAND_SIZE,
                   HATED_GIVES, KING, KING_AMONG_BOTTOM, KING_STARS, LINE_SIZE, LOVED_FLIPS, MIN_TOKENS_KEPT,
                   RUN_MAX, SAME_MAX, SAME_MIN, TOKENS, TYPE_ORDER, card_type, customer_name, kind_word, type_kind, type_name,
                   type_value)

PHASES = ("turn", "restocked", "give", "redraw", "discard", "over")


def sort_cards(cards):
    cards.sort(key=CARD_ORDER.__getitem__)
    return cards


def top_value(entry):
    """The value of the top ingredient on a customer (0 for an empty bowl)."""
    return CARD_VALUE[entry["cards"][-1]] if entry["cards"] else 0


def accepts(entry, value):
    """PP-10: an empty bowl takes a Noodle (1); then the top value or one higher."""
    top = CARD_VALUE[entry["cards"][-1]] if entry["cards"] else 0
    if top == 0:
        return value == 1
    return value == top or value == top + 1


def is_finished(entry):
    """PP-14: a Bill and a value-5 card; a customer who hates Bills needs only the 5."""
    has_five = any(CARD_VALUE[c] == FINISH_VALUE for c in entry["cards"])
    return has_five and (entry["bill"] is not None or CUSTOMER[entry["id"]]["hated"] == BILL)


def new_entry(cust):
    """A customer in the line: its bowl, its Bill, and any further Bills it was given (PP-9c)."""
    return {"id": cust, "cards": [], "bill": None, "extra_bills": []}


def with_customer(entry):
    """Every card next to a customer: the bowl, its Bill and the further Bills."""
    return entry["cards"] + ([entry["bill"]] if entry["bill"] else []) + entry["extra_bills"]


def selection_ok(hand, sel, line):
    """Whether the selected cards are part of some legal Serve (PP-9, PP-10) that the rest of
    the hand can complete. A selection is built one card at a time, in any order."""
    if not sel:
        return True
    values = [CARD_VALUE[c] for c in sel]
    if 0 in values:  # a Bill
        return len(sel) == 1 and bool(line)  # PP-9c: next to any customer, even one with a Bill
    if len(sel) > 1 and min(values) == max(values):  # (b) the same value on different customers
        return len(sel) <= SAME_MAX and sum(1 for e in line if accepts(e, values[0])) >= len(sel)
    chosen = set(values)
    if len(chosen) != len(values):
        return False
    spare = {CARD_VALUE[c] for c in hand if c not in sel}
    lo, hi = min(values), max(values)
    for entry in line:  # (a) a run on one customer that contains every selected value
        for start in range(max(1, hi - RUN_MAX + 1), lo + 1):
            if accepts(entry, start) and all(v in chosen or v in spare for v in range(start, hi + 1)):
                return True
    return False


def run_fits(sel, entry):
    """The selection is a whole run (strictly consecutive values) that `entry` accepts."""
    values = sorted(CARD_VALUE[c] for c in sel)
    if not values or values[0] == 0 or len(values) > RUN_MAX:
        return False
    return values[-1] - values[0] == len(values) - 1 and len(set(values)) == len(values) and accepts(entry, values[0])


def same_value(sel):
    """The common value of a multiple-customer selection (None if it is not one)."""
    if len(sel) < SAME_MIN:
        return None
    values = {CARD_VALUE[c] for c in sel}
    return values.pop() if len(values) == 1 and 0 not in values else None


CARD_NAME = {c: type_name(card_type(c)) for c in CARDS}  # "beef2a" -> "Beef 2" (a message), as the log says


def cards_text(cards):
    """The cards' names, a list a message says as "Beef 2, Herbs 3 and Bill"."""
    return [CARD_NAME[c] for c in cards]  # the names ready made: the bots' rollouts write many lines


# The messages the log says often, made once: the bots' rollouts write many lines.
_COUNTS = {}
_LABELS = {}


def card_count(n):
    said = _COUNTS.get(("card", n))
    if said is None:
        said = _COUNTS[("card", n)] = P("{n} card", "{n} cards", n)
    return said


def mad_count(n):
    said = _COUNTS.get(("mad", n))
    if said is None:
        said = _COUNTS[("mad", n)] = P("{n} Mad token", "{n} Mad tokens", n)
    return said


def seats_text(seats):
    """Seats for a message, said as "{0}, {1} and {2}"."""
    return [seat_name(s) for s in seats]


def slot_name(i):
    """Where a customer stands, as a sentence names it: "the Active Customer", "Side Customer 2"."""
    return _SLOT_NAMES[i] if 0 <= i < LINE_SIZE else M("Side Customer {n}", n=i)


_SLOT_NAMES = [N_("the Active Customer")] + [M("Side Customer {n}", n=i) for i in range(1, LINE_SIZE)]


class PhoPho(Game):
    info = data.INFO
    texts = True  # the log's lines (Messages); the Hard bot's rollouts play `Rollout`, which leaves them out

    # --- set-up ------------------------------------------------------------------------------
    def new_game(self, players, options, seed):
        rng = new_rng(seed)
        deck = list(CARDS)  # PP-2, PP-3
        shuffle(rng, deck)
        hands = []
        for _ in range(players):  # PP-7
            hands.append(sort_cards(deck[-HAND_SIZE:]))
            del deck[-HAND_SIZE:]
        customers = list(CUSTOMERS)
        shuffle(rng, customers)
        line = [new_entry(customers.pop()) for _ in range(LINE_SIZE)]  # PP-8
        customers.insert(below(rng, min(KING_AMONG_BOTTOM, len(customers) + 1)), KING)  # PP-5
        first = below(rng, players)
        state = {
            "players": players, "first": first, "rng": rng,
            "deck": deck, "discard": [], "customers": customers, "line": line, "gone": [],
            "hands": hands, "mad": [TOKENS] * players, "happy": [0] * players, "loyal": [[] for _ in range(players)],
            "turn": first, "turn_no": 1, "phase": "turn",
            "sel": [], "puts": [], "queue": [], "marks": [], "restock": False, "billed": False,
            "king_out": False, "finals_left": None, "king_to": None, "over": False, "last_placed_turn": 1,
        }
        return state

    # --- whose turn, what is legal -------------------------------------------------------------
    def to_act(self, state):
        return [] if state["over"] else [state["turn"]]

    def is_over(self, state):
        return state["over"]

    def legal_actions(self, state, seat):
        if state["over"] or seat != state["turn"]:
            return []
        phase = state["phase"]
        if phase in ("turn", "restocked"):
            return self._serve_actions(state, seat)
        if phase == "give":
            n = state["players"]
            return ["give:{}".format((seat + k) % n) for k in range(1, n)]
        hand, marks = state["hands"][seat], state["marks"]
        unmarked = {card_type(c) for c in hand if c not in marks}
        if phase == "redraw":
            return ["mark:" + t for t in sorted(unmarked, key=TYPE_ORDER.__getitem__)] + ["redraw"]
        # "discard": exactly down to the hand limit (PP-11)
        if len(marks) < len(hand) - HAND_SIZE:
            return ["mark:" + t for t in sorted(unmarked, key=TYPE_ORDER.__getitem__)]
        return ["discard"]

    def _serve_actions(self, state, seat):
        hand, sel, puts, line = state["hands"][seat], state["sel"], state["puts"], state["line"]
        acts = []
        if puts:  # a multiple-customer play being placed: only the remaining assignments
            return self._put_actions(state)
        seen = set()
        for card in hand:
            ctype = CARD_TYPE[card]
            if ctype in seen or card in sel:
                continue
            seen.add(ctype)
            if selection_ok(hand, sel + [card], line):
                acts.append("pick:" + ctype)
        if not sel:
            return acts + ["restock" if state["phase"] == "turn" else "skip"]
        if len(sel) == 1 and card_type(sel[0]) == BILL:
            acts += ["serve@{}".format(i) for i in range(len(line))]
        elif same_value(sel) is not None:
            acts += self._put_actions(state)
        else:
            acts += ["serve@{}".format(i) for i, e in enumerate(line) if run_fits(sel, e)]
        return acts

    def _put_actions(self, state):
        sel, puts, line = state["sel"], state["puts"], state["line"]
        value = same_value(sel)
        placed = [c for c, _ in puts]
        taken = {cust for _, cust in puts}
        types = sorted({card_type(c) for c in sel if c not in placed}, key=TYPE_ORDER.__getitem__)
        return ["put:{}@{}".format(t, i) for t in types for i, e in enumerate(line)
                if e["id"] not in taken and accepts(e, value)]

    def waiting_reason(self, state, seat):
        if state["over"]:
            return M("The game is over.")
        return M("It is not your turn: wait for the player whose turn it is.")

    def explain_illegal(self, state, seat, action):
        if not isinstance(action, str):
            return M("That is not a move of Phở Phở.")
        phase, hand, sel, line = state["phase"], state["hands"][seat], state["sel"], state["line"]
        verb, _, arg = action.partition(":")
        if action.startswith("serve@") or verb == "put":
            verb, arg = ("serve", action[6:]) if action.startswith("serve@") else ("put", arg)
        if phase == "give":
            if verb == "give":
                return M("Give the Mad token to an opponent, not to yourself (PP-13).")
            return M("First choose the opponent who receives your Mad token (PP-13).")
        if phase in ("redraw", "discard"):
            if verb in ("mark", "redraw", "discard"):
                if phase == "discard":
                    excess = len(hand) - HAND_SIZE
                    return M("Mark exactly {cards} to discard down to {limit} cards (PP-11).", cards=card_count(excess), limit=HAND_SIZE)
                return M("Mark cards from your hand to discard and draw again (PP-9c).")
            return (M("Finish the Restock: discard down to {limit} cards (PP-11).", limit=HAND_SIZE) if phase == "discard"
                    else M("Finish the Bill: discard cards to draw again, or keep your hand (PP-9c)."))
        # "turn" / "restocked"
        if verb == "restock":
            if phase == "restocked":
                return M("You already restocked this turn: serve once, or skip (PP-11).")
            return M("Put your selected cards back before you restock (PP-11).")
        if verb == "skip":
            return M("Only after a Restock may you skip serving (PP-11).")
        if verb == "pick":
            if not any(card_type(c) == arg for c in hand):
                return M("You have no {card} in your hand.", card=type_name(arg) if arg in TYPE_ORDER else repr(arg))
            if state["puts"]:
                return M("You are already placing this play: put the selected cards on customers.")
            return self._why_not_with(state, seat, arg)
        if verb == "serve":
            if not arg.isdigit() or int(arg) >= len(line):
                return M("There is no such customer in the line.")
            entry = line[int(arg)]
            if not sel:
                return M("First select the cards to serve from your hand (PP-9).")
            if len(sel) == 1 and card_type(sel[0]) == BILL:
                return M("There is no such customer in the line.")
            if same_value(sel) is not None:
                return M("Cards of the same value each go to a different customer: place them one by one (PP-9b).")
            return self._why_not_on(entry, sel)
        if verb == "put":
            ctype, _, where = arg.partition("@")
            if same_value(sel) is None:
                return M("Only a multiple-customer play (2-3 cards of one value) is placed card by card (PP-9b).")
            if not where.isdigit() or int(where) >= len(line):
                return M("There is no such customer in the line.")
            if any(cust == line[int(where)]["id"] for _, cust in state["puts"]):
                return M("Each card of a multiple-customer play goes to a different customer (PP-9b).")
            return self._why_not_on(line[int(where)], sel[:1])
        return M("That is not a move of Phở Phở now.")

    def _why_not_with(self, state, seat, ctype):
        sel = state["sel"]
        types = [card_type(c) for c in sel] + [ctype]
        if BILL in types and len(types) > 1:
            return M("A Bill is served on its own (PP-9c).")
        if ctype == BILL:
            return M("There is no customer in the line to take a Bill (PP-9c).")
        values = [type_value(t) for t in types]
        if len(set(values)) == 1 and len(values) > 1:
            if len(values) > SAME_MAX:
                return M("At most {n} cards of the same value, each on a different customer (PP-9b).", n=SAME_MAX)
            return M("Not enough customers can take a {value} now, one card each (PP-9b, PP-10).", value=values[0])
        if len(set(values)) != len(values):
            return M("Serve either a run of different consecutive values or cards of one value, not a mix (PP-9).")
        if len(values) == 1:
            tops = []
            for i, e in enumerate(state["line"]):
                top = top_value(e)
                if not top:
                    tops.append(M("{slot} is empty (needs a Noodle)", slot=slot_name(i)))
                elif top < FINISH_VALUE:
                    tops.append(M("{slot} takes a {low} or {high}", slot=slot_name(i), low=top, high=top + 1))
                else:
                    tops.append(M("{slot} takes a 5", slot=slot_name(i)))
            return M("No customer can take a {value} now: {tops} (PP-10).", value=values[0], tops=tops)
        return M("These cards do not make a run of consecutive values that one customer can take (PP-9a, PP-10).")

    @staticmethod
    def _why_not_on(entry, sel):
        values = sorted(type_value(card_type(c)) for c in sel)
        if len(values) > 1 and values != list(range(values[0], values[0] + len(values))):
            return M("A run must be strictly consecutive values, like 2, 3, 4 (PP-9a).")
        top = top_value(entry)
        if top == 0:
            return M("This customer's bowl is empty: the first card must be a Noodle (1) (PP-10).")
        if top < FINISH_VALUE:
            return M("This customer's top card is a {top}: the next card must be a {top} or a {higher} (PP-10).", top=top, higher=top + 1)
        return M("This customer's top card is a 5: only another 5 fits (PP-10).")

    # --- playing -------------------------------------------------------------------------------
    def warning(self, state, seat, action):
        """Serving a customer the ingredient they hate (PP-13) fails the order."""
        if action.startswith("serve@"):
            slot, cards = int(action[6:]), state["sel"]
        elif action.startswith("put:"):
            ctype, _, where = action[4:].partition("@")
            slot, cards = int(where), [next(c for c in state["sel"] if card_type(c) == ctype)]
        else:
            return None
        entry = state["line"][slot]
        info = CUSTOMER[entry["id"]]
        hated = [c for c in cards if type_kind(card_type(c)) == info["hated"]]
        if not hated:
            return None
        if slot == 0:
            return M("The Active Customer hates {kind}: serving it fails the order. The customer leaves with the whole bowl, "
                     "and you give one of your Mad tokens to an opponent (PP-13).", kind=kind_word(info["hated"]))
        return M("Side Customer {n} hates {kind}: serving it fails the order. The customer leaves with the whole bowl, and "
                 "you give one of your Mad tokens to an opponent (PP-13).", n=slot, kind=kind_word(info["hated"]))

    def _apply(self, state, seat, action):
        verb, _, arg = action.partition(":")
        hand, events = state["hands"][seat], []
        if verb == "pick":
            state["sel"].append(next(c for c in hand if card_type(c) == arg and c not in state["sel"]))
            sort_cards(state["sel"])
            return []
        if action.startswith("serve@"):
            target = state["line"][int(action[6:])]["id"]
            state["billed"] = card_type(state["sel"][0]) == BILL
            state["queue"] = [[c, target] for c in state["sel"]]  # a run goes on in ascending order
            state["sel"] = []
            return self._resolve(state, seat)
        if verb == "put":
            ctype, _, where = arg.partition("@")
            placed = [c for c, _ in state["puts"]]
            card = next(c for c in state["sel"] if card_type(c) == ctype and c not in placed)
            state["puts"].append([card, state["line"][int(where)]["id"]])
            if len(state["puts"]) < len(state["sel"]):
                return []
            state["queue"], state["puts"], state["sel"] = state["puts"], [], []
            return self._resolve(state, seat)
        if verb == "restock":
            state["restock"] = True
            state["phase"] = "restocked"
            count = state["mad"][seat]
            events.append({"type": "restock", "seat": seat, "announce": True,
                           "text": self.texts and M("{who} restocks: one card per Mad token.", who=seat_name(seat))})
            self._draw(state, seat, count, events)
            return events
        if verb == "skip":
            events.append({"type": "skip", "seat": seat, "text": self.texts and M("{who} serves nobody after restocking.", who=seat_name(seat))})
            return events + self._end_of_serve(state, seat, served=False)
        if verb == "give":
            return self._give(state, seat, int(arg)) + self._resolve(state, seat)
        if verb == "mark":
            state["marks"].append(next(c for c in hand if card_type(c) == arg and c not in state["marks"]))
            return []
        if verb == "redraw":
            marks, state["marks"] = state["marks"], []
            if marks:
                for c in marks:
                    hand.remove(c)
                state["discard"].extend(marks)
                events.append({"type": "redraw", "seat": seat, "commit": True,
                               "text": self.texts and M("{who} discards {cards} and draws as many (PP-9c).", who=seat_name(seat), cards=cards_text(marks))})
                self._draw(state, seat, len(marks), events)
            else:
                events.append({"type": "redraw", "seat": seat, "text": self.texts and M("{who} keeps their hand: no discard, no draw (PP-9c).", who=seat_name(seat))})
            return events + self._after_bill(state, seat)
        if verb == "discard":
            marks, state["marks"] = state["marks"], []
            for c in marks:
                hand.remove(c)
            state["discard"].extend(marks)
            events.append({"type": "discard", "seat": seat, "commit": True,
                           "text": self.texts and M("{who} discards {cards} down to {limit} cards.", who=seat_name(seat), cards=cards_text(marks), limit=HAND_SIZE)})
            return events + self._end_turn(state)
        raise AssertionError("unhandled action {!r}".format(action))  # legal_actions lists only the above

    def _serve_event(self, seat, placed, kept, labels):
        """The public line of the cards placed now. It names only those: after a hated card the
        rest of that customer's run stays in hand (PP-13), unseen by the others, so the line
        only counts them; the cards of a multiple-customer play left for after a give prompt
        are named once they are placed."""
        if not self.texts:
            return {"type": "serve", "seat": seat, "commit": True, "text": False} if placed else {"type": "serve", "seat": seat, "text": False}
        where = {}
        for card, cust in placed:
            where.setdefault(cust, []).append(card)
        parts = [M("{cards} to {customer}", cards=cards_text(cards), customer=labels[cust]) for cust, cards in where.items()]
        who = seat_name(seat)
        if not parts:
            text = (M("{who}: the last card of the run stays in hand (PP-13).", who=who) if kept == 1
                    else M("{who}: the other {n} cards of the run stay in hand (PP-13).", who=who, n=kept))
            return {"type": "serve", "seat": seat, "text": text}
        if kept == 1:
            text = M("{who} serves {parts} (the last card of the run stays in hand).", who=who, parts=parts)
        elif kept:
            text = M("{who} serves {parts} (the other {n} cards of the run stay in hand).", who=who, parts=parts, n=kept)
        else:
            text = M("{who} serves {parts}.", who=who, parts=parts)
        return {"type": "serve", "seat": seat, "commit": True, "text": text}

    @staticmethod
    def _customer_label(state, cust):
        """"the Active Customer (1★, loves Herbs, hates Chicken)"."""
        slot = next((i for i, e in enumerate(state["line"]) if e["id"] == cust), None)
        label = _LABELS.get((slot, cust))
        if label is None:
            info = CUSTOMER[cust]
            where = N_("the customer") if slot is None else slot_name(slot)
            label = _LABELS[(slot, cust)] = M("{where} ({stars}★, loves {loved}, hates {hated})", where=where, stars=info["stars"],
                                              loved=kind_word(info["loved"]), hated=kind_word(info["hated"]))
        return label

    def _resolve(self, state, seat):
        """Place the queued cards one by one with their effects, the line naming what is
        placed before those effects."""
        labels = {cust: self._customer_label(state, cust) for _, cust in state["queue"]} if self.texts else {}
        placed, kept = [], []
        events = self._place_queue(state, seat, placed, kept, labels)
        if placed or kept:
            events.insert(0, self._serve_event(seat, placed, len(kept), labels))
        return events

    def _place_queue(self, state, seat, placed, kept, labels):
        """Place the queued cards one by one (into `placed`) with their effects (PP-12..PP-16);
        stop at a give prompt (PP-13), to carry on once the player has chosen. A card's Loved or
        Hated line names its customer as the serve line did (`labels`), not where the line has
        slid since a customer before it left."""
        events = []
        hand = state["hands"][seat]
        while state["queue"]:
            card, cust = state["queue"].pop(0)
            slot = next((i for i, e in enumerate(state["line"]) if e["id"] == cust), None)
            if slot is None:
                kept.append(card)
                continue  # PP-13 (ruling): the customer failed; the rest of the run stays in hand
            entry = state["line"][slot]
            info = CUSTOMER[cust]
            ctype = card_type(card)
            hand.remove(card)
            placed.append([card, cust])
            if ctype == BILL and entry["bill"] is None:
                entry["bill"] = card
            elif ctype == BILL:  # PP-9c: a further Bill changes nothing for the order
                entry["extra_bills"].append(card)
            else:
                entry["cards"].append(card)
            if ctype != BILL or entry["bill"] == card:
                state["last_placed_turn"] = state["turn_no"]
            kind = type_kind(ctype)
            if kind == info["hated"]:  # PP-13
                events.append({"type": "hated", "seat": seat, "announce": True,
                               "text": self.texts and M("Hated! {card} fails the order of {customer}: the customer leaves and the bowl is discarded.",
                                         card=CARD_NAME[card], customer=labels[cust])})
                events += self._leave(state, slot)
                if self._can_give(state, seat):
                    if state["players"] == 2:
                        events += self._give(state, seat, 1 - seat)
                    else:
                        state["phase"] = "give"
                        events.append({"type": "give-prompt", "seat": seat, "announce": True,
                                       "text": self.texts and M("{who} must choose the opponent who receives a Mad token.", who=seat_name(seat))})
                        return events
                else:
                    events.append({"type": "give", "seat": seat, "text": self.texts and (
                        M("{who} has no Mad token to give away (PP-13).", who=seat_name(seat)) if state["mad"][seat] == 0
                        else M("{who} keeps their last token (PP-13).", who=seat_name(seat)))})
                continue
            if kind == info["loved"]:  # PP-12
                flipped = self._flip(state, seat, LOVED_FLIPS)
                events.append({"type": "loved", "seat": seat, "announce": True,
                               "text": self.texts and (
                                   M("Loved! {card} delights {customer}: {who} flips {tokens} to Happy.", card=CARD_NAME[card],
                                     customer=labels[cust], who=seat_name(seat), tokens=mad_count(flipped))
                                   if flipped else M("Loved! {card} delights {customer}, but {who} has no Mad token left to flip.",
                                                     card=CARD_NAME[card], customer=labels[cust], who=seat_name(seat)))})
                events += self._reputation(state, [seat])
            if is_finished(entry):  # PP-14, PP-15
                events += self._finish(state, seat, slot, labels.get(cust))
        if state["phase"] == "give":
            state["phase"] = "restocked" if state["restock"] else "turn"
        if state["billed"]:
            if state["hands"][seat]:
                state["phase"] = "redraw"
                return events
            return events + self._after_bill(state, seat)
        return events + self._end_of_serve(state, seat, served=True)

    def _can_give(self, state, seat):
        return state["mad"][seat] >= HATED_GIVES and state["mad"][seat] + state["happy"][seat] > MIN_TOKENS_KEPT

    def _give(self, state, seat, to):
        state["mad"][seat] -= HATED_GIVES
        state["mad"][to] += HATED_GIVES
        events = [{"type": "give", "seat": seat, "to": to, "announce": True,
                   "text": self.texts and M("{who} gives a Mad token to {rival}.", who=seat_name(seat), rival=seat_name(to))}]
        return events + self._reputation(state, [seat])

    def _flip(self, state, seat, count):
        flipped = min(count, state["mad"][seat])
        state["mad"][seat] -= flipped
        state["happy"][seat] += flipped
        return flipped

    def _order_from_current(self, state):
        n = state["players"]
        return [(state["turn"] + k) % n for k in range(n)]

    def _finish(self, state, seat, slot, served_as):
        """PP-14, PP-15. `served_as`: the customer as the serve line named it; when a customer
        before it has left since, the line says where it stands now (its place decides PP-15)."""
        entry = state["line"][slot]
        stars = CUSTOMER[entry["id"]]["stars"]
        label = self._customer_label(state, entry["id"]) if self.texts else None
        if label != served_as:
            label = M("{customer}, now {slot}", customer=served_as, slot=slot_name(slot))
        text = False
        if slot == 0:  # PP-15: the Active Customer pleases everyone
            seats = self._order_from_current(state)
            flips = [self._flip(state, s, stars) for s in seats]
            if self.texts:
                each = ["{%d} %d" % (s, f) for s, f in zip(seats, flips)]  # a name and a number: the same in every language
                text = M("Order finished: {who} completes {customer}. Everyone flips up to {stars}: {flips}.", who=seat_name(seat),
                         customer=label, stars=stars, flips=each)
        else:
            seats = [seat]
            flipped = self._flip(state, seat, stars)
            if self.texts:
                text = M("Order finished: {who} completes {customer} and flips {tokens} to Happy.", who=seat_name(seat), customer=label,
                         tokens=mad_count(flipped))
        events = [{"type": "finished", "seat": seat, "announce": True, "text": text}]
        events += self._reputation(state, seats)  # PP-18: in turn order from the current player
        return events + self._leave(state, self._slot_of(state, entry["id"]))

    @staticmethod
    def _slot_of(state, cust):
        return next(i for i, e in enumerate(state["line"]) if e["id"] == cust)

    def _leave(self, state, slot):
        """PP-16: the customer leaves with its cards; the line slides; a new customer comes."""
        entry = state["line"].pop(slot)
        state["discard"].extend(with_customer(entry))
        state["gone"].append(entry["id"])
        events = []
        while len(state["line"]) < LINE_SIZE and state["customers"]:
            cust = state["customers"].pop()
            if cust == KING:
                events += self._king(state, None)
                continue
            state["line"].append(new_entry(cust))
            events.append({"type": "customer", "commit": True,
                           "text": self.texts and M("A new customer joins the end of the line: {customer}.", customer=customer_name(cust))})
        if len(state["line"]) < LINE_SIZE:
            events.append({"type": "customer", "text": self.texts and M("No customer card is left: the line stays short.")})
        return events

    def _king(self, state, claimer):
        """PP-20: The King is set aside; every player will take one final turn. `claimer`: the
        seat whose Loyal Customer claim turned him up (None: he came while refilling the line)."""
        state["king_out"] = True
        n = state["players"]
        if state["finals_left"] is None:
            state["finals_left"] = n
        nxt = (state["turn"] + 1) % n
        if not self.texts:
            text = False
        elif claimer is None:
            text = M("The King arrives (while refilling the line)! He is set aside for the end. After this turn every player, "
                     "starting with {next}, takes one final turn.", next=seat_name(nxt))
        else:
            text = M("The King arrives (as {who}'s Loyal Customer claim)! He is set aside for the end. After this turn every "
                     "player, starting with {next}, takes one final turn.", who=seat_name(claimer), next=seat_name(nxt))
        return [{"type": "king", "commit": True, "announce": True, "text": text}]

    def _reputation(self, state, seats):
        """PP-18: every listed player whose tokens are all Happy claims a Loyal Customer (in the
        order given: turn order from the current player) and turns their tokens back to Mad."""
        events = []
        for s in seats:
            if state["mad"][s] or not state["happy"][s]:
                continue
            claimed = None
            while state["customers"]:
                cust = state["customers"].pop()
                if cust == KING:
                    events += self._king(state, s)
                    continue
                claimed = cust
                break
            if claimed is None:
                events.append({"type": "reputation", "seat": s, "announce": True,
                               "text": self.texts and M("Perfect Reputation for {who}, but no customer card is left to claim: the tokens stay Happy.",
                                         who=seat_name(s))})
                continue
            state["loyal"][s].append(claimed)
            state["mad"][s], state["happy"][s] = state["happy"][s], 0
            events.append({"type": "reputation", "seat": s, "announce": True, "commit": True,
                           "text": self.texts and M("Perfect Reputation! All of {who}'s tokens are Happy: {who} claims a Loyal Customer face down "
                                     "(now {count}) and turns the tokens back to Mad.", who=seat_name(s), count=len(state["loyal"][s]))})
            events.append({"type": "loyal", "seat": s, "seats": [s],
                           "text": self.texts and M("Your new Loyal Customer: {customer}.", customer=customer_name(claimed))})
        return events

    def _draw(self, state, seat, count, events):
        """Draw `count` cards (PP-19: reshuffle the discard pile when the draw pile runs out)."""
        drawn = []
        for _ in range(count):
            if not state["deck"]:
                if not state["discard"]:
                    break
                state["deck"], state["discard"] = state["discard"], []
                shuffle(state["rng"], state["deck"])
                events.append({"type": "reshuffle", "announce": True, "commit": True,
                               "text": self.texts and M("The draw pile is empty: the discard pile ({cards}) is shuffled into a new draw pile.",
                                         cards=card_count(len(state["deck"])))})
            drawn.append(state["deck"].pop())
        state["hands"][seat].extend(drawn)
        sort_cards(state["hands"][seat])
        if not self.texts:
            text = False
        elif len(drawn) == count:
            text = M("{who} draws {cards}.", who=seat_name(seat), cards=card_count(len(drawn)))
        else:
            text = M("{who} draws {cards} (only {left} left to draw).", who=seat_name(seat), cards=card_count(len(drawn)), left=len(drawn))
        events.append({"type": "draw", "seat": seat, "commit": True, "text": text})
        if drawn:
            events.append({"type": "drawn", "seat": seat, "seats": [seat], "text": self.texts and M("You draw {cards}.", cards=cards_text(sort_cards(drawn)))})
        return drawn

    def _after_bill(self, state, seat):
        state["billed"] = False
        return self._end_of_serve(state, seat, served=True)

    def _end_of_serve(self, state, seat, served):
        events = []
        state["phase"] = "restocked" if state["restock"] else "turn"
        if served and not state["hands"][seat]:  # PP-17
            flipped = self._flip(state, seat, EMPTY_HAND_FLIPS)
            events.append({"type": "empty", "seat": seat, "announce": True,
                           "text": self.texts and M("Empty hand! {who} flips {tokens} to Happy and draws a fresh hand of {size}.",
                                     who=seat_name(seat), tokens=mad_count(flipped), size=HAND_SIZE)})
            events += self._reputation(state, [seat])
            self._draw(state, seat, HAND_SIZE, events)
        if state["restock"] and len(state["hands"][seat]) > HAND_SIZE:  # PP-11
            state["phase"] = "discard"
            return events
        return events + self._end_turn(state)

    def _end_turn(self, state):
        n = state["players"]
        events = []
        state.update(sel=[], puts=[], queue=[], marks=[], restock=False, billed=False)
        if state["finals_left"] is not None:
            if state["finals_left"] == 0:
                return events + self._end_game(state)
            state["finals_left"] -= 1
        state["turn"] = (state["turn"] + 1) % n
        state["turn_no"] += 1
        state["phase"] = "turn"
        if state["finals_left"] is not None:
            done = n - state["finals_left"]
            args = dict(done=done, turns=n, who=seat_name(state["turn"]))
            text = self.texts and (M("Final turn {done} of {turns}: {who}'s last turn, the last of the game.", **args)
                                   if state["finals_left"] == 0 else M("Final turn {done} of {turns}: {who}'s last turn.", **args))
            events.append({"type": "final", "seat": state["turn"], "announce": True, "text": text})
        return events

    # --- the end -------------------------------------------------------------------------------
    def king_award(self, state):
        """PP-21: (seats scoring The King, how it was decided)."""
        n = state["players"]
        best = max(state["happy"])
        most = [s for s in range(n) if state["happy"][s] == best]
        if len(most) == 1:
            return most, M("most Happy tokens ({happy})", happy=best)
        fewest = min(state["mad"][s] for s in most)
        tied = [s for s in most if state["mad"][s] == fewest]
        if len(tied) == 1:
            return tied, M("tied on {happy} Happy tokens with {others}, fewest Mad tokens ({mad})", happy=best,
                           others=seats_text(s for s in most if s != tied[0]), mad=fewest)
        return tied, M("still tied on {happy} Happy and {mad} Mad tokens: each scores the {stars} stars", happy=best, mad=fewest,
                       stars=KING_STARS)

    def _end_game(self, state):
        state["over"] = True
        state["phase"] = "over"
        winners_of_king, how = self.king_award(state)
        state["king_to"] = winners_of_king
        events = [{"type": "king-award", "commit": True, "announce": True,
                   "text": self.texts and M("The King ({stars}★) goes to {who}: {how}.", stars=KING_STARS, who=seats_text(winners_of_king), how=how)}]
        for s in range(state["players"]):
            loyal = state["loyal"][s]
            if not self.texts:
                text = False
            elif loyal:
                shown = ", ".join("%d★" % CUSTOMER[c]["stars"] for c in loyal)  # stars: the same in every language
                text = M("{who} reveals {loyal}: {stars}.", who=seat_name(s), stars=shown,
                         loyal=P("{n} Loyal Customer", "{n} Loyal Customers", len(loyal)))
            else:
                text = M("{who} reveals 0 Loyal Customers: none.", who=seat_name(s))
            events.append({"type": "reveal", "seat": s, "text": text})
        result = self.result(state)
        winners, best = result["winners"], max(result["scores"])
        text = self.texts and (M("Game over: {who} wins with {stars} stars.", who=seat_name(winners[0]), stars=best) if len(winners) == 1
                               else M("Game over: {who} win together with {stars} stars.", who=seats_text(winners), stars=best))
        events.append({"type": "over", "announce": True, "text": text})
        return events

    def stars_of(self, state, seat):
        total = sum(CUSTOMER[c]["stars"] for c in state["loyal"][seat])
        if state["king_to"] and seat in state["king_to"]:
            total += KING_STARS
        return total

    def result(self, state):
        n = state["players"]
        scores = [self.stars_of(state, s) for s in range(n)]
        best = max(scores)
        top = [s for s in range(n) if scores[s] == best]
        notes = []
        winners = top
        tie_break = len(top) > 1
        if tie_break:  # PP-22 (ruling): most Happy tokens, then a shared win
            most = max(state["happy"][s] for s in top)
            winners = [s for s in top if state["happy"][s] == most]
            args = dict(stars=best, who=seats_text(top), happy=most)
            notes.append(M("Tied on {stars} stars: {who}; the tie-break is the most Happy tokens ({happy}).", **args) if len(winners) == 1
                         else M("Tied on {stars} stars: {who}; the tie-break is the most Happy tokens ({happy}), still tied: they "
                                "share the win.", **args))
        rows = []
        longest = max(len(l) for l in state["loyal"])
        for k in range(longest):
            rows.append({"label": M("Loyal Customer {n}", n=k + 1), "kind": "line",
                         "values": [CUSTOMER[state["loyal"][s][k]]["stars"] if k < len(state["loyal"][s]) else "—" for s in range(n)]})
        if state["king_to"] is not None:
            rows.append({"label": N_("The King"), "kind": "line",
                         "values": [KING_STARS if s in state["king_to"] else 0 for s in range(n)]})
            _, how = self.king_award(state)
            notes.insert(0, M("The King ({stars}★) goes to {who}: {how}.", stars=KING_STARS, who=seats_text(state["king_to"]), how=how))
        if tie_break:
            rows.append({"label": M("Tie-break: Happy tokens"), "kind": "tiebreak", "values": list(state["happy"])})
        rows.append({"label": M("Total"), "kind": "total", "values": scores})
        return {"scores": scores, "winners": winners, "sheet": rows, "notes": notes, "turns": state["turn_no"]}

    # --- reading -------------------------------------------------------------------------------
    def progress(self, state):
        if state["over"]:
            return M("Finished")
        if state["finals_left"] is not None:
            return M("Turn {turn} · final turns, {left} to go", turn=state["turn_no"], left=state["finals_left"] + 1)
        return M("Turn {turn} · {cards} in the customer deck", turn=state["turn_no"], cards=card_count(len(state["customers"])))

    def _view(self, state, seat):
        n = state["players"]
        me = seat if isinstance(seat, int) and 0 <= seat < n else None
        own_turn = me is not None and me == state["turn"]
        over = state["over"]
        return {
            "players": n, "me": me, "first": state["first"], "turn": state["turn"], "turn_no": state["turn_no"],
            "phase": state["phase"], "restock": state["restock"], "billed": state["billed"],
            "line": [dict(e, cards=list(e["cards"]), extra_bills=list(e["extra_bills"])) for e in state["line"]],
            "deck": len(state["deck"]), "discard": list(state["discard"]), "customers": len(state["customers"]),
            "gone": list(state["gone"]), "king_out": state["king_out"], "finals_left": state["finals_left"],
            "hand": list(state["hands"][me]) if me is not None else None,
            "hand_sizes": [len(h) for h in state["hands"]],
            "mad": list(state["mad"]), "happy": list(state["happy"]),
            "loyal_counts": [len(l) for l in state["loyal"]],
            "loyal": [list(l) if (over or s == me) else None for s, l in enumerate(state["loyal"])],
            "sel": list(state["sel"]) if own_turn else [],
            "puts": [list(p) for p in state["puts"]] if own_turn else [],
            "queue": [list(p) for p in state["queue"]] if own_turn else [],
            "marks": list(state["marks"]) if own_turn else [],
            "king_to": list(state["king_to"]) if state["king_to"] is not None else None,
            "over": over, "last_placed_turn": state["last_placed_turn"],
        }

    def hidden_names(self, state, seat):
        return {c: CARD_NAME[c] for c in state["hands"][seat]}

    def audit(self, state):
        problems = []
        n = state["players"]
        cards = list(state["deck"]) + list(state["discard"])
        for hand in state["hands"]:
            cards += hand
        for e in state["line"]:
            cards += with_customer(e)
            if any(card_type(c) != BILL for c in e["extra_bills"]) or (e["extra_bills"] and not e["bill"]):
                problems.append("customer {} holds {} as further Bills".format(e["id"], e["extra_bills"]))
            if e["bill"] and card_type(e["bill"]) != BILL:
                problems.append("customer {} holds {} as its Bill".format(e["id"], e["bill"]))
            if any(card_type(c) == BILL for c in e["cards"]):
                problems.append("customer {} holds a Bill among its ingredients".format(e["id"]))
            if is_finished(e):
                problems.append("customer {} is finished but still in line".format(e["id"]))
        if sorted(cards, key=CARD_ORDER.__getitem__) != list(CARDS):
            problems.append("cards are not conserved: {} in play for {} in the game".format(len(cards), len(CARDS)))
        custs = list(state["customers"]) + [e["id"] for e in state["line"]] + list(state["gone"])
        for loyal in state["loyal"]:
            custs += loyal
        custs += [KING] if state["king_out"] else []
        if sorted(custs) != sorted(CUSTOMERS + (KING,)):
            problems.append("customer cards are not conserved")
        if len(state["line"]) > LINE_SIZE:
            problems.append("the line holds {} customers".format(len(state["line"])))
        if sum(state["mad"]) + sum(state["happy"]) != TOKENS * n:
            problems.append("favor tokens are not conserved")
        for s in range(n):
            if state["mad"][s] < 0 or state["happy"][s] < 0 or state["mad"][s] + state["happy"][s] < MIN_TOKENS_KEPT:
                problems.append("seat {} has {} Mad and {} Happy tokens".format(s, state["mad"][s], state["happy"][s]))
            if state["mad"][s] == 0 and state["customers"] and not state["over"]:
                problems.append("seat {} has only Happy tokens but claimed no Loyal Customer".format(s))
            if list(state["hands"][s]) != sort_cards(list(state["hands"][s])):
                problems.append("seat {}'s hand is not sorted".format(s))
        hand = state["hands"][state["turn"]]
        for name in ("sel", "marks"):
            if not set(state[name]) <= set(hand):
                problems.append("{} holds cards that are not in the hand".format(name))
        if state["phase"] not in PHASES:
            problems.append("unknown phase {}".format(state["phase"]))
        return problems

    # --- for bots and the test harness ---------------------------------------------------------
    @staticmethod
    def _place_king(customers, rng):
        """Put The King back among the bottom cards of a customer deck (PP-5)."""
        others = [c for c in customers if c != KING]
        rng.shuffle(others)
        if KING in customers:
            others.insert(rng.randrange(min(KING_AMONG_BOTTOM, len(others) + 1)), KING)
        return others

    def scramble(self, state, seat, rng):
        state = clone(state)
        n = state["players"]
        hidden = [s for s in range(n) if s != seat]
        state["deck"], renamed = redeal_hands(state["hands"], hidden, state["deck"], rng, arrange=sort_cards)
        if state["turn"] != seat:  # the acting player's pending choices follow their re-drawn hand
            state["sel"] = sort_cards([renamed[c] for c in state["sel"]])
            state["marks"] = [renamed[c] for c in state["marks"]]
            state["puts"] = [[renamed[c], cust] for c, cust in state["puts"]]
            state["queue"] = [[renamed[c], cust] for c, cust in state["queue"]]
        if not state["over"]:
            # Loyal customers are dealt again like hands; The King stays among the bottom ones (PP-5).
            king = KING in state["customers"]
            others = [c for c in state["customers"] if c != KING]
            cpool, _ = redeal_hands(state["loyal"], hidden, others, rng, arrange=list)
            state["customers"] = self._place_king(cpool + ([KING] if king else []), rng)
        state["rng"] = new_rng(rng.getrandbits(63))
        return state

    def sample_state(self, view, seat, rng):
        n = view["players"]
        known = set(view["hand"]) | set(view["discard"])
        for e in view["line"]:
            known.update(with_customer(e))
        pool = [c for c in CARDS if c not in known]
        rng.shuffle(pool)
        hands = []
        for s in range(n):
            if s == seat:
                hands.append(list(view["hand"]))
            else:
                hands.append(sort_cards(pool[:view["hand_sizes"][s]]))
                del pool[:view["hand_sizes"][s]]
        seen = {e["id"] for e in view["line"]} | set(view["gone"]) | set(view["loyal"][seat] or [])
        cpool = [c for c in CUSTOMERS if c not in seen]
        rng.shuffle(cpool)
        loyal = []
        for s in range(n):
            if view["loyal"][s] is not None:
                loyal.append(list(view["loyal"][s]))
            else:
                loyal.append(cpool[:view["loyal_counts"][s]])
                del cpool[:view["loyal_counts"][s]]
        customers = self._place_king(cpool + ([] if view["king_out"] else [KING]), rng)
        return {
            "players": n, "first": view["first"], "rng": new_rng(rng.getrandbits(63)),
            "deck": pool, "discard": list(view["discard"]), "customers": customers,
            "line": [dict(e, cards=list(e["cards"]), extra_bills=list(e["extra_bills"])) for e in view["line"]],
            "gone": list(view["gone"]), "hands": hands, "mad": list(view["mad"]), "happy": list(view["happy"]),
            "loyal": loyal, "turn": view["turn"], "turn_no": view["turn_no"], "phase": view["phase"],
            "sel": list(view["sel"]), "puts": [list(p) for p in view["puts"]], "queue": [list(p) for p in view["queue"]],
            "marks": list(view["marks"]), "restock": view["restock"], "billed": view["billed"],
            "king_out": view["king_out"], "finals_left": view["finals_left"],
            "king_to": list(view["king_to"]) if view["king_to"] is not None else None, "over": view["over"],
            "last_placed_turn": view["last_placed_turn"],
        }


class Rollout(PhoPho):
    """The same rules for the Hard bot's rollouts: the events carry no text (False), since
    nobody reads a rollout's log and building its Messages would cost a third of the search."""

    texts = False
