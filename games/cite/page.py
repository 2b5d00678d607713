"""What the Cité game page shows, from ``view(state, seat)`` and the seat's legal moves (a
``play.page_input.PageInput``; no database): every seat's resources, squares and production; the
district sheet; the trading window (offers made to you, your own, the others', contracts and their
schedule; the form to make an offer, with its binding wording); construction (pick a building,
then a highlighted square on the sheet, then confirm the cost and the payment); the other actions
(buy squares, Bank, transformers, Market, Flea market) and "done"; the end screen.

A building is placed in three steps whose choices travel in the address (``?m=``), as every game's
move builder: ``{"type": "build", "kind": k}`` → ``…, "at": "x,y"`` → ``…, "turn": "h"|"v"`` when
both directions fit there. Every shape is a rectangle (G2), so its top-left square and its direction
name it."""

from __future__ import annotations

import json

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from play import end_screen, move_builder
from play.drawings import drawn_once
from play.texts import clauses

from . import svg, texts
from .engine.board import quarter_of, touching
from .engine.components import BUILDINGS, MARKED, PROFESSION_COLOURS, PROFESSIONS, RESOURCES, SQUARES, TRANSFORMERS
from .engine.costs import cheapest_payment
from .engine.limits import MAX_OFFERS_PER_ROUND, MAX_OPEN_OFFERS
from .engine.placement import placements
from .engine.powers import build_cost, linked_to_cells
from .engine.state import State

PLACING = ("place", "build")
TURN_WORDS = {"h": gettext_lazy("lying across (left to right)"), "v": gettext_lazy("standing (top to bottom)")}


def _json(move: dict) -> str:
    return json.dumps(move, separators=(",", ":"), sort_keys=True)


def _state_of(view: dict) -> State:
    """The position again, from the view (nothing is hidden in Cité: the view holds the whole state)."""
    return State.from_json({k: view[k] for k in State.__slots__ if k != "cells" and k in view})


def _rect(cells) -> tuple[int, int, str]:
    xs = [c[0] for c in cells]
    ys = [c[1] for c in cells]
    w, h = max(xs) - min(xs) + 1, max(ys) - min(ys) + 1
    return min(xs), min(ys), "h" if w > h else "v" if h > w else "-"


def _xy(raw) -> tuple[int, int] | None:
    try:
        x, y = str(raw).split(",")
        return int(x), int(y)
    except (TypeError, ValueError):
        return None


# --------------------------------------------------------------------------------- the players

def players(view: dict, names: list[str], colours: list[str], seat: int | None) -> list[dict]:
    out = []
    for i, s in enumerate(view["seats"]):
        forecast = view["forecast"][i]
        out.append({
            "seat": i, "name": names[i], "colour": colours[i], "me": i == seat,
            "profession": str(texts.PROFESSION_NAMES[s["profession"]]),
            "profession_colour": PROFESSION_COLOURS[s["profession"]],
            "resource": texts.resource_name(PROFESSIONS[s["profession"]]), "quarter": s["quarter"] + 1,
            "res": [(k, texts.resource_name(k), s["res"][k]) for k in RESOURCES if s["res"][k]],
            "total": sum(s["res"].values()),
            "bank": texts.bundle_text({k: n for k, n in s["bank"].items() if n}) if any(s["bank"].values()) else "",
            "squares": s["squares"], "done": s["done"], "owes": i in view["pending"],
            "may_act": i in view["may_act"], "built": forecast["score"]["built"], "score": forecast["score"]["score"],
            "production": texts.bundle_text(forecast["production"]),
            "guild": forecast["guild_squares"],
            "left": sum(n * SQUARES[k] for k, n in s["left"].items()),
        })
    return out


# --------------------------------------------------------------------------------- offers

def _by_type(legal: list[dict]) -> dict[str, list[dict]]:
    out: dict[str, list[dict]] = {}
    for m in legal:
        out.setdefault(m["type"], []).append(m)
    return out


