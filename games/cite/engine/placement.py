"""Where a building may stand (CT20, CT23, G2, G4): its shape, inside its owner's quarter, on free
cells, edge-adjacent to one of its owner's buildings (or covering the marked square while the owner
has none)."""

from __future__ import annotations

from .board import fits_shape, marked_square, neighbours, orientations, quarter_of
from .errors import illegal


def own_cells(state, seat: int) -> set:
    return {c for c, bid in state.cells.items() if state.buildings[bid]["owner"] == seat}


def check_placement(state, seat: int, kind: str, cells) -> list:
    """The cells as tuples, or IllegalMove saying what is wrong."""
    if not isinstance(cells, list) or not all(
            isinstance(c, list | tuple) and len(c) == 2 and all(isinstance(v, int) and not isinstance(v, bool)
                                                               for v in c) for c in cells):
        raise illegal("bad_cells", "cells must be a list of [x, y] integer pairs")
    cells = [tuple(c) for c in cells]
    if not fits_shape(kind, cells):
        raise illegal("bad_shape", f"these cells do not form the shape of a {kind}", kind=kind)
    quarter = state.seats[seat]["quarter"]
    if any(quarter_of(c) != quarter for c in cells):
        raise illegal("outside_quarter", "you build only in your own quarter (CT23)")
    if any(c in state.cells for c in cells):
        raise illegal("occupied", "a cell is already built on")
    mine = own_cells(state, seat)
    if mine:
        if not any(n in mine for c in cells for n in neighbours(c)):
            raise illegal("not_adjacent", "a new building must share an edge with one of your buildings (CT23)")
    elif marked_square(quarter) not in cells:
        raise illegal("first_on_mark", "your first building must cover your quarter's marked square (CT20)")
    return cells


def placements(state, seat: int, kind: str) -> list[list[list[int]]]:
    """Every legal place for ``kind`` (cells sorted), in a stable order."""
    quarter = state.seats[seat]["quarter"]
    mine = own_cells(state, seat)
    if mine:
        targets = {n for c in mine for n in neighbours(c) if n not in state.cells and quarter_of(n) == quarter}
    else:
        targets = {marked_square(quarter)}
    found = set()
    for shape in orientations(kind):
        for tx, ty in targets:
            for sx, sy in shape:
                dx, dy = tx - sx, ty - sy
                cells = tuple(sorted((x + dx, y + dy) for x, y in shape))
                if cells in found:
                    continue
                if all(quarter_of(c) == quarter and c not in state.cells for c in cells):
                    found.add(cells)
    return [[list(c) for c in cells] for cells in sorted(found)]
