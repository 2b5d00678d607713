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

from games.engines.lacitta.board import BOARD
from games.texts_lacitta import BUILDINGS, LANDSCAPES, SERVICES

SIZE = 17.0  # hex radius in SVG units
SQRT3 = math.sqrt(3)

SEAT_FILL = ["#c0392b", "#2e6fb7", "#3d8b3d", "#d4a017", "#7d3c98"]
SEAT_LIGHT = ["#f3c6c0", "#c5d9f0", "#c9e4c4", "#f6e4a6", "#dcc6e6"]
LAND_FILL = {"farm": "#e8cf78", "mountain": "#a39a91", "lake": "#86bde3", "wasteland": "#cdbfa4"}
SERVICE_COLOUR = {"culture": "#ffffff", "education": "#222222", "health": "#2f7fd0"}

# Short marks drawn on building hexes (the tooltip gives the full name).
MARK = {
    "castle": "", "farm": "F", "quarry": "Q", "school": "Sc", "statue": "St", "fountain": "Fo", "market": "M",
    "palace": "P", "hospital": "H", "bathhouse": "B", "cathedral": "C", "university": "U", "road": "",
    "theatre": "T", "port": "Po", "large_farmhouse": "LF", "domain": "D",
}
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
            label = _("farmland, %(n)d food") % {"n": symbols}
        for q, r in space.hexes:
            x, y = centre(q, r)
            parts.append(f'<polygon class="land {kind}" points="{corners(x, y)}" fill="{fill}"/>')
        if not space.hexes:
            continue
        cx = sum(centre(q, r)[0] for q, r in space.hexes) / len(space.hexes)
        cy = sum(centre(q, r)[1] for q, r in space.hexes) / len(space.hexes)
        parts.append(f'<g class="land-mark"><title>{escape(label)}</title>{_land_icon(kind, symbols, cx, cy)}</g>')
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
    return f'<text x="{x:.1f}" y="{y + 4:.1f}" class="waste" text-anchor="middle">…</text>'


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


def _buildings_layer(view: dict, names: list[str]) -> list[str]:
    parts = []
    cities = {c["id"]: c for c in view["cities"]}
    cells = {cell.id: cell for cell in BOARD.cells}
    for b in view["buildings"]:
        cell = cells[b["cell"]]
        x, y = centre(cell.q, cell.r)
        owner = b["owner"]
        kind = b["kind"]
        city = cities.get(b["city"], {})
        name = str(BUILDINGS.get(kind, kind))
        title = _("%(building)s of %(player)s") % {"building": name, "player": names[owner]}
        fill = SEAT_LIGHT[owner] if kind != "castle" else SEAT_FILL[owner]
        if kind == "road":
            fill = "#bfb3a0"
        out = [f'<g class="building {kind}" data-cell="{b["cell"]}">']
        lines = [title]
        if kind == "castle":
            limit = city.get("limit")
            lines.append(
                _("city: %(pop)s citizens, limit %(limit)s") % {
                    "pop": city.get("population"), "limit": limit if limit is not None else _("none")}
            )
            svc = city.get("services", {})
            lines.append(", ".join(f"{SERVICES[k]} {svc.get(k, 0):g}" for k in ("culture", "education", "health")))
        out.append(f"<title>{escape(' — '.join(str(x) for x in lines))}</title>")
        stroke = SEAT_FILL[owner]
        out.append(f'<polygon points="{corners(x, y, SIZE - 1.2)}" fill="{fill}" stroke="{stroke}" '
                   f'stroke-width="{3 if kind == "castle" else 1.6}"/>')
        if kind == "castle":
            out.append(_castle_icon(x, y))
            full = city.get("limit") is not None and city.get("population", 0) >= city["limit"]
            out.append(
                f'<text x="{x:.1f}" y="{y + 6:.1f}" class="pop{" full" if full else ""}" text-anchor="middle">'
                f'{b["citizens"]}</text>'
            )
        elif kind == "road":
            out.append(f'<path d="M{x - 10:.1f},{y:.1f} L{x + 10:.1f},{y:.1f}" stroke="#7a6a58" '
                       f'stroke-width="3" stroke-dasharray="4 3"/>')
        else:
            out.append(f'<text x="{x:.1f}" y="{y + 1:.1f}" class="mark" text-anchor="middle">{MARK[kind]}</text>')
            for i, service in enumerate(ARCHES.get(kind, [])):
                ax = x + (i - (len(ARCHES[kind]) - 1) / 2) * 8
                out.append(
                    f'<path d="M{ax - 3.5:.1f},{y + 10:.1f} a3.5,3.5 0 0 1 7,0" fill="none" '
                    f'stroke="{SERVICE_COLOUR[service]}" stroke-width="2.4"/>'
                )
            if b["citizens"]:
                out.append(f'<circle cx="{x + 8:.1f}" cy="{y - 8:.1f}" r="2.8" class="citizen"/>')
        for i, cube in enumerate(b.get("cubes", [])):
            for j in range(cube["count"]):
                out.append(
                    f'<rect x="{x - 13 + 5 * (i * 3 + j):.1f}" y="{y - 14:.1f}" width="4.5" height="4.5" '
                    f'fill="{SEAT_FILL[cube["seat"]]}" stroke="#000" stroke-width=".5">'
                    f'<title>{escape(SERVICES.get(cube["service"], cube["service"]))}</title></rect>'
                )
        if b.get("rich_harvest"):
            out.append(f'<rect x="{x + 4:.1f}" y="{y - 14:.1f}" width="5" height="5" fill="{SEAT_FILL[owner]}" '
                       f'stroke="#000" stroke-width=".5"><title>{escape(_("Rich harvest"))}</title></rect>')
        out.append("</g>")
        parts.append("".join(out))
    return parts


