"""Hội Phố: rules HP-1..HP-15 as a small state machine.

Cards are short ids: "m1".."m12" the merchants (the number is the printed reputation), "s1".."s8"
the Merchant Ships (seat i's own ship is "s<i+1>"; the rest are the 5-player spares).

State (plain data):
  players, round, turn      round and turn are 0-based; 3 turns a round
  phase                     "discard" (3 players, round start), "pick", "skill", "over"
  hands[seat]               sorted card ids; a card picked face down stays in hand until the reveal
  pending[seat]             the card picked (or discarded) face down this step, hidden; None = not yet
  discards[seat]            the 3-player discard of this round, public once all discarded (else None)
  played[seat]              the cards this seat revealed this round, in order (public)
  coins, contracts          per seat; gained[seat] = coins gained this turn (the Dragon returns them)
  decision                  a skill waiting for choices (see _decision), or None
  known[seat]               [[holder, card], ...]: cards `seat` knows sit in another hand (Tiger, Cat)
  goat                      seats owed the Goat's second contract if they take this round's contract
  round_gains[seat]         contracts gained this round so far (Goat)
  reveals                   every reveal of the game, public: cards, reputations, ranking, steps
  rounds                    every finished round, public: coins, contracts, who took it and why
  winners, over
Actions: "discard:<card>", "play:<card>", "copy:<card>" (Monkey), "target:<seat>" (Mouse, Cat,
Snake), "throw:<rock|paper|scissors>" (Mouse), "give:<card>" (Cat), "pass:<card>" (Tiger),
"swap:<seat>" (Horse, twice).
"""

import functools

from tabletop import M, N_, P, Game, clone, seat_name
from tabletop.msg import as_data, from_data
from tabletop import rng as rngmod

from . import data
from .data import MERCHANTS, RIVALS, TURNS

SKILLS_WITH_TARGET = ("mouse", "cat", "snake")


# --- cards -------------------------------------------------------------------------------------
def is_ship(card):
    return card[0] == "s"


def _printed(card):
    return 0 if is_ship(card) else int(card[1:])


def _card_name(card):
    if is_ship(card):
        return N_("ship")
    rep = _printed(card)
    return M("{merchant} ({rep})", merchant=MERCHANTS[rep][0], rep=rep)


# Every card's reputation and name, looked up rather than parsed: the Hard bot's rollouts ask
# for them tens of thousands of times a decision.
_CARDS = ["m{}".format(r) for r in MERCHANTS] + ["s{}".format(i + 1) for i in range(max(data.SHIPS.values()))]
_PRINTED = {c: _printed(c) for c in _CARDS}
_NAMES = {c: _card_name(c) for c in _CARDS}


def printed(card):
    """The printed reputation (a ship: 0)."""
    try:
        return _PRINTED[card]
    except KeyError:
        return _printed(card)


def skill_of(card):
    return MERCHANTS[printed(card)][1]


def card_name(card):
    """"Dog (11)", "ship"."""
    try:
        return _NAMES[card]
    except KeyError:
        return _card_name(card)


def merchant(rep):
    return "m{}".format(rep)


def ship(index):
    return "s{}".format(index + 1)


def all_cards(players):
    return [merchant(r) for r in MERCHANTS] + [ship(i) for i in range(data.SHIPS[players])]


def sort_hand(hand):
    hand.sort(key=lambda c: (printed(c), c))


def left_of(seat, players):
    """The player on `seat`'s left: seats sit clockwise in seat order (HP-3 ruling)."""
    return (seat + 1) % players


def right_of(seat, players):
    return (seat - 1) % players


def _seats(seats):
    """Seats in a sentence: a list the screen says as "a, b and c"."""
    return [seat_name(s) for s in seats]


_seat = seat_name


def coin_count(n):
    """"3 coins", a message (the log's lines and a hint's words)."""
    return P("{n} coin", "{n} coins", n)


def _keeps(seat, card):
    """HP-13, HP-14: what a tied player shows."""
    if is_ship(card):
        return M("{who} keeps a ship (0)", who=_seat(seat))
    return M("{who} keeps the {card}", who=_seat(seat), card=card_name(card))


# --- ranking a turn: pure functions of the revealed cards (also used by the bots) --------------
def ship_gains(cards):
    """HP-7: what each seat gains from ships, and how many ships sailed."""
    ships = [s for s, c in enumerate(cards) if c is not None and is_ship(c)]
    pay = data.SHIP_PAY.get(len(ships), 0)
    return [pay if s in ships else 0 for s in range(len(cards))], ships


def zeroed(cards):
    """HP-4, HP-8: {seat: seat of the rival it met} for every merchant turned to 0."""
    where = {printed(c): s for s, c in enumerate(cards) if c is not None and not is_ship(c)}
    found = {}
    for rep, s in where.items():
        rival = RIVALS.get(rep)
        if rival is not None and rival in where:
            found[s] = where[rival]
    return found


def current_rep(cards, zero):
    return [0 if (c is None or is_ship(c) or s in zero) else printed(c) for s, c in enumerate(cards)]


def ranking(cards, zero):
    """HP-9, HP-10: the merchants' seats from highest to lowest."""
    rep = current_rep(cards, zero)
    merchants = [s for s, c in enumerate(cards) if c is not None and not is_ship(c)]
    return sorted(merchants, key=lambda s: (rep[s], -printed(cards[s])), reverse=True)


def rank_gains(order):
    """HP-9, HP-11: (coins by seat of the ranking, the seat whose skill fires, mode)."""
    gains = {}
    if not order:
        return gains, None, "none"
    gains[order[0]] = data.HIGH_PAY
    if len(order) == 1:
        return gains, order[0], "monopoly"
    if len(order) == 2:
        return gains, order[-1], "solo"
    gains[order[1]] = data.SECOND_PAY
    return gains, order[-1], "ranking"


def monkey_candidates(played, monkey_seat):
    """Merchants the Monkey may copy: revealed in a turn this round (this turn included), other
    than the Monkey itself, with a skill (the Hen has none). Ordered by reputation."""
    found = set()
    for cards in played:
        for c in cards:
            if not is_ship(c) and skill_of(c) not in ("monkey", "hen"):
                found.add(c)
    return sorted(found, key=printed)


