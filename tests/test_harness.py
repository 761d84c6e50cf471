"""The shared harness of DESIGN.md, run over every registered game at every player count.

Many seeded random games per game: the legal list is never empty while the game runs, every
game ends, the state stays plain data (JSON round-trip), replaying seed + actions reproduces
it, no view shows what its seat must not know (views are unchanged when everything hidden
from that seat is re-drawn), a view is a copy the caller may change, a seat that does not
exist is refused with a reason, no public event names a card that stays hidden in a hand,
illegal actions are refused with a reason and change nothing, and the game's own invariants
(card conservation) hold after every step.

Scale: a quick run by default (QUICK_GAMES per game); SOAK=1 (`make soak`) runs SOAK_GAMES
per game. Either way the games are split evenly over the game's player counts, and the audit,
replay and public-event checks run at every step; the costlier checks (views against scramble,
views as copies, unknown seats, refused moves, JSON round trip) at every step of one game in
DEEP_EVERY, and the JSON round trip at the end of every game."""

import collections
import json
import math
import os
import random
import re

import pytest

from games import GAMES
from tabletop import IllegalAction, clone

SOAK = os.environ.get("SOAK") == "1"
QUICK_GAMES = 600  # seeded random games per game in `make test` (under 20 minutes on 2 cores: issue 35)
SOAK_GAMES = 10000  # in `make soak`
GAMES_PER_GAME = SOAK_GAMES if SOAK else QUICK_GAMES
# `make test` runs the costlier checks on one game in 20 (its time on 2 cores matters: issue 35),
# `make soak` on one in 10.
DEEP_EVERY = 10 if SOAK else 20
MAX_STEPS = 20000


def cases(total=GAMES_PER_GAME):
    """Every option set the game lists for the harness (its modes), over that set's player
    range; the `total` games are spread evenly over all of them."""
    for game_id, game in GAMES.items():
        variants = [(options, n) for options in game.info.harness_options
                    for n in range(game.info.player_range(options)[0], game.info.player_range(options)[1] + 1)]
        per_case = math.ceil(total / len(variants))
        for options, n in variants:
            label = "-".join(str(v) for v in options.values())
            yield pytest.param(game_id, n, per_case, options, id="{}-{}{}p".format(game_id, label + "-" if label else "", n))


def check_views_hide_secrets(game, state, players, rng):
    for seat in list(range(players)) + [None]:
        seen = game.view(state, seat)
        scrambled = game.scramble(state, seat, rng)
        assert game.view(scrambled, seat) == seen, "the view of seat {} shows hidden information".format(seat)


def spoil(data, depth=3):
    """Change the lists and dicts of `data` in place, `depth` levels down (what a careless
    caller might do: a live list shared with the state is changed at once)."""
    if depth == 0:
        return
    if isinstance(data, dict):
        for value in data.values():
            spoil(value, depth - 1)
        data["spoiled"] = True
    elif isinstance(data, list):
        for value in data:
            spoil(value, depth - 1)
        data.append("spoiled")


def check_views_are_copies(game, state, players):
    before = clone(state)
    for seat in list(range(players)) + [None]:
        spoil(game.view(state, seat))
    assert state == before, "changing a view changed the state"


def check_unknown_seats_refused(game, state, players):
    for seat in (players, -1, "0", 1.0, True):
        with pytest.raises(IllegalAction) as refused:
            game.view(state, seat)
        assert "seat" in refused.value.reason


_patterns = {}


def mentions(text, name):
    """How often `text` names `name` as whole words ("Beef 2" is not in "Beef 25")."""
    if name not in text:
        return 0
    pattern = _patterns.get(name)
    if pattern is None:
        pattern = _patterns[name] = re.compile(r"(?<!\w)" + re.escape(name) + r"(?!\w)")
    return len(pattern.findall(text))


def hidden(game, state, players):
    return [game.hidden_names(state, s) for s in range(players)]


