""""Since your last visit" for Infinite City: the cells a log line names, which its board outlines.
The box itself, grouped by the players' turns, is the platform's (``play.visit_summary``)."""

from __future__ import annotations

# Log parameters that name a cell: the cell itself, where a tile went, both tiles of a swap, a Bank.
CELL_PARAMS = (("x", "y"), ("to_x", "to_y"), ("x1", "y1"), ("x2", "y2"), ("bank_x", "bank_y"))


def _int(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def changed_cells(entry: dict) -> list[tuple[int, int]]:
    """The cells a log line names (a tile played, flipped, moved, swapped, taken, tokens put or returned)."""
    params = entry.get("params") or {}
    return [(params[kx], params[ky]) for kx, ky in CELL_PARAMS
            if _int(params.get(kx)) and _int(params.get(ky))]