def offers(view: dict, names: list[str], seat: int | None, legal: dict[str, list[dict]]) -> dict:
    """The open offers: made to you (with accept/decline/counter), yours (withdraw), the others' (public
    like table talk); and every contract with its schedule and what was paid."""
    answers = {(m["type"], m["offer"]): m for t in ("accept", "decline", "cancel", "counter")
               for m in legal.get(t, [])}
    incoming, outgoing, others = [], [], []
    stock = [s["res"] for s in view["seats"]]
    for o in view["offers"]:
        row = {
            "id": o["id"], "from": names[o["from"]], "from_seat": o["from"],
            "to": ", ".join(names[r] for r in o["to"]),
            "give": texts.bundle_text(o["give"]), "get": texts.bundle_text(o["get"]),
            "later_give": texts.bundle_text(o["later_give"]) if o.get("later_give") else "",
            "later_get": texts.bundle_text(o["later_get"]) if o.get("later_get") else "",
            "due": texts.rounds_text(_rounds_of(o)), "counter_of": o.get("counter_of", ""),
            "contract": contract_text(o, names),
            "accept": _json(answers[("accept", o["id"])]) if ("accept", o["id"]) in answers else "",
            "decline": _json(answers[("decline", o["id"])]) if ("decline", o["id"]) in answers else "",
            "cancel": _json(answers[("cancel", o["id"])]) if ("cancel", o["id"]) in answers else "",
            "counter": ("counter", o["id"]) in answers,
            "counter_form": offer_form(answers.get(("counter", o["id"])), names, reversed_terms(o), counter=True,
                                       stock=stock, recipients=[o["from"]], uid=f"ct-co-{o['id']}"),
            "cannot_accept": seat in o["to"] and ("accept", o["id"]) not in answers,
        }
        if seat is not None and seat in o["to"]:
            incoming.append(row)
        elif o["from"] == seat:
            outgoing.append(row)
        else:
            others.append(row)
    contracts = []
    for c in view["contracts"]:
        payments = c["payments"]
        contracts.append({
            "id": c["id"], "a": names[c["a"]], "b": names[c["b"]], "due": texts.rounds_text(c["rounds"]),
            "a_pays": texts.bundle_text(c["a_pays"]), "b_pays": texts.bundle_text(c["b_pays"]),
            "state": "breached" if c.get("breached") else "paid" if len(payments) == len(c["rounds"]) else "due",
            "schedule": [_payment_row(r, payments.get(str(r)), names, c) for r in c["rounds"]],
            "mine": seat in (c["a"], c["b"]),
        })
    return {"incoming": incoming, "outgoing": outgoing, "others": others, "contracts": contracts}


def _rounds_of(o: dict) -> list[int]:
    return list(o.get("later_rounds") or [o["round"] + 1])


def _payment_row(r: int, record: dict | None, names: list[str], c: dict) -> dict:
    """One Production of a contract's schedule (G12): due, paid, or breached with what was short (public)."""
    if record is None:
        return {"round": r, "state": "due", "text": _("round %(n)s: due") % {"n": r}}
    short = [(names[c["a"] if side == "a_pays" else c["b"]], record[side]["short"]) for side in ("a_pays", "b_pays")
             if record[side]["short"]]
    if not short:
        return {"round": r, "state": "paid", "text": _("round %(n)s: paid") % {"n": r}}
    owed = clauses(_("%(who)s short of %(what)s") % {"who": who, "what": texts.bundle_text(what)}
                     for who, what in short)
    return {"round": r, "state": "breached", "text": _("round %(n)s: BREACHED (%(owed)s)") % {"n": r, "owed": owed}}


def contract_text(o: dict, names: list[str]) -> str:
    """An offer's binding contract in words ("" when it has none)."""
    give, get = o.get("later_give") or {}, o.get("later_get") or {}
    if not give and not get:
        return ""
    words = {"due": texts.rounds_text(_rounds_of(o)), "a": names[o["from"]], "give": texts.bundle_text(give),
             "get": texts.bundle_text(get)}
    if give and get:
        return _("binding contract at the Production of %(due)s: %(a)s gives %(give)s and gets %(get)s each "
                 "time") % words
    if give:
        return _("binding contract at the Production of %(due)s: %(a)s gives %(give)s each time") % words
    return _("binding contract at the Production of %(due)s: %(a)s gets %(get)s each time") % words


