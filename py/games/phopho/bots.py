"""Phở Phở's bots. Both read only the seat's view (their hand, the public table).

A Serve is planned whole: `plays` lists the complete plays the hand allows (a run on one
customer, 2-3 cards of one value on different customers, a Bill), `score_play` values one with
a light simulation of its effects (loved flips, finished orders, hated failures and the token
given away, the empty-hand bonus, Perfect Reputation). The bot then plays the plan's next
small step (pick a card, place the selection), re-planning at each step among the plays that
contain what is already selected.

Normal: greedy. Restocks unless a Serve now empties its hand; after a Restock serves the best
play if it is worth anything; finishes orders, feeds loved ingredients, plays a hated card only
when the token it gives away is worth more than the bowl it spoils.

Hard: determinized search. At each Serve/Restock decision it samples the hidden cards (others'
hands, the deck orders, where The King lies) from its view, plays each candidate plan (Normal's
choice, Restock or skip, the next best plays) in every sampled world, lets every seat play on
with the Normal policy for two rounds (to the end once The King is near), and keeps the plan with
the best mean position value (stars, progress to Perfect Reputation, tokens given and received,
The King); another plan replaces its first choice only when it is clearly better (by half a
star). That first choice is Normal's, but for a hated card played to give a Mad token away, which
Hard counts against a play (HARD_WEIGHTS). Once The King is near, who scores him decides most
games: Hard then compares more plans in more worlds.
"""

import collections
import itertools
import random
import sys
import time

from tabletop import M, bots as botlib
from tabletop import clone, seat_name
from tabletop import search

from .data import (BILL, CARD_KIND, CARD_TYPE, CARD_VALUE, CUSTOMER, FINISH_VALUE, HAND_SIZE, KING_STARS,
                   KING_WARNING_AT, MIN_TOKENS_KEPT, RUN_MAX, SAME_MAX, TOKENS, TYPE_ORDER)
from .rules import Rollout, accepts, card_count, cards_text, mad_count, slot_name, top_value, type_name

# --- Normal's weights (bot strength only, not rules) --------------------------------------------
# How score_play values a play's effects, in stars-like points.
Weights = collections.namedtuple("Weights", [
    "flip",  # one of my Mad tokens turned Happy
    "give",  # a Mad token handed to a rival
    "others_flip",  # a rival's flip (finishing the Active customer pleases everyone)
    "placed",  # a card shed onto a bowl
    "bill_placed",  # a Bill next to a customer still building
    "spoiled",  # per card on a bowl that a hated card throws away
    "reputation",  # extra for reaching Perfect Reputation (a Loyal Customer)
    "empty_hand",  # the flip and the fresh hand of PP-17
])
# give 0 for Normal: measured, a token given is not worth a spoiled bowl by itself.
NORMAL_WEIGHTS = Weights(flip=1.0, give=0.0, others_flip=0.35, placed=0.25, bill_placed=0.3, spoiled=0.2, reputation=1.0,
                         empty_hand=1.5)
USEFUL_KEEP = 0.5  # a card at least this useful is kept when redrawing after a Bill

