"""Flowers: rules FL-1..FL-14 as a small state machine, and the end scoring of a garden.

State (plain data):
  players         number of seats
  stacks[i]       the three stacks, top card last (FL-5); stacks 0 and 1 show their top card,
                  stack 2 stays face down (FL-6); the card under a face-up card just taken is
                  turned up only once the taker has placed it (FL-7: see `shows_top`)
  out             cards left out of the game (2 and 3 players), face down
  gardens[seat]   {"x,y": [card ids, bottom to top]}: the garden is a grid that grows in any
                  direction, keyed by plain "x,y" strings (y grows downwards)
  turn            the seat to act; held: the card it took and must place (None: it must take),
                  held_from: the stack it came from
  turns[seat]     cards placed; last[seat]: the cell of its last card (None before its first)
  over, ender     True once a stack ran out (FL-9), and who took its last card
A turn is two actions: "take:<stack>" then "place:<x>,<y>".
"""

from tabletop import M, Game, clone, seat_name
from tabletop import rng as trng

from . import data
from .data import (AREA_LABELS, AREA_MIN, AREA_POINTS, BUTTERFLY, BUTTERFLY_POINTS, CARDS, COLOUR, COLOUR_NAMES, COLOURS,
                   FACE_UP, GROUP_SIZE, NUMBER, REMOVED_PENALTY, STACK_SIZE, STACKS, SYMBOLS)

TAKE, PLACE = "take", "place"


def key_of(x, y):
    return "%d,%d" % (x, y)


_xy = {}
_neighbours = {}
_order = {}


def xy(key):
    found = _xy.get(key)
    if found is None:
        x, _, y = key.partition(",")
        found = _xy[key] = (int(x), int(y))
    return found


def neighbours(key):
    """The four cells touching `key`'s sides (above, right, below, left)."""
    found = _neighbours.get(key)
    if found is None:
        x, y = xy(key)
        found = _neighbours[key] = (key_of(x, y - 1), key_of(x + 1, y), key_of(x, y + 1), key_of(x - 1, y))
    return found


def cell_order(key):
    """Reading order: by row, then column."""
    found = _order.get(key)
    if found is None:
        x, y = xy(key)
        found = _order[key] = (y, x)
    return found


def card_name(card, symbol=True):
    """"red ♥ 3" / "blue ◆ 4 with a green butterfly" (a Message; without the symbol: "red 3")."""
    colour, number, fly = CARDS[card]
    args = dict(colour=COLOUR_NAMES[colour], number=number)
    if symbol:
        args["symbol"] = SYMBOLS[colour]
        if fly:
            return M("{colour} {symbol} {number} with a {butterfly} butterfly", butterfly=COLOUR_NAMES[fly], **args)
        return M("{colour} {symbol} {number}", **args)
    if fly:
        return M("{colour} {number} with a {butterfly} butterfly", butterfly=COLOUR_NAMES[fly], **args)
    return M("{colour} {number}", **args)


def legal_cells(garden):
    """FL-8: every card of the garden (to cover it) and every empty cell touching one."""
    cells = set(garden)
    for key in garden:
        cells.update(neighbours(key))
    for key in cells:
        if key not in _order:
            cell_order(key)
    return sorted(cells, key=_order.__getitem__)


def parse(action):
    """(kind, argument) of an action id, or None."""
    if not isinstance(action, str):
        return None
    kind, _, arg = action.partition(":")
    if kind == TAKE and arg in [str(i) for i in range(STACKS)]:
        return TAKE, int(arg)
    if kind == PLACE:
        x, sep, y = arg.partition(",")
        if sep and x.lstrip("-").isdigit() and y.lstrip("-").isdigit():
            return PLACE, key_of(int(x), int(y))
    return None


def components(cells, same):
    """Orthogonally connected groups of `cells` ({key: card}) where `same(a, b)` holds between
    neighbours; each a sorted list of keys, groups in reading order."""
    seen = set()
    groups = []
    for start in sorted(cells, key=cell_order):
        if start in seen:
            continue
        seen.add(start)
        group, todo = [], [start]
        while todo:
            key = todo.pop()
            group.append(key)
            for other in neighbours(key):
                if other in cells and other not in seen and same(cells[key], cells[other]):
                    seen.add(other)
                    todo.append(other)
        groups.append(sorted(group, key=cell_order))
    return groups


