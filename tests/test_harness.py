"""The shared harness of DESIGN.md, run over every registered game at every player count.

Many seeded random games per game: the legal list is never empty while the game runs, every
game ends, the state stays plain data (JSON round-trip), replaying seed + actions reproduces
it, no view shows what its seat must not know (views are unchanged when everything hidden
from that seat is re-drawn), illegal actions are refused with a reason and change nothing, and
the game's own invariants (card conservation) hold after every step."""

import json
import math
import random

import pytest

from games import GAMES
from tabletop import IllegalAction, clone

GAMES_PER_GAME = 1000  # seeded random games per game, spread over its player counts
MAX_STEPS = 20000


def cases():
    """Every option set the game lists for the harness (its modes), over that set's player
    range; the games are spread over all of them."""
    for game_id, game in GAMES.items():
        variants = [(options, n) for options in game.info.harness_options
                    for n in range(game.info.player_range(options)[0], game.info.player_range(options)[1] + 1)]
        per_case = math.ceil(GAMES_PER_GAME / len(variants))
        for options, n in variants:
            label = "-".join(str(v) for v in options.values())
            yield pytest.param(game_id, n, per_case, options, id="{}-{}{}p".format(game_id, label + "-" if label else "", n))


def check_views_hide_secrets(game, state, players, rng):
    for seat in list(range(players)) + [None]:
        seen = game.view(state, seat)
        scrambled = game.scramble(state, seat, rng)
        assert game.view(scrambled, seat) == seen, "the view of seat {} shows hidden information".format(seat)


def play_random(game, players, seed, deep, options=None):
    rng = random.Random(seed)
    state = game.start(players, options or {}, seed)
    actions = []
    for step in range(MAX_STEPS):
        if game.is_over(state):
            break
        acting = game.to_act(state)
        assert acting, "nobody to act in a running game"
        seat = rng.choice(acting)
        legal = game.legal_actions(state, seat)
        assert legal, "seat {} must act but has no legal action".format(seat)
        assert legal == game.legal_actions(state, seat), "legal actions are not deterministic"
        assert all(isinstance(a, str) and a for a in legal)
        if deep and step % 3 == 0:
            before = clone(state)
            with pytest.raises(IllegalAction) as refused:
                game.apply(state, seat, "no such move")
            assert refused.value.reason
            assert state == before, "a refused action changed the state"
            waiting = [s for s in range(players) if s not in acting]
            if waiting:
                with pytest.raises(IllegalAction):
                    game.apply(state, waiting[0], legal[0])
                assert state == before
        action = rng.choice(legal)
        events = game.apply(state, seat, action)
        assert all(isinstance(e.get("text"), str) and e.get("type") for e in events)
        actions.append([seat, action])
        assert json.loads(json.dumps(state)) == state, "the state is not plain JSON data"
        problems = game.audit(state)
        assert not problems, problems
        if deep:
            check_views_hide_secrets(game, state, players, rng)
    else:
        pytest.fail("game did not end within {} steps".format(MAX_STEPS))
    return state, actions


@pytest.mark.parametrize("game_id,players,count,options", list(cases()))
def test_random_games(game_id, players, count, options):
    game = GAMES[game_id]
    options = game.info.resolve_options(options)  # as a save keeps them (a default year fixed once)
    for i in range(count):
        seed = 1000 * players + i
        state, actions = play_random(game, players, seed, deep=i % 10 == 0, options=options)
        replayed = game.start(players, options, seed)
        for seat, action in actions:
            game.apply(replayed, seat, action)
        assert replayed == state, "seed + actions did not replay the game"
        result = game.result(state)
        assert result["winners"] and set(result["winners"]) <= set(range(players))
        assert result["sheet"][-1]["label"] == "Total"
        assert result["sheet"][-1]["values"] == result["scores"]
        assert all(len(row["values"]) == players for row in result["sheet"])
        assert game.legal_actions(state, 0) == [] and game.to_act(state) == []
