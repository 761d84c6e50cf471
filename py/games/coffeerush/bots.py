"""Coffee Rush's bots. Everything is public but the deck order, so both plan from the view; Hard's
search works on worlds from `sample_state` (the deck order drawn at random), never the real one.

A turn is planned whole: every walk the meeple can make (each end space, with 0, 1 or 2 Rush
tokens; passing meeples as the rules allow), and for each walk the pour that follows (`plan_pour`):
empty the cups that serve nothing, fill the cups that complete an order this turn (the most urgent
tab first), pour the rest where it builds toward an order that will still be there after the flow
of time, and put back what helps nothing. A plan is valued in points: a served order swings about
2 (a point now instead of a penalty later), more on the urgent tabs, ★ orders add a Rush token;
half-built cups count for part of their order; each Rush token spent costs its worth.

Normal: the best plan by that value, decided afresh at each small decision (the same plan comes
out, or a better one from what it now knows). Upgrades only early, when the game has long to go.

Hard: the Normal plans are its candidates (the best few walks, with and without an upgrade). Each
is played in sampled worlds (deck orders), then the next players answer with Normal's plans (the
orders they draw come from that world's deck), and Hard's best plan for its own next turn from
where it ends is added: it walks to where next turn pays, and sees what its serves hand to the
next players. A plan scores its own value plus half that outlook (the outlook alone undervalues an
order served now rather than next turn). Budgeted in worlds, so a seed reproduces a decision; in
the app a wall-clock guard stops it early on a slow device (HARD_TIME_BUDGET).

Speed (issue 27): the search asks the same small questions again and again (how to pour what a
walk collects, where a meeple can walk: the same in every world), so their answers are kept in
bounded caches, and a planned turn writes out the actions of the plans used only. The choices are
exactly those of the search without them (tests/test_coffeerush_bots.py), at about a third of the
time (bench/RESULTS.md).
"""

import sys
import time
from collections import Counter

from tabletop import M, P
from tabletop import bots as botlib
from tabletop import clone
from tabletop import search

from .data import (BOARD, CARDS, CUP_SIZE, CUPS, DIAGONAL, INGREDIENT_ORDER, NAMES, PENALTY_POINTS, RUSH_STEP,
                   SPECIALTY_RUSH, TABS, UPGRADE_COST, UPGRADE_EFFECTS, UPGRADE_NAMES, UPGRADE_POINTS, UPGRADES,
                   UPVOTE_POINTS, amount, is_specialty, order_name, recipe_of, space_name)
from .rules import ALL_AROUND, ORTHOGONAL, cup_words, gives, parse

# Worth of things in points (bot strength only, not rules).
RUSH_WORTH = 0.45  # a Rush token: a step on some later turn
SERVE_WORTH = UPVOTE_POINTS - PENALTY_POINTS  # a point now instead of (likely) a penalty later
URGENCY = 0.15  # per tab: the lower the tab, the sooner it turns into a penalty
PARTIAL = 0.9  # a cup built toward an order that survives the flow of time: this times the share done
MAX_RUSH = 2  # Rush tokens a plan may spend (1 with Diagonal: the walks multiply)
UPGRADE_ORDER = (DIAGONAL, 4, 1, 2)  # Normal's preference among the tiles
UPGRADE_DECK = 36  # Normal upgrades only while the deck holds this many cards (a long game ahead)
HARD_WORLDS = 4  # sampled deck orders for the first decision of a turn
HARD_WORLDS_MIDWALK = 2  # and for each later step of the walk
HARD_CANDIDATES = 4  # plans compared by the search
LOOKAHEAD = 0.5  # weight of the searched outlook beside the plan's own value
# The app's wall-clock guard (off in simulations and tests, which count worlds): no world is begun
# that would end past this many seconds. Pyodide runs the search 2-3 times slower than CPython.
HARD_TIME_BUDGET = 0.7 if sys.platform == "emscripten" else 0.4


_NEEDS = {}


def _sub(cup, recipe):
    """What `recipe` still needs once `cup` is in it ({letter: count}), or None if `cup` does not
    fit it. Cached: there are few cups and recipes (keyed by the cup as it is, in pouring order:
    sorting it for the key cost more than the rest of the lookup)."""
    key = (tuple(cup), recipe)
    found = _NEEDS.get(key, False)
    if found is not False:
        return found
    need = Counter(recipe)
    need.subtract(cup)
    found = None if any(v < 0 for v in need.values()) else {x: v for x, v in need.items() if v > 0}
    _NEEDS[key] = found
    return found