def reversed_terms(o: dict) -> dict:
    """A counter-offer's first draft (issue 42): the offer turned round, what it asked for given and what it
    gave wanted, its contract's sides swapped and paid at the same Productions."""
    return {"give": o["get"], "get": o["give"], "later_give": o.get("later_get") or {},
            "later_get": o.get("later_give") or {},
            "later_rounds": _rounds_of(o) if o.get("later_give") or o.get("later_get") else []}


def _count(raw) -> int:
    return raw if isinstance(raw, int) and not isinstance(raw, bool) and raw > 0 else 0


def offer_form(legal_offer: dict | None, names: list[str], prefill: dict, *, counter: bool = False,
               stock: list[dict] | None = None, recipients: list[int] | None = None,
               uid: str = "ct-of") -> dict | None:
    """The form that makes an offer (or counters one): recipients, what you give now, what you want now
    (beside each kind, what each recipient holds, and a warning when the draft asks someone for more), and an
    optional binding contract paid at the Productions of the rounds ticked (G12), as one grid of the kinds."""
    if legal_offer is None:
        return None
    ranges = legal_offer["ranges"]
    to = ranges.get("to")
    whom = list(recipients if recipients is not None else to["of"] if to else [])
    cut = []  # a draft's counts beyond what can be given or asked (a counter's side nobody holds that much of)

    def side(field):
        spec = ranges.get(field)
        if spec is None:
            return None
        wanted = prefill.get(field) if isinstance(prefill.get(field), dict) else {}
        cut.extend(_("%(kind)s %(asked)s → %(most)s") % {"kind": texts.resource_name(k), "asked": _count(n),
                                                          "most": spec["of"].get(k, 0)}
                   for k, n in wanted.items() if k in RESOURCES and _count(n) > spec["of"].get(k, 0))
        items = []
        for k, most in spec["of"].items():
            value = min(_count(wanted.get(k, 0)), most)
            item = {"kind": k, "label": texts.resource_name(k), "most": most, "value": value,
                    "id": f"{uid}-{field}-{k}"}
            if field == "get" and stock is not None and whom:
                held = [(names[r], stock[r].get(k, 0)) for r in whom]
                item["held"] = json.dumps([[r, names[r], stock[r].get(k, 0)] for r in whom])
                item["stock"] = ", ".join(_("%(who)s has %(n)s") % {"who": who, "n": n} for who, n in held)
                short = [who for who, n in held if n < value]
                warn = _("Warning: more than %(who)s holds, so they cannot accept it")
                item["warn"] = warn % {"who": ", ".join(short)} if short else ""
            items.append(item)
        return {"name": move_builder.FIELD_PREFIX + field, "label": str(texts.FIELD_LABELS[field]), "items": items}

    later = ranges.get("later_rounds")
    ticked = [r for r in prefill.get("later_rounds") or [] if isinstance(r, int)] if isinstance(
        prefill.get("later_rounds"), list) else []
    ticked = [r for r in ticked if later and r in later["of"]] or (later["of"][:1] if later else [])
    give, get = side("give"), side("get")
    later_give, later_get = side("later_give"), side("later_get")
    return {
        # G12: the Productions the contract is paid at (next round's ticked, or the countered offer's; any later
        # ones may be added).
        "rounds": [{"value": json.dumps(r), "label": texts.rounds_text([r]), "checked": r in ticked}
                   for r in later["of"]] if later else [],
        "rounds_name": move_builder.FIELD_PREFIX + "later_rounds",
        "json": _json(legal_offer), "counter": counter, "offer": legal_offer.get("offer", ""), "uid": uid,
        "to": [{"value": json.dumps(v), "label": names[v], "checked": len(to["of"]) == 1}
               for v in to["of"]] if to else [],
        "to_name": move_builder.FIELD_PREFIX + "to",
        "recipient": ", ".join(names[r] for r in whom) if counter else "",
        "give": give, "get": get, "later_give": later_give, "later_get": later_get,
        # offer.js says the warning again as the counts and the recipients change (%(who)s: who is short).
        "warn": _("Warning: more than %(who)s holds, so they cannot accept it"),
        # The contract as one grid: a row a kind, what you give and what you get at each Production side by side.
        "contract_rows": [{"label": a["label"], "kind": a["kind"], "give": a, "get": b}
                          for a, b in zip(later_give["items"], later_get["items"], strict=True)]
        if later_give and later_get else [],
        "contract_open": any(it["value"] for s in (later_give, later_get) if s for it in s["items"]),
        "prefilled": bool(prefill) and not counter,
        "cut": _("Cut to what is held: %(counts)s.") % {"counts": ", ".join(cut)} if cut else "",
    }


