"""Flowers' bots. Everything is public but the stacks' order, so both read the gardens and the
two face-up cards from the view, and treat the face-down stack's top as any unseen card.

Both judge a garden by an estimate of its final score (`Board`): an exact number group is safe,
a group that is too big is lost with the cards under it, a group still short of its size is at
risk (more so as the stacks run down), a colour area of 5+ scores a point per card and a smaller
one is worth part of that, a butterfly touching its colour scores. A placement is judged by the
change it makes, computed on the few groups and areas around the cell, so every cell can be
tried quickly.

Normal: greedy. It takes the card whose best placement gains the most (the face-down stack is
valued by sampling unseen cards) and places it there: it builds exact number groups and grows
large colour areas.

Hard: looks a turn further, over the hidden cards. For each card it could take it tries its best
few placements and adds what the next turn then offers: the face-up cards it leaves (if likely
still there) against unseen cards sampled from what it cannot see. It weighs the best card it
leaves to the next player, reads the pace of the game from the stacks (solo: it controls the
end, so it keeps every stack alive as long as it can), and judges a take that empties a stack
(FL-9) by the exact final scores: a win or a loss, or in solo the final score itself. It also
counts as a loss the chance that what it leaves (a stack at one card) lets the next player end
the game and win (`EndRisk`).
"""

from tabletop import M, P, either, seat_name
from tabletop import bots as botlib
from tabletop import search
from tabletop.msg import clauses

from .data import (AREA_MIN, AREA_POINTS, BUTTERFLY, BUTTERFLY_POINTS, CARDS, COLOUR, COLOUR_NAMES, FACE_UP, GROUP_SIZE, NUMBER,
                   SYMBOLS)
from .rules import card_name, components, neighbours, ranking, score_garden


def same_number(a, b):
    return NUMBER[a] == NUMBER[b]


def same_colour(a, b):
    return COLOUR[a] == COLOUR[b]


class Weights:
    """The evaluation's knobs (bot strength only, not rules)."""

    def __init__(self, grow_rate=0.35, fail_risk=1.0, area_potential=0.6, area_horizon=8.0, fly_potential=0.3,
                 turns_per_stack_card=2.5):
        self.grow_rate = grow_rate  # chance per own turn left of adding a missing card to a group
        self.fail_risk = fail_risk  # share of a too-big group's cards counted as lost
        self.area_potential = area_potential  # worth of a card in an area still under 5
        self.area_horizon = area_horizon  # own turns left from which small areas keep full potential
        self.fly_potential = fly_potential  # worth of a butterfly that could still touch its colour
        self.turns_per_stack_card = turns_per_stack_card  # total takes left per card of the lowest stack


NORMAL = Weights()


def turns_left(view, weights):
    """Own turns left, roughly: the game ends when a stack runs out (FL-9)."""
    lowest = min(s["count"] for s in view["stacks"])
    return lowest * weights.turns_per_stack_card / view["players"]


