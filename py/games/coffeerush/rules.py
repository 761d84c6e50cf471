"""Coffee Rush: rules CR-1..CR-23 as a state machine of small decisions.

State (plain data):
  players, first    number of seats; the start player (CR-1)
  rng               the seeded generator (tabletop.rng): the deck's shuffle only
  deck              order cards (ints, see data.CARDS), top = last; its order is the only secret
  token             "open" or "closed" (the Starting Player token, CR-14, CR-16)
  tabs[seat]        4 lists of order cards, Tab 1 first (CR-5)
  upvotes, penalties, spent   per seat: served cards kept, penalty cards, cards put out for upgrades
  upgrades[seat]    the face-up tiles (1-4, see data.UPGRADES), in the order turned
  rush[seat]        Rush tokens
  cups[seat]        3 lists of ingredient letters
  meeples[seat]     the spaces ("r,c") of the seat's meeples (2 players: two each)
  turn, turn_no     the seat to act; turns begun so far (set-up counts none)
  phase             what the acting seat decides now:
                      "place"  set-up: put a meeple on an empty space (CR-8)
                      "move"   upgrades (before the first step), which meeple (2 players), steps,
                               Rush tokens, stop (CR-9, CR-10, CR-11)
                      "pour"   empty cups (before the first pour), pour or put back (CR-12)
                      "serve"  serve a cup, or end the turn (CR-13)
                      "over"
  placing           set-up: the seats still to place a meeple, next first
  sel               the index of the meeple moving (2 players choose one of two)
  path              the spaces of this move, its start first ([] before the move)
  steps             steps left in this move (Rush tokens add one each)
  rushed            Rush tokens spent this turn
  collected         ingredients collected and not yet poured; gained: all collected this turn
  poured            a pour or put-back was made (no more emptying cups, CR-12)
  served            orders served this turn (N of CR-14)
  over

Actions (stable text ids):
  "place:r,c"   set-up: put a meeple there        "upgrade:k"  turn tile k face up (k = 1..4)
  "meeple:i"    move meeple i (1 or 2) instead    "step:r,c"   step onto that space
  "rush"        spend a Rush token for one step   "stop"       end the move here
  "empty:n"     empty cup n (1..3)                "pour:X@n"   pour ingredient X into cup n
  "back:X"      put ingredient X back             "serve:n@Tk" serve cup n to an order on Tab k
  "done"        serve no more: the flow of time
"""

from tabletop import M, P, Game, clone, seat_name
from tabletop.rng import below, new_rng, shuffle

from . import data
from .data import (BOARD, CARDS, CLOSING_PENALTIES, CORNER, CORNERS, CROWD, CUP_SIZE, CUPS, DECK_SIZE, DIAGONAL, DOUBLE,
                   MEEPLES, NAMES, ORDER_RECEIVERS, PENALTY_POINTS, PENALTY_RUSH, RUSH_STEP, SIZE, SPACES, SPECIAL,
                   SPECIALTY, SPECIALTY_RUSH, START_EXTRA, START_RUSH, START_TABS, STEPS, TABS, TWO_PLAYER_DRAW,
                   UPGRADE_COST, UPGRADE_EFFECTS, UPGRADE_NAMES, UPGRADE_POINTS, UPGRADES, UPVOTE_POINTS, is_specialty,
                   amount, order_name, recipe_of, series)

PHASES = ("place", "move", "pour", "serve", "over")


def _rc(space):
    r, _, c = space.partition(",")
    return int(r), int(c)


def _neighbours(diagonal):
    out = {}
    for space in SPACES:
        r, c = _rc(space)
        near = []
        for dr in (-1, 0, 1):
            for dc in (-1, 0, 1):
                if (dr, dc) == (0, 0) or (dr and dc and not diagonal):
                    continue
                if 1 <= r + dr <= SIZE and 1 <= c + dc <= SIZE:
                    near.append("%d,%d" % (r + dr, c + dc))
        out[space] = tuple(near)
    return out


ORTHOGONAL = _neighbours(False)
ALL_AROUND = _neighbours(True)


def _plus(first, rest):
    # TRANSLATORS: a cup's contents ("Beans + Milk + Milk").
    return M("{first} + {rest}", first=first, rest=rest)


def cup_words(cup):
    """"Beans + Milk + Milk"; "empty"."""
    return series([NAMES[x] for x in recipe_of(cup)], _plus) if cup else M("empty")


