"""The board's geometry as plain data, for code outside the engine (tests, tools) that
builds or checks a position: ``board_geometry(players, tiles)``.

Read-only: every call returns fresh lists and dicts built from the engine's cached
``Geometry``; changing them changes nothing in the engine."""

from __future__ import annotations

from .board import BOARD
from .geometry import geometry
from .setup import landscape_of


def board_geometry(players: int, tiles=None) -> dict:
    """Cells, spaces and zones of the board for ``players`` (2–5) and a landscape.

    ``tiles``: the placed landscape tiles as a dump stores them (``[[space, kind,
    symbols], …]``) or a dict ``{space: (kind, symbols)}``; None = the beginner layout's
    tiles. Returns::

        {"players", "active_cells": [cell ids buildable at this count, R03],
         "zones": {"2": [cells], "3": [cells], "4": [cells]},
         "cells": [{"id", "q", "r", "zone", "active",
                    "neighbours": [adjacent buildable cells at this count, R04 paths],
                    "all_neighbours": [adjacent cells at any count],
                    "touches": [space ids], "food": farmland symbols touched (R32),
                    "mountains": mountains touched (R21), "lake": touches a lake (R29)}],
         "spaces": [{"id", "kind": "tile"|"wasteland"|"printed", "landscape": [kind, symbols],
                     "zone", "letter", "cells": [cells touching it]}]}
    """
    if tiles is None:
        placed = dict(BOARD.beginner_layout(players).tiles)
    elif isinstance(tiles, dict):
        placed = {sid: tuple(v) for sid, v in tiles.items()}
    else:
        placed = {sid: (kind, n) for sid, kind, n in tiles}
    land = landscape_of(BOARD, placed)
    geo = geometry(BOARD, players, land)
    cells = []
    touching: dict[int, list[int]] = {}
    for cell in BOARD.cells:
        c = cell.id
        for sid in geo.touches[c]:
            touching.setdefault(sid, []).append(c)
        cells.append({
            "id": c, "q": cell.q, "r": cell.r, "zone": cell.zone, "active": geo.active[c],
            "neighbours": list(geo.nbr[c]), "all_neighbours": list(geo.all_nbr[c]),
            "touches": list(geo.touches[c]), "food": geo.food[c], "mountains": geo.mountains[c],
            "lake": geo.lake[c],
        })
    spaces = [{"id": sp.id, "kind": sp.kind, "landscape": list(land[sp.id]), "zone": sp.zone,
               "letter": sp.letter, "cells": sorted(touching.get(sp.id, []))} for sp in BOARD.spaces]
    zones = {str(z): [c["id"] for c in cells if c["zone"] == z] for z in (2, 3, 4)}
    return {"players": players, "active_cells": list(geo.active_cells), "zones": zones, "cells": cells,
            "spaces": spaces}