# --- Hard's search ------------------------------------------------------------------------------
HARD_WORLDS = 16  # sampled worlds per decision (fewer if the time guard stops it)
HARD_CANDIDATES = 4  # plans searched: its first choice, Restock / skip, the next best plays
# Once The King is near (king_near), more plans and more worlds: who scores The King decides most
# games (heads-up against Normal, Hard won 40 of the 43 games it scored The King in, none of the
# 17 others), the rollouts then play to the end and the turns left are few, so a plan's worth is
# measured, not guessed. Measured (bench/RESULTS.md, 2026-12-06, "The King"), heads-up against
# Normal: 4 plans over 16 worlds / 10 plans over 32 won 67.9 / 73.8% of seeds 1-200, but 68.4 /
# 68.1% of seeds 201-400 (against the pinned Hard, 56.6% before, 63.9% and 59.0% now): a small gain.
ENDGAME_CANDIDATES = 10
ENDGAME_WORLDS = 32
KING_NEAR_AT = KING_WARNING_AT  # customer cards left (PP-5's warning; measured: 6 is not better)
HARD_HORIZON_ROUNDS = 2  # mid-game rollouts: this many turns of every seat (measured: 1 and 3 do worse)
STILL_ROUNDS = 4  # rounds with no card placed, then Hard plays Normal's plan (hard_plan; 400 games of two Hards stood still 3.5 at most)
HARD_ENDGAME_AT = 6  # from this many customer cards left, the rollouts play to the end
# Hard's own first choice: Normal's weighing, but a Mad token given away by a hated card counts
# against the play. Measured, not derived (against three Normals, 50 seeds, the same seeds,
# bench/RESULTS.md): give +1.2 / +0.6 / 0 / -0.6 / -1.5 won 29.5 / 35.6 / 41.7 / 45.9 / 45.4% of
# the games. Likely why: the token gives its receiver a card more at each Restock (PP-11), and the
# spoiled bowl was a step toward a customer's stars for the next player too.
HARD_WEIGHTS = NORMAL_WEIGHTS._replace(give=-0.6)
# Hard's first choice must be beaten by this much, in stars: 16 worlds are noisy, and a plan that
# wins by less is more often luck than a better plan. Against three Normals (bench/RESULTS.md),
# with Normal's weighing as the first choice: 0.1 won 33.8% of the games (200 seeds), 1.0 43.3%;
# with HARD_WEIGHTS (50 seeds): 2.0 43.8%, 1.0 45.9%, 0.5 47.8% (and 48.0% with 32 worlds).
HARD_PRIOR = 0.5
# A guard, not the normal limit: HARD_WORLDS take about 0.1-0.2 s on CPython (bench/RESULTS.md).
# On a slow or busy device the search stops sampling when the next world would overrun this, so
# it plays a little weaker but never slower. Pyodide runs 2-3x slower than CPython: the browser's
# guard is higher, and still keeps a decision under 1 s.
HARD_TIME_BUDGET = 0.7 if sys.platform == "emscripten" else 0.4
HARD_FIRST_WORLD_CAP = 1.3  # x budget: the first world is always finished, its rollouts cut here
WIN_VALUE = 5.0  # a won game, in stars, when a rollout reaches the end
CLAIM_STARS = 1.375  # the mean stars of a customer card
SPEED = 0.15  # per token given away for good: later Perfect Reputations come faster
HAND = 0.05  # per card in hand
KING_WEIGHT = 0.6  # how much the race for The King counts before it is decided


# --- plays ---------------------------------------------------------------------------------------
def _kind_rank(card, entry):
    """How good `card` is for `entry`: loved 0, neutral 1, hated 2."""
    info = CUSTOMER[entry["id"]]
    kind = CARD_KIND[card]
    return 0 if kind == info["loved"] else 2 if kind == info["hated"] else 1


def plays(hand, line):
    """Every useful complete Serve: [(mode, [[card, line index], ...]), ...].

    Runs take a loved card where there is one (else a neutral one) at each value; a run may end
    on a hated card (the ones after it would stay in hand anyway). Multiple-customer plays try
    every assignment of distinct card types to accepting customers."""
    found = []
    by_value = {}
    for card in hand:
        by_value.setdefault(CARD_VALUE[card], {}).setdefault(CARD_TYPE[card], card)
    bills = by_value.get(0)
    if bills:
        bill = next(iter(bills.values()))
        found += [("serve", [[bill, i]]) for i in range(len(line))]  # PP-9c: even where one lies
    for i, entry in enumerate(line):
        top = top_value(entry)
        for start in ((1,) if top == 0 else (top, top + 1)):  # the values accepts() allows, in order
            if start > FINISH_VALUE:
                continue
            run = []
            for value in range(start, min(FINISH_VALUE, start + RUN_MAX - 1) + 1):
                cards = by_value.get(value)
                if not cards:
                    break
                ranked = sorted(cards.values(), key=lambda c: (_kind_rank(c, entry), TYPE_ORDER[CARD_TYPE[c]]))
                hated = [c for c in ranked if _kind_rank(c, entry) == 2]
                if hated:
                    found.append(("serve", [[c, i] for c in run + [hated[0]]]))
                if _kind_rank(ranked[0], entry) == 2:
                    break
                run.append(ranked[0])
                found.append(("serve", [[c, i] for c in run]))
    for value, cards in by_value.items():
        if value == 0:
            continue
        targets = [i for i, e in enumerate(line) if accepts(e, value)]
        pool = [c for c in hand if CARD_VALUE[c] == value]
        if len(targets) < 2 or len(pool) < 2:
            continue
        seen = set()
        for k in range(2, min(SAME_MAX, len(targets), len(pool)) + 1):
            for where in itertools.combinations(targets, k):
                for chosen in itertools.permutations(pool, k):
                    key = (where, tuple(CARD_TYPE[c] for c in chosen))
                    if key in seen:
                        continue
                    seen.add(key)
                    found.append(("same", [[c, i] for c, i in zip(chosen, where)]))
    return found


