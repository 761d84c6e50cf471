"""A tiny seeded random generator whose whole state is plain data inside the game state.

Python's `random` module keeps 625 words of state outside the game; we need the opposite: a
state that JSON round-trips and replays identically on CPython and Pyodide. The generator is
counter-based (splitmix64 of seed + n * golden ratio), so the state is just {seed, n}.
"""

MASK64 = (1 << 64) - 1
GOLDEN = 0x9E3779B97F4A7C15


def new_rng(seed):
    """A fresh generator state for `seed` (any int; reduced to 64 bits)."""
    return {"seed": int(seed) & MASK64, "n": 0}


def next_u64(rng):
    """Advance `rng` in place and return 64 random bits."""
    rng["n"] += 1
    z = (rng["seed"] + rng["n"] * GOLDEN) & MASK64
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
    return z ^ (z >> 31)


def below(rng, n):
    """A uniform integer in [0, n), without modulo bias."""
    if n <= 0:
        raise ValueError("below() needs a positive bound")
    limit = (1 << 64) - ((1 << 64) % n)
    while True:
        x = next_u64(rng)
        if x < limit:
            return x % n


def shuffle(rng, items):
    """Fisher-Yates shuffle of the list `items`, in place."""
    for i in range(len(items) - 1, 0, -1):
        j = below(rng, i + 1)
        items[i], items[j] = items[j], items[i]


def choice(rng, items):
    return items[below(rng, len(items))]
