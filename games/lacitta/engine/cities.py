"""Cities: membership, population limits (R30), services (R31/R42/R75), food (R32,
R76–R78) and the two primitive board changes, placing and removing a building.

Every board change goes through ``place`` / ``remove`` so that food, supply and the
city cache stay consistent with the board (a property test checks it)."""

from __future__ import annotations

from kit.base import LogEntry

from .constants import (
    CASTLE,
    DOMAIN,
    FARM,
    LARGE_FARMHOUSE,
    LIMIT_BASE,
    LIMIT_MARKET,
    MARKET,
    PAIR_OF,
    PORT,
    QUARRY,
    ROAD,
    SERVICE_HALVES,
    SVC_INDEX,
    UNLIMITED,
    WAVE,
)
from .geometry import castle_cells
from .state import State


class Kept:
    """Derived data that outlives a board change that cannot reach it (the city index's
    memo is dropped on every change). ``carry`` keeps what a change at one hex leaves
    valid: R26/R28 build sites depend on the hexes within 2 steps of a city, the
    buildings at a city's edge and its limit only on that city, and castle sites
    (R11/R25) only lose the hexes near a building added."""

    __slots__ = ("sites", "removable", "limits", "castles", "built")

    def __init__(self):
        self.sites: dict = {}      # city -> (targets, build cells, lake cells, has a market)
        self.removable: dict = {}  # city -> buildings whose removal keeps it whole
        self.limits: dict = {}     # city -> its R30 population limit
        self.castles = None        # empty hexes where a castle keeps R25's distance …
        self.built = ()            # … before these hexes were built on (``castle_sites``)


def _index(s: State):
    """Per-state cache, updated by ``place``/``remove`` (copies share it until then; a state
    whose board was edited by hand sets ``_cities`` to None to have it rebuilt): city id ->
    member cells ascending (cities in the order of their first cell), seat -> its city ids
    ascending (seats in the order of their first city), city id -> buildings needing a
    citizen, a memo valid until any building changes (neighbours, service points …) and
    the ``Kept`` data. Callers must not mutate it."""
    found: dict[int, list[int]] = {}
    counts: dict[int, int] = {}
    kind = s.kind
    for c, x in enumerate(s.city):
        if x >= 0:
            if x in found:
                found[x].append(c)
            else:
                found[x] = [c]
                counts[x] = 0
            if kind[c] != ROAD:
                counts[x] += 1
    by_seat: dict[int, list[int]] = {}
    owner = s.owner
    for cid in sorted(found):
        by_seat.setdefault(owner[cid], []).append(cid)
    s._cities = (found, by_seat, {cid: counts[cid] for cid in sorted(counts)}, {}, Kept())
    return s._cities


def _reindex(s: State, cid: int, members: list[int], kind: str, delta: int, cell: int, seat: int) -> None:
    """After a non-castle building joins (``delta`` 1) or leaves (−1) city ``cid``:
    the index ``_index`` would build, made from the old one (copied, never mutated:
    other states share it), with a fresh memo. ``members``: the city's cells now."""
    old = s._cities
    if old is None:
        return
    found, by_seat, counts, _memo, kept = old
    reorder = members[0] != found[cid][0]  # ``found`` is ordered by each city's first cell
    found = dict(found)
    found[cid] = members
    if reorder:
        found = dict(sorted(found.items(), key=lambda kv: kv[1][0]))
    if kind != ROAD:
        counts = dict(counts)
        counts[cid] += delta
    s._cities = (found, by_seat, counts, {}, carry(s, kept, cell, cid, seat, delta > 0))


def _new_city(s: State, seat: int, cid: int) -> None:
    """``_index`` after a castle founds city ``cid`` (made from the old one, copied)."""
    found, by_seat, counts, _memo, kept = s._cities
    found = dict(sorted([*found.items(), (cid, [cid])], key=lambda kv: kv[1][0]))
    by_seat = dict(by_seat)
    by_seat[seat] = sorted([*by_seat.get(seat, ()), cid])
    by_seat = dict(sorted(by_seat.items(), key=lambda kv: kv[1][0]))
    counts = dict(sorted([*counts.items(), (cid, 1)]))
    s._cities = (found, by_seat, counts, {}, carry(s, kept, cid, cid, seat, True))