def my_orders(view, seat):
    """[(tab index 0..3, recipe, card)], the most urgent (Tab 4) first."""
    out = []
    for k in range(TABS - 1, -1, -1):
        for card in view["tabs"][seat][k]:
            out.append((k, CARDS[card], card))
    return out


def serve_worth(k, recipe):
    found = _WORTHS.get((k, recipe))
    if found is None:
        found = _WORTHS[(k, recipe)] = SERVE_WORTH + URGENCY * k + (RUSH_WORTH * SPECIALTY_RUSH if is_specialty(recipe) else 0.0)
    return found


_WORTHS = {}  # at most 4 tabs x 40 recipes


# plan_pour's answers: a pure function of its arguments, asked the same question again and again
# by Hard's search (every world, every candidate, every player's planned turn: 70% of a decision's
# time went there). Emptied when full, so its size stays bounded on a phone.
_POURS = {}
POUR_CACHE_SIZE = 5_000  # about 1 kB each


def plan_pour(cups, collected, orders, can_empty=True):
    """The pour for `collected` into `cups`: (actions, value, serves). Serves are [(cup, tab)].
    The answer is shared between callers: never edit it."""
    return _pour(tuple(map(tuple, cups)), "".join(sorted(collected)), tuple(orders), can_empty)


def _pour(cups_key, collected, orders, can_empty=True):
    """plan_pour with its key made: `collected` a sorted string, the rest tuples."""
    key = (cups_key, collected, orders, can_empty)
    found = _POURS.get(key)
    if found is None:
        if len(_POURS) >= POUR_CACHE_SIZE:
            _POURS.clear()
        found = _POURS[key] = _plan_pour(_pour_context(cups_key, orders, can_empty), collected, orders)
    return found


def _pour_context(cups_key, orders, can_empty):
    """What every pour into these cups for these orders starts from, whatever was collected:
    (the cups once those that serve nothing are emptied, those "empty" actions, and subs[j][n]:
    what order j needs beside cup n). A planned turn asks it for each of its walks."""
    key = (cups_key, orders, can_empty)
    found = _CONTEXTS.get(key)
    if found is None:
        cups = [list(c) for c in cups_key]
        actions = []
        if can_empty:  # a cup that fits no order serves nothing: empty it
            for n, cup in enumerate(cups):
                if cup and not any(_sub(cup, r) is not None for _, r, _ in orders):
                    actions.append("empty:%d" % (n + 1))
                    cups[n] = []
        subs = [[_sub(cup, r) for cup in cups] for _, r, _ in orders]
        # fitting[j]: the cups order j fits, with what it still needs as (letter, count) pairs
        fitting = [[(n, need, tuple(need.items())) for n, need in enumerate(row) if need is not None] for row in subs]
        if len(_CONTEXTS) >= POUR_CACHE_SIZE:
            _CONTEXTS.clear()
        found = _CONTEXTS[key] = (cups, actions, subs, fitting)
    return found


_CONTEXTS = {}


