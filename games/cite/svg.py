"""The district sheet as an SVG picture: the four quarters on an unbounded square grid (the part
that holds buildings, plus a margin), the quarter borders, the marked squares, every building drawn
as its rectangle with its name, and, while a building is being placed, the squares to tap."""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.html import escape
from django.utils.safestring import mark_safe
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from . import texts
from .engine.board import quarter_of
from .engine.components import MARKED, PROFESSION_COLOURS

BOARD_LABEL = gettext_lazy("The district sheet: four quarters around the centre")
MARK_TITLE = gettext_lazy("Marked square: the first building of this quarter covers it")

QUARTER_NAME = gettext_lazy("Player %(n)s's quarter")  # « QUARTIER DU JOUEUR 1 », the rulebook's sheet
EMPTY_QUARTER = gettext_lazy("empty (3 players)")
QUARTER_PLACES = (gettext_lazy("bottom left"), gettext_lazy("bottom right"), gettext_lazy("top left"),
                  gettext_lazy("top right"))

CELL = 40
# A quarter's label: its size, least size, padding, and the width of a character (of the size: bold system-ui).
QNAME_SIZE, QNAME_MIN, QNAME_PAD, QNAME_WIDTH = 12, 9, 6, 0.62
MARGIN = 2

# Short names written inside a one-square building (the full name is its title and in the lists).
SHORT = {
    "small_shop": "◆", "comptoir": "Or", "weaver_shop": "T", "bank": "$", "flea_market": "Pu",
}


@dataclass(frozen=True)
class Target:
    url: str
    title: str


def _bounds(cells) -> tuple[int, int, int, int]:
    xs = [x for x, _y in cells] + [-3, 2]
    ys = [y for _x, y in cells] + [-3, 2]
    return min(xs) - MARGIN, min(ys) - MARGIN, max(xs) + MARGIN, max(ys) + MARGIN


def _tint(view: dict, seat: int) -> str:
    """The CSS class of a seat's profession colour (CT02)."""
    return f"prof-{PROFESSION_COLOURS[view['seats'][seat]['profession']]}"


def render(view: dict, *, names: list[str], targets: dict | None = None,
           selected: set | None = None, marks: set | None = None, linked: set | None = None) -> str:
    targets, selected, marks, linked = targets or {}, selected or set(), marks or set(), linked or set()
    owner_of_quarter = {s["quarter"]: i for i, s in enumerate(view["seats"])}
    cells = [tuple(c) for b in view["buildings"].values() for c in b["cells"]]
    cells += list(targets) + [tuple(c) for c in selected] + MARKED
    x0, y0, x1, y1 = _bounds(cells)
    cols, rows = x1 - x0 + 1, y1 - y0 + 1
    width, height = cols * CELL, rows * CELL

    def px(x):
        return (x - x0) * CELL

    def py(y):
        return (y - y0) * CELL

    out = [f'<svg class="board ct-board ct-cols-{min(cols, 40)}" viewBox="0 0 {width} {height}" '
           f'role="group" aria-label="{escape(str(BOARD_LABEL))}" '
           f'xmlns="http://www.w3.org/2000/svg">']
    labels: list[str] = []  # drawn over the grid, under the buildings
    busy = set(cells)  # the squares a label keeps off (buildings, squares to tap, marked squares)
    # Quarters and buildings in the colour of the profession building there (CT02, the book's colours: not the
    # seat's, which marks the player's name); the fourth quarter stays empty with 3 players.
    for q, (qx0, qy0, qx1, qy1) in {0: (x0, 0, -1, y1), 1: (0, 0, x1, y1), 2: (x0, y0, -1, -1),
                                    3: (0, y0, x1, -1)}.items():
        seat = owner_of_quarter.get(q)
        cls = f"ct-q {_tint(view, seat)}" if seat is not None else "ct-q empty"
        out.append(f'<rect class="{cls}" x="{px(qx0)}" y="{py(qy0)}" width="{(qx1 - qx0 + 1) * CELL}" '
                   f'height="{(qy1 - qy0 + 1) * CELL}"/>')
        labels.append(_quarter_label(view, names, q, (qx0, qy0, qx1, qy1), busy, px, py))
    for x in range(x0, x1 + 2):
        out.append(f'<line class="ct-grid" x1="{px(x)}" y1="0" x2="{px(x)}" y2="{height}"/>')
    for y in range(y0, y1 + 2):
        out.append(f'<line class="ct-grid" x1="0" y1="{py(y)}" x2="{width}" y2="{py(y)}"/>')
    out.append(f'<line class="ct-border" x1="{px(0)}" y1="0" x2="{px(0)}" y2="{height}"/>'
               f'<line class="ct-border" x1="0" y1="{py(0)}" x2="{width}" y2="{py(0)}"/>')
    out.extend(labels)
    for mx, my in MARKED:
        out.append(f'<rect class="ct-mark" x="{px(mx) + 4}" y="{py(my) + 4}" width="{CELL - 8}" height="{CELL - 8}">'
                   f'<title>{escape(str(MARK_TITLE))}</title></rect>')
    for bid, b in sorted(view["buildings"].items()):
        xs = [c[0] for c in b["cells"]]
        ys = [c[1] for c in b["cells"]]
        bx, by = px(min(xs)), py(min(ys))
        w, h = (max(xs) - min(xs) + 1) * CELL, (max(ys) - min(ys) + 1) * CELL
        owner = b["owner"]
        name = texts.building_name(b["kind"], view["seats"][owner]["profession"])
        title = _("%(name)s of %(player)s: %(power)s") % {"name": name, "player": names[owner],
                                                           "power": texts.POWERS.get(b["kind"], "")}
        last = (" last" if bid in marks else "") + (" linked" if bid in linked else "")
        out.append(f'<g class="ct-b {_tint(view, owner)}{last}" data-building="{escape(bid)}" role="img" '
                   f'aria-label="{escape(title)}"><title>{escape(title)}</title>'
                   f'<rect x="{bx + 2}" y="{by + 2}" width="{w - 4}" height="{h - 4}" rx="4"/>')
        short = SHORT.get(b["kind"]) if w == CELL and h == CELL else None
        label = short or name
        size = 9 if w > CELL else 10
        if short is None and w == CELL * 2 and h == CELL:
            size = 8
        lines = [label] if len(label) * size * 0.55 < w - 4 else label.split(" ", 1)
        for i, line in enumerate(lines):
            ty = by + h / 2 + (i - (len(lines) - 1) / 2) * (size + 1) + size / 3
            out.append(f'<text x="{bx + w / 2}" y="{ty:.1f}" text-anchor="middle" font-size="{size}">'
                       f'{escape(line)}</text>')
        out.append("</g>")
    for (sx, sy) in selected:
        out.append(f'<rect class="ct-selected" x="{px(sx) + 3}" y="{py(sy) + 3}" width="{CELL - 6}" '
                   f'height="{CELL - 6}"/>')
    for n, ((tx, ty), target) in enumerate(sorted(targets.items(), key=lambda item: (item[0][1], item[0][0]))):
        href = escape(target.url)
        out.append(  # one Tab stop for all the targets, the arrow keys going on (site.js)
            f'<a class="ct-target" href="{href}" role="button" hx-get="{href}" hx-target="#game-body" '
            f'hx-swap="outerHTML" hx-push-url="true" data-board-target tabindex="{0 if n == 0 else -1}" '
            f'aria-label="{escape(target.title)}"><title>{escape(target.title)}</title>'
            f'<rect x="{px(tx) + 2}" y="{py(ty) + 2}" width="{CELL - 4}" height="{CELL - 4}" rx="5"/></a>')
    out.append("</svg>")
    return mark_safe("".join(out))


