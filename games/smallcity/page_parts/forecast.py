"""The forecast panel: this turn's income, votes and pollution for the viewer."""

from __future__ import annotations

FORECAST_PHASES = ("plan", "repair", "citizens", "income")


def forecast(view: dict) -> dict | None:
    """This turn's income, votes and pollution for the viewer, the district as it stands (its plan
    included while planning) and its citizens staying where they are: SC50-SC51's sure dollars (tourists,
    `$1` places), SC55's votes, SC60's pollution (materials produced counted, Engineer aside)."""
    me = view.get("viewer")
    if me is None or view["phase"] not in FORECAST_PHASES:
        return None
    planned = view.get("planned")
    mine = planned["tiles"] if planned else [t for t in view["tiles"] if t["d"] == me]
    votes = money = people = produced = parks = visitors = 0
    for t in mine:
        own = [i for i, o in enumerate(t["slots"]) if o == me]
        if t["kind"] == "residential":
            votes += len(own) * (len(own) + 1) // 2
        elif t["kind"] == "university" and own:
            votes += 3
        elif t["kind"] == "park":
            parks += len(t["sq"])
        if t["kind"] != "town_hall":
            people += sum(1 for o in t["slots"] if isinstance(o, int))
            visitors += sum(1 for o in t["slots"] if isinstance(o, int) and o != me)  # they pay SC50
        if t["kind"] == "factory":
            produced += sum(1 for o in t["slots"] if isinstance(o, int))
    for t in view["tiles"]:  # the viewer's citizens on `$1` places, wherever they work
        if t["kind"] == "commercial":
            money += sum(1 for i, o in enumerate(t["slots"]) if o == me and t["types"][i] == "$1")
    if view["seats"][me]["card"] == "D":
        produced = 0
    if view["phase"] != "income":  # in Phase 4 the visitors have paid already (the table has it)
        money += visitors
    return {"votes": votes, "money": money, "pollution": max(0, people + produced - parks)}
