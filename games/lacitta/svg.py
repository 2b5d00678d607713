"""The La Città board as SVG, drawn from the engine's board data and a view.

The same ``BOARD`` that the rules use gives every hex's position, so the
picture cannot disagree with the rules. Only ``view(state, seat)`` is read
for what is on the board. Targets (hexes a player may click at the current
step of a move) are wrapped in links.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import lru_cache

from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import get_language
from django.utils.translation import gettext as _

from games.lacitta.engine.board import BOARD
from games.lacitta.texts import LANDSCAPES, SERVICES
from play.drawings import drawn_once
from play.templatetags.games_extras import seat_letter

from .help import building_effect, building_name
from .places import cell_food, city_name
from .spoken import building_words
from .symbols import defs as symbol_defs

SIZE = 17.0  # hex radius in SVG units
SQRT3 = math.sqrt(3)

# The seats' colours (the definition gives them to the platform) and how the board paints them:
# the same as the site's CSS draws the seat's dot.
SEAT_COLOURS = ("red", "blue", "green", "yellow", "purple")
SEAT_FILL = ["#c0392b", "#2e6fb7", "#3d8b3d", "#d4a017", "#7d3c98"]
SEAT_LIGHT = ["#f3c6c0", "#c5d9f0", "#c9e4c4", "#f6e4a6", "#dcc6e6"]
SEAT_TEXT = ["#a52f22", "#24589a", "#2f6e2f", "#6e5300", "#6a3282"]  # the colours dark enough for words
# Each seat's buildings also carry a pattern, and its castles its letter: seats are told apart without
# colours (deuteranopia brings the red/green difference from ΔE 94 down to 14).
SEAT_PATTERNS = (
    '<path d="M0,6 L6,0" stroke-width="1.1"/>',  # A: rising stripes
    '<circle cx="3" cy="3" r="1.1"/>',  # B: dots
    '<path d="M0,3 H6" stroke-width="1.1"/>',  # C: level stripes
    '<path d="M0,0 L6,6" stroke-width="1.1"/>',  # D: falling stripes
    '<path d="M0,3 H6 M3,0 V6" stroke-width=".9"/>',  # E: a grid
)


def seat_swatch(seat: int) -> SafeString:
    """The seat's buildings in small (tint and pattern), for the players table: the key to the board."""
    if seat >= len(SEAT_PATTERNS):
        return mark_safe("")
    return mark_safe(f'<svg class="seat-swatch" viewBox="0 0 12 12" aria-hidden="true">'
                     f'<rect width="12" height="12" rx="2" fill="{SEAT_LIGHT[seat]}" '
                     f'stroke="{SEAT_FILL[seat]}"/>'
                     f'<rect width="12" height="12" '
                     f'fill="url(#seat-p{seat})"/></svg>')


def seat_patterns() -> str:
    """The seats' patterns, drawn in each seat's own dark colour over its light tint."""
    out = []
    for seat, shape in enumerate(SEAT_PATTERNS):
        out.append(f'<pattern id="seat-p{seat}" width="6" height="6" patternUnits="userSpaceOnUse">'
                   f'<g stroke="{SEAT_FILL[seat]}" fill="{SEAT_FILL[seat]}" opacity=".55">{shape}</g>'
                   f'</pattern>')
    return "<defs>" + "".join(out) + "</defs>"
LAND_FILL = {"farm": "#e8cf78", "mountain": "#a39a91", "lake": "#86bde3", "wasteland": "#cdbfa4"}
SERVICE_COLOUR = {"culture": "#ffffff", "education": "#222222", "health": "#2f7fd0"}

# The axial step to the neighbour across each edge of a hex: edge i runs from
# corner i to corner i + 1 and faces the direction 60·i degrees.
EDGE_STEP = ((1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1), (1, -1))
ARCHES = {
    "school": ["education"], "statue": ["culture"], "fountain": ["health"], "palace": ["culture"] * 2,
    "bathhouse": ["health"] * 2, "hospital": ["health", "education"], "cathedral": ["culture"] * 3,
    "university": ["education"] * 3, "theatre": ["culture", "education"],
}


def centre(q: int, r: int) -> tuple[float, float]:
    """Axial coordinates (pointy-top hexes) to SVG units."""
    return SIZE * SQRT3 * (q + r / 2), SIZE * 1.5 * r


