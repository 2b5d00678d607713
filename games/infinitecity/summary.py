""""Since your last visit" for Infinite City: what the other players did after the later of this
seat's own last move and the summary it dismissed (``Seat.seen_seq``, through the platform's
``summary_seen`` view), one group per player's turn, in the log's words (only the lines this
seat may see), with the cells they changed. La Città has its own (years, feeding); a game
builds its summary from the platform's log selectors, the platform only stores how far the
player has read."""

from __future__ import annotations

from django.utils.translation import gettext as _

SUMMARY_ROWS = 40  # move rows read at most (a long absence says "and earlier moves")
# Log parameters that name a cell: the cell itself, where a tile went, both tiles of a swap, a Bank.
CELL_PARAMS = (("x", "y"), ("to_x", "to_y"), ("x1", "y1"), ("x2", "y2"), ("bank_x", "bank_y"))


def _int(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def changed_cells(entry: dict) -> list[tuple[int, int]]:
    """The cells a log line names (a tile played, flipped, moved, swapped, taken, tokens put or returned)."""
    params = entry.get("params") or {}
    return [(params[kx], params[ky]) for kx, ky in CELL_PARAMS
            if _int(params.get(kx)) and _int(params.get(ky))]


def since_last_visit(game, seat, names: list[str]) -> dict | None:
    """``{"groups": [{"title", "lines"}], "cells": {(x, y): line}, "version", "earlier"}`` for a
    human seat of an active game, or None when nothing happened since."""
    from games import selectors, texts
    from games.models import Move

    if seat is None or seat.kind != seat.Kind.HUMAN:
        return None
    own = (Move.objects.filter(game=game, seat=seat.index).order_by("-seq")
           .values_list("seq", flat=True).first())
    start = max(seat.seen_seq, own or 0)
    if start >= game.version:
        return None
    rows = selectors.moves_for(game, seat.index, after_seq=start, limit=SUMMARY_ROWS)
    groups, cells = [], {}
    for row in rows:
        for entry, text in texts.visible_lines(game, row, names):
            actor = row.seat  # None: the site's own events (a resignation, a time-out)
            if actor == seat.index:
                continue  # their own moves they know
            if not groups or groups[-1]["actor"] != actor:
                title = (_("%(name)s's turn") % {"name": names[actor]} if _int(actor) and actor < len(names)
                         else _("On the site"))
                groups.append({"actor": actor, "title": title, "lines": []})
            groups[-1]["lines"].append(text)
            for cell in changed_cells(entry):
                cells[cell] = text
    if not groups:
        return None
    return {"groups": groups, "cells": cells, "version": game.version,
            "earlier": len(rows) == SUMMARY_ROWS and rows[0].seq > start + 1}
