"""The districts as the page draws them: the viewer's first (as its plan leaves it), the latest move's squares
marked, the move's targets on the district it is made on."""

from __future__ import annotations

from django.utils.translation import gettext as _

from games.smallcity.engine import components as C

from .. import svg


def latest_squares(page, d: int) -> set[int]:
    """The squares of district ``d`` the latest move changed (from the log lines this seat may see)."""
    out = set()
    for line in page.last_move:
        p = line.params
        if p.get("district", line.seat if line.seat is not None else p.get("seat")) != d:
            continue
        for key in ("squares", "street"):
            if isinstance(p.get(key), list):
                out.update(q for q in p[key] if isinstance(q, int))
        if isinstance(p.get("square"), int):
            out.add(p["square"])
        for step in p.get("plan") or []:
            if isinstance(step, dict):
                out.update(q for q in step.get("squares") or [] if isinstance(q, int))
                if isinstance(step.get("square"), int):
                    out.add(step["square"])
    return out


def districts(view: dict, page, step: dict | None) -> list[dict]:
    names, me = page.names, page.seat
    placing_mayor = step is not None and view["phase"] == "mayor"
    first = view["host"] if placing_mayor else me  # the district the move is made on comes first
    order = ([first] if first is not None else []) + [s for s in range(view["players_count"]) if s != first]
    out = []
    planned = view.get("planned")
    for d in order:
        tiles, side = None, None
        if d == me and planned:
            tiles = planned["tiles"]
            side = C.value("start_zone")[view["options"]["board"]] + planned["size"]
        active = step is not None and ((d == view["host"]) if placing_mayor else d == me)
        title = (_("Your district") if d == me else _("%(name)s's district") % {"name": names[d]})
        if d == me and planned and view.get("my_plan"):
            title += " — " + _("as your plan leaves it")
        here = view.get("host") == d and view.get("players_count", 2) > 1  # solo: the Mayor visits the VIPs (SC111)
        label = title + (" — " + _("the Mayor is here") if here else "")
        pic = svg.district(view, d, names, tiles=tiles, side=side, targets=step["targets"] if active else None,
                           selected=step["selected"] if active else set(),
                           marks=set() if page.replay else latest_squares(page, d), label=label)
        out.append({"seat": d, "title": title, "svg": pic,
                    "read": svg.district_text(view, d, names, tiles), "mine": d == me, "active": active,
                    "host": here, "colour": page.colours[d], "letter": svg.seat_letter(d),
                    "cemeteries": len(view["seats"][d]["cemeteries"])})
    return out
