"""Feeding (R60–R62): citizens beyond a player's food leave, the player choosing from
which cities; demolition follows (demolition.py). Cubes eat nothing."""

from __future__ import annotations

from kit.base import LogEntry

from .cities import cities_of, citizens
from .errors import illegal
from .migration import seat_order
from .state import State


def enter(s: State, log: list) -> None:
    s.starve = [0] * s.nplayers
    s.famine = [0] * s.nplayers
    for seat in seat_order(s):
        p = s.players[seat]
        people = citizens(s, seat)
        excess = people - p["food"]
        if excess > 0:
            s.starve[seat] = excess
            s.famine[seat] = excess
            log.append(LogEntry("lacitta.famine", {"seat": seat, "citizens": people, "food": p["food"],
                                                   "excess": excess}, seat))
        else:
            log.append(LogEntry("lacitta.fed", {"seat": seat, "citizens": people, "food": p["food"]}, seat))


def moves(s: State, seat: int, out: list) -> None:
    left = s.starve[seat]
    if left <= 0:
        return
    for cid in cities_of(s, seat):
        for k in range(1, min(left, s.pop[cid]) + 1):
            out.append({"type": "feeding_loss", "city": cid, "count": k})


def forced(s: State, seat: int):
    """Only one way to lose the citizens: a single city holds them all, or all must go."""
    left = s.starve[seat]
    if left <= 0:
        return None
    peopled = [cid for cid in cities_of(s, seat) if s.pop[cid] > 0]
    if len(peopled) == 1:
        return {"type": "feeding_loss", "city": peopled[0], "count": min(left, s.pop[peopled[0]])}
    if left >= sum(s.pop[cid] for cid in peopled):
        cid = peopled[0]
        return {"type": "feeding_loss", "city": cid, "count": s.pop[cid]}
    return None


def apply(s: State, seat: int, move: dict, log: list, auto: bool = False) -> None:
    if set(move) != {"type", "city", "count"}:
        raise illegal("bad_fields", "That move is not possible now", fields=sorted(move))
    cid, k = move["city"], move["count"]
    left = s.starve[seat]
    if left <= 0:
        raise illegal("fed", "Your citizens are all fed")
    if isinstance(cid, bool) or not isinstance(cid, int) or cid not in cities_of(s, seat):
        raise illegal("not_your_city", "Choose one of your cities", city=cid)
    if isinstance(k, bool) or not isinstance(k, int) or not 1 <= k <= min(left, s.pop[cid]):
        most = min(left, s.pop[cid])
        raise illegal("bad_count", f"Remove between 1 and {most} citizens from this city", max=most)
    s.pop[cid] -= k
    s.pool += k
    starve = s.starve[:]  # shared with other copies of the state
    starve[seat] = left - k
    s.starve = starve
    log.append(LogEntry("lacitta.feeding_loss", {"seat": seat, "city": cid, "count": k, "auto": auto}, seat))
