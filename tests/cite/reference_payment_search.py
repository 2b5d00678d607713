"""The payment search Cité used before issue 39.2 (a depth-first search over collections, exponential in
the squares wanted), kept only as the reference the polynomial ``costs.cheapest_payment`` is checked
against (tests/cite/test_costs.py, small purchases: it takes seconds on large ones)."""

from __future__ import annotations

from games.cite.engine.components import RESOURCES
from games.cite.engine.costs import COST_TABLE, collection_squares, max_squares

# Collection types for the search, best squares-per-resource first: (kinds, units each, squares).
_TYPES = tuple(sorted(((k, e, s) for k, e, _p, s in COST_TABLE), key=lambda t: -t[2] / (t[0] * t[1])))
_LACK = 1000  # a missing unit weighs more than any number of held ones


def _lower_bound(need: int) -> int:
    """The fewest resources that could buy ``need`` squares (one 11-kind collection buys 8)."""
    cost = 0
    while need > 8:
        cost, need = cost + 11, need - 8
    return cost + (need + 3 if need > 0 else 0)


def _order(avail: list[int]) -> list[int]:
    """Kinds held most first (ties: the fixed resource order); a collection of k kinds takes the first
    k (the same order whatever units each it needs, since min(held, each) grows with held)."""
    return sorted(range(len(avail)), key=lambda i: (-avail[i], i))


def cheapest_payment(holdings: dict, squares: int, allow_lack: bool = True) -> dict | None:
    """The collections buying at least ``squares`` squares for the fewest resources from ``holdings``.

    Returns ``{"squares": bought, "collections": [{kind: n}, ...], "cost": resources, "lacks": {kind: n}}``:
    ``lacks`` is empty when ``holdings`` pay it all; otherwise the collections include the missing
    units (the fewest missing units first, then the fewest resources) and ``lacks`` names them.
    With ``allow_lack=False``: None when ``holdings`` cannot pay (faster)."""
    if squares <= 0:
        return {"squares": 0, "collections": [], "cost": 0, "lacks": {}}
    start = [int(holdings.get(k, 0)) for k in RESOURCES]
    if not allow_lack and max_squares(holdings) < squares and _upper_bound(start) < squares:
        return None
    best = [None, None]  # (score, plan)

    def search(avail, need, first, score, plan):
        if need <= 0:
            if best[0] is None or score < best[0]:
                best[0], best[1] = score, list(plan)
            return
        if best[0] is not None and score + _lower_bound(need) >= best[0]:
            return
        order = _order(avail)
        for t in range(first, len(_TYPES)):
            kinds, each, sq = _TYPES[t]
            picked = order[:kinds]
            lack = sum(max(0, each - avail[i]) for i in picked)
            if lack and not allow_lack:
                continue
            nxt = avail[:]
            for i in picked:
                nxt[i] = max(0, nxt[i] - each)
            plan.append((tuple(picked), each, lack))
            search(nxt, need - sq, t, score + lack * _LACK + kinds * each, plan)
            plan.pop()

    search(start, squares, 0, 0, [])
    if best[1] is None:
        return None
    collections, lacks, bought = [], {}, 0
    for picked, each, _lack in best[1]:
        collections.append({RESOURCES[i]: each for i in sorted(picked)})
        bought += collection_squares(collections[-1])
    have = dict(zip(RESOURCES, start, strict=True))
    used: dict[str, int] = {}
    for c in collections:
        for k, n in c.items():
            used[k] = used.get(k, 0) + n
    for k, n in used.items():
        if n > have[k]:
            lacks[k] = n - have[k]
    return {"squares": bought, "collections": collections, "cost": sum(used.values()), "lacks": lacks}




def _upper_bound(avail: list[int]) -> int:
    return (sum(avail) * 8) // 11
