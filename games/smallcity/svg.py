"""A Small City district as SVG, drawn from ``view(state, seat)`` only: the 10×10 board with its buildable zone
(squares outside it greyed), each tile in its kind's colour with its name and level, its places (citizens
in their seat's colour AND letter, raw materials as lettered squares, empty places as rings), Cemeteries,
the Mayor's street. Squares a player may choose at this step of a move are buttons with an accessible name,
together one stop in the Tab order that the arrow keys move around (issue 41); the latest move's squares are
dashed."""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext as _
from django.utils.translation import ngettext, pgettext_lazy

from games.smallcity.engine import components as C
from play.drawings import drawn_once
from play.texts import clauses

from . import texts

S = 48  # a square's side in SVG units (the page draws it at 44 px or more)
PAD = 18  # room for column letters and row numbers
W = 10

SEAT_COLOURS = ("red", "blue", "green", "yellow")
SEAT_FILL = ("#c0392b", "#2e6fb7", "#2f7a2f", "#d4a017")
SEAT_INK = ("#fff", "#fff", "#fff", "#222")

KIND_FILL = {
    "residential": "#bfe3b4", "commercial": "#b7d3f2", "factory": "#f3dd8a", "warehouse": "#e8c86a",
    "refinery": "#d9b25a", "port": "#d0b070", "park": "#8fd18a", "fire": "#f4a6a0", "police": "#a9b8e8",
    "town_hall": "#e2c9f0", "school": "#efd3f7", "library": "#efd3f7", "museum": "#efd3f7", "metro": "#efd3f7",
    "clinic": "#efd3f7", "university": "#efd3f7",
}
# The letters drawn on a tile (its full name is its title and its label): each language's own, from the names
# its rulebook gives (French: « Mairie » is Ma, not TH).
SHORT = "letters on a Small City tile"  # the translators' context: a tile's letters, not a word
KIND_SHORT = {
    "residential": pgettext_lazy(SHORT, "R"),
    "commercial": pgettext_lazy(SHORT, "C"),
    "factory": pgettext_lazy(SHORT, "F"),
    "warehouse": pgettext_lazy(SHORT, "W"),
    "refinery": pgettext_lazy(SHORT, "Ref"),
    "port": pgettext_lazy(SHORT, "P"),
    "park": pgettext_lazy(SHORT, "Pk"),
    "fire": pgettext_lazy(SHORT, "Fi"),
    "police": pgettext_lazy(SHORT, "Po"),
    "town_hall": pgettext_lazy(SHORT, "TH"),
    "school": pgettext_lazy(SHORT, "Sc"),
    "library": pgettext_lazy(SHORT, "Li"),
    "museum": pgettext_lazy(SHORT, "Mu"),
    "metro": pgettext_lazy(SHORT, "Me"),
    "clinic": pgettext_lazy(SHORT, "Cl"),
    "university": pgettext_lazy(SHORT, "U"),
}
MATERIAL_FILL = {"wood": "#8d5a2b", "stone": "#8a8a8a", "metal": "#4a5d6e"}
WATER = "#7fb8e6"


@dataclass(frozen=True)
class Target:
    url: str
    title: str


def seat_letter(seat: int) -> str:
    from play.templatetags.games_extras import seat_letter as platform_letter

    return platform_letter(seat)


def tile_title(tile: dict, names: list[str]) -> str:
    name = texts.kind_name(tile["kind"])
    parts = [f"{name} ({_('level %(n)s') % {'n': tile['level']}})" if tile["kind"] in C.LEVELS else name]
    if tile["kind"] in ("commercial", "factory"):
        parts.append(_("side %(side)s, printed squares: %(types)s") % {
            "side": tile["side"], "types": ", ".join(str(texts.SLOT_TYPES.get(t, t)) for t in tile["types"])})
    people = [_occupant(o, tile["d"], names) for o in tile["slots"] if o is not None]
    free = sum(1 for o in tile["slots"] if o is None)
    if people:
        parts.append(_("on it: %(who)s") % {"who": ", ".join(people)})
    if free:
        parts.append(ngettext("%(n)s free place", "%(n)s free places", free) % {"n": free})
    parts.append(texts.squares_text(tile["sq"]))
    parts.append(str(texts.POWERS.get(tile["kind"], "")))
    return " — ".join(p for p in parts if p)