def offer_limit(view: dict, seat: int) -> str:
    """Why the offer form is not shown when a flood limit stops it (issue 42: it vanished silently)."""
    if view["seats"][seat]["offers_made"] >= MAX_OFFERS_PER_ROUND:
        return _("You made %(limit)s offers this round, the most a round allows: answer or wait for the next "
                 "round.") % {"limit": MAX_OFFERS_PER_ROUND}
    if sum(1 for o in view["offers"] if o["from"] == seat) >= MAX_OPEN_OFFERS:
        return _("You have %(limit)s open offers, the most at once: withdraw one to make another.") % {
            "limit": MAX_OPEN_OFFERS}
    return ""


# --------------------------------------------------------------------------------- construction

def place_words(view: dict, seat: int, names: list[str], cells, *, besides=()) -> str:
    """Where squares lie, in words a screen reader's user can place (issue 42): the buildings they touch
    (an edge, across borders too: G5) and whose quarter it is — "next to your Quarry and bob's Forge, in the
    Smith's quarter"; "on your marked square"; "" for no squares. ``besides``: buildings not to name (the one
    being lifted)."""
    cells = [tuple(c) for c in cells]
    if not cells:
        return ""
    parts = []
    own_quarter = view["seats"][seat]["quarter"]
    if tuple(MARKED[own_quarter]) in cells:
        parts.append(_("on your marked square"))
    near = []
    for b_id, b in sorted(view["buildings"].items(), key=lambda item: (item[1]["cells"], item[0])):
        if b_id in besides or any(tuple(c) in cells for c in b["cells"]):
            continue
        if touching(cells, [tuple(c) for c in b["cells"]]):
            name = texts.building_name(b["kind"], view["seats"][b["owner"]]["profession"])
            near.append(_("your %(name)s") % {"name": name} if b["owner"] == seat else
                        _("%(player)s's %(name)s") % {"player": names[b["owner"]], "name": name})
    if near:
        listed = near[0] if len(near) == 1 else _("%(names)s and %(last)s") % {"names": ", ".join(near[:-1]),
                                                                               "last": near[-1]}
        parts.append(_("next to %(buildings)s") % {"buildings": listed})
    quarter = quarter_of(cells[0])
    owner = next((i for i, s in enumerate(view["seats"]) if s["quarter"] == quarter), None)
    if owner == seat:
        parts.append(_("in your quarter"))
    elif owner is not None:
        parts.append(_("in the %(profession)s's quarter") % {
            "profession": texts.PROFESSION_NAMES[view["seats"][owner]["profession"]]})
    return ", ".join(parts)


def _placing_options(legal: list[dict], kind_filter: str | None = None) -> list[tuple[dict, list]]:
    """(legal move, cells) for every place of every build/place move."""
    out = []
    for m in legal:
        if m["type"] not in PLACING or (kind_filter and m["kind"] != kind_filter):
            continue
        places = m["ranges"]["cells"]["of"] if "ranges" in m else [m["cells"]]
        for cells in places:
            out.append((m, cells))
    return out


def _engine_move(m: dict, cells) -> dict:
    move = move_builder.move_of({k: v for k, v in m.items() if k != "ranges"})
    move["cells"] = cells
    return move