_UNIT_CORNERS = [(math.cos(math.radians(60 * i - 30)), math.sin(math.radians(60 * i - 30))) for i in range(6)]


@lru_cache(maxsize=4096)
def corners(x: float, y: float, radius: float = SIZE) -> str:
    """A hexagon's points; the board's hexes never move, so each is computed once."""
    return " ".join(f"{x + radius * cx:.1f},{y + radius * cy:.1f}" for cx, cy in _UNIT_CORNERS)


@dataclass(frozen=True)
class Frame:
    min_x: float
    min_y: float
    width: float
    height: float


@lru_cache(maxsize=1)
def frame() -> Frame:
    xs, ys = [], []
    for cell in BOARD.cells:
        x, y = centre(cell.q, cell.r)
        xs.append(x)
        ys.append(y)
    for space in BOARD.spaces:
        for q, r in space.hexes:
            x, y = centre(q, r)
            xs.append(x)
            ys.append(y)
    pad = SIZE * 1.3
    return Frame(min(xs) - pad, min(ys) - pad, max(xs) - min(xs) + 2 * pad, max(ys) - min(ys) + 2 * pad)


def _landscape_layer(view: dict) -> list[str]:
    """The land under the city: fixed once the game is set up, so drawn once per game
    layout and language, not on every page."""
    land = ((item["space"], item["kind"], item["symbols"]) for item in view["landscape"])
    kinds = tuple(sorted(land, key=str))
    return list(_landscape_svg(kinds, get_language()))


@lru_cache(maxsize=64)  # ~40 KB each: the beginner layout plus the advanced ones in play
def _landscape_svg(landscape: tuple, language: str | None) -> tuple[str, ...]:
    kinds = {space: (kind, symbols) for space, kind, symbols in landscape}
    parts = []
    for space in BOARD.spaces:
        kind, symbols = kinds.get(space.id, space.printed or ("wasteland", 0))
        fill = LAND_FILL.get(kind, "#ddd")
        label = str(LANDSCAPES.get(kind, kind))
        if kind == "farm":
            label = _("farmland, %(n)d food: a castle or farm touching it takes that food") % {"n": symbols}
        elif kind == "mountain":
            label = _("mountain: a quarry touching it gives 1 gold a year")
        elif kind == "lake":
            label = _("lake: fountains, bathhouses and ports must touch one")
        else:
            label = _("wasteland: no food, no lake, no mountain")
        if not space.hexes:
            continue
        hexes = "".join(f'<polygon class="land {kind}" points="{corners(*centre(q, r))}" fill="{fill}"/>'
                        for q, r in space.hexes)
        cx = sum(centre(q, r)[0] for q, r in space.hexes) / len(space.hexes)
        cy = sum(centre(q, r)[1] for q, r in space.hexes) / len(space.hexes)
        icon = _land_icon(kind, symbols, cx, cy)
        parts.append(f'<g class="land-mark" role="img" aria-label="{escape(label)}"><title>{escape(label)}</title>'
                     f'{hexes}{icon}</g>')
    return tuple(parts)


def _land_icon(kind: str, symbols: int, x: float, y: float) -> str:
    if kind == "farm":
        # One sheaf per food symbol, side by side.
        out = []
        for i in range(symbols):
            sx = x + (i - (symbols - 1) / 2) * 10
            out.append(
                f'<path d="M{sx:.1f},{y + 8:.1f} L{sx:.1f},{y - 6:.1f} M{sx - 4:.1f},{y - 4:.1f} '
                f'L{sx:.1f},{y:.1f} L{sx + 4:.1f},{y - 4:.1f} M{sx - 4:.1f},{y + 1:.1f} L{sx:.1f},{y + 5:.1f} '
                f'L{sx + 4:.1f},{y + 1:.1f}" stroke="#8a6412" stroke-width="2" fill="none" stroke-linecap="round"/>'
            )
        return "".join(out)
    if kind == "mountain":
        return (f'<path d="M{x - 14:.1f},{y + 9:.1f} L{x - 3:.1f},{y - 10:.1f} L{x + 3:.1f},{y - 1:.1f} '
                f'L{x + 7:.1f},{y - 7:.1f} L{x + 15:.1f},{y + 9:.1f} Z" fill="#6f655c"/>'
                f'<path d="M{x - 6:.1f},{y - 5:.1f} L{x - 3:.1f},{y - 10:.1f} L{x:.1f},{y - 5:.1f}" fill="#fff"/>')
    if kind == "lake":
        return "".join(
            f'<path d="M{x - 12:.1f},{y + dy:.1f} q6,-5 12,0 t12,0" stroke="#fff" stroke-width="2" fill="none"/>'
            for dy in (-4, 3)
        )
    # Wasteland: bare ground, a few stones (no food, no lake, no mountain).
    return (f'<g fill="#9d8f78"><circle cx="{x - 6:.1f}" cy="{y + 2:.1f}" r="2"/>'
            f'<circle cx="{x + 1:.1f}" cy="{y - 3:.1f}" r="1.6"/>'
            f'<circle cx="{x + 6:.1f}" cy="{y + 4:.1f}" r="2.3"/></g>')


