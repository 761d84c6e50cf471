"""Mojo, tried 2026-12-06 (not kept): a round that ends the game (MJ-12) is valued by its winner
too, GAME_WIN_WORTH points for a win beside the round's points. Run in games.mojo.bots by
`bench/hard_bench.py --titles mojo --rows old --patch bench/tries/mojo_last_round.py`."""

from games.mojo.data import GAME_END_TOTAL

GAME_WIN_WORTH = 15.0


def _round_value(game, state, seat, rounds_before):
    if len(state["rounds"]) == rounds_before:  # the move searched did not end the round
        before = list(state["totals"])
        points = game.play_out_round(state, _fast_choice)
        after = [t + p for t, p in zip(before, points)]
    else:
        done = state["rounds"][rounds_before]
        points, after = done["points"], done["totals"]
    others = [p for s, p in enumerate(points) if s != seat]
    value = sum(others) / len(others) - points[seat]
    if max(after) >= GAME_END_TOTAL:
        best = min(after)
        winners = [s for s in range(len(after)) if after[s] == best]
        value += GAME_WIN_WORTH * ((1.0 / len(winners) if seat in winners else 0.0) - 1.0 / len(after))
    return value