def buildings_to_build(legal: list[dict], view: dict, seat: int, base_url: str, chosen: str | None) -> list[dict]:
    """The kinds that can be placed now, each a link to the step that asks where (cheapest cost first)."""
    kinds: dict[str, dict] = {}
    profession = view["seats"][seat]["profession"]
    for m in legal:
        if m["type"] not in PLACING:
            continue
        k = m["kind"]
        entry = kinds.setdefault(k, {"kind": k, "name": texts.building_name(k, profession),
                                     "power": str(texts.POWERS.get(k, "")), "squares": SQUARES[k],
                                     "costs": set(), "left": view["seats"][seat]["left"][k],
                                     "tag": BUILDINGS[k]["tag"],
                                     "url": f"{base_url}?m={move_builder.encode({'type': m['type'], 'kind': k})}",
                                     "chosen": k == chosen})
        if "cost" in m:
            entry["costs"].add(m["cost"])
            entry.setdefault("pays", {}).setdefault(m["cost"], m.get("pay") or [])
    for e in kinds.values():
        costs = sorted(e.pop("costs"))
        e["cost"] = (str(costs[0]) if len(costs) == 1 else f"{costs[0]}–{costs[-1]}") if costs else ""
        e["hint"] = _kind_hint(e["squares"], costs, e.pop("pays", {}), e["left"], placing=not costs)
    return sorted(kinds.values(), key=lambda e: (e["squares"], e["name"]))


def _resources(collections) -> dict:
    """What collections take in all, per resource."""
    total: dict[str, int] = {}
    for c in collections or []:
        for k, n in c.items():
            total[k] = total.get(k, 0) + n
    return total


def _kind_hint(squares: int, costs: list[int], pays: dict, left: int, *, placing: bool) -> str:
    """A building button's words after its name: its size, what it costs in squares and in resources (the
    cheapest place's payment from what you hold), how many are left: "1 square · costs 1 square: 4 Wood, 4
    Stone · ×2"."""
    parts = [ngettext("%(n)s square", "%(n)s squares", squares) % {"n": squares}]
    if placing:
        parts.append(_("free (round 1)"))
    elif costs:
        low = costs[0]
        cost = (ngettext("costs %(n)s square", "costs %(n)s squares", low) % {"n": low} if len(costs) == 1 else
                _("costs %(low)s to %(high)s squares") % {"low": low, "high": costs[-1]})
        paid = _resources(pays.get(low))
        if not paid:
            cost += _(", covered by the squares you hold")
        elif len(costs) == 1:
            cost += _(": %(resources)s") % {"resources": texts.bundle_text(paid)}
        else:
            cost += _(", from %(resources)s") % {"resources": texts.bundle_text(paid)}
        parts.append(cost)
    if left > 1:
        parts.append(f"×{left}")
    return " · ".join(parts)


def lacking(view: dict, seat: int, legal: list[dict], base_url: str) -> list[dict]:
    """The payment helper for what you cannot build yet: the cheapest collections and what they lack,
    with an offer drafted from it (one click fills the offer form). Worked out once per position and
    seat (``play.drawings``): the steps of a move being built show it again unchanged."""
    if view["stage"] != "window":
        return []
    buildable = sorted({m["kind"] for m in legal if m["type"] == "build"})
    return drawn_once("cite.lacking", _lacking, view, seat, buildable, base_url)


def _lacking(view: dict, seat: int, buildable: list[str], base_url: str) -> list[dict]:
    state = _state_of(view)
    s = view["seats"][seat]
    out = []
    for kind, n in s["left"].items():
        if not n or kind in buildable:
            continue
        places = placements(state, seat, kind)
        if not places:
            continue
        cost = min(build_cost(state, kind, p) for p in places)
        plan = cheapest_payment(s["res"], max(0, cost - s["squares"]))
        if not plan or not plan["lacks"]:
            continue
        draft = {"type": "offer", "get": plan["lacks"]}
        out.append({"name": texts.building_name(kind, s["profession"]), "cost": cost,
                    "lacks": texts.bundle_text(plan["lacks"]),
                    "collections": texts.collections_text(plan["collections"]),
                    "draft_url": f"{base_url}?m={move_builder.encode(draft)}#ct-offer-form"})
    out.sort(key=lambda e: (sum(1 for _ in e["lacks"].split(",")), e["cost"]))
    return out[:6]


