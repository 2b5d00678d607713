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


# Why a few shapes are enough (issue 39.2; the old depth-first search over collections took seconds). In a
# cheapest payment (a plan is changed below only into one as cheap or cheaper, never using more of a kind):
# - collections of 4 to 11 kinds ("wide", 1 unit each) matter only by their number m and their units W: any
#   kind in at most m of them, W >= 4m, squares W - 3m (laid out row by row, ``_rows``);
# - the "narrow" ones (3 kinds x 2, 2 x 4, 1 x 10) together use at most 3 kinds (two narrow ones over 4 kinds
#   are two 4-kind collections for less), all 3 x 2 on the same kinds, all 2 x 4 on two of them, all 10 x 1
#   on one of those (else 3 x 2 pairs are cheaper), and each narrow kind is in every wide collection (else
#   a narrow collection becomes one more unit of a wide one);
# - the narrow kinds are then best the most held ones (the most used on the most held).
# So a plan is (m, W, c3, c2, c1), priced in constant time; trying every one is polynomial in ``squares``.
_LACK = 1000  # a missing unit weighs more than any number of held ones


def _order(avail: list[int]) -> list[int]:
    """Kinds held most first (ties: the fixed resource order)."""
    return sorted(range(len(avail)), key=lambda i: (-avail[i], i))


def _pick(avail: list[int], kinds: int) -> list[int]:
    return _order(avail)[:kinds]


def _narrow_use(c3: int, c2: int, c1: int) -> list[int]:
    """Units the narrow collections take of the most held kinds (first, second, third)."""
    uses = [2 * c3 + 4 * c2 + 10 * c1, 2 * c3 + 4 * c2, 2 * c3]
    kinds = 3 if c3 else 2 if c2 else 1 if c1 else 0
    return uses[:kinds]


def _lack(held: list[int], m: int, wide: int, narrow: list[int], rooms: list[int]) -> int:
    """Units missing for the shape: each narrow kind gives ``m`` wide units and its narrow ones; the
    other kinds fill the rest of the ``wide`` units, at most ``m`` each (``rooms[k]``: what the kinds
    after the first k hold towards that)."""
    lack = sum(max(0, m + n - held[j]) for j, n in enumerate(narrow))
    return lack + max(0, wide - m * len(narrow) - rooms[len(narrow)])


def _best_shape(held: list[int], need: int, allow_lack: bool):
    """The cheapest shape (m, W, c3, c2, c1) buying ``need`` squares: fewest missing units, then fewest
    resources, then the fewest collections; None when none is paid without lacking (``allow_lack=False``).
    Shapes without 3 x 2 and 2 x 4 collections are priced first: the best of them bounds the rest (any
    shape costs at least need + 3m + 5 c3 + 7 c2)."""
    total = sum(held)
    best: list = [None, None]  # shape, key
    rooms = [[sum(min(m, h) for h in held[k:]) for k in range(4)] for m in range(need + 1)]

    def price(m, c3, c2):
        for c1 in _c1_candidates(need, m, c3, c2, held, rooms[m]):
            q = c3 + c2 + c1
            wide = 0 if m == 0 else max(4 * m, need + 3 * m - q)
            cost = wide + 6 * c3 + 8 * c2 + 10 * c1
            if best[1] is not None and cost + _LACK * max(0, cost - total) > best[1][0]:
                continue  # the least such a shape could score
            lack = _lack(held, m, wide, _narrow_use(c3, c2, c1), rooms[m])
            if lack and not allow_lack:
                continue
            key = (_LACK * lack + cost, m + q, c3, c2, c1)
            if best[1] is None or key < best[1]:
                best[0], best[1] = (m, wide, c3, c2, c1), key

    def beaten(floor):
        return best[1] is not None and floor > best[1][0]

    for m in range(need + 1):
        price(m, 0, 0)
    for m in range(need + 1):
        short = max(0, 4 * m - rooms[m][0])  # wide units missing however the rest is made
        if beaten(need + 3 * m + _LACK * short):
            break
        if short and not allow_lack:
            continue
        for c3 in range(need - m + 1):
            short3 = max(0, m + 2 * c3 - held[2]) if c3 else 0  # the third most held kind's
            if beaten(need + 3 * m + 5 * c3 + _LACK * short3) or (short3 and not allow_lack):
                break
            for c2 in range(need - m - c3 + 1):
                short2 = max(0, m + 2 * c3 + 4 * c2 - held[1]) if c3 or c2 else 0  # the second's
                if beaten(need + 3 * m + 5 * c3 + 7 * c2 + _LACK * (short3 + short2)) or (
                        short2 and not allow_lack):
                    break
                if c3 or c2:
                    price(m, c3, c2)
    return best[0]