def give_target(view, seat):
    """The rival closest to Perfect Reputation (fewest Mad tokens), then the one with most
    Loyal Customers, then the next in turn order."""
    n = view["players"]
    rivals = [(seat + k) % n for k in range(1, n)]
    return min(rivals, key=lambda s: (view["mad"][s], -view["loyal_counts"][s], (s - seat) % n))


def line_summary(view):
    """What score_play needs to know of each customer in line."""
    return [(e["id"], top_value(e), e["bill"] is not None, len(e["cards"]) + (1 if e["bill"] else 0)) for e in view["line"]]


def king_near(view):
    """The King is out (the final turns) or may come soon: with the next customer turned up
    (PP-5), from KING_NEAR_AT customer cards left."""
    return view["king_out"] or view["customers"] <= KING_NEAR_AT


def score_play(view, seat, play, summary=None, weights=NORMAL_WEIGHTS):
    """A complete play's value, from a light simulation of its effects, by `weights` (Normal's,
    or Hard's for its first choice)."""
    mode, placements = play
    n = view["players"]
    mad = list(view["mad"])
    tokens = [view["mad"][s] + view["happy"][s] for s in range(n)]
    summary = summary or line_summary(view)
    line = {}  # the customers this play touches, made when first touched (Hard's rollouts score many plays)
    gone = set()
    score = 0.0
    placed = 0
    mine = 0
    others = 0
    for card, i in placements:
        if i in gone:
            continue
        entry = line.get(i)
        if entry is None:
            cid, top, bill, count = summary[i]
            entry = line[i] = {"id": cid, "top": top, "bill": bill, "n": count, "five": top == FINISH_VALUE}
        info = CUSTOMER[entry["id"]]
        kind, value = CARD_KIND[card], CARD_VALUE[card]
        placed += 1
        if kind == info["hated"]:
            gone.add(i)
            score -= weights.spoiled * entry["n"]
            if mad[seat] >= 1 and tokens[seat] > MIN_TOKENS_KEPT:
                to = give_target(view, seat)
                mad[seat] -= 1
                tokens[seat] -= 1
                mad[to] += 1
                score += weights.give
                if mad[seat] == 0:
                    score += weights.reputation
                    mad[seat] = tokens[seat]
            continue
        entry["n"] += 1
        if kind == BILL and entry["bill"]:  # PP-9c: a further Bill only sheds a card (and redraws)
            score += weights.placed
        elif kind == BILL:
            entry["bill"] = True
            score += weights.bill_placed
        else:
            entry["top"] = value
            entry["five"] = entry["five"] or value == FINISH_VALUE
            score += weights.placed
        if kind == info["loved"] and mad[seat]:
            mad[seat] -= 1
            mine += 1
            if mad[seat] == 0:
                score += weights.reputation
                mad[seat] = tokens[seat]
        if entry["five"] and (entry["bill"] or info["hated"] == BILL):
            active = min(j for j in range(len(summary)) if j not in gone)
            gone.add(i)
            stars = info["stars"]
            for s in (range(n) if i == active else [seat]):
                flips = min(stars, mad[s])
                mad[s] -= flips
                if s == seat:
                    mine += flips
                    if mad[s] == 0:
                        score += weights.reputation
                        mad[s] = tokens[s]
                else:
                    others += flips
    score += weights.flip * mine - weights.others_flip * others
    if placed == len(view["hand"]):
        score += weights.empty_hand
    return score