def placing_step(legal: list[dict], partial: dict, view: dict, names: list[str], base_url: str) -> dict | None:
    """The step of placing a building: the squares to tap, the directions, or the confirmation."""
    t, kind = partial.get("type"), partial.get("kind")
    if t not in PLACING or not isinstance(kind, str):
        return None
    options = _placing_options([m for m in legal if m["type"] == t], kind)
    if not options:
        return None
    seat = view["viewer"]
    name = texts.building_name(kind, view["seats"][seat]["profession"])
    the = texts.building_name_the(kind, view["seats"][seat]["profession"])  # « l'Auberge », « la Banque »
    url = lambda p: f"{base_url}?m={move_builder.encode(p)}"  # noqa: E731
    at = _xy(partial.get("at"))
    turn = partial.get("turn")
    here = [(m, cells) for m, cells in options if at is not None and _rect(cells)[:2] == at]
    if turn in ("h", "v", "-"):
        here = [(m, cells) for m, cells in here if _rect(cells)[2] == turn]
    step = {"kind": kind, "name": name, "targets": {}, "target_list": [], "turns": [], "confirm": None,
            "selected": set(), "cancel_url": base_url, "power": str(texts.POWERS.get(kind, "")), "linked": set()}
    if not here:
        anchors: dict[tuple[int, int], list] = {}
        for m, cells in options:
            x, y, _d = _rect(cells)
            anchors.setdefault((x, y), []).append((m, cells))
        for (x, y), found in sorted(anchors.items(), key=lambda item: (item[0][1], item[0][0])):
            costs = sorted({m.get("cost") for m, _c in found if "cost" in m})
            cost = ngettext(" (%(n)s square)", " (%(n)s squares)", costs[0]) % {"n": costs[0]} if costs else ""
            # Named by what it touches there (either way it may lie), not by its coordinates alone.
            cells_here = sorted({tuple(c) for _m, cs in found for c in cs})
            title = _("Put %(the_name)s with its top-left corner at %(cell)s, %(where)s%(cost)s") % {
                "the_name": the, "cell": svg.cell_name(x, y), "cost": cost,
                "where": place_words(view, seat, names, cells_here)}
            link = url({"type": t, "kind": kind, "at": f"{x},{y}"})
            step["targets"][(x, y)] = svg.Target(link, title)
            step["target_list"].append({"label": title, "url": link})
        return step
    turns = sorted({_rect(cells)[2] for _m, cells in here})
    if len(turns) > 1:
        for d in turns:
            link = url({"type": t, "kind": kind, "at": partial["at"], "turn": d})
            cells_d = next(cells for _m, cells in here if _rect(cells)[2] == d)
            step["turns"].append({"label": _("%(way)s: %(where)s") % {
                "way": TURN_WORDS.get(d, d), "where": place_words(view, seat, names, cells_d)}, "url": link})
        step["selected"] = {at}
        return step
    m, cells = here[0]
    move = _engine_move(m, cells)
    step["selected"] = {tuple(c) for c in cells}
    where = ", ".join(svg.cell_name(*c) for c in cells) + " (" + place_words(view, seat, names, cells) + ")"
    if t == "place":
        text = _("Place %(the_name)s on %(cells)s, free (round 1: you may lift it again until you are done).") % {
            "the_name": the, "cells": where}
    else:
        at_hand = view["seats"][seat]["squares"]
        text = _("Build %(the_name)s on %(cells)s for %(cost)s. You pay %(pay)s.") % {
            "the_name": the, "cells": where,
            "cost": ngettext("%(n)s square", "%(n)s squares", m["cost"]) % {"n": m["cost"]},
            "pay": texts.collections_text(m["pay"]) if m["pay"] else _("nothing: your squares at hand cover it")}
        if at_hand:
            text += " " + ngettext("(%(n)s square at hand is used first.)", "(%(n)s squares at hand are used first.)",
                                   at_hand) % {"n": at_hand}
        text += " " + _("If the cost falls before your move lands (a neighbour's new Manufacture), you pay "
                        "the lower cost; it never rises above what is said here.")
    # Adjacency links (G5: an edge, or a Paved street both touch; across quarter borders too), outlined on
    # the sheet and said in words: what this building will work with.
    state = _state_of(view)
    links = sorted(linked_to_cells(state, [tuple(c) for c in cells]))
    step["linked"] = set(links)
    if links:
        text += " " + _("It will be linked to: %(list)s.") % {"list": ", ".join(
            _("%(name)s of %(player)s") % {"name": texts.building_name(view["buildings"][b]["kind"],
                                                                        view["seats"][view["buildings"][b]["owner"]][
                                                                            "profession"]),
                                           "player": names[view["buildings"][b]["owner"]]} for b in links)}
    step["confirm"] = {"json": _json(move), "text": text}
    return step