class Board:
    """A garden for evaluation: visible card and stack height per cell, its number groups and
    colour areas (cells, size, cards under them), and their estimated worth."""

    def __init__(self, garden, turns, weights):
        self.top = {k: s[-1] for k, s in garden.items()}
        self.height = {k: len(s) for k, s in garden.items()}
        self.turns = turns
        self.w = weights
        self.group_of, self.group_cells = self._index(same_number)
        self.area_of, self.area_cells = self._index(same_colour)
        self.group_cards = [sum(self.height[c] for c in cells) for cells in self.group_cells]
        self.group_value = [self.group_worth(NUMBER[self.top[cells[0]]], len(cells), cards)
                            for cells, cards in zip(self.group_cells, self.group_cards)]
        self.area_value = [self.area_worth(len(cells)) for cells in self.area_cells]
        self.flies = {k for k, c in self.top.items() if BUTTERFLY[c] is not None}

    # --- worth of the parts ------------------------------------------------------------------
    def group_worth(self, number, size, cards):
        """A number group of `size` visible cards with `cards` cards in all (FL-10, FL-11)."""
        need = GROUP_SIZE[number]
        if size == need:
            return 0.0
        if size > need:
            return -self.w.fail_risk * cards
        risk = min(1.0, (need - size) / (1.0 + self.turns * self.w.grow_rate))
        return -risk * cards

    def area_worth(self, size):
        """A colour area of `size` cards (FL-12); a smaller one for what it may become."""
        if size >= AREA_MIN:
            return float(size)
        return size * self.w.area_potential * size / AREA_MIN * min(1.0, self.turns / self.w.area_horizon)

    def fly_worth(self, key):
        """A butterfly on `key` (FL-13): scoring, or able to touch its colour later."""
        card = self.top.get(key)
        if card is None or BUTTERFLY[card] is None:
            return 0.0
        fly = BUTTERFLY[card]
        space = False
        for other in neighbours(key):
            near = self.top.get(other)
            if near is None:
                space = True
            elif COLOUR[near] == fly:
                return 1.0
        return self.w.fly_potential * min(1.0, self.turns / 5.0) if space else 0.0

    def _index(self, same):
        owner, parts = {}, []
        for start in self.top:
            if start not in owner:
                cells = self._spread(start, self.top, same)
                for c in cells:
                    owner[c] = len(parts)
                parts.append(cells)
        return owner, parts

    def _spread(self, start, region, same):
        top = self.top
        cells, todo = [start], [start]
        seen = {start}
        while todo:
            key = todo.pop()
            for other in neighbours(key):
                if other in region and other not in seen and same(top[key], top[other]):
                    seen.add(other)
                    cells.append(other)
                    todo.append(other)
        return cells

    def total(self):
        return sum(self.group_value) + sum(self.area_value) + sum(self.fly_worth(k) for k in self.top)

    # --- one placement -----------------------------------------------------------------------
    def cells(self):
        """FL-8: every card (to cover) and every empty cell touching one."""
        found = set(self.top)
        for key in self.top:
            found.update(neighbours(key))
        return found

    def delta(self, card, key):
        """The change in worth if `card` is placed on `key`. Only the groups and areas touching
        `key` change: the new card joins the neighbouring ones of its number (colour), and a
        covered card leaves its own, which may split in pieces."""
        top = self.top
        near = neighbours(key)
        old = top.get(key)
        number, colour = NUMBER[card], COLOUR[card]
        change = 0.0
        # Number groups.
        joined = {self.group_of[k] for k in near if k in top and NUMBER[top[k]] == number}
        own = self.group_of[key] if old is not None else None
        if own is not None and NUMBER[old] == number:
            joined.add(own)  # same number on top: the group keeps the cell, one card more
            own = None
        size = 1 + sum(len(self.group_cells[g]) for g in joined) - (1 if old is not None and own is None else 0)
        cards = self.height.get(key, 0) + 1 + sum(self.group_cards[g] for g in joined) - (self.height.get(key, 0) if old is not None and own is None else 0)
        change += self.group_worth(number, size, cards) - sum(self.group_value[g] for g in joined)
        if own is not None:
            change += self._split(own, key, self.group_cells, self.group_value, same_number, True)
        # Colour areas.
        joined = {self.area_of[k] for k in near if k in top and COLOUR[top[k]] == colour}
        own = self.area_of[key] if old is not None else None
        if own is not None and COLOUR[old] == colour:
            joined.add(own)
            own = None
        size = 1 + sum(len(self.area_cells[a]) for a in joined) - (1 if old is not None and own is None else 0)
        change += self.area_worth(size) - sum(self.area_value[a] for a in joined)
        if own is not None:
            change += self._split(own, key, self.area_cells, self.area_value, same_colour, False)
        # Butterflies on the cell and around it.
        flies = [k for k in near if k in self.flies]
        if old is not None and key in self.flies or BUTTERFLY[card] is not None:
            flies.append(key)
        if flies:
            before = sum(self.fly_worth(k) for k in flies)
            top[key] = card
            change += sum(self.fly_worth(k) for k in flies) - before
            if old is None:
                del top[key]
            else:
                top[key] = old
        return change

    def _split(self, part, key, cells_of, values, same, groups):
        """The change in worth of the group (area) `part` when the card on `key` leaves it."""
        rest = set(cells_of[part])
        rest.discard(key)
        after = 0.0
        while rest:
            cells = self._spread(next(iter(rest)), rest, same)
            rest.difference_update(cells)
            if groups:
                after += self.group_worth(NUMBER[self.top[cells[0]]], len(cells), sum(self.height[c] for c in cells))
            else:
                after += self.area_worth(len(cells))
        return after - values[part]


# --- Normal ----------------------------------------------------------------------------------
HIDDEN_SAMPLES = 6  # unseen cards tried to value the face-down stack


def unseen_cards(view):
    """The cards the view does not show (in the stacks under their tops, or out)."""
    seen = {c for g in view["gardens"] for stack in g.values() for c in stack}
    seen.update(s["top"] for s in view["stacks"] if s["top"] is not None)
    if view["held"] is not None:
        seen.add(view["held"])
    return [c for c in range(len(CARDS)) if c not in seen]


class Chooser:
    """Best placements on one board, remembered per kind of card (colour, number, butterfly)."""

    def __init__(self, board):
        self.board = board
        self.cells = sorted(board.cells())
        self._best = {}

    def ranked(self, card):
        """[(gain, cell), ...] best first."""
        kind = CARDS[card]
        found = self._best.get(kind)
        if found is None:
            found = sorted(((self.board.delta(card, k), k) for k in self.cells), key=lambda t: -t[0])
            self._best[kind] = found
        return found

    def best(self, card):
        return self.ranked(card)[0][0]


def hidden_value(chooser, view, rng, samples=HIDDEN_SAMPLES):
    pool = unseen_cards(view)
    picks = rng.sample(pool, min(samples, len(pool))) if pool else []
    return sum(chooser.best(c) for c in picks) / len(picks) if picks else 0.0