@lru_cache(maxsize=8)  # one per player count: which hexes are in play
def _paths_layer(active: frozenset[int]) -> tuple[str, ...]:
    parts = []
    for cell in BOARD.cells:
        x, y = centre(cell.q, cell.r)
        if cell.id not in active:
            parts.append(f'<polygon class="cell off" points="{corners(x, y, SIZE - 0.6)}"/>')
            continue
        parts.append(f'<polygon class="cell" data-cell="{cell.id}" points="{corners(x, y, SIZE - 0.6)}"/>')
    return tuple(parts)


@lru_cache(maxsize=4096)
def _outline(cells: frozenset[int]) -> str:
    """The border of a city: every hex edge that does not face another hex of it."""
    at = BOARD.cell_at
    path = []
    for cell_id in cells:
        cell = BOARD.cells[cell_id]
        x, y = centre(cell.q, cell.r)
        for i, (dq, dr) in enumerate(EDGE_STEP):
            if at.get((cell.q + dq, cell.r + dr)) in cells:
                continue
            (ax, ay), (bx, by) = _UNIT_CORNERS[i], _UNIT_CORNERS[(i + 1) % 6]
            path.append(f"M{x + SIZE * ax:.1f},{y + SIZE * ay:.1f}L{x + SIZE * bx:.1f},{y + SIZE * by:.1f}")
    return "".join(path)


def _fmt(value: float) -> str:
    return f"{value:g}"


def city_summary(city: dict, owner_name: str) -> str:
    """A city in one line: its tooltip on the board."""
    limit = city["limit"]
    svc = city["services"]
    return _("%(city)s (%(player)s): %(pop)s citizens, limit %(limit)s; %(services)s") % {
        "city": city_name(city["id"]), "player": owner_name, "pop": city["population"],
        "limit": limit if limit is not None else _("none"),
        "services": ", ".join(f"{SERVICES[k]} {_fmt(svc.get(k, 0))}"
                              for k in ("culture", "education", "health")),
    }


def _cities_layer(view: dict, names: list[str]) -> tuple[list[str], list[str]]:
    """Tinted, outlined city areas (under the buildings) and their names (above)."""
    under, above = [], []
    for city in view["cities"]:
        owner = city["owner"]
        members = frozenset(city["cells"])
        under.append(f'<path class="city-edge" d="{_outline(members)}" stroke="{SEAT_FILL[owner]}"/>')
        cell = BOARD.cells[city["castle"]]
        x, y = centre(cell.q, cell.r)
        above.append(
            f'<text x="{x:.1f}" y="{y + SIZE + 3:.1f}" class="city-name" text-anchor="middle" '
            f'aria-hidden="true" '
            f'fill="{SEAT_TEXT[owner]}">{escape(city_name(city["id"]))}</text>'
        )
    return under, above


