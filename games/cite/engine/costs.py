"""The cost table (CT30) and the payment helper.

A payment is made of *collections*; each collection buys squares:
  1 kind x 10 -> 1 square; 2 kinds x 4 -> 1; 3 kinds x 2 -> 1; k distinct kinds x 1 (k = 4..11) -> k - 3.
``cheapest_payment`` finds, for a number of squares, the collections that cost the fewest resources
from what a seat holds, and what it lacks when its holdings do not suffice (for the pages' helper
and for the bots)."""

from __future__ import annotations

from .components import RESOURCES

# The book's table, one row per number of different resources at hand: (kinds, units each, resources, squares).
COST_TABLE = (
    (1, 10, 10, 1),
    (2, 4, 8, 1),
    (3, 2, 6, 1),
) + tuple((k, 1, k, k - 3) for k in range(4, 12))


def cost_row(distinct: int) -> tuple[int, int]:
    """CT30: (resources paid, squares built) for a collection of ``distinct`` different kinds."""
    for kinds, _each, paid, squares in COST_TABLE:
        if kinds == distinct:
            return paid, squares
    raise ValueError(f"a collection has 1 to 11 different kinds (got {distinct})")


def collection_squares(collection: dict) -> int:
    """The squares one collection buys (CT30), or ValueError saying why it is not a collection."""
    if not isinstance(collection, dict):
        raise ValueError("a collection is a mapping of resource -> count")
    counts = {}
    for kind, n in collection.items():
        if kind not in RESOURCES:
            raise ValueError(f"unknown resource {kind!r}")
        if isinstance(n, bool) or not isinstance(n, int) or n < 0:
            raise ValueError(f"a count must be a whole number >= 0 (got {n!r} for {kind})")
        if n:
            counts[kind] = n
    for kinds, each, _paid, squares in COST_TABLE:
        if len(counts) == kinds and all(n == each for n in counts.values()):
            return squares
    raise ValueError("a collection is 10 of one kind, 4+4 of two kinds, 2+2+2 of three kinds, "
                     "or 1 each of 4 to 11 different kinds")


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


def _pick(avail: list[int], kinds: int, each: int) -> list[int]:
    return _order(avail)[:kinds]


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
    """No payment from ``avail`` buys more squares: each unit is worth at most 8/11 square."""
    return (sum(avail) * 8) // 11


def max_squares(holdings: dict) -> int:
    """How many squares ``holdings`` could buy at most (greedy: the widest collection first)."""
    avail = [int(holdings.get(k, 0)) for k in RESOURCES]
    total = 0
    while True:
        distinct = sum(1 for n in avail if n > 0)
        if distinct >= 4:
            for i in range(len(avail)):
                if avail[i] > 0:
                    avail[i] -= 1
            total += distinct - 3
            continue
        for kinds, each, _s in ((3, 2, 1), (2, 4, 1), (1, 10, 1)):
            picked = _pick(avail, kinds, each)
            if all(avail[i] >= each for i in picked):
                for i in picked:
                    avail[i] -= each
                total += 1
                break
        else:
            return total