def round_winner(coins, kept):
    """HP-13: (the seat taking the contract or None, the tied seats or [])."""
    best = max(coins)
    top = [s for s, c in enumerate(coins) if c == best]
    if len(top) == 1:
        return top[0], []
    high = max(printed(kept[s]) for s in top)
    holders = [s for s in top if printed(kept[s]) == high]
    return (holders[0] if len(holders) == 1 else None), top


@functools.lru_cache(maxsize=1 << 16)
def _turn_outcome(cards):
    """Everything the revealed `cards` (a tuple by seat) decide, read-only (it is cached: the
    Hard bot's rollouts reveal the same few cards over and over): the rivals met, the ranking,
    the seat whose skill fires, the mode, the current reputations, the ships' pay, the ships,
    and each seat's coins from ships and ranking together (HP-4, HP-7..HP-11)."""
    zero = zeroed(cards)
    order = ranking(cards, zero)
    gains, lowest, mode = rank_gains(order)
    pay, ships = ship_gains(cards)
    total = list(pay)
    for s, amount in gains.items():
        total[s] += amount
    return zero, order, lowest, mode, current_rep(cards, zero), pay, ships, total


class HoiPho(Game):
    info = data.INFO
    texts = True  # the reveal's log and steps (a search's rules leave them out, see RoundSearch)

    # --- set-up ----------------------------------------------------------------------------
    def new_game(self, players, options, seed):
        state = {
            "players": players,
            "rng": rngmod.new_rng(seed),
            "round": -1,
            "turn": 0,
            "phase": "pick",
            "hands": [[] for _ in range(players)],
            "pending": [None] * players,
            "discards": [None] * players,
            "played": [[] for _ in range(players)],
            "coins": [data.START_COINS] * players,
            "contracts": [0] * players,
            "gained": [0] * players,
            "decision": None,
            "known": [[] for _ in range(players)],
            "goat": [],
            "round_gains": [0] * players,
            "reveals": [],
            "rounds": [],
            "winners": [],
            "over": False,
        }
        self._new_round(state)
        return state

    def _new_round(self, state):
        """HP-5: a ship and 2 coins each, the rest shuffled and dealt."""
        n = state["players"]
        state["round"] += 1
        state["turn"] = 0
        deck = [merchant(r) for r in MERCHANTS] + [ship(i) for i in range(n, data.SHIPS[n])]
        rngmod.shuffle(state["rng"], deck)
        each = len(deck) // n
        state["hands"] = [[ship(s)] + deck[s * each:(s + 1) * each] for s in range(n)]
        for hand in state["hands"]:
            sort_hand(hand)
        state["coins"] = [data.START_COINS] * n
        state["gained"] = [0] * n
        state["pending"] = [None] * n
        state["discards"] = [None] * n
        state["played"] = [[] for _ in range(n)]
        state["known"] = [[] for _ in range(n)]
        state["goat"] = []
        state["round_gains"] = [0] * n
        state["decision"] = None
        state["phase"] = "discard" if data.DISCARDS[n] else "pick"
        events = [{"type": "round", "announce": True, "text": M("Round {round} begins: every player has a ship and {coins} (HP-5).",
                                                                round=state["round"] + 1, coins=coin_count(data.START_COINS))}]
        for s in range(n):
            events.append({"type": "deal", "seats": [s], "text": M("{who} is dealt {cards}.", who=_seat(s),
                                                                     cards=[card_name(c) for c in state["hands"][s]])})
        if state["phase"] == "discard":
            events.append({"type": "info", "text": M("With {n} players every player first discards one card face up, all at once (HP-5).", n=n)})
        return events

    # --- whose turn, what is legal ---------------------------------------------------------
    def to_act(self, state):
        phase = state["phase"]
        if phase in ("discard", "pick"):
            return [s for s in range(state["players"]) if state["pending"][s] is None]
        if phase == "skill":
            d = state["decision"]
            if d["step"] == "throw":
                return [s for s in (d["owner"], d["target"]) if d["throws"][s] is None]
            if d["step"] == "pass":
                return [s for s in range(state["players"]) if d["passes"][s] is None]
            return [d["owner"]]
        return []

    def legal_actions(self, state, seat):
        if seat not in self.to_act(state):
            return []
        return self.legal_for(state, seat)

    def legal_for(self, state, seat):
        """`legal_actions` for a seat known to be acting (the search's rollouts ask often)."""
        phase, n = state["phase"], state["players"]
        hand = state["hands"][seat]
        if phase == "discard":
            return ["discard:" + c for c in hand]
        if phase == "pick":
            return ["play:" + c for c in hand]
        d = state["decision"]
        step = d["step"]
        if step == "copy":
            return ["copy:" + c for c in d["candidates"]]
        if step == "target":
            return ["target:{}".format(s) for s in range(n) if s != seat]
        if step == "throw":
            return ["throw:" + t for t in data.THROWS]
        if step == "give":
            return ["give:" + c for c in hand]
        if step == "pass":
            return ["pass:" + c for c in hand]
        if step == "swap":
            return ["swap:{}".format(s) for s in range(n) if s not in d["swap"]]
        return []

    def waiting_reason(self, state, seat):
        if not isinstance(seat, int) or not 0 <= seat < state["players"]:
            return super().waiting_reason(state, seat)
        phase = state["phase"]
        if phase == "discard":
            return M("You have discarded; the discards are shown when everyone has discarded (HP-5).")
        if phase == "pick":
            return M("You have already picked your card this turn; the cards are revealed when everyone has picked (HP-6).")
        if phase == "skill":
            d = state["decision"]
            name = MERCHANTS[printed(d["card"])][0]
            if d["step"] == "throw":
                return M("Waiting for the Mouse's rock-paper-scissors: the two players throw first (HP-3).")
            if d["step"] == "pass":
                return M("You have chosen the card to pass; waiting for the others to choose theirs (HP-3).")
            return M("Waiting for the {merchant}'s skill: the player who revealed it chooses first (HP-3, HP-9).", merchant=name)
        return super().waiting_reason(state, seat)

    def explain_illegal(self, state, seat, action):
        kind, _, arg = str(action).partition(":")
        phase = state["phase"]
        if phase == "discard":
            if kind != "discard":
                return M("With 3 players, first discard one card face up (HP-5).")
            return M("You can only discard a card from your hand (HP-5).")
        if phase == "pick":
            if kind != "play":
                return M("Pick one card from your hand face down (HP-6).")
            return M("That card is not in your hand: pick one of yours (HP-6).")
        d = state["decision"]
        name = MERCHANTS[printed(d["card"])][0]
        step = d["step"]
        if step == "copy":
            return M("The {merchant}'s skill comes first: choose a merchant revealed this round for the Monkey to copy (HP-3).", merchant=name)
        if step == "target":
            return M("The {merchant}'s skill comes first: choose an opponent for the {merchant} (HP-3).", merchant=name)
        if step == "throw":
            return M("The {merchant}'s skill comes first: throw rock, paper or scissors (HP-3).", merchant=name)
        if step == "give":
            return M("The {merchant}'s skill comes first: choose a card from your hand to give (HP-3).", merchant=name)
        if step == "pass":
            return M("The {merchant}'s skill comes first: choose a card from your hand to pass to your left (HP-3).", merchant=name)
        return M("The {merchant}'s skill comes first: choose two different players whose coins the Horse swaps (HP-3).", merchant=name)

    # --- playing -----------------------------------------------------------------------------
    def _apply(self, state, seat, action):
        kind, _, arg = action.partition(":")
        phase = state["phase"]
        if phase == "discard":
            return self._secret(state, state["pending"], seat, arg, self.texts and M("{who} discards a card face down.", who=_seat(seat)), self._reveal_discards)
        if phase == "pick":
            return self._secret(state, state["pending"], seat, arg, self.texts and M("{who} picks a card face down.", who=_seat(seat)), self._reveal)
        return self._decide(state, seat, kind, arg)

    def _secret(self, state, slots, seat, choice, text, resolve):
        """A simultaneous secret choice: kept hidden in `slots` until every seat has chosen."""
        slots[seat] = choice
        events = [{"type": "pick", "seat": seat, "text": text}]
        if not self.to_act(state):
            events += resolve(state)
        return events

    def _reveal_discards(self, state):
        n = state["players"]
        for s in range(n):
            card = state["pending"][s]
            state["hands"][s].remove(card)
            state["discards"][s] = card
        state["pending"] = [None] * n
        state["phase"] = "pick"
        shown = [M("{who} {what}", who=_seat(s), what=card_name(state["discards"][s])) for s in range(n)]
        return [{"type": "discard", "commit": True, "text": M("Discards, face up: {discards} (HP-5).", discards=shown)}]

    def _step(self, state, events, kind, text, announce=False):
        """One step of the reveal: kept in the reveal record (for the table) and logged."""
        state["reveals"][-1]["steps"].append({"kind": kind, "text": as_data(text)})  # the state stays plain data
        event = {"type": "step-" + kind, "text": text}
        if announce:
            event["announce"] = True
        events.append(event)

    def _gain(self, state, seat, amount):
        state["coins"][seat] += amount
        state["gained"][seat] += amount

    def _reveal(self, state):
        """HP-6..HP-11: reveal the picked cards and rank them, then the lowest's skill."""
        n = state["players"]
        cards = list(state["pending"])
        for s in range(n):
            state["hands"][s].remove(cards[s])
            state["played"][s].append(cards[s])
            self._forget_card(state, cards[s])
        state["pending"] = [None] * n
        state["gained"] = [0] * n
        zero, order, lowest, mode, rep, pay, ships, total = _turn_outcome(tuple(cards))
        record = {
            "round": state["round"], "turn": state["turn"], "cards": cards,
            "rep": list(rep), "zero": [zero.get(s) for s in range(n)],
            "order": list(order), "mode": mode, "pay": list(total), "skill": lowest, "steps": [],
        }
        state["reveals"].append(record)
        # 1. Ships (HP-7), 3. ranking (HP-9..HP-11): the coins; the texts follow.
        for s in range(n):
            if total[s]:
                self._gain(state, s, total[s])
        events = self._reveal_texts(state, record, zero, pay, ships) if self.texts else []
        if lowest is None:
            return events + self._end_turn(state)
        return events + self._skill(state, lowest, cards[lowest], via_monkey=False)

    def _reveal_texts(self, state, record, zero, pay, ships):
        """The reveal's log and the steps of its record (HP-6..HP-11)."""
        n = state["players"]
        cards, order, mode, lowest = record["cards"], record["order"], record["mode"], record["skill"]
        shown = [M("{who} {what}", who=_seat(s), what=card_name(cards[s])) for s in range(n)]
        events = [{"type": "reveal", "commit": True, "text": M("Round {round}, turn {turn}: the cards are revealed: {cards}.",
                                                               round=state["round"] + 1, turn=state["turn"] + 1, cards=shown)}]

        # 1. Ships (HP-7)
        if not ships:
            text = M("Ships: none sails.")
        elif len(ships) == 1:
            text = M("Ships: {who} sails alone and gains {coins} (HP-7).", who=_seat(ships[0]), coins=coin_count(pay[ships[0]]))
        elif pay[ships[0]]:
            text = M("Ships: {who} sail and gain {coins} each (HP-7).", who=_seats(ships), coins=coin_count(pay[ships[0]]))
        else:
            text = M("Ships: {n} ships sail ({who}), so nobody gains anything from ships (HP-7).", n=len(ships), who=_seats(ships))
        self._step(state, events, "ships", text)

        # 2. Special conditions (HP-4, HP-8)
        if zero:
            for s in sorted(zero, key=lambda s: -printed(cards[s])):
                self._step(state, events, "condition", M(
                    "Special condition: {who}'s {card} meets its rival, {other}'s {rival}: its reputation drops to 0 this turn (HP-4).",
                    who=_seat(s), card=card_name(cards[s]), other=_seat(zero[s]), rival=card_name(cards[zero[s]])))
        else:
            self._step(state, events, "nocondition", M("Special conditions: no merchant meets its rival."))

        # 3. Ranking (HP-9..HP-11)
        rep = record["rep"]
        if mode == "none":
            self._step(state, events, "ranking", M("Ranking: no merchant was revealed, so nobody ranks."))
        else:
            ranked = [M("{merchant} {rep} ({who})", merchant=MERCHANTS[printed(cards[s])][0], rep=rep[s], who=_seat(s)) for s in order]
            listing = ranked[-1]
            for higher in reversed(ranked[:-1]):
                listing = M("{higher} > {lower}", higher=higher, lower=listing)
            self._step(state, events, "ranking", M("Ranking: {merchants}.", merchants=listing))
            top = order[0]
            if mode == "monopoly":
                self._step(state, events, "monopoly", M(
                    "Monopoly: {who}'s {card} is the only merchant: it gains {coins} and then triggers its skill (HP-11).",
                    who=_seat(top), card=card_name(cards[top]), coins=coin_count(data.HIGH_PAY)), announce=True)
            elif mode == "solo":
                self._step(state, events, "solo", M(
                    "Solo: only two merchants: {who}'s {card} is highest and gains {coins}; {low}'s {low_card} is lowest and triggers its skill; "
                    "no coin for second place (HP-11).",
                    who=_seat(top), card=card_name(cards[top]), coins=coin_count(data.HIGH_PAY), low=_seat(lowest), low_card=card_name(cards[lowest])),
                    announce=True)
            else:
                second = order[1]
                self._step(state, events, "high", M(
                    "{who}'s {card} is highest: +{coins}. {second}'s {second_card} is second: +{second_coins} (HP-9).",
                    who=_seat(top), card=card_name(cards[top]), coins=coin_count(data.HIGH_PAY),
                    second=_seat(second), second_card=card_name(cards[second]), second_coins=coin_count(data.SECOND_PAY)))
                args = dict(who=_seat(lowest), card=card_name(cards[lowest]))
                self._step(state, events, "lowest", M("{who}'s {card} is lowest at 0 and triggers its skill (HP-9).", **args) if rep[lowest] == 0
                           else M("{who}'s {card} is lowest and triggers its skill (HP-9).", **args))
        return events

    # --- skills (HP-3) ----------------------------------------------------------------------
    def _decision(self, state, seat, card, skill, step, via_monkey, **extra):
        n = state["players"]
        state["decision"] = dict({
            "owner": seat, "card": card, "skill": skill, "monkey": via_monkey, "step": step,
            "target": None, "throws": [None] * n, "passes": [None] * n, "swap": [], "candidates": [],
        }, **extra)
        state["phase"] = "skill"
        return []

    def _skill_name(self, seat, card, via_monkey):
        name = MERCHANTS[printed(card)][0]
        if via_monkey:
            return M("{who}'s Monkey, copying the {merchant},", who=_seat(seat), merchant=name)
        return M("{who}'s {merchant}", who=_seat(seat), merchant=name)

    def _skill(self, state, seat, card, via_monkey):
        """Fire `card`'s skill for `seat` (the lowest merchant, or the Monkey copying it)."""
        skill = skill_of(card)
        n = state["players"]
        events = []
        who = self._skill_name(seat, card, via_monkey) if self.texts else None
        coins = state["coins"]
        if skill == "monkey":
            candidates = monkey_candidates(state["played"], seat)
            if not candidates:
                self._step(state, events, "skill", self.texts and M("{who}'s Monkey has no revealed skill to copy this round: nothing happens (HP-3).", who=_seat(seat)))
            elif len(candidates) == 1:
                self._step(state, events, "skill", self.texts and M("{who}'s Monkey copies the {card}, the only skill revealed this round (HP-3).",
                                                     who=_seat(seat), card=card_name(candidates[0])))
                return events + self._skill(state, seat, candidates[0], via_monkey=True)
            else:
                self._decision(state, seat, card, "monkey", "copy", False, candidates=candidates)
                self._step(state, events, "skill", self.texts and M("{who}'s Monkey chooses a skill to copy among {cards} (HP-3).",
                                                     who=_seat(seat), cards=[card_name(c) for c in candidates]))
                return events
        elif skill == "mouse":
            self._gain(state, seat, data.MOUSE_GAIN)
            self._step(state, events, "skill", self.texts and M("{who} gains {coins}, then challenges an opponent to rock-paper-scissors (HP-3).",
                                                 who=who, coins=coin_count(data.MOUSE_GAIN)))
            self._decision(state, seat, card, skill, "target", via_monkey)
            return events
        elif skill == "buffalo":
            self._gain(state, seat, data.BUFFALO_GAIN)
            self._step(state, events, "skill", self.texts and M("{who} gains {coins} (HP-3).", who=who, coins=coin_count(data.BUFFALO_GAIN)))
        elif skill == "tiger":
            self._decision(state, seat, card, skill, "pass", via_monkey)
            d = state["decision"]
            for s in range(n):
                if len(state["hands"][s]) == 1:
                    d["passes"][s] = state["hands"][s][0]  # a single card is passed without asking
            self._step(state, events, "skill", self.texts and M("{who}: every player passes one card to the player on their left, all at once (HP-3).", who=who))
            if not self.to_act(state):
                return events + self._tiger_passes(state)
            return events
        elif skill in ("cat", "snake"):
            self._decision(state, seat, card, skill, "target", via_monkey)
            self._step(state, events, "skill", self.texts and M("{who} chooses an opponent (HP-3).", who=who))
            return events
        elif skill == "dragon":
            back = [s for s in range(n) if state["gained"][s]]
            if self.texts:
                self._step(state, events, "skill", _dragon_text(who, back, state["gained"]))
            for s in back:
                coins[s] -= state["gained"][s]
            state["gained"] = [0] * n
        elif skill == "horse":
            self._decision(state, seat, card, skill, "swap", via_monkey)
            self._step(state, events, "skill", self.texts and M("{who} swaps the coins of two players: {owner} chooses them (HP-3).", who=who, owner=_seat(seat)))
            return events
        elif skill == "goat":
            state["contracts"][seat] += data.GOAT_CONTRACTS
            state["round_gains"][seat] += data.GOAT_CONTRACTS
            state["goat"].append(seat)
            self._step(state, events, "skill", self.texts and M("{who} gains a contract; if {owner} also takes this round's contract, another one (HP-3).",
                                                 who=who, owner=_seat(seat)), announce=True)
        elif skill == "hen":
            self._step(state, events, "skill", self.texts and M("{who} has no skill: nothing happens (HP-3).", who=who))
        elif skill == "dog":
            lost = min(data.DOG_LOSS, coins[seat])
            coins[seat] -= lost
            self._step(state, events, "skill", self.texts and M("{who}: {owner} loses {coins} (HP-3).", who=who, owner=_seat(seat), coins=coin_count(lost)) if lost else
                       self.texts and M("{who}: {owner} has no coin to lose (HP-3).", who=who, owner=_seat(seat)))
        elif skill == "pig":
            given = []
            for neighbour in (left_of(seat, n), right_of(seat, n)):
                if coins[seat] >= data.PIG_GIFT:
                    coins[seat] -= data.PIG_GIFT
                    coins[neighbour] += data.PIG_GIFT
                    given.append(neighbour)
            if not self.texts:
                text = None
            elif len(given) == 2:
                text = M("{who} gives {coins} each to {left} and {right} (HP-3).", who=who, coins=coin_count(data.PIG_GIFT),
                         left=_seat(given[0]), right=_seat(given[1]))
            elif given:
                text = M("{who} gives {coins} to {left}, the left neighbour first; {owner} has no coin left for {right} (HP-3).",
                         who=who, coins=coin_count(data.PIG_GIFT), left=_seat(given[0]), owner=_seat(seat), right=_seat(right_of(seat, n)))
            else:
                text = M("{who} has no coin to give (HP-3).", who=who)
            self._step(state, events, "skill", text)
        return events + self._end_turn(state)

    def _decide(self, state, seat, kind, arg):
        d = state["decision"]
        step, skill = d["step"], d["skill"]
        n = state["players"]
        events = []
        who = self._skill_name(d["owner"], d["card"], d["monkey"]) if self.texts else None
        if step == "copy":
            state["decision"] = None
            state["phase"] = "pick"
            self._step(state, events, "skill", self.texts and M("{who}'s Monkey copies the {card} (HP-3).", who=_seat(seat), card=card_name(arg)))
            return events + self._skill(state, seat, arg, via_monkey=True)
        if step == "target":
            target = int(arg)
            d["target"] = target
            if skill == "mouse":
                d["step"] = "throw"
                self._step(state, events, "skill", self.texts and M("{who} challenges {target}: both throw rock, paper or scissors in secret (HP-3).",
                                                     who=who, target=_seat(target)))
                return events
            if skill == "snake":
                stolen = min(data.SNAKE_STEAL, state["coins"][target])
                state["coins"][target] -= stolen
                state["coins"][seat] += stolen
                self._step(state, events, "skill", self.texts and M("{who} steals {coins} from {target} (HP-3).", who=who, coins=coin_count(stolen), target=_seat(target))
                           if stolen else self.texts and M("{who} finds no coin to steal: {target} has none (HP-3).", who=who, target=_seat(target)))
                return events + self._finish_skill(state)
            # cat
            d["step"] = "give"
            self._step(state, events, "skill", self.texts and M("{who} picks {target}: {owner} gives a card of their choice and takes one of {target}'s at random (HP-3).",
                                                 who=who, target=_seat(target), owner=_seat(seat)))
            if len(state["hands"][seat]) == 1:
                return events + self._cat_exchange(state, state["hands"][seat][0])
            return events
        if step == "give":
            return self._cat_exchange(state, arg)
        if step == "throw":
            return self._secret(state, d["throws"], seat, arg, self.texts and M("{who} throws in secret.", who=_seat(seat)), self._rps)
        if step == "pass":
            return self._secret(state, d["passes"], seat, arg, self.texts and M("{who} chooses a card to pass.", who=_seat(seat)), self._tiger_passes)
        if step == "swap":
            d["swap"].append(int(arg))
            if len(d["swap"]) < 2:
                events.append({"type": "info", "text": self.texts and M("{who} chooses {target} for the Horse's swap.", who=_seat(seat), target=_seat(int(arg)))})
                return events
            a, b = d["swap"]
            coins = state["coins"]
            self._step(state, events, "skill", self.texts and M("{who} swaps the coins of {a} ({a_coins}) and {b} ({b_coins}) (HP-3).",
                                                 who=who, a=_seat(a), a_coins=coins[a], b=_seat(b), b_coins=coins[b]))
            coins[a], coins[b] = coins[b], coins[a]
            return events + self._finish_skill(state)
        raise AssertionError("unknown decision step " + step)

    def _finish_skill(self, state):
        state["decision"] = None
        return self._end_turn(state)

    def _rps(self, state):
        d = state["decision"]
        owner, target = d["owner"], d["target"]
        a, b = d["throws"][owner], d["throws"][target]
        events = []
        if a == b:
            d["throws"] = [None] * state["players"]
            self._step(state, events, "skill", self.texts and M("Rock-paper-scissors: {who} and {target} both throw {throw}: a draw, they throw again (HP-3).",
                                                 who=_seat(owner), target=_seat(target), throw=data.THROW_NAMES[a]))
            events[-1]["commit"] = True
            return events
        winner, loser = (owner, target) if data.BEATS[a] == b else (target, owner)
        lost = state["coins"][loser] // data.MOUSE_LOSS_DIVISOR
        state["coins"][loser] -= lost
        have = state["coins"][loser]
        args = dict(who=_seat(owner), throw=data.THROW_NAMES[a], target=_seat(target), target_throw=data.THROW_NAMES[b],
                    winner=_seat(winner), loser=_seat(loser), coins=coin_count(lost if lost else have))
        if not self.texts:
            text = None
        elif lost:
            text = M("Rock-paper-scissors: {who} throws {throw}, {target} throws {target_throw}: {winner} wins; "
                     "{loser} discards half their coins, {coins} (HP-3).", **args)
        elif have:
            text = M("Rock-paper-scissors: {who} throws {throw}, {target} throws {target_throw}: {winner} wins; "
                     "{loser} has {coins}: nothing to discard (half, rounded down) (HP-3).", **args)
        else:
            text = M("Rock-paper-scissors: {who} throws {throw}, {target} throws {target_throw}: {winner} wins; "
                     "{loser} has no coin: nothing to discard (half, rounded down) (HP-3).", **args)
        self._step(state, events, "skill", text)
        events[-1]["commit"] = True
        return events + self._finish_skill(state)

    def _cat_exchange(self, state, give):
        """The Cat: `give` goes to the target, a random card of the target's hand (as it was
        before the gift) comes back (HP-3 ruling)."""
        d = state["decision"]
        owner, target = d["owner"], d["target"]
        theirs = state["hands"][target]
        take = theirs[rngmod.below(state["rng"], len(theirs))]
        theirs.remove(take)
        state["hands"][owner].remove(give)
        theirs.append(give)
        state["hands"][owner].append(take)
        sort_hand(theirs)
        sort_hand(state["hands"][owner])
        # What each seat knows of the others' hands (for sample_state): owner and target saw
        # both cards; the others lose track of what either hand holds.
        known = state["known"]
        for s in range(state["players"]):
            if s == owner:
                known[s] = [k for k in known[s] if k[1] != take] + [[target, give]]
            elif s == target:
                known[s] = [k for k in known[s] if k[1] != give] + [[owner, take]]
            else:
                known[s] = [k for k in known[s] if k[0] not in (owner, target)]
        events = []
        who = self._skill_name(owner, d["card"], d["monkey"]) if self.texts else None
        self._step(state, events, "skill", self.texts and M("{who} gives {target} a card and takes one of {target}'s at random (HP-3).", who=who, target=_seat(target)))
        events[-1]["commit"] = True
        events.append({"type": "private", "seats": [owner, target], "text": self.texts and M("{who} gives {target} the {given} and takes the {taken}.",
                                                                               who=_seat(owner), target=_seat(target),
                                                                               given=card_name(give), taken=card_name(take))})
        return events + self._finish_skill(state)

    def _tiger_passes(self, state):
        d = state["decision"]
        n = state["players"]
        passes = d["passes"]
        for s in range(n):
            state["hands"][s].remove(passes[s])
        for s in range(n):
            state["hands"][left_of(s, n)].append(passes[s])
        for hand in state["hands"]:
            sort_hand(hand)
        events = []
        known = state["known"]
        for v in range(n):
            giver = right_of(v, n)  # v received passes[giver]
            kept = []
            for holder, card in known[v]:
                if holder == giver and card != passes[giver]:
                    kept.append([holder, card])  # it was not the card giver passed to v
            known[v] = kept + [[left_of(v, n), passes[v]]]
        self._step(state, events, "skill", self.texts and M("Every player passes a card to the player on their left (HP-3)."))
        events[-1]["commit"] = True
        for s in range(n):
            events.append({"type": "private", "seats": [s, left_of(s, n)], "text": self.texts and M("{who} passes the {card} to {left}.",
                                                                                      who=_seat(s), card=card_name(passes[s]), left=_seat(left_of(s, n)))})
        return events + self._finish_skill(state)

    def _forget_card(self, state, card):
        known = state["known"]
        for s in range(state["players"]):
            if known[s]:  # mostly empty: nothing to rebuild
                known[s] = [k for k in known[s] if k[1] != card]

    # --- turn and round ends -----------------------------------------------------------------
    def _end_turn(self, state):
        state["decision"] = None
        state["phase"] = "pick"
        state["gained"] = [0] * state["players"]
        state["turn"] += 1
        if state["turn"] < TURNS:
            return []
        return self._end_round(state)

    def _end_round(self, state):
        """HP-13: the richest player takes a contract (fourth-card tie-break); HP-14, HP-15."""
        n = state["players"]
        coins = list(state["coins"])
        kept = [hand[0] for hand in state["hands"]]
        taker, tied = round_winner(coins, kept)
        best = max(coins)
        gains = list(state["round_gains"])
        shown = [None] * n
        for s in tied:
            shown[s] = kept[s]
        if not tied:
            why = M("{who} has the most coins ({coins}) and takes the contract (HP-13).", who=_seat(taker), coins=best)
        else:
            cards = [_keeps(s, kept[s]) for s in tied]
            if taker is not None:
                why = M("{tied} tie with {coins} coins; fourth-card tie-break: {cards}, so {who} takes the contract (HP-13).",
                        tied=_seats(tied), coins=best, cards=cards, who=_seat(taker))
            else:
                why = M("{tied} tie with {coins} coins; fourth-card tie-break: {cards}: still tied, so nobody takes the contract (HP-13).",
                        tied=_seats(tied), coins=best, cards=cards)
        events = [{"type": "contract", "announce": True, "commit": True, "text": self.texts and M("Round {round} ends: {why}", round=state["round"] + 1, why=why)}]
        if taker is not None:
            state["contracts"][taker] += data.ROUND_CONTRACTS
            gains[taker] += data.ROUND_CONTRACTS
            goats = state["goat"].count(taker) * data.GOAT_CONTRACTS
            if goats:
                state["contracts"][taker] += goats
                gains[taker] += goats
                events.append({"type": "contract", "announce": True, "text": self.texts and M("{who} also takes the Goat's second contract (HP-3).", who=_seat(taker))})
                why = M("{why} The Goat's second contract goes to {who} too.", why=why, who=_seat(taker))
        state["rounds"].append({"round": state["round"], "coins": coins, "contracts": gains, "taker": taker,
                                "tied": tied, "kept": shown, "text": as_data(why)})
        leaders = [s for s in range(n) if state["contracts"][s] >= data.CONTRACTS_TO_WIN]
        if leaders:
            return events + self._end_game(state, leaders, kept)
        return events + self._new_round(state)  # HP-15

    def _end_game(self, state, leaders, kept):
        """HP-14: the most contracts wins, then the highest card left in hand, then a shared win."""
        most = max(state["contracts"][s] for s in leaders)
        best = [s for s in leaders if state["contracts"][s] == most]
        record = state["rounds"][-1]
        if len(best) > 1:
            for s in best:
                record["kept"][s] = kept[s]
            high = max(printed(kept[s]) for s in best)
            holders = [s for s in best if printed(kept[s]) == high]
            args = dict(who=_seats(holders), contracts=most, tied=_seats(best), cards=[_keeps(s, kept[s]) for s in best])
            if len(holders) == 1:
                text = M("Game over: {who} wins with {contracts} contracts ({tied} tie with {contracts} contracts; {cards}) (HP-14).", **args)
            else:
                text = M("Game over: {who} win together with {contracts} contracts ({tied} tie with {contracts} contracts; {cards}: "
                         "they share the win) (HP-14).", **args)
            best = holders
        elif len(leaders) > 1:
            text = M("Game over: {who} wins with {contracts} contracts (most contracts among {leaders}) (HP-14).",
                     who=_seat(best[0]), contracts=most, leaders=_seats(leaders))
        else:
            text = M("Game over: {who} wins with {contracts} contracts (HP-14).", who=_seat(best[0]), contracts=most)
        state["winners"] = best
        state["over"] = True
        state["phase"] = "over"
        state["end_text"] = as_data(text)
        return [{"type": "over", "commit": True, "announce": True, "text": text}]

    # --- reading -----------------------------------------------------------------------------
    def is_over(self, state):
        return state["over"]

    def _view(self, state, seat):
        n = state["players"]
        me = seat if isinstance(seat, int) and 0 <= seat < n else None
        d = state["decision"]
        decision = None
        if d is not None:
            decision = dict(
                _copy_except(d, ("throws", "passes")),
                thrown=[t is not None for t in d["throws"]], passed=[p is not None for p in d["passes"]],
                my_throw=d["throws"][me] if me is not None else None,
                my_pass=d["passes"][me] if me is not None else None,
            )
        return {
            "players": n,
            "me": me,
            "round": state["round"],
            "turn": state["turn"],
            "turns": TURNS,
            "phase": state["phase"],
            "hand": list(state["hands"][me]) if me is not None else None,
            "hand_sizes": [len(h) for h in state["hands"]],
            "picked": [p is not None for p in state["pending"]],
            "mine": state["pending"][me] if me is not None else None,
            "discards": list(state["discards"]),
            "played": [list(p) for p in state["played"]],
            "coins": list(state["coins"]),
            "gained": list(state["gained"]),
            "contracts": list(state["contracts"]),
            "round_gains": list(state["round_gains"]),
            "goat": list(state["goat"]),
            "decision": decision,
            "known": [list(k) for k in state["known"][me]] if me is not None else [],
            "reveals": [r for r in state["reveals"] if r["round"] >= state["round"] - 1],
            "rounds": state["rounds"],
            "winners": list(state["winners"]),
            "over": state["over"],
            "end_text": state.get("end_text"),
        }

    def hidden_names(self, state, seat):
        # A hand is dealt anew each round: the round tells a re-dealt card from the one kept.
        # At the end the kept cards are compared in the open (HP-13, HP-14): nothing is hidden.
        if state["over"]:
            return {}
        return {"{}:{}".format(state["round"], c): card_name(c) for c in state["hands"][seat]}

    def audit(self, state):
        problems = []
        n = state["players"]
        seen = []
        for s in range(n):
            seen += state["hands"][s] + state["played"][s]
            if state["discards"][s] is not None:
                seen.append(state["discards"][s])
            if state["pending"][s] is not None and state["pending"][s] not in state["hands"][s]:
                problems.append("seat {}: the picked card {} is not in hand".format(s, state["pending"][s]))
        if sorted(seen) != sorted(all_cards(n)):
            problems.append("cards are not conserved: {}".format(sorted(seen)))
        if not state["over"]:
            sizes = {len(h) for h in state["hands"]}
            if len(sizes) != 1:
                problems.append("hands of different sizes: {}".format([len(h) for h in state["hands"]]))
            expected = data.HAND_SIZE - state["turn"] + (data.DISCARDS[n] if state["phase"] == "discard" else 0)
            if state["phase"] == "skill":
                expected -= 1  # the turn's cards are on the table, the turn not over yet
            if sizes != {expected}:
                problems.append("hand size {} where {} was expected".format(sizes, expected))
        if any(c < 0 for c in state["coins"]):
            problems.append("negative coins: {}".format(state["coins"]))
        if sum(state["contracts"]) != sum(sum(r["contracts"]) for r in state["rounds"]) + sum(state["round_gains"]) * (0 if state["over"] else 1):
            problems.append("contracts do not add up to the rounds' contracts")
        return problems

    def progress(self, state):
        if state["over"]:
            return M("Finished")
        return M("Round {round}, turn {turn} of {turns}", round=state["round"] + 1, turn=min(state["turn"], TURNS - 1) + 1, turns=TURNS)

    def result(self, state):
        n = state["players"]
        rows = []
        for record in state["rounds"]:
            r = record["round"] + 1
            rows.append({"label": M("Round {round} · contracts", round=r), "values": list(record["contracts"]), "kind": "line"})
            rows.append({"label": M("Round {round} · coins at the end", round=r), "values": list(record["coins"]), "kind": "coins"})
        scores = list(state["contracts"])
        rows.append({"label": M("Total"), "values": scores, "kind": "total"})
        if state["over"]:
            winners = list(state["winners"])
        else:
            best = max(scores)
            winners = [s for s in range(n) if scores[s] == best]
        notes = [M("Round {round}: {why}", round=rec["round"] + 1, why=from_data(rec["text"])) for rec in state["rounds"]]
        if state.get("end_text"):
            notes.append(from_data(state["end_text"]))
        return {"scores": scores, "winners": winners, "sheet": rows, "notes": notes}

    # --- for bots and the test harness -------------------------------------------------------
    def scramble(self, state, seat, rng):
        """Re-deal everything hidden from `seat`: the other hands (what `seat` knows sits in a
        hand stays there), the picks, passes and throws made in secret, and the generator."""
        state = clone(state)
        n = state["players"]
        known = state["known"][seat] if seat is not None else []
        _redeal(state, seat, known, rng)
        d = state["decision"]
        for s in range(n):
            if s == seat:
                continue
            if state["pending"][s] is not None:
                state["pending"][s] = rng.choice(state["hands"][s])
            if d is not None:
                if d["passes"][s] is not None:
                    d["passes"][s] = rng.choice(state["hands"][s])
                if d["throws"][s] is not None:
                    d["throws"][s] = rng.choice(data.THROWS)
        state["rng"] = rngmod.new_rng(rng.getrandbits(63))
        return state

    def sample_state(self, view, seat, rng):
        """A full state consistent with `seat`'s view: the unseen cards dealt at random to the
        other hands (around what `seat` knows), secret picks drawn from those hands."""
        n = view["players"]
        dv = view["decision"]
        decision = None
        if dv is not None:
            decision = dict(_copy_except(dv, ("thrown", "passed", "my_throw", "my_pass")), throws=[None] * n, passes=[None] * n)
        hands = [[] for _ in range(n)]
        hands[seat] = list(view["hand"])
        state = {
            "players": n, "rng": rngmod.new_rng(rng.getrandbits(63)), "round": view["round"], "turn": view["turn"],
            "phase": view["phase"], "hands": hands, "pending": [None] * n, "discards": list(view["discards"]),
            "played": [list(p) for p in view["played"]], "coins": list(view["coins"]), "contracts": list(view["contracts"]),
            "gained": list(view["gained"]), "decision": decision, "known": [[] for _ in range(n)],
            "goat": list(view["goat"]), "round_gains": list(view["round_gains"]),
            "reveals": [dict(r, steps=list(r["steps"])) for r in view["reveals"][-1:]],
            "rounds": list(view["rounds"]), "winners": list(view["winners"]), "over": view["over"],
        }
        state["known"][seat] = [list(k) for k in view["known"]]
        seen = set(view["hand"])
        for cards in view["played"]:
            seen.update(cards)
        seen.update(c for c in view["discards"] if c is not None)
        pool = [c for c in all_cards(n) if c not in seen]
        placed = set()
        for holder, card in view["known"]:
            if card in pool:
                hands[holder].append(card)
                placed.add(card)
        pool = [c for c in pool if c not in placed]
        rng.shuffle(pool)
        for s in range(n):
            if s != seat:
                while len(hands[s]) < view["hand_sizes"][s]:
                    hands[s].append(pool.pop())
                sort_hand(hands[s])
        for s in range(n):
            if s == seat:
                state["pending"][s] = view["mine"]
            elif view["picked"][s]:
                state["pending"][s] = rng.choice(hands[s])
        if decision is not None:
            for s in range(n):
                if s == seat:
                    decision["throws"][s] = dv["my_throw"]
                    decision["passes"][s] = dv["my_pass"]
                else:
                    if dv["thrown"][s]:
                        decision["throws"][s] = rng.choice(data.THROWS)
                    if dv["passed"][s]:
                        decision["passes"][s] = rng.choice(hands[s])
        return state


