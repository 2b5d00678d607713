"""Board geometry for one game: which hexes are buildable, what each hex touches,
and the path algorithms the rules need (R04 distances, R28 spacing, R51 neighbours,
R53/R54 "never split a city").

A ``Geometry`` is built once per (board, player count, landscape tiles) and cached;
states only point at it. Cell ids index plain lists for speed.
"""

from __future__ import annotations

from collections.abc import Iterable

_CACHE: dict = {}


def _values(container):
    return container.values() if hasattr(container, "values") else container


class Geometry:
    __slots__ = (
        "board", "players", "n", "active", "active_cells", "nbr", "all_nbr", "touches",
        "food", "mountains", "lake", "landscape",
    )

    def __init__(self, board, players: int, landscape: dict):
        self.board = board
        self.players = players
        self.landscape = landscape  # space id -> (kind, n)
        cell_ids = sorted(getattr(c, "id", c) for c in _values(board.cells))
        self.n = n = (cell_ids[-1] + 1) if cell_ids else 0
        active = board.active_cells(players)
        self.active = [False] * n
        for c in active:
            self.active[c] = True
        self.active_cells = tuple(sorted(active))
        # Paths run only through buildable hexes of this player count (R03/R04).
        self.nbr = [()] * n
        self.all_nbr = [()] * n
        self.touches = [()] * n
        self.food = [0] * n
        self.mountains = [0] * n
        self.lake = [False] * n
        for c in cell_ids:
            nb = tuple(board.neighbours[c])
            self.all_nbr[c] = nb
            if self.active[c]:
                self.nbr[c] = tuple(d for d in nb if self.active[d])
            spaces = tuple(board.touches[c])
            self.touches[c] = spaces
            for s in spaces:
                kind, value = landscape.get(s, ("wasteland", 0))
                if kind == "farm":
                    self.food[c] += value
                elif kind == "mountain":
                    self.mountains[c] += 1
                elif kind == "lake":
                    self.lake[c] = True


def geometry(board, players: int, landscape: dict) -> Geometry:
    key = (id(board), players, tuple(sorted(landscape.items(), key=lambda kv: str(kv[0]))))
    geo = _CACHE.get(key)
    if geo is None:
        if len(_CACHE) > 256:  # advanced games each draw their own tiles
            _CACHE.clear()
        geo = _CACHE[key] = Geometry(board, players, landscape)
    return geo


# ---------------------------------------------------------------- path algorithms


def spacing_forbidden(geo: Geometry, kind: list, depth: int = 3) -> set:
    """Empty hexes closer than ``depth`` path steps to any building: a castle there
    would have fewer than 3 empty hexes along a path to some city (R11, R25).

    Multi-source breadth-first search from every building through empty hexes only:
    step 1 reaches hexes adjacent to a building, step 3 hexes with 2 empty hexes
    between them and the building."""
    nbr = geo.nbr
    frontier = [c for c in geo.active_cells if kind[c] is not None]
    seen = set(frontier)
    for _ in range(depth):
        nxt = []
        for c in frontier:
            for d in nbr[c]:
                if d not in seen and kind[d] is None:
                    seen.add(d)
                    nxt.append(d)
        frontier = nxt
    return seen


def castle_cells(geo: Geometry, kind: list) -> list[int]:
    """Every empty buildable hex where a new castle keeps R25's distance."""
    forbidden = spacing_forbidden(geo, kind)
    return [c for c in geo.active_cells if kind[c] is None and c not in forbidden]


def castle_cell_ok(geo: Geometry, kind: list, cell: int) -> bool:
    """Same test for one hex, searching outward from it (cheap for validation)."""
    if not (0 <= cell < geo.n) or not geo.active[cell] or kind[cell] is not None:
        return False
    nbr = geo.nbr
    frontier = [cell]
    seen = {cell}
    for _ in range(3):
        nxt = []
        for c in frontier:
            for d in nbr[c]:
                if d in seen:
                    continue
                if kind[d] is not None:
                    return False
                seen.add(d)
                nxt.append(d)
        frontier = nxt
    return True


def empty_hexes_between(geo: Geometry, kind: list, city_of: list, members: Iterable[int], limit: int) -> dict:
    """City id -> fewest empty hexes along a path from ``members`` to that city,
    for every other city within ``limit`` empty hexes (R04, R51). Routes pass only
    through empty buildable hexes."""
    nbr = geo.nbr
    own = set(members)
    found: dict = {}
    frontier = []
    seen = set(own)
    for m in own:
        for d in nbr[m]:
            if d in seen:
                continue
            if kind[d] is None:
                seen.add(d)
                frontier.append(d)
            else:  # touching another city (cannot happen under R28, kept for safety)
                found.setdefault(city_of[d], 0)
    for dist in range(1, limit + 1):
        nxt = []
        for c in frontier:
            for d in nbr[c]:
                if d in seen:
                    continue
                if kind[d] is None:
                    seen.add(d)
                    nxt.append(d)
                else:
                    other = city_of[d]
                    if other not in found:
                        found[other] = dist
        frontier = nxt
    return found


def connected(geo: Geometry, cells: set) -> bool:
    """Whether ``cells`` form one connected group (used to forbid splitting a city)."""
    if not cells:
        return True
    nbr = geo.nbr
    start = next(iter(cells))
    stack = [start]
    seen = {start}
    while stack:
        c = stack.pop()
        for d in nbr[c]:
            if d in cells and d not in seen:
                seen.add(d)
                stack.append(d)
    return len(seen) == len(cells)


def removable(geo: Geometry, members: list[int], castle: int) -> list[int]:
    """Buildings that can go without splitting the city: the castle is demolished
    last (R53/R54), so it is never offered here."""
    out = []
    rest = set(members)
    for c in members:
        if c == castle:
            continue
        rest.discard(c)
        if connected(geo, rest):
            out.append(c)
        rest.add(c)
    return out