def usefulness(card, view):
    """How likely a card is to be served soon (0-1.5): values the line can reach, loved
    kinds, a Bill where one is missing."""
    value = CARD_VALUE[card]
    line = view["line"]
    if value == 0:
        return 1.0 if any(e["bill"] is None and e["cards"] for e in line) else 0.6
    best = 0.0
    for e in line:
        top = top_value(e)
        info = CUSTOMER[e["id"]]
        if top == 0:
            fit = 1.0 if value == 1 else 0.5 if value == 2 else 0.2
        elif value < top:
            fit = 0.0
        else:
            fit = (1.0, 1.0, 0.7, 0.4, 0.2)[value - top]
        kind = CARD_KIND[card]
        fit += 0.3 if kind == info["loved"] else -0.3 if kind == info["hated"] else 0.0
        best = max(best, fit)
    if value == 1:
        best = max(best, 0.7)
    return best


def _plan_actions(plan, sel, puts):
    """The next action of `plan` given the selection made so far."""
    mode, placements = plan
    remaining = [CARD_TYPE[c] for c in sel]
    for card, i in placements:
        ctype = CARD_TYPE[card]
        if ctype in remaining:
            remaining.remove(ctype)
        else:
            return "pick:" + ctype
    if mode == "serve":
        return "serve@{}".format(placements[0][1])
    placed = [CARD_TYPE[c] for c, _ in puts]
    for card, i in placements:
        ctype = CARD_TYPE[card]
        if ctype in placed:
            placed.remove(ctype)
            continue
        return "put:{}@{}".format(ctype, i)
    return None


def _consistent(plan, view):
    """The plan contains the current selection (and the assignments made so far)."""
    types = [CARD_TYPE[c] for c, _ in plan[1]]
    for c in view["sel"]:
        if CARD_TYPE[c] not in types:
            return False
        types.remove(CARD_TYPE[c])
    if view["puts"]:
        if plan[0] != "same":
            return False
        line_ids = [e["id"] for e in view["line"]]
        wanted = [(CARD_TYPE[c], line_ids[i]) for c, i in plan[1]]
        for c, cust in view["puts"]:
            if (CARD_TYPE[c], cust) not in wanted:
                return False
    return True


def ranked_plays(view, seat, weights=NORMAL_WEIGHTS):
    """The complete plays that contain the current selection, best first by score_play."""
    found = plays(view["hand"], view["line"])
    if view["sel"] or view["puts"]:
        found = [p for p in found if _consistent(p, view)]
    summary = line_summary(view)
    scored = [(score_play(view, seat, p, summary, weights), k, p) for k, p in enumerate(found)]
    scored.sort(key=lambda x: (-x[0], x[1]))
    return [(s, p) for s, _, p in scored]


def _marks_by_usefulness(view):
    marks = list(view["marks"])
    rest = [c for c in view["hand"] if c not in marks]
    bills = 0
    ranked = []
    for c in rest:
        u = usefulness(c, view)
        if CARD_VALUE[c] == 0:
            bills += 1
            u -= 0.4 * (bills - 1)  # a second Bill is worth less
        ranked.append((u, TYPE_ORDER[CARD_TYPE[c]], c))
    ranked.sort()
    return ranked


def follow(view, seat, legal, plan_of):
    """The common decision skeleton; `plan_of(view, seat, legal)` chooses the Serve plan (None:
    Restock / skip)."""
    phase = view["phase"]
    if phase == "give":
        return "give:{}".format(give_target(view, seat))
    if phase == "redraw":
        ranked = _marks_by_usefulness(view)
        if ranked and ranked[0][0] < USEFUL_KEEP:
            return "mark:" + CARD_TYPE[ranked[0][2]]
        return "redraw"
    if phase == "discard":
        if len(view["marks"]) >= len(view["hand"]) - HAND_SIZE:
            return "discard"
        return "mark:" + CARD_TYPE[_marks_by_usefulness(view)[0][2]]
    plan = plan_of(view, seat, legal)
    if plan is None and (view["sel"] or view["puts"]):
        # A person's own selection that none of the plays weighed here contains (Chicken 4 where
        # Beef 4 is loved: `plays` takes the loved card), asked for a hint: serve it as it is.
        return next((a for a in legal if a.startswith("serve@")), legal[0])
    if plan is None:
        return "restock" if "restock" in legal else "skip"
    action = _plan_actions(plan, view["sel"], view["puts"])
    return action if action in legal else legal[0]


