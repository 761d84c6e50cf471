"""Phở Phở, tried 2026-12-07: at the table Hard measures a position against the field, not only the
best rival. Today's position_value is Hard's value less the best rival's: a star taken from any
rival but the leader counts for nothing, and at four players Hard ends with fewer Loyal Customers
than the Normals (0.8 against its best rival's 1.9, 2026-12-06). Here the rivals' part is a blend:
FIELD_BLEND x the best rival's value + (1 - FIELD_BLEND) x the rivals' mean (1.0 is today's).
A finished game still counts its result as today. Run in games.phopho.bots by
`bench/hard_bench.py --titles phopho --rows table --patch bench/tries/phopho_against_the_field.py`."""
_first_value = position_value
FIELD_BLEND = 0.5


def position_value(game, state, seat):
    n = state["players"]
    if state["over"] or n == 2:
        return _first_value(game, state, seat)
    values = seat_values(state)
    rivals = [values[s] for s in range(n) if s != seat]
    return values[seat] - (FIELD_BLEND * max(rivals) + (1 - FIELD_BLEND) * sum(rivals) / len(rivals))
