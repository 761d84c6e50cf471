"""Stem and Branch: rules SB-1..SB-25 (SB-22..SB-25: the Spirit Scrolls expansion) as a state machine
of small decisions.

State (plain data; the view has the same keys, so the helpers below work on either):
  mode               "competitive" or "coop" (SB-19)
  players, first     number of seats; the start player (SB-5)
  year               the tie-break year (SB-14), fixed when the game starts
  rng                the seeded generator: shuffles only
  deck               the draw pile, top = last (a view has only "deck_size")
  row                8 slots, a card or None (SB-7: a slot stays empty once the deck is out)
  discard            the discard pile, in order (public)
  board              space -> the stack, bottom card first (SB-8); [] = empty space
  board_tokens       space -> the element token lying there (SB-5)
  supply             element -> element tokens in the supply
  tokens             per seat, element -> tokens held (competitive); all zero in co-op
  pool               element -> tokens in the team pool (co-op, SB-19)
  owner              animal -> the seat holding its token, or None (supply) (competitive)
  locked             animals at rank 5 with their token on top, in order (co-op, SB-20)
  years              per seat (competitive)
  hands              per seat, sorted (a view shows None for a hand it may not see)
  turn, turn_no, done   the seat to play; turns so far + 1; main actions done this turn (SB-6)
  phase              "main"    Draw or Summon (select a card)
                     "place"   the selected card: pick a space (co-op: or move a stack first)
                     "pay"     pick the payment items one at a time
                     "steal"   SB-11 step 3: whom to take an element token from
                     "discard" end of turn: discard down to 7
                     "over"
  pending            the Summon being made: {"card", "space", "cost", "ascend", "cards" (paid
                     hand cards), "paid_tokens", "moved" ([from, to] of the co-op move)}
  ending             None, or why the end was triggered ("deck", "years"); last = the seat who
                     plays the last turn (SB-12)
  over
Spirit Scrolls (SB-22..SB-25; "scrolls" False: the keys below stay empty):
  scrolls            whether the expansion is played
  stacks             element -> levels still in its stack, top (lowest) first
  owned              per seat, scroll id ("Wood3") -> True when active
  box                scroll ids out of the game, in the order they went
  fresh              per seat, element -> tokens gained during that seat's second action: they
                     cannot pay a Refresh until its next turn begins (SB-25)
  scroll_years       per seat, years scored by scroll effects; scroll_paid: years paid for claims
  activation         the scroll being resolved: {"scroll", then per effect "animal", "element",
                     "holder" (Fire), "left", "taken" (Water)}; None otherwise
  phases             "claim"   SB-22: take a scroll after a Summon, or decline
                     "activate" SB-24: the target of the scroll (Wood then goes to "place")
                     "source"  Fire: where the token holder's element token comes from
                     "metal"   Metal: move the stack or swap its top card
                     "water"   Water: the tokens, one at a time

Actions (stable text ids):
  "draw:row3" "draw:deck"      SB-7
  "summon:31"                  select card 31 to summon (SB-8)
  "move:b2>b3"                 co-op: move the stack on b2 to b3 before the cost (SB-20)
  "at:c2"                      summon into (or ascend on) c2 (SB-8, SB-9)
  "pay:7" "pay:token:Water"    one payment item (SB-10)
  "steal:2"                    take the element token from seat 2 (SB-11 step 3)
  "discard:14"                 discard a card at the end of the turn (SB-6)
  "claim:Wood4" "claim:Wood4/Wood2" "claim:none"   SB-22: claim (returning Wood2 in exchange), decline
  "scroll:Fire3"               SB-24: activate an active scroll (a main action)
  "wood:17" "fire:Horse" "earth:Horse" "metal:Horse"   SB-24: the scroll's target
  "source:supply" "source:c2" "source:seat1"            Fire: where the holder's token comes from
  "moveto:c2" "swap:19"        Metal: move the stack, or swap its top card with card 19
  "water:supply:Fire" "water:c2" "water:done"           Water: take a token, or stop
  "refresh:Fire3/Wood"         SB-25: flip Fire3 active, paying a Wood token (free)
Choices are taken back with the kernel's undo (nothing is placed before the payment is complete).
"""

from tabletop import C, M, N_, P, Game, IllegalAction, clone, seat_name
from tabletop.deal import redeal_hands
from tabletop.rng import below, new_rng, shuffle

from . import data
from .data import (ACTIONS_PER_TURN, ADJACENT, ANIMAL, ANIMALS, BOARD_TOKENS_PER_ELEMENT, CARDS, COOP, EARTH_YEARS_PER_CARD,
                   ELEMENT, ELEMENTS, END_YEARS, FIRE_YEARS_PER_CARD, GENERATED_BY, HAND_LIMIT, MIN_CLAIM_COST, MIN_COST,
                   MIN_YEARS, RANK, RANK_TABLE, REFRESH_TOKENS, ROW_SIZE, SCROLL_COUNT, SCROLL_LEVELS, SCROLLS_ON, SPACES,
                   STARTING_HAND, TOKENS_PER_ELEMENT, TOP_RANK, WATER_MIN_TOKENS, WOOD_SUMMON_COST, card_name, coop_rank,
                   scroll_id, scroll_parts, year_animal)

PHASES = ("main", "place", "pay", "steal", "claim", "activate", "source", "metal", "water", "discard", "over")
MAIN_ACTIONS = ("draw", "summon", "scroll")  # SB-6; SB-24's Activate Scroll

# --- words: what the players read, as messages (webui says them in the reader's language) ---------
# The ids in state and actions stay data.py's English words; these are only what the screen says.


# TRANSLATORS: the twelve animals of Stem and Branch are the earthly branches (context "earthly
# branch"): translate each as its branch alone (Rat = Tý, Ox = Sửu, Tiger = Dần ... Pig = Hợi).
# Other games use the same English words for other things (Hội Phố's Dog merchant): the context
# keeps them apart in the catalogue.
ANIMAL_NAMES = dict(zip(ANIMALS, (
    C("earthly branch", "Rat"), C("earthly branch", "Ox"), C("earthly branch", "Tiger"), C("earthly branch", "Rabbit"),
    C("earthly branch", "Dragon"), C("earthly branch", "Snake"), C("earthly branch", "Horse"), C("earthly branch", "Goat"),
    C("earthly branch", "Monkey"), C("earthly branch", "Rooster"), C("earthly branch", "Dog"), C("earthly branch", "Pig"))))
# TRANSLATORS: the five elements, each translated as its name alone (Wood = Mộc, Fire = Hỏa, Earth = Thổ,
# Metal = Kim, Water = Thủy); Coffee Rush's Water is another word.
ELEMENT_NAMES = dict(zip(ELEMENTS, (C("element", "Wood"), C("element", "Fire"), C("element", "Earth"), C("element", "Metal"),
                                    C("element", "Water"))))
# TRANSLATORS: an element with its English article, put in sentences such as "{a_element} token"
# ("a Wood token", "an Earth token"); translate as the element's name alone.
A_ELEMENT = dict(zip(ELEMENTS, (N_("a Wood"), N_("a Fire"), N_("an Earth"), N_("a Metal"), N_("a Water"))))
# SB-21: the co-op ranks of data.RANK_TABLE.
# TRANSLATORS: the ranks a co-operative score earns (SB-21), from the lowest; translate each as the rank alone.
RANK_NAMES = dict(zip([name for _least, name in RANK_TABLE], (
    C("co-op rank", "Beginner"), C("co-op rank", "Apprentice"), C("co-op rank", "Average"), C("co-op rank", "Good"),
    C("co-op rank", "Strong"), C("co-op rank", "Expert"), C("co-op rank", "Master!"))))
# SB-25: the sentence for refreshing a scroll with the wrong token, by the scroll's element.
REFRESH_WITH = {
    "Wood": N_("A Wood scroll is refreshed with a Wood or a Water token (SB-25)."),
    "Fire": N_("A Fire scroll is refreshed with a Fire or a Wood token (SB-25)."),
    "Earth": N_("An Earth scroll is refreshed with an Earth or a Fire token (SB-25)."),
    "Metal": N_("A Metal scroll is refreshed with a Metal or an Earth token (SB-25)."),
    "Water": N_("A Water scroll is refreshed with a Water or a Metal token (SB-25)."),
}


def animal_words(animal):
    return ANIMAL_NAMES[animal]


def element_words(element):
    """An element's name; a word that is none (an unknown action's argument) as it is."""
    return ELEMENT_NAMES.get(element, element)


def card_words(n):
    """"Horse r3 (Wood)" (data.card_name) as a message."""
    return M("{animal} r{rank} ({element})", animal=ANIMAL_NAMES[ANIMAL[n]], rank=RANK[n], element=ELEMENT_NAMES[ELEMENT[n]])


def cards_words(cards):
    """Cards as a list ("Rat r1 (Wood), Ox r1 (Wood) and ..."): a list argument of a message."""
    return [card_words(c) for c in cards]


def scroll_words(sid):
    """"Wood scroll L3" (data.scroll_name) as a message."""
    element, level = scroll_parts(sid)
    return M("{element} scroll L{level}", element=ELEMENT_NAMES[element], level=level)