def public_leaks(events, before, after):
    """Public events naming a card that stayed hidden in a hand through this step: an event may
    name a card only as often as cards of that name left the hands (were placed, played,
    revealed) in this step. A card that left and came back in the same step (discarded, the
    pile reshuffled, drawn again) looks kept: the private line telling its holder what they
    drew accounts for it."""
    left = collections.Counter()
    kept = set()
    for was, now in zip(before, after):
        for card, name in was.items():
            if card in now:
                kept.add(name)
            else:
                left[name] += 1
    private = " ".join(e["text"] for e in events if "seats" in e)
    leaks = []
    for event in events:
        if "seats" in event:
            continue
        for name in kept:
            if mentions(event["text"], name) > left[name] + mentions(private, name):
                leaks.append("{!r} names {} still hidden in a hand".format(event["text"], name))
    return leaks


def play_random(game, players, seed, deep, options=None):
    rng = random.Random(seed)
    state = game.start(players, options or {}, seed)
    replica = game.start(players, options or {}, seed)
    secrets = hidden(game, state, players)
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
        if deep:
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
            with pytest.raises(IllegalAction):
                game.apply(state, players, legal[0])
            assert state == before
        action = rng.choice(legal)
        events = game.apply(state, seat, action)
        assert all(isinstance(e.get("text"), str) and e.get("type") for e in events)
        actions.append([seat, action])
        game._apply(replica, seat, action)  # the action was just checked on the same state
        assert replica == state, "seed + actions did not replay the game (step {})".format(step)
        problems = game.audit(state)
        assert not problems, problems
        now = hidden(game, state, players)
        leaks = public_leaks(events, secrets, now)
        assert not leaks, leaks
        secrets = now
        if deep:
            assert json.loads(json.dumps(state)) == state, "the state is not plain JSON data"
            check_views_hide_secrets(game, state, players, rng)
            check_views_are_copies(game, state, players)
            check_unknown_seats_refused(game, state, players)
    else:
        pytest.fail("game did not end within {} steps".format(MAX_STEPS))
    assert json.loads(json.dumps(state)) == state, "the state is not plain JSON data"
    return state, actions


@pytest.mark.parametrize("game_id,players,count,options", list(cases()))
def test_random_games(game_id, players, count, options):
    game = GAMES[game_id]
    options = game.info.resolve_options(options)  # as a save keeps them (a default year fixed once)
    for i in range(count):
        seed = 1000 * players + i
        state, actions = play_random(game, players, seed, deep=i % DEEP_EVERY == 0, options=options)
        result = game.result(state)
        assert result["winners"] and set(result["winners"]) <= set(range(players))
        assert result["sheet"][-1]["label"] == "Total"
        assert result["sheet"][-1]["values"] == result["scores"]
        assert all(len(row["values"]) == players for row in result["sheet"])
        assert game.legal_actions(state, 0) == [] and game.to_act(state) == []


def test_public_leak_check_catches_a_named_hidden_card():
    """The check above can fail: a public line naming a card that stays in the hand is caught,
    one naming a card that left the hand is not."""
    before = [{"beef2a": "Beef 2", "noodle1c": "Noodle 1"}, {}]
    after = [{"noodle1c": "Noodle 1"}, {}]
    assert public_leaks([{"text": "{0} serves Beef 2."}], before, after) == []
    assert public_leaks([{"text": "{0} serves Beef 2 and Noodle 1."}], before, after)
    assert public_leaks([{"text": "You keep Noodle 1.", "seats": [0]}], before, after) == []


def test_soak_plays_ten_thousand_games_per_title_split_by_player_count():
    """`make soak` (SOAK=1) reaches 10,000 games per title, every player count its share."""
    played, shares = collections.Counter(), collections.defaultdict(set)
    for case in cases(SOAK_GAMES):
        game_id, players, count, options = case.values
        played[game_id] += count
        shares[game_id].add(count)
    assert set(played) == set(GAMES) and min(played.values()) >= 10000
    assert all(len(counts) == 1 for counts in shares.values()), "every player count (and mode) gets its share"
    makefile = open(os.path.join(os.path.dirname(__file__), "..", "Makefile"), encoding="utf-8").read()
    assert "SOAK=1 $(PYTEST) $(PYTEST_ARGS)" in makefile and "PYTEST := $(VENV)/bin/python -m pytest" in makefile
