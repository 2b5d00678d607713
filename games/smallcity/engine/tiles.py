"""A district's tiles, its town hall, and a citizen sent home: what construction and the citizens' moves both use."""

from __future__ import annotations


def tiles_of(state, d: int) -> list[dict]:
    return [t for t in state.tiles.values() if t["d"] == d]


def town_hall(state, d) -> dict:
    return next(t for t in tiles_of(state, d) if t["kind"] == "town_hall")


def send_home(state, owner: int) -> str:
    """A citizen of ``owner`` to its town hall, else its quarry (SC35, SC40, G8)."""
    th = town_hall(state, owner)
    for i, o in enumerate(th["slots"]):
        if o is None:
            th["slots"][i] = owner
            return "town_hall"
    state.seats[owner]["quarry"] += 1
    return "quarry"
