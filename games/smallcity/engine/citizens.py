"""Where citizens are and where they may go (SC35, SC40-SC44, G8)."""

from __future__ import annotations

from . import components as C
from . import grid as G
from .tiles import send_home, tiles_of


def key(tid: str, i: int) -> str:
    return f"{tid}:{i}"


def unkey(state, k):
    if not isinstance(k, str) or ":" not in k:
        return None, None
    tid, _, i = k.partition(":")
    t = state.tiles.get(tid)
    if t is None or not i.isdigit() or int(i) >= len(t["slots"]):
        return None, None
    return t, int(i)


def neighbours(state, seat: int) -> set[int]:
    """SC41: the left and right neighbours (one in 2p, none in solo), never an eliminated seat."""
    if state.n == 1:
        return set()
    out = {(seat + 1) % state.n, (seat - 1) % state.n} - {seat}
    return {s for s in out if not state.seats[s]["eliminated"]}


def citizens_of(state, seat: int) -> list[tuple[dict, int]]:
    """Every citizen of ``seat`` on a tile (town halls excluded)."""
    return [(t, i) for t in state.tiles.values() if t["kind"] != "town_hall"
            for i, o in enumerate(t["slots"]) if o == seat]


def active(state, d: int, kind: str) -> dict | None:
    for t in tiles_of(state, d):
        if t["kind"] == kind and t["slots"] and t["slots"][0] == d:
            return t
    return None


def police_zone(state, d: int) -> set[int]:
    t = active(state, d, "police")
    return G.zone_of(t["sq"]) if t else set()


def tourist_limit(state, seat: int) -> int:
    return 2 if any(t["kind"] == "metro" for t in tiles_of(state, seat)) else 1


def tourists_in(state, seat: int, d: int, skip=None) -> int:
    return sum(1 for t in tiles_of(state, d) for i, o in enumerate(t["slots"])
               if o == seat and (t["id"], i) != skip and t["kind"] != "town_hall")


def must_move(state, seat: int, t: dict) -> bool:
    if t["d"] != seat:
        return True  # tourists always move (SC41)
    return t["kind"] != "residential" and t["kind"] not in C.ACTIVATED


def _slot_ok(state, seat, from_t, from_i, t, i, held, zones) -> bool:
    if t["slots"][i] is not None or t["kind"] in ("town_hall", "warehouse") or not t["slots"]:
        return False
    if (t["id"], i) == (from_t["id"], from_i):
        return False
    if key(t["id"], i) in held:
        return False
    d = t["d"]
    if d != seat:
        if t["kind"] in C.NO_TOURIST:
            return False
        if t["sq"][i] in zones[d]:
            return False
        return True
    if t["kind"] in ("fire", "police"):
        return from_t["d"] == seat  # SC35: a citizen of your district activates it
    return True


def destinations(state, seat: int, from_t: dict, from_i: int, held) -> list[str]:
    """SC40/SC41/G8: the slots the citizen on (from_t, from_i) may move to; ["home"] when none."""
    here = from_t["d"]
    districts = {here} | neighbours(state, here)
    zones = {d: police_zone(state, d) for d in range(state.n)}
    skip = (from_t["id"], from_i)
    limit = tourist_limit(state, seat)
    out = []
    for d in sorted(districts):
        if state.seats[d]["eliminated"]:
            continue
        if d != seat and tourists_in(state, seat, d, skip) >= limit:
            continue
        for t in tiles_of(state, d):
            for i in range(len(t["slots"])):
                if _slot_ok(state, seat, from_t, from_i, t, i, held, zones):
                    out.append(key(t["id"], i))
    if not out and here != seat:  # a tourist with nowhere to go comes home (G8)
        for t in tiles_of(state, seat):
            for i in range(len(t["slots"])):
                if _slot_ok(state, seat, from_t, from_i, t, i, held, zones):
                    out.append(key(t["id"], i))
    return sorted(out) or ["home"]


def police_activation(state, d: int, log_fn) -> None:
    """SC35: tourists in the zone of a newly activated Police station go to their town halls."""
    zone = police_zone(state, d)
    for t in tiles_of(state, d):
        for i, o in enumerate(t["slots"]):
            if isinstance(o, int) and o != d and t["sq"][min(i, len(t["sq"]) - 1)] in zone:
                t["slots"][i] = None
                where = send_home(state, o)
                log_fn("police_sends_home", seat=o, district=d, to=where)


def empty_homes(state, seat: int) -> list[str]:
    """SC42: the ids of the seat's empty level-1 Residential zones."""
    return sorted((t["id"] for t in tiles_of(state, seat)
                   if t["kind"] == "residential" and t["level"] == 1 and t["slots"][0] is None),
                  key=lambda tid: int(tid[1:]))


def hall_citizens(state, seat: int) -> int:
    th = next(t for t in tiles_of(state, seat) if t["kind"] == "town_hall")
    return sum(1 for o in th["slots"] if o == seat)


def homes_to_choose(state, seat: int) -> bool:
    """SC42 « vous choisissez la destination »: more empty L1 Residential zones than town-hall citizens."""
    n = hall_citizens(state, seat)
    return 0 < n < len(empty_homes(state, seat))


def move_in(state, seat: int, tid: str) -> None:
    """One town-hall citizen into the empty L1 Residential ``tid`` (checked by the caller)."""
    th = next(t for t in tiles_of(state, seat) if t["kind"] == "town_hall")
    j = th["slots"].index(seat)
    th["slots"][j] = None
    state.tiles[tid]["slots"][0] = seat


def fill_level1(state, seat: int) -> int:
    """SC42: one town-hall citizen into each empty L1 Residential, when there are enough citizens for all
    (fewer homes than citizens: the rest stay). With more homes than citizens the player chooses first
    (the ``new_home`` decision); this is never called then."""
    moved = 0
    for tid in empty_homes(state, seat):
        if not hall_citizens(state, seat):
            break
        move_in(state, seat, tid)
        moved += 1
    return moved


def factory_arrivals(state, seat: int) -> int:
    """SC43 + G10: each empty Factory slot brings one quarry citizen to the town hall, until it is full."""
    empty = sum(1 for t in tiles_of(state, seat) if t["kind"] == "factory" for o in t["slots"] if o is None)
    th = next(t for t in tiles_of(state, seat) if t["kind"] == "town_hall")
    came = 0
    for j, o in enumerate(th["slots"]):
        if came < empty and o is None and state.seats[seat]["quarry"] > 0:
            th["slots"][j] = seat
            state.seats[seat]["quarry"] -= 1
            came += 1
    return came