class RoundSearch(HoiPho):
    """The rules for a search that plays a world on to the end of the round only: the next
    round is not dealt (its round number, the contracts and the outcome are all it reads), and
    the reveal writes no log: nobody reads a rollout's."""

    texts = False

    def _new_round(self, state):
        state["round"] += 1
        return []


def copy_state(state):
    """A copy of `state` that play cannot tell from a deep one, several times faster (the
    Hard bot copies a world per choice): every list and dict a move changes is new; records
    no move changes (finished rounds, earlier reveals, the [holder, card] pairs) are shared."""
    out = dict(state)
    for key in ("pending", "discards", "coins", "contracts", "gained", "goat", "round_gains", "winners", "rounds"):
        out[key] = list(state[key])
    out["rng"] = dict(state["rng"])
    for key in ("hands", "played", "known"):
        out[key] = [list(x) for x in state[key]]
    if state["decision"] is not None:
        out["decision"] = _copy_except(state["decision"], ())
    out["reveals"] = reveals = list(state["reveals"])
    if reveals:  # the last one's steps grow while its skill resolves
        reveals[-1] = dict(reveals[-1], steps=list(reveals[-1]["steps"]))
    return out


def _dragon_text(who, back, gained):
    """HP-3 Dragon: who returns what (the seats in `back` gained coins this turn)."""
    if not back:
        return M("{who} prevents collecting coins: nobody gained any this turn (HP-3).", who=who)
    returned = [M("{who} {what}", who=_seat(s), what=coin_count(gained[s])) for s in back]
    if len(back) == 1:
        return M("{who} prevents collecting coins: {returned} returns what they gained this turn (HP-3).", who=who, returned=returned)
    return M("{who} prevents collecting coins: {returned} return what they gained this turn (HP-3).", who=who, returned=returned)


def _copy_except(decision, hidden):
    """A copy of a decision without the keys `hidden` (its lists copied too)."""
    return {k: (list(v) if isinstance(v, list) else v) for k, v in decision.items() if k not in hidden}


def _redeal(state, seat, known, rng):
    """Deal the cards of every hand but `seat`'s again at random, keeping the known ones."""
    n = state["players"]
    stay = {card: holder for holder, card in known}
    others = [s for s in range(n) if s != seat]
    sizes = {s: len(state["hands"][s]) for s in others}
    pool = []
    for s in others:
        pool += [c for c in state["hands"][s] if c not in stay]
        state["hands"][s] = [c for c in state["hands"][s] if c in stay]
    rng.shuffle(pool)
    for s in others:
        while len(state["hands"][s]) < sizes[s]:
            state["hands"][s].append(pool.pop())
        sort_hand(state["hands"][s])
