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

from tabletop import M
from tabletop import bots as botlib
from tabletop import search, seat_name

from . import data
from .rules import RoundSearch, all_cards, card_name, coin_count, copy_state, is_ship, left_of, printed, skill_of

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


def _rollout_values(game, view, seat, candidates, rng, worlds, deadline, tally=None):
    """Sum over `worlds` sampled worlds of each candidate's value at the end of the round (the
    same world and the same luck for every candidate), and the number of worlds played. With
    `tally` ({candidate: Tally}, for a hint), what each rollout came to is counted there too."""
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
            if tally is not None:
                tally[action].count(state, view, seat)
    return sums, worlds


def hard(game, view, seat, legal, rng):
    d = view["decision"]
    if d and d["step"] == "throw":
        if search.asking():
            search.say_why(lambda: M("rock-paper-scissors has no best throw: Hard throws at random (HP-3)"))
        return rng.choice(legal)  # rock-paper-scissors: nothing beats playing at random
    deadline = botlib.deadline(HARD_TIME_BUDGET)
    tally = {a: Tally(view["players"]) for a in legal} if search.asking() else None  # for a hint's words
    # Every choice on a first batch of worlds, then the best few on a second batch.
    sums, played = _rollout_values(game, view, seat, legal, rng, HARD_WORLDS[0], deadline, tally)
    means = {a: s / played for a, s in zip(legal, sums)}
    finalists = sorted(legal, key=lambda a: -means[a])[:HARD_FINALISTS]
    worlds = played
    if len(finalists) > 1:
        more, extra = _rollout_values(game, view, seat, finalists, rng, HARD_WORLDS[1], deadline, tally)
        means = {a: (means[a] * played + s) / (played + extra) for a, s in zip(finalists, more)}
        worlds += extra
    best = max(means[a] for a in finalists)
    chosen = rng.choice([a for a in finalists if means[a] >= best - 1e-9])
    search.note({a: means[a] for a in finalists}, chosen, "win", worlds)
    if search.asking():
        runner = next((a for a in finalists if a != chosen), None)
        search.say_why(lambda: why(view, seat, chosen, runner, tally))
    return chosen


# --- a hint's words ------------------------------------------------------------------------
# Below this difference in the share of worlds, two choices are not told apart in words.
WHY_MARGIN = 0.02


class Tally:
    """What the rollouts of one choice came to, for a hint (search.say_why): in how many worlds
    each seat took this round's contract (HP-13), and, for a card played, what it did in its
    turn (HP-7..HP-11). Counted in Hard's own worlds, which are sampled from the view alone."""

    def __init__(self, players):
        self.worlds = 0
        self.takes = [0] * players
        self.outcomes = {}

    def count(self, state, view, seat):
        self.worlds += 1
        if len(state["rounds"]) > len(view["rounds"]):
            taker = state["rounds"][len(view["rounds"])]["taker"]
            if taker is not None:
                self.takes[taker] += 1
        if view["phase"] == "pick":
            kind = _turn_outcome_of(state, view["round"], view["turn"], seat)
            if kind is not None:
                self.outcomes[kind] = self.outcomes.get(kind, 0) + 1

    def share(self, seat):
        return self.takes[seat] / self.worlds if self.worlds else 0.0


def _turn_outcome_of(state, round0, turn0, seat):
    """What `seat`'s card did in the reveal of `turn0` (HP-7..HP-11), as a kind of outcome."""
    for record in reversed(state["reveals"]):
        if record["round"] == round0 and record["turn"] == turn0:
            break
        if record["round"] < round0:
            return None
    else:
        return None
    cards, order = record["cards"], record["order"]
    if is_ship(cards[seat]):
        ships = sum(1 for c in cards if is_ship(c))
        return "ship{}".format(min(ships, 3))
    if record["mode"] == "monopoly":
        return "monopoly"
    if order[0] == seat:
        return "highest"
    if record["skill"] == seat:
        return "lowest0" if record["zero"][seat] is not None else "lowest"
    if record["mode"] == "ranking" and order[1] == seat:
        return "second"
    return "middle"