def score_garden(garden):
    """FL-10..FL-13 on one garden, every step kept for the score display:
    {"groups": [{"number", "cells", "valid"}], "removed": [{"cell", "cards"}], "removed_cards",
     "areas": [{"colour", "cells", "points"}], "butterflies": [{"cell", "colour", "scores"}],
     "area_points", "butterfly_points", "total"}."""
    visible = {key: stack[-1] for key, stack in garden.items()}
    groups = []
    removed = []
    for cells in components(visible, lambda a, b: NUMBER[a] == NUMBER[b]):
        number = NUMBER[visible[cells[0]]]
        valid = len(cells) == GROUP_SIZE[number]  # FL-10
        groups.append({"number": number, "cells": cells, "valid": valid})
        if not valid:  # FL-11: removed with every card under it
            removed += [{"cell": key, "cards": len(garden[key])} for key in cells]
    removed.sort(key=lambda r: cell_order(r["cell"]))
    gone = {r["cell"] for r in removed}
    remaining = {key: card for key, card in visible.items() if key not in gone}
    areas = []
    for cells in components(remaining, lambda a, b: COLOUR[a] == COLOUR[b]):
        if len(cells) >= AREA_MIN:  # FL-12
            areas.append({"colour": COLOUR[remaining[cells[0]]], "cells": cells, "points": AREA_POINTS * len(cells)})
    butterflies = []
    for key in sorted(remaining, key=cell_order):
        fly = BUTTERFLY[remaining[key]]
        if fly:  # FL-13
            scores = any(n in remaining and COLOUR[remaining[n]] == fly for n in neighbours(key))
            butterflies.append({"cell": key, "colour": fly, "scores": scores})
    removed_cards = sum(r["cards"] for r in removed)
    area_points = sum(a["points"] for a in areas)
    butterfly_points = BUTTERFLY_POINTS * sum(1 for b in butterflies if b["scores"])
    return {
        "groups": groups,
        "removed": removed,
        "removed_cards": removed_cards,
        "areas": areas,
        "butterflies": butterflies,
        "area_points": area_points,
        "butterfly_points": butterfly_points,
        "total": area_points + butterfly_points - REMOVED_PENALTY * removed_cards,
    }


def ranking(scores):
    """FL-14: the winners among [score_garden(...)]: highest total, then fewest removed cards."""
    best = max((s["total"], -s["removed_cards"]) for s in scores)
    return [i for i, s in enumerate(scores) if (s["total"], -s["removed_cards"]) == best]


def shows_top(state, i):
    """FL-6, FL-7: whether stack `i` shows its top card. A face-up stack does, except while the
    card just taken from it is being placed: the next player turns the next card up at the start
    of their turn, so the taker places without having seen it (solo: after the placement)."""
    return FACE_UP[i] and bool(state["stacks"][i]) and not (state["held"] is not None and state["held_from"] == i)