def _plan_pour(context, collected, orders):
    start, emptied, subs, fitting = context
    cups = [list(c) for c in start]
    left = dict(Counter(collected))  # a plain dict: a Counter's missing key costs a method call
    actions = list(emptied)
    value = 0.0
    serves = []
    taken_cards = set()
    done_cups = set()
    for j, (k, recipe, card) in enumerate(orders):  # complete the most urgent orders first
        best = None
        for n, need, items in fitting[j]:  # a cup changes only once it serves: then it is done
            if n in done_cups:
                continue
            for x, v in items:
                if left.get(x, 0) < v:
                    break
            else:  # what was collected completes the order in this cup
                key = (len(cups[n]), -n)
                if best is None or key > best[0]:
                    best = (key, n, need)
        if best is None:
            continue
        _, n, need = best
        for x in sorted(need, key=INGREDIENT_ORDER.__getitem__):
            actions += ["pour:%s@%d" % (x, n + 1)] * need[x]
            cups[n] += [x] * need[x]
        for x, v in need.items():
            left[x] -= v
        done_cups.add(n)
        taken_cards.add(card)
        serves.append((n, k))
        value += serve_worth(k, recipe)
    # the rest builds toward orders still there after the flow of time (Tabs 1-3 now)
    future = [j for j, (k, r, c) in enumerate(orders) if c not in taken_cards and k < TABS - 1]
    open_cups = [n for n in range(len(cups)) if n not in done_cups]
    # fits[n]: the future orders cup n fits, as (tab, recipe length, what it still needs); the
    # cup plus x fits one of them when that need holds an x.
    fits = {n: [(orders[j][0], len(orders[j][1]), subs[j][n]) for j in future if subs[j][n] is not None] for n in open_cups}
    rest = [x for x, v in left.items() for _ in range(v)]
    for x in sorted(rest, key=INGREDIENT_ORDER.__getitem__):
        best = None
        for n in open_cups:
            size = len(cups[n])
            if size >= CUP_SIZE:
                continue
            for k, length, need in fits[n]:
                if x in need:
                    key = ((size + 1) / length, k, size, -n)
                    if best is None or key > best[0]:
                        best = (key, n)
        if best is None:
            actions.append("back:" + x)
        else:
            n = best[1]
            actions.append("pour:%s@%d" % (x, n + 1))
            cups[n].append(x)
            fits[n] = [(k, length, _less(need, x)) for k, length, need in fits[n] if x in need]
    for n in open_cups:
        cup = cups[n]
        if cup and fits[n]:
            value += PARTIAL * max(len(cup) / length for _, length, _ in fits[n])
    return actions, value, serves


def _less(need, x):
    """`need` once an `x` is poured toward it (`need` holds one): _sub of the grown cup."""
    need = dict(need)
    need[x] -= 1
    if not need[x]:
        del need[x]
    return need


_WALKS = {}
WALK_CACHE_SIZE = 60  # a few hundred walks each, about 60 kB


def walks(view, seat, sel, max_rush):
    """Every walk of meeple `sel` from where it stands now: [(steps, collected, rush spent)],
    one per end space and collected multiset (the cheapest). Shared between callers, like
    plan_pour's answers: the meeples stand in the same places in every world Hard samples."""
    key = (tuple(map(tuple, view["meeples"])), seat, sel, tuple(view["path"]), view["steps"], view["rush"][seat],
           tuple(view["upgrades"][seat]), max_rush)
    found = _WALKS.get(key)
    if found is None:
        if len(_WALKS) >= WALK_CACHE_SIZE:
            _WALKS.clear()
        found = _WALKS[key] = _walks(view, seat, sel, max_rush)
    return found


def _walks(view, seat, sel, max_rush):
    meeples = view["meeples"]
    near = ALL_AROUND if DIAGONAL in view["upgrades"][seat] else ORTHOGONAL
    others = {sp for s, spaces in enumerate(meeples) for i, sp in enumerate(spaces) if (s, i) != (seat, sel)}
    here = meeples[seat][sel]
    visited = set(view["path"]) | {here}
    free_steps = view["steps"]
    budget = free_steps + min(max_rush, view["rush"][seat]) * RUSH_STEP
    found = {}

    def dfs(space, steps, got, visited):
        if space not in others:
            rush = max(0, len(steps) - free_steps)
            key = (space, "".join(sorted(got)))
            if key not in found or found[key][2] > rush:
                found[key] = (list(steps), list(got), rush)
        if len(steps) >= budget:
            return
        for nxt in near[space]:
            if nxt in visited:
                continue
            x = BOARD[nxt]
            n = gives(view, seat, nxt, others)
            visited.add(nxt)
            steps.append(nxt)
            dfs(nxt, steps, got + [x] * n, visited)
            steps.pop()
            visited.discard(nxt)

    dfs(here, [], [], visited)
    return list(found.values())


