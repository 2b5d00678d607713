"""What one seat (or a spectator, None) may see — the only way hidden information leaves the engine.

Hidden: kept Promises and Special Promises (owner only until the game is over), promises offered at
setup and Special Promises drawn (owner only), every deck's order (counts only), the solo game's
face-down cards (count only), and each seat's Phase-2 plan until every plan is in (others see only
whether it is in)."""

from __future__ import annotations

from . import components as C
from .errors import IllegalMove
from .flow import may_act, pending, scratch


def _seat(state, s: int, viewer) -> dict:
    seat = state.seats[s]
    mine = viewer == s
    over = state.phase == "over"
    out = {k: seat[k] for k in ("money", "votes", "pollution", "pollution_start", "generated", "size",
                                "cemeteries", "dead", "quarry", "reserve", "discs", "card", "eliminated", "real_estate",
                                "citizen_total", "demolished", "demolitions", "town_hall_due")}
    out["discs"] = [list(d) for d in seat["discs"]]
    out["cemeteries"] = list(seat["cemeteries"])
    out["demolished"] = list(seat["demolished"])
    out["promise"] = seat["promise"] if (mine or over) else None
    out["has_promise"] = seat["promise"] is not None
    out["offer"] = list(seat["offer"]) if mine else None
    out["offer_count"] = len(seat["offer"])
    out["specials"] = list(seat["specials"]) if (mine or over) else None
    out["special_count"] = len(seat["specials"])
    return out


def view(state, viewer) -> dict:
    sub = (state.step or {}).get("sub") or []
    top = sub[-1] if sub else None
    current = None
    if top is not None:
        current = {"seat": top["seat"], "kind": top["kind"]}
        if top["kind"] == "keep_special":
            current["cards"] = list(top["cards"]) if viewer == top["seat"] else None
        if top["kind"] == "council_build":
            current["column"] = top["column"]
    v = {
        "game": "smallcity", "players_count": state.n, "viewer": viewer, "options": dict(state.options),
        "turn": state.turn, "phase": state.phase, "host": state.host, "street": state.street,
        "circle": list(state.circle), "picks": dict(state.picks), "hidden_cards": len(state.hidden_cards),
        "pending": sorted(pending(state)), "may_act": sorted(may_act(state)), "current": current,
        "tiles": [{k: (list(val) if isinstance(val, list) else val) for k, val in t.items()}
                  for t in sorted(state.tiles.values(), key=lambda t: int(t["id"][1:]))],
        "seats": [_seat(state, s, viewer) for s in range(state.n)],
        "supply": {k: (list(x) if isinstance(x, list) else x) for k, x in state.supply.items()},
        "materials": dict(state.materials), "removed": dict(state.removed),
        "decks": {k: len(d) for k, d in state.decks.items()},
        "substitutes": C.SUBSTITUTE_NOTICE,
        "result": state.result,
    }
    step = state.step or {}
    v["step"] = public_step(state, viewer)
    if state.phase in ("plan", "repair"):
        plans = step.get("plans", {})
        v["plans_in"] = sorted(step.get("done", []))
        # the viewer's own plan only: the others stay behind the screens (G4)
        v["my_plan"] = list(plans.get(str(viewer), [])) if viewer is not None else None
        if state.phase == "repair":
            v["repair"] = step["seat"]
        v["planned"] = planned(state, viewer)
    if state.phase in ("pick", "citizens", "council"):
        v["queue"] = list(step.get("queue", []))
    if state.phase == "citizens":
        v["moved"] = list(step.get("moved", []))
        v["held"] = list(step.get("held", []))
    if state.phase == "income":
        v["used"] = list(step.get("used", []))
        v["income_done"] = list(step.get("done", []))
    if state.phase == "pollution":
        v["deaths"] = list(step.get("deaths", []))
    return v


def planned(state, viewer) -> dict | None:
    """The viewer's own district as its plan leaves it (what its board shows while it plans, G4), or None for
    a seat with no plan to make now and for a spectator."""
    owner = state.step.get("seat") if state.phase == "repair" else viewer
    if viewer is None or viewer != owner or str(viewer) not in state.step.get("plans", {}):
        return None
    try:
        t = scratch(state, viewer)
    except IllegalMove:  # a plan broken by a shortage (G4): the board shows the district as it is
        return None
    seat = t.seats[viewer]
    return {"tiles": [_tile(x) for x in sorted(t.tiles.values(), key=lambda x: int(x["id"][1:])) if x["d"] == viewer],
            "money": seat["money"], "size": seat["size"], "pollution": seat["pollution"]}


def _tile(t: dict) -> dict:
    return {k: (list(val) if isinstance(val, list) else val) for k, val in t.items()}


def public_step(state, viewer) -> dict:
    """The phase bookkeeping as the viewer may see it: other seats' plans (before the reveal) and
    Special Promises drawn by others are masked; the rest is public."""
    step = state.step or {}
    out = {}
    for k, val in step.items():
        if k == "plans" and state.phase == "plan":
            out[k] = {s: (list(p) if s == str(viewer) else None) for s, p in val.items()}
        elif k == "sub":
            out[k] = [{**x, "cards": (list(x["cards"]) if x["seat"] == viewer else None)} if "cards" in x else dict(x)
                      for x in val]
        else:
            out[k] = _copy(val)
    return out


def _copy(v):
    if isinstance(v, list):
        return [_copy(x) for x in v]
    if isinstance(v, dict):
        return {k: _copy(x) for k, x in v.items()}
    return v