def normal_plan(view, seat, legal, weights=NORMAL_WEIGHTS):
    ranked = ranked_plays(view, seat, weights)
    if not ranked:
        return None
    score, plan = ranked[0]
    if view["sel"] or view["puts"]:
        return plan
    if view["phase"] == "turn":
        # Restocking serves as well, after drawing: serve straight away only to empty the hand.
        empties = len(plan[1]) == len(view["hand"])
        return plan if empties or view["mad"][seat] == 0 else None
    return plan if score > 0 else None


def normal(game, view, seat, legal, rng):
    return follow(view, seat, legal, normal_plan)


# --- Hard -----------------------------------------------------------------------------------------
def seat_values(state):
    """Each seat's standing in an unfinished game, in stars: Loyal Customers' stars, the way to
    the next Perfect Reputation, a small edge for fewer tokens (faster cycles) and, near the end,
    The King for the most Happy tokens."""
    n = state["players"]
    values = []
    for s in range(n):
        tokens = state["mad"][s] + state["happy"][s]
        stars = sum(CUSTOMER[c]["stars"] for c in state["loyal"][s])
        progress = CLAIM_STARS * state["happy"][s] / tokens if tokens else 0.0
        values.append(stars + progress + SPEED * (TOKENS - tokens) + HAND * min(len(state["hands"][s]), HAND_SIZE))
    if state["king_out"] or len(state["customers"]) <= KING_WARNING_AT:
        best = max(state["happy"])
        leaders = [s for s in range(n) if state["happy"][s] == best]
        for s in leaders:
            values[s] += KING_STARS * KING_WEIGHT / len(leaders)
    return values


def position_value(game, state, seat):
    """How good `state` is for `seat` against the best rival, in stars (seat_values). A finished
    game counts its result."""
    n = state["players"]
    if state["over"]:
        result = game.result(state)
        scores = result["scores"]
        won = 1.0 / len(result["winners"]) if seat in result["winners"] else 0.0
        return WIN_VALUE * won + scores[seat] - max(scores[s] for s in range(n) if s != seat)
    values = seat_values(state)
    return values[seat] - max(values[s] for s in range(n) if s != seat)


def plan_sequence(plan):
    """Every action of a plan from an empty selection: the picks, then the placement(s)."""
    mode, placements = plan
    acts = ["pick:" + CARD_TYPE[c] for c, _ in placements]
    if mode == "serve":
        return acts + ["serve@{}".format(placements[0][1])]
    return acts + ["put:{}@{}".format(CARD_TYPE[c], i) for c, i in placements]


def _rollout_view(state, seat):
    """What Normal reads of a sampled world, without the copies of `view` (read only)."""
    return {"players": state["players"], "phase": state["phase"], "hand": state["hands"][seat], "line": state["line"],
            "mad": state["mad"], "happy": state["happy"], "loyal_counts": [len(x) for x in state["loyal"]],
            "sel": state["sel"], "puts": state["puts"], "marks": state["marks"]}


def _rollout_turn_step(game, state, rng):
    """One decision of the current seat with the Normal policy; a whole Serve at once (its
    actions are legal by construction, so they skip the validation of `apply`)."""
    actor = state["turn"]
    phase = state["phase"]
    if phase in ("turn", "restocked") and not state["sel"] and not state["puts"]:
        if phase == "turn" and len(state["hands"][actor]) > RUN_MAX and state["mad"][actor]:
            game._apply(state, actor, "restock")  # Normal: no Serve can empty this hand
            return
        plan = normal_plan(_rollout_view(state, actor), actor, None)
        if plan is None:
            game._apply(state, actor, "restock" if phase == "turn" else "skip")
        else:
            for action in plan_sequence(plan):
                game._apply(state, actor, action)
        return
    game._apply(state, actor, follow(_rollout_view(state, actor), actor, None, normal_plan))


def play_on(game, state, rng, until_turn, deadline=None):
    """Every seat plays on with the Normal policy until turn number `until_turn` starts (or,
    as a guard for slow devices, the clock reaches `deadline`)."""
    steps = 0
    while not state["over"] and state["turn_no"] < until_turn and steps < 500:
        _rollout_turn_step(game, state, rng)
        steps += 1
        if steps % 8 == 0 and botlib.past(deadline):
            break


ROLLOUT_GAME = Rollout()  # the rules without the log's lines: what Hard's rollouts play
_memo = {}  # Hard's chosen plan for the turn it is placing, by (seat, turn, hand, line)