def _buildings_layer(view: dict, names: list[str]) -> list[str]:
    parts = []
    cities = {c["id"]: c for c in view["cities"]}
    edition = view.get("edition")
    for b in view["buildings"]:
        cell = BOARD.cells[b["cell"]]
        x, y = centre(cell.q, cell.r)
        owner = b["owner"]
        kind = b["kind"]
        city = cities.get(b["city"], {})
        if kind == "castle":
            title = city_summary(city, names[owner]) if city else building_name(kind)
        else:
            food = cell_food(b["cell"], view["landscape"]) if kind in ("farm", "large_farmhouse") else None
            title = _("%(building)s of %(city)s (%(player)s): %(effect)s") % {
                "building": building_name(kind).capitalize(), "city": city_name(b["city"]),
                "player": names[owner], "effect": building_effect(kind, edition=edition, food=food)}
        fill = SEAT_FILL[owner] if kind == "castle" else ("#d9cfbf" if kind == "road" else SEAT_LIGHT[owner])
        spoken = building_words(b, view, names)
        out = [f'<g class="building {kind}" data-cell="{b["cell"]}" data-owner="{owner}" tabindex="-1" role="img" '
               f'aria-label="{escape(spoken)}">',
               f'<title>{escape(title)}</title>',
               f'<polygon points="{corners(x, y, SIZE - 1.2)}" fill="{fill}" stroke="{SEAT_FILL[owner]}" '
               f'stroke-width="{2.4 if kind == "castle" else 1}"/>']
        if kind not in ("castle", "road") and owner < len(SEAT_PATTERNS):
            out.append(f'<polygon points="{corners(x, y, SIZE - 1.8)}" fill="url(#seat-p{owner})"/>')
        if kind == "castle":
            out.append(f'<use href="#b-castle" x="{x - 9:.1f}" y="{y - 14:.1f}" width="18" height="18"/>')
            out.append(f'<circle cx="{x + 10.5:.1f}" cy="{y - 2:.1f}" r="4.6" class="seat-letter-disc"/>'
                       f'<text x="{x + 10.5:.1f}" y="{y + 0.4:.1f}" class="seat-letter" text-anchor="middle">'
                       f'{seat_letter(owner)}</text>')
            full = city.get("limit") is not None and city.get("population", 0) >= city["limit"]
            out.append(
                f'<text x="{x:.1f}" y="{y + 9:.1f}" class="pop{" full" if full else ""}" '
                f'text-anchor="middle">'
                f'{b["citizens"]}</text>'
            )
        elif kind == "road":
            out.append(f'<path d="M{x - 11:.1f},{y:.1f} L{x + 11:.1f},{y:.1f}" stroke="#7a6a58" '
                       f'stroke-width="3.5" stroke-dasharray="4 3"/>')
        else:
            arches = ARCHES.get(kind, [])
            top = y - 13 if arches else y - 11
            out.append(f'<use href="#b-{kind}" x="{x - 10:.1f}" y="{top:.1f}" width="20" height="20"/>')
            for i, service in enumerate(arches):
                ax = x + (i - (len(arches) - 1) / 2) * 8
                arch = f'M{ax - 3.5:.1f},{y + 12:.1f} a3.5,3.5 0 0 1 7,0'
                out.append(  # a dark rim, so a white (Culture) arch shows on a light tint
                    f'<path d="{arch}" fill="none" stroke="#2b2118" stroke-width="4"/>'
                    f'<path d="{arch}" fill="none" class="arch" stroke="{SERVICE_COLOUR[service]}" '
                    f'stroke-width="2.4"/>'
                )
            if kind == "theatre":
                out.append(f'<text x="{x:.1f}" y="{y + 14:.1f}" class="half" text-anchor="middle">½ ½</text>')
        for i, cube in enumerate(b.get("cubes", [])):
            for j in range(cube["count"]):
                out.append(
                    f'<rect x="{x - 13 + 5 * (i * 3 + j):.1f}" y="{y - 15:.1f}" width="4.5" height="4.5" '
                    f'fill="{SEAT_FILL[cube["seat"]]}" stroke="#000" stroke-width=".5">'
                    f'<title>{escape(SERVICES.get(cube["service"], cube["service"]))}</title></rect>'
                )
        if b.get("rich_harvest"):
            out.append(f'<rect x="{x + 6:.1f}" y="{y - 15:.1f}" width="5" height="5" '
                       f'fill="{SEAT_FILL[owner]}" '
                       f'stroke="#000" stroke-width=".5"><title>{escape(_("Rich harvest"))}</title></rect>')
        out.append("</g>")
        parts.append("".join(out))
    return parts