def plan_turn(view, seat, max_rush=MAX_RUSH, top=None):
    """The best plans for the rest of this turn, best first: [(value, actions)]; only the `top`
    best when given (the actions of every other walk are never written out)."""
    phase = view["phase"]
    orders = my_orders(view, seat)
    cups = view["cups"][seat]
    if phase == "pour":
        actions, value, _ = plan_pour(cups, view["collected"], orders, can_empty=not view["poured"] and view["turn_no"] > 0)
        return [(value, actions)]
    if phase == "serve":
        return [(0.0, serve_actions(view, seat) + ["done"])]
    found = []  # (value, sel, steps, pour)
    choices = [view["sel"]] if view["path"] else range(len(view["meeples"][seat]))
    if DIAGONAL in view["upgrades"][seat]:
        max_rush = min(max_rush, 1)
    cups_key, orders, before = tuple(map(tuple, cups)), tuple(orders), list(view["collected"])
    for sel in choices:
        pours = {}  # walks that collect the same things pour the same way
        for steps, got, rush in walks(view, seat, sel, max_rush):
            key = "".join(sorted(got))
            pour = pours.get(key)
            if pour is None:
                pour = pours[key] = _pour(cups_key, "".join(sorted(before + got)) if before else key, orders)
            found.append((pour[1] - RUSH_WORTH * rush, sel, steps, pour))
    order = sorted(range(len(found)), key=lambda i: -found[i][0])  # stable: ties keep the walks' order
    return [(found[i][0], _plan_actions(view, *found[i][1:])) for i in order[:top]]


def _plan_actions(view, sel, steps, pour):
    """The actions of a planned walk and its pour and serves."""
    pour_actions, _, serves = pour
    acts = [] if sel == view["sel"] else ["meeple:%d" % (sel + 1)]
    left = view["steps"]
    for space in steps:
        if left == 0:
            acts.append("rush")
            left += RUSH_STEP
        acts.append("step:" + space)
        left -= 1
    acts.append("stop")
    return acts + pour_actions + ["serve:%d@T%d" % (n + 1, k + 1) for n, k in serves]


def serve_actions(view, seat):
    """Legal serves, each cup to its most urgent matching tab (Tab 4 first)."""
    out = []
    used = Counter()
    for n, cup in enumerate(view["cups"][seat]):
        if not cup:
            continue
        recipe = recipe_of(cup)
        for k in range(TABS - 1, -1, -1):
            have = sum(1 for c in view["tabs"][seat][k] if CARDS[c] == recipe)
            if have > used[(k, recipe)]:
                used[(k, recipe)] += 1
                out.append("serve:%d@T%d" % (n + 1, k + 1))
                break
    return out


def wanted(view, seat):
    """The ingredients this seat's orders ask for, counted (Counter)."""
    want = Counter()
    for _, recipe, _ in my_orders(view, seat):
        want.update(recipe)
    return want


def place_choice(view, seat):
    """Set-up: the empty space whose ingredient and neighbourhood best fit this seat's orders."""
    want = wanted(view, seat)
    taken = {sp for spaces in view["meeples"] for sp in spaces}
    best = None
    for space in sorted(BOARD):
        if space in taken:
            continue
        score = want[BOARD[space]] + 0.3 * sum(want[BOARD[n]] for n in ORTHOGONAL[space]) + 0.1 * len(ORTHOGONAL[space])
        if best is None or score > best[0]:
            best = (score, space)
    return "place:" + best[1]


def first_legal(plan, legal):
    for action in plan:
        if action in legal:
            return action
    return None


def normal_upgrade(view, seat, legal):
    if view["path"] or view["deck"] < UPGRADE_DECK or view["upvotes"][seat] < UPGRADE_COST:
        return None
    for k in UPGRADE_ORDER:
        if "upgrade:%d" % k in legal:
            return "upgrade:%d" % k
    return None


def normal(game, view, seat, legal, rng):
    phase = view["phase"]
    if phase == "place":
        return place_choice(view, seat)
    if phase == "pour" and view["turn_no"] == 0:  # set-up: the ingredient into the first cup that suits it
        return legal[0]
    if phase == "move":
        up = normal_upgrade(view, seat, legal)
        if up:
            return up
    if phase == "serve":
        serves = [a for a in serve_actions(view, seat) if a in legal]
        return serves[0] if serves else "done"
    plans = plan_turn(view, seat, top=1)
    if plans:
        action = first_legal(plans[0][1][:1], legal)
        if action:
            return action
    return "stop" if "stop" in legal else legal[-1]


