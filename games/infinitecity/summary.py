""""Since your last visit" for Infinite City: what the other players did after the later of this
seat's own last move and the summary it dismissed (``Seat.seen_seq``, through the platform's
``summary_seen`` view), one group per player's turn, in the log's words (only the lines this
seat may see), with the cells they changed. Which moves are unseen is the platform's
(``PageInput.unseen``); La Città groups them by year, this game by turn."""

from __future__ import annotations

from django.utils.translation import gettext as _

# Log parameters that name a cell: the cell itself, where a tile went, both tiles of a swap, a Bank.
CELL_PARAMS = (("x", "y"), ("to_x", "to_y"), ("x1", "y1"), ("x2", "y2"), ("bank_x", "bank_y"))


def _int(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def changed_cells(entry: dict) -> list[tuple[int, int]]:
    """The cells a log line names (a tile played, flipped, moved, swapped, taken, tokens put or returned)."""
    params = entry.get("params") or {}
    return [(params[kx], params[ky]) for kx, ky in CELL_PARAMS
            if _int(params.get(kx)) and _int(params.get(ky))]


def since_last_visit(page) -> dict | None:
    """``{"groups": [{"title", "lines"}], "cells": {(x, y): line}, "version", "earlier"}`` for a
    human seat of an active game, or None when nothing happened since."""
    unseen, names = page.unseen, page.names
    if unseen is None:
        return None
    groups, cells = [], {}
    for line in unseen.lines:
        actor = line.seat  # None: the site's own events (a resignation, a time-out)
        if actor == page.seat:
            continue  # their own moves they know
        if not groups or groups[-1]["actor"] != actor:
            title = (_("%(name)s's turn") % {"name": names[actor]} if _int(actor) and actor < len(names)
                     else _("On the site"))
            groups.append({"actor": actor, "title": title, "lines": []})
        groups[-1]["lines"].append(line.text)
        for cell in changed_cells(line.entry):
            cells[cell] = line.text
    if not groups:
        return None
    return {"groups": groups, "cells": cells, "version": page.key.version, "earlier": unseen.earlier}