def _occupant(o, d: int, names: list[str]) -> str:
    """Who or what is on a place: a citizen named by its owner (a tourist when not the district's), a material."""
    if isinstance(o, int) and 0 <= o < len(names):
        return (_("%(name)s's citizen") if o == d else _("%(name)s's citizen (a tourist)")) % {"name": names[o]}
    return str(texts.MATERIALS.get(o, o))


def tile_name(tile: dict) -> str:
    """The building's kind and level ("Residential zone, level 2")."""
    name = texts.kind_name(tile["kind"])
    return _("%(kind)s, level %(level)s") % {"kind": name, "level": tile["level"]} if tile["kind"] in C.LEVELS else name


def district_text(view: dict, d: int, names: list[str], tiles: list[dict] | None = None) -> list[dict]:
    """District ``d`` as a reader hears it (issue 41): each building with its kind and level, its squares, who
    and what is on it, its free places, and the buildings it touches (SC01: a square beside it, across or
    corner to corner — what its influence reaches, the Port by its building half)."""
    from games.smallcity.engine import grid as G

    tiles = [t for t in view["tiles"] if t["d"] == d] if tiles is None else tiles
    out = []
    for t in sorted(tiles, key=lambda t: (min(t["sq"]) // W, min(t["sq"]) % W)):
        zone = G.zone_of(G.influence_squares(t))
        touches = [u for u in tiles if u is not t and zone & set(G.influence_squares(u))]
        parts = [_("on %(squares)s") % {"squares": texts.squares_text(t["sq"])}]
        if t.get("water"):
            parts.append(_("water half %(squares)s") % {"squares": texts.squares_text(t["water"])})
        if t["kind"] in ("commercial", "factory"):
            parts.append(_("side %(side)s, printed squares: %(types)s") % {
                "side": t["side"], "types": ", ".join(str(texts.SLOT_TYPES.get(x, x)) for x in t["types"] if x)})
        seen: dict[str, int] = {}
        for o in t["slots"]:
            if o is not None:
                who = _occupant(o, d, names)
                seen[who] = seen.get(who, 0) + 1
        on = [f"{n} × {who}" if n > 1 else who for who, n in seen.items()]
        free = sum(1 for o in t["slots"] if o is None)
        if on:
            parts.append(_("on it: %(who)s") % {"who": ", ".join(on)})
        if free:
            parts.append(ngettext("%(n)s free place", "%(n)s free places", free) % {"n": free})
        parts.append(_("touches: %(tiles)s") % {"tiles": ", ".join(
            f"{tile_name(u)} ({texts.squares_text(u['sq'])})" for u in touches)} if touches else _("touches nothing"))
        out.append({"name": tile_name(t), "text": clauses(parts)})
    cemeteries = view["seats"][d]["cemeteries"]
    if cemeteries:
        out.append({"name": ngettext("%(n)s Cemetery", "%(n)s Cemeteries", len(cemeteries)) % {"n": len(cemeteries)},
                    "text": _("on %(squares)s") % {"squares": texts.squares_text(list(cemeteries))}})
    return out


def district(view: dict, d: int, names: list[str], *, tiles: list[dict] | None = None, side: int | None = None,
             targets: dict[int, Target] | None = None, selected: set[int] = frozenset(),
             marks: set[int] = frozenset(), label: str = "") -> SafeString:
    """District ``d``: its tiles (``tiles``: another list, e.g. the viewer's plan applied), its zone side."""
    seat = view["seats"][d]
    tiles = [t for t in view["tiles"] if t["d"] == d] if tiles is None else tiles
    start = C.value("start_zone")[view["options"]["board"]]
    side = side if side is not None else start + seat["size"]
    biggest = start + C.value("size_steps")
    targets = targets or {}
    n = biggest

    def xy(q: int) -> tuple[int, int]:  # the square's top-left corner (row 1 at the bottom)
        return PAD + (q % W) * S, (n - 1 - q // W) * S
    width, height = PAD + n * S + 2, n * S + PAD
    out = [f'<svg class="sc-district sc-cols-{biggest}" viewBox="0 0 {width} {height}" role="group" '
           f'aria-label="{escape(label)}"{" data-board-targets" if targets else ""} '
           f'xmlns="http://www.w3.org/2000/svg">']
    street = view.get("street")
    street = street if street and view.get("host") == d and len(street) == 2 else None
    # The squares, the tiles and the Mayor's street as every viewer of this district sees them (the viewer's own
    # plan applied is another list of tiles): drawn once for all of them (play.drawings).
    squares, axes = drawn_once("smallcity.district", _district_layers, tiles, seat["cemeteries"], side, biggest,
                               street, names)
    out.append(squares)
    for q in sorted(marks):
        x, y = xy(q)
        out.append(f'<rect class="sc-mark" x="{x + 3}" y="{y + 3}" width="{S - 6}" height="{S - 6}"/>')
    for q in sorted(selected):
        x, y = xy(q)
        out.append(f'<rect class="sc-selected" x="{x + 2}" y="{y + 2}" width="{S - 4}" height="{S - 4}"/>')
    # The lit squares are one stop in the Tab order (a roving tabindex: the move panel's first choice holds it);
    # the arrow keys go to the nearest lit square that way (site.js, by each square's place on screen: column
    # and row from the top), Enter or Space picks it, Tab leaves the board.
    for i, (q, target) in enumerate(targets.items()):
        x, y = xy(q)
        out.append(f'<a class="sc-target" href="{escape(target.url)}" data-choice hx-get="{escape(target.url)}" '
                   f'hx-target="#game-body" hx-swap="outerHTML" hx-push-url="true" role="button" data-board-target '
                   f'data-grid-x="{q % W}" data-grid-y="{n - 1 - q // W}" tabindex="{0 if i == 0 else -1}" '
                   f'aria-label="{escape(target.title)}">'
                   f'<title>{escape(target.title)}</title>'
                   f'<rect x="{x}" y="{y}" width="{S}" height="{S}"/></a>')  # the whole square: a finger's tap
    out.append(axes)
    out.append("</svg>")
    return mark_safe("".join(out))


def _district_layers(tiles: list[dict], cemeteries: list[int], side: int, biggest: int, street: list[int] | None,
                     names: list[str]) -> tuple[str, str]:
    """(the squares, tiles and street of a district, its column letters and row numbers)."""
    n = biggest
    out: list[str] = []

    def xy(q: int) -> tuple[int, int]:
        return PAD + (q % W) * S, (n - 1 - q // W) * S
    owner = {}
    for t in tiles:
        for q in t["sq"]:
            owner[q] = t
    cemeteries = set(cemeteries)
    for q in range(W * W):
        x, y = xy(q)
        inside = (q % W) < side and (q // W) < side
        reachable = (q % W) < biggest and (q // W) < biggest
        if not reachable:
            continue
        t = owner.get(q)
        fill = "#ffffff" if inside else "#e4e4e4"
        if t is not None:
            fill = WATER if q in (t.get("water") or []) else KIND_FILL.get(t["kind"], "#ddd")
        cls = "sq" + (" out" if not inside else "")
        out.append(f'<rect class="{cls}" x="{x}" y="{y}" width="{S}" height="{S}" fill="{fill}"/>')
        if q in cemeteries:
            out.append(f'<g class="sc-cemetery"><title>{escape(_("Cemetery"))}</title>'
                       f'<path d="M{x + S / 2} {y + 10}v28M{x + S / 2 - 9} {y + 19}h18" stroke="#333" '
                       f'stroke-width="4"/></g>')
    # tile outlines: a thick line where a square meets a square of another tile (or none)
    for t in tiles:
        own = set(t["sq"])
        for q in own:
            x, y = xy(q)
            qx, qy = q % W, q // W
            edges = (((qx, qy + 1), f"M{x} {y}h{S}"), ((qx, qy - 1), f"M{x} {y + S}h{S}"),
                     ((qx - 1, qy), f"M{x} {y}v{S}"), ((qx + 1, qy), f"M{x + S} {y}v{S}"))
            for (nx, ny), path in edges:
                if not (0 <= nx < W and 0 <= ny < W and ny * W + nx in own):
                    out.append(f'<path class="sc-edge" d="{path}"/>')
        first = min(own, key=lambda q: (-(q // W), q % W))  # top-left square carries the label
        x, y = xy(first)
        short = str(KIND_SHORT.get(t["kind"], "?")) + (str(t["level"]) if t["kind"] in C.LEVELS else "")
        out.append(f'<g class="sc-tile" role="img" aria-label="{escape(tile_title(t, names))}">'
                   f'<title>{escape(tile_title(t, names))}</title>')
        out.append(f'<text class="sc-short" x="{x + 4}" y="{y + 14}">{escape(short)}</text>')
        building = [q for q in t["sq"] if q not in (t.get("water") or [])]
        for i, o in enumerate(t["slots"]):
            q = building[i % len(building)] if building else first
            sx, sy = xy(q)
            k = i // max(1, len(building))
            cx, cy = sx + S / 2 + 12 * k - (6 if len(t["slots"]) > len(building) else 0), sy + S / 2 + 8
            if o is None:
                out.append(f'<circle class="sc-free" cx="{cx}" cy="{cy}" r="9"/>')
            elif isinstance(o, int) and 0 <= o < len(SEAT_FILL):
                out.append(f'<circle cx="{cx}" cy="{cy}" r="10" fill="{SEAT_FILL[o]}" stroke="#222"/>'
                           f'<text class="sc-letter" x="{cx}" y="{cy + 4}" fill="{SEAT_INK[o]}">'
                           f'{escape(seat_letter(o))}</text>')
            else:
                letter = str(texts.MATERIALS.get(o, o))[:1].upper()
                out.append(f'<rect x="{cx - 9}" y="{cy - 9}" width="18" height="18" '
                           f'fill="{MATERIAL_FILL.get(o, "#777")}" stroke="#222"/>'
                           f'<text class="sc-letter" x="{cx}" y="{cy + 5}" fill="#fff">{escape(letter)}</text>')
        out.append("</g>")
    if street:
        a, b = sorted(street)
        ax, ay = xy(a)
        if b - a == 1:  # side by side: the street is their shared vertical side
            path = f"M{ax + S} {ay + 4}v{S - 8}"
            mx, my = ax + S, ay + S / 2
        else:  # one above the other
            path = f"M{ax + 4} {ay}h{S - 8}"
            mx, my = ax + S / 2, ay
        title = _("The Mayor's street: %(squares)s are blocked this turn") % {"squares": texts.squares_text(street)}
        out.append(f'<g class="sc-street"><title>{escape(title)}</title>'
                   f'<path d="{path}" stroke="#111" stroke-width="7"/>'
                   f'<circle cx="{mx}" cy="{my}" r="11" fill="#111"/>'
                   f'<text class="sc-letter" x="{mx}" y="{my + 4}" fill="#fff">{escape(_("M"))}</text></g>')
    squares = "".join(out)
    out = []
    for c in range(biggest):
        out.append(f'<text class="sc-axis" x="{PAD + c * S + S / 2}" y="{n * S + 14}">{texts.COLUMNS[c]}</text>')
    for r in range(biggest):
        out.append(f'<text class="sc-axis" x="8" y="{(n - 1 - r) * S + S / 2 + 5}">{r + 1}</text>')
    return squares, "".join(out)