# --- Hard ---------------------------------------------------------------------------------------
def play_planned_turn(game, state, seat, max_rush=1):
    """Play `seat`'s whole turn in a (sampled) world with Normal's plan, made once."""
    view = game.view(state, seat)
    plans = plan_turn(view, seat, max_rush, top=1)
    actions = plans[0][1] if plans else []
    for action in actions:
        if game.is_over(state) or state["turn"] != seat:
            return
        if action in game.legal_actions(state, seat):
            game.apply(state, seat, action)
    guard = 0
    while not game.is_over(state) and state["turn"] == seat and guard < 40:
        legal = game.legal_actions(state, seat)
        action = normal(game, game.view(state, seat), seat, legal, None)
        game.apply(state, seat, action)
        guard += 1


def position_value(view, seat):
    """What a seat holds, in points: its score, Rush tokens, and cups built toward its orders."""
    score = UPVOTE_POINTS * view["upvotes"][seat] + UPGRADE_POINTS * len(view["upgrades"][seat]) + PENALTY_POINTS * view["penalties"][seat]
    orders = my_orders(view, seat)
    _, partial, _ = plan_pour(view["cups"][seat], [], orders, can_empty=False)
    return score + RUSH_WORTH * view["rush"][seat] + partial


def upgrade_worth(view, seat, walk):
    """Hard's first value of an upgrade now (CR-9) beside its best walk's, `walk`: the tile's
    points for the up-votes put out of the game (CR-18); the searched round adds what it does.
    Measured (bench/RESULTS.md, 2026-12-07): more for an early upgrade loses to the pinned Hard."""
    return walk - UPGRADE_COST * UPVOTE_POINTS + UPGRADE_POINTS


def hard(game, view, seat, legal, rng):
    phase = view["phase"]
    if phase != "move" or view["turn_no"] == 0:
        action = normal(game, view, seat, legal, rng)
        if search.asking():
            search.say_why(lambda: rule_of_thumb_why(view, seat, action))
        return action
    plans = plan_turn(view, seat, top=HARD_CANDIDATES)
    candidates = [acts for _, acts in plans]
    values = [value for value, _ in plans]
    starting = not view["path"]
    if starting and view["upvotes"][seat] >= UPGRADE_COST:
        for k in UPGRADE_ORDER:
            if "upgrade:%d" % k in legal:
                candidates.append(["upgrade:%d" % k])
                values.append(upgrade_worth(view, seat, values[0] if values else 0.0))
                break
    if len({acts[0] for acts in candidates}) <= 1:
        action = candidates[0][0] if candidates else normal(game, view, seat, legal, rng)
        if search.asking():
            search.say_why(lambda: plan_why(view, seat, candidates[0], values[0], values[0], False) if candidates
                           else M("you may not end your move on another meeple's space: walk on (CR-10)"))
        return action
    # At the start of a turn the whole round is played in each world (the others answer, drawing
    # from that world's deck); mid-walk a couple of worlds judge what the walk leaves for next turn.
    budget = HARD_WORLDS if starting else HARD_WORLDS_MIDWALK
    totals = [0.0] * len(candidates)
    started = time.perf_counter()
    deadline = botlib.deadline(HARD_TIME_BUDGET)  # None outside the app: count worlds only
    worlds = 0
    while worlds < budget:
        if deadline is not None and worlds and (time.perf_counter() - started) * (worlds + 1) / worlds > HARD_TIME_BUDGET:
            break  # the next world would end past the budget (a slow device, a busy machine)
        worlds += 1
        world = game.sample_state(view, seat, rng)
        for i, acts in enumerate(candidates):
            botlib.breathe()  # a round per candidate: the page gets its turn between them
            state = clone(world)
            for action in acts:
                if game.is_over(state) or state["turn"] != seat or action not in game.legal_actions(state, seat):
                    break
                game.apply(state, seat, action)
            if not game.is_over(state) and state["turn"] == seat:
                play_planned_turn(game, state, seat)
            while starting and not game.is_over(state) and state["turn"] != seat:  # the others answer
                play_planned_turn(game, state, state["turn"])
            totals[i] += outlook(game, state, seat, view["players"])
    # Normal's value of the plan itself, then what the worlds say it leads to
    scores = [values[i] + LOOKAHEAD * totals[i] / worlds for i in range(len(candidates))]
    best = max(range(len(candidates)), key=lambda i: (scores[i], -i))
    firsts = {}  # a hint compares first steps: several plans may start the same way
    for acts, score in zip(candidates, scores):
        firsts[acts[0]] = max(score, firsts.get(acts[0], score))
    search.note(firsts, candidates[best][0], "points", worlds)
    if search.asking():
        search.say_why(lambda: plan_why(view, seat, candidates[best], values[best], values[0], True))
    return candidates[best][0]