def _outcome_text(kind, card):
    if kind == "ship1":
        return M("it sails alone for {coins} (HP-7)", coins=coin_count(data.SHIP_PAY[1]))
    if kind == "ship2":
        return M("it sails with one other ship for {coins} (HP-7)", coins=coin_count(data.SHIP_PAY[2]))
    if kind == "ship3":
        return M("three or more ships sail and it earns nothing (HP-7)")
    if kind == "monopoly":
        return M("it is the only merchant: {coins}, then its skill: {effect} (HP-11)", coins=coin_count(data.HIGH_PAY),
                 effect=_skill_effect(card))
    if kind == "highest":
        return M("it is the highest merchant: {coins} (HP-9)", coins=coin_count(data.HIGH_PAY))
    if kind == "second":
        return M("it is the second merchant: {coins} (HP-9)", coins=coin_count(data.SECOND_PAY))
    if kind == "lowest":
        return M("it is the lowest merchant, so its skill fires: {effect} (HP-9)", effect=_skill_effect(card))
    if kind == "lowest0":
        return M("it meets its rival and drops to 0, so its skill fires as the lowest: {effect} (HP-4)",
                 effect=_skill_effect(card))
    return M("it ranks in the middle and earns nothing (HP-9)")


def _skill_effect(card):
    """What `card`'s skill does for its owner (HP-3), in a few words."""
    skill = skill_of(card)
    if skill == "mouse":
        return M("you gain {coins}, then challenge an opponent to rock-paper-scissors", coins=coin_count(data.MOUSE_GAIN))
    if skill == "buffalo":
        return M("you gain {coins}", coins=coin_count(data.BUFFALO_GAIN))
    if skill == "tiger":
        return M("every player passes a card to their left")
    if skill == "cat":
        return M("you swap a card with an opponent")
    if skill == "dragon":
        return M("every coin gained this turn goes back")
    if skill == "snake":
        return M("you steal up to {coins} from an opponent", coins=coin_count(data.SNAKE_STEAL))
    if skill == "horse":
        return M("you swap the coins of two players")
    if skill == "goat":
        return M("a contract now, and another if you take this round's")
    if skill == "monkey":
        return M("you copy a skill revealed this round")
    if skill == "hen":
        return M("nothing, the Hen has no skill")
    if skill == "dog":
        return M("you lose {coins}", coins=coin_count(data.DOG_LOSS))
    return M("you give {coins} to each neighbour", coins=coin_count(data.PIG_GIFT))  # the Pig


def _party(s, seat, coins):
    """A player of the Horse's swap with their coins: "you (3)", "{2} (5)"."""
    if s == seat:
        return M("you ({coins})", coins=coins[s])
    return M("{who} ({coins})", who=seat_name(s), coins=coins[s])


def _swap_text(view, seat, a, b):
    """HP-3 Horse: the coins of `a` and `b` swapped, and where that leaves `seat`."""
    coins = view["coins"]
    after = list(coins)
    after[a], after[b] = after[b], after[a]
    top = max(after[s] for s in range(view["players"]) if s != seat)
    return M("swapping the coins of {a} and {b} leaves you {mine} and the richest other player {top} (HP-3)",
             a=_party(a, seat, coins), b=_party(b, seat, coins), mine=coin_count(after[seat]), top=coin_count(top))