def lifts(legal: list[dict], view: dict, names: list[str] | None = None) -> list[dict]:
    seat = view["viewer"]
    names = names or [str(i) for i in range(len(view["seats"]))]
    out = []
    for m in legal:
        if m["type"] == "lift":
            b = view["buildings"][m["building"]]
            name = texts.building_name(b["kind"], view["seats"][seat]["profession"])
            the = texts.building_name_the(b["kind"], view["seats"][seat]["profession"])  # « la Carrière »
            out.append({"json": _json(m), "label": _("Lift %(the_name)s") % {"the_name": the}, "name": name, "the": the,
                        "where": ", ".join(svg.cell_name(*c) for c in b["cells"]),
                        "near": place_words(view, seat, names, b["cells"], besides=(m["building"],))})
    # Two of a kind (two Quarries) are told apart by their squares, on the button and in its accessible name.
    twice = {e["name"] for e in out if sum(1 for o in out if o["name"] == e["name"]) > 1}
    for e in out:
        e["label_long"] = _("Lift %(the_name)s on %(cells)s, %(where)s") % {"the_name": e["the"], "cells": e["where"],
                                                                              "where": e["near"]}
        if e["name"] in twice:
            e["label"] = _("Lift %(the_name)s on %(cells)s") % {"the_name": e["the"], "cells": e["where"]}
    return out


# --------------------------------------------------------------------------------- other actions

def other_actions(legal: dict[str, list[dict]], view: dict) -> list[dict]:
    """Buy squares, the Bank, transformers, the Market and the Flea market: each a small form."""
    seat = view["viewer"]
    s = view["seats"][seat]
    out = []
    for m in legal.get("buy", []):
        out.append({"kind": "buy", "json": _json(m), "title": _("Buy squares ahead"),
                    "hint": _("The cheapest collections are paid; squares not built this round are lost."),
                    "fields": [{"type": "int", "name": move_builder.FIELD_PREFIX + "squares",
                                "label": _("Squares"), "min": 1, "max": m["ranges"]["squares"]["max"], "value": 1}]})
    for m in legal.get("bank", []):
        spec = m["ranges"]["deposit"]
        out.append({"kind": "bank", "json": _json(m), "title": _("Bank deposit"),
                    "hint": _("Up to %(n)s resources; each later Production yields a copy of each. Set the whole "
                              "deposit (0 everywhere takes it all back).") % {"n": spec["max_total"]},
                    "fields": [{"type": "bundle", "name": move_builder.FIELD_PREFIX + "deposit",
                                "items": [{"kind": k, "label": texts.resource_name(k), "most": most,
                                           "value": s["bank"].get(k, 0)} for k, most in spec["of"].items()]}]})
    for m in legal.get("convert", []):
        b = view["buildings"][m["building"]]
        out.append({"kind": "convert", "json": _json(m),
                    "title": texts.building_name(b["kind"]), "hint": str(texts.POWERS[b["kind"]]),
                    "fields": [{"type": "int", "name": move_builder.FIELD_PREFIX + "times", "label": _("Times"),
                                "min": 1, "max": m["ranges"]["times"]["max"], "value": 1}]})
    for m in legal.get("market", []):
        give = m["ranges"]["give"]["of"]
        out.append({"kind": "market", "json": _json(m), "title": _("Market: 4 resources → 1"),
                    "hint": _("Give exactly 4 resources of any kinds for 1 of any kind."),
                    "fields": [{"type": "bundle", "name": move_builder.FIELD_PREFIX + "give", "label": _("You give"),
                                "items": [{"kind": k, "label": texts.resource_name(k), "most": most, "value": 0}
                                          for k, most in give.items()]},
                               {"type": "choice", "name": move_builder.FIELD_PREFIX + "get", "label": _("You get"),
                                "choices": [(json.dumps(k), texts.resource_name(k)) for k in RESOURCES]}]})
    for m in legal.get("flea", []):
        out.append({"kind": "flea", "json": _json(m), "title": _("Flea market: 1 resource → 1 Gold"),
                    "hint": _("Once per round."),
                    "fields": [{"type": "choice", "name": move_builder.FIELD_PREFIX + "give", "label": _("You give"),
                                "choices": [(json.dumps(k), texts.resource_name(k))
                                            for k in m["ranges"]["give"]["of"]]}]})
    return out