def scroll_effect_words(sid):
    """data.scroll_effect as a message (tests keep the two the same)."""
    element, level = scroll_parts(sid)
    if element == "Wood":
        return M("summon a card of rank {L} or lower from the discard pile at no cost (a legal Summon; it scores as usual)", L=level)
    if element == "Fire":
        return M("remove an animal of level {L} or lower: its cards go to the discard pile, 1 year per card; its token "
                 "holder gains an element token of the top card's element, then the animal token returns to the supply", L=level)
    if element == "Earth":
        return M("take an animal's cards of rank {L} or lower from the discard pile into your hand, 1 year per card", L=level)
    if element == "Metal":
        return M("score the level of an animal of level {L} or lower, then move its stack to an empty space or swap its "
                 "top card with a card below", L=level)
    return P("take up to {n} element token from the board and/or the supply",
             "take up to {n} element tokens from the board and/or the supply", level)


def rank_words(score):
    """SB-21: the co-op rank a score earns, as a message."""
    return RANK_NAMES[coop_rank(score)]


# --- reading a state or a view ---------------------------------------------------------------------
def is_coop(s):
    return s["mode"] == COOP


def deck_size(s):
    return len(s["deck"]) if "deck" in s else s["deck_size"]


def top(s, space):
    stack = s["board"][space]
    return stack[-1] if stack else None


def stack_of(s, animal):
    """The space holding `animal`'s stack, or None (SB-8: at most one stack per animal)."""
    for space in SPACES:
        stack = s["board"][space]
        if stack and ANIMAL[stack[0]] == animal:
            return space
    return None


def shared(s, card, space):
    """SB-9: adjacent spaces whose top card has the card's element."""
    element = ELEMENT[card]
    count = 0
    for other in ADJACENT[space]:
        stack = s["board"][other]
        if stack and ELEMENT[stack[-1]] == element:
            count += 1
    return count


def cost(s, card, space):
    """SB-9: rank - shared - (Ascend) the rank gained; minimum 0."""
    board = s["board"]
    stack = board[space]
    value = RANK[stack[-1]] if stack else RANK[card]
    element = ELEMENT[card]
    for other in ADJACENT[space]:  # shared(), inlined: the bots' hottest path
        near = board[other]
        if near and ELEMENT[near[-1]] == element:
            value -= 1
    return value if value > MIN_COST else MIN_COST


def spaces_for(s, card):
    """SB-8: an animal on the board can only Ascend (a higher rank on its stack); otherwise any
    empty space. A locked animal (co-op) is at rank 5: nothing goes on it."""
    home = stack_of(s, ANIMAL[card])
    if home is not None:
        return [home] if RANK[s["board"][home][-1]] < RANK[card] else []
    return [sp for sp in SPACES if not s["board"][sp]]


def pays_for(card, other):
    """SB-10: a hand card pays if it shares the element or the animal."""
    return other != card and (ELEMENT[other] == ELEMENT[card] or ANIMAL[other] == ANIMAL[card])


def token_store(s, seat):
    """Where `seat`'s element tokens are: its own (competitive) or the team pool (co-op)."""
    return s["pool"] if is_coop(s) else s["tokens"][seat]


def means(s, seat, card):
    """How many items `seat` could pay for `card` with (SB-10)."""
    return sum(1 for c in s["hands"][seat] if pays_for(card, c)) + token_store(s, seat)[ELEMENT[card]]


def affordable_spaces(s, seat, card):
    """[(space, cost)] where `card` can be summoned and paid for now."""
    have = means(s, seat, card)
    out = []
    for space in spaces_for(s, card):
        price = cost(s, card, space)
        if price <= have:
            out.append((space, price))
    return out


def coop_moves(s):
    """SB-20: [(from, to)]: an unlocked stack into an orthogonally adjacent empty space."""
    out = []
    for space in SPACES:
        stack = s["board"][space]
        if not stack or ANIMAL[stack[0]] in s["locked"]:
            continue
        for other in ADJACENT[space]:
            if not s["board"][other]:
                out.append((space, other))
    return out


def moved_board(s, move):
    """A shallow copy of `s` with the co-op move made on its board (for working out costs)."""
    src, dst = move
    board = dict(s["board"])
    board[dst], board[src] = board[src], []
    t = dict(s)
    t["board"] = board
    if dst in s["board_tokens"]:  # the token taken on landing can pay too
        element = s["board_tokens"][dst]
        t["pool"] = dict(s["pool"])
        t["pool"][element] += 1
    return t


def can_summon(s, seat, card):
    """Whether `card` has a space `seat` can pay for (co-op: after some move, SB-20)."""
    spaces = spaces_for(s, card)
    home = stack_of(s, ANIMAL[card])
    if home is not None and not spaces:
        return False  # no move changes ranks
    have = means(s, seat, card)
    need = min([cost(s, card, sp) for sp in spaces], default=RANK[card] + 1)
    if need <= have:
        return True
    if not is_coop(s):
        return False
    element = ELEMENT[card]
    for move in coop_moves(s):
        src, dst = move
        have_after = have + (1 if s["board_tokens"].get(dst) == element else 0)
        if have_after >= need - 1:  # one stack moving changes any other space's cost by at most 1
            if affordable_spaces(moved_board(s, move), seat, card):
                return True
        elif home == src:  # the card's own stack moves: its Ascend is costed at dst
            if cost(moved_board(s, move), card, dst) <= have_after:
                return True
        elif home is None and cost(moved_board(s, move), card, src) <= have_after:  # the space left empty
            return True
    return False


def suggest_payment(s, seat):
    """The payment actions the app suggests for the pending Summon: the cheapest items to lose.
    Cards of an animal already past their rank on the board first (they can never be summoned),
    then low ranks; element tokens last in competitive play (each is a year at the end)."""
    pending = s["pending"]
    card = pending["card"]
    need = pending["cost"] - len(pending["cards"]) - pending["paid_tokens"]
    items = []
    for c in s["hands"][seat]:
        if pays_for(card, c) and c not in pending["cards"]:
            items.append((card_keep_value(s, c), "pay:{}".format(c)))
    tokens = token_store(s, seat)[ELEMENT[card]] - pending["paid_tokens"]
    token_value = 1.5 if not is_coop(s) else 0.8
    items += [(token_value + 0.01 * k, "pay:token:" + ELEMENT[card]) for k in range(tokens)]
    items.sort()
    return [a for _, a in items[:max(0, need)]]


def card_keep_value(s, c):
    """How much a hand card is worth keeping (low: spend or discard it first)."""
    home = stack_of(s, ANIMAL[c])
    if home is not None and RANK[s["board"][home][-1]] >= RANK[c]:
        return 0.0 + 0.01 * RANK[c]  # can never be summoned any more
    return 1.0 + 0.1 * RANK[c]


def coop_score(s):
    """SB-21: (cards in the stacks at rank 5, perfect-clear bonus)."""
    at_five = 0
    for space in SPACES:
        stack = s["board"][space]
        if stack and RANK[stack[-1]] == TOP_RANK:
            at_five += len(stack)
    perfect = len(s["locked"]) == len(ANIMALS)
    bonus = deck_size(s) + sum(1 for c in s["row"] if c is not None) if perfect else 0
    return at_five, bonus


def final_years(s, seat):
    """SB-13: (years, element tokens, hand cards matching held animal tokens)."""
    held = {a for a, o in s["owner"].items() if o == seat}
    hand = s["hands"][seat] or []
    return s["years"][seat], sum(s["tokens"][seat].values()), sum(1 for c in hand if ANIMAL[c] in held)


# --- Spirit Scrolls (SB-22..SB-25): reading ---------------------------------------------------------
def usable_tokens(s, seat, element):
    """SB-25: tokens `seat` may spend on a Refresh now (not those gained in its second action)."""
    held = s["tokens"][seat][element]
    return held - min(held, s["fresh"][seat][element])


def claim_options(s, seat):
    """SB-22: [(scroll taken, scroll returned or None, years to pay)] after the pending Summon."""
    card = s["pending"]["card"]
    element, rank = ELEMENT[card], RANK[card]
    mine = [sid for sid in sorted(s["owned"][seat]) if scroll_parts(sid)[0] == element]
    years = s["years"][seat]
    out = []
    for level in s["stacks"][element]:
        if level > rank:
            break  # the stack is in level order
        for back in [None] + mine:
            price = max(MIN_CLAIM_COST, level - (scroll_parts(back)[1] if back else 0))
            if price <= years:
                out.append((scroll_id(element, level), back, price))
    return out


def claim_action(taken, back):
    return "claim:" + taken + ("/" + back if back else "")


def passed_over(s, sid):
    """SB-22: the lower scrolls still in the stack that would go to the box if `sid` is claimed."""
    element, level = scroll_parts(sid)
    return [scroll_id(element, lv) for lv in s["stacks"][element] if lv < level]


def board_token_spaces(s, element=None):
    return [sp for sp in SPACES if sp in s["board_tokens"] and (element is None or s["board_tokens"][sp] == element)]


def scroll_targets(s, seat, sid):
    """SB-24: the first decision of activating `sid`, as actions; [] when it can do nothing.
    Water has no target: it can act when a token lies on the board or in the supply."""
    element, level = scroll_parts(sid)
    if element == "Wood":
        return ["wood:{}".format(c) for c in sorted(set(s["discard"])) if RANK[c] <= level and spaces_for(s, c)]
    if element == "Earth":
        animals = {ANIMAL[c] for c in s["discard"] if RANK[c] <= level}
        return ["earth:" + a for a in ANIMALS if a in animals]
    if element == "Water":
        return water_actions(s) if water_actions(s) else []
    out = []
    for animal in ANIMALS:
        home = stack_of(s, animal)
        if home is None or RANK[s["board"][home][-1]] > level:
            continue
        if element == "Metal" and not metal_actions(s, home):
            continue  # SB-24: an animal allowing neither a move nor a swap
        out.append("{}:{}".format(element.lower(), animal))
    return out