# --- the pace of the game (both levels) -------------------------------------------------------
# Taking from the lowest stack brings the end (FL-9) nearer. A bot does it on purpose when it
# leads, and avoids it when behind, so that games with others are not cut short by habit (the
# face-down stack, often the best guess, used to run out first after ~20 turns each).
HASTEN_LEADING = 0.3  # worth of bringing the end nearer when leading
HASTEN_BEHIND = 1.0  # cost of bringing the end nearer when not leading


def shortens(view, i):
    """Whether a take from stack `i` brings the end nearer: its stack is, or becomes, the lowest."""
    counts = [s["count"] for s in view["stacks"]]
    return counts[i] - 1 < min(c for j, c in enumerate(counts) if j != i)


def leads(view, seat, weights, turns):
    """Whether `seat`'s garden is worth the most (estimated as the game goes on)."""
    worth = [Board(g, turns, weights).total() for g in view["gardens"]]
    return worth[seat] > max(w for s, w in enumerate(worth) if s != seat)


def pace(view, seat, i, lead, behind=None):
    """What a take from stack `i` is worth for the pace of the game alone (0 in solo); `behind`:
    the cost when not leading, if not HASTEN_BEHIND."""
    if view["players"] == 1 or not shortens(view, i):
        return 0.0
    return HASTEN_LEADING if lead else -(HASTEN_BEHIND if behind is None else behind)


def _pick(options, rng):
    best = max(v for _, v in options)
    return rng.choice([a for a, v in options if v >= best - 1e-9])


def normal(game, view, seat, legal, rng):
    board = Board(view["gardens"][seat], turns_left(view, NORMAL), NORMAL)
    chooser = Chooser(board)
    if view["held"] is not None:
        ranked = chooser.ranked(view["held"])
        top = ranked[0][0]
        return rng.choice(["place:" + k for v, k in ranked if v >= top - 1e-9])
    options = []
    lead = view["players"] > 1 and leads(view, seat, NORMAL, board.turns)
    for action in legal:
        i = int(action.split(":")[1])
        top = view["stacks"][i]["top"]
        value = chooser.best(top) if top is not None else hidden_value(chooser, view, rng)
        options.append((action, value + pace(view, seat, i, lead)))
    return _pick(options, rng)


# --- Hard ------------------------------------------------------------------------------------
# Tuned by self-play against Normal: with others the game is short (20-30 cards each), so groups
# are riskier and areas worth building for longer; solo games run the whole stacks.
HARD = Weights(grow_rate=0.25, area_potential=0.9, fly_potential=0.6)
HARD_SOLO = Weights()
HARD_HIDDEN_SAMPLES = 16
HARD_EXACT_CELLS = 12  # placements scored exactly when the game ends (the best by estimate)
FUTURE_GAIN = 0.5  # what an own turn still to come adds, on average (solo: worth prolonging)
WIN, LOSS = 100.0, -100.0
PACE_HIDDEN, PACE_FACE_UP = 0.5, 0.25  # share of takes from the face-down stack, from a face-up one
# How much the next player's best gain from what I leave counts against mine: fully (measured,
# 200 seeds against two Normals, bench/RESULTS.md: 0.5 won 53.2% of the games, 1.0 55.9%, 1.5 54.2%).
DENY = 1.0
LOOK = 0.6  # weight of the next turn's expected best gain
# Placements of a card looked beyond (the best by the plain estimate), and unseen cards tried
# for the next turn: wider with others (small gardens, and it pays), narrower in solo (gardens of
# 100 cards, and it does not).
LOOK_PLACES, LOOK_SAMPLES = 5, 8
LOOK_PLACES_SOLO, LOOK_SAMPLES_SOLO = 3, 4
SURVIVE = 0.8  # chance that a face-up card is still there after each other player's turn
# Hard's cost of bringing the end nearer when not leading. EndRisk weighs the end Hard would
# really hand over; beside it, Normal's flat 1.0 kept Hard from the stacks it needed (200 seeds
# against the pinned Hard, bench/RESULTS.md: 58.6% with 1.0, 67.2% with 0.3).
HARD_HASTEN_BEHIND = 0.3
# A guard, not the normal limit: decisions take tens of milliseconds (bench/RESULTS.md); past this
# the remaining candidates are judged without looking further.
HARD_TIME_BUDGET = 0.4


def hard_turns_left(view):
    """Solo: every card but the last of each stack can still be taken (the player controls the
    end). With others, the stack that runs out first sets the pace: others are expected to take
    from the face-down stack about half the time (as Normal does), from each face-up one a
    quarter of the time."""
    n = view["players"]
    if n == 1:
        return max(0, sum(s["count"] for s in view["stacks"]) - 2)
    return min(s["count"] / (n * (PACE_FACE_UP if FACE_UP[i] else PACE_HIDDEN)) for i, s in enumerate(view["stacks"]))


