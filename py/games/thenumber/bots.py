"""The Number's bots. Both read only the seat's view: every digit sheet is public, and the one
hidden thing, the numbers written this turn, is exactly what they model.

Normal: reasons about what the others are likely to write. Each opponent is modelled from its
own public situation (its digits left; the numbers a greedy player would write from there,
softened, plus a share of anything it could write). Normal values each of its likely numbers by
the expected points this turn (digit, bonus, squiggle) and what it keeps for the rest of the
round, then picks among the near-best at random, weighted by value: it varies its play, so a
fixed counter (always writing just below its usual number) does not pay.

Hard: search over sampled hidden numbers. Reads each opponent from its revealed numbers so far:
three kinds of player can be worked out from the public sheets (Normal's own pick, a softened
greedy reading, a searcher like Hard that reads nobody), and how likely each kind made the
opponent's past writes weighs them (Bayes). Samples whole profiles of hidden numbers from those
blends, and scores its best candidates against them jointly: its points, what it keeps for the
rest of the round, and the points it denies or leaves to the others. It draws among its
near-best numbers, so its play varies.
"""

import math
import random

from tabletop import M, bots as botlib
from tabletop import search, seat_name

from .data import BONUS, DIGITS, TURNS_PER_ROUND
from .rules import numbers_from, turn_points

# Tuning of the evaluations (bot strength only, not rules).
SQUIGGLE_WEIGHT = 1.0  # a crossed-out digit is worth one squiggle point
HARD_SAMPLES = 96  # hidden-number profiles sampled per decision
HARD_CANDIDATES = 48  # own numbers searched (the best by the greedy evaluation)
HARD_TEMPERATURE = 0.3  # softness of the opponent model (points)
HARD_UNIFORM_SHARE = 0.15  # share of the opponent model that is uniformly random
# Hard reads each opponent from its past writes this game. Three kinds of player, each worked out
# from public sheets only: Normal's own pick, the softened greedy reading, and a searcher like
# Hard that reads nobody. How likely the opponent's writes were under each weighs the kinds
# (Bayes, from even odds), and its number is sampled from that blend.
HARD_READ_OPPONENTS = True
HARD_MODEL_SAMPLES = 96  # the modelled searcher's profiles, shared among the opponents it faces
HARD_MODEL_CANDIDATES = 48  # and its numbers searched (as Hard's own: measured, a smaller model reads Hard worse)
HARD_READ_SHARE = 0.5  # in the app, reading past writes stops at this share of the time budget
FUTURE_LEAD_WEIGHT = 1.3  # worth of a digit kept as a future turn's leading digit
FUTURE_SQUIGGLE_WEIGHT = 0.6  # worth of a digit that can still be crossed out later
OPPONENT_WEIGHT = 0.3  # how much the others' gains count against us (1 opponent: x2)
# A guard, not the normal limit: a decision takes ~0.1 s in the browser (bench/RESULTS.md); on a
# far slower device the search stops early with the best number found so far.
HARD_TIME_BUDGET = 0.8
# Hard's pick among its near-best numbers (points of expected value, see vary()).
HARD_CHOICE_SPREAD = 1.0
HARD_CHOICE_TEMPERATURE = 0.4

NORMAL_CANDIDATES = 40  # own numbers valued (the best by the uniform-opponent estimate)
NORMAL_SUPPORT = 30  # an opponent's likeliest numbers modelled one by one
NORMAL_TEMPERATURE = 0.5  # softness of the opponent model (points)
NORMAL_UNIFORM_SHARE = 0.25  # share of the opponent model that is any number it could write
NORMAL_CHOICE_TEMPERATURE = 0.6  # softness of Normal's own pick among its near-best numbers (points)
NORMAL_CHOICE_SPREAD = 2.5  # numbers worth this much less than the best are never picked (points)

_less_tables = {}
_features = {}


