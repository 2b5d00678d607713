"""The forecast panel: what each Voice would do to the viewer's cities, and whether its food covers
its citizens."""

from __future__ import annotations

from games.lacitta.engine.constants import (
    SERVICES,
)
from games.lacitta.texts import SERVICES as SERVICE_NAMES

from .. import places


def forecast(view: dict, seat: int | None) -> dict | None:
    """What the table does not tell: for each Voice, which of my cities would
    gain or lose citizens against which neighbours; and whether my food covers
    my citizens (now and, when another year follows, after its growth)."""
    if seat is None:
        return None
    cities = {c["id"]: c for c in view["cities"]}
    mine = [c for c in view["cities"] if c["owner"] == seat]
    rows = []
    for service in SERVICES:
        entries = []
        for city in mine:
            gain, lose = [], []
            for other_id in city["neighbours"]:
                other = cities.get(other_id)
                if other is None or other["owner"] == seat:
                    continue
                ours, theirs = city["services"][service], other["services"][service]
                if ours > theirs:
                    gain.append(places.city_name(other_id))
                elif ours < theirs:
                    lose.append(places.city_name(other_id))
            entries.append({"city": city["id"], "name": places.city_name(city["id"]), "gain": len(gain),
                            "lose": len(lose), "from": ", ".join(gain), "to": ", ".join(lose)})
        rows.append({"service": SERVICE_NAMES[service], "cities": entries,
                     "net": sum(e["gain"] - e["lose"] for e in entries)})
    me = view["players"][seat]
    growth = sum(1 for c in mine if c["room"] is None or c["room"] > 0)
    # R22/R64: growth comes at the start of a year; none follows the last year.
    growth_follows = not view.get("final_year") and view["phase"] != "over"
    return {
        "rows": rows,
        "food": me["food"],
        "citizens": me["citizens"],
        "growth_follows": growth_follows,
        "after_growth": me["citizens"] + growth,
        "short_now": max(me["citizens"] - me["food"], 0),
        "short_after_growth": max(me["citizens"] + growth - me["food"], 0) if growth_follows else 0,
    }