def outlook(game, state, seat, players):
    """Hard's value of a world after a round: the final margin if the game ended, else its
    position against the best opponent plus what its next turn can make."""
    view = game.view(state, seat)
    if game.is_over(state):
        scores = game.scores(state)
        return 3.0 * (scores[seat] - max(s for i, s in enumerate(scores) if i != seat))
    mine = position_value(view, seat)
    nxt = plan_turn(view, seat, 1, top=1)
    mine += 0.8 * (nxt[0][0] if nxt else 0.0)
    others = max(position_value(view, s) for s in range(players) if s != seat)
    return mine - others


# --- a hint's words ----------------------------------------------------------------------------
# What Hard's move does, as a clause for a hint (search.say_why), made only when a hint asks: from
# the view alone (everything a plan touches before the flow of time is public, CR-20), with the
# plan's own figures: what its walk collects, what its pour serves and builds, what it spends.
def _what(letters):
    """[amount(...)] of some ingredients, in the game's order: ["2 Milk", "Steam"]."""
    counts = Counter(letters)
    return [amount(counts[x], x) for x in sorted(counts, key=INGREDIENT_ORDER.__getitem__)]


def _aim(cup, future):
    """The order (tab index, recipe) a half-built `cup` is nearest to among `future` ones, as
    plan_pour weighs it (the largest share done, then the most urgent tab); None if none fits."""
    best = None
    for k, recipe in future:
        if _sub(cup, recipe) is not None:
            key = (len(cup) / len(recipe), k)
            if best is None or key > best[0]:
                best = (key, k, recipe)
    return None if best is None else best[1:]


def _play_plan(view, seat, acts):
    """What the actions of a planned turn do, worked out on the view: {"gained", "rush",
    "emptied": [cup], "serves": [(cup, tab, recipe)], "builds": [(cup, tab, recipe)], the cup nearest
    to its order first}: only the flow of time that ends the turn draws from the hidden deck."""
    sel = view["sel"]
    cups = [list(c) for c in view["cups"][seat]]
    out = {"gained": [], "rush": 0, "emptied": [], "serves": [], "builds": []}
    poured = set()
    for action in acts:
        verb, arg = parse(action)
        if verb == "meeple":
            sel = arg
        elif verb == "rush":
            out["rush"] += 1
        elif verb == "step":
            others = {sp for s, spaces in enumerate(view["meeples"]) for i, sp in enumerate(spaces) if (s, i) != (seat, sel)}
            out["gained"] += [BOARD[arg]] * gives(view, seat, arg, others)
        elif verb == "empty":
            out["emptied"].append(arg)
            cups[arg] = []
        elif verb == "pour":
            x, n = arg
            cups[n].append(x)
            poured.add(n)
        elif verb == "serve":
            n, k = arg
            out["serves"].append((n, k, recipe_of(cups[n])))
            cups[n] = []
    left = [(k, CARDS[card]) for k in range(TABS) for card in view["tabs"][seat][k]]
    for _, k, recipe in out["serves"]:
        if (k, recipe) in left:
            left.remove((k, recipe))
    future = [(k, recipe) for k, recipe in left if k < TABS - 1]  # still there after the flow of time
    for n in sorted(poured):
        aim = _aim(cups[n], future) if cups[n] else None
        if aim:
            out["builds"].append((n, aim[0], aim[1]))
    out["builds"].sort(key=lambda b: (-len(cups[b[0]]) / len(b[2]), -b[1], b[0]))  # the nearest to done first
    return out


def _order_on_tab(k, recipe):
    if k == TABS - 1:
        return M("the {order} on Tab {tab} before it becomes a penalty", order=order_name(recipe), tab=k + 1)
    return M("the {order} on Tab {tab}", order=order_name(recipe), tab=k + 1)


def _rules(*ids):
    """The rule ids a clause cites, "CR-13, CR-16" (the same in every language)."""
    return ", ".join(ids)