def less_table(digits):
    """table[v] = how many numbers made of `digits` are smaller than v (v = 0..1000)."""
    table = _less_tables.get(digits)
    if table is None:
        values = [int(x) for x in numbers_from(digits)]
        table = [0] * 1001
        i = 0
        for v in range(1001):
            while i < len(values) and values[i] < v:
                i += 1
            table[v] = i
        _less_tables[digits] = table
    return table


def features(number):
    """(value, digits used as a sorted string, digit score on a normal turn)."""
    found = _features.get(number)
    if found is None:
        found = (int(number), "".join(sorted(set(number))), int(number[0]))
        _features[number] = found
    return found


def _without(avail, used):
    return "".join(d for d in avail if d not in used)


def greedy_scores(avail_of, seat, turn, candidates):
    """Expected points this turn of each candidate for `seat`, every other writer modelled as
    a uniformly random number from its digits (TN-7 disqualification, TN-10 bonus)."""
    others = [a for s, a in enumerate(avail_of) if s != seat and a]
    bonus = BONUS[turn]
    final = turn == TURNS_PER_ROUND - 1
    scores = []
    for i, number in enumerate(candidates):
        if i % 100 == 99:
            botlib.breathe()  # up to 1000 numbers: in the page, the browser's turn if this held it a slice
        value, used, lead = features(number)
        p_valid = 1.0
        p_top = 1.0
        for avail in others:
            total = len(avail) ** 3
            below = less_table(avail)
            p_valid *= 1.0 - (below[value] - less_table(_without(avail, used))[value]) / total
            p_top *= below[value + 1] / total
        points = lead * 2 if final else lead
        scores.append(p_valid * (points + bonus * p_top + SQUIGGLE_WEIGHT * len(used)))
    return scores


def _mask(digits):
    mask = 0
    for d in digits:
        mask |= 1 << (ord(d) - 48)
    return mask


def _likely_numbers(avail_of, opponent, turn):
    """[(value, digit mask, probability)] of the opponent's likeliest numbers, by a softened
    greedy reading of its own public situation (the rest of the model is uniform)."""
    candidates = numbers_from(avail_of[opponent])
    scores = greedy_scores(avail_of, opponent, turn, candidates)
    ranked = sorted(range(len(candidates)), key=lambda i: -scores[i])[:NORMAL_SUPPORT]
    top = scores[ranked[0]]
    weights = [math.exp((scores[i] - top) / NORMAL_TEMPERATURE) for i in ranked]
    total = sum(weights)
    return [(int(candidates[i]), _mask(candidates[i]), w / total) for i, w in zip(ranked, weights)]


def normal_values(view, seat):
    """Normal's candidates and their values: expected points this turn against the modelled
    others, plus what the digits kept are worth for the rest of the round. Public information
    only (it reads the digit sheets, not a hand): anyone can compute it."""
    avail_of, turn = view["avail"], view["turn"]
    mine = avail_of[seat]
    legal = numbers_from(mine)
    greedy = greedy_scores(avail_of, seat, turn, legal)
    candidates = [legal[i] for i in sorted(range(len(legal)), key=lambda i: -greedy[i])[:NORMAL_CANDIDATES]]
    writers = [o for o in range(len(avail_of)) if o != seat and avail_of[o]]
    models = [(avail_of[o], _likely_numbers(avail_of, o, turn)) for o in writers]
    turns_left = TURNS_PER_ROUND - 1 - turn
    keep_if_dq = future_value(mine, turns_left)
    bonus = BONUS[turn]
    final = turn == TURNS_PER_ROUND - 1
    values = []
    for number in candidates:
        value, used, lead = features(number)
        mask = _mask(used)
        p_valid = p_top = 1.0
        for avail, likely in models:
            total = len(avail) ** 3
            below = less_table(avail)
            dq_uniform = (below[value] - less_table(_without(avail, used))[value]) / total
            dq_likely = sum(p for v, m, p in likely if v < value and m & mask)
            p_valid *= 1.0 - (NORMAL_UNIFORM_SHARE * dq_uniform + (1 - NORMAL_UNIFORM_SHARE) * dq_likely)
            top_likely = sum(p for v, m, p in likely if v <= value)
            p_top *= NORMAL_UNIFORM_SHARE * below[value + 1] / total + (1 - NORMAL_UNIFORM_SHARE) * top_likely
        points = (lead * 2 if final else lead) + bonus * p_top + SQUIGGLE_WEIGHT * len(used)
        kept = future_value(_without(mine, used), turns_left)
        values.append(p_valid * (points + kept) + (1 - p_valid) * keep_if_dq)
    return candidates, values


