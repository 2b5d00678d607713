"""How good a position looks for one seat (greedy and the expert's playout horizon)."""

from __future__ import annotations

from ..engine import build as B
from ..engine import citizens as Z
from ..engine import components as C
from ..engine.flow import scratch
from ..engine.promises import promise_kept
from ..engine.scoring import breakdown

# A dollar in hand, against what it builds. Greedy vs two random bots on seeds 5000-5059: 0.6 won 49/60, 0.35
# won 51/60 (within noise), 0.5 + 0.15 per turn left won 2/14 (hoards); still short of the 90 % target.
MONEY = 0.35


# How often greedy's own play ends with each Promise kept (greedy vs two random bots, seeds 7100-7119), the
# chance of a Promise not kept yet: a Promise kept now at the start (no cemetery, low pollution) is not a
# Promise kept at the end.
KEEP_RATE = {1: 0.1, 2: 0.3, 3: 0.95, 4: 0.2, 5: 0.1, 6: 0.95, 7: 0.05, 8: 0.1, 9: 0.05, 10: 1.0, 11: 0.05,
             12: 0.0, 13: 0.0, 14: 0.0, 15: 0.5, 16: 0.0}
LASTING = {6, 13, 15}  # kept now, lost later (pollution, a death): judged at the end only


def promise_value(t, seat: int, num: int) -> float:
    """The Promise's expected points: kept now and lasting → its reward; else the chance greedy keeps it."""
    good, bad = C.PROMISE_VALUE[C.PROMISES[num]]
    kept = promise_kept(t, seat, num)
    if kept and num not in LASTING:
        return good
    if not kept and num in LASTING:
        return bad
    p = KEEP_RATE.get(num, 0.1)
    if kept:  # a lasting one still kept: surer as the end nears
        p += (1 - p) * max(0, t.turn - 1) / C.TURNS
    return p * good + (1 - p) * bad


POLLUTION_AHEAD = 0.4  # per turn left; 0.4 and 0.8 both won 30/30 on seeds 7000-7029


def pollution_rate(t, seat: int) -> int:
    """SC60 as things stand: the pollution the district makes each turn (citizens out of the town hall,
    tourists included, less park squares; production left out)."""
    people = sum(1 for x in B.tiles_of(t, seat) if x["kind"] != "town_hall" for o in x["slots"] if isinstance(o, int))
    parks = sum(len(x["sq"]) for x in B.tiles_of(t, seat) if x["kind"] == "park")
    return max(0, people - parks)


def seat_view_state(t, seat):
    """During Phase 2 a seat's own plan is its position."""
    if t.phase == "plan" and str(seat) in t.step.get("plans", {}):
        try:
            return scratch(t, seat)
        except Exception:
            return t
    return t


def value(t, seat: int) -> float:
    if t.phase == "over":
        d = breakdown(t, seat)
        best_other = max([breakdown(t, s)["score"] for s in range(t.n) if s != seat] or [d["score"]])
        return 1000.0 * (d["score"] >= best_other) + d["score"] * 5
    return position_value(seat_view_state(t, seat), seat)


def position_value(t, seat: int) -> float:
    """``value`` of a position with the seat's own plan already applied (``seat_view_state``)."""
    s = t.seats[seat]
    left = max(0, C.TURNS - t.turn)
    v = s["votes"] + MONEY * s["money"] - 1.2 * s["pollution"] + 0.8 * s["size"] * left / C.TURNS
    for tile in B.tiles_of(t, seat):
        kind, level = tile["kind"], tile["level"]
        mine = sum(1 for o in tile["slots"] if o == seat)
        if kind == "residential":
            v += left * 0.35 * mine * (mine + 1) / 2 + 0.8 * level
        elif kind == "commercial":
            v += 1.2 * level
        elif kind == "factory":
            v += 0.6 * level
        elif kind in C.CULTURAL:
            v += 1.5 * len(tile["sq"])
        elif kind == "park":
            v += 0.9 * len(tile["sq"])
        else:
            v += 1.0
    v += 0.5 * sum(B.stored(t, seat).values())
    v += 0.4 * len(Z.citizens_of(t, seat))
    v -= POLLUTION_AHEAD * left * pollution_rate(t, seat)
    if s["promise"] is not None:
        v += promise_value(t, seat, s["promise"])
    victory = t.options["victory"]
    if victory == "economic":
        v += s["real_estate"] + s["money"]
    elif victory == "citizen":
        v += 3 * s["citizen_total"] + 2 * len(Z.citizens_of(t, seat))
    elif victory == "cultural":
        v += 6 * sum(len(x["sq"]) for x in B.tiles_of(t, seat) if x["kind"] in C.CULTURAL)
    return v