def parse(action):
    """(verb, argument) of an action id, or None if it is not one of Coffee Rush."""
    if not isinstance(action, str):
        return None
    verb, _, arg = action.partition(":")
    if verb in ("rush", "stop", "done") and not arg:
        return verb, None
    if verb in ("place", "step") and arg in BOARD:
        return verb, arg
    if verb == "upgrade" and arg in ("1", "2", "3", "4"):
        return verb, int(arg)
    if verb == "meeple" and arg in ("1", "2"):
        return verb, int(arg) - 1
    if verb == "empty" and arg in ("1", "2", "3"):
        return verb, int(arg) - 1
    if verb == "back" and arg in NAMES:
        return verb, arg
    if verb == "pour":
        x, _, n = arg.partition("@")
        if x in NAMES and n in ("1", "2", "3"):
            return verb, (x, int(n) - 1)
    if verb == "serve":
        n, _, k = arg.partition("@T")
        if n in ("1", "2", "3") and k in ("1", "2", "3", "4"):
            return verb, (int(n) - 1, int(k) - 1)
    return None


def gives(state, seat, space, others):
    """CR-11, CR-6: how many of its ingredient `space` gives to `seat` entering it (`others`: the
    spaces holding another meeple)."""
    ups = state["upgrades"][seat]
    if ((CORNER in ups and space in CORNERS) or (CROWD in ups and space in others)
            or (SPECIAL in ups and BOARD[space] in SPECIALTY)):
        return DOUBLE
    return 1


