"""What must hold after every move (selfplay and the tests run them)."""

from __future__ import annotations

from .board import quarter_of
from .components import RESOURCES, SQUARES, inventory_for
from .limits import MAX_OPEN_OFFERS


def resources_conserved(state):
    """Trades and contracts move resources between seats: totals change only by the gift, Production,
    payments and conversions."""
    f = state.flow
    for k in RESOURCES:
        held = sum(s["res"][k] + s["bank"][k] for s in state.seats)
        expected = f["gift"][k] + f["produced"][k] - f["paid"][k] - f["converted_out"][k] + f["converted_in"][k]
        if held != expected:
            return f"{k}: {held} held, {expected} expected"
        if any(s["res"][k] < 0 or s["bank"][k] < 0 for s in state.seats):
            return f"a negative count of {k}"
    return None


def buildings_in_quarters(state):
    """No building outside its owner's quarter; no cell built twice; the cell index matches."""
    seen = {}
    for bid, b in state.buildings.items():
        q = state.seats[b["owner"]]["quarter"]
        if len(b["cells"]) != SQUARES[b["kind"]]:
            return f"{bid} has {len(b['cells'])} cells"
        for c in b["cells"]:
            c = tuple(c)
            if quarter_of(c) != q:
                return f"{bid} ({b['kind']}) of seat {b['owner']} stands outside quarter {q}"
            if c in seen:
                return f"cell {c} holds {seen[c]} and {bid}"
            seen[c] = bid
    if seen != state.cells:
        return "the cell index does not match the buildings"
    return None


def squares_paid_equal_built(state):
    """Squares bought + granted = squares built (at their cost) + lost + still at hand; and every
    building counted once against its colour's inventory."""
    for seat, s in enumerate(state.seats):
        led = s["ledger"]
        if led["bought"] + led["granted"] != led["built"] + led["lost"] + s["squares"]:
            return f"seat {seat}: squares {led} with {s['squares']} at hand"
        paid = sum(b["paid"] for b in state.buildings.values() if b["owner"] == seat)
        if paid != led["built"]:
            return f"seat {seat}: buildings paid {paid} squares, the ledger says {led['built']}"
        if s["squares"] < 0:
            return f"seat {seat}: negative squares"
        inv = inventory_for(state.players)
        for kind, n in inv.items():
            built = sum(1 for b in state.buildings.values() if b["owner"] == seat and b["kind"] == kind)
            if built + s["left"][kind] != n:
                return f"seat {seat}: {kind} built {built} + left {s['left'][kind]} != {n}"
    return None


def contracts_executed_or_breached(state):
    """Every Production a contract named and already held executed it, a breach exactly when short."""
    for c in state.contracts:
        for r in c["rounds"]:
            if 2 <= r <= state.round and str(r) not in c["payments"]:
                return f"contract {c['id']} due at round {r} was not executed"
        short = any(p[side]["short"] for p in c["payments"].values() for side in p)
        if short != c["breached"]:
            return f"contract {c['id']}: breach flag {c['breached']} but short={short}"
    return None


def offers_within_limits(state):
    for seat in range(state.players):
        mine = [o for o in state.offers if o["from"] == seat]
        if len(mine) > MAX_OPEN_OFFERS:
            return f"seat {seat} has {len(mine)} open offers"
    if state.stage != "window" and state.offers:
        return "offers open outside a window"
    if any(not o["to"] for o in state.offers):
        return "an open offer without recipients"
    return None


CHEAP = (resources_conserved, buildings_in_quarters, squares_paid_equal_built, contracts_executed_or_breached,
         offers_within_limits)
