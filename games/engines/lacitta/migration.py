"""Voice of the People and migration (R50–R52).

Service points cannot change during migration (nothing is built or demolished until
it ends), so 2–2 choices are asked of everybody at once beforehand; they are then
resolved in the R52 order (first player, then clockwise; each player's cities in
ascending city id — a ruling, the books leave the order of one player's cities open).
A choice that cannot change which cities a city takes from is made automatically."""

from __future__ import annotations

from collections import Counter

from ..base import LogEntry
from .cities import cities, city_limit, services
from .constants import SERVICES, SVC_INDEX
from .geometry import empty_hexes_between
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
    """City -> opponent cities within R51's distance, ascending."""
    all_cities = cities(s)
    out = {}
    for cid, members in all_cities.items():
        near = empty_hexes_between(s.geo, s.kind, s.city, members, NEIGHBOUR_DISTANCE)
        out[cid] = sorted(o for o in near if s.owner[o] != s.owner[cid])
    return out


def takes_from(points: dict, cid: int, svc: str, near: list[int]) -> list[int]:
    i = SVC_INDEX[svc]
    mine = points[cid][i]
    return [o for o in near if mine > points[o][i]]


def open_choices(s: State, log: list) -> None:
    """Set up the 2–2 decisions: one per city whose choice matters."""
    winners = s.voice_winners
    s.choice_open = []
    s.choice_made = []
    if len(winners) < 2:
        return
    near = neighbours(s)
    points = {cid: services(s, cid) for cid in cities(s)}
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


def migrate(s: State, log: list) -> None:
    """R52: every city takes one citizen from each neighbouring opponent city with fewer
    points in its service; a full city sends the citizen to the pool."""
    winners = s.voice_winners
    chosen = {cid: svc for cid, _seat, svc in s.choice_made}
    if len(winners) > 1 and s.choice_made:
        log.append(LogEntry("lacitta.voice_choices", {
            "choices": [{"seat": seat, "city": cid, "service": svc} for cid, seat, svc in s.choice_made]}))
    near = neighbours(s)
    all_cities = cities(s)
    points = {cid: services(s, cid) for cid in all_cities}
    moved = 0
    for seat in seat_order(s):
        for cid in sorted(c for c in all_cities if s.owner[c] == seat):
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
    log.append(LogEntry("lacitta.migration_done", {"moved": moved}))
