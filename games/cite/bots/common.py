"""What Cité's bots share: the state rebuilt from the view (nothing is hidden, so it is exact), the
value of a seat's resources, and the heuristic worth of a building at a place."""

from __future__ import annotations

from ..engine.bundles import add
from ..engine.components import BUILDINGS, LAST_ROUND, RESOURCES, SQUARES, produced_resource
from ..engine.costs import max_squares
from ..engine.powers import linked_to_cells, shop_output
from ..engine.state import State

RESOURCE_WORTH = 0.4  # squares one produced resource is worth, roughly (11 distinct buy 8; 10 alike buy 1)


def state_from_view(view: dict) -> State:
    """The game state a view shows (Cité hides nothing: every field of the state is in the view)."""
    return State.from_json(view)


def holdings_value(res: dict) -> float:
    """What a heap of resources is worth to its holder: squares it could buy (variety counts most),
    then a little for each kind held and each unit."""
    kinds = sum(1 for n in res.values() if n > 0)
    return 10 * max_squares(res) + 2 * kinds + 0.2 * sum(min(n, 3) for n in res.values()) + 0.05 * sum(res.values())


def scheduled(offer: dict, side: str) -> dict:
    """A contract side over its whole schedule (G12: paid at each named Production)."""
    times = len(offer.get("later_rounds") or [offer["round"] + 1])
    return {k: n * times for k, n in offer[side].items()}


def trade_gain(res: dict, receive: dict, pay: dict, later_receive: dict, later_pay: dict) -> float:
    """Change of ``holdings_value`` for a trade (later parts counted at next round, a little less)."""
    after = dict(res)
    add(after, receive)
    add(after, pay, -1)
    if any(n < 0 for n in after.values()):
        return float("-inf")
    later = dict(after)
    add(later, later_receive)
    add(later, later_pay, -1)
    for k, n in later.items():
        if n < 0:
            later[k] = 0  # a promise it cannot keep now: counted as paid from next production
    return 0.3 * (holdings_value(after) - holdings_value(res)) + 0.7 * (holdings_value(later) - holdings_value(res))


def rounds_left(state) -> int:
    """Productions still to come after this round."""
    return max(0, LAST_ROUND - state.round)


def building_worth(state, seat: int, kind: str, cells) -> float:
    """Squares now plus what the building will bring per remaining Production (resources, squares,
    cheaper building), in squares."""
    cells = [tuple(c) for c in cells]
    left = rounds_left(state)
    around_ids = sorted(linked_to_cells(state, cells))
    around = [state.buildings[b] for b in around_ids]
    kinds = [b["kind"] for b in around]
    spec = BUILDINGS[kind]
    power = spec["power"]
    per_round = 0.0
    res = state.seats[seat]["res"]
    if power == "produce":
        doubled = "mill" in kinds or (spec["shop"] == "small" and "inn" in kinds)
        per_round = spec["amount"] * (2 if doubled else 1) * RESOURCE_WORTH
        made = produced_resource(kind, state.seats[seat]["profession"])
        if res.get(made, 0) == 0:
            per_round += 0.5  # a new kind: variety
    elif power in ("mill", "inn"):
        for b, bid in zip(around, around_ids, strict=True):
            if b["owner"] == seat and BUILDINGS[b["kind"]]["power"] == "produce":
                out = shop_output(state, bid)
                base = BUILDINGS[b["kind"]]["amount"]
                if out and out[1] == base and (power == "mill" or BUILDINGS[b["kind"]]["shop"] == "small"):
                    per_round += base * RESOURCE_WORTH
        if power == "inn":
            per_round += sum(1 for b in around if b["owner"] == seat and b["kind"] == "guild")
            per_round += 0.3 * sum(1 for b in around
                                   if b["owner"] == seat and BUILDINGS[b["kind"]]["power"] == "transform")
    elif power == "bank":
        per_round = 3 * RESOURCE_WORTH
    elif power == "guild":
        per_round = 1 + kinds.count("inn")
    elif power == "transform":
        a, b = spec["inputs"]
        if res.get(spec["output"], 0) == 0:
            per_round = 0.6 if min(res.get(a, 0), res.get(b, 0)) > 0 else 0.3
    elif power in ("market", "flea"):
        per_round = 0.3
    elif power == "manufacture":
        big = sum(n for k, n in state.seats[seat]["left"].items() if SQUARES[k] >= 3 and k != "manufacture")
        per_round = 0.5 if big else 0.0
    return SQUARES[kind] + per_round * left


def variety_moves(view_state, seat: int, legal: list[dict]) -> dict | None:
    """A conversion that gives a kind the seat lacks from inputs it has two of (transformers, Flea
    market), or None."""
    res = view_state.seats[seat]["res"]
    for m in legal:
        if m["type"] == "convert":
            b = view_state.buildings[m["building"]]
            spec = BUILDINGS[b["kind"]]
            if res[spec["output"]] == 0 and all(res[k] >= 2 for k in spec["inputs"]):
                return {"type": "convert", "building": m["building"], "times": 1}
        if m["type"] == "flea" and res["gold"] == 0:
            spare = [k for k in RESOURCES if res[k] >= 3 and k in m["ranges"]["give"]["of"]]
            if spare:
                return {"type": "flea", "give": max(spare, key=lambda k: res[k])}
    return None
