"""What the La Città game page shows: the board, the step of the move being
built, the side panels and the forecast, all from ``view(state, seat)`` and
the seat's legal moves."""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from games import move_builder
from games.engines.lacitta.constants import MASTER_COST, PEEK_COST, SERVICES, TIER_COST
from games.texts_lacitta import BUILDINGS, card_name
from games.texts_lacitta import SERVICES as SERVICE_NAMES

from . import lacitta_svg

# The order in which the parts of each kind of move are asked.
FIELD_ORDER = {
    "build": ["building", "cell", "cells"],
    "found": ["cell", "from"],
    "politics": ["slot", "tier", "cubes", "citizens", "look", "building", "cell", "cells", "city", "service"],
    "demolish": ["cell", "city"],
    "voice_choice": ["city", "service"],
    "feeding_loss": ["city", "count"],
    "place_castle": ["cell"],
}
BOARD_KEYS = {"cell", "cells", "city", "from"}
# List fields chosen as a whole: which face-down cards to peek at (a pair or all three).
WHOLE_KEYS = frozenset({"look"})

TYPE_LABELS = {
    "take_gold": gettext_lazy("Take 2 gold"),
    "found": gettext_lazy("Found a city"),
    "build": gettext_lazy("Build a small building"),
    "politics": gettext_lazy("Take a politics card"),
    "pass": gettext_lazy("Pass (draw a politics card face down)"),
    "place_castle": gettext_lazy("Place a castle"),
    "voice_choice": gettext_lazy("Choose a service for a city"),
    "demolish": gettext_lazy("Demolish a building"),
    "relodge_done": gettext_lazy("Keep my remaining roads"),
    "feeding_loss": gettext_lazy("Remove starving citizens"),
}
ACTION_CARD_TYPES = {"take_gold", "found", "build"}

PROMPTS = {
    "type": gettext_lazy("What do you do?"),
    "slot": gettext_lazy("Which politics card?"),
    "tier": gettext_lazy("Which size of building?"),
    "cubes": gettext_lazy("How many cubes?"),
    "citizens": gettext_lazy("How many citizens?"),
    "look": gettext_lazy("Which cards do you look at?"),
    "building": gettext_lazy("Which building?"),
    "cell": gettext_lazy("Click a highlighted hex."),
    "cells": gettext_lazy("Click a highlighted hex for the road."),
    "city": gettext_lazy("Click the castle of a highlighted city."),
    "from": gettext_lazy("Click the castle that gives a citizen."),
    "service": gettext_lazy("Which service?"),
    "count": gettext_lazy("How many citizens leave this city?"),
}




def _cost_text(gold: int) -> str:
    return _("free") if gold == 0 else _("%(n)d gold") % {"n": gold}


def option_label(key: str, value, view: dict, partial: dict) -> str:
    edition = view["edition"]
    if key == "type":
        return str(TYPE_LABELS.get(value, value))
    if key == "slot":
        card = view["politics"]["row"][value]
        return card_name(card, edition)
    if key == "tier":
        sizes = {1: _("small"), 2: _("medium"), 3: _("large")}
        return f"{sizes[value]} — {_cost_text(MASTER_COST[value])}"
    if key in ("cubes", "citizens"):
        return f"{value} — {_cost_text(TIER_COST[value])}"
    if key == "look":
        if len(value) == 3:
            return _("all three cards — %(cost)s") % {"cost": _cost_text(PEEK_COST[3])}
        return _("cards %(a)d and %(b)d — %(cost)s") % {"a": value[0] + 1, "b": value[1] + 1,
                                                         "cost": _cost_text(PEEK_COST[2])}
    if key == "building":
        return str(BUILDINGS.get(value, value)).capitalize()
    if key == "service":
        return str(SERVICE_NAMES.get(value, value))
    if key == "count":
        return _("%(n)d citizen(s)") % {"n": value}
    if key in BOARD_KEYS:
        return _("hex %(cell)s") % {"cell": value}
    return str(value)