# --------------------------------------------------------------------------------- the end

def end_rows(view: dict, names: list[str], colours: list[str]) -> list[dict]:
    result = view.get("result")
    if not result:
        return []
    rows = [{**d, "seat": i, "name": names[i], "colour": colours[i], "rank": result["ranks"][i]}
            for i, d in enumerate(result["details"])]
    return sorted(rows, key=lambda r: (r["rank"], r["seat"]))


def latest_marks(page) -> set[str]:
    out = set()
    for line in page.last_move:
        b = line.params.get("building")
        if isinstance(b, str):
            out.add(b)
    return out


def context(page) -> dict:
    view, seat, names, colours = page.view, page.seat, page.names, page.colours
    legal = page.legal_moves if not page.replay else []
    by_type = _by_type(legal)
    partial = move_builder.decode(page.step)
    step = placing_step(legal, partial, view, names, page.base_url) if legal else None
    prefill = partial if partial.get("type") == "offer" else {}
    mine = seat is not None and not page.replay
    board = svg.render(view, names=names, targets=step["targets"] if step else None,
                       selected=step["selected"] if step else None,
                       marks=set() if page.replay else latest_marks(page), linked=step["linked"] if step else None)
    result = view.get("result")
    return {
        "ct": view,
        "ct_svg": board,
        "ct_quarters": [(*svg.quarter_words(view, names, q), str(svg.QUARTER_PLACES[q])) for q in range(4)],
        "ct_seat": seat,
        "ct_players": players(view, names, colours, seat),
        "ct_round": view["round"],
        "ct_stage": view["stage"],
        "ct_offers": offers(view, names, seat if mine else None, by_type),
        "ct_offer_form": offer_form((by_type.get("offer") or [None])[0], names, prefill,
                                    stock=[s["res"] for s in view["seats"]]) if mine else None,
        "ct_offer_limit": offer_limit(view, seat) if mine and "done" in by_type and "offer" not in by_type else "",
        "ct_step": step,
        "ct_build": buildings_to_build(legal, view, seat, page.base_url, partial.get("kind")) if legal else [],
        "ct_lifts": lifts(legal, view, names) if legal else [],
        "ct_lacking": lacking(view, seat, legal, page.base_url) if legal and "done" in by_type else [],
        "ct_actions": other_actions(by_type, view) if legal else [],
        "ct_done": _json({"type": "done"}) if "done" in by_type else "",
        # CT20: no "done" in round 1 before the marked square is built; the panel says why.
        "ct_mark_first": bool(legal) and view["stage"] == "layout" and "done" not in by_type,
        "ct_transformers": TRANSFORMERS,
        "ct_end": end_screen.frame("cite", result, names, colours, end_rows(view, names, colours)),
        "ct_end_reason": str(texts.END_REASONS.get(view.get("over_reason"), "")) if result else "",
        "ct_kinds": [(texts.building_name(k), SQUARES[k], str(texts.POWERS[k]), BUILDINGS[k]["tag"])
                     for k in BUILDINGS],
    }
