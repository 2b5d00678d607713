"""The Infinite City board as SVG: a square grid that grows with the city, drawn from
``view(state, seat)`` only. Face-up tiles show their printed name and a symbol of their kind;
face-down tiles show their back (and, for a viewer who saw one, what it is). Token stacks are
in the seat's colour AND carry the seat's letter, so colour is never the only cue. Cells a
Power Station protects are hatched. Targets (the cells a player may choose at this step of a
move) are links with an accessible name, as La Città's hexes are."""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from play.drawings import drawn_once

from . import texts
from .symbols import defs as symbol_defs

S = 64  # a cell's side in SVG units
PAD = 14  # room for the column letters and row numbers
# The picture's class names its number of columns (ic-cols-N, up to this), from which board.css gives it
# a minimum width: a class, as the site's content policy refuses inline styles.
MAX_COLS_CLASS = 40

# The seats' colours (the definition gives them to the platform) and how the board paints them. Each
# token carries its seat's letter, the one the platform writes beside the player's name everywhere.
SEAT_COLOURS = ("red", "blue", "green", "yellow", "purple", "orange")
SEAT_FILL = ("#c0392b", "#2e6fb7", "#2f7a2f", "#d4a017", "#7d3c98", "#e67e22")  # white letters 4.5:1 or more
SEAT_INK = ("#fff", "#fff", "#fff", "#222", "#fff", "#222")


def seat_letter(seat: int) -> str:
    from play.templatetags.games_extras import seat_letter as platform_letter

    return platform_letter(seat)


def seat_colour_name(seat: int) -> str:
    from play.colours import COLOUR_NAMES

    return str(COLOUR_NAMES[SEAT_COLOURS[seat]])


@dataclass(frozen=True)
class Target:
    """A cell the player may choose at this step: where it leads and what it does."""
    href: str
    title: str


def tokens_text(tokens: list[int], names: list[str]) -> str:
    """"Blue (Ann) 2 tokens, Red (Bob) 1 token" — or "no token"."""
    parts = [ngettext("%(colour)s (%(name)s) %(n)d token", "%(colour)s (%(name)s) %(n)d tokens", n) % {
        "colour": seat_colour_name(seat), "name": names[seat] if seat < len(names) else seat, "n": n}
        for seat, n in enumerate(tokens) if n]
    return ", ".join(parts) if parts else _("no token")


def cell_label(cell: dict, names: list[str]) -> str:
    """A cell's accessible name: "M13, Bank, Blue (Ann) 1 token"."""
    where = texts.cell_name(cell["x"], cell["y"])
    tile = cell.get("tile")
    if cell["face_up"]:
        what = texts.tile_name(tile["kind"])
    elif tile:
        what = _("face down (you know it is the %(tile)s)") % {"tile": texts.tile_name(tile["kind"])}
    else:
        what = _("face down")
    parts = [where, what, tokens_text(cell["tokens"], names)]
    if cell.get("protected"):
        parts.append(_("protected by a Power Station"))
    return ", ".join(parts)


def cell_title(cell: dict, names: list[str]) -> str:
    """Its tooltip: the accessible name, the printed marks counted, and the instruction."""
    label = cell_label(cell, names)
    tile = cell.get("tile")
    if not tile:
        return label
    marks = marks_text(tile)
    extra = f" ({marks})" if marks else ""
    return f"{label}{extra}. {texts.tile_name(tile['kind'])}: {texts.instruction(tile['kind'])}"


def marks_text(tile: dict) -> str:
    parts = []
    if tile.get("bonus"):
        parts.append(ngettext("%(n)d bonus point", "%(n)d bonus points", tile["bonus"]) % {"n": tile["bonus"]})
    if tile.get("silver"):
        parts.append(_("silver rings"))
    return ", ".join(parts)


def _name_lines(name: str, beside_bonus: bool = False) -> list[str]:
    """One line, or two at the first space when long (or when the bonus disc takes the first line's
    right end: "Police HQ" would run under it)."""
    if len(name) <= (6 if beside_bonus else 10) or " " not in name:
        return [name]
    first, _space, rest = name.partition(" ")
    return [first, rest]


