"""Voice of the People and migration (R50–R52).

Migration runs in the R52 order: first player, then clockwise; each player's cities in
ascending city id (a ruling, the books leave the order of one player's cities open).

2–2 (option ``voice_tie``):
- ``in_turn`` (default, the books: « chaque joueur décide lors de son tour le service qu'il
  applique pour chacune de ses Villes », classic « Celui dont c'est le tour décide pour
  chacune de ses villes ») — seat by seat from the first player: when a seat's migration
  turn comes it chooses for each of its cities, having seen every earlier choice and
  migration; then its cities migrate and the next seat's turn opens. ``queue``/``qi``
  hold the seat order and the seat whose turn it is; ``migrated`` counts the citizens
  moved so far.
- ``at_once`` ("faster by post"): service points cannot change during migration, so
  everybody chooses beforehand, hidden until all are in; then migration runs.
A choice that cannot change which cities a city takes from is made automatically (in
turn: a neighbour with no citizens left is not counted, it gives nothing anyway)."""

from __future__ import annotations

from collections import Counter

from kit.base import LogEntry

from .cities import cities, cities_of, city_limit, memo, services
from .constants import IN_TURN, SERVICES, SVC_INDEX
from .state import State

NEIGHBOUR_DISTANCE = 2  # R51: 2 or fewer empty hexes along a path


def voice_winners(cards: list[str]) -> list[str]:
    """R50: the service on most cards; with 2–2 both, in SERVICES order."""
    counts = Counter(cards)
    best = max(counts.values())
    return [svc for svc in SERVICES if counts.get(svc, 0) == best]


def seat_order(s: State) -> list[int]:
    return [(s.first + i) % s.nplayers for i in range(s.nplayers)]


def neighbours(s: State) -> dict[int, list[int]]:
    """City -> opponent cities within R51's distance, ascending. Depends only on the
    buildings, so it is kept in the state's memo (callers must not change it)."""
    cache = memo(s)
    out = cache.get("neighbours")
    if out is None:
        out = cache["neighbours"] = _neighbours(s)
    return out


def _neighbours(s: State) -> dict[int, list[int]]:
    """One pass over the empty hexes next to a city (``geometry.empty_hexes_between`` per
    city with limit 2 gives the same): two cities are neighbours when one empty hex
    touches both, or two adjacent empty hexes touch one each (or, never under R28, when
    they touch)."""
    all_cities = cities(s)
    nbr, city, owner = s.geo.nbr, s.city, s.owner
    touch: dict[int, set] = {}  # empty hex -> the cities it touches
    near: dict[int, set] = {}
    for cid, members in all_cities.items():
        mine = near[cid] = set()
        for m in members:
            for d in nbr[m]:
                x = city[d]
                if x < 0:
                    here = touch.get(d)
                    if here is None:
                        touch[d] = {cid}
                    else:
                        here.add(cid)
                elif x != cid:
                    mine.add(x)
    for e, here in touch.items():
        if len(here) > 1:
            for a in here:
                near[a].update(here)
        for d in nbr[e]:
            there = touch.get(d)
            if there is not None:
                for a in here:
                    near[a].update(there)
    out = {}
    for cid, found in near.items():
        mine = owner[cid]
        out[cid] = sorted(o for o in found if owner[o] != mine)
    return out


def city_points(s: State) -> dict[int, list[int]]:
    """City -> service half-points (cubes included). Fixed while the buildings and the
    cubes are (all through migration), so kept in the state's memo keyed by the cubes."""
    cache = memo(s)
    key = ("points", tuple(s.cubes))
    out = cache.get(key)
    if out is None:
        out = cache[key] = {cid: services(s, cid) for cid in cities(s)}
    return out


def takes_from(points: dict, cid: int, svc: str, near: list[int]) -> list[int]:
    i = SVC_INDEX[svc]
    mine = points[cid][i]
    return [o for o in near if mine > points[o][i]]


def in_turn(s: State) -> bool:
    """A 2–2 Voice chosen seat by seat on each seat's migration turn."""
    return s.voice_tie == IN_TURN and len(s.voice_winners) > 1


