"""Phở Phở, tried 2026-12-07: once The King is near, Hard plans its own next turns, not only this one.

Today's Hard compares its plans for this turn, then plays every later turn of its own (and the
rivals') as Normal in the rollouts. Heads-up against Normal the rival's model is exact, so what
is left is Hard's own later play: an open-loop tree over Hard's own decisions (Monte Carlo tree
search with UCB; a child is a plan's rank in the candidate list of the world at hand, as
hard_plan ranks them: its first choice, Restock / skip, the next best plays). The worlds are the
ones hard_plan samples (ENDGAME_WORLDS, taken in turn); the iterations are as many rollouts as
today's search plays (ENDGAME_CANDIDATES x ENDGAME_WORLDS). Mid-game play is unchanged.
Run in games.phopho.bots by
`bench/hard_bench.py --titles phopho --patch bench/tries/phopho_endgame_tree.py`."""
import math

_first_plan = hard_plan
TREE_CANDIDATES = 4  # children of a node below the root
TREE_DEPTH = 3  # Hard's own decisions planned below the root
TREE_C = 3.0  # UCB's exploration, in the position value's points (a won game is WIN_VALUE + stars)
TREE_ITERATIONS = 0  # 0: ENDGAME_CANDIDATES x ENDGAME_WORLDS
TREE_PRIOR_BELOW = True  # HARD_PRIOR for the first choice below the root too


def _candidates(view, seat, wanted):
    return candidate_plans(view, seat, normal_plan(view, seat, None, HARD_WEIGHTS), wanted)


def _select(node, count, prior):
    for j in range(count):
        if node.get(j, (0,))[0] == 0:
            return j
    total = sum(node[j][0] for j in range(count))
    log_total = math.log(total)

    def ucb(j):
        visits, value = node[j][0], node[j][1]
        return value / visits + (prior if j == 0 else 0.0) + TREE_C * math.sqrt(log_total / visits)
    return max(range(count), key=ucb)


def _play_plan(sim, state, seat, plan):
    if plan is None:
        sim._apply(state, seat, "restock" if state["phase"] == "turn" else "skip")
    else:
        for action in plan_sequence(plan):
            sim._apply(state, seat, action)


def _own_choice(state, seat):
    return state["turn"] == seat and state["phase"] in ("turn", "restocked") and not state["sel"] and not state["puts"]


def hard_plan(game, view, seat, legal, rng):
    if (view["sel"] or view["puts"] or not king_near(view)
            or view["turn_no"] - view["last_placed_turn"] >= STILL_ROUNDS * view["players"]):
        return _first_plan(game, view, seat, legal, rng)
    candidates = _candidates(view, seat, ENDGAME_CANDIDATES)
    if len(candidates) == 1:
        return _first_plan(game, view, seat, legal, rng)
    sim = ROLLOUT_GAME
    worlds = [game.sample_state(view, seat, rng) for _ in range(ENDGAME_WORLDS)]
    iterations = TREE_ITERATIONS or ENDGAME_CANDIDATES * ENDGAME_WORLDS
    root = {}  # child index -> [visits, value total, its children]
    below_prior = HARD_PRIOR if TREE_PRIOR_BELOW else 0.0
    for it in range(iterations):
        state = clone(worlds[it % len(worlds)])
        k = _select(root, len(candidates), HARD_PRIOR)
        entry = root.setdefault(k, [0, 0.0, {}])
        path = [entry]
        _play_plan(sim, state, seat, candidates[k])
        node = entry[2]
        depth = 0
        steps = 0
        while not state["over"] and steps < 500:
            steps += 1
            if node is not None and _own_choice(state, seat):
                cands = _candidates(_rollout_view(state, seat), seat, TREE_CANDIDATES)
                j = _select(node, len(cands), below_prior)
                fresh = j not in node
                child = node.setdefault(j, [0, 0.0, {}])
                path.append(child)
                _play_plan(sim, state, seat, cands[j])
                depth += 1
                node = None if fresh or depth >= TREE_DEPTH else child[2]
                continue
            _rollout_turn_step(sim, state, rng)
        value = position_value(sim, state, seat)
        for e in path:
            e[0] += 1
            e[1] += value
    means = {k: e[1] / e[0] + (HARD_PRIOR if k == 0 else 0.0) for k, e in root.items() if e[0]}
    chosen = max(root, key=lambda k: (root[k][0], -k))  # the most visited
    search.note(means, chosen, "points", len(worlds))
    best = candidates[chosen]
    _memo[_memo_key(view, seat)] = best
    return best
