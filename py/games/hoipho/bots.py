"""Hội Phố's bots. Both decide from the seat's view only: the hidden hands (and the picks made
face down) are sampled with `sample_state`, never read.

Normal: greedy. For each legal choice, samples the unseen hands, lets the others pick at random,
resolves the turn (ranking and skill) and keeps the choice with the best average standing right
after it: coins against the richest opponent, contracts far above coins. Cards to discard, pass
or give are the least useful ones by a fixed worth; rock-paper-scissors throws are random.

Hard: search over sampled hidden hands. Every candidate is tried in the same sampled worlds and
each world is played on to the end of the round (others and later choices by a quick policy),
where the contracts are valued by the chance to win the game from there (each later round's
contract going to any player alike). Rollouts of one world share a seed, so candidates are
compared on the same luck.
"""

import random
import time

from tabletop.game import clone

from . import data
from .rules import is_ship, printed

# Tuning of the evaluations (bot strength only, not rules).
CONTRACT_WORTH = 10.0  # Normal: a contract against coins
# Normal: how much a card is worth keeping (discards, Tiger passes, Cat gifts give the least).
KEEP_WORTH = {0: 3.0, 1: 5.0, 2: 4.5, 3: 2.0, 4: 2.5, 5: 2.0, 6: 3.0, 7: 2.5, 8: 3.5, 9: 2.5, 10: 3.0, 11: 3.5, 12: 3.5}
NORMAL_SAMPLES = 16
HARD_WORLDS = 160
# A guard, not the normal limit (see bench/RESULTS.md for the measured times): on a slow device
# the search stops early with the best choice found so far.
HARD_TIME_BUDGET = 0.6


# --- quick choices (Normal's opponent model, Hard's rollouts) ---------------------------------
def _richest(coins, others, rng):
    best = max(coins[s] for s in others)
    return rng.choice([s for s in others if coins[s] == best])


def _best_swap(coins, seat, chosen):
    """The pair of players whose swap leaves `seat` best placed against the richest other."""
    n = len(coins)
    best, best_value = None, None
    for a in range(n):
        for b in range(a + 1, n):
            if chosen and chosen[0] not in (a, b):
                continue
            after = list(coins)
            after[a], after[b] = after[b], after[a]
            value = after[seat] - max(after[s] for s in range(n) if s != seat)
            if best_value is None or value > best_value:
                best, best_value = (a, b), value
    if chosen:
        return best[1] if best[0] == chosen[0] else best[0]
    return best[0]


def quick(game, state, seat, legal, rng):
    """A fast policy on a full (sampled) state: random cards, sensible skill targets. It never
    looks at the others' face-down picks."""
    if state["phase"] in ("pick", "discard"):
        return rng.choice(legal)
    d = state["decision"]
    step = d["step"]
    coins = state["coins"]
    n = state["players"]
    if step == "target" and d["skill"] in ("snake", "mouse"):
        return "target:{}".format(_richest(coins, [s for s in range(n) if s != seat], rng))
    if step == "swap":
        return "swap:{}".format(_best_swap(coins, seat, d["swap"]))
    return rng.choice(legal)


def _play_out(game, state, rng, until):
    """Play `state` on with `quick` for every seat while `until(state)` holds."""
    while not state["over"] and until(state):
        for actor in game.to_act(state):
            if actor in game.to_act(state):
                legal = game.legal_actions(state, actor)
                game._apply(state, actor, quick(game, state, actor, legal, rng))


def _card(action):
    return action.partition(":")[2]


# --- Normal -------------------------------------------------------------------------------
def _standing(state, seat, round0):
    """Normal's value of a position: contracts first, then coins against the richest other."""
    n = state["players"]
    others = [s for s in range(n) if s != seat]
    contracts = state["contracts"]
    value = CONTRACT_WORTH * (contracts[seat] - max(contracts[s] for s in others))
    if state["over"]:
        value += CONTRACT_WORTH * (2 if seat in state["winners"] else -2)
    elif state["round"] == round0:
        value += state["coins"][seat] - max(state["coins"][s] for s in others)
    return value


def normal(game, view, seat, legal, rng):
    d = view["decision"]
    step = d["step"] if d else view["phase"]
    if step == "throw":
        return rng.choice(legal)
    if step in ("discard", "pass", "give"):
        worth = [KEEP_WORTH[printed(_card(a))] for a in legal]
        low = min(worth)
        return rng.choice([a for a, w in zip(legal, worth) if w == low])
    round0, turn0 = view["round"], view["turn"]
    totals = [0.0] * len(legal)
    for _ in range(NORMAL_SAMPLES):
        world = game.sample_state(view, seat, rng)
        for i, action in enumerate(legal):
            state = clone(world)
            game._apply(state, seat, action)
            _play_out(game, state, rng, lambda s: s["round"] == round0 and s["turn"] == turn0)
            totals[i] += _standing(state, seat, round0)
    best = max(totals)
    return rng.choice([a for a, t in zip(legal, totals) if t >= best - 1e-9])


# --- Hard ---------------------------------------------------------------------------------
_win_chance = {}


def win_chance(contracts, seat):
    """The chance that `seat` wins the game from these contracts (none has won yet) if every
    later round's contract goes to any player alike."""
    key = (tuple(contracts), seat)
    found = _win_chance.get(key)
    if found is None:
        n = len(contracts)
        found = 0.0
        for taker in range(n):
            after = list(contracts)
            after[taker] += data.ROUND_CONTRACTS
            if after[taker] >= data.CONTRACTS_TO_WIN:
                found += 1.0 if taker == seat else 0.0
            else:
                found += win_chance(after, seat)
        found /= n
        _win_chance[key] = found
    return found


def round_value(state, seat):
    """Hard's value at the end of a round: the game's outcome, or the chance to win it."""
    if state["over"]:
        winners = state["winners"]
        return 1.0 / len(winners) if seat in winners else 0.0
    return win_chance(state["contracts"], seat)


def hard(game, view, seat, legal, rng):
    d = view["decision"]
    if d and d["step"] == "throw":
        return rng.choice(legal)  # rock-paper-scissors: nothing beats playing at random
    round0 = view["round"]
    totals = [0.0] * len(legal)
    deadline = time.perf_counter() + HARD_TIME_BUDGET
    for done in range(HARD_WORLDS):
        if done and time.perf_counter() > deadline:
            break
        world = game.sample_state(view, seat, rng)
        luck = rng.getrandbits(32)
        for i, action in enumerate(legal):
            state = clone(world)
            game._apply(state, seat, action)
            _play_out(game, state, random.Random(luck), lambda s: s["round"] == round0)
            totals[i] += round_value(state, seat)
    best = max(totals)
    return rng.choice([a for a, t in zip(legal, totals) if t >= best - 1e-9])


POLICIES = {"normal": normal, "hard": hard}