def metal_actions(s, home):
    """SB-24 Metal: move the stack on `home` to an empty space, or swap its top card with one below."""
    stack = s["board"][home]
    return ["moveto:" + sp for sp in SPACES if not s["board"][sp]] + ["swap:{}".format(c) for c in stack[:-1]]


def water_actions(s):
    """SB-24 Water: one unclaimed token at a time, from the supply or the board."""
    return (["water:supply:" + e for e in ELEMENTS if s["supply"][e] > 0]
            + ["water:" + sp for sp in board_token_spaces(s)])


def fire_sources(s, holder, element):
    """SB-24 Fire: where the animal-token holder's element token comes from: the supply or the
    board; else a player other than the holder (house ruling: the activating player included)."""
    out = (["source:supply"] if s["supply"][element] > 0 else []) + ["source:" + sp for sp in board_token_spaces(s, element)]
    if out:
        return out
    return ["source:seat{}".format(p) for p in range(s["players"]) if p != holder and s["tokens"][p][element] > 0]


def refresh_actions(s, seat):
    """SB-25: each inactive scroll, paid with its own element or the one generating it."""
    out = []
    for sid in sorted(s["owned"][seat]):
        if s["owned"][seat][sid]:
            continue
        element = scroll_parts(sid)[0]
        for pay in (element, GENERATED_BY[element]):
            if usable_tokens(s, seat, pay) >= REFRESH_TOKENS:
                out.append("refresh:{}/{}".format(sid, pay))
    return out


