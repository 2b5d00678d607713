"""Where a building may go (R26–R29, R71–R73) and putting it there.

Validation (``check_build``, ``do_roads``) looks only at the hexes involved, so
applying a move never enumerates the board; ``build_moves`` enumerates for
``legal_moves`` and is written to agree with the checks (a property test compares)."""

from __future__ import annotations

from kit.base import LogEntry

from .cities import _index as index
from .cities import castle_citizens, cities, cities_of, kept, memo, place, remove
from .constants import CASTLE, MARKET, PAIR_OF, ROAD, WAVE
from .errors import illegal
from .state import State


def _adjacent_cities(s: State, cell: int, as_road: tuple[int, int] | None = None) -> set:
    """Cities whose buildings touch ``cell`` (``as_road`` pretends a hex is built)."""
    city = s.city
    found = set()
    for d in s.geo.nbr[cell]:
        if as_road is not None and d == as_road[0]:
            found.add(as_road[1])
        elif city[d] >= 0:
            found.add(city[d])
    return found


def target_city(s: State, seat: int, cell: int, as_road=None) -> int:
    """The one city of ``seat`` an empty hex may be added to, or IllegalMove (R26, R28)."""
    geo = s.geo
    if not (isinstance(cell, int) and 0 <= cell < geo.n) or not geo.active[cell]:
        raise illegal("not_buildable", "That hex cannot be built on in this game", cell=cell)
    if s.kind[cell] is not None or (as_road is not None and cell == as_road[0]):
        raise illegal("occupied", "That hex is already built on", cell=cell)
    near = _adjacent_cities(s, cell, as_road)
    if not near:
        raise illegal("not_adjacent", "A building must be next to a building of one of your cities", cell=cell)
    if len(near) > 1:
        raise illegal("joins_cities", "Cities may never join: leave an empty hex between cities", cell=cell)
    cid = next(iter(near))
    if s.owner[cid] != seat:
        raise illegal("other_city", "You can only build next to your own cities; leave an empty hex "
                      "between cities", cell=cell)
    return cid


def city_targets(s: State, cid: int) -> list[int]:
    """Empty hexes where city ``cid`` may grow without touching another city."""
    return city_sites(s, cid)[0]


def city_sites(s: State, cid: int) -> tuple:
    """(targets, cells a building may go: targets and, with the expansion, the city's roads
    (R72), the cells of those touching a lake, whether the city has a market); kept across
    board changes that cannot reach the city (``cities.carry``)."""
    sites = kept(s).sites
    found = sites.get(cid)
    if found is None:
        found = sites[cid] = _city_sites(s, cid)
    return found


def _city_sites(s: State, cid: int) -> tuple:
    kind, city, nbr = s.kind, s.city, s.geo.nbr
    members = cities(s)[cid]
    targets = []
    seen = set()
    for m in members:
        for d in nbr[m]:
            if d in seen or kind[d] is not None:
                continue
            seen.add(d)
            for e in nbr[d]:
                x = city[e]
                if x != cid and x >= 0:
                    break
            else:
                targets.append(d)
    cells = targets + [c for c in members if kind[c] == ROAD] if s.expansion == "cocagne" else targets
    lake = s.geo.lake
    return targets, cells, [c for c in cells if lake[c]], any(kind[c] == MARKET for c in members)


def check_build(s: State, seat: int, building: str, cell) -> tuple[int, bool]:
    """Validate one building on one hex: returns (city id, replaces a road)."""
    if s.supply.get(PAIR_OF[building], 0) <= 0:
        raise illegal("supply_empty", "No tile of that building is left in the supply", building=building)
    geo = s.geo
    if not (isinstance(cell, int) and not isinstance(cell, bool) and 0 <= cell < geo.n) or not geo.active[cell]:
        raise illegal("not_buildable", "That hex cannot be built on in this game", cell=cell)
    replace = False
    if s.kind[cell] == ROAD and s.owner[cell] == seat:
        cid = s.city[cell]  # R72: a road of yours may be replaced
        replace = True
    else:
        cid = target_city(s, seat, cell)
    if building == MARKET:
        if any(s.kind[c] == MARKET for c in cities(s)[cid]):
            raise illegal("second_market", "This city already has a market", city=cid)
        if s.pool <= 0:
            raise illegal("pool_empty", "No citizen is left in the supply for the market")
    elif castle_citizens(s, cid) < 2:
        raise illegal("castle_needs_two", "The castle must keep one citizen: it needs two or more to build",
                      city=cid)
    if building in WAVE and not geo.lake[cell]:
        names = {"fountain": "A fountain", "bathhouse": "A bathhouse", "port": "A port"}
        raise illegal("needs_lake", f"{names.get(building, 'That building')} must touch a lake",
                      building=building, cell=cell)
    return cid, replace


def do_build(s: State, seat: int, building: str, cell: int, log: list, via: str) -> None:
    cid, replace = check_build(s, seat, building, cell)
    if replace:
        remove(s, cell)
    food = place(s, seat, cid, building, cell)
    if building == MARKET:  # R27: the market's citizen comes from the pool
        s.pop[cid] += 1
        s.pool -= 1
    log.append(LogEntry("lacitta.build", {
        "seat": seat, "building": building, "cell": cell, "city": cid, "food": food,
        "via": via, "replaced_road": replace,
    }, seat))