def _scored_with(garden, card, key):
    """score_garden of `garden` with `card` placed on `key` (the garden left as it was)."""
    stack = garden.get(key)
    garden[key] = (stack or []) + [card]
    scored = score_garden(garden)
    if stack is None:
        del garden[key]
    else:
        garden[key] = stack
    return scored


def _final_key(scored):
    return (scored["total"], -scored["removed_cards"])  # FL-14's order


def _exact_after(garden, card, cells):
    """The best exact end scoring (FL-10..FL-13, ranked as FL-14) placing `card` on one of
    `cells`: (score_garden's result, cell)."""
    best = None
    for key in cells:
        scored = _scored_with(garden, card, key)
        if best is None or _final_key(scored) > _final_key(best[0]):
            best = (scored, key)
    return best


def _final_value(view, seat, card, chooser):
    """The worth of ending the game with `card` placed as well as possible: a win or a loss
    with others (FL-14), the final score itself in solo."""
    garden = view["gardens"][seat]
    cells = [k for _, k in chooser.ranked(card)[:HARD_EXACT_CELLS]]
    mine, _ = _exact_after(dict(garden), card, cells)
    if view["players"] == 1:
        return mine["total"]
    scores = [score_garden(g) for g in view["gardens"]]
    scores[seat] = mine
    winners = ranking(scores)
    if seat in winners:
        return WIN / len(winners)
    return LOSS


# --- the end, one turn ahead -------------------------------------------------------------------
# Whoever takes the last card of a stack ends the game (FL-9), and bots end it only when that
# wins: of 60 heads-up games between Hard and the pinned Hard, whoever ended the game won 59
# (bench/RESULTS.md). So a take or a placement that leaves a stack at one card for the next
# player hands them the end: Hard counts the chance that they end it and win as a loss.
END_SAMPLES = 8  # cards tried for a last card Hard cannot see (turned up later, or face down)