def plan_why(view, seat, acts, value, best_value, searched):
    """"stepping to Steam (row 2, column 2): this turn you collect Milk and Steam and serve the order
    Milk, Steam on Tab 4 before it becomes a penalty (CR-13, CR-16)"; a plan that serves nothing
    says what it builds toward. `acts` is the plan Hard chose (its first action is the move),
    `value` the plan's own worth, `best_value` the best plan's by that worth alone (the plan may be
    chosen for the round its search played out after it: `searched`)."""
    first = acts[0]
    verb, arg = parse(first)
    if verb == "upgrade":
        if searched:
            return P("activating the {upgrade} upgrade ({effect}) for {cost} up-votes: by Hard's look at the round ahead "
                     "it pays back more than the {n} point it costs (CR-9, CR-18)",
                     "activating the {upgrade} upgrade ({effect}) for {cost} up-votes: by Hard's look at the round ahead "
                     "it pays back more than the {n} points it costs (CR-9, CR-18)",
                     UPGRADE_COST * UPVOTE_POINTS - UPGRADE_POINTS, upgrade=UPGRADE_NAMES[arg], effect=UPGRADE_EFFECTS[arg],
                     cost=UPGRADE_COST)
        return M("activating the {upgrade} upgrade ({effect}) for {cost} up-votes (CR-9)", upgrade=UPGRADE_NAMES[arg],
                 effect=UPGRADE_EFFECTS[arg], cost=UPGRADE_COST)
    if verb == "meeple":
        lead = M("moving your meeple on {space}", space=space_name(view["meeples"][seat][arg]))
    elif verb == "rush":
        lead = M("spending a Rush token for one more step")
    elif verb == "step":
        lead = M("stepping to {space}", space=space_name(arg))
    elif view["path"]:
        lead = M("ending your move on {space}", space=space_name(view["path"][-1]))
    else:
        lead = M("ending your move where you stand")
    done = _play_plan(view, seat, acts)
    effects = []
    if done["gained"] and len(done["serves"]) < 2:  # (with two orders served, the clause is long enough)
        effects.append(M("collect {what}", what=_what(done["gained"])))
    if done["rush"] and not (verb == "rush" and done["rush"] == 1):
        effects.append(M("spend {tokens} (CR-10)", tokens=P("{n} Rush token", "{n} Rush tokens", done["rush"])))
    if done["serves"]:  # what the plan is worth now; what it builds toward only counts when it serves nothing
        orders = [_order_on_tab(k, r) for _, k, r in done["serves"]]
        stars = sum(SPECIALTY_RUSH for _, _, r in done["serves"] if is_specialty(r))
        urgent = any(k == TABS - 1 for _, k, _ in done["serves"])
        if stars:
            effects.append(M("serve {orders}", orders=orders) if not urgent else M("serve {orders} (CR-16)", orders=orders))
            effects.append(M("gain {tokens} for the ★ (CR-13)", tokens=P("{n} Rush token", "{n} Rush tokens", stars)))
        else:
            effects.append(M("serve {orders} ({rules})", orders=orders, rules=_rules("CR-13", "CR-16") if urgent else "CR-13"))
    else:
        if done["emptied"]:
            effects.append(P("empty cup {cups}, which fits none of your orders (CR-12)", "empty cups {cups}, which fit none of "
                             "your orders (CR-12)", len(done["emptied"]), cups=[n + 1 for n in done["emptied"]]))
        if done["builds"]:  # the cup nearest to its order
            n, k, recipe = done["builds"][0]
            effects.append(M("build cup {cup} toward the {order} on Tab {tab}", cup=n + 1, order=order_name(recipe), tab=k + 1))
    if searched and value < best_value - 1e-9:
        effects.append(M("set up your next turn better than the walks that do more now"))
    elif searched and not done["serves"] and not done["builds"]:
        effects.append(M("end best placed for your next turn, by Hard's look ahead"))
    if not effects:
        return M("{lead}: every plan Hard weighs starts this way", lead=lead)
    return M("{lead}: this turn you {effects}", lead=lead, effects=effects)