def _memo_key(view, seat):
    return (seat, view["turn_no"], view["phase"], tuple(view["hand"]), tuple(e["id"] for e in view["line"]))


def candidate_plans(view, seat, default, wanted):
    """The plans Hard compares, at most `wanted`: its first choice `default`, Restock / skip (None),
    then the next best plays by its weighing."""
    candidates = [default]
    if default is not None:
        candidates.append(None)
    for _, plan in ranked_plays(view, seat, HARD_WEIGHTS):
        if len(candidates) >= wanted:
            break
        if plan != default:
            candidates.append(plan)
    return candidates


def hard_plan(game, view, seat, legal, rng):
    key = _memo_key(view, seat)
    if view["sel"] or view["puts"]:
        plan = _memo.get(key)
        if plan is not None and _consistent(plan, view):
            return plan
        return normal_plan(view, seat, legal, HARD_WEIGHTS)
    default = normal_plan(view, seat, legal, HARD_WEIGHTS)
    if view["turn_no"] - view["last_placed_turn"] >= STILL_ROUNDS * view["players"]:
        # Searchers can wait each other out for ever, each expecting the other (played as Normal
        # in its rollouts) to serve first: two Hards stood still from turn 47 of a game to turn
        # 72,166. After this long with nothing placed, Hard serves as Normal does.
        _memo[key] = default
        return default
    near = king_near(view)
    candidates = candidate_plans(view, seat, default, ENDGAME_CANDIDATES if near else HARD_CANDIDATES)
    if len(candidates) == 1:
        _memo[key] = default  # later steps of this turn must not find another game's plan
        return default
    n = view["players"]
    endgame = view["king_out"] or view["customers"] <= HARD_ENDGAME_AT
    until = 10 ** 9 if endgame else view["turn_no"] + HARD_HORIZON_ROUNDS * n
    totals = [0.0] * len(candidates)
    started = time.perf_counter()
    deadline = botlib.deadline(HARD_TIME_BUDGET)  # None outside the app: count worlds only
    worlds = 0
    sim = ROLLOUT_GAME
    world_count = ENDGAME_WORLDS if near else HARD_WORLDS
    while worlds < world_count:
        elapsed = time.perf_counter() - started
        if deadline is not None and worlds and elapsed * (worlds + 1) / worlds > HARD_TIME_BUDGET:
            break  # the next world would overrun the budget (slow device, long rollouts)
        world = game.sample_state(view, seat, rng)
        # The first world is always finished (its rollouts cut at the cap); a later one counts
        # only if every candidate was played out in it before the deadline.
        stop = deadline if worlds or deadline is None else started + HARD_FIRST_WORLD_CAP * HARD_TIME_BUDGET
        values = []
        for plan in candidates:
            if worlds and botlib.past(deadline):
                break
            state = clone(world)
            if plan is None:
                sim._apply(state, seat, "restock" if view["phase"] == "turn" else "skip")
            else:
                for action in plan_sequence(plan):
                    sim._apply(state, seat, action)
            play_on(sim, state, rng, until, stop)
            values.append(position_value(sim, state, seat))
        if len(values) < len(candidates) or (worlds and botlib.past(deadline)):
            break
        worlds += 1
        totals = [t + v for t, v in zip(totals, values)]
    scores = [t / worlds + (HARD_PRIOR if k == 0 else 0.0) for k, t in enumerate(totals)]
    chosen = max(range(len(candidates)), key=lambda k: (scores[k], -k))
    search.note(dict(enumerate(scores)), chosen, "points", worlds)  # plans, compared whole
    best = candidates[chosen]
    if len(_memo) > 64:
        _memo.clear()
    _memo[key] = best
    return best


def hard(game, view, seat, legal, rng):
    chosen = []  # the plan behind the action, for a hint's words

    def plan_of(v, s, l):
        chosen.append(hard_plan(game, v, s, l, rng))
        return chosen[-1]
    action = follow(view, seat, legal, plan_of)
    if search.asking():
        search.say_why(lambda: why(game, view, seat, action, chosen[-1] if chosen else None))
    return action


