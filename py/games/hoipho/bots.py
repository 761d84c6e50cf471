"""Hội Phố's bots. Both decide from the seat's view only: the hidden hands (and the picks made
face down) are sampled with `sample_state`, never read.

Normal: greedy. For each legal choice, samples the unseen hands, lets the others pick at random,
resolves the turn (ranking and skill) and keeps the choice with the best average standing right
after it: coins against the richest opponent, contracts far above coins. Cards to discard, pass
or give are the least useful ones by a fixed worth; rock-paper-scissors throws are random, and
whom the Mouse challenges is decided on the exact expected value of the coin-flip outcome (a few
sampled flips are too noisy for it).

Hard: search over sampled hidden hands. Every choice is tried in the same sampled worlds, each
played on to the end of the round by a quick policy (the others pick their cards as often as a
greedy player does, skills aim at the richest; a pick already made face down this turn is the
one a greedy player would make in that world), and valued there by the chance to win the game
from those contracts (each later round's contract going to any player alike). Rollouts of one
world share a seed, so the choices are compared on the same luck; after a first batch of worlds
only the best two are searched further.
"""

import random

from tabletop import bots as botlib
from tabletop import search

from . import data
from .rules import RoundSearch, all_cards, copy_state, printed

# Tuning of the evaluations (bot strength only, not rules).
CONTRACT_WORTH = 10.0  # Normal: a contract against coins
# Normal: how much a card is worth keeping (discards, Tiger passes, Cat gifts give the least).
KEEP_WORTH = {0: 3.0, 1: 5.0, 2: 4.5, 3: 2.0, 4: 2.5, 5: 2.0, 6: 3.0, 7: 2.5, 8: 3.5, 9: 2.5, 10: 3.0, 11: 3.5, 12: 3.5}
NORMAL_SAMPLES = 16
# Hard's model of the others' picks in its rollouts: how often a greedy (Normal) player plays a
# card of each reputation (0 = ship) when it holds it, on turns 1, 2 and 3 (measured over
# Normal's own games; a pick is drawn in proportion among the cards in hand).
PICK_WEIGHT = (
    (0.07, 0.53, 0.73, 0.01, 0.05, 0.27, 0.6, 0.38, 0.76, 0.16, 0.16, 0.14, 0.06),
    (0.21, 0.54, 0.82, 0.1, 0.25, 0.42, 0.77, 0.63, 0.84, 0.58, 0.29, 0.23, 0.38),
    (0.49, 0.55, 0.65, 0.44, 0.54, 0.55, 0.65, 0.67, 0.58, 0.65, 0.42, 0.42, 0.52),
)
PICK_WEIGHT_FLOOR = 0.02  # every card keeps some chance
# The same weights by action, looked up in the rollouts: {"play:<card>": weight} per turn.
_PLAY_WEIGHT = [{"play:" + c: w[printed(c)] + PICK_WEIGHT_FLOOR for c in all_cards(max(data.SHIPS))}
                for w in PICK_WEIGHT]

# Hard's reading of a pick another player has made face down this turn, in each sampled world:
# each card of that player's (sampled) hand played out to the end of the turn this often, and
# the best for them by Normal's own measure taken.
GREEDY_PLAYOUTS = 2
HARD_WORLDS = (100, 200)  # worlds for every choice, then for the finalists
HARD_FINALISTS = 2
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


def quick(game, state, seat, legal, rng, weighted=False):
    """A fast policy on a full (sampled) state: random cards (`weighted`: as often as a greedy
    player plays them), sensible skill targets. It never looks at the face-down picks."""
    phase = state["phase"]
    if phase == "pick" and weighted:
        weights = _PLAY_WEIGHT[state["turn"]]
        return rng.choices(legal, [weights[a] for a in legal])[0]
    if phase == "pick" or phase == "discard":
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


# The rules the rollouts play by: as the game's, but the next round is never dealt.
_ROUND = RoundSearch()


def _play_out(game, state, rng, until, weighted=False):
    """Play `state` on with `quick` for every seat while `until(state)` holds (a round ends
    it at the latest: the next round is not dealt)."""
    to_act, legal_for, apply = _ROUND.to_act, _ROUND.legal_for, _ROUND._apply
    while not state["over"] and until(state):
        acting = to_act(state)
        for i, actor in enumerate(acting):
            if i == 0 or actor in to_act(state):  # the first is still to act: nothing changed yet
                apply(state, actor, quick(game, state, actor, legal_for(state, actor), rng, weighted))


def _after_turn(game, world, seat, action, rng, weighted=False):
    """Normal's measure (_standing) of `action` for `seat` in `world`: played, and the turn played
    out by `quick`. A pick `seat` already made in `world` gives way to `action`."""
    round0, turn0 = world["round"], world["turn"]
    state = copy_state(world)
    state["pending"][seat] = None
    _ROUND._apply(state, seat, action)
    _play_out(game, state, rng, lambda s: s["round"] == round0 and s["turn"] == turn0, weighted)
    return _standing(state, seat, round0)


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