def normal_choice_odds(view, seat):
    """{number: chance} of Normal's pick for `seat`: its near-best numbers, weighted by value."""
    candidates, values = normal_values(view, seat)
    return near_odds(dict(zip(candidates, values)), NORMAL_CHOICE_SPREAD, NORMAL_CHOICE_TEMPERATURE)


def draw(odds, rng):
    """One number drawn from {number: chance} (never empty: the best is always near)."""
    x = rng.random()
    for number, p in odds.items():
        x -= p
        if x <= 0:
            return number
    return number  # the chances summed a hair under 1: the last one


def normal(game, view, seat, legal, rng):
    return draw(normal_choice_odds(view, seat), rng)


def undercut(game, view, seat, legal, rng):
    """Not a level: a fixed counter-strategy, to check that Normal cannot be beaten by one trick
    (tests, bench). It works out the number Normal would most likely write from the others'
    public situation and writes its own biggest number just below it that shares a digit with
    it (disqualifying it, TN-7); without one, its own biggest number."""
    targets = []
    for other in range(view["players"]):
        if other != seat and view["avail"][other]:
            candidates, values = normal_values(view, other)
            targets.append(candidates[values.index(max(values))])
    target = max(targets, key=int) if targets else None
    below = [a for a in legal if target is not None and int(a) < int(target) and set(a) & set(target)]
    return max(below or legal, key=int)


def future_value(avail, turns_left):
    """What the digits still available are worth for the rest of the round (a heuristic)."""
    if turns_left <= 0 or not avail:
        return 0.0
    leads = sorted((int(d) for d in avail), reverse=True)[:turns_left]
    crossable = min(len(avail), 3 * turns_left)
    return FUTURE_LEAD_WEIGHT * sum(leads) + FUTURE_SQUIGGLE_WEIGHT * crossable


def _greedy_odds(avail_of, opponent, turn):
    """{number: chance} under the softened greedy reading of `opponent`'s situation."""
    candidates = numbers_from(avail_of[opponent])
    scores = greedy_scores(avail_of, opponent, turn, candidates)
    top = max(scores)
    weights = [math.exp((s - top) / HARD_TEMPERATURE) for s in scores]
    total = sum(weights)
    return {n: w / total for n, w in zip(candidates, weights)}


KINDS = ("normal", "greedy", "searcher")
_kinds_cache = {}  # (sheets, turn, opponent) -> {kind: {number: chance}}