class EndRisk:
    """The chance that the next player ends the game on their turn and wins (`rival`: their
    garden's Chooser)."""

    def __init__(self, view, seat, rng, chooser, rival):
        self.view, self.seat, self.chooser, self.rival = view, seat, chooser, rival
        self.other = (seat + 1) % view["players"]
        self.rng = rng
        self._sample = None
        self._finals = {}
        # With three or more, the next player's end must beat the others' gardens as they are too
        rest = [_final_key(score_garden(g)) for s, g in enumerate(view["gardens"]) if s not in (seat, self.other)]
        self.best_rest = max(rest) if rest else None

    @property
    def sample(self):
        """Unseen cards, drawn only when an end is near (until then Hard plays as it did)."""
        if self._sample is None:
            pool = unseen_cards(self.view)
            self._sample = self.rng.sample(pool, min(END_SAMPLES, len(pool)))
        return self._sample

    def rival_final(self, card):
        """Their best end with `card` (FL-14's key), placed as _final_value places it."""
        found = self._finals.get(card)
        if found is None:
            cells = [k for _, k in self.rival.ranked(card)[:HARD_EXACT_CELLS]]
            scored, _ = _exact_after(dict(self.view["gardens"][self.other]), card, cells)
            found = self._finals[card] = _final_key(scored)
        return found

    def wins(self, card, mine):
        """Whether the next player, ending the game with `card`, wins against my end `mine`."""
        theirs = self.rival_final(card)
        return theirs > mine and (self.best_rest is None or theirs > self.best_rest)

    def endings(self, counts, turned):
        """The stacks left at one card for them: the face-up ones' cards (None for the one
        turned up after this turn, `turned`), and whether the face-down one is among them."""
        ups, down = [], False
        for i, count in enumerate(counts):
            if count == 1:
                if not FACE_UP[i]:
                    down = True
                else:
                    ups.append(None if i == turned else self.view["stacks"][i]["top"])
        return ups, down

    def loss(self, mine, ups, down):
        """The chance they end the game and win against my end `mine`: with a face-up card they
        see, or blind from the face-down stack when that more likely wins (as _final_value
        judges it)."""
        if not (ups or down) or not self.sample:
            return 0.0
        blind = 0.0
        if down:
            blind = sum(self.wins(c, mine) for c in self.sample) / len(self.sample)
            blind = blind if blind > 0.5 else 0.0
        lost = sum(1.0 if any(self.wins(c if up is None else up, mine) for up in ups) else blind
                   for c in self.sample)
        return lost / len(self.sample)

    def my_best_end(self, card):
        """My end (FL-14's key) with `card` placed where it scores best, among the cells the
        estimate ranks highest (as _final_value places it)."""
        garden = self.view["gardens"][self.seat]
        return max(_final_key(_scored_with(garden, card, k)) for _, k in self.chooser.ranked(card)[:HARD_EXACT_CELLS])

    def weigh(self, value, risk):
        return (1 - risk) * value + risk * LOSS

    def take(self, options):
        """The takes' values with the end they may hand over counted (a take of a stack's last
        card ends the game now and is valued exactly already)."""
        counts = [s["count"] for s in self.view["stacks"]]
        weighed = []
        for action, value in options:
            i = int(action.split(":")[1])
            after = list(counts)
            after[i] -= 1
            ups, down = self.endings(after, i if FACE_UP[i] else None)
            if counts[i] > 1 and (ups or down):
                top = self.view["stacks"][i]["top"]
                cards = [top] if top is not None else self.sample[:END_SAMPLES // 2]
                risk = sum(self.loss(self.my_best_end(card), ups, down) for card in cards) / len(cards)
                value = self.weigh(value, risk)
            weighed.append((action, value))
        return weighed

    def place(self, card, values):
        """The placements' values ({cell: value}) with the end they may hand over counted; the
        cells whose end scores best are weighed too."""
        counts = [s["count"] for s in self.view["stacks"]]
        held_from = self.view["held_from"]
        ups, down = self.endings(counts, held_from if FACE_UP[held_from] else None)
        if not (ups or down):
            return values
        garden = self.view["gardens"][self.seat]
        weighed = dict(values)
        for gain, key in self.chooser.ranked(card)[:HARD_EXACT_CELLS]:
            weighed.setdefault(key, gain)
        return {key: self.weigh(value, self.loss(_final_key(_scored_with(garden, card, key)), ups, down))
                for key, value in weighed.items()}


class Lookahead:
    """What the next turn is worth after a placement: the best gain of the cards then on offer
    (the face-up cards left, if still there, against two unseen ones), on average."""

    def __init__(self, view, seat, turns, rng, chooser, weights):
        self.view, self.seat, self.turns, self.weights = view, seat, turns, weights
        solo = view["players"] == 1
        self.places = LOOK_PLACES_SOLO if solo else LOOK_PLACES
        pool = unseen_cards(view)
        samples = LOOK_SAMPLES_SOLO if solo else LOOK_SAMPLES
        self.sample = rng.sample(pool, min(samples, len(pool)))  # the same for every candidate
        self.survive = 1.0 if view["players"] == 1 else SURVIVE ** (view["players"] - 1)
        self.chooser = chooser  # the garden as it is: the fallback past the time guard
        self.deadline = botlib.deadline(HARD_TIME_BUDGET)

    def value(self, chooser, survivors):
        rand = [chooser.best(c) for c in self.sample]
        pairs = [max(rand[i:i + 2]) for i in range(0, len(rand), 2)] or [0.0]
        fresh = sum(pairs) / len(pairs)
        if not survivors:
            return fresh
        known = max(chooser.best(c) for c in survivors)
        return self.survive * max(known, fresh) + (1 - self.survive) * fresh

    def after(self, card, key, survivors):
        if botlib.past(self.deadline):  # a slow device: judge on the garden as it is
            return self.value(self.chooser, survivors)
        garden = dict(self.view["gardens"][self.seat])
        garden[key] = garden.get(key, []) + [card]
        return self.value(Chooser(Board(garden, max(0.0, self.turns - 1), self.weights)), survivors)

    def best_place(self, chooser, card, survivors, values=None):
        """(value, cell) of the best placement of `card` looking one turn further; `values`, if
        given, gets every cell weighed ({cell: value})."""
        best = None
        for gain, key in chooser.ranked(card)[:self.places]:
            value = gain + LOOK * self.after(card, key, survivors)
            if values is not None:
                values[key] = value
            if best is None or value > best[0]:
                best = (value, key)
        return best


def _note(values, chosen):
    """Hard's figures for a hint, in points; none when a won or lost end (WIN, LOSS) weighs in
    them: "101.1 points ahead" would be the end's weight, and the hint's words say the end."""
    if all(abs(v) < WIN / 2 for v in values.values()):
        search.note(values, chosen, "points")


def hard(game, view, seat, legal, rng):
    n = view["players"]
    weights = HARD_SOLO if n == 1 else HARD
    turns = hard_turns_left(view)
    garden = view["gardens"][seat]
    board = Board(garden, turns, weights)
    chooser = Chooser(board)
    faces = {i: s["top"] for i, s in enumerate(view["stacks"]) if s["top"] is not None}
    look = Lookahead(view, seat, turns, rng, chooser, weights)
    if view["held"] is not None:
        card = view["held"]
        if view["stacks"][view["held_from"]]["count"] == 0:  # FL-9: this card ends the game
            cells = [k for _, k in chooser.ranked(card)]
            scored, key = _exact_after(dict(garden), card, cells)
            if search.asking():
                search.say_why(lambda: M("this card ends the game (FL-9): placed {where}, it brings your garden to {points} points, "
                                         "the most it can reach", where=placed_where(garden, card, key), points=scored["total"]))
            return "place:" + key
        values = {}
        look.best_place(chooser, card, list(faces.values()), values)
        plain = dict(values)  # before the end they may hand over (for a hint's words)
        if n > 1:
            rival = Chooser(Board(view["gardens"][(seat + 1) % n], turns, weights))
            values = EndRisk(view, seat, rng, chooser, rival).place(card, values)
        place = "place:" + max(values, key=values.get)
        _note({"place:" + key: v for key, v in values.items()}, place)
        if search.asking():
            search.say_why(lambda: place_why(view, seat, card, place[len("place:"):], plain, values))
        return place
    base = board.total()
    expected = hidden_value(chooser, view, rng, HARD_HIDDEN_SAMPLES)  # an unseen card's worth to me
    rival = None
    if n > 1:  # the next player picks from what I leave
        nxt = (seat + 1) % n
        rival = Chooser(Board(view["gardens"][nxt], turns, weights))
        rival_expected = hidden_value(rival, view, rng, HARD_HIDDEN_SAMPLES // 2)
    options = []
    parts = {}  # what each take's value is made of (for a hint's words)
    lead = n > 1 and leads(view, seat, weights, turns)
    for action in legal:
        i = int(action.split(":")[1])
        stack = view["stacks"][i]
        top = stack["top"]
        if stack["count"] == 1:  # taking the last card ends the game
            if top is not None:
                value = _final_value(view, seat, top, chooser)
            else:
                pool = unseen_cards(view)
                picks = rng.sample(pool, min(4, len(pool)))
                value = sum(_final_value(view, seat, c, chooser) for c in picks) / len(picks)
            if n == 1:
                value -= base  # against the estimate of going on, below
            options.append((action, value))
            parts[action] = {"end": value}
            continue
        others = [c for j, c in faces.items() if j != i]
        cell = None
        if top is not None:
            gain, cell = look.best_place(chooser, top, others)
        else:
            gain = expected + LOOK * look.value(chooser, others)
        if n == 1:
            gain += FUTURE_GAIN * max(0, turns - 1)
        part = parts[action] = {"cell": cell, "gain": gain}
        if n > 1:
            left = [rival.best(c) for c in others] + [rival_expected]
            part["deny"], part["pace"] = -DENY * max(left), pace(view, seat, i, lead, HARD_HASTEN_BEHIND)
            gain -= DENY * max(left) - part["pace"]
        options.append((action, gain))
    if n > 1:
        before = dict(options)
        options = EndRisk(view, seat, rng, chooser, rival).take(options)
        for action, value in options:
            parts[action]["risk"] = value - before[action]
    chosen = _pick(options, rng)
    _note(dict(options), chosen)
    if search.asking():
        search.say_why(lambda: take_why(view, seat, chosen, dict(options), parts, chooser, rival))
    return chosen


# --- a hint's words --------------------------------------------------------------------------------
# What Hard's move does, said through search.say_why while a hint asks: where the card goes and
# what it makes there (groups, areas, butterflies: FL-10..FL-13), and what else the take's value
# weighed when that decided it (the card left to the next player, the pace, an end handed over).
DECIDES = 0.05  # a part of a take's value that tips it over the next best take by more than this
EFFECTS_SHOWN = 2  # effects of a placement said at most (the most telling first)
CLAUSE_LONGEST = 160  # characters (English) past which a clause says fewer effects
COST = 4.5  # the rank of what a placement spoils: said after what it makes, before a mere start


def _region(visible, start, same):
    """The cells joined to `start` in `visible` ({cell: card}) through neighbours where `same` holds."""
    return next(set(group) for group in components(visible, same) if start in group)


def placed_where(garden, card, key):
    """"on top of your red ♥ 3", or "beside your blue ◆ 3" (a neighbour of the same number, else
    of the same colour, else any: the hint marks the place itself)."""
    if key in garden:
        return M("on top of your {card}", card=short_name(garden[key][-1]))
    near = [garden[k][-1] for k in neighbours(key) if k in garden]
    near.sort(key=lambda c: (NUMBER[c] != NUMBER[card], COLOUR[c] != COLOUR[card]))
    return M("beside your {card}", card=short_name(near[0]))


def short_name(card):
    """"red ♥ 4", even with a butterfly (card_name's words, for a card the garden shows)."""
    colour = COLOUR[card]
    return M("{colour} {symbol} {number}", colour=COLOUR_NAMES[colour], symbol=SYMBOLS[colour], number=NUMBER[card])


def placement_effects(garden, card, key):
    """What placing `card` on `key` makes in the garden, by the rules (FL-10..FL-13): clauses,
    the most telling first (an exact group, a scoring area, a butterfly), then what it spoils."""
    before = {k: s[-1] for k, s in garden.items()}
    after = dict(before)
    after[key] = card
    old = before.get(key)
    number, colour = NUMBER[card], COLOUR[card]
    effects = []
    # The card's number group (FL-10).
    size = len(_region(after, key, same_number))
    if number == 1:
        if size == 1:
            effects.append((4, M("stands alone, as a 1 must (FL-10)")))
        else:
            effects.append((COST, M("touches another 1, which fails them all (FL-10)")))
    elif size == GROUP_SIZE[number]:
        if old is not None and NUMBER[old] == number and len(_region(before, key, same_number)) == size:
            effects.append((3, M("keeps your group of {number}s exact (FL-10)", number=number)))
        else:
            effects.append((0, M("completes a group of {number}s (FL-10)", number=number)))
    elif size > GROUP_SIZE[number]:
        effects.append((COST, M("makes a group of {number}s too big: {size} cards (FL-10)", number=number, size=size)))
    elif size == 1:
        effects.append((5, M("starts a group of {number}s (FL-10)", number=number)))
    else:
        effects.append((4, M("brings a group of {number}s to {size} of {number} cards (FL-10)", number=number, size=size)))
    # The card it covers, in a group of another number.
    if old is not None and NUMBER[old] != number:
        had, need = len(_region(before, key, same_number)), GROUP_SIZE[NUMBER[old]]
        if NUMBER[old] == 1 and had > need:
            effects.append((1, M("hides a 1 that touched another 1 (FL-10)")))
        elif had > need:
            effects.append((1, M("shrinks a group of {number}s that was too big (FL-10)", number=NUMBER[old])))
        elif had < need:
            effects.append((2, M("hides a {number} still short of its group (FL-11)", number=NUMBER[old])))
        else:
            effects.append((COST, M("breaks up a group of {number}s that was exact (FL-10)", number=NUMBER[old])))
    # The colour area (FL-12).
    area = len(_region(after, key, same_colour))
    joined = [len(_region(before, k, same_colour)) for k in neighbours(key) + (key,)
              if k in before and COLOUR[before[k]] == colour]
    if area > 1 and area > max(joined, default=0):
        if area >= AREA_MIN:
            effects.append((1, M("grows your {colour} area to {size} cards, {points} each (FL-12)", colour=COLOUR_NAMES[colour],
                                 size=area, points=P("{n} point", "{n} points", AREA_POINTS))))
        else:
            effects.append((3, M("grows your {colour} area to {size} of the {least} cards it needs (FL-12)",
                                 colour=COLOUR_NAMES[colour], size=area, least=AREA_MIN)))
    # Butterflies (FL-13): the card's own, and those beside it waiting for its colour.
    fly = BUTTERFLY[card]
    if fly is not None and any(k in after and COLOUR[after[k]] == fly for k in neighbours(key)):
        effects.append((1, M("puts its {colour} butterfly beside a {colour} card (+{points}, FL-13)", colour=COLOUR_NAMES[fly],
                             points=BUTTERFLY_POINTS)))
    for k in neighbours(key):
        near = before.get(k)
        if near is not None and BUTTERFLY[near] == colour and not any(
                m in before and m != key and COLOUR[before[m]] == colour for m in neighbours(k)) and not (
                old is not None and COLOUR[old] == colour):
            effects.append((1, M("lets the {colour} butterfly beside it score (+{points}, FL-13)", colour=COLOUR_NAMES[colour],
                                 points=BUTTERFLY_POINTS)))
    effects.sort(key=lambda e: e[0])
    return [clause for _, clause in effects]


def _shortest(make, effects, longest=CLAUSE_LONGEST):
    """make(effects), with the less telling effects left out while it is too long."""
    said = make(effects)
    while len(said) > longest and len(effects) > 1:
        effects = effects[:-1]
        said = make(effects)
    return said


def place_why(view, seat, card, key, plain, weighed):
    """Why the held card goes on `key`: what it makes there, and, when the end it may hand over
    decided it (EndRisk), that a place that looks better gives the next player a winning end."""
    garden = view["gardens"][seat]
    said = _shortest(lambda effects: M("placed {where}, the {card} {effects}", where=placed_where(garden, card, key),
                                       card=card_name(card), effects=effects),
                     placement_effects(garden, card, key)[:EFFECTS_SHOWN])
    best = max(plain, key=plain.get)
    if best != key and weighed.get(best, plain[best]) < weighed[key]:
        rival = seat_name((seat + 1) % view["players"])
        return clauses([said, M("a place that looks better would give {rival} more chances to end the game next turn and win "
                                "(FL-9)", rival=rival)])
    return said


def take_why(view, seat, action, values, parts, chooser, rival):
    """Why Hard takes from this stack: where the card would go and what it makes there, and the
    part of the take's value that put it above the next best take (the card left to the next
    player, the pace of the game, an end handed over: FL-9), or else a last card it leaves; a
    take that ends the game, by its exact end."""
    i = int(action.split(":")[1])
    top = view["stacks"][i]["top"]
    part = parts[action]
    if "end" in part:
        return _end_why(view, seat, i, top, part["end"], chooser)
    nxt = (seat + 1) % view["players"]
    others = [a for a in values if a != action]
    runner = max(others, key=values.get)
    ahead = {}
    if "end" not in parts[runner]:
        ahead = {k: part[k] - parts[runner][k] for k in ("gain", "deny", "pace", "risk") if k in part}
    # The other part that put it ahead, if one did: one without which the next best take would
    # be ahead, or that counts for more than what the card does in your garden.
    margin = values[action] - values[runner]
    extra = sorted((v, k) for k, v in ahead.items() if k != "gain" and v > DECIDES and (v >= margin or v > ahead["gain"]))
    more = []
    if extra:
        kind = extra[-1][1]
        if kind == "deny" and top is not None and abs(parts[runner]["deny"] + DENY * rival.best(top)) < 1e-9:
            more.append(M("{rival}, who plays next, could use it most", rival=seat_name(nxt)))
        elif kind == "deny":
            more.append(M("it leaves less for {rival}, who plays next", rival=seat_name(nxt)))
        elif kind == "risk":
            more.append(M("another take could let {rival} end the game next turn and win (FL-9)", rival=seat_name(nxt)))
        elif part["pace"] > 0:
            more.append(M("it brings the end nearer while you lead (FL-9)"))
        else:
            more.append(M("it does not hasten the end while you are behind (FL-9)"))
    else:  # a stack's last card left: it would end the game with less (solo) or in a loss
        ends = [a for a in others if "end" in parts[a] and (view["players"] == 1 or parts[a]["end"] <= 0)]
        if ends:
            more.append(_not_ending(view, int(ends[0].split(":")[1])))
    garden = view["gardens"][seat]
    if top is not None:
        head, cell = M("taking the {card} from stack {stack}", card=card_name(top), stack=i + 1), part["cell"]
        return _shortest(lambda effects: M("{head}: {reasons}", head=head, reasons=clauses(
            [M("placed {where}, it {effects}", where=placed_where(garden, top, cell), effects=effects)] + more)),
            placement_effects(garden, top, cell)[:EFFECTS_SHOWN])
    head = M("taking the top of the face-down stack")
    tops = {a: view["stacks"][int(a.split(":")[1])]["top"] for a in others}
    worse = [card_name(tops[a]) for a in others if tops[a] is not None and "end" not in parts[a] and parts[a]["gain"] < part["gain"]]
    if worse:
        more.insert(0, M("an unseen card likely fits your garden better than {cards}", cards=either(worse)))
    return M("{head}: {reasons}", head=head, reasons=clauses(more)) if more else head


def _not_ending(view, i):
    """Why Hard leaves a stack's last card: taking it would end the game (FL-9) too soon."""
    stack = _last_card(view, i)
    if view["players"] == 1:
        return M("taking {stack} would end the game too soon (FL-9)", stack=stack)
    if view["stacks"][i]["top"] is None:
        return M("taking {stack} would likely end the game in a loss (FL-9)", stack=stack)
    return M("taking {stack} would end the game in a loss (FL-9)", stack=stack)


def _last_card(view, i):
    if view["stacks"][i]["top"] is not None:
        return M("the last card of stack {stack}", stack=i + 1)
    return M("the last card of the face-down stack")


def _end_why(view, seat, i, top, value, chooser):
    """A take of a stack's last card: the game ends once it is placed (FL-9)."""
    stack = _last_card(view, i)
    if view["players"] == 1:
        if top is None:
            return M("taking {stack} ends the game (FL-9): playing on is unlikely to add more", stack=stack)
        mine, _ = _exact_after(dict(view["gardens"][seat]), top, [k for _, k in chooser.ranked(top)])
        return M("taking {stack} ends the game (FL-9) with your garden at {points} points: playing on is unlikely to add more",
                 stack=stack, points=mine["total"])
    if top is None and value > 0:
        return M("taking {stack} ends the game (FL-9): with most cards it may be, your garden comes out ahead", stack=stack)
    if top is None and value > LOSS:
        return M("taking {stack} ends the game (FL-9): with some of the cards it may be, your garden comes out ahead, and by "
                 "Hard's count no other take does better", stack=stack)
    if value <= 0:
        return M("taking {stack} ends the game (FL-9); by Hard's count no other take does better", stack=stack)
    if value < WIN:  # a shared win among its best few places (the placement may still do better)
        return M("taking {stack} ends the game (FL-9), and your garden at least shares the win (FL-14)", stack=stack)
    # Placed as its placement will place it: over every cell, so at least as well as Hard judged it.
    mine, _ = _exact_after(dict(view["gardens"][seat]), top, [k for _, k in chooser.ranked(top)])
    best = max(score_garden(g)["total"] for s, g in enumerate(view["gardens"]) if s != seat)
    if mine["total"] == best:
        return M("taking {stack} ends the game (FL-9), and your garden wins on fewer removed cards (FL-14)", stack=stack)
    return M("taking {stack} ends the game (FL-9), and your garden wins, {points} points to {other}", stack=stack,
             points=mine["total"], other=best)


POLICIES = {"normal": normal, "hard": hard}
