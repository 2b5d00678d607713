"""``make run``'s demo game (``GameDefinition.demo_moves``): the people's seats lay out round 1 (a
large shop and two small shops each), then, in round 2, the second player makes the first an offer
with a small binding contract, which waits for the demo user's answer."""

from __future__ import annotations

from .engine.components import PROFESSIONS

LAYOUT = ("large_shop", "small_shop", "small_shop")


def next_move(engine, state, humans: set[int]) -> tuple[int, dict] | None:
    people = sorted(humans)
    if len(people) < 2:
        return None
    if state.stage == "layout":
        for seat in people:
            if not state.seats[seat]["done"]:
                return seat, _layout_move(engine, state, seat)
        return None
    if state.stage != "window":
        return None
    first, second = people[0], people[1]
    if any(o["from"] == second and first in o["to"] for o in state.offers):
        return None  # the offer waits for the demo user
    mine = PROFESSIONS[state.seats[second]["profession"]]
    theirs = PROFESSIONS[state.seats[first]["profession"]]
    held = state.seats[second]["res"][mine]
    if not held:
        return None
    return second, {"type": "offer", "to": [first], "give": {mine: min(2, held)}, "get": {"gold": 1},
                    "later_give": {}, "later_get": {theirs: 1}}


def _layout_move(engine, state, seat: int) -> dict:
    placed = [b["kind"] for b in state.buildings.values() if b["owner"] == seat]
    legal = engine.legal_moves(state, seat)
    for kind in LAYOUT[len(placed):]:
        for move in legal:
            if move["type"] == "place" and move["kind"] == kind:
                return {"type": "place", "kind": kind, "cells": move["ranges"]["cells"]["of"][0]}
        break
    return {"type": "done"}
