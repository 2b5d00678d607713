"""The district sheet (G4 substitute): an unbounded square grid cut into four quarters by two
borders through a central point; shapes (G2 substitute); adjacency (G5).

Cells are ``(x, y)`` tuples, y growing downwards. Quarter q's marked square is ``MARKED[q]``."""

from __future__ import annotations

from functools import cache

from .components import DATA, MARKED, SQUARES

STEPS = ((1, 0), (-1, 0), (0, 1), (0, -1))


def quarter_of(cell) -> int:
    x, y = cell
    if y >= 0:
        return 0 if x < 0 else 1
    return 2 if x < 0 else 3


def neighbours(cell):
    x, y = cell
    return [(x + dx, y + dy) for dx, dy in STEPS]


@cache
def orientations(kind: str) -> tuple[tuple[tuple[int, int], ...], ...]:
    """Every rotation of the kind's shape, normalised (min x = min y = 0), without repeats."""
    base = [tuple(c) for c in DATA["shapes"]["by_squares"][str(SQUARES[kind])]]
    seen = []
    cells = base
    for _ in range(4):
        mx, my = min(x for x, _ in cells), min(y for _, y in cells)
        norm = tuple(sorted((x - mx, y - my) for x, y in cells))
        if norm not in seen:
            seen.append(norm)
        cells = [(-y, x) for x, y in cells]
    return tuple(seen)


def fits_shape(kind: str, cells) -> bool:
    """Do ``cells`` form the kind's shape (any rotation, G2)?"""
    cells = [tuple(c) for c in cells]
    if len(set(cells)) != len(cells) or len(cells) != SQUARES[kind]:
        return False
    mx, my = min(x for x, _ in cells), min(y for _, y in cells)
    norm = tuple(sorted((x - mx, y - my) for x, y in cells))
    return norm in orientations(kind)


def touching(cells_a, cells_b) -> bool:
    """Edge contact between two cell sets (G5), across borders too (CT23)."""
    b = set(cells_b)
    return any(n in b for c in cells_a for n in neighbours(c))


def marked_square(quarter: int):
    return MARKED[quarter]