class Flowers(Game):
    info = data.INFO

    def new_game(self, players, options, seed):
        rng = trng.new_rng(seed)
        deck = list(range(len(CARDS)))
        trng.shuffle(rng, deck)
        gardens = [{key_of(0, 0): [deck.pop()]} for _ in range(players)]  # FL-4
        size = STACK_SIZE[players]  # FL-5
        if size is None:
            sizes = [len(deck) // STACKS + (1 if i < len(deck) % STACKS else 0) for i in range(STACKS)]
        else:
            sizes = [size] * STACKS
        stacks = []
        for n in sizes:
            stacks.append(deck[len(deck) - n:])
            del deck[len(deck) - n:]
        return {
            "players": players,
            "stacks": stacks,
            "out": deck,
            "gardens": gardens,
            "turn": trng.below(rng, players),  # FL-6: a random player starts
            "held": None,
            "held_from": None,
            "turns": [0] * players,
            "last": [None] * players,
            "over": False,
            "ender": None,
            "rng": rng,
        }

    # --- whose turn, what is legal ---------------------------------------------------------
    def to_act(self, state):
        return [] if state["over"] else [state["turn"]]

    def legal_actions(self, state, seat):
        if state["over"] or seat != state["turn"]:
            return []
        if state["held"] is None:
            return ["take:%d" % i for i in range(STACKS) if state["stacks"][i]]
        return ["place:" + key for key in legal_cells(state["gardens"][seat])]

    def explain_illegal(self, state, seat, action):
        parsed = parse(action)
        if parsed is None:
            return M("Take a card from a stack (take:0, take:1, take:2), then place it (place:x,y).")
        kind, arg = parsed
        if kind == TAKE:
            if state["held"] is not None:
                return M("You already took a card: place it in your garden first (FL-8).")
            return M("That stack is empty.")
        if state["held"] is None:
            return M("First take a card from one of the three stacks (FL-7).")
        return M("A card goes beside a card of your garden (touching a side) or on top of one, covering it (FL-8).")

    # --- playing -----------------------------------------------------------------------------
    def _apply(self, state, seat, action):
        kind, arg = parse(action)
        if kind == TAKE:
            return self._take(state, seat, arg)
        return self._place(state, seat, arg)

    def _take(self, state, seat, i):
        """FL-7."""
        stack = state["stacks"][i]
        card = stack.pop()
        state["held"], state["held_from"] = card, i
        if FACE_UP[i]:  # the card below stays face down until the placement (FL-7)
            events = [{"type": "take", "seat": seat, "text": M("{who} takes the {card} from stack {stack}.",
                                                               who=seat_name(seat), card=card_name(card), stack=i + 1)}]
        else:
            events = [{"type": "take", "seat": seat, "commit": True,
                       "text": M("{who} takes the top of the face-down stack: a {card}.", who=seat_name(seat), card=card_name(card))}]
        if not stack:
            events.append({"type": "last", "announce": True,
                           "text": M("{who} took the last card of stack {stack}: after placing it the game ends (FL-9).",
                                     who=seat_name(seat), stack=i + 1)})
        return events

    def warning(self, state, seat, action):
        """Taking the last card of a stack ends the game once it is placed (FL-9): a loss for a
        player who is behind."""
        if not action.startswith("take:") or state["players"] < 2:
            return None
        i = int(action[5:])
        if len(state["stacks"][i]) != 1:
            return None
        mine = score_garden(state["gardens"][seat])["total"]
        best = max(score_garden(g)["total"] for s, g in enumerate(state["gardens"]) if s != seat)
        if mine >= best:
            return None
        return M("This is the last card of stack {stack}: once you place it the game ends at once (FL-9), and your garden "
                 "scores {mine} now against {best} for the leader.", stack=i + 1, mine=mine, best=best)

    def _place(self, state, seat, key):
        """FL-8, then FL-9."""
        garden = state["gardens"][seat]
        card, taken_from = state["held"], state["held_from"]
        # Name the covered card before the new one lands on it (the pile is the same list).
        under = garden.get(key, [])[-1:]
        garden.setdefault(key, []).append(card)
        state["held"], state["held_from"] = None, None
        state["turns"][seat] += 1
        state["last"][seat] = key
        args = dict(who=seat_name(seat), card=card_name(card), count=sum(len(s) for s in garden.values()))
        if under:
            text = M("{who} places the {card} on top of the {under} ({count} cards).", under=card_name(under[0]), **args)
        else:
            text = M("{who} places the {card} in the garden ({count} cards).", **args)
        events = [{"type": "place", "seat": seat, "text": text}]
        if any(not s for s in state["stacks"]):
            return events + self._end(state, seat)
        state["turn"] = (seat + 1) % state["players"]
        if FACE_UP[taken_from]:  # FL-7: the next turn starts by turning up the next card
            stack = state["stacks"][taken_from]
            events.append({"type": "turnup", "commit": True, "text": M("Stack {stack} now shows a {card} ({left} left).",
                                                                       stack=taken_from + 1, card=card_name(stack[-1]), left=len(stack))})
        return events

    def _end(self, state, seat):
        state["over"] = True
        state["ender"] = seat
        scores = [score_garden(g) for g in state["gardens"]]
        events = [{"type": "end", "announce": True, "commit": True, "text": M("A stack is empty: the game ends and the gardens are scored (FL-9).")}]
        for s, sc in enumerate(scores):
            events.append({"type": "score", "seat": s, "text": M(
                "{who}: {removed} removed, colour areas {areas}, butterflies {butterflies}: {points} points.", who=seat_name(s),
                removed=sc["removed_cards"], areas=sc["area_points"], butterflies=sc["butterfly_points"], points=sc["total"])})
        if state["players"] > 1:
            winners = ranking(scores)
            best = scores[winners[0]]["total"]
            text = (M("{who} wins with {points} points.", who=seat_name(winners[0]), points=best) if len(winners) == 1
                    else M("{who} win together with {points} points.", who=[seat_name(w) for w in winners], points=best))
            events.append({"type": "over", "announce": True, "text": text})
        else:
            events.append({"type": "over", "announce": True, "text": M("{who} scores {points} points.", who=seat_name(0), points=scores[0]["total"])})
        return events

    # --- reading -----------------------------------------------------------------------------
    def is_over(self, state):
        return state["over"]

    def _view(self, state, seat):
        return {
            "players": state["players"],
            "me": seat,
            "turn": state["turn"],
            "held": state["held"],
            "held_from": state["held_from"],
            "stacks": [{"count": len(s), "top": s[-1] if shows_top(state, i) else None} for i, s in enumerate(state["stacks"])],
            "out_count": len(state["out"]),
            "gardens": clone(state["gardens"]),
            "turns": list(state["turns"]),
            "last": list(state["last"]),
            "over": state["over"],
            "ender": state["ender"],
        }

    def audit(self, state):
        problems = []
        seen = list(state["out"]) + [c for s in state["stacks"] for c in s]
        seen += [c for g in state["gardens"] for stack in g.values() for c in stack]
        if state["held"] is not None:
            seen.append(state["held"])
        if sorted(seen) != list(range(len(CARDS))):
            problems.append("the 108 cards are not all present exactly once")
        for s, garden in enumerate(state["gardens"]):
            if not garden or not all(garden.values()):
                problems.append("garden {} has an empty cell or no card".format(s))
                continue
            start = next(iter(garden))
            reached, todo = {start}, [start]
            while todo:  # FL-8: every card touches the garden, so it stays in one piece
                key = todo.pop()
                if key != key_of(*xy(key)):
                    problems.append("garden {} has a malformed cell key {!r}".format(s, key))
                for other in neighbours(key):
                    if other in garden and other not in reached:
                        reached.add(other)
                        todo.append(other)
            if len(reached) != len(garden):
                problems.append("garden {} is not in one piece".format(s))
        if not state["over"] and any(not s for i, s in enumerate(state["stacks"]) if i != state["held_from"]):
            problems.append("a stack is empty while the game runs")  # (the one just emptied ends it: FL-9)
        return problems

    def progress(self, state):
        if state["over"]:
            return M("Finished")
        return M("Stacks: {counts}", counts=" · ".join(str(len(s)) for s in state["stacks"]))

    def scores(self, state):
        return [score_garden(g) for g in state["gardens"]]

    def result(self, state):
        scores = self.scores(state)
        rows = [{"label": M("Removed cards"), "values": [-REMOVED_PENALTY * s["removed_cards"] for s in scores], "kind": "line"}]
        for colour in COLOURS:
            values = []
            for s in scores:
                points = [a["points"] for a in s["areas"] if a["colour"] == colour]
                values.append(sum(points) if len(points) < 2 else "{} = {}".format(" + ".join(str(p) for p in points), sum(points)))
            rows.append({"label": AREA_LABELS[colour], "values": values, "kind": "line"})
        rows.append({"label": M("Butterflies"), "values": [s["butterfly_points"] for s in scores], "kind": "line"})
        totals = [s["total"] for s in scores]
        rows.append({"label": M("Total"), "values": totals, "kind": "total"})
        winners = ranking(scores)
        notes = []
        if len(scores) > 1 and sum(1 for t in totals if t == max(totals)) > 1:
            if len(winners) == 1:
                notes.append(M("Tied on points: {who} removed fewer cards and wins (FL-14).", who=seat_name(winners[0])))
            else:
                notes.append(M("Tied on points and on removed cards: the win is shared (FL-14)."))
        return {"scores": totals, "winners": winners, "sheet": rows, "notes": notes}

    def record(self, state):
        """FL-14: a solo game's score, kept against the player's own best."""
        if state["players"] != 1 or not state["over"]:
            return None
        return {"key": "solo", "label": M("best solo score"), "seat": 0, "value": score_garden(state["gardens"][0])["total"], "higher": True}

    # --- for bots and the test harness -------------------------------------------------------
    def _hidden(self, state):
        """The cards nobody sees: the stacks under their shown tops, and the cards left out."""
        pool = list(state["out"])
        for i, stack in enumerate(state["stacks"]):
            pool += stack[:-1] if shows_top(state, i) else stack
        return pool

    def _refill(self, state, pool):
        for i, stack in enumerate(state["stacks"]):
            keep = stack[-1:] if shows_top(state, i) else []
            k = len(stack) - len(keep)
            state["stacks"][i], pool = pool[:k] + keep, pool[k:]
        state["out"] = pool

    def scramble(self, state, seat, rng):
        """Everything is public but the stacks' order and the face-down stack: re-draw those
        (and the cards left out)."""
        state = clone(state)
        pool = self._hidden(state)
        rng.shuffle(pool)
        self._refill(state, pool)
        return state

    def sample_state(self, view, seat, rng):
        """The unseen cards dealt at random into the stacks (under their shown tops) and out."""
        seen = {c for g in view["gardens"] for stack in g.values() for c in stack}
        seen.update(s["top"] for s in view["stacks"] if s["top"] is not None)
        if view["held"] is not None:
            seen.add(view["held"])
        pool = [c for c in range(len(CARDS)) if c not in seen]
        rng.shuffle(pool)
        stacks = [[None] * s["count"] for s in view["stacks"]]
        for i, s in enumerate(view["stacks"]):
            if s["top"] is not None:
                stacks[i][-1] = s["top"]
        state = {
            "players": view["players"],
            "stacks": stacks,
            "out": [None] * view["out_count"],
            "gardens": clone(view["gardens"]),
            "turn": view["turn"],
            "held": view["held"],
            "held_from": view["held_from"],
            "turns": list(view["turns"]),
            "last": list(view["last"]),
            "over": view["over"],
            "ender": view["ender"],
            "rng": trng.new_rng(rng.getrandbits(63)),
        }
        self._refill(state, pool)
        return state