def _city_gone(s: State, seat: int, cid: int) -> None:
    """``_index`` after the castle, last building of city ``cid``, is removed."""
    found, by_seat, counts, _memo, kept = s._cities
    found = {c: m for c, m in found.items() if c != cid}
    by_seat = dict(by_seat)
    rest = [c for c in by_seat[seat] if c != cid]
    if rest:
        by_seat[seat] = rest
        by_seat = dict(sorted(by_seat.items(), key=lambda kv: kv[1][0]))
    else:
        del by_seat[seat]
    counts = {c: n for c, n in counts.items() if c != cid}
    s._cities = (found, by_seat, counts, {}, carry(s, kept, cid, cid, seat, False))


def carry(s: State, kept: Kept, cell: int, cid: int, seat: int, placed: bool) -> Kept:
    """What of ``kept`` is still valid after a building of ``seat``'s city ``cid`` was
    placed on (``placed``) or removed from ``cell`` (the board already changed)."""
    new = Kept()
    if kept.sites:
        city = s.city
        sites = new.sites = kept.sites.copy()
        for d in s.geo.within2[cell]:
            x = city[d]
            if x >= 0:
                sites.pop(x, None)
        sites.pop(cid, None)
    if kept.removable:
        new.removable = kept.removable.copy()
        new.removable.pop(cid, None)
    if kept.limits:
        new.limits = kept.limits.copy()
        new.limits.pop(cid, None)
    if placed and kept.castles is not None:
        new.castles = kept.castles
        new.built = kept.built + (cell,)
    return new


def cities(s: State) -> dict[int, list[int]]:
    """City id (its castle's cell) -> member cells, ascending."""
    return (s._cities or _index(s))[0]


_NONE: list[int] = []


def cities_of(s: State, seat: int) -> list[int]:
    """The seat's city ids, ascending."""
    return (s._cities or _index(s))[1].get(seat, _NONE)


def memo(s: State) -> dict:
    """Scratch memo valid as long as no building changes."""
    return (s._cities or _index(s))[3]


def kept(s: State) -> Kept:
    """The ``Kept`` data of the state's board."""
    return (s._cities or _index(s))[4]


def castle_sites(s: State) -> list[int]:
    """``castle_cells`` of the state's board, kept across building additions: each one
    forbids the hexes within 3 steps of it (see ``geometry.spacing_forbidden``)."""
    k = kept(s)
    if k.castles is None:
        k.castles = castle_cells(s.geo, s.kind)
    elif k.built:
        near = s.geo.within3_set
        if len(k.built) == 1:
            gone = near[k.built[0]]
        else:
            gone = set()
            for cell in k.built:
                gone |= near[cell]
        k.castles = [c for c in k.castles if c not in gone]
        k.built = ()
    return k.castles


def building_count(s: State, members: list[int]) -> int:
    """Buildings that need a citizen: all but roads (R71), castle included."""
    kind = s.kind
    return sum(1 for c in members if kind[c] != ROAD)


def city_buildings(s: State, cid: int) -> int:
    """``building_count`` of a whole city, from the cache."""
    return (s._cities or _index(s))[2][cid]


def castle_citizens(s: State, cid: int) -> int:
    return s.pop[cid] - (city_buildings(s, cid) - 1)


def limit(s: State, members: list[int]) -> int:
    """R30: 5; 8 with a market; unlimited with a market and a wave building."""
    kind = s.kind
    kinds = {kind[c] for c in members}
    if MARKET not in kinds:
        return LIMIT_BASE
    return UNLIMITED if kinds & WAVE else LIMIT_MARKET


def city_limit(s: State, cid: int) -> int:
    limits = kept(s).limits
    found = limits.get(cid)
    if found is None:
        found = limits[cid] = limit(s, cities(s)[cid])
    return found


def has_market(s: State, cid: int) -> bool:
    kind = s.kind
    return any(kind[c] == MARKET for c in cities(s)[cid])


def base_services(s: State, members: list[int]) -> list[int]:
    """Half-points of Culture, Education, Health printed on the city's buildings."""
    total = [0, 0, 0]
    kind = s.kind
    for c in members:
        h = SERVICE_HALVES.get(kind[c])
        if h:
            total[0] += h[0]
            total[1] += h[1]
            total[2] += h[2]
    return total


def services(s: State, cid: int) -> list[int]:
    """Base services plus this year's Bread-and-games cubes (R42), in half-points."""
    total = base_services(s, cities(s)[cid])
    city = s.city
    for _seat, cell, svc, n in s.cubes:
        if city[cell] == cid:
            total[SVC_INDEX[svc]] += 2 * n
    return total


