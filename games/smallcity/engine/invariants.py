"""What must hold after every move: tiles, citizens and materials conserved, money/votes never below 0,
tiles inside their zone without overlap, the game over after turn 8 (issue 28's selfplay list)."""

from __future__ import annotations

from . import components as C
from . import grid as G


def tiles_conserved(state):
    for kind in ("residential", "commercial", "factory", "park"):
        total = sum(C.supply_of(kind))
        on = sum(1 for t in state.tiles.values() if t["kind"] == kind)
        if sum(state.supply[kind]) + on + state.removed.get(kind, 0) != total:
            return f"{kind} tiles not conserved"
    wh = sum(1 for t in state.tiles.values() if t["kind"] == "warehouse")
    if state.supply["warehouse"] + wh + state.removed.get("warehouse", 0) != C.value("warehouses"):
        return "warehouses not conserved"
    return None


def citizens_conserved(state):
    for s in range(state.n):
        seat = state.seats[s]
        on = sum(1 for t in state.tiles.values() for o in t["slots"] if o == s)
        total = on + seat["quarry"] + seat["reserve"] + seat["dead"] + seat["town_hall_due"]
        if total != C.value("citizens_per_colour"):
            return f"seat {s} has {total} citizens"
    return None


def materials_conserved(state):
    for m, n in C.value("materials").items():
        stored = sum(1 for t in state.tiles.values() for o in t["slots"] if o == m)
        if stored + state.materials[m] != n or state.materials[m] < 0:
            return f"{m} not conserved"
    return None


def never_negative(state):
    for s, seat in enumerate(state.seats):
        if seat["money"] < 0 or seat["votes"] < 0 or seat["quarry"] < 0 or seat["reserve"] < 0:
            return f"seat {s} below zero"
    return None


def zones_respected(state):
    for s in range(state.n):
        n = G.side(state, s)
        seen = set(state.seats[s]["cemeteries"])
        for t in state.tiles.values():
            if t["d"] != s:
                continue
            for q in t["sq"]:
                if q in seen or not G.in_side(q, n):
                    return f"tile {t['id']} overlaps or leaves the zone"
                seen.add(q)
            if not G.shape_ok(t["kind"], t["sq"]):
                return f"tile {t['id']} has a broken shape"
    return None


def end_after_turn_8(state):
    if state.turn > C.TURNS and state.phase != "over":
        return "still playing after turn 8"
    if state.phase == "over" and state.result is None:
        return "over without a result"
    return None


CHEAP = (tiles_conserved, citizens_conserved, materials_conserved, never_negative, zones_respected,
         end_after_turn_8)
