"""Hội Phố, tried 2026-12-06 (not kept): a pick another player has made face down this turn is
read as a greedy player's (greedy_pick) in PICK_BLEND of Hard's worlds, and drawn by a card's
reputation (PICK_WEIGHT, the rollouts' model) in the others: a searcher does not pick greedily.
Run in games.hoipho.bots by `bench/hard_bench.py --titles hoipho --rows old --patch
bench/tries/hoipho_pick_blend.py --set PICK_BLEND=0.5`."""

PICK_BLEND = 0.5


def sample_world(game, view, seat, rng):
    world = game.sample_state(view, seat, rng)
    if world["phase"] == "pick":
        weights = _PLAY_WEIGHT[world["turn"]]
        for s, pick in enumerate(world["pending"]):
            if s != seat and pick is not None:
                if rng.random() < PICK_BLEND:
                    world["pending"][s] = greedy_pick(game, world, s, rng)
                else:
                    cards = sorted(set(world["hands"][s]))
                    world["pending"][s] = rng.choices(cards, [weights["play:" + c] for c in cards])[0]
    return world
