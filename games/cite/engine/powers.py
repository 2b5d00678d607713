"""What buildings do to each other (CT21, CT23, G5, G6): adjacency for powers, production,
Guild squares, the Manufacture discount, transformer yields. Adjacency ignores owners and
quarter borders: a Mill doubles the neighbour's shop across the border as its owner's."""

from __future__ import annotations

from .board import neighbours
from .components import BUILDINGS, DISCOUNT, SQUARES, produced_resource


def touching_ids(state, cells, exclude=None) -> set[str]:
    """Buildings sharing an edge with ``cells``."""
    out = set()
    for c in cells:
        for n in neighbours(tuple(c)):
            bid = state.cells.get(n)
            if bid is not None and bid != exclude:
                out.add(bid)
    return out


def linked_to_cells(state, cells, exclude=None) -> set[str]:
    """G5: buildings adjacent to ``cells`` for powers: an edge shared, or a Paved street both touch."""
    direct = touching_ids(state, cells, exclude)
    out = set(direct)
    for bid in direct:
        if state.buildings[bid]["kind"] == "paved_street":
            out |= touching_ids(state, state.buildings[bid]["cells"], exclude=bid)
    out.discard(exclude)
    return out


def linked(state, bid: str) -> set[str]:
    b = state.buildings[bid]
    return linked_to_cells(state, b["cells"], exclude=bid)


def _kinds(state, ids) -> list[str]:
    return [state.buildings[i]["kind"] for i in ids]


def shop_output(state, bid: str) -> tuple[str, int] | None:
    """A shop's production: (resource, amount), doubled once by a Mill (any shop) or an Inn (small
    shops), G6."""
    b = state.buildings[bid]
    spec = BUILDINGS[b["kind"]]
    if spec["power"] != "produce":
        return None
    kind = produced_resource(b["kind"], state.seats[b["owner"]]["profession"])
    around = _kinds(state, linked(state, bid))
    doubled = "mill" in around or (spec["shop"] == "small" and "inn" in around)
    return kind, spec["amount"] * (2 if doubled else 1)


def production(state, seat: int) -> dict[str, int]:
    """CT21: what ``seat`` gains at a Production (shops, then Bank copies, G8)."""
    gains: dict[str, int] = {}
    for bid, b in state.buildings.items():
        if b["owner"] != seat:
            continue
        out = shop_output(state, bid)
        if out is not None:
            gains[out[0]] = gains.get(out[0], 0) + out[1]
    for kind, n in state.seats[seat]["bank"].items():
        if n:
            gains[kind] = gains.get(kind, 0) + n
    return gains


def guild_squares(state, seat: int) -> int:
    """Free squares this round: 1 per own Guild, +1 per Inn adjacent to it (the Inn's power)."""
    total = 0
    for bid, b in state.buildings.items():
        if b["owner"] == seat and b["kind"] == "guild":
            total += 1 + _kinds(state, linked(state, bid)).count("inn")
    return total


def build_cost(state, kind: str, cells) -> int:
    """Squares to pay for a new building at ``cells``: its size, 2 less (at least 1) when it is
    adjacent to a Manufacture, whoever owns it, once however many (G6); nothing in round 1 (CT20)."""
    if state.round == 1:
        return 0
    size = SQUARES[kind]
    near = _kinds(state, linked_to_cells(state, [tuple(c) for c in cells]))
    return max(1, size - DISCOUNT) if "manufacture" in near else size


def transform_yield(state, bid: str) -> int:
    """Output per conversion: 1, +1 for each Inn in contact (the book's "pour chaque Auberge")."""
    return 1 + _kinds(state, linked(state, bid)).count("inn")
