"""Search over sampled hidden information, for the Hard bots of every game.

Determinized ("perfect information") Monte Carlo: sample full states consistent with what the
seat knows (`game.sample_state(view, seat, rng)`, never the real state), try each candidate
action in every sampled world, play on with a fast rollout policy, and keep the action with the
best average value. Simple, general (simultaneous choices included: the others simply act in
the rollout), and strong when the rollout policy is sensible.

Budgets are counted in worlds, so a seed reproduces a decision; a wall-clock limit is only a
guard for slow devices, in the interactive app (see bots.use_wall_clock_guard).
"""

from . import bots as botlib
from .game import clone

# What the last search found, kept only while a hint asks for it (tabletop.hints): the Hard bots
# say it through `note`, so a hint explains the move from the bot's own figures. In the page a
# bot's search may run while a hint's waits at a breath (or the other way round): each keeps its
# own question over its breaths, so a bot never writes into a hint's figures.
_asked = {"on": False, "found": None}


def _take_question():
    question = (_asked["on"], _asked["found"])
    _asked["on"], _asked["found"] = False, None
    return question


def _put_back_question(question):
    _asked["on"], _asked["found"] = question


botlib.keep_over_breaths(_take_question, _put_back_question)


class noting:
    """`with noting() as found:` ... `found.get("values")`: what `note` was told meanwhile."""

    def __enter__(self):
        _asked["on"], _asked["found"] = True, {}
        return _asked["found"]

    def __exit__(self, *exc):
        _asked["on"] = False
        return False


def note(values, chosen, unit, worlds=None):
    """What a Hard bot's evaluation found: `values` {candidate: value, higher is better} in
    `unit` ("win": a share of wins, 0 to 1; "points": points ahead), `chosen` the candidate it
    plays, `worlds` how many sampled worlds (or guesses at the hidden part) it counted. Free when
    no hint is asking."""
    if _asked["on"]:
        _asked["found"].update(values=dict(values), chosen=chosen, unit=unit, worlds=worlds)


def asking():
    """Whether a hint is asking (a bot may then say what its move does: `say_why`)."""
    return _asked["on"]


def say_why(make):
    """What the chosen move does, in the game's own words: `make()` returns a Message, a clause
    ("serving Beef 4 to the Active Customer finishes its order") that a hint puts after "Hard
    would play this:". Made only when a hint asks, so the bots' own games pay nothing for it.
    The clause may use only what the seat knows: the hint's view."""
    if _asked["on"]:
        _asked["found"]["why"] = make()


def random_rollout_policy(game, state, seat, legal, rng):
    return rng.choice(legal)


def outcome_value(game, state, seat, margin_weight=0.1):
    """1 for a win (1/k for a win shared by k), 0 for a loss, plus a small bonus for the score
    margin over the best opponent (so that search still prefers better losses and wins)."""
    result = game.result(state)
    winners = result["winners"]
    value = 1.0 / len(winners) if seat in winners else 0.0
    scores = result["scores"]
    others = [s for i, s in enumerate(scores) if i != seat]
    if others:
        spread = max(1.0, max(abs(s) for s in scores))
        value += margin_weight * (scores[seat] - max(others)) / spread
    return value


def rollout(game, state, seat, rng, policy, max_steps=None, evaluate=None):
    """Play `state` on (in place) with `policy` for every seat; return the value for `seat`.

    `policy(game, state, seat, legal, rng)` sees the sampled state (it is a made-up world, not
    the real one). With `max_steps`, a game still running is valued by `evaluate(state, seat)`."""
    steps = 0
    while not game.is_over(state):
        if max_steps is not None and steps >= max_steps:
            return evaluate(state, seat)
        for actor in game.to_act(state):
            if actor not in game.to_act(state):
                continue
            legal = game.legal_actions(state, actor)
            game.apply(state, actor, policy(game, state, actor, legal, rng))
            steps += 1
    return outcome_value(game, state, seat)


def determinized_search(game, view, seat, legal, rng, worlds=24, policy=random_rollout_policy,
                        max_steps=None, evaluate=None, candidates=None, time_budget=0.8, playout=None, unit="win"):
    """The action with the best mean rollout value over `worlds` sampled worlds.

    `candidates` limits the actions searched (e.g. the best few by a heuristic); all of them
    are tried in each world, so they are compared on the same samples. `playout(state)`, if
    given, replaces the rollout: it plays the world on in its own way (to the end of a round,
    say) and returns the value for `seat`, in `unit` (for a hint: `note`)."""
    actions = list(candidates or legal)
    if len(actions) == 1:
        return actions[0]
    totals = [0.0] * len(actions)
    deadline = botlib.deadline(time_budget)
    played = 0
    for done in range(worlds):
        if done and botlib.past(deadline):
            break
        played += 1
        world = game.sample_state(view, seat, rng)
        for i, action in enumerate(actions):
            botlib.breathe()  # in the page: the browser's turn, if this search held it a slice
            state = clone(world)
            game.apply(state, seat, action)
            if playout is not None:
                totals[i] += playout(state)
            else:
                totals[i] += rollout(game, state, seat, rng, policy, max_steps, evaluate)
    best = max(totals)
    chosen = rng.choice([a for a, t in zip(actions, totals) if t >= best - 1e-9])
    note({a: t / played for a, t in zip(actions, totals)}, chosen, unit, played)
    return chosen
