"""Coffee Rush, tried 2026-12-06: Hard's search looks EXTRA_ROUNDS rounds further (its own turn by
Normal's plan, then the others answer) before it values a world, where today it values the world
after one round. Run in games.coffeerush.bots by
`bench/hard_bench.py --titles coffeerush --rows old --patch bench/tries/coffeerush_more_rounds.py`
(with `--patch bench/tries/clairvoyant.py` first in another run to see depth without hidden cards)."""

EXTRA_ROUNDS = 1
_one_round_outlook = outlook


def outlook(game, state, seat, players):
    for _ in range(EXTRA_ROUNDS):
        if game.is_over(state) or state["turn"] != seat:
            break  # mid-walk (the round is not over) or the end: valued as today
        play_planned_turn(game, state, seat)
        while not game.is_over(state) and state["turn"] != seat:
            play_planned_turn(game, state, state["turn"])
    return _one_round_outlook(game, state, seat, players)