def _tile_face(kind: str, x: float, y: float, tile: dict, compact: bool) -> list[str]:
    out = []
    silver = tile.get("silver")
    out.append(f'<rect class="face{" silver" if silver else ""}" x="{x + 2}" y="{y + 2}" width="{S - 4}" '
               f'height="{S - 4}" rx="4"/>')
    lines = _name_lines(texts.tile_name(kind), beside_bonus=bool(tile.get("bonus")))
    for i, line in enumerate(lines):
        out.append(f'<text class="name" x="{x + S / 2}" y="{y + 11 + i * 8.5}" text-anchor="middle">'
                   f'{escape(line)}</text>')
    size = 18 if compact or len(lines) > 1 else 22
    top = y + (12 if len(lines) == 1 else 20)
    out.append(f'<use href="#ic-{kind}" x="{x + (S - size) / 2}" y="{top}" width="{size}" height="{size}"/>')
    if tile.get("bonus"):
        out.append(f'<circle class="bonus" cx="{x + S - 9}" cy="{y + 9}" r="6"/>'
                   f'<text class="bonus-n" x="{x + S - 9}" y="{y + 12}" text-anchor="middle">{tile["bonus"]}</text>')
    if silver:
        out += [f'<circle class="ring" cx="{x + 8 + 5 * i}" cy="{y + S - 6}" r="1.8"/>' for i in range(3)]
    return out


def _tokens(tokens: list[int], x: float, y: float) -> list[str]:
    owners = [(seat, n) for seat, n in enumerate(tokens) if n]
    out = []
    per_row = 3
    for i, (seat, n) in enumerate(owners):
        row, col = divmod(i, per_row)
        cx = x + 12 + col * 20
        cy = y + S - 12 - row * 17
        out.append(f'<g class="token"><circle cx="{cx}" cy="{cy}" r="7.5" fill="{SEAT_FILL[seat]}"/>'
                   f'<text x="{cx}" y="{cy + 3.4}" text-anchor="middle" fill="{SEAT_INK[seat]}">'
                   f'{escape(seat_letter(seat))}</text>')
        if n > 1:
            out.append(f'<text class="count" x="{cx + 8}" y="{cy - 3}">{n}</text>')
        out.append("</g>")
    return out


def bounds(view: dict) -> tuple[int, int, int, int]:
    xs = [c["x"] for c in view["cells"]] or [0]
    ys = [c["y"] for c in view["cells"]] or [0]
    return min(xs) - 1, min(ys) - 1, max(xs) + 1, max(ys) + 1