def open_choices(s: State, log: list) -> None:
    """Set up the 2–2 decisions: one per city whose choice matters (in turn: the first
    seat's; ``step`` opens the others' as their turns come)."""
    winners = s.voice_winners
    s.choice_open = []
    s.choice_made = []
    if len(winners) < 2:
        return
    if s.voice_tie == IN_TURN:
        s.queue, s.qi, s.migrated = seat_order(s), 0, 0
        _open_seat(s, s.queue[0], log)
        return
    near = neighbours(s)
    points = city_points(s)
    for seat in seat_order(s):
        for cid in sorted(c for c in cities(s) if s.owner[c] == seat):
            if not near[cid]:
                continue
            outcomes = {svc: takes_from(points, cid, svc, near[cid]) for svc in winners}
            if len({tuple(v) for v in outcomes.values()}) == 1:
                # Both services take from the same cities: nothing to choose.
                s.choice_made.append((cid, seat, winners[0]))
                log.append(LogEntry("lacitta.voice_choice", {"seat": seat, "city": cid, "service": winners[0],
                                                             "auto": True}, seat, visible_to=(seat,)))
            else:
                s.choice_open.append((cid, seat, tuple(winners)))
    s.choice_made.sort()


def _open_seat(s: State, seat: int, log: list) -> None:
    """In turn: the seat's migration turn has come; open a choice for each of its cities
    whose two services would take from different (still populated) cities. Public: the
    players after it see what it chose."""
    winners = s.voice_winners
    near = neighbours(s)
    points = city_points(s)
    made, opened = list(s.choice_made), list(s.choice_open)  # shared with other copies of the state
    for cid in cities_of(s, seat):
        targets = [o for o in near[cid] if s.pop[o] > 0]
        if not targets:
            continue
        outcomes = {svc: takes_from(points, cid, svc, targets) for svc in winners}
        if len({tuple(v) for v in outcomes.values()}) == 1:
            made.append((cid, seat, winners[0]))
            log.append(LogEntry("lacitta.voice_choice", {"seat": seat, "city": cid, "service": winners[0],
                                                         "auto": True}, seat))
        else:
            opened.append((cid, seat, tuple(winners)))
    made.sort()
    s.choice_made, s.choice_open = made, opened


def step(s: State, log: list) -> bool:
    """In turn, with nobody left choosing: the current seat's cities migrate and the next
    seat's turn opens. False when there is nothing to do (not in turn, or all done)."""
    if not in_turn(s) or s.choice_open or s.qi >= len(s.queue):
        return False
    chosen = {cid: svc for cid, _seat, svc in s.choice_made}
    near = neighbours(s)
    points = city_points(s)
    s.migrated += _migrate_seat(s, s.queue[s.qi], chosen, near, points, log)
    s.qi += 1
    if s.qi < len(s.queue):
        _open_seat(s, s.queue[s.qi], log)
    return True


def _migrate_seat(s: State, seat: int, chosen: dict, near: dict, points: dict, log: list) -> int:
    """R52 for one seat's cities, ascending; returns the citizens moved."""
    winners = s.voice_winners
    moved = 0
    for cid in list(cities_of(s, seat)):
        svc = chosen.get(cid, winners[0])
        for other in takes_from(points, cid, svc, near[cid]):
            if s.pop[other] <= 0:
                continue  # R52: a city with no citizens left gives nothing
            s.pop[other] -= 1
            to_pool = s.pop[cid] >= city_limit(s, cid)
            if to_pool:
                s.pool += 1
            else:
                s.pop[cid] += 1
            moved += 1
            log.append(LogEntry("lacitta.migration", {
                "seat": seat, "city": cid, "from_seat": s.owner[other], "from_city": other,
                "service": svc, "to_pool": to_pool,
                "points": points[cid][SVC_INDEX[svc]] / 2, "from_points": points[other][SVC_INDEX[svc]] / 2,
            }, seat))
    return moved


def migrate(s: State, log: list) -> None:
    """R52: every city takes one citizen from each neighbouring opponent city with fewer
    points in its service; a full city sends the citizen to the pool. (In turn, the
    seats have migrated one by one already.)"""
    if in_turn(s):
        log.append(LogEntry("lacitta.migration_done", {"moved": s.migrated}))
        return
    winners = s.voice_winners
    chosen = {cid: svc for cid, _seat, svc in s.choice_made}
    if len(winners) > 1 and s.choice_made:
        log.append(LogEntry("lacitta.voice_choices", {
            "choices": [{"seat": seat, "city": cid, "service": svc} for cid, seat, svc in s.choice_made]}))
    near = neighbours(s)
    points = city_points(s)
    moved = 0
    for seat in seat_order(s):
        moved += _migrate_seat(s, seat, chosen, near, points, log)
    log.append(LogEntry("lacitta.migration_done", {"moved": moved}))