def quarter_words(view: dict, names: list[str], q: int) -> tuple[str, str]:
    """A quarter named as the rulebook's sheet names it (« Quartier du joueur 1 »… « 4 »: bottom left, bottom
    right, top left, top right), and whose it is: "alice, Stonecutter" (or "empty": 3 players)."""
    seat = next((i for i, s in enumerate(view["seats"]) if s["quarter"] == q), None)
    title = str(QUARTER_NAME) % {"n": q + 1}
    if seat is None:
        return title, str(EMPTY_QUARTER)
    return title, _("%(player)s, %(profession)s") % {
        "player": names[seat], "profession": texts.PROFESSION_NAMES.get(view["seats"][seat]["profession"], "")}


def _quarter_label(view, names, q, bounds, busy, px, py) -> str:
    """The quarter's name and owner in two lines, at its outer side, in the row nearest the centre that no building
    (nor a square to tap) covers there: where the sheet is scrolled to (the buildings gather at the centre) and
    never under a building. It never runs past the quarter: a long name is cut with "…" on the sheet (its title
    and the page's list of quarters say it whole)."""
    qx0, qy0, qx1, qy1 = bounds
    title, whose = quarter_words(view, names, q)
    room = (qx1 - qx0 + 1) * CELL - 2 * QNAME_PAD
    longest = max(len(title), len(whose))
    size = QNAME_SIZE if longest * QNAME_SIZE * QNAME_WIDTH <= room else max(QNAME_MIN, room / (longest * QNAME_WIDTH))
    fits = int(room / (size * QNAME_WIDTH))
    shown = [line if len(line) <= fits else line[:max(fits - 1, 1)] + "…" for line in (title, whose)]
    on_left = q in (0, 2)
    wide = -(-int(max(len(line) for line in shown) * size * QNAME_WIDTH + QNAME_PAD) // CELL)  # squares it covers
    columns = range(qx0, qx0 + wide) if on_left else range(qx1 - wide + 1, qx1 + 1)
    rows = list(range(-1, qy0 - 1, -1)) if q in (2, 3) else list(range(0, qy1 + 1))
    row = next((r for r in rows if not any((c, r) in busy for c in columns)), rows[-1])
    x = px(qx0) + QNAME_PAD if on_left else px(qx1 + 1) - QNAME_PAD
    y = py(row) + (CELL - 2.45 * size) / 2 + size * 0.95
    anchor = "start" if on_left else "end"
    full = escape(f"{title}: {whose}")
    return (f'<text class="ct-qname" x="{x}" y="{y:.1f}" text-anchor="{anchor}" font-size="{size:.1f}" '
            f'data-quarter="{q}"><title>{full}</title>'
            f'<tspan x="{x}">{escape(shown[0])}</tspan>'
            f'<tspan class="ct-qwhose" x="{x}" dy="{size * 1.2:.1f}">{escape(shown[1])}</tspan></text>')


def cell_name(x: int, y: int) -> str:
    """A square named by its quarter's view: columns counted from the centre, as the page lists them."""
    return f"({x}, {y})"


__all__ = ["Target", "render", "cell_name", "quarter_of", "quarter_words"]