def has_service_bonus(s: State, members: list[int]) -> bool:
    """R64/R75: at least one whole arch (2 halves) of each service, cubes excluded."""
    return all(v >= 2 for v in base_services(s, members))


def produce(s: State, kind: str, cell: int) -> int:
    """Food a building yields when built (and gives back when demolished)."""
    if kind in (CASTLE, FARM):
        return s.geo.food[cell]
    if kind == LARGE_FARMHOUSE:
        return 1 + s.geo.food[cell]
    if kind == PORT:
        return 1
    if kind == DOMAIN:
        return 5
    return 0


def income(s: State, seat: int) -> tuple[int, int, int]:
    """R21 (+R76): gold from quarries (1 per mountain touched, at most 2) and ports."""
    mountains, kind, all_cities = s.geo.mountains, s.kind, cities(s)
    gold = quarries = ports = 0
    for cid in cities_of(s, seat):
        for c in all_cities[cid]:
            k = kind[c]
            if k == QUARRY:
                quarries += 1
                gold += min(2, mountains[c])
            elif k == PORT:
                ports += 1
                gold += 1
    return gold, quarries, ports


def board_food(s: State, seat: int) -> int:
    """What the seat's buildings produce plus this year's rich harvests (invariant check)."""
    total = 0
    for c in s.geo.active_cells:
        if s.owner[c] == seat:
            total += produce(s, s.kind[c], c)
    return total + sum(extra for hs, _c, extra in s.harvest if hs == seat)


def citizens(s: State, seat: int) -> int:
    pop = s.pop
    return sum(pop[cid] for cid in cities_of(s, seat))


# ------------------------------------------------------------------ board changes


def place(s: State, seat: int, cid: int, kind: str, cell: int) -> int:
    """Put a tile on an empty hex of city ``cid`` (a castle: cid == cell). Returns food gained.
    Citizens are moved by the caller."""
    s.own_board()
    s.kind[cell] = kind
    s.owner[cell] = seat
    s.city[cell] = cid
    if s._cities is not None:
        if kind == CASTLE:
            _new_city(s, seat, cid)
        else:
            members = s._cities[0][cid] + [cell]
            members.sort()
            _reindex(s, cid, members, kind, 1, cell, seat)
    if kind == CASTLE:
        p = s.players[seat]
        p["castles"] -= 1
    else:
        s.supply[PAIR_OF[kind]] -= 1
    food = produce(s, kind, cell)
    if food:
        s.players[seat]["food"] += food
    return food


def remove(s: State, cell: int) -> int:
    """Take a tile off the board (R55): its food goes back, a castle returns to its owner,
    other tiles to the supply; cubes and a harvest marker on it come back. Returns food lost."""
    kind = s.kind[cell]
    seat = s.owner[cell]
    p = s.players[seat]
    food = produce(s, kind, cell)
    for entry in s.harvest:
        if entry[1] == cell:
            food += entry[2]
            p["cubes"] += 1
            s.harvest = [h for h in s.harvest if h[1] != cell]
            break
    kept = []
    for entry in s.cubes:
        if entry[1] == cell:
            p["cubes"] += entry[3]
        else:
            kept.append(entry)
    if len(kept) != len(s.cubes):
        s.cubes = kept
    p["food"] -= food
    if kind == CASTLE:
        p["castles"] += 1
        s.pop[cell] = 0
    else:
        s.supply[PAIR_OF[kind]] += 1
    cid = s.city[cell]
    s.own_board()
    s.kind[cell] = None
    s.owner[cell] = -1
    s.city[cell] = -1
    if s._cities is not None:
        members = [c for c in s._cities[0][cid] if c != cell]
        if kind != CASTLE:
            _reindex(s, cid, members, kind, -1, cell, seat)
        elif members:
            s._cities = None  # never done (the castle goes last): rebuilt when next needed
        else:
            _city_gone(s, seat, cid)
    return food


def clamp_to_limit(s: State, cid: int, log: list, seat: int) -> None:
    """R55: after a market or wave building goes, citizens above the new limit leave."""
    lim = city_limit(s, cid)
    if s.pop[cid] > lim:
        excess = s.pop[cid] - lim
        s.pop[cid] = lim
        s.pool += excess
        log.append(LogEntry("lacitta.limit_excess", {"seat": seat, "city": cid, "citizens": excess}, seat))