def kind_odds(avail_of, turn, opponent, deadline=None):
    """{kind: {number: chance}}: how each kind of player would write from these sheets. Past
    the app's `deadline` (a slow device) the searcher's model is cut short, and not kept."""
    key = (tuple(avail_of), turn, opponent)
    found = _kinds_cache.get(key)
    if found is None:
        view = {"players": len(avail_of), "avail": list(avail_of), "turn": turn}
        rng = random.Random(repr(key))  # the same situation, the same model (a seed replays a game)
        facing = sum(1 for s, a in enumerate(avail_of) if a and s != opponent)
        samples = max(1, HARD_MODEL_SAMPLES // max(1, facing))  # its cost grows with the writers it faces
        values = search_values(view, opponent, rng, samples, HARD_MODEL_CANDIDATES, read=False, deadline=deadline)
        whole = not botlib.past(deadline)
        botlib.breathe()  # in the page: the browser's turn between the models, if this held it a slice
        as_normal = normal_choice_odds(view, opponent)
        botlib.breathe()
        found = {"normal": as_normal, "greedy": _greedy_odds(avail_of, opponent, turn),
                 "searcher": near_odds(values, HARD_CHOICE_SPREAD, HARD_CHOICE_TEMPERATURE)}
        if len(_kinds_cache) > 4000:
            _kinds_cache.clear()
        if whole:
            _kinds_cache[key] = found
    return found


def read_opponent(view, opponent, deadline=None):
    """{kind: chance} that `opponent` writes as that kind, from its writes so far this game
    (public reveals; a chance per write keeps the uniform share every model has). Latest writes
    first: past `deadline` (a game resumed in the app, with nothing remembered) the rest are
    left unread. None before its first write."""
    n = view["players"]
    writes = []  # (sheets before the reveal, turn, number)
    avail_of, current = None, None
    for reveal in view["reveals"]:
        if reveal["round"] != current:  # TN-3: every digit comes back each round
            avail_of, current = [DIGITS] * n, reveal["round"]
        if reveal["numbers"][opponent] is not None:
            writes.append((avail_of, reveal["turn"], reveal["numbers"][opponent]))
        avail_of = [a if reveal["numbers"][s] is None or reveal["dq"][s] else _without(a, reveal["numbers"][s])
                    for s, a in enumerate(avail_of)]  # TN-12, TN-13
    if not writes:
        return None
    belief = {k: 1.0 / len(KINDS) for k in KINDS}
    for avail_of, turn, number in reversed(writes):
        if botlib.past(deadline):
            break
        odds = kind_odds(avail_of, turn, opponent, deadline)
        uniform = HARD_UNIFORM_SHARE / len(numbers_from(avail_of[opponent]))
        belief = {k: b * ((1 - HARD_UNIFORM_SHARE) * odds[k].get(number, 0.0) + uniform) for k, b in belief.items()}
        total = sum(belief.values())
        belief = {k: b / total for k, b in belief.items()}
    return belief


def _opponent_model(view, opponent, read, deadline=None):
    """Numbers and cumulative weights for one opponent: if Hard reads opponents, the blend of the
    kinds its writes so far suggest; otherwise, and before it wrote anything, the greedy reading
    (an even blend at the opening made Hard open 500 in 27 of 30 games: predictable, TN-3's
    test). A uniform share either way."""
    candidates = numbers_from(view["avail"][opponent])
    uniform = HARD_UNIFORM_SHARE / len(candidates)
    belief = read_opponent(view, opponent, deadline) if read else None
    if belief is not None:
        odds = kind_odds(view["avail"], view["turn"], opponent, deadline)
        blend = [(belief[k], odds[k]) for k in KINDS]
    else:
        blend = [(1.0, _greedy_odds(view["avail"], opponent, view["turn"]))]
    cumulative = []
    acc = 0.0
    for number in candidates:
        acc += uniform + (1 - HARD_UNIFORM_SHARE) * sum(b * o.get(number, 0.0) for b, o in blend)
        cumulative.append(acc)
    return candidates, cumulative


def _sample(candidates, cumulative, rng):
    x = rng.random() * cumulative[-1]
    lo, hi = 0, len(cumulative) - 1
    while lo < hi:
        mid = (lo + hi) // 2
        if cumulative[mid] < x:
            lo = mid + 1
        else:
            hi = mid
    return candidates[lo]


def _resolve(numbers, turn):
    """Points of every writer for one profile of numbers (None: not writing)."""
    n = len(numbers)
    feats = [features(x) if x is not None else None for x in numbers]
    valid = []
    for s in range(n):
        if feats[s] is None:
            valid.append(False)
            continue
        v, used, _ = feats[s]
        ok = True
        for o in range(n):
            if o != s and feats[o] is not None and feats[o][0] < v and any(d in used for d in feats[o][1]):
                ok = False
                break
        valid.append(ok)
    top = max((feats[s][0] for s in range(n) if valid[s]), default=None)
    points = [0.0] * n
    for s in range(n):
        if valid[s]:
            points[s] = turn_points(numbers[s], turn) + (BONUS[turn] if feats[s][0] == top else 0) + SQUIGGLE_WEIGHT * len(feats[s][1])
    return valid, points


def search_values(view, seat, rng, samples, candidates, read, deadline=None, kept=None):
    """{number: value} for `seat`'s best `candidates` numbers by the greedy evaluation, each
    scored against `samples` sampled profiles of the others' numbers: its points, what it keeps
    for the rest of the round, and the others' gains against it. A `kept` dict receives the
    profiles (for a hint's words: what the chosen number met in them)."""
    n, turn = view["players"], view["turn"]
    avail = view["avail"]
    writers = [s for s in range(n) if avail[s] and s != seat]
    turns_left = TURNS_PER_ROUND - 1 - turn
    legal = numbers_from(avail[seat])
    greedy = greedy_scores(avail, seat, turn, legal)
    ranked = sorted(range(len(legal)), key=lambda i: -greedy[i])
    numbers_searched = [legal[i] for i in ranked[:candidates]]
    reading = botlib.deadline(HARD_TIME_BUDGET * HARD_READ_SHARE) if read and deadline is not None else None
    models = {o: _opponent_model(view, o, read, reading) for o in writers}
    profiles = []
    for _ in range(samples):
        numbers = [None] * n
        for o in writers:
            numbers[o] = _sample(models[o][0], models[o][1], rng)
        profiles.append(numbers)
    if kept is not None:
        kept["profiles"] = profiles
    weight = OPPONENT_WEIGHT * (2.0 if len(writers) == 1 else 1.0) / max(1, len(writers))
    keep_if_dq = {o: future_value(avail[o], turns_left) for o in writers}
    my_keep = future_value(avail[seat], turns_left)
    values = {}
    for number in numbers_searched:
        if values and botlib.past(deadline):
            break
        kept_if_valid = future_value(_without(avail[seat], number), turns_left)
        value = 0.0
        for numbers in profiles:
            numbers = list(numbers)
            numbers[seat] = number
            valid, points = _resolve(numbers, turn)
            mine = points[seat] + (kept_if_valid if valid[seat] else my_keep)
            theirs = 0.0
            for o in writers:
                theirs += points[o] + (future_value(_without(avail[o], numbers[o]), turns_left) if valid[o] else keep_if_dq[o])
            value += mine - weight * theirs
        values[number] = value / len(profiles)
    return values


def hard(game, view, seat, legal, rng):
    kept = {} if search.asking() else None  # the profiles searched, for a hint's words
    values = search_values(view, seat, rng, HARD_SAMPLES, HARD_CANDIDATES, HARD_READ_OPPONENTS,
                           botlib.deadline(HARD_TIME_BUDGET), kept)
    chosen = vary(values, HARD_CHOICE_SPREAD, HARD_CHOICE_TEMPERATURE, rng)
    search.note(values, chosen, "points", HARD_SAMPLES)
    if search.asking():
        search.say_why(lambda: why(view, seat, chosen, kept["profiles"]))
    return chosen


# --- a hint's words --------------------------------------------------------------------------------
def _share(count, total, certain):
    """A percentage of the profiles (Hard's guesses): 100 only when the rules make it certain."""
    if certain:
        return 100
    return min(99, int(round(100.0 * count / total)))


def why(view, seat, number, profiles):
    """What writing `number` does, as a clause for a hint (search.say_why): how often it stays in
    and takes the bonus against the numbers Hard guessed for the others (its `profiles`, sampled
    from the public sheets only), what it scores, and the one further term of Hard's weighing that
    stands out: the high digits it keeps for later turns, a rival's number it knocks out, or the
    digits it crosses out."""
    n, turn, avail = view["players"], view["turn"], view["avail"]
    value, used, lead = features(number)
    points = turn_points(number, turn)
    final = turn == TURNS_PER_ROUND - 1
    writers = [o for o in range(n) if avail[o] and o != seat]
    crossed = M("cross out {digits} for your squiggle (TN-16)", digits=sorted(used))
    score = (M("score {points} (doubled on the final turn, TN-15)", points=points) if final
             else M("score {points}", points=points))
    if not writers:
        return M("nobody else writes this turn (TN-14): with {number} you {effects}", number=number,
                 effects=[score, M("take the +{bonus} bonus (TN-10)", bonus=BONUS[turn]), crossed])
    # What the rules make certain, over every number each other writer can write: no smaller one
    # shares a digit (safe, TN-7); every bigger one shares a digit, so none stays in above it
    # (the bonus, TN-10); or every one is bigger and shares a digit (a rival surely knocked out).
    theirs = {o: [features(x) for x in numbers_from(avail[o])] for o in writers}
    safe = all(v >= value or not set(u) & set(used) for o in writers for v, u, _ in theirs[o])
    biggest = safe and all(v <= value or set(u) & set(used) for o in writers for v, u, _ in theirs[o])
    sure_knock = {o: all(v > value and set(u) & set(used) for v, u, _ in theirs[o]) for o in writers}
    stays = tops = 0
    knocked = [0] * n
    for numbers in profiles:
        numbers = list(numbers)
        numbers[seat] = number
        valid, _ = _resolve(numbers, turn)
        if valid[seat]:
            stays += 1
            if all(not valid[o] or int(numbers[o]) <= value for o in writers):
                tops += 1
        for o in writers:
            if int(numbers[o]) > value and set(numbers[o]) & set(used):
                knocked[o] += 1
    total = len(profiles)
    effects = [M("stay in whatever the others write (TN-7)") if safe else
               M("stay in {pct}% of the time (TN-7)", pct=_share(stays, total, False))]
    if points:
        effects.append(score)
    bonus = _share(tops, total, biggest)
    if bonus == 100:
        effects.append(M("take the +{bonus} bonus (TN-10)", bonus=BONUS[turn]))
    elif bonus >= 10:
        effects.append(M("take the +{bonus} bonus {pct}% of the time (TN-10)", bonus=BONUS[turn], pct=bonus))
    mine = avail[seat]
    turns_left = TURNS_PER_ROUND - 1 - turn
    leads = sorted(d for d in sorted(mine, reverse=True)[:turns_left] if d not in used)
    rival = max(writers, key=lambda o: (sure_knock[o], knocked[o]))
    if leads and int(max(mine)) > lead:  # it holds back its highest digits: future_value's leads
        effects.append(M("keep {digits} to lead later turns", digits=leads) if turns_left > 1 else
                       M("keep {digits} to lead the final turn", digits=leads))
    elif sure_knock[rival]:
        effects.append(M("surely knock out {rival}'s bigger number (TN-7)", rival=seat_name(rival)))
    elif knocked[rival] >= 0.25 * total:
        effects.append(M("knock out {rival}'s bigger number {pct}% of the time (TN-7)", rival=seat_name(rival),
                         pct=_share(knocked[rival], total, False)))
    else:
        effects.append(crossed)
    return M("with {number} you {effects}", number=number, effects=effects)


def near_odds(values, spread, temperature):
    """{number: chance} among the numbers worth at most `spread` points less than the best,
    weighted exp(-(best - value) / temperature)."""
    top = max(values.values())
    near = {number: math.exp((value - top) / temperature) for number, value in values.items() if value >= top - spread}
    total = sum(near.values())
    return {number: w / total for number, w in near.items()}


def vary(values, spread, temperature, rng):
    """One of the numbers worth at most `spread` points less than the best, drawn with weights
    exp(-(best - value) / temperature): a bluffing game punishes a player who always writes
    the same number in the same spot (Hard opened 900 in 29 of 30 heads-up games)."""
    return draw(near_odds(values, spread, temperature), rng)


POLICIES = {"normal": normal, "hard": hard}