def rule_of_thumb_why(view, seat, action):
    """The clause for a step Hard takes by Normal's rules of thumb: set-up, pouring, serving."""
    verb, arg = parse(action)
    phase = view["phase"]
    if verb == "place":
        return place_why(view, seat, arg)
    if phase == "pour" and view["turn_no"] == 0:
        x, n = arg
        return M("{ingredient} goes into cup {cup}: at set-up any cup will do, as you may empty it before your first pour "
                 "(CR-8, CR-12)", ingredient=NAMES[x], cup=n + 1)
    if verb == "serve":
        n, k = arg
        recipe = recipe_of(view["cups"][seat][n])
        rules = _rules("CR-13", "CR-16", "CR-18") if k == TABS - 1 else _rules("CR-13", "CR-18")
        points = P("{n} point", "{n} points", UPVOTE_POINTS)  # the up-vote it earns (CR-18)
        if is_specialty(recipe):
            return M("cup {cup} serves {order}: {points}, and {tokens} for the ★ ({rules})", cup=n + 1,
                     order=_order_on_tab(k, recipe), points=points, tokens=P("{n} Rush token", "{n} Rush tokens", SPECIALTY_RUSH),
                     rules=rules)
        return M("cup {cup} serves {order}: {points} ({rules})", cup=n + 1, order=_order_on_tab(k, recipe), points=points,
                 rules=rules)
    if verb == "done":
        return M("no cup of yours matches an order now: end the turn")
    if phase == "pour":
        return pour_why(view, seat, verb, arg)
    return M("you may not end your move on another meeple's space: walk on (CR-10)")


def pour_why(view, seat, verb, arg):
    """Why this empty, pour or put-back: the pour Normal plans for all that was collected."""
    if verb == "empty":
        return M("cup {cup} ({contents}) fits none of your orders: emptying it makes room (CR-12)", cup=arg + 1,
                 contents=cup_words(view["cups"][seat][arg]))
    if verb == "back":
        return M("none of your cups can use {ingredient} toward an order still waiting after the flow of time: it goes "
                 "back (CR-12, CR-16)", ingredient=NAMES[arg])
    x, n = arg
    acts, _, serves = plan_pour(view["cups"][seat], view["collected"], my_orders(view, seat), can_empty=not view["poured"])
    done = _play_plan(view, seat, list(acts) + ["serve:%d@T%d" % (c + 1, k + 1) for c, k in serves])
    for c, k, recipe in done["serves"]:
        rules = _rules("CR-13", "CR-16") if k == TABS - 1 else "CR-13"
        if c == n and recipe_of(view["cups"][seat][n] + [x]) == recipe:
            return M("with {ingredient}, cup {cup} matches {order}: serve it this turn ({rules})", ingredient=NAMES[x], cup=n + 1,
                     order=_order_on_tab(k, recipe), rules=rules)
        if c == n:
            return M("with {ingredient} and the rest you collected, cup {cup} will match {order}: serve it this turn ({rules})",
                     ingredient=NAMES[x], cup=n + 1, order=_order_on_tab(k, recipe), rules=rules)
    for c, k, recipe in done["builds"]:
        if c == n:
            return M("{ingredient} in cup {cup} builds toward the {order} on Tab {tab}, which still waits after the flow of "
                     "time (CR-16)", ingredient=NAMES[x], cup=n + 1, order=order_name(recipe), tab=k + 1)
    return M("pouring {ingredient} into cup {cup}", ingredient=NAMES[x], cup=n + 1)


def place_why(view, seat, space):
    """Set-up: what place_choice weighed, the ingredients your orders want here and next door."""
    want = wanted(view, seat)
    x = BOARD[space]
    near = sorted({BOARD[n] for n in ORTHOGONAL[space] if want[BOARD[n]] and BOARD[n] != x}, key=INGREDIENT_ORDER.__getitem__)
    names = [NAMES[y] for y in near]
    if want[x] and near:
        return M("placing your meeple on {space}: your orders want {what}, with {near} next to it (CR-8)",
                 space=space_name(space), what=amount(want[x], x), near=names)
    if want[x]:
        return M("placing your meeple on {space}: your orders want {what} (CR-8)", space=space_name(space),
                 what=amount(want[x], x))
    if near:
        return M("placing your meeple on {space}: your orders want {near}, found next to it (CR-8)",
                 space=space_name(space), near=names)
    return M("placing your meeple on {space}: no free space gives what your orders want, and this one has the most ways "
             "out (CR-8)", space=space_name(space))


POLICIES = {"normal": normal, "hard": hard}