# --- a hint's words --------------------------------------------------------------------------------
def why(game, view, seat, action, plan):
    """What Hard's `action` does, as a clause for a hint (search.say_why): the Serve it belongs
    to and its effects on the table, or why a card is marked, a Mad token given, a Restock made."""
    phase = view["phase"]
    if phase == "give":
        return M("{rival} has the fewest Mad tokens: one more puts off their next Perfect Reputation (PP-18)",
                 rival=seat_name(int(action.split(":")[1])))
    if phase in ("redraw", "discard"):
        if action.startswith("mark:"):
            return M("of your cards, {card} is the least likely to be served soon", card=type_name(action[5:]))
        if phase == "redraw":
            return M("the rest of your hand is likely to be served soon: keep it")
        return M("the marked cards are the ones least likely to be served soon")
    if plan is None and (view["sel"] or view["puts"]):
        return M("the cards you picked are not a Serve Hard would make; this goes on with them as they are")
    if plan is None:
        if action == "restock":
            return M("restocking draws {cards} (one per Mad token, PP-11), and you may still serve after",
                     cards=card_count(view["mad"][seat]))
        return M("no Serve is worth its cards now: keep them for the customers to come")
    return serve_why(game, view, seat, plan)


def serve_why(game, view, seat, plan):
    """"serving Beef 4 and Beef 5 to the Active Customer: it finishes its order and flips 2 Mad
    tokens of yours to Happy". The effects are the rules' own (PP-12..PP-18), played in a world
    sampled from the view with a fixed generator: only effects that what is hidden cannot change
    are said (not the cards drawn, the customers who come, nor which Loyal Customer is claimed)."""
    mode, placements = plan
    where = {}
    for card, i in placements:
        where.setdefault(i, []).append(card)
    parts = [M("{cards} to {customer}", cards=cards_text(cards), customer=slot_name(i)) for i, cards in sorted(where.items())]
    serving = M("serving {parts}", parts=parts)
    world = game.sample_state(view, seat, random.Random(0))
    happy_before, loyal_before = world["happy"][seat], len(world["loyal"][seat])
    events = []
    for _ in range(2 * len(placements) + 1):  # the plan's steps still to take (some may be taken already)
        action = _plan_actions(plan, world["sel"], world["puts"])
        if action is None or action not in ROLLOUT_GAME.legal_actions(world, seat):
            break  # with three or more, a hated card stops the play at the give prompt (PP-13)
        events += ROLLOUT_GAME._apply(world, seat, action) or []
        if action.startswith("serve@") or (action.startswith("put:") and not world["puts"]):
            break  # placed: the Serve is over
    kinds = [e["type"] for e in events]
    slots = {e["id"]: i for i, e in enumerate(view["line"])}
    hated = {i for card, i in placements if CARD_KIND[card] == CUSTOMER[view["line"][i]["id"]]["hated"]}
    effects = []
    for cust in world["gone"][len(view["gone"]):]:
        i = slots.get(cust)
        if i is None:
            continue  # a customer who came and left during the play (none can: cards go to the line as it was)
        if i in hated:
            effects.append(M("fails the order of {customer} with a hated card (PP-13)", customer=slot_name(i)))
        elif i == 0:
            effects.append(M("finishes the order of {customer} ({stars}★ for everyone, PP-15)", customer=slot_name(i),
                             stars=CUSTOMER[cust]["stars"]))
        else:
            effects.append(M("finishes the order of {customer} ({stars}★ for you, PP-15)", customer=slot_name(i),
                             stars=CUSTOMER[cust]["stars"]))
    for event in events:
        if event["type"] == "give" and event.get("to") is not None:
            effects.append(M("gives a Mad token to {rival}", rival=seat_name(event["to"])))
    if "give-prompt" in kinds:
        effects.append(M("gives a Mad token to a rival of your choice"))
    if "empty" in kinds:
        effects.append(M("empties your hand, for a flip and a fresh hand (PP-17)"))
    if len(world["loyal"][seat]) > loyal_before:
        effects.append(M("brings you to Perfect Reputation: a Loyal Customer (PP-18)"))
    elif world["happy"][seat] > happy_before:
        effects.append(M("flips {tokens} of yours to Happy", tokens=mad_count(world["happy"][seat] - happy_before)))
    if not effects:
        return serving
    return M("{serving}: it {effects}", serving=serving, effects=effects)


POLICIES = {"normal": normal, "hard": hard}