def render(view: dict, *, names: list[str], targets: dict[tuple[int, int], Target] | None = None,
           selected: set[tuple[int, int]] | None = None, marks: dict[tuple[int, int], str] | None = None
           ) -> SafeString:
    """The city. ``targets`` maps the cells a player may choose to the next step of the move."""
    targets = targets or {}
    selected = selected or set()
    marks = marks or {}
    x0, y0, x1, y1 = bounds(view)
    for tx, ty in targets:  # an empty target cell always lies next to the city, so inside the bounds
        x0, y0, x1, y1 = min(x0, tx), min(y0, ty), max(x1, tx), max(y1, ty)
    left, top = x0 * S - PAD, y0 * S - PAD
    width, height = (x1 - x0 + 1) * S + PAD, (y1 - y0 + 1) * S + PAD
    out = [symbol_defs()]
    out.append(f'<rect class="ground" x="{x0 * S}" y="{y0 * S}" width="{(x1 - x0 + 1) * S}" '
               f'height="{(y1 - y0 + 1) * S}"/>')
    for gx in range(x0, x1 + 1):
        out.append(f'<text class="axis" x="{gx * S + S / 2}" y="{y0 * S - 4}" text-anchor="middle">'
                   f'{texts.column_name(gx)}</text>')
    for gy in range(y0, y1 + 1):
        out.append(f'<text class="axis" x="{x0 * S - 3}" y="{gy * S + S / 2 + 3}" text-anchor="end">'
                   f'{texts.row_name(gy)}</text>')
    grid = "".join(f"M{x0 * S},{gy * S}h{(x1 - x0 + 1) * S}" for gy in range(y0, y1 + 2))
    grid += "".join(f"M{gx * S},{y0 * S}v{(y1 - y0 + 1) * S}" for gx in range(x0, x1 + 2))
    out.append(f'<path class="grid" d="{grid}"/>')
    # The tiles as this viewer knows them (a face-down tile it saw shows faded): drawn once for every viewer
    # who knows the same (play.drawings), which for a face-down tile means only those who saw it.
    out.append(drawn_once("infinitecity.cells", _cells_layer, view["cells"], names))
    for (mx, my), kind in marks.items():
        out.append(f'<rect class="mark {kind}" x="{mx * S + 1}" y="{my * S + 1}" width="{S - 2}" height="{S - 2}" '
                   f'rx="5"/>')
    for sx, sy in selected:
        out.append(f'<rect class="selected" x="{sx * S + 3}" y="{sy * S + 3}" width="{S - 6}" height="{S - 6}" '
                   f'rx="4"/>')
    occupied = {(c["x"], c["y"]) for c in view["cells"]}
    for n, ((tx, ty), target) in enumerate(targets.items()):
        href = escape(target.href)
        empty = (tx, ty) not in occupied
        plus = (f'<path class="plus" d="M{tx * S + S / 2 - 8},{ty * S + S / 2}h16M{tx * S + S / 2},'
                f'{ty * S + S / 2 - 8}v16"/>' if empty else "")
        out.append(  # one Tab stop for all the targets, the arrow keys going on (site.js)
            f'<a href="{href}" class="target{" empty" if empty else ""}" role="button" data-cell="{tx},{ty}" '
            f'hx-get="{href}" hx-target="#game-body" hx-swap="outerHTML" hx-push-url="true" data-board-target '
            f'tabindex="{0 if n == 0 else -1}" aria-label="{escape(target.title)}">'
            f'<title>{escape(target.title)}</title>'
            # the whole cell is the finger's target (never under 44 CSS px); the drawn square stays inset
            f'<rect class="hit" x="{tx * S}" y="{ty * S}" width="{S}" height="{S}"/>'
            f'<rect x="{tx * S + 2}" y="{ty * S + 2}" width="{S - 4}" height="{S - 4}" rx="5"/>{plus}</a>')
    cols = min(x1 - x0 + 1, MAX_COLS_CLASS)
    return mark_safe(
        f'<svg class="board ic-board ic-cols-{cols}" viewBox="{left} {top} {width} {height}" role="group" '
        f'aria-label="{escape(_("The city"))}" xmlns="http://www.w3.org/2000/svg">' + "".join(out) + "</svg>")


def _cells_layer(cells: list[dict], names: list[str]) -> str:
    out = []
    for cell in cells:
        x, y = cell["x"] * S, cell["y"] * S
        tile = cell.get("tile")
        title = cell_title(cell, names)
        owners = sum(1 for n in cell["tokens"] if n)
        part = [f'<g class="building tile{" down" if not cell["face_up"] else ""}" role="img" '
                f'aria-label="{escape(cell_label(cell, names))}" data-cell="{cell["x"]},{cell["y"]}">'
                f'<title>{escape(title)}</title>']
        if cell["face_up"]:
            part += _tile_face(tile["kind"], x, y, tile, compact=owners > 3)
        else:
            part.append(f'<rect class="back" x="{x + 2}" y="{y + 2}" width="{S - 4}" height="{S - 4}" rx="4"/>')
            if tile:  # this viewer saw it: a faded picture of what it is
                part.append(f'<use href="#ic-{tile["kind"]}" x="{x + 20}" y="{y + 14}" width="24" height="24" '
                            f'opacity=".55"/>')
                part.append(f'<text class="known" x="{x + S / 2}" y="{y + S - 8}" text-anchor="middle">'
                            f'{escape(texts.tile_name(tile["kind"]))}</text>')
            else:
                part.append(f'<text class="q" x="{x + S / 2}" y="{y + S / 2 + 6}" text-anchor="middle">?</text>')
        if cell.get("protected"):
            part.append(f'<rect class="protected" x="{x + 1}" y="{y + 1}" width="{S - 2}" height="{S - 2}" rx="4"/>')
        part += _tokens(cell["tokens"], x, y)
        part.append("</g>")
        out.append("".join(part))
    return "".join(out)


def tile_picture(kind: str) -> SafeString:
    """A kind's symbol alone, for the hand and the lists (the page's board holds the symbols)."""
    return mark_safe(f'<svg class="tile-pic" viewBox="0 0 20 20" aria-hidden="true"><use href="#ic-{kind}"/></svg>')