def do_roads(s: State, seat: int, cells, log: list, via: str) -> None:
    """R71: one or two roads, placed one at a time next to one of your cities."""
    if not isinstance(cells, list) or not 1 <= len(cells) <= 2:
        raise illegal("road_count", "Place one or two roads")
    if s.supply.get(PAIR_OF[ROAD], 0) < len(cells):
        raise illegal("supply_empty", "No tile of that building is left in the supply", building=ROAD)
    placed = []
    for cell in cells:
        if isinstance(cell, bool) or not isinstance(cell, int):
            raise illegal("not_buildable", "That hex cannot be built on in this game", cell=cell)
        cid = target_city(s, seat, cell)
        place(s, seat, cid, ROAD, cell)
        placed.append({"cell": cell, "city": cid})
    log.append(LogEntry("lacitta.roads", {"seat": seat, "roads": placed, "via": via}, seat))


# ------------------------------------------------------------------ enumeration


def seat_sites(s: State, seat: int) -> list[tuple]:
    """The seat's cities where something can be built, as (city, cells, lake cells, has a
    market, castle can give a citizen): computed once per ``legal_moves`` and shared by the
    action card and every politics card."""
    pop, counts = s.pop, (s._cities or index(s))[2]
    rows = []
    for cid in cities_of(s, seat):
        _targets, cells, lakes, market = city_sites(s, cid)
        if cells:
            rows.append((cid, cells, lakes, market, pop[cid] - counts[cid] >= 1))  # castle_citizens >= 2
    return rows


def build_moves(s: State, seat: int, kinds, base: dict, out: list, rows: list | None = None) -> None:
    """Append every legal placement of the given building kinds to ``out`` as move
    dicts: ``base`` plus building and cell (or cells for roads). ``base`` is
    {"type"}, {"type", "slot"} or {"type", "slot", "tier"}, keys in that order;
    ``rows``: ``seat_sites(s, seat)`` if the caller has it. Loops written out: a turn
    has ~200 moves, and a call or comprehension per city and building cost as much."""
    supply = s.supply
    if rows is None:
        rows = seat_sites(s, seat)
    t, slot, tier = base["type"], base.get("slot"), base.get("tier")
    ap = out.append
    if rows:
        wanted = [b for b in kinds if b != ROAD and supply.get(PAIR_OF[b], 0) > 0]
        if wanted:
            pool = s.pool > 0
            for _cid, cells, lakes, market, can_citizen in rows:
                for b in wanted:
                    if b == MARKET:
                        if market or not pool:
                            continue
                    elif not can_citizen:
                        continue
                    if tier is not None:
                        for c in lakes if b in WAVE else cells:
                            ap({"type": t, "slot": slot, "tier": tier, "building": b, "cell": c})
                    elif slot is not None:
                        for c in lakes if b in WAVE else cells:
                            ap({"type": t, "slot": slot, "building": b, "cell": c})
                    else:
                        for c in lakes if b in WAVE else cells:
                            ap({"type": t, "building": b, "cell": c})
    if ROAD in kinds and supply.get(PAIR_OF[ROAD], 0) > 0:
        two = supply[PAIR_OF[ROAD]] >= 2
        cache = memo(s)
        key = ("roads", seat, two)
        placements = cache.get(key)
        if placements is None:  # depends only on the buildings: kept until one changes
            placements = cache[key] = _road_placements(s, seat, cities_of(s, seat), two)
        if tier is not None:
            for c in placements:
                ap({"type": t, "slot": slot, "tier": tier, "building": ROAD, "cells": [*c]})
        elif slot is not None:
            for c in placements:
                ap({"type": t, "slot": slot, "building": ROAD, "cells": [*c]})
        else:
            for c in placements:
                ap({"type": t, "building": ROAD, "cells": [*c]})


def _road_placements(s: State, seat: int, seat_cities: list[int], two: bool) -> list[tuple]:
    """Every legal road placement as a tuple of one or two cells, in the order of the moves."""
    firsts = []
    for cid in seat_cities:
        firsts.extend((cell, cid) for cell in city_targets(s, cid))
    if not two:
        return [(cell,) for cell, _cid in firsts]
    geo = s.geo
    nbr, nbr_set = geo.nbr, geo.nbr_set
    kind = s.kind
    city = s.city
    cells = [cell for cell, _cid in firsts]
    near: dict[int, int] = {}  # empty hex -> the one city it touches, -1 none, -2 several
    out = []
    for cell, cid in firsts:
        out.append((cell,))
        # A second road elsewhere; next to the first one only hexes change status (R73: the
        # first road is part of its city).
        around = nbr_set[cell]
        out += [(cell, other) for other in cells if other not in around and other != cell]
        for other in nbr[cell]:
            if kind[other] is None:
                x = near.get(other)
                if x is None:
                    x = near[other] = _touching(nbr[other], city)
                # With the first road (city cid) next to it, it touches cid alone.
                if x == -1 or x == cid:
                    out.append((cell, other))
    return out


def _touching(around, city: list) -> int:
    """The one city whose buildings touch a hex with these neighbours, -1 none, -2 several."""
    found = -1
    for d in around:
        x = city[d]
        if x >= 0 and x != found:
            if found >= 0:
                return -2
            found = x
    return found


def found_sources(s: State, seat: int) -> list[int]:
    """Castles that can give a citizen to a new city (R25: castle holds 2 or more)."""
    return [cid for cid in cities_of(s, seat) if castle_citizens(s, cid) >= 2]


def place_castle(s: State, seat: int, cell: int, citizens: int) -> int:
    food = place(s, seat, cell, CASTLE, cell)
    s.pop[cell] = citizens
    return food