def _c1_candidates(need: int, m: int, c3: int, c2: int, held: list[int], rooms: list[int]) -> set[int]:
    """The numbers of single-kind collections worth pricing for (m, c3, c2). Without wide collections they
    make up the rest exactly. With them, fewer than would buy everything alone, and from 1 on the score
    is convex in c1 (resources: +9 or +10 each; missing units: the first kind's grow, the wide ones' shrink),
    so its least is at an end or a bend."""
    if m == 0:
        rest = need - c3 - c2
        return {rest} if rest >= 0 else set()
    top = need - m - c3 - c2  # the most: fewer than would buy the rest alone
    left = need + 3 * m - c3 - c2  # wide units with no single-kind collection
    low = max(0, left - 11 * m)  # no more than 11 units in a wide collection
    if low > top:
        return set()
    kinds = 3 if c3 else 2 if c2 else 1
    bends = (left - 4 * m, left - min(11 * m, m * kinds + rooms[kinds]),
             (held[0] - m - 2 * c3 - 4 * c2) // 10)
    picks = {low, top, 1} | {b + d for b in bends for d in (0, 1)}
    if low == 0:
        picks.add(0)
    return {c for c in picks if low <= c <= top and (c > 0 or low == 0)}


def _rows(m: int, units: list[tuple[int, int]]) -> list[list[int]]:
    """``m`` wide collections from (kind, units) with each kind's units <= m: dealt round the rows, so no
    row has a kind twice and the rows' sizes differ by at most one."""
    rows: list[list[int]] = [[] for _ in range(m)]
    pos = 0
    for kind, n in units:
        for _ in range(n):
            rows[pos % m].append(kind)
            pos += 1
    return rows


def _plan(shape, held: list[int], order: list[int]) -> dict:
    m, wide, c3, c2, c1 = shape
    narrow = _narrow_use(c3, c2, c1)
    units = [(j, m) for j in range(len(narrow))]
    rest = wide - m * len(narrow)
    others = list(range(len(narrow), len(held)))
    for j in others:  # held units first, the most held kinds first
        take = min(m, held[j], rest)
        units.append((j, take))
        rest -= take
    for idx in range(len(narrow), len(units)):  # then the missing ones, where a kind has room
        kind, n = units[idx]
        extra = min(m - n, rest)
        units[idx] = (kind, n + extra)
        rest -= extra
    units = sorted((u for u in units if u[1]), key=lambda u: -u[1])
    collections = []
    for row in sorted(_rows(m, units), key=len, reverse=True) if m else []:
        collections.append({RESOURCES[order[j]]: 1 for j in sorted(row, key=lambda j: order[j])})
    for count, kinds, each in ((c3, 3, 2), (c2, 2, 4), (c1, 1, 10)):
        picked = sorted(order[j] for j in range(kinds))
        collections += [{RESOURCES[i]: each for i in picked} for _ in range(count)]
    used: dict[str, int] = {}
    for c in collections:
        for k, n in c.items():
            used[k] = used.get(k, 0) + n
    have = {RESOURCES[order[j]]: held[j] for j in range(len(held))}
    lacks = {k: n - have[k] for k, n in used.items() if n > have[k]}
    bought = sum(collection_squares(c) for c in collections)
    return {"squares": bought, "collections": collections, "cost": sum(used.values()), "lacks": lacks}


def cheapest_payment(holdings: dict, squares: int, allow_lack: bool = True) -> dict | None:
    """The collections buying at least ``squares`` squares for the fewest resources from ``holdings``.

    Returns ``{"squares": bought, "collections": [{kind: n}, ...], "cost": resources, "lacks": {kind: n}}``:
    ``lacks`` is empty when ``holdings`` pay it all; otherwise the collections include the missing
    units (the fewest missing units first, then the fewest resources) and ``lacks`` names them.
    With ``allow_lack=False``: None when ``holdings`` cannot pay (refused at once when more than they could
    ever buy)."""
    if squares <= 0:
        return {"squares": 0, "collections": [], "cost": 0, "lacks": {}}
    start = [max(0, int(holdings.get(k, 0))) for k in RESOURCES]
    if not allow_lack and squares > _upper_bound(start):
        return None
    order = _order(start)
    held = [start[i] for i in order]
    shape = _best_shape(held, squares, allow_lack)
    if shape is None:
        return None
    return _plan(shape, held, order)


def _upper_bound(avail: list[int]) -> int:
    """No payment from ``avail`` buys more squares: each unit is worth at most 8/11 square."""
    return (sum(avail) * 8) // 11


def max_squares(holdings: dict, at_most: int | None = None) -> int:
    """How many squares ``holdings`` could buy at most (greedy: the widest collection first; the same as
    the payment search's most, tests/cite/test_costs.py), counted up to ``at_most`` when given."""
    avail = [int(holdings.get(k, 0)) for k in RESOURCES]
    total = 0
    while at_most is None or total < at_most:
        distinct = sum(1 for n in avail if n > 0)
        if distinct >= 4:
            for i in range(len(avail)):
                if avail[i] > 0:
                    avail[i] -= 1
            total += distinct - 3
            continue
        for kinds, each, _s in ((3, 2, 1), (2, 4, 1), (1, 10, 1)):
            picked = _pick(avail, kinds)
            if all(avail[i] >= each for i in picked):
                for i in picked:
                    avail[i] -= each
                total += 1
                break
        else:
            return total
    return total
