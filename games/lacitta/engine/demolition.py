"""Demolition and relodging (R53–R55, R74).

Both editions end the same way: a city keeps one building per citizen (castle
included, roads need none), the castle holds the rest. Classic lets the giving player
choose the building a citizen leaves and then rearrange before demolishing; modern
relodges then demolishes. Either way the owner ends up choosing which buildings
survive, so the engine asks that once, one building at a time: only a building whose
removal keeps the city in one piece may go (the "edge inward" rule, castle last).
A city left without citizens is demolished whole and its castle returns to its owner.

With the expansion, roads may also be removed by choice (R74: « les joueurs peuvent
démolir volontairement leurs tuiles Route pendant le Relogement des Citoyens »), any road
whose removal keeps the city whole, in every relodging: after migration every seat
relodges; after feeding the seats that lost citizens do (« il doit enlever le nombre de
figurines Citoyen en excès … Les Citoyens sont ensuite relogés »), the others have
nothing to relodge."""

from __future__ import annotations

from kit.base import LogEntry

from .cities import _index as index
from .cities import cities, cities_of, city_buildings, clamp_to_limit, kept, remove
from .constants import CASTLE, MARKET, ROAD, WAVE
from .errors import illegal
from .geometry import removable
from .state import State


def shortfall(s: State, cid: int) -> int:
    """How many more buildings the city must lose (0 when every building has a citizen)."""
    return max(0, city_buildings(s, cid) - s.pop[cid])


def candidates(s: State, cid: int) -> list[int]:
    """The city's buildings at the edge (kept until the city itself changes)."""
    cache = kept(s).removable
    found = cache.get(cid)
    if found is None:
        found = cache[cid] = removable(s.geo, cities(s)[cid], cid)
    return found


def voluntary_roads(s: State, cid: int) -> list[int]:
    kind = s.kind
    return [c for c in candidates(s, cid) if kind[c] == ROAD]


def enter(s: State, reason: str, log: list) -> None:
    """Start a demolition/relodging step: lost cities go at once; road owners may be asked."""
    s.demolish_reason = reason
    for cid in sorted(cities(s)):
        if s.pop[cid] <= 0:
            lose_city(s, cid, log)
    s.relodge_open = [False] * s.nplayers
    if s.expansion == "cocagne":
        for seat in range(s.nplayers):
            if reason == "feeding" and not s.famine[seat]:
                continue  # fed: no relodging after feeding
            if any(voluntary_roads(s, cid) for cid in cities_of(s, seat)):
                s.relodge_open[seat] = True


def lose_city(s: State, cid: int, log: list) -> None:
    members = sorted(cities(s)[cid], key=lambda c: c == cid)  # castle last
    seat = s.owner[cid]
    food = 0
    for c in members:
        food += remove(s, c)
    log.append(LogEntry("lacitta.city_lost", {"seat": seat, "city": cid, "buildings": len(members),
                                              "food": food}, seat))


def needy_cities(s: State, seat: int) -> list[int]:
    """The seat's cities with fewer citizens than buildings (``shortfall`` > 0)."""
    _found, by_seat, counts, _memo, _kept = s._cities or index(s)
    pop = s.pop
    return [cid for cid in by_seat.get(seat, ()) if counts[cid] > pop[cid]]


def pending_seats(s: State) -> set[int]:
    """Seats that must demolish or may still remove roads (runs on every call of
    ``pending``: kept to plain loops)."""
    _found, by_seat, counts, _memo, _kept = s._cities or index(s)
    pop = s.pop
    out = {seat for seat, open_ in enumerate(s.relodge_open) if open_}
    for seat, cids in by_seat.items():
        if seat not in out:
            for cid in cids:
                if counts[cid] > pop[cid]:
                    out.add(seat)
                    break
    return out


def seat_pending(s: State, seat: int) -> bool:
    return s.relodge_open[seat] or bool(needy_cities(s, seat))


def moves(s: State, seat: int, out: list) -> None:
    needy = needy_cities(s, seat)
    for cid in needy:
        for cell in candidates(s, cid):
            out.append({"type": "demolish", "city": cid, "cell": cell})
    if s.relodge_open[seat]:
        for cid in cities_of(s, seat):
            if cid not in needy:
                for cell in voluntary_roads(s, cid):
                    out.append({"type": "demolish", "city": cid, "cell": cell})
        if not needy:
            out.append({"type": "relodge_done"})


def forced(s: State, seat: int):
    """A single-answer decision of this seat, if any (one per city): one building at the
    edge, or every building but the castle must go anyway (no road that could stay)."""
    for cid in needy_cities(s, seat):
        cand = candidates(s, cid)
        members = cities(s)[cid]
        doomed = shortfall(s, cid) >= len(members) - 1 and not any(s.kind[c] == ROAD for c in members)
        if len(cand) == 1 or (cand and doomed):
            return {"type": "demolish", "city": cid, "cell": cand[0]}
    if s.relodge_open[seat] and not needy_cities(s, seat):
        if not any(voluntary_roads(s, cid) for cid in cities_of(s, seat)):
            return {"type": "relodge_done"}
    return None


def apply(s: State, seat: int, move: dict, log: list, auto: bool = False) -> None:
    t = move["type"]
    if t == "relodge_done":
        if set(move) != {"type"}:
            raise illegal("bad_fields", "That move is not possible now", fields=sorted(move))
        if not s.relodge_open[seat]:
            raise illegal("not_relodging", "You have nothing to decide about roads now")
        if needy_cities(s, seat):
            raise illegal("must_demolish", "First demolish the buildings your citizens cannot fill")
        relodge = s.relodge_open[:]  # shared with other copies of the state
        relodge[seat] = False
        s.relodge_open = relodge
        log.append(LogEntry("lacitta.relodge_done", {"seat": seat, "auto": auto}, seat))
        return
    if set(move) != {"type", "city", "cell"}:
        raise illegal("bad_fields", "That move is not possible now", fields=sorted(move))
    cid, cell = move["city"], move["cell"]
    if isinstance(cid, bool) or not isinstance(cid, int) or cid not in cities(s) or s.owner[cid] != seat:
        raise illegal("not_your_city", "Choose one of your cities", city=cid)
    if isinstance(cell, bool) or not isinstance(cell, int) or not 0 <= cell < s.geo.n or s.city[cell] != cid:
        raise illegal("not_in_city", "That building is not in this city", cell=cell)
    need = shortfall(s, cid)
    if s.kind[cell] == CASTLE:
        raise illegal("castle_last", "The castle is demolished last", cell=cell)
    if need <= 0 and not (s.relodge_open[seat] and s.kind[cell] == ROAD):
        raise illegal("nothing_to_demolish", "This city keeps all its buildings", city=cid)
    if cell not in candidates(s, cid):
        raise illegal("splits_city", "Demolish from the edge inward: this would split the city", cell=cell)
    kind = s.kind[cell]
    food = remove(s, cell)
    log.append(LogEntry("lacitta.demolish", {
        "seat": seat, "city": cid, "cell": cell, "building": kind, "food": food,
        "reason": s.demolish_reason, "voluntary": need <= 0 or kind == ROAD, "auto": auto,
    }, seat))
    if kind == MARKET or kind in WAVE:
        clamp_to_limit(s, cid, log, seat)