class StemAndBranch(Game):
    info = data.INFO

    # --- set-up (SB-5) -----------------------------------------------------------------------------
    def new_game(self, players, options, seed):
        rng = new_rng(seed)
        deck = list(CARDS)
        shuffle(rng, deck)
        hands = []
        for _ in range(players):
            hands.append(sorted(deck[-STARTING_HAND:]))
            del deck[-STARTING_HAND:]
        row = [deck.pop() for _ in range(ROW_SIZE)]
        spaces = list(SPACES)
        shuffle(rng, spaces)
        board_tokens = {}
        for k, element in enumerate(ELEMENTS):
            for j in range(BOARD_TOKENS_PER_ELEMENT):
                board_tokens[spaces[k * BOARD_TOKENS_PER_ELEMENT + j]] = element
        first = below(rng, players)
        scrolls = options.get("scrolls") == SCROLLS_ON
        if scrolls and options["mode"] == COOP:
            raise IllegalAction(M("Spirit Scrolls are played only in competitive games (SB-19, SB-22)."))
        return {
            "mode": options["mode"], "players": players, "first": first, "year": int(options["tiebreak_year"]),
            "rng": rng, "deck": deck, "row": row, "discard": [],
            "board": {sp: [] for sp in SPACES}, "board_tokens": board_tokens,
            "supply": {e: TOKENS_PER_ELEMENT - BOARD_TOKENS_PER_ELEMENT for e in ELEMENTS},
            "tokens": [{e: 0 for e in ELEMENTS} for _ in range(players)],
            "pool": {e: 0 for e in ELEMENTS},
            "owner": {a: None for a in ANIMALS}, "locked": [],
            "years": [0] * players, "hands": hands,
            "turn": first, "turn_no": 1, "done": 0, "phase": "main", "pending": None,
            "ending": None, "last": None, "over": False,
            "scrolls": scrolls, "stacks": {e: list(SCROLL_LEVELS) if scrolls else [] for e in ELEMENTS},
            "owned": [{} for _ in range(players)], "box": [], "fresh": [{e: 0 for e in ELEMENTS} for _ in range(players)],
            "scroll_years": [0] * players, "scroll_paid": [0] * players, "activation": None,
        }

    # --- whose turn, what is legal ------------------------------------------------------------------
    def to_act(self, state):
        return [] if state["over"] else [state["turn"]]

    def is_over(self, state):
        return state["over"]

    def hides_information(self, state):
        return not is_coop(state)  # SB-19: in co-op every hand is open

    def legal_actions(self, state, seat):
        if state["over"] or seat != state["turn"]:
            return []
        phase = state["phase"]
        if phase == "main":
            return self.main_actions(state, seat) + (refresh_actions(state, seat) if state["scrolls"] else [])
        pending = state["pending"]
        if phase == "claim":  # SB-22, SB-25: claim, decline, or refresh first
            return ([claim_action(t, b) for t, b, _ in claim_options(state, seat)] + ["claim:none"]
                    + refresh_actions(state, seat))
        if phase in ("activate", "source", "metal", "water"):
            return self.activation_actions(state, seat)
        if phase == "place" and pending.get("from_discard"):  # SB-24 Wood: any legal space, no cost
            return ["at:{}".format(sp) for sp in spaces_for(state, pending["card"])]
        if phase == "place":
            acts = ["at:{}".format(sp) for sp, _ in affordable_spaces(state, seat, pending["card"])]
            if is_coop(state) and pending["moved"] is None:
                card = pending["card"]
                acts += ["move:{}>{}".format(a, b) for a, b in coop_moves(state)
                         if affordable_spaces(moved_board(state, (a, b)), seat, card)]
            return acts
        if phase == "pay":
            card = pending["card"]
            acts = ["pay:{}".format(c) for c in state["hands"][seat] if pays_for(card, c) and c not in pending["cards"]]
            if token_store(state, seat)[ELEMENT[card]] > pending["paid_tokens"]:
                acts.append("pay:token:" + ELEMENT[card])
            return acts
        if phase == "steal":
            return ["steal:{}".format(s) for s in self.steal_from(state, seat, ELEMENT[pending["card"]])]
        if phase == "discard":
            return ["discard:{}".format(c) for c in state["hands"][seat]]
        return []

    def main_actions(self, state, seat):
        """SB-6: every main action legal now, kind by kind (MAIN_ACTIONS)."""
        acts = []
        for kind in MAIN_ACTIONS:
            acts += getattr(self, "_{}_actions".format(kind))(state, seat)
        return acts

    @staticmethod
    def _draw_actions(state, seat):
        """SB-7: a row card or the top of the deck."""
        acts = ["draw:row{}".format(i) for i, c in enumerate(state["row"]) if c is not None]
        if deck_size(state):
            acts.append("draw:deck")
        return acts

    @staticmethod
    def _summon_actions(state, seat):
        """SB-8..SB-10: a card in hand with a space its owner can pay for."""
        return ["summon:{}".format(c) for c in state["hands"][seat] if can_summon(state, seat, c)]

    def can_act(self, state, seat):
        """SB-6: whether a main action is legal now, or becomes legal after a free Refresh (SB-25):
        an inactive scroll refreshed, or the token paid into the supply giving a Water scroll a
        target. The turn's remaining actions are lost only when neither is so."""
        if self.main_actions(state, seat):
            return True
        for act in (refresh_actions(state, seat) if state["scrolls"] else []):
            trial = clone(state)
            self._flip_active(trial, seat, act[len("refresh:"):])
            if self._scroll_actions(trial, seat):
                return True
        return False

    @staticmethod
    def _scroll_actions(state, seat):
        """SB-24: an active scroll that can do something now."""
        if not state["scrolls"]:
            return []
        return ["scroll:" + sid for sid in sorted(state["owned"][seat])
                if state["owned"][seat][sid] and scroll_targets(state, seat, sid)]

    @staticmethod
    def activation_actions(state, seat):
        """SB-24: the next decision of the scroll being resolved."""
        act = state["activation"]
        phase = state["phase"]
        if phase == "activate":
            return scroll_targets(state, seat, act["scroll"])
        if phase == "source":
            return fire_sources(state, act["holder"], act["element"])
        if phase == "metal":
            return metal_actions(state, stack_of(state, act["animal"]))
        acts = water_actions(state)  # "water"
        return acts + (["water:done"] if act["taken"] >= WATER_MIN_TOKENS else [])

    @staticmethod
    def steal_from(state, seat, element):
        return [s for s in range(state["players"]) if s != seat and state["tokens"][s][element] > 0]

    def waiting_reason(self, state, seat):
        if state["over"]:
            return M("The game is over.")
        return M("It is not your turn: wait for the player whose turn it is.")

    def explain_illegal(self, state, seat, action):
        if not isinstance(action, str):
            return M("That is not a move of Stem and Branch.")
        phase, pending = state["phase"], state["pending"]
        verb, _, arg = action.partition(":")
        hand = state["hands"][seat]
        if phase == "discard":
            return M("End of your turn: discard a card from your hand until you hold {limit} (SB-6).", limit=HAND_LIMIT)
        if phase == "steal":
            return M("Choose the player you take the {element} token from (SB-11).", element=ELEMENT_NAMES[ELEMENT[pending["card"]]])
        if verb in ("scroll", "claim", "refresh") and not state["scrolls"]:
            return M("This game is played without the Spirit Scrolls (the option is off).")
        if verb == "refresh":
            return self._refresh_reason(state, seat, arg)
        if phase == "claim":
            return self._claim_reason(state, seat, verb, arg)
        if phase in ("activate", "source", "metal", "water"):
            return self._activation_reason(state, verb)
        if phase == "pay":
            if verb != "pay":
                return M("Finish paying for {card}: {left} more (SB-10).", card=card_words(pending["card"]),
                         left=pending["cost"] - len(pending["cards"]) - pending["paid_tokens"])
            card = pending["card"]
            if arg.startswith("token:"):
                if arg[6:] == ELEMENT[card]:
                    return M("You have no {element} token left to pay with (only tokens of the summoned card's element pay, SB-10).",
                             element=ELEMENT_NAMES[ELEMENT[card]])
                return M("Only {element} tokens pay for {card} (SB-10).", element=ELEMENT_NAMES[ELEMENT[card]], card=card_words(card))
            if not arg.isdigit() or int(arg) not in hand:
                return M("That card is not in your hand.")
            if int(arg) == card:
                return M("The card being summoned cannot pay for itself.")
            if int(arg) in pending["cards"]:
                return M("That card is already part of the payment.")
            return M("{card} shares neither the element nor the animal of {summoned} (SB-10).", card=card_words(int(arg)),
                     summoned=card_words(card))
        if phase == "place":
            card = pending["card"]
            if verb == "at":
                if arg not in SPACES:
                    return M("There is no space '{space}' (a1-d4).", space=arg)
                if arg not in spaces_for(state, card):
                    home = stack_of(state, ANIMAL[card])
                    if home is not None:
                        return M("The {animal} is already on {space}: {card} can only ascend it, on a lower rank (SB-8).",
                                 animal=ANIMAL_NAMES[ANIMAL[card]], space=home, card=card_words(card))
                    return M("{space} is not empty (SB-8).", space=arg)
                return M("{card} costs {cost} there and you can pay only {means} (SB-9, SB-10).", card=card_words(card),
                         cost=cost(state, card, arg), means=means(state, seat, card))
            if verb == "move":
                if not is_coop(state):
                    return M("Stacks move only in the co-operative game (SB-20).")
                if pending["moved"] is not None:
                    return M("Only one stack moves per summon (SB-20).")
                src, _, dst = arg.partition(">")
                if src not in SPACES or dst not in SPACES or not state["board"][src]:
                    return M("Move a stack on the board to an adjacent space, like move:b2>b3.")
                if ANIMAL[state["board"][src][0]] in state["locked"]:
                    return M("The {animal} is at rank 5: it is locked and never moves (SB-20).",
                             animal=ANIMAL_NAMES[ANIMAL[state["board"][src][0]]])
                if dst not in ADJACENT[src] or state["board"][dst]:
                    return M("A stack moves by one space, orthogonally, into an empty space (SB-20).")
                return M("After that move {card} could not be summoned anywhere you can pay for.", card=card_words(card))
            return M("Choose where to summon {card} (or undo to pick another card).", card=card_words(card))
        # main
        if verb == "draw":
            if arg == "deck":
                return M("The deck is empty (SB-7).")
            return M("There is no card in that slot of the row (SB-7).")
        if verb == "summon":
            if not arg.isdigit() or int(arg) not in hand:
                return M("You can summon only a card from your hand (SB-8).")
            card = int(arg)
            if not spaces_for(state, card):
                return M("The {animal} on the board is already at rank {rank} or higher: {card} cannot ascend it (SB-8).",
                         animal=ANIMAL_NAMES[ANIMAL[card]], rank=RANK[state["board"][stack_of(state, ANIMAL[card])][-1]],
                         card=card_words(card))
            best = min(cost(state, card, sp) for sp in spaces_for(state, card))
            return M("{card} costs at least {cost} and you have only {means} matching cards and tokens to pay (SB-9, SB-10).",
                     card=card_words(card), cost=best, means=means(state, seat, card))
        if verb == "scroll":
            owned = state["owned"][seat]
            if arg not in owned:
                return M("You do not own that scroll (SB-24).")
            if not owned[arg]:
                return M("Your {scroll} is inactive: refresh it with a token first (SB-25).", scroll=scroll_words(arg))
            return M("Your {scroll} has nothing it can do now: no target of rank {level} or lower (SB-24).",
                     scroll=scroll_words(arg), level=scroll_parts(arg)[1])
        if verb in ("pay", "steal", "discard", "at", "move", "claim") or verb in ("wood", "fire", "earth", "metal", "water",
                                                                                 "source", "moveto", "swap"):
            return M("First choose a main action: draw a card or summon one (SB-6).")
        return M("That is not a move of Stem and Branch.")

    @staticmethod
    def _refresh_reason(state, seat, arg):
        sid, _, pay = arg.partition("/")
        owned = state["owned"][seat]
        if state["phase"] not in ("main", "claim"):
            return M("Refresh between decisions: before a main action or at the claim prompt (SB-25).")
        if sid not in owned:
            return M("You do not own that scroll (SB-25).")
        if owned[sid]:
            return M("Your {scroll} is already active (SB-25).", scroll=scroll_words(sid))
        element = scroll_parts(sid)[0]
        if pay not in (element, GENERATED_BY.get(element)):
            return REFRESH_WITH[element]
        if pay in ELEMENTS and state["tokens"][seat][pay] > usable_tokens(state, seat, pay):
            return M("Tokens gained in your second action wait for your next turn (SB-25).")
        return M("You have no {element} token to pay with (SB-25).", element=element_words(pay))

    @staticmethod
    def _claim_reason(state, seat, verb, arg):
        if verb != "claim":
            return M("Claim a scroll or decline first (SB-22).")
        taken, _, back = arg.partition("/")
        card = state["pending"]["card"]
        element = ELEMENT[card]
        if taken[:-1] != element:
            return M("After summoning {a_element} card only {a_element} scroll can be claimed (SB-22).", a_element=A_ELEMENT[element])
        if not taken[-1:].isdigit() or int(taken[-1]) not in state["stacks"][element]:
            return M("That scroll is not in the {element} stack any more (SB-22).", element=ELEMENT_NAMES[element])
        if int(taken[-1]) > RANK[card]:
            return M("A scroll's level must be at most the summoned card's rank, {rank} (SB-22).", rank=RANK[card])
        if back and back not in state["owned"][seat]:
            return M("You can only return {a_element} scroll you own (SB-22).", a_element=A_ELEMENT[element])
        return P("You have {n} year and cannot pay for that scroll (SB-22).",
                 "You have {n} years and cannot pay for that scroll (SB-22).", state["years"][seat])

    @staticmethod
    def _activation_reason(state, verb):
        sid = state["activation"]["scroll"]
        phase = state["phase"]
        if phase == "activate":
            return M("Choose the target of your {scroll} (rank or level at most {level}, SB-24).", scroll=scroll_words(sid),
                     level=scroll_parts(sid)[1])
        if phase == "source":
            return M("Choose where the {element} token comes from (SB-24).", element=element_words(state["activation"].get("element")))
        if phase == "metal":
            return M("Move the {animal} to an empty space or swap its top card with one below (SB-24).",
                     animal=ANIMAL_NAMES.get(state["activation"].get("animal"), state["activation"].get("animal")))
        return M("Take a token from the supply or the board, or stop (SB-24).")

    # --- playing -----------------------------------------------------------------------------------
    def _apply(self, state, seat, action):
        verb, _, arg = action.partition(":")
        if verb == "draw":
            return self._draw(state, seat, arg)
        if verb == "summon":  # SB-8: the card is chosen; nothing moves yet
            state["pending"] = {"card": int(arg), "space": None, "cost": 0, "ascend": False, "cards": [],
                                "paid_tokens": 0, "moved": None}
            state["phase"] = "place"
            return []
        if verb == "move":
            return self._move(state, seat, arg)
        if verb == "at":
            pending = state["pending"]
            pending["space"] = arg
            pending["cost"] = WOOD_SUMMON_COST if pending.get("from_discard") else cost(state, pending["card"], arg)
            pending["ascend"] = bool(state["board"][arg])
            if pending["cost"] == 0:
                return self._summon(state, seat)
            state["phase"] = "pay"
            return []
        if verb == "pay":
            pending = state["pending"]
            if arg.startswith("token:"):
                pending["paid_tokens"] += 1
            else:
                pending["cards"].append(int(arg))
            if len(pending["cards"]) + pending["paid_tokens"] < pending["cost"]:
                return []
            return self._summon(state, seat)
        if verb == "steal":
            events = self._take_element(state, seat, ELEMENT[state["pending"]["card"]], int(arg))
            return events + self._after_elements(state, seat)
        if verb == "claim":
            return self._claim(state, seat, arg)
        if verb == "refresh":
            return self._refresh(state, seat, arg)
        if verb == "scroll":
            return self._activate(state, seat, arg)
        if verb in ("wood", "fire", "earth", "metal", "source", "moveto", "swap", "water"):
            return getattr(self, "_scroll_" + verb)(state, seat, arg)
        if verb == "discard":
            card = int(arg)
            state["hands"][seat].remove(card)
            state["discard"].append(card)
            events = [{"type": "discard", "seat": seat, "commit": True,
                       "text": M("{who} discards {card} (hand limit {limit}).", who=seat_name(seat), card=card_words(card),
                                 limit=HAND_LIMIT)}]
            if len(state["hands"][seat]) <= HAND_LIMIT:
                events += self._end_turn(state)
            return events
        raise AssertionError("unhandled action {!r}".format(action))  # legal_actions lists only the above

    def _draw(self, state, seat, where):
        """SB-7; SB-12: the deck running out triggers the end."""
        hand = state["hands"][seat]
        if where == "deck":
            card = state["deck"].pop()
            events = [{"type": "draw", "seat": seat, "commit": True, "text": M("{who} draws a card from the deck.", who=seat_name(seat))}]
            if is_coop(state):
                events[0]["text"] = M("{who} draws {card} from the deck.", who=seat_name(seat), card=card_words(card))
            else:
                events.append({"type": "drawn", "seat": seat, "seats": [seat], "text": M("You draw {card}.", card=card_words(card))})
        else:
            slot = int(where[3:])
            card = state["row"][slot]
            state["row"][slot] = state["deck"].pop() if state["deck"] else None
            if state["row"][slot] is None:
                text = M("{who} takes {card} from the row.", who=seat_name(seat), card=card_words(card))
            else:
                text = M("{who} takes {card} from the row; {new} turns up.", who=seat_name(seat), card=card_words(card),
                         new=card_words(state["row"][slot]))
            events = [{"type": "draw", "seat": seat, "commit": True, "text": text}]
        hand.append(card)
        hand.sort()
        if not state["deck"]:
            events += self._trigger_end(state, "deck")
        return events + self._action_done(state, seat)

    def _move(self, state, seat, arg):
        """SB-20: one unlocked stack one space; landing on a token takes it for the team."""
        src, _, dst = arg.partition(">")
        board = state["board"]
        board[dst], board[src] = board[src], []
        state["pending"]["moved"] = [src, dst]
        animal = ANIMAL_NAMES[ANIMAL[board[dst][0]]]
        element = state["board_tokens"].pop(dst, None)
        if element:
            state["pool"][element] += 1
            text = M("{who} moves the {animal} from {src} to {dst} and takes the {element} token there for the team.",
                     who=seat_name(seat), animal=animal, src=src, dst=dst, element=ELEMENT_NAMES[element])
        else:
            text = M("{who} moves the {animal} from {src} to {dst}.", who=seat_name(seat), animal=animal, src=src, dst=dst)
        return [{"type": "move", "seat": seat, "announce": bool(element), "text": text}]

    def _summon(self, state, seat):
        """SB-11 steps 1-3 (step 3 may stop at a steal prompt), then _after_elements."""
        pending = state["pending"]
        card, space = pending["card"], pending["space"]
        hand, store = state["hands"][seat], token_store(state, seat)
        element = ELEMENT[card]
        (state["discard"] if pending.get("from_discard") else hand).remove(card)  # step 1: pay, place the card
        for c in pending["cards"]:
            hand.remove(c)
        state["discard"].extend(pending["cards"])
        store[element] -= pending["paid_tokens"]
        state["supply"][element] += pending["paid_tokens"]
        covered = top(state, space)
        state["board"][space].append(card)
        events = [{"type": "summon", "seat": seat, "commit": True, "announce": True,
                   "text": self._summon_words(seat, pending, covered)}]
        token = state["board_tokens"].pop(space, None)  # step 2: covering a token
        if token:
            store[token] += 1
            self._mark_fresh(state, seat, token)
            words = (M("{who} takes the {element} token on {space} for the team.", who=seat_name(seat), element=ELEMENT_NAMES[token],
                       space=space) if is_coop(state) else
                     M("{who} takes the {element} token on {space}.", who=seat_name(seat), element=ELEMENT_NAMES[token], space=space))
            events.append({"type": "token", "seat": seat, "announce": True, "text": words})
        if pending["ascend"]:  # step 3
            if state["supply"][element] > 0:
                state["supply"][element] -= 1
                store[element] += 1
                self._mark_fresh(state, seat, element)
                words = (M("Ascend: {who} gains {a_element} token from the supply for the team.", who=seat_name(seat),
                           a_element=A_ELEMENT[element]) if is_coop(state) else
                         M("Ascend: {who} gains {a_element} token from the supply.", who=seat_name(seat), a_element=A_ELEMENT[element]))
                events.append({"type": "token", "seat": seat, "announce": True, "text": words})
            elif is_coop(state):
                events.append({"type": "token", "seat": seat, "text": M("Ascend: no {element} token is left in the supply (SB-19).",
                                                                          element=ELEMENT_NAMES[element])})
            else:
                holders = self.steal_from(state, seat, element)
                if len(holders) > 1:
                    state["phase"] = "steal"
                    events.append({"type": "steal-prompt", "seat": seat, "announce": True,
                                   "text": M("No {element} token is left in the supply: {who} chooses whom to take one from.",
                                             element=ELEMENT_NAMES[element], who=seat_name(seat))})
                    return events
                if holders:
                    events += self._take_element(state, seat, element, holders[0])
                else:
                    events.append({"type": "token", "seat": seat,
                                   "text": M("Ascend: no {element} token is left anywhere; {who} gains none.",
                                             element=ELEMENT_NAMES[element], who=seat_name(seat))})
        return events + self._after_elements(state, seat)

    @staticmethod
    def _summon_words(seat, pending, covered):
        """SB-11 step 1 in words: the Summon or Ascend and what paid for it."""
        card, space, price = pending["card"], pending["space"], pending["cost"]
        element = ELEMENT[card]
        args = dict(who=seat_name(seat), card=card_words(card), space=space)
        paid = cards_words(pending["cards"]) + [M("{a_element} token", a_element=A_ELEMENT[element])] * pending["paid_tokens"]
        if pending["ascend"]:
            args.update(animal=ANIMAL_NAMES[ANIMAL[card]], covered=card_words(covered))
            if pending.get("from_discard"):
                return M("{who} ascends the {animal} (covering {covered}) on {space} with {card} from the discard pile with the "
                         "Wood scroll, at no cost.", **args)
            if not paid:
                return M("{who} ascends the {animal} (covering {covered}) on {space} with {card} for 0 items.", **args)
            return P("{who} ascends the {animal} (covering {covered}) on {space} with {card} for {n} item: {paid}.",
                     "{who} ascends the {animal} (covering {covered}) on {space} with {card} for {n} items: {paid}.",
                     price, paid=paid, **args)
        if pending.get("from_discard"):
            return M("{who} summons {card} into {space} from the discard pile with the Wood scroll, at no cost.", **args)
        if not paid:
            return M("{who} summons {card} into {space} for 0 items.", **args)
        return P("{who} summons {card} into {space} for {n} item: {paid}.", "{who} summons {card} into {space} for {n} items: {paid}.",
                 price, paid=paid, **args)

    def _take_element(self, state, seat, element, victim):
        self._lose_token(state, victim, element)
        state["tokens"][seat][element] += 1
        self._mark_fresh(state, seat, element)
        return [{"type": "steal", "seat": seat, "announce": True, "commit": True,
                 "text": M("Ascend: no {element} token in the supply, so {who} takes one from {victim}.",
                           element=ELEMENT_NAMES[element], who=seat_name(seat), victim=seat_name(victim))}]

    def _after_elements(self, state, seat):
        """SB-11 step 4 (competitive: animal token and years; co-op: locking), step 5 (the Spirit
        Scrolls' claim joins here, SB-22), then the action is done."""
        pending = state["pending"]
        card = pending["card"]
        animal = ANIMAL[card]
        events = []
        if is_coop(state):
            if RANK[card] == TOP_RANK:  # SB-20: the animal token goes on top; locked
                state["locked"].append(animal)
                events.append({"type": "lock", "seat": seat, "announce": True,
                               "text": M("The {animal} reaches rank {rank}: locked ({count} of 12).", animal=ANIMAL_NAMES[animal],
                                         rank=TOP_RANK, count=len(state["locked"]))})
                if len(state["locked"]) == len(ANIMALS):  # SB-21: the game ends at once
                    events.append({"type": "end", "announce": True, "commit": True,
                                   "text": M("All 12 animals are at rank 5: the calendar is complete!")})
                    return events + self._end_game(state)
        else:
            holder = state["owner"][animal]
            if holder != seat:
                state["owner"][animal] = seat
                count = sum(1 for o in state["owner"].values() if o == seat)
                state["years"][seat] += count
                if holder is None:
                    words = P("{who} takes the {animal} token from the supply and scores {n} year (one per animal token held).",
                              "{who} takes the {animal} token from the supply and scores {n} years (one per animal token held).",
                              count, who=seat_name(seat), animal=ANIMAL_NAMES[animal])
                else:
                    words = P("{who} takes the {animal} token from {holder} and scores {n} year (one per animal token held).",
                              "{who} takes the {animal} token from {holder} and scores {n} years (one per animal token held).",
                              count, who=seat_name(seat), animal=ANIMAL_NAMES[animal], holder=seat_name(holder))
                events.append({"type": "animal", "seat": seat, "announce": True, "text": words})
            elif pending["ascend"]:
                count = sum(state["tokens"][seat].values())
                state["years"][seat] += count
                events.append({"type": "years", "seat": seat, "announce": True,
                               "text": P("{who} already holds the {animal} token: the Ascend scores {n} year (one per element token held).",
                                         "{who} already holds the {animal} token: the Ascend scores {n} years (one per element token held).",
                                         count, who=seat_name(seat), animal=ANIMAL_NAMES[animal])})
            if state["years"][seat] >= END_YEARS:
                events += self._trigger_end(state, "years", seat)
        if state["scrolls"] and claim_options(state, seat):  # step 5: a Spirit Scroll claim (SB-22)
            state["phase"] = "claim"
            return events
        return events + self._action_done(state, seat)

    # --- Spirit Scrolls (SB-22..SB-25) ----------------------------------------------------------------
    @staticmethod
    def _mark_fresh(state, seat, element, count=1):
        """SB-25: a token the player to act gains during its second action waits for its next turn."""
        if state["scrolls"] and seat == state["turn"] and state["done"] == ACTIONS_PER_TURN - 1:
            state["fresh"][seat][element] += count

    @staticmethod
    def _lose_token(state, seat, element):
        state["tokens"][seat][element] -= 1
        fresh = state["fresh"][seat]
        fresh[element] = min(fresh[element], state["tokens"][seat][element])

    def _score(self, state, seat, years):
        """Years scored by a scroll effect (SB-24); 60 years triggers the end (SB-12)."""
        state["years"][seat] += years
        state["scroll_years"][seat] += years
        if state["years"][seat] >= END_YEARS:
            return self._trigger_end(state, "years", seat)
        return []

    def _claim(self, state, seat, arg):
        """SB-22: take the scroll (lower ones in its stack to the box), return the exchanged one
        into its stack in level order, pay the years; the new scroll is active."""
        if arg == "none":
            events = [{"type": "claim", "seat": seat, "text": M("{who} claims no scroll.", who=seat_name(seat))}]
            return events + self._action_done(state, seat)
        taken, _, back = arg.partition("/")
        element, level = scroll_parts(taken)
        price = level
        stack = state["stacks"][element]
        boxed = [scroll_id(element, lv) for lv in stack if lv < level]
        state["box"] += boxed
        stack[:] = [lv for lv in stack if lv > level]
        if back:
            price = max(MIN_CLAIM_COST, level - scroll_parts(back)[1])
            del state["owned"][seat][back]
            stack.append(scroll_parts(back)[1])
            stack.sort()
        state["owned"][seat][taken] = True
        state["years"][seat] -= price
        state["scroll_paid"][seat] += price
        events = [{"type": "claim", "seat": seat, "announce": True, "rules": ["SB-22"],
                   "text": self._claim_words(seat, taken, back, boxed, price)}]
        return events + self._action_done(state, seat)

    @staticmethod
    def _claim_words(seat, taken, back, boxed, price):
        """SB-22's claim in words: the price, the scroll returned, the scrolls sent to the box."""
        args = dict(who=seat_name(seat), scroll=scroll_words(taken), boxed=[scroll_words(b) for b in boxed])
        if back:
            args["back"] = scroll_words(back)
            if len(boxed) > 1:
                return P("{who} claims the {scroll} for {n} year, returning the {back} in exchange; {boxed} go to the box.",
                         "{who} claims the {scroll} for {n} years, returning the {back} in exchange; {boxed} go to the box.",
                         price, **args)
            if boxed:
                return P("{who} claims the {scroll} for {n} year, returning the {back} in exchange; {boxed} goes to the box.",
                         "{who} claims the {scroll} for {n} years, returning the {back} in exchange; {boxed} goes to the box.",
                         price, **args)
            return P("{who} claims the {scroll} for {n} year, returning the {back} in exchange.",
                     "{who} claims the {scroll} for {n} years, returning the {back} in exchange.", price, **args)
        if len(boxed) > 1:
            return P("{who} claims the {scroll} for {n} year; {boxed} go to the box.",
                     "{who} claims the {scroll} for {n} years; {boxed} go to the box.", price, **args)
        if boxed:
            return P("{who} claims the {scroll} for {n} year; {boxed} goes to the box.",
                     "{who} claims the {scroll} for {n} years; {boxed} goes to the box.", price, **args)
        return P("{who} claims the {scroll} for {n} year.", "{who} claims the {scroll} for {n} years.", price, **args)

    def _refresh(self, state, seat, arg):
        """SB-25: an inactive scroll turns active for a token of its element or the one generating it."""
        sid, pay = self._flip_active(state, seat, arg)
        events = [{"type": "refresh", "seat": seat, "announce": True, "rules": ["SB-25"],
                   "text": M("{who} refreshes the {scroll} with {a_element} token: it is active again.", who=seat_name(seat),
                             scroll=scroll_words(sid), a_element=A_ELEMENT[pay])}]
        if state["phase"] == "main" and not self.can_act(state, seat):  # SB-6: nothing left to do this turn
            events += self._finish_turn(state, seat)
        return events

    def _flip_active(self, state, seat, arg):
        """SB-25's payment and flip, "Fire2/Wood" -> ("Fire2", "Wood")."""
        sid, _, pay = arg.partition("/")
        self._lose_token(state, seat, pay)
        state["supply"][pay] += REFRESH_TOKENS
        state["owned"][seat][sid] = True
        return sid, pay

    def _activate(self, state, seat, sid):
        """SB-24: flip the scroll; its first decision follows (Water: its first token)."""
        state["owned"][seat][sid] = False
        state["activation"] = {"scroll": sid}
        element = scroll_parts(sid)[0]
        if element == "Water":
            state["activation"].update(left=scroll_parts(sid)[1], taken=0)
        state["phase"] = "water" if element == "Water" else "activate"
        return [{"type": "activate", "seat": seat, "announce": True, "rules": ["SB-24"],
                 "text": M("{who} activates the {scroll}.", who=seat_name(seat), scroll=scroll_words(sid))}]

    def _scroll_wood(self, state, seat, arg):
        """Wood: the chosen discard card is summoned like any card, at no cost (SB-11 applies)."""
        state["pending"] = {"card": int(arg), "space": None, "cost": WOOD_SUMMON_COST, "ascend": False, "cards": [],
                            "paid_tokens": 0, "moved": None, "from_discard": True}
        state["phase"] = "place"
        return []

    def _scroll_fire(self, state, seat, animal):
        """Fire: the animal's cards to the discard pile, 1 year per card; then its token holder's
        element token (maybe a choice of source), then the animal token to the supply."""
        home = stack_of(state, animal)
        stack = state["board"][home]
        element = ELEMENT[stack[-1]]
        state["board"][home] = []
        state["discard"].extend(stack)
        years = FIRE_YEARS_PER_CARD * len(stack)
        events = [{"type": "fire", "seat": seat, "announce": True,
                   "text": P("{who} removes the {animal} from {space} ({cards} to the discard pile) and scores {n} year.",
                             "{who} removes the {animal} from {space} ({cards} to the discard pile) and scores {n} years.",
                             years, who=seat_name(seat), animal=ANIMAL_NAMES[animal], space=home, cards=cards_words(stack))}]
        events += self._score(state, seat, years)
        holder = state["owner"][animal]
        if holder is None:
            return events + self._action_done(state, seat)
        state["activation"].update(animal=animal, element=element, holder=holder)
        sources = fire_sources(state, holder, element)
        if len(sources) > 1:
            state["phase"] = "source"
            return events
        if sources:
            return events + self._scroll_source(state, seat, sources[0][len("source:"):])
        events.append({"type": "token", "seat": seat,
                       "text": M("No {element} token is left anywhere: {who} gains none.", element=ELEMENT_NAMES[element],
                                 who=seat_name(holder))})
        return events + self._fire_done(state, seat)

    def _scroll_source(self, state, seat, where):
        act = state["activation"]
        holder, element = act["holder"], act["element"]
        args = dict(who=seat_name(holder), animal=ANIMAL_NAMES[act["animal"]], a_element=A_ELEMENT[element])
        if where == "supply":
            state["supply"][element] -= 1
            text = M("{who}, who held the {animal} token, gains {a_element} token from the supply.", **args)
        elif where.startswith("seat"):
            victim = int(where[4:])
            self._lose_token(state, victim, element)
            text = M("{who}, who held the {animal} token, gains {a_element} token from {victim}.", victim=seat_name(victim), **args)
        else:
            del state["board_tokens"][where]
            text = M("{who}, who held the {animal} token, gains {a_element} token from the board ({space}).", space=where, **args)
        state["tokens"][holder][element] += 1
        self._mark_fresh(state, holder, element)
        events = [{"type": "token", "seat": holder, "announce": True, "text": text}]
        return events + self._fire_done(state, seat)

    def _fire_done(self, state, seat):
        animal = state["activation"]["animal"]
        state["owner"][animal] = None
        events = [{"type": "animal", "seat": seat, "text": M("The {animal} token returns to the supply.", animal=ANIMAL_NAMES[animal])}]
        return events + self._action_done(state, seat)

    def _scroll_earth(self, state, seat, animal):
        """Earth: the animal's discard cards of rank <= L into the hand (the pile is public, so the
        log names them), 1 year per card."""
        level = scroll_parts(state["activation"]["scroll"])[1]
        cards = sorted(c for c in state["discard"] if ANIMAL[c] == animal and RANK[c] <= level)
        state["discard"] = [c for c in state["discard"] if c not in cards]
        state["hands"][seat] = sorted(state["hands"][seat] + cards)
        years = EARTH_YEARS_PER_CARD * len(cards)
        events = [{"type": "earth", "seat": seat, "announce": True,
                   "text": P("{who} takes {cards} from the discard pile into their hand and scores {n} year.",
                             "{who} takes {cards} from the discard pile into their hand and scores {n} years.",
                             years, who=seat_name(seat), cards=cards_words(cards))}]
        return events + self._score(state, seat, years) + self._action_done(state, seat)

    def _scroll_metal(self, state, seat, animal):
        """Metal: score the animal's level, then choose: move its stack or swap its top card."""
        home = stack_of(state, animal)
        level = RANK[state["board"][home][-1]]
        state["activation"]["animal"] = animal
        state["phase"] = "metal"
        events = [{"type": "metal", "seat": seat, "announce": True,
                   "text": P("{who} chooses the {animal} on {space} and scores its level, {n} year.",
                             "{who} chooses the {animal} on {space} and scores its level, {n} years.",
                             level, who=seat_name(seat), animal=ANIMAL_NAMES[animal], space=home)}]
        return events + self._score(state, seat, level)

    def _scroll_moveto(self, state, seat, dst):
        animal = state["activation"]["animal"]
        src = stack_of(state, animal)
        board = state["board"]
        board[dst], board[src] = board[src], []
        args = dict(who=seat_name(seat), animal=ANIMAL_NAMES[animal], src=src, dst=dst)
        text = M("{who} moves the {animal} from {src} to {dst}.", **args)
        token = state["board_tokens"].pop(dst, None)
        if token:  # SB-24 (ruling): a token on the new space is the player's
            state["tokens"][seat][token] += 1
            self._mark_fresh(state, seat, token)
            text = M("{who} moves the {animal} from {src} to {dst} and takes the {element} token there.",
                     element=ELEMENT_NAMES[token], **args)
        return [{"type": "move", "seat": seat, "announce": True, "text": text}] + self._action_done(state, seat)

    def _scroll_swap(self, state, seat, arg):
        animal = state["activation"]["animal"]
        stack = state["board"][stack_of(state, animal)]
        card, old_top = int(arg), stack[-1]
        i = stack.index(card)
        stack[i], stack[-1] = old_top, card
        events = [{"type": "swap", "seat": seat, "announce": True,
                   "text": M("{who} swaps the {animal}'s top card {old} with {card} below it: the {animal} is now {card}.",
                             who=seat_name(seat), animal=ANIMAL_NAMES[animal], old=card_words(old_top), card=card_words(card))}]
        return events + self._action_done(state, seat)

    def _scroll_water(self, state, seat, arg):
        """Water: one unclaimed token at a time, up to L; stop at will after the first."""
        act = state["activation"]
        if arg == "done":
            return [{"type": "water", "seat": seat, "text": M("{who} stops taking tokens.", who=seat_name(seat))}] + self._action_done(state, seat)
        if arg.startswith("supply:"):
            element = arg[len("supply:"):]
            state["supply"][element] -= 1
            text = M("{who} takes {a_element} token from the supply with the Water scroll.", who=seat_name(seat), a_element=A_ELEMENT[element])
        else:
            element = state["board_tokens"].pop(arg)
            text = M("{who} takes {a_element} token from the board ({space}) with the Water scroll.", who=seat_name(seat),
                     a_element=A_ELEMENT[element], space=arg)
        state["tokens"][seat][element] += 1
        self._mark_fresh(state, seat, element)
        act["left"] -= 1
        act["taken"] += 1
        events = [{"type": "water", "seat": seat, "announce": True, "text": text}]
        if act["left"] == 0 or not water_actions(state):
            return events + self._action_done(state, seat)
        return events

    def _trigger_end(self, state, why, seat=None):
        """SB-12 / SB-21: finish the round; a trigger is never undone."""
        if state["ending"] is not None:
            return []
        n = state["players"]
        state["ending"] = why
        state["last"] = (state["first"] - 1) % n
        still = []
        s = state["turn"]
        while s != state["last"]:
            s = (s + 1) % n
            still.append(s)
        args = dict(who=seat_name(seat) if seat is not None else "", years=END_YEARS, still=[seat_name(x) for x in still])
        if why == "deck":
            if len(still) > 1:
                text = M("The deck is empty: the end is triggered; this turn is finished, then {still} play to end the round.", **args)
            elif still:
                text = M("The deck is empty: the end is triggered; this turn is finished, then {still} plays to end the round.", **args)
            else:
                text = M("The deck is empty: the end is triggered; this is the last turn of the game.", **args)
        elif len(still) > 1:
            text = M("{who} reaches {years} years: the end is triggered; this turn is finished, then {still} play to end the round.",
                     **args)
        elif still:
            text = M("{who} reaches {years} years: the end is triggered; this turn is finished, then {still} plays to end the round.",
                     **args)
        else:
            text = M("{who} reaches {years} years: the end is triggered; this is the last turn of the game.", **args)
        return [{"type": "end-trigger", "announce": True, "commit": True, "text": text}]

    def _action_done(self, state, seat):
        """SB-6: count the main action; after the second (or with none legal) the turn ends."""
        state["done"] += 1
        state["pending"] = None
        state["activation"] = None
        state["phase"] = "main"
        if state["done"] < ACTIONS_PER_TURN and self.can_act(state, seat):
            return []
        return self._finish_turn(state, seat)

    def _finish_turn(self, state, seat):
        events = []
        if state["done"] < ACTIONS_PER_TURN:
            events.append({"type": "lost", "seat": seat, "text": M("{who} has no legal action left: the rest of the turn is lost (SB-6).",
                                                                     who=seat_name(seat))})
        if len(state["hands"][seat]) > HAND_LIMIT:
            state["phase"] = "discard"
            return events
        return events + self._end_turn(state)

    def _end_turn(self, state):
        n = state["players"]
        if state["ending"] is not None and state["turn"] == state["last"]:
            return self._end_game(state)
        state["turn"] = (state["turn"] + 1) % n
        state["turn_no"] += 1
        state["done"] = 0
        state["phase"] = "main"
        state["fresh"][state["turn"]] = {e: 0 for e in ELEMENTS}  # SB-25: usable again from this turn on
        events = []
        if state["ending"] is not None:
            who = seat_name(state["turn"])
            events.append({"type": "final", "seat": state["turn"], "announce": True,
                           "text": M("Final round: {who}'s turn, the last of the game.", who=who) if state["turn"] == state["last"]
                           else M("Final round: {who}'s turn.", who=who)})
        if not self.can_act(state, state["turn"]):
            events += self._finish_turn(state, state["turn"])
        return events

    def _end_game(self, state):
        state["over"] = True
        state["phase"] = "over"
        state["pending"] = None
        result = self.result(state)
        if is_coop(state):
            text = M("Game over: {headline}", headline=result["headline"])
        elif len(result["winners"]) == 1:
            text = M("Game over: {who} wins with {years} years.", who=seat_name(result["winners"][0]), years=max(result["scores"]))
        else:
            text = M("Game over: {who} win together with {years} years.", who=[seat_name(s) for s in result["winners"]],
                     years=max(result["scores"]))
        return [{"type": "over", "announce": True, "commit": True, "text": text}]

    # --- the end -----------------------------------------------------------------------------------
    def result(self, state):
        n = state["players"]
        if is_coop(state):
            at_five, bonus = coop_score(state)
            total = at_five + bonus
            rows = []
            for space in SPACES:
                stack = state["board"][space]
                if stack and RANK[stack[-1]] == TOP_RANK:
                    rows.append({"label": P("{animal} at rank 5 ({n} card)", "{animal} at rank 5 ({n} cards)", len(stack),
                                            animal=ANIMAL_NAMES[ANIMAL[stack[0]]]),
                                 "kind": "line", "values": [len(stack)] * n})
            rows.append({"label": M("Perfect clear bonus (cards left in the deck and the row)") if bonus else
                         M("Perfect clear bonus (not earned)"), "kind": "line", "values": [bonus] * n})
            rows.append({"label": M("Total"), "kind": "total", "values": [total] * n})
            rank = rank_words(total)
            notes = [M("{locked} of 12 animals at rank 5. Team score {score}: rank {rank}.", locked=len(state["locked"]), score=total,
                       rank=rank)]
            if bonus:
                notes.append(M("Perfect clear! +{bonus} for the cards left in the deck and the row.", bonus=bonus))
            perfect = len(state["locked"]) == len(ANIMALS)
            if coop_rank(total).endswith("!"):  # "Master!" ends the sentence itself
                headline = (M("Perfect clear! Team score {score}: {rank}", score=total, rank=rank) if perfect
                            else M("Team score {score}: {rank}", score=total, rank=rank))
            else:
                headline = (M("Perfect clear! Team score {score}: {rank}.", score=total, rank=rank) if perfect
                            else M("Team score {score}: {rank}.", score=total, rank=rank))
            return {"scores": [total] * n, "winners": list(range(n)), "sheet": rows, "notes": notes,
                    "turns": state["turn_no"], "rank": rank, "cooperative": True, "headline": headline}
        parts = [final_years(state, s) for s in range(n)]
        scores = [sum(p) for p in parts]
        rows = [{"label": M("Years during play"), "kind": "line", "values": [p[0] for p in parts]}]
        if state["scrolls"]:  # SB-22, SB-24: the years of play, split by where they came from
            rows = [{"label": M("Years from summons"), "kind": "line",
                     "values": [p[0] - state["scroll_years"][s] + state["scroll_paid"][s] for s, p in enumerate(parts)]},
                    {"label": M("Years from scroll effects"), "kind": "line", "values": list(state["scroll_years"])},
                    {"label": M("Years paid for scrolls"), "kind": "line", "values": [-y for y in state["scroll_paid"]]}]
        rows += [
            {"label": M("Element tokens"), "kind": "line", "values": [p[1] for p in parts]},
            {"label": M("Hand cards of your animal tokens"), "kind": "line", "values": [p[2] for p in parts]},
        ]
        best = max(scores)
        top_seats = [s for s in range(n) if scores[s] == best]
        winners = top_seats
        notes = []
        if len(top_seats) > 1:  # SB-14
            animal = year_animal(state["year"])
            holder = state["owner"][animal]
            args = dict(years=best, tied=[seat_name(s) for s in top_seats], year=state["year"], animal=ANIMAL_NAMES[animal])
            if holder in top_seats:
                winners = [holder]
                notes.append(M("Tied at {years} years: {tied}. Tie-break: {year} is the year of the {animal}; "
                               "{who} holds the {animal} token and wins.", who=seat_name(holder), **args))
            else:
                notes.append(M("Tied at {years} years: {tied}. Tie-break: {year} is the year of the {animal}; "
                               "no tied player holds the {animal} token: a shared win.", **args))
            rows.append({"label": M("Tie-break: {animal} token ({year})", animal=ANIMAL_NAMES[animal], year=state["year"]),
                         "kind": "tiebreak", "values": [N_("yes") if state["owner"][animal] == s else "—" for s in range(n)]})
        rows.append({"label": M("Total"), "kind": "total", "values": scores})
        return {"scores": scores, "winners": winners, "sheet": rows, "notes": notes, "turns": state["turn_no"]}

    def record(self, state):
        if not state["over"] or not is_coop(state):
            return None
        n = state["players"]
        label = (M("best co-operative score (solo)") if n == 1 else
                 P("best co-operative score ({n} player)", "best co-operative score ({n} players)", n))
        return {"key": "coop{}".format(n), "label": label,
                "seat": 0, "value": self.result(state)["scores"][0], "higher": True}

    # --- reading -----------------------------------------------------------------------------------
    def progress(self, state):
        if state["over"]:
            return M("Finished")
        args = dict(turn=state["turn_no"], action=min(state["done"] + 1, ACTIONS_PER_TURN), actions=ACTIONS_PER_TURN)
        if state["ending"] is not None:
            return M("Turn {turn} · action {action} of {actions} · final round", **args)
        return P("Turn {turn} · action {action} of {actions} · {n} card in the deck",
                 "Turn {turn} · action {action} of {actions} · {n} cards in the deck", len(state["deck"]), **args)

    def hidden_names(self, state, seat):
        # Co-op hands are open (SB-19): only a competitive hand is a secret.
        return {} if is_coop(state) else {c: card_name(c) for c in state["hands"][seat]}

    def _view(self, state, seat):
        n = state["players"]
        me = seat if isinstance(seat, int) and 0 <= seat < n else None
        open_hands = is_coop(state) or state["over"]
        v = {k: state[k] for k in ("mode", "players", "first", "year", "turn", "turn_no", "done", "phase", "ending", "last", "over")}
        v.update({
            "me": me, "deck_size": len(state["deck"]), "row": list(state["row"]), "discard": list(state["discard"]),
            "board": {sp: list(st) for sp, st in state["board"].items()}, "board_tokens": dict(state["board_tokens"]),
            "supply": dict(state["supply"]), "tokens": [dict(t) for t in state["tokens"]], "pool": dict(state["pool"]),
            "owner": dict(state["owner"]), "locked": list(state["locked"]), "years": list(state["years"]),
            "hands": [list(h) if (open_hands or s == me) else None for s, h in enumerate(state["hands"])],
            "hand_sizes": [len(h) for h in state["hands"]],
            "scrolls": state["scrolls"], "stacks": {e: list(l) for e, l in state["stacks"].items()},
            "owned": [dict(o) for o in state["owned"]], "box": list(state["box"]), "fresh": [dict(f) for f in state["fresh"]],
            "scroll_years": list(state["scroll_years"]), "scroll_paid": list(state["scroll_paid"]),
            "activation": clone(state["activation"]),
        })
        pending = state["pending"]
        # A competitive Summon is private until it is paid (the card and payment come from a hidden hand).
        # A Wood-scroll summon comes from the public discard pile; at the claim prompt the card is placed.
        shown = pending is not None and (is_coop(state) or me == state["turn"] or state["phase"] in ("steal", "claim")
                                         or bool(pending.get("from_discard")))
        v["pending"] = clone(pending) if shown else None
        return v

    def audit(self, state):
        problems = []
        cards = list(state["deck"]) + [c for c in state["row"] if c is not None] + list(state["discard"])
        for hand in state["hands"]:
            cards += hand
        for stack in state["board"].values():
            cards += stack
        if sorted(cards) != list(CARDS):
            problems.append("cards are not conserved: {} in play for {}".format(len(cards), len(CARDS)))
        for e in ELEMENTS:
            count = state["supply"][e] + state["pool"][e] + sum(t[e] for t in state["tokens"])
            count += sum(1 for x in state["board_tokens"].values() if x == e)
            if count != TOKENS_PER_ELEMENT:
                problems.append("{} tokens are not conserved: {}".format(e, count))
            if min([state["supply"][e], state["pool"][e]] + [t[e] for t in state["tokens"]]) < 0:
                problems.append("a negative count of {} tokens".format(e))
        seen = set()
        for space, stack in state["board"].items():
            if not stack:
                continue
            animal = ANIMAL[stack[0]]
            if animal in seen:
                problems.append("two stacks of the {}".format(animal))
            seen.add(animal)
            # SB-24 Metal's swap may leave a stack out of rank order (house ruling in data.py)
            rising = state["scrolls"] or all(RANK[a] < RANK[b] for a, b in zip(stack, stack[1:]))
            if any(ANIMAL[c] != animal for c in stack) or not rising:
                problems.append("the stack on {} is not one animal in rising ranks".format(space))
            if space in state["board_tokens"]:
                problems.append("a token lies under the stack on {}".format(space))
        for animal in state["locked"]:
            home = stack_of(state, animal)
            if home is None or RANK[state["board"][home][-1]] != TOP_RANK:
                problems.append("the {} is locked below rank 5".format(animal))
        if any(y < MIN_YEARS for y in state["years"]):
            problems.append("years below {}".format(MIN_YEARS))
        if is_coop(state) and (any(state["years"]) or any(o is not None for o in state["owner"].values())):
            problems.append("years or animal tokens in a co-op game")
        for s, hand in enumerate(state["hands"]):
            if hand != sorted(hand):
                problems.append("seat {}'s hand is not sorted".format(s))
        problems += self._audit_scrolls(state)
        if state["phase"] not in PHASES:
            problems.append("unknown phase {}".format(state["phase"]))
        if not state["over"] and state["phase"] == "discard" and len(state["hands"][state["turn"]]) <= HAND_LIMIT:
            problems.append("a discard prompt with a hand within the limit")
        return problems

    @staticmethod
    def _audit_scrolls(state):
        """SB-22: the 25 scrolls are conserved (stacks + players + box), each stack in level order;
        SB-25: tokens waiting for the next turn are tokens held."""
        if not state["scrolls"]:
            return [] if not (state["box"] or any(state["owned"]) or any(state["stacks"].values())) else ["scrolls in a game without them"]
        problems = []
        ids = [scroll_id(e, lv) for e, stack in state["stacks"].items() for lv in stack] + list(state["box"])
        for owned in state["owned"]:
            ids += list(owned)
        if len(ids) != SCROLL_COUNT or len(set(ids)) != SCROLL_COUNT:
            problems.append("scrolls are not conserved: {} ({} distinct) for {}".format(len(ids), len(set(ids)), SCROLL_COUNT))
        for e, stack in state["stacks"].items():
            if stack != sorted(stack):
                problems.append("the {} scroll stack is out of level order".format(e))
        for seat, fresh in enumerate(state["fresh"]):
            if any(fresh[e] > state["tokens"][seat][e] for e in ELEMENTS):
                problems.append("seat {} has more tokens waiting than it holds".format(seat))
        return problems

    # --- for bots and the test harness -------------------------------------------------------------
    def scramble(self, state, seat, rng):
        state = clone(state)
        n = state["players"]
        if is_coop(state):
            rng.shuffle(state["deck"])
        else:
            hidden = [s for s in range(n) if s != seat] if not state["over"] else []
            state["deck"], renamed = redeal_hands(state["hands"], hidden, state["deck"], rng)
            pending = state["pending"]
            if pending is not None and state["turn"] in hidden and state["phase"] in ("place", "pay") \
                    and not pending.get("from_discard"):
                pending["card"] = renamed[pending["card"]]
                pending["cards"] = [renamed[c] for c in pending["cards"]]
        state["rng"] = new_rng(rng.getrandbits(63))
        return state

    def sample_state(self, view, seat, rng):
        """A full state consistent with `view`: unseen hands and the deck order drawn at random."""
        known = set(view["row"]) | set(view["discard"])
        for stack in view["board"].values():
            known.update(stack)
        for hand in view["hands"]:
            if hand is not None:
                known.update(hand)
        pool = [c for c in CARDS if c not in known]
        rng.shuffle(pool)
        hands = []
        for s, hand in enumerate(view["hands"]):
            if hand is not None:
                hands.append(list(hand))
            else:
                hands.append(sorted(pool[:view["hand_sizes"][s]]))
                del pool[:view["hand_sizes"][s]]
        state = clone({k: v for k, v in view.items() if k not in ("me", "deck_size", "hand_sizes", "hands")})
        state.update(deck=pool, hands=hands, rng=new_rng(rng.getrandbits(63)))
        return state