def what(view, seat, action, tally):
    """What `action` does, in the game's words (HP-3..HP-11): a card's most frequent part in
    the turn over Hard's worlds, a skill's effect on the coins the seat sees."""
    kind, _, arg = action.partition(":")
    d = view["decision"]
    if kind == "discard":
        return M("discarding the {card} face up (HP-5)", card=card_name(arg))
    if kind == "play":
        outcomes = tally.outcomes
        if not outcomes:
            return M("playing the {card}", card=card_name(arg))
        best = max(outcomes, key=lambda k: outcomes[k])
        return M("playing the {card}: in {pct}% of Hard's guesses {outcome}", card=card_name(arg),
                 pct=_pct(outcomes[best] / tally.worlds), outcome=_outcome_text(best, arg))
    if kind == "copy":
        effect = _skill_effect(arg)
        back = [s for s in range(view["players"]) if view["gained"][s]]
        if skill_of(arg) == "dragon" and back:  # what each player gained this turn is on the table
            effect = M("every coin gained this turn goes back: {returned}",
                       returned=[M("{coins} from you", coins=coin_count(view["gained"][s])) if s == seat else
                                 M("{coins} from {who}", coins=coin_count(view["gained"][s]), who=seat_name(s)) for s in back])
        return M("your Monkey copies the {card}: {effect} (HP-3)", card=card_name(arg), effect=effect)
    if kind == "give":
        return M("giving {target} the {card} (HP-3)", target=seat_name(d["target"]), card=card_name(arg))
    if kind == "pass":
        return M("passing the {card} to {left} (HP-3)", card=card_name(arg), left=seat_name(left_of(seat, view["players"])))
    if kind == "swap":
        first = d["swap"][0] if d["swap"] else int(arg)
        # the second player: chosen now, or, at the first choice, the one Hard's rollouts add
        second = int(arg) if d["swap"] else _best_swap(view["coins"], seat, [first])
        return _swap_text(view, seat, first, second)
    target = int(arg)  # "target": the Mouse, the Snake or the Cat (HP-3)
    coins = view["coins"]
    if d["skill"] == "snake":
        stolen = min(data.SNAKE_STEAL, coins[target])
        return M("stealing {coins} from {target} leaves you {mine} and them {theirs} (HP-3)", coins=coin_count(stolen),
                 target=seat_name(target), mine=coin_count(coins[seat] + stolen), theirs=coin_count(coins[target] - stolen))
    if d["skill"] == "mouse":
        return M("challenging {target}: the loser of rock-paper-scissors discards half their coins, {theirs} for them or "
                 "{mine} for you (HP-3)", target=seat_name(target),
                 theirs=coin_count(coins[target] // data.MOUSE_LOSS_DIVISOR), mine=coin_count(coins[seat] // data.MOUSE_LOSS_DIVISOR))
    return M("giving {target} a card of yours for one of theirs at random (HP-3)", target=seat_name(target))


def _compared(what, rival, pct, other, runner):
    """"{what}; you take the round's contract 48% of the time (30% with the Hen (10))": the
    share of the seat (`rival` None) or of a rival, against the next best choice `runner`."""
    kind, _, arg = runner.partition(":")
    if kind in ("target", "swap"):
        if rival is None:
            return M("{what}; you take the round's contract {pct}% of the time ({other}% choosing {who})", what=what,
                     pct=pct, other=other, who=seat_name(int(arg)))
        return M("{what}; {rival} takes the round's contract {pct}% of the time ({other}% choosing {who})", what=what,
                 rival=seat_name(rival), pct=pct, other=other, who=seat_name(int(arg)))
    if rival is None:
        return M("{what}; you take the round's contract {pct}% of the time ({other}% with the {card})", what=what,
                 pct=pct, other=other, card=card_name(arg))
    return M("{what}; {rival} takes the round's contract {pct}% of the time ({other}% with the {card})", what=what,
             rival=seat_name(rival), pct=pct, other=other, card=card_name(arg))


def why(view, seat, chosen, runner, tally):
    """What Hard's `chosen` does and why, as a clause for a hint (search.say_why): its effect
    (`what`), then what Hard's search weighed, the round's contract (HP-13): how often the seat
    takes it in Hard's worlds against the next best choice `runner`, or how often it keeps a
    rival from it. Only from the view: the worlds are Hard's own, sampled from it."""
    done = what(view, seat, chosen, tally[chosen])
    mine = tally[chosen].share(seat)
    if runner is not None:
        other = tally[runner].share(seat)
        if mine - other >= WHY_MARGIN and _pct(mine) != _pct(other):
            return _compared(done, None, _pct(mine), _pct(other), runner)
        rivals = [s for s in range(view["players"]) if s != seat]
        gap, rival = max((tally[runner].share(s) - tally[chosen].share(s), -s) for s in rivals)
        rival = -rival
        theirs, before = tally[chosen].share(rival), tally[runner].share(rival)
        if gap >= WHY_MARGIN and _pct(theirs) != _pct(before):
            return _compared(done, rival, _pct(theirs), _pct(before), runner)
    if _pct(mine) == 0:
        return M("{what}; the round's contract is out of your reach in Hard's guesses", what=done)
    return M("{what}; you take the round's contract {pct}% of the time", what=done, pct=_pct(mine))


def _pct(share):
    return int(round(100 * share))


POLICIES = {"normal": normal, "hard": hard}