class CoffeeRush(Game):
    info = data.INFO

    # --- set-up (CR-1, CR-7, CR-8) --------------------------------------------------------------
    def new_game(self, players, options, seed):
        rng = new_rng(seed)
        deck = list(range(DECK_SIZE))
        shuffle(rng, deck)
        first = below(rng, players)  # CR-1
        tabs = [[[] for _ in range(TABS)] for _ in range(players)]
        order = [(first + k) % players for k in range(players)]
        for seat in order:  # CR-7: Tab 1 then Tab 2, in turn order from the start player
            for tab in START_TABS:
                tabs[seat][tab - 1].append(deck.pop())
        for _ in range(START_EXTRA):
            tabs[first][0].append(deck.pop())
        if MEEPLES[players] == 1:  # CR-8: reverse turn order
            placing = list(reversed(order))
        else:  # 2 players: alternate from the non-start player
            placing = [order[1], order[0]] * MEEPLES[players]
        return {
            "players": players, "first": first, "rng": rng, "deck": deck, "token": "open",
            "tabs": tabs, "upvotes": [[] for _ in range(players)], "penalties": [[] for _ in range(players)],
            "spent": [[] for _ in range(players)], "upgrades": [[] for _ in range(players)],
            "rush": [START_RUSH] * players, "cups": [[[] for _ in range(CUPS)] for _ in range(players)],
            "meeples": [[] for _ in range(players)],
            "turn": placing[0], "turn_no": 0, "phase": "place", "placing": placing,
            "sel": 0, "path": [], "steps": 0, "rushed": 0, "collected": [], "gained": [], "poured": False, "served": 0,
            "over": False,
        }

    # --- whose turn, what is legal --------------------------------------------------------------
    def to_act(self, state):
        return [] if state["over"] else [state["turn"]]

    def is_over(self, state):
        return state["over"]

    def occupied(self, state, but=None):
        """Spaces holding a meeple, except the meeple `but` = (seat, index)."""
        out = set()
        for s, spaces in enumerate(state["meeples"]):
            for i, space in enumerate(spaces):
                if (s, i) != but:
                    out.add(space)
        return out

    def neighbours(self, state, seat):
        return ALL_AROUND if DIAGONAL in state["upgrades"][seat] else ORTHOGONAL

    def legal_steps(self, state, seat, spend=0):
        """CR-10: the spaces the moving meeple may step onto now (after spending `spend` more Rush
        tokens)."""
        budget = state["steps"] + spend * RUSH_STEP
        if budget <= 0:
            return []
        near = self.neighbours(state, seat)
        others = self.occupied(state, (seat, state["sel"]))
        path = state["path"]
        here = path[-1] if path else state["meeples"][seat][state["sel"]]
        visited = set(path) | {here}
        spare = budget - 1 + (state["rush"][seat] - spend) * RUSH_STEP  # steps left after this one, Rush included
        out = []
        for space in near[here]:
            if space in visited:
                continue
            if space in others and not self._can_leave(near, others, space, visited | {space}, spare):
                continue
            out.append(space)
        return out

    def _can_leave(self, near, others, space, visited, budget):
        """A meeple on `space` can still reach a free space within `budget` steps (it may not end
        on another meeple, CR-10)."""
        if budget <= 0:
            return False
        for nxt in near[space]:
            if nxt in visited:
                continue
            if nxt not in others or self._can_leave(near, others, nxt, visited | {nxt}, budget - 1):
                return True
        return False

    def legal_actions(self, state, seat):
        if state["over"] or seat != state["turn"]:
            return []
        phase = state["phase"]
        if phase == "place":
            taken = self.occupied(state)
            return ["place:" + s for s in SPACES if s not in taken]
        if phase == "move":
            acts = []
            if not state["path"]:
                if len(state["upvotes"][seat]) >= UPGRADE_COST:
                    acts += ["upgrade:%d" % k for k in UPGRADES if k not in state["upgrades"][seat]]
                acts += ["meeple:%d" % (i + 1) for i in range(len(state["meeples"][seat])) if i != state["sel"]]
            acts += ["step:" + s for s in self.legal_steps(state, seat)]
            if state["steps"] == 0 and state["rush"][seat] > 0 and self.legal_steps(state, seat, 1):
                acts.append("rush")
            if self._here(state, seat) not in self.occupied(state, (seat, state["sel"])):
                acts.append("stop")
            return acts
        cups = state["cups"][seat]
        if phase == "pour":
            setup = state["turn_no"] == 0
            acts = []
            if not state["poured"] and not setup:
                acts += ["empty:%d" % (n + 1) for n in range(CUPS) if cups[n]]
            kinds = sorted(set(state["collected"]), key=data.INGREDIENT_ORDER.__getitem__)
            acts += ["pour:%s@%d" % (x, n + 1) for x in kinds for n in range(CUPS) if len(cups[n]) < CUP_SIZE]
            if not setup:
                acts += ["back:" + x for x in kinds]
            return acts
        if phase == "serve":
            return self._serve_actions(state, seat) + ["done"]
        return []

    def _serve_actions(self, state, seat):
        acts = []
        for n, cup in enumerate(state["cups"][seat]):
            if not cup:
                continue
            recipe = recipe_of(cup)
            for k, tab in enumerate(state["tabs"][seat]):
                if any(CARDS[card] == recipe for card in tab):
                    acts.append("serve:%d@T%d" % (n + 1, k + 1))
        return acts

    def _here(self, state, seat):
        return state["meeples"][seat][state["sel"]]

    def waiting_reason(self, state, seat):
        if state["over"]:
            return M("The game is over.")
        return M("It is not your turn: wait for the player whose turn it is.")

    def explain_illegal(self, state, seat, action):
        parsed = parse(action)
        if parsed is None:
            return M("That is not a move of Coffee Rush.")
        verb, arg = parsed
        phase = state["phase"]
        if phase == "place":
            if verb == "place":
                return M("Another meeple already stands on that space: choose an empty one (CR-8).")
            return M("First place your meeple on an empty space of the board (CR-8).")
        if verb == "upgrade":
            if phase != "move" or state["path"]:
                return M("Upgrades are activated at the start of your turn, before you move (CR-9).")
            if arg in state["upgrades"][seat]:
                return M("Your {upgrade} upgrade is already face up.", upgrade=UPGRADE_NAMES[arg])
            return M("An upgrade costs {cost} served orders from your up-vote pile; you have {have} (CR-9).",
                     cost=UPGRADE_COST, have=len(state["upvotes"][seat]))
        if verb == "meeple":
            if len(state["meeples"][seat]) < 2:
                return M("You have only one meeple.")
            return M("Choose the meeple before its first step; this one is already chosen or moving (CR-10).")
        if verb in ("step", "rush", "stop"):
            if phase != "move":
                if phase == "pour":
                    return M("Your move is over this turn: now pour what you collected (CR-12, CR-13).")
                return M("Your move is over this turn: now serve your cups, or end the turn (CR-12, CR-13).")
            if verb == "stop":
                return M("You may pass another meeple but not end your move on its space: take another step (CR-10).")
            if verb == "rush":
                if state["rush"][seat] <= 0:
                    return M("You have no Rush token to spend (CR-10).")
                if state["steps"] > 0:
                    return P("You still have {n} step to take: spend a Rush token when it runs out (CR-10).",
                             "You still have {n} steps to take: spend a Rush token when they run out (CR-10).", state["steps"])
                return M("No step would be possible after it: the spaces around are visited or taken (CR-10).")
            here = self._here(state, seat)
            if arg == here or arg in state["path"]:
                return M("A move never enters the same space twice nor returns to its start (CR-10).")
            if state["steps"] <= 0:
                return M("No steps left: spend a Rush token for one more, or stop here (CR-10).")
            if arg not in self.neighbours(state, seat)[here]:
                if arg in ALL_AROUND[here]:
                    return M("Diagonal steps need the Diagonal upgrade (CR-6).")
                return M("A step goes to an adjacent space, one at a time (CR-10).")
            return M("That space holds a meeple and you could not step off it again: a move may not end on another meeple (CR-10).")
        if verb in ("empty", "pour", "back"):
            if phase != "pour":
                if phase == "move":
                    return M("First move, then pour what you collected (CR-12).")
                return M("Nothing is left to pour (CR-12).")
            if verb == "empty":
                if state["turn_no"] == 0:
                    return M("The set-up ingredient goes into a cup (CR-8).")
                if state["poured"]:
                    return M("Cups are emptied first, before you pour (CR-12).")
                return M("That cup is already empty.")
            x = arg if verb == "back" else arg[0]
            if x not in state["collected"]:
                return M("You have no {ingredient} left to pour (CR-12).", ingredient=NAMES[x])
            if verb == "back":
                return M("The set-up ingredient goes into a cup (CR-8).")
            return M("That cup is full: a cup holds at most {size} ingredients (CR-5).", size=CUP_SIZE)
        if verb in ("serve", "done"):
            if phase != "serve":
                if phase == "move":
                    return M("First move and pour (CR-13).")
                return M("First pour what you collected (CR-13).")
            n, k = arg
            cup = state["cups"][seat][n]
            if not cup:
                return M("Cup {cup} is empty.", cup=n + 1)
            return M("Cup {cup} ({contents}) does not match an order on Tab {tab}: the ingredients and counts must be the same (CR-13).",
                     cup=n + 1, contents=cup_words(cup), tab=k + 1)
        return None

    # --- playing --------------------------------------------------------------------------------
    def _apply(self, state, seat, action):
        verb, arg = parse(action)
        return getattr(self, "_do_" + verb)(state, seat, arg)

    def _do_place(self, state, seat, space):
        """CR-8: a meeple on an empty space; its ingredient is poured into a cup."""
        state["meeples"][seat].append(space)
        state["placing"].pop(0)
        x = BOARD[space]
        state["collected"] = [x]
        state["phase"] = "pour"
        return [{"type": "place", "seat": seat, "text": M("{who} places a meeple on {space} and takes its {ingredient}.",
                                                         who=seat_name(seat), space=data.space_name(space), ingredient=NAMES[x])}]

    def _do_upgrade(self, state, seat, k):
        """CR-9: 3 up-vote cards out of the game, a tile face up."""
        pile = state["upvotes"][seat]
        state["spent"][seat] += pile[-UPGRADE_COST:]
        del pile[-UPGRADE_COST:]
        state["upgrades"][seat].append(k)
        return [{"type": "upgrade", "seat": seat, "announce": True,
                 "text": M("{who} turns in {cost} served orders and activates the {upgrade} upgrade: {effect}.", who=seat_name(seat),
                           cost=UPGRADE_COST, upgrade=UPGRADE_NAMES[k], effect=UPGRADE_EFFECTS[k])}]

    def _do_meeple(self, state, seat, i):
        state["sel"] = i
        return [{"type": "choose", "seat": seat, "text": M("{who} will move the meeple on {space}.", who=seat_name(seat),
                                                          space=data.space_name(state["meeples"][seat][i]))}]

    def _do_rush(self, state, seat, _):
        """CR-10: a Rush token for one more step (no limit)."""
        state["rush"][seat] -= 1
        state["rushed"] += 1
        state["steps"] += RUSH_STEP
        return [{"type": "rush", "seat": seat, "text": P("{who} spends a Rush token for one more step ({n} Rush token left).",
                                                        "{who} spends a Rush token for one more step ({n} Rush tokens left).",
                                                        state["rush"][seat], who=seat_name(seat))}]

    def _do_step(self, state, seat, space):
        """CR-10, CR-11: one step, and the ingredient of the space entered."""
        others = self.occupied(state, (seat, state["sel"]))
        if not state["path"]:
            state["path"] = [self._here(state, seat)]
        state["path"].append(space)
        state["steps"] -= 1
        state["meeples"][seat][state["sel"]] = space
        n = gives(state, seat, space, others)
        x = BOARD[space]
        state["collected"] += [x] * n
        state["gained"] += [x] * n
        args = dict(who=seat_name(seat), space=data.space_name(space), what=amount(n, x))
        if space in others:
            return [{"type": "step", "seat": seat, "text": M("{who} steps to {space} (passing a meeple) and collects {what}.", **args)}]
        return [{"type": "step", "seat": seat, "text": M("{who} steps to {space} and collects {what}.", **args)}]

    def _do_stop(self, state, seat, _):
        steps = len(state["path"]) - 1 if state["path"] else 0
        gained = [NAMES[x] for x in sorted(state["gained"], key=data.INGREDIENT_ORDER.__getitem__)]
        if gained:
            text = P("{who} ends the move after {n} step, with {what}.", "{who} ends the move after {n} steps, with {what}.", steps,
                     who=seat_name(seat), what=gained)
        else:
            text = P("{who} ends the move after {n} step, with nothing collected.",
                     "{who} ends the move after {n} steps, with nothing collected.", steps, who=seat_name(seat))
        events = [{"type": "stop", "seat": seat, "text": text}]
        state["steps"] = 0
        if state["collected"]:
            state["phase"] = "pour"
            return events
        return events + self._to_serve(state, seat)

    def _do_empty(self, state, seat, n):
        """CR-12: empty a cup before pouring."""
        cup = state["cups"][seat][n]
        words = cup_words(cup)
        cup.clear()
        return [{"type": "empty", "seat": seat, "text": M("{who} empties cup {cup} ({contents}).", who=seat_name(seat), cup=n + 1,
                                                         contents=words)}]

    def _do_pour(self, state, seat, arg):
        x, n = arg
        state["collected"].remove(x)
        state["cups"][seat][n].append(x)
        state["poured"] = True
        events = [{"type": "pour", "seat": seat, "text": M("{who} pours {ingredient} into cup {cup} (now {contents}).", who=seat_name(seat),
                                                          ingredient=NAMES[x], cup=n + 1, contents=cup_words(state["cups"][seat][n]))}]
        return events + self._after_pour(state, seat)

    def _do_back(self, state, seat, x):
        state["collected"].remove(x)
        state["poured"] = True
        events = [{"type": "back", "seat": seat, "text": M("{who} puts {ingredient} back in the supply.", who=seat_name(seat),
                                                          ingredient=NAMES[x])}]
        return events + self._after_pour(state, seat)

    def _after_pour(self, state, seat):
        if state["collected"]:
            return []
        if state["turn_no"] == 0:  # set-up: the next meeple, or the first turn
            state["poured"] = False
            if state["placing"]:
                state["turn"] = state["placing"][0]
                state["phase"] = "place"
                return []
            return self._begin_turn(state, state["first"])
        return self._to_serve(state, seat)

    def _to_serve(self, state, seat):
        state["phase"] = "serve"
        if self._serve_actions(state, seat):
            return []
        return self._end_turn(state, seat)

    def _do_serve(self, state, seat, arg):
        """CR-13: the cup serves an order; a ★ order gives a Rush token."""
        n, k = arg
        cup = state["cups"][seat][n]
        recipe = recipe_of(cup)
        tab = state["tabs"][seat][k]
        card = next(c for c in tab if CARDS[c] == recipe)
        tab.remove(card)
        state["upvotes"][seat].append(card)
        cup.clear()
        state["served"] += 1
        args = dict(who=seat_name(seat), order=order_name(recipe), tab=k + 1, cup=n + 1)
        if is_specialty(recipe):
            state["rush"][seat] += SPECIALTY_RUSH
            text = M("{who} serves the {order} from Tab {tab} with cup {cup} and gains a Rush token.", **args)
        else:
            text = M("{who} serves the {order} from Tab {tab} with cup {cup}.", **args)
        events = [{"type": "serve", "seat": seat, "announce": True, "text": text}]
        if not self._serve_actions(state, seat):
            events += self._end_turn(state, seat)
        return events

    def _do_done(self, state, seat, _):
        return self._end_turn(state, seat)

    def _draw(self, state, seat, count, events):
        """CR-14: draw `count` cards onto `seat`'s Tab 1; the deck running out closes the game."""
        drawn = []
        lost = 0
        for _ in range(count):
            if not state["deck"]:
                lost += 1
                continue
            card = state["deck"].pop()
            state["tabs"][seat][0].append(card)
            drawn.append(card)
        if drawn:
            events.append({"type": "draw", "seat": seat, "announce": True, "commit": True,
                           "text": P("{who} draws {n} new order onto Tab 1: {orders}.", "{who} draws {n} new orders onto Tab 1: {orders}.",
                                     len(drawn), who=seat_name(seat), orders=[order_name(CARDS[c]) for c in drawn])})
        if lost:
            events.append({"type": "lost", "seat": seat, "announce": True,
                           "text": P("The deck is empty: {who} cannot draw {n} more order.",
                                     "The deck is empty: {who} cannot draw {n} more orders.", lost, who=seat_name(seat))})
        if not state["deck"]:
            events += self._close(state, M("the order deck is empty"))

    def _close(self, state, why):
        if state["token"] == "closed":
            return []
        state["token"] = "closed"
        return [{"type": "closed", "announce": True, "commit": True,
                 "text": M("The Starting Player token flips to Closed ({why}): the round is played out, then the game ends.", why=why)}]

    def _end_turn(self, state, seat):
        """CR-14 new orders, CR-16 flow of time, CR-15 the 2-player draw, CR-17 end check."""
        n = state["players"]
        events = []
        served = state["served"]
        if served:
            for k in range(1, min(ORDER_RECEIVERS, n - 1) + 1):
                self._draw(state, (seat + k) % n, served, events)
        tabs = state["tabs"][seat]
        fallen = tabs[-1]
        moved = sum(len(t) for t in tabs[:-1])
        state["tabs"][seat] = [[]] + tabs[:-1]
        if fallen:
            state["penalties"][seat] += fallen
            state["rush"][seat] += PENALTY_RUSH * len(fallen)
            args = dict(who=seat_name(seat), moved=P("{n} order", "{n} orders", moved), tab=TABS, now=len(state["penalties"][seat]),
                        rush=P("{n} Rush token", "{n} Rush tokens", PENALTY_RUSH * len(fallen)))
            if len(fallen) > 1:
                text = M("Flow of time: {who}'s orders slide one tab down ({moved} moved); {orders} off Tab {tab} become penalties "
                         "(now {now}) and give {rush}.", orders=[order_name(CARDS[c]) for c in fallen], **args)
            else:
                text = M("Flow of time: {who}'s orders slide one tab down ({moved} moved); {order} off Tab {tab} becomes a "
                         "penalty (now {now}) and gives {rush}.", order=order_name(CARDS[fallen[0]]), **args)
        else:
            text = P("Flow of time: {who}'s orders slide one tab down ({n} order moved).",
                     "Flow of time: {who}'s orders slide one tab down ({n} orders moved).", moved, who=seat_name(seat))
        events.append({"type": "flow", "seat": seat, "announce": True, "text": text})
        if len(state["penalties"][seat]) >= CLOSING_PENALTIES:
            events += self._close(state, M("{who} holds {n} penalties", who=seat_name(seat), n=len(state["penalties"][seat])))
        if n == 2:
            self._draw(state, seat, TWO_PLAYER_DRAW, events)
        if not any(tab for tabs in state["tabs"] for tab in tabs):  # CR-17 (in this app): no order left anywhere
            events += self._close(state, M("no order waits on any board, so none can ever be served again"))
        last = (state["first"] - 1) % n
        if state["token"] == "closed" and seat == last:
            return events + self._end_game(state)
        return events + self._begin_turn(state, (seat + 1) % n)

    def _begin_turn(self, state, seat):
        state.update(turn=seat, phase="move", sel=0, path=[], steps=STEPS, rushed=0, collected=[], gained=[],
                     poured=False, served=0)
        state["turn_no"] += 1
        if state["token"] == "closed":
            left = (state["first"] - 1 - seat) % state["players"]
            text = (M("Last round: {who} plays, the last turn of the game.", who=seat_name(seat)) if left == 0
                    else M("Last round: {who} plays.", who=seat_name(seat)))
            return [{"type": "final", "seat": seat, "announce": True, "text": text}]
        return []

    def _end_game(self, state):
        state["over"] = True
        state["phase"] = "over"
        result = self.result(state)
        best = max(result["scores"])
        names = [seat_name(s) for s in result["winners"]]
        text = (M("Game over: {who} wins with {points} points.", who=names[0], points=best) if len(names) == 1
                else M("Game over: {who} win together with {points} points.", who=names, points=best))
        return [{"type": "over", "announce": True, "commit": True, "text": text}]

    # --- the end (CR-18, CR-19) -----------------------------------------------------------------
    def scores(self, state):
        return [UPVOTE_POINTS * len(state["upvotes"][s]) + UPGRADE_POINTS * len(state["upgrades"][s])
                + PENALTY_POINTS * len(state["penalties"][s]) for s in range(state["players"])]

    def result(self, state):
        n = state["players"]
        scores = self.scores(state)
        ups = [len(u) for u in state["upvotes"]]
        best = max(scores)
        top = [s for s in range(n) if scores[s] == best]
        rows = [
            {"label": M("Served orders (up-vote pile)"), "kind": "line", "values": [UPVOTE_POINTS * u for u in ups]},
            {"label": M("Upgrades ×{times}", times=UPGRADE_POINTS), "kind": "line",
             "values": [UPGRADE_POINTS * len(state["upgrades"][s]) for s in range(n)]},
            {"label": M("Penalties"), "kind": "line", "values": [PENALTY_POINTS * len(state["penalties"][s]) for s in range(n)]},
        ]
        notes = []
        winners = top
        if len(top) > 1:  # CR-19
            most = max(ups[s] for s in top)
            winners = [s for s in top if ups[s] == most]
            rows.append({"label": M("Tie-break: up-vote pile"), "kind": "tiebreak", "values": list(ups)})
            args = dict(points=best, who=[seat_name(s) for s in top], upvotes=most)
            if len(winners) > 1:
                rush = max(state["rush"][s] for s in winners)
                winners = [s for s in winners if state["rush"][s] == rush]
                rows.append({"label": M("Tie-break: Rush tokens"), "kind": "tiebreak", "values": list(state["rush"])})
                if len(winners) > 1:
                    note = M("Tied on {points} points: {who}; the tie-break is most cards in the up-vote pile ({upvotes}), "
                             "then most Rush tokens ({rush}): still tied, they share the win.", rush=rush, **args)
                else:
                    note = M("Tied on {points} points: {who}; the tie-break is most cards in the up-vote pile ({upvotes}), "
                             "then most Rush tokens ({rush}).", rush=rush, **args)
            else:
                note = M("Tied on {points} points: {who}; the tie-break is most cards in the up-vote pile ({upvotes}).", **args)
            notes.append(note)
        rows.append({"label": M("Total"), "kind": "total", "values": scores})
        return {"scores": scores, "winners": winners, "sheet": rows, "notes": notes, "turns": state["turn_no"]}

    # --- reading --------------------------------------------------------------------------------
    def progress(self, state):
        if state["over"]:
            return M("Finished")
        if state["turn_no"] == 0:
            return M("Set-up: placing meeples")
        if state["token"] == "open":
            return P("Turn {turn} · {n} order in the deck · Open", "Turn {turn} · {n} orders in the deck · Open", len(state["deck"]),
                     turn=state["turn_no"])
        return P("Turn {turn} · {n} order in the deck · Closed: last round", "Turn {turn} · {n} orders in the deck · Closed: last round",
                 len(state["deck"]), turn=state["turn_no"])

    def _view(self, state, seat):
        n = state["players"]
        me = seat if isinstance(seat, int) and 0 <= seat < n else None
        return {
            "players": n, "me": me, "first": state["first"], "turn": state["turn"], "turn_no": state["turn_no"],
            "phase": state["phase"], "token": state["token"], "deck": len(state["deck"]),
            "tabs": clone(state["tabs"]), "cups": clone(state["cups"]), "meeples": clone(state["meeples"]),
            "upvotes": [len(p) for p in state["upvotes"]], "penalties": [len(p) for p in state["penalties"]],
            "spent": [len(p) for p in state["spent"]], "upgrades": clone(state["upgrades"]), "rush": list(state["rush"]),
            "placing": list(state["placing"]), "sel": state["sel"], "path": list(state["path"]), "steps": state["steps"],
            "rushed": state["rushed"], "collected": list(state["collected"]), "gained": list(state["gained"]),
            "poured": state["poured"], "served": state["served"], "over": state["over"],
        }

    def audit(self, state):
        problems = []
        cards = list(state["deck"])
        for s in range(state["players"]):
            for tab in state["tabs"][s]:
                cards += tab
            cards += state["upvotes"][s] + state["penalties"][s] + state["spent"][s]
            if len(state["spent"][s]) != UPGRADE_COST * len(state["upgrades"][s]):
                problems.append("seat %d put out %d cards for %d upgrades" % (s, len(state["spent"][s]), len(state["upgrades"][s])))
            if any(len(cup) > CUP_SIZE for cup in state["cups"][s]):
                problems.append("seat %d has an overfull cup" % s)
            if len(set(state["upgrades"][s])) != len(state["upgrades"][s]):
                problems.append("seat %d turned a tile twice" % s)
            if state["rush"][s] < 0:
                problems.append("seat %d has negative Rush tokens" % s)
            if len(state["penalties"][s]) >= CLOSING_PENALTIES and state["token"] != "closed":
                problems.append("seat %d holds %d penalties but the token is Open" % (s, len(state["penalties"][s])))
        if sorted(cards) != list(range(DECK_SIZE)):
            problems.append("the %d order cards are not conserved: %d found" % (DECK_SIZE, len(cards)))
        if not state["deck"] and state["token"] != "closed":
            problems.append("the deck is empty but the token is Open")
        spaces = [sp for m in state["meeples"] for sp in m]
        moving = state["meeples"][state["turn"]][state["sel"]] if state["phase"] == "move" and state["meeples"][state["turn"]] else None
        still = list(spaces)
        if moving is not None:
            still.remove(moving)
        if len(set(still)) != len(still) or (state["phase"] != "move" and len(set(spaces)) != len(spaces)):
            problems.append("two meeples end on one space")
        if state["phase"] not in PHASES:
            problems.append("unknown phase %s" % state["phase"])
        return problems

    # --- for bots and the test harness -----------------------------------------------------------
    def scramble(self, state, seat, rng):
        """Only the deck order is secret (and the contents of the face-down piles, which the view
        shows as counts): re-deal those cards at random."""
        state = clone(state)
        pool = list(state["deck"])
        for name in ("upvotes", "penalties", "spent"):
            for pile in state[name]:
                pool += pile
        rng.shuffle(pool)
        state["deck"] = pool[:len(state["deck"])]
        del pool[:len(state["deck"])]
        for name in ("upvotes", "penalties", "spent"):
            for pile in state[name]:
                pile[:], pool = pool[:len(pile)], pool[len(pile):]
        return state

    def sample_state(self, view, seat, rng):
        """A full state from a view: the cards not on any tab dealt at random into the deck and the
        face-down piles."""
        n = view["players"]
        on_tabs = {c for tabs in view["tabs"] for tab in tabs for c in tab}
        pool = [c for c in range(DECK_SIZE) if c not in on_tabs]
        rng.shuffle(pool)
        piles = {}
        for name in ("upvotes", "penalties", "spent"):
            piles[name] = []
            for s in range(n):
                k = view[name][s]
                piles[name].append(pool[:k])
                del pool[:k]
        return {
            "players": n, "first": view["first"], "rng": new_rng(rng.getrandbits(63)), "deck": pool, "token": view["token"],
            "tabs": clone(view["tabs"]), "upvotes": piles["upvotes"], "penalties": piles["penalties"], "spent": piles["spent"],
            "upgrades": clone(view["upgrades"]), "rush": list(view["rush"]), "cups": clone(view["cups"]),
            "meeples": clone(view["meeples"]), "turn": view["turn"], "turn_no": view["turn_no"], "phase": view["phase"],
            "placing": list(view["placing"]), "sel": view["sel"], "path": list(view["path"]), "steps": view["steps"],
            "rushed": view["rushed"], "collected": list(view["collected"]), "gained": list(view["gained"]),
            "poured": view["poured"], "served": view["served"], "over": view["over"],
        }