def _castle_icon(x: float, y: float) -> str:
    return (f'<path d="M{x - 8:.1f},{y - 3:.1f} v-7 h3 v3 h3 v-3 h4 v3 h3 v-3 h3 v7 Z" fill="#fff" '
            f'opacity=".85"/>')


def _targets_layer(targets: dict[int, str], selected: set[int], label: str) -> list[str]:
    parts = []
    cells = {cell.id: cell for cell in BOARD.cells}
    for cell_id in selected:
        x, y = centre(cells[cell_id].q, cells[cell_id].r)
        parts.append(f'<polygon class="selected" points="{corners(x, y, SIZE - 2)}"/>')
    for cell_id, href in targets.items():
        x, y = centre(cells[cell_id].q, cells[cell_id].r)
        title = escape(label % {"cell": cell_id}) if label else str(cell_id)
        parts.append(
            f'<a href="{escape(href)}" class="target" data-cell="{cell_id}" hx-get="{escape(href)}" '
            f'hx-target="#game-body" hx-swap="outerHTML" hx-push-url="true">'
            f'<title>{title}</title><polygon points="{corners(x, y, SIZE - 1.5)}"/></a>'
        )
    return parts


@lru_cache(maxsize=1)
def _labels_layer() -> tuple[str, ...]:
    """Tiny hex numbers, so a move described in words can be found on the board."""
    parts = []
    for cell in BOARD.cells:
        x, y = centre(cell.q, cell.r)
        parts.append(f'<text x="{x:.1f}" y="{y + SIZE - 5:.1f}" class="num" text-anchor="middle">{cell.id}</text>')
    return tuple(parts)


def render(view: dict, *, names: list[str], targets: dict[int, str] | None = None,
           selected: set[int] | None = None, target_label: str = "") -> SafeString:
    """The whole board. ``targets`` maps clickable cells to the link of the next step."""
    f = frame()
    active = BOARD.active_cells(view["players_count"])
    targets = targets or {}
    selected = selected or set()
    body = (
        _landscape_layer(view)
        + list(_paths_layer(active))
        + list(_labels_layer())
        + _buildings_layer(view, names)
        + _targets_layer(targets, selected, target_label)
    )
    return mark_safe(
        f'<svg class="board" viewBox="{f.min_x:.0f} {f.min_y:.0f} {f.width:.0f} {f.height:.0f}" '
        f'role="img" aria-label="{escape(_("The board"))}" xmlns="http://www.w3.org/2000/svg">'
        + "".join(body)
        + "</svg>"
    )