@dataclass(frozen=True)
class Target:
    """A hex the player may click at this step: where it leads, what it does, and an
    optional short badge drawn on it (the food a castle would take there)."""
    href: str
    title: str
    badge: str = ""
    spoken: str = ""  # its accessible name: what it does and what the hex is


def _targets_layer(targets: dict[int, Target], selected: set[int]) -> list[str]:
    parts = []
    for cell_id in selected:
        cell = BOARD.cells[cell_id]
        x, y = centre(cell.q, cell.r)
        parts.append(f'<polygon class="selected" points="{corners(x, y, SIZE - 2)}"/>')
    for n, (cell_id, target) in enumerate(targets.items()):
        cell = BOARD.cells[cell_id]
        x, y = centre(cell.q, cell.r)
        href = escape(target.href)
        if target.badge:
            badge = (f'<text x="{x:.1f}" y="{y + 4:.1f}" class="badge" text-anchor="middle">'
                     f'{escape(target.badge)}</text>')
        else:
            badge = f'<path class="plus" d="M{x - 5:.1f},{y:.1f}h10M{x:.1f},{y - 5:.1f}v10"/>'
        parts.append(
            # A button (Space and Enter press it), one stop in the Tab order: the arrow keys go on to the
            # next target (site.js); the move panel lists the same targets before the board.
            f'<a href="{href}" class="target" data-cell="{cell_id}" hx-get="{href}" '
            f'hx-target="#game-body" hx-swap="outerHTML" hx-push-url="true" role="button" data-board-target '
            f'tabindex="{0 if n == 0 else -1}" aria-label="{escape(target.spoken or target.title)}">'
            f'<title>{escape(target.title)}</title><polygon points="{corners(x, y, SIZE - 0.3)}"/>{badge}</a>'
        )
    return parts


def _marks_layer(marks: dict[int, str], titles: dict[int, str]) -> list[str]:
    """Rings on hexes that changed: the latest move, or what happened since the last visit."""
    parts = []
    for cell_id, kind in marks.items():
        if not 0 <= cell_id < len(BOARD.cells):
            continue
        cell = BOARD.cells[cell_id]
        x, y = centre(cell.q, cell.r)
        title = f"<title>{escape(titles[cell_id])}</title>" if titles.get(cell_id) else ""
        parts.append(f'<g class="mark {kind}" data-cell="{cell_id}" aria-hidden="true">{title}'
                     f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{SIZE - 2:.1f}"/></g>')
    return parts


def render(view: dict, *, names: list[str], targets: dict[int, Target] | None = None,
           selected: set[int] | None = None, marks: dict[int, str] | None = None,
           mark_titles: dict[int, str] | None = None) -> SafeString:
    """The whole board. ``targets`` maps clickable cells to the next step of the move. What every viewer
    of the position sees alike (the land, the cities, the buildings) is drawn once for all of them
    (``play.drawings``); the viewer's marks and targets are drawn here."""
    under, above = drawn_once("lacitta.board", _shared_layers, {k: view[k] for k in SHARED_VIEW_KEYS}, names)
    body = (
        [under]
        + _marks_layer(marks or {}, mark_titles or {})
        + _targets_layer(targets or {}, selected or set())
        + [above]  # on top, so a highlighted hex never hides which city it is (they let taps through)
    )
    return mark_safe("".join(body) + "</svg>")


# The parts of the view the shared layers are drawn from (public: the board as everyone sees it).
SHARED_VIEW_KEYS = ("players_count", "landscape", "cities", "buildings", "edition")


def _shared_layers(board: dict, names: list[str]) -> tuple[str, str]:
    """(the board's opening up to its buildings, the cities' names drawn over everything)."""
    f = frame()
    edges, city_names = _cities_layer(board, names)
    under = (
        [f'<svg class="board" viewBox="{f.min_x:.0f} {f.min_y:.0f} {f.width:.0f} {f.height:.0f}" '
         f'role="group" aria-label="{escape(_("The board"))}" xmlns="http://www.w3.org/2000/svg">',
         symbol_defs(), seat_patterns()]
        + _landscape_layer(board)
        + list(_paths_layer(BOARD.active_cells(board["players_count"])))
        + edges
        + _buildings_layer(board, names)
    )
    return "".join(under), "".join(city_names)