def describe(move: dict, view: dict) -> str:
    """The complete move, for the confirmation."""
    kind = move.get("type")
    parts = [str(TYPE_LABELS.get(kind, kind))]
    if kind == "politics":
        parts = [_("Politics card: %(card)s") % {"card": card_name(view["politics"]["row"][move["slot"]],
                                                                  view["edition"])}]
    for key in ("tier", "cubes", "citizens", "look", "building", "service", "count"):
        if key in move:
            parts.append(option_label(key, move[key], view, move))
    for key in ("cell", "city", "from"):
        if key in move:
            parts.append(option_label(key, move[key], view, move))
    if "cells" in move:
        parts.append(_("roads at hexes %(cells)s") % {"cells": ", ".join(map(str, move["cells"]))})
    return " · ".join(parts)


def move_step(legal: list[dict], raw_partial: str | None, view: dict, base_url: str) -> dict:
    """The step of the move being built: its question, options, board targets."""
    builder = move_builder.build(legal, move_builder.decode(raw_partial), FIELD_ORDER, WHOLE_KEYS)
    step = builder.step
    ctx = {"builder": builder, "targets": {}, "options": [], "prompt": "", "confirm": None, "stop": None,
           "selected": set(), "cancel_url": base_url, "started": builder.started}
    for key in BOARD_KEYS:
        value = builder.partial.get(key)
        if isinstance(value, list):
            ctx["selected"].update(value)
        elif isinstance(value, int):
            ctx["selected"].add(value)
    if builder.move is not None:
        move = move_builder.move_of(builder.move)
        ctx["confirm"] = {"json": move_builder.encode(move), "text": describe(move, view)}
        return ctx
    if step is None:
        return ctx
    ctx["prompt"] = str(PROMPTS.get(step.key, step.key))
    url = lambda option: f"{base_url}?m={option.query}"  # noqa: E731
    if step.key in BOARD_KEYS:
        ctx["targets"] = {option.value: url(option) for option in step.options}
    groups: dict[str, list] = {}
    for option in step.options:
        label = option_label(step.key, option.value, view, builder.partial)
        group = ""
        if step.key == "type":
            group = "action" if option.value in ACTION_CARD_TYPES else "other"
        groups.setdefault(group, []).append({"label": label, "url": url(option), "value": option.value})
    ctx["options"] = [{"group": g, "items": items} for g, items in groups.items()]
    ctx["board_step"] = step.key in BOARD_KEYS
    if step.can_stop is not None:
        ctx["stop"] = {"label": _("Only this one"), "url": url(step.can_stop)}
    return ctx


def forecast(view: dict, seat: int | None) -> dict | None:
    """What the table does not tell: for each Voice, which of my cities would
    gain or lose citizens against which neighbours; and whether my food covers
    my citizens (now and after next year's growth)."""
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
                    gain.append(other_id)
                elif ours < theirs:
                    lose.append(other_id)
            entries.append({"city": city["id"], "gain": len(gain), "lose": len(lose)})
        rows.append({"service": SERVICE_NAMES[service], "cities": entries,
                     "net": sum(e["gain"] - e["lose"] for e in entries)})
    me = view["players"][seat]
    growth = sum(1 for c in mine if c["room"] is None or c["room"] > 0)
    return {
        "rows": rows,
        "food": me["food"],
        "citizens": me["citizens"],
        "after_growth": me["citizens"] + growth,
        "short_now": max(me["citizens"] - me["food"], 0),
        "short_after_growth": max(me["citizens"] + growth - me["food"], 0),
    }


def context(*, request, game, gv, names: list[str], base_url: str, replay: bool = False) -> dict:
    view = gv.view
    seat = gv.seat.index if gv.seat else None
    step = move_step(gv.legal_moves, request.GET.get("m"), view, base_url) if gv.legal_moves else None
    target_label = _("hex %(cell)s")
    svg = lacitta_svg.render(view, names=names, targets=step["targets"] if step else None,
                             selected=step["selected"] if step else None, target_label=target_label)
    politics = []
    for slot, card in enumerate(view["politics"]["row"]):
        politics.append({"slot": slot, "card": card, "name": card_name(card, view["edition"]) if card else ""})
    cities_by_owner = sorted(view["cities"], key=lambda c: (c["owner"] != seat, c["owner"], c["id"]))
    end = end_context(game=game, names=names) if game.status == game.Status.FINISHED and not replay else {}
    return {
        **end,
        "lc": view,
        "lc_svg": svg,
        "lc_step": step,
        "lc_politics": politics,
        "lc_cities": cities_by_owner,
        "lc_forecast": forecast(view, seat),
        "lc_seat": seat,
        "lc_services": [(s, SERVICE_NAMES[s]) for s in SERVICES],
        "lc_known": sorted((int(k), SERVICE_NAMES.get(v, v)) for k, v in (view["voice"].get("known") or {}).items()),
    }