def mouse_target_values(coins, seat, targets):
    """HP-3 Mouse: the expected coin standing (own coins against the richest other) of
    challenging each target. A draw is replayed, so each side loses with chance 1/2, and the
    loser discards half their coins (rounded down)."""
    values = []
    others = [s for s in range(len(coins)) if s != seat]
    for target in targets:
        value = 0.0
        for loser in (target, seat):
            after = list(coins)
            after[loser] -= after[loser] // data.MOUSE_LOSS_DIVISOR
            value += 0.5 * (after[seat] - max(after[s] for s in others))
        values.append(value)
    return values


def normal(game, view, seat, legal, rng):
    d = view["decision"]
    step = d["step"] if d else view["phase"]
    if step == "throw":
        return rng.choice(legal)
    if step == "target" and d["skill"] == "mouse":
        values = mouse_target_values(view["coins"], seat, [int(_card(a)) for a in legal])
        best = max(values)
        return rng.choice([a for a, v in zip(legal, values) if v >= best - 1e-9])
    if step in ("discard", "pass", "give"):
        worth = [KEEP_WORTH[printed(_card(a))] for a in legal]
        low = min(worth)
        return rng.choice([a for a, w in zip(legal, worth) if w == low])
    totals = [0.0] * len(legal)
    for _ in range(NORMAL_SAMPLES):
        world = game.sample_state(view, seat, rng)
        for i, action in enumerate(legal):
            totals[i] += _after_turn(game, world, seat, action, rng)
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


def greedy_pick(game, world, seat, rng):
    """The card a greedy player at `seat` picks in `world` (a sampled one: nothing hidden is
    read): each card of its hand played out to the end of the turn GREEDY_PLAYOUTS times, the
    others' picks as they stand in the world, and the best by Normal's measure (coins against
    the richest other). It follows the position, where PICK_WEIGHT knows only a card's
    reputation: a lone Ship pays 3 coins, a Buffalo that is not the lowest nothing."""
    cards = sorted(set(world["hands"][seat]))
    values = [sum(_after_turn(game, world, seat, "play:" + card, rng, weighted=True) for _ in range(GREEDY_PLAYOUTS))
              for card in cards]
    best = max(values)
    return rng.choice([card for card, value in zip(cards, values) if value >= best - 1e-9])


def sample_world(game, view, seat, rng):
    """A world for Hard's search: `sample_state`'s, with the others' face-down picks of this
    turn made as a greedy player would make them in that world (greedy_pick), not at random
    from their sampled hands. Against three Normals: 48.1% of the games won with random picks,
    53.7% with picks drawn by a card's reputation (PICK_WEIGHT), 56.0% with greedy_pick
    (bench/RESULTS.md)."""
    world = game.sample_state(view, seat, rng)
    if world["phase"] == "pick":
        for s, pick in enumerate(world["pending"]):
            if s != seat and pick is not None:
                world["pending"][s] = greedy_pick(game, world, s, rng)
    return world


def _rollout_values(game, view, seat, candidates, rng, worlds, deadline):
    """Sum over `worlds` sampled worlds of each candidate's value at the end of the round (the
    same world and the same luck for every candidate), and the number of worlds played."""
    round0 = view["round"]
    sums = [0.0] * len(candidates)
    for done in range(worlds):
        if done and botlib.past(deadline):
            return sums, done
        world = sample_world(game, view, seat, rng)
        luck = rng.getrandbits(32)
        for i, action in enumerate(candidates):
            botlib.breathe()
            state = copy_state(world)
            _ROUND._apply(state, seat, action)
            _play_out(game, state, random.Random(luck), lambda s: s["round"] == round0, weighted=True)
            sums[i] += round_value(state, seat)
    return sums, worlds


def hard(game, view, seat, legal, rng):
    d = view["decision"]
    if d and d["step"] == "throw":
        return rng.choice(legal)  # rock-paper-scissors: nothing beats playing at random
    deadline = botlib.deadline(HARD_TIME_BUDGET)
    # Every choice on a first batch of worlds, then the best few on a second batch.
    sums, played = _rollout_values(game, view, seat, legal, rng, HARD_WORLDS[0], deadline)
    means = {a: s / played for a, s in zip(legal, sums)}
    finalists = sorted(legal, key=lambda a: -means[a])[:HARD_FINALISTS]
    worlds = played
    if len(finalists) > 1:
        more, extra = _rollout_values(game, view, seat, finalists, rng, HARD_WORLDS[1], deadline)
        means = {a: (means[a] * played + s) / (played + extra) for a, s in zip(finalists, more)}
        worlds += extra
    best = max(means[a] for a in finalists)
    chosen = rng.choice([a for a in finalists if means[a] >= best - 1e-9])
    search.note({a: means[a] for a in finalists}, chosen, "win", worlds)
    return chosen


POLICIES = {"normal": normal, "hard": hard}
