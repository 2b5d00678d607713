"""Squares, zones, shapes and influence (SC01-SC03). A square is ``y * 10 + x`` (x to the right, y up);
the buildable zone of a district at size step k is x, y < start + k (it grows up and right, SC03)."""

from __future__ import annotations

from . import components as C

W = 10


def xy(s: int) -> tuple[int, int]:
    return s % W, s // W


def sq(x: int, y: int) -> int:
    return y * W + x


def _near(s: int, steps) -> tuple[int, ...]:
    x, y = xy(s)
    return tuple(sq(x + dx, y + dy) for dx, dy in steps if 0 <= x + dx < W and 0 <= y + dy < W)


_STEPS8 = tuple((dx, dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1) if dx or dy)
_STEPS4 = ((1, 0), (-1, 0), (0, 1), (0, -1))
# Neighbours are asked for millions of times in a bot's playouts: computed once per square.
_N8 = tuple(_near(s, _STEPS8) for s in range(W * W))
_N4 = tuple(_near(s, _STEPS4) for s in range(W * W))


def n8(s: int) -> tuple[int, ...]:
    return _N8[s] if 0 <= s < W * W else _near(s, _STEPS8)


def n4(s: int) -> tuple[int, ...]:
    return _N4[s] if 0 <= s < W * W else _near(s, _STEPS4)


_ZONES: dict[frozenset, frozenset] = {}


def zone_of(squares) -> frozenset[int]:
    """SC01: the influence zone of a tile: squares orthogonally or diagonally next to it, not its own.
    Remembered per set of squares (a district has few tiles; playouts ask again and again)."""
    own = frozenset(squares)
    zone = _ZONES.get(own)
    if zone is None:
        out: set[int] = set()
        for s in own:
            out.update(n8(s))
        zone = frozenset(out - own)
        if len(_ZONES) > 10_000:  # at most ~9 MB (~900 bytes an entry); a whole expert game needs ~800
            _ZONES.clear()
        _ZONES[own] = zone
    return zone


def side(state, seat: int) -> int:
    return C.value("start_zone")[state.options["board"]] + state.seats[seat]["size"]


def max_side(state) -> int:
    return C.value("start_zone")[state.options["board"]] + C.value("size_steps")


def in_side(s: int, n: int) -> bool:
    x, y = xy(s)
    return x < n and y < n


def zone_squares(n: int) -> list[int]:
    return [sq(x, y) for y in range(n) for x in range(n)]


def connected(squares) -> bool:
    squares = set(squares)
    if not squares:
        return False
    start = next(iter(squares))
    seen, todo = {start}, [start]
    while todo:
        for m in n4(todo.pop()):
            if m in squares and m not in seen:
                seen.add(m)
                todo.append(m)
    return len(seen) == len(squares)


def is_line(squares) -> bool:
    xs = {xy(s)[0] for s in squares}
    ys = {xy(s)[1] for s in squares}
    return connected(squares) and (len(xs) == 1 or len(ys) == 1)


def is_square2(squares) -> bool:
    if len(set(squares)) != 4:
        return False
    xs = sorted({xy(s)[0] for s in squares})
    ys = sorted({xy(s)[1] for s in squares})
    return len(xs) == 2 and len(ys) == 2 and xs[1] == xs[0] + 1 and ys[1] == ys[0] + 1


def shape_ok(kind: str, squares) -> bool:
    if kind in C.SQUARE_SHAPED:
        return is_square2(squares)
    if kind in ("fire", "police"):
        return is_line(squares)
    return connected(squares)


def occupied(state, seat: int) -> dict[int, str]:
    """square -> tile id for the district of ``seat`` (cemeteries: "cemetery")."""
    out = {}
    for t in state.tiles.values():
        if t["d"] == seat:
            for s in t["sq"]:
                out[s] = t["id"]
    for s in state.seats[seat]["cemeteries"]:
        out[s] = "cemetery"
    return out


def influence_squares(tile: dict) -> list[int]:
    """SC01 ruling: only the Port's building half influences and is influenced."""
    if tile["kind"] == "port":
        return [s for s in tile["sq"] if s not in tile["water"]]
    return tile["sq"]


def polyominoes(free: set[int], n: int, limit: int = 4000) -> list[tuple[int, ...]]:
    """Connected sets of ``n`` squares within ``free`` (for bots and samplers), at most ``limit``."""
    found: set[tuple[int, ...]] = set()
    frontier = {(s,) for s in free}
    for _ in range(n - 1):
        nxt = set()
        for shape in frontier:
            have = set(shape)
            for s in shape:
                for m in n4(s):
                    if m in free and m not in have:
                        nxt.add(tuple(sorted(have | {m})))
            if len(nxt) > limit:
                break
        frontier = nxt
    found = frontier
    return sorted(found)[:limit]
