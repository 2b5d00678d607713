"""House substitute Promise and Special Promise conditions (G1: NOT the published cards; components.md).
Each is checked at the final scoring on the seat's own district."""

from __future__ import annotations

from . import build as B
from . import citizens as Z
from . import components as C
from . import grid as G


def _tiles(state, s, kind=None):
    return [t for t in B.tiles_of(state, s) if kind is None or t["kind"] == kind]


def _count(state, s, kind):
    return len(_tiles(state, s, kind))


def _squares(state, s, kinds):
    return sum(len(t["sq"]) for t in _tiles(state, s) if t["kind"] in kinds)


def promise_kept(state, s: int, num: int) -> bool:
    seat = state.seats[s]
    kinds = {t["kind"] for t in _tiles(state, s)}
    res = _tiles(state, s, "residential")
    com = _tiles(state, s, "commercial")
    fac = _tiles(state, s, "factory")
    return {
        1: {"school", "library", "museum"} <= kinds,
        2: _squares(state, s, {"park"}) >= 4,
        3: len(res) >= 3,
        4: any(t["level"] >= 2 for t in com),
        5: any(t["level"] >= 2 for t in fac),
        6: seat["pollution"] <= 30,
        7: any(t["level"] >= 4 for t in res),
        8: len(com) >= 3,
        9: bool({"metro", "clinic", "university"} & kinds),
        10: seat["size"] >= C.value("size_steps"),
        11: len(Z.citizens_of(state, s)) >= 14,
        12: any(t["level"] == 5 and sum(1 for o in t["slots"] if o == s) == 5 for t in res),
        13: not seat["cemeteries"],
        14: any(t["level"] == 3 for t in fac) and any(t["level"] == 4 for t in com),
        15: seat["pollution"] <= 15,
        16: len(kinds & C.CULTURAL_KINDS) >= 6,
    }[num]


def special_kept(state, s: int, num: int) -> bool:
    seat = state.seats[s]
    kinds = {t["kind"] for t in _tiles(state, s)}
    start = C.value("start_zone")[state.options["board"]]
    occ = G.occupied(state, s)
    stored = B.stored(state, s)
    abroad = sum(1 for t, _ in Z.citizens_of(state, s) if t["d"] != s)
    return {
        1: all(q in occ for q in G.zone_squares(start)),
        2: abroad >= 2,
        3: "fire" in kinds,
        4: "police" in kinds,
        5: {"refinery", "port"} <= kinds,
        6: _count(state, s, "factory") >= 2,
        7: _squares(state, s, {"park"}) >= 6,
        8: seat["pollution"] <= 40,
        9: seat["demolitions"] == 0,
        10: _count(state, s, "residential") >= 4,
        11: _count(state, s, "commercial") >= 3,
        12: any(col == 4 for _, col in seat["discs"]),
        13: all(stored[m] >= 1 for m in C.MATERIALS),
        14: seat["money"] >= 15,
        15: seat["votes"] >= 50,
        16: _squares(state, s, C.CULTURAL_KINDS) >= 10,
    }[num]