def citizens_by_year(moves) -> dict[int, list[int]]:
    """Each seat's citizens at each year's feeding, read from the public log
    ("fed" and "famine" lines; a famine line counts the citizens left after it)."""
    year, series = 0, {}
    for row in moves:
        for entry in row.log:
            key, params = entry.get("key"), entry.get("params", {})
            if key == "lacitta.year_start":
                year = params.get("year", year + 1)
            elif key in ("lacitta.fed", "lacitta.famine") and "visible_to" not in entry:
                citizens = params["citizens"] - params.get("excess", 0)
                points = series.setdefault(params["seat"], [])
                points.extend([None] * (year - len(points)))
                points[year - 1] = citizens
    return series


def chart_svg(series: dict[int, list[int]], names: list[str]) -> str:
    """A small line chart of citizens per year, one line per seat."""
    from django.utils.html import escape
    from django.utils.safestring import mark_safe

    if not series:
        return ""
    width, height, left, bottom = 360, 180, 34, 24
    years = max(len(v) for v in series.values())
    top_value = max((c for v in series.values() for c in v if c is not None), default=1) or 1
    sx = lambda i: left + (width - left - 10) * (i / max(years - 1, 1))  # noqa: E731
    sy = lambda c: 10 + (height - bottom - 10) * (1 - c / top_value)  # noqa: E731
    parts = [f'<svg class="chart" viewBox="0 0 {width} {height}" role="img" '
             f'aria-label="{escape(_("Citizens per year"))}" xmlns="http://www.w3.org/2000/svg">']
    for i in range(years):
        parts.append(f'<text x="{sx(i):.0f}" y="{height - 6}" text-anchor="middle" class="axis">{i + 1}</text>')
    for tick in range(0, top_value + 1, max(top_value // 4, 1)):
        parts.append(f'<text x="{left - 6}" y="{sy(tick) + 3:.0f}" text-anchor="end" class="axis">{tick}</text>'
                     f'<line x1="{left}" x2="{width - 10}" y1="{sy(tick):.0f}" y2="{sy(tick):.0f}" class="grid"/>')
    for seat, values in sorted(series.items()):
        points = [(sx(i), sy(c)) for i, c in enumerate(values) if c is not None]
        colour = lacitta_svg.SEAT_FILL[seat]
        path = " ".join(f"{x:.1f},{y:.1f}" for x, y in points)
        parts.append(f'<polyline points="{path}" fill="none" stroke="{colour}" stroke-width="2.5">'
                     f'<title>{escape(names[seat])}</title></polyline>')
        parts += [f'<circle cx="{x:.1f}" cy="{y:.1f}" r="3" fill="{colour}"/>' for x, y in points]
    parts.append("</svg>")
    return mark_safe("".join(parts))


def end_context(*, game, names: list[str]) -> dict:
    """The end screen: score breakdown per seat, tie-break, chart."""
    from games.models import Move

    if not game.result or not game.result.get("details"):
        return {}
    rows = []
    for seat, detail in enumerate(game.result["details"]):
        rows.append({"seat": seat, "name": names[seat], "rank": game.result["ranks"][seat],
                     "score": game.result["scores"][seat], **detail})
    rows.sort(key=lambda r: (r["rank"], r["seat"]))
    moves = Move.objects.filter(game=game).only("log").order_by("seq")
    return {"lc_end": rows, "lc_tiebreak": game.result.get("tiebreak"),
            "lc_chart": chart_svg(citizens_by_year(moves), names)}
