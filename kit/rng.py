"""A tiny deterministic RNG (splitmix64) shared by the engines, whose whole state is one int kept in
the game state, so dump/load and replay-from-seed reproduce every shuffle exactly."""

from __future__ import annotations

MASK = (1 << 64) - 1
GAMMA = 0x9E3779B97F4A7C15


def seed_state(seed: int) -> int:
    # Mix the seed once so that neighbouring seeds give unrelated games.
    return _mix((int(seed) * GAMMA) & MASK)


def _mix(z: int) -> int:
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
    return z ^ (z >> 31)


def next_u64(state: int) -> tuple[int, int]:
    state = (state + GAMMA) & MASK
    return _mix(state), state


def randbelow(state: int, n: int) -> tuple[int, int]:
    """Uniform int in [0, n) (rejection sampling keeps it unbiased)."""
    limit = (1 << 64) - ((1 << 64) % n)
    while True:
        value, state = next_u64(state)
        if value < limit:
            return value % n, state


def shuffle(state: int, items: list) -> int:
    """Fisher–Yates in place; returns the new RNG state."""
    for i in range(len(items) - 1, 0, -1):
        j, state = randbelow(state, i + 1)
        items[i], items[j] = items[j], items[i]
    return state
