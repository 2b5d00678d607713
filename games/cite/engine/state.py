"""``State``: plain lists, dicts and ints; JSON with ``schema_version``; no hidden information.

Per seat (``seats[i]``, a dict): ``profession``, ``quarter``, ``res`` {kind: n} (the 11 kinds),
``bank`` {kind: n} (deposits, G8), ``squares`` (squares bought or granted this round and not yet
built: lost at the round's end, G7), ``flea_used`` (this round), ``left`` {kind: n} (buildings
still to build), ``done`` (owes nothing more this round), ``offers_made`` (this round),
``ledger`` (squares bought / granted by Guilds / built with / lost, for the invariants).

``buildings``: {id: {"kind", "owner", "cells": [[x, y], ...], "round"}}; ``cells`` (derived, never
dumped) maps a cell to its building id. ``offers``: the open offers; ``contracts``: every contract
with its schedule and what was paid (breaches stay shown, G12). ``flow``: resources that entered
or left the game (production, payment, conversion) so the invariants can check trades conserve."""

from __future__ import annotations

import copy

from .components import RESOURCES

SCHEMA_VERSION = 1
_FIELDS = ("players", "options", "round", "stage", "seats", "buildings", "offers", "contracts", "next_id",
           "rng", "flow", "result", "over_reason")


def zero() -> dict:
    return {k: 0 for k in RESOURCES}


class State:
    __slots__ = _FIELDS + ("cells",)

    def __init__(self):
        self.players = 0
        self.options: dict = {}
        self.round = 1
        self.stage = "layout"        # "layout" (round 1) | "window" (rounds 2-7) | "over"
        self.seats: list[dict] = []
        self.buildings: dict[str, dict] = {}
        self.offers: list[dict] = []
        self.contracts: list[dict] = []
        self.next_id = 1
        self.rng = 0
        self.flow = {"produced": zero(), "paid": zero(), "converted_in": zero(), "converted_out": zero(),
                     "gift": zero()}
        self.result = None
        self.over_reason = None
        self.cells: dict[tuple[int, int], str] = {}

    def copy(self) -> State:
        new = State.__new__(State)
        for f in ("players", "round", "stage", "next_id", "rng", "over_reason", "result", "options"):
            setattr(new, f, getattr(self, f))  # immutable, or never changed once set
        new.seats = [_deep(s) for s in self.seats]
        new.buildings = dict(self.buildings)   # a building's dict is never changed once placed
        new.offers = [_deep(o) for o in self.offers]
        new.contracts = [_deep(c) for c in self.contracts]
        new.flow = _deep(self.flow)
        new.cells = dict(self.cells)
        return new

    def new_id(self, prefix: str) -> str:
        ident = f"{prefix}{self.next_id}"
        self.next_id += 1
        return ident

    def reindex(self) -> None:
        self.cells = {(x, y): bid for bid, b in self.buildings.items() for x, y in b["cells"]}

    def to_json(self) -> dict:
        data = {"schema_version": SCHEMA_VERSION}
        for f in _FIELDS:
            data[f] = copy.deepcopy(getattr(self, f))
        return data

    @classmethod
    def from_json(cls, data: dict) -> State:
        """A state from its JSON, or from a view (the bots' and the pages' copy: no RNG, which nothing
        uses after the draw of professions and quarters)."""
        s = cls()
        for f in _FIELDS:
            if f == "rng" and f not in data:
                continue
            setattr(s, f, copy.deepcopy(data[f]))
        for c in s.contracts:  # a contract made before schedules (G12): one Production, its record in "paid"
            if "rounds" not in c:
                paid = c.pop("paid", None)
                c["rounds"] = [c.pop("round")]
                c["payments"] = {str(c["rounds"][0]): paid} if paid is not None else {}
        for o in s.offers:  # an offer made before schedules: its contract, if any, at next round's Production
            if "later_rounds" not in o:
                o["later_rounds"] = [o["round"] + 1] if o.get("later_give") or o.get("later_get") else []
        s.reindex()
        return s


def _deep(value):
    """A copy of plain JSON-like data (faster than ``copy.deepcopy``)."""
    if isinstance(value, dict):
        return {k: _deep(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_deep(v) for v in value]
    return value
