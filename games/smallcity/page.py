"""What the Small City game page shows, from ``view(state, seat)`` and the seat's legal moves only: every
district (the viewer's as its own plan leaves it), the seats' money, votes, pollution and materials, the
action-card circle with each card's price, the council, the viewer's own Promises, the step of the move
being built, and the end screen.

A move is built one part at a time (``play.move_builder``: the choices travel in the URL, every step is a
link). Its fixed fields come first (a building's kind and level, a card, a council row…); then the fields a
legal move leaves as ranges (``kit.params``) are asked one by one: squares are tapped on the board (each
tap adds one, tapping again removes it, until the building's size), other values are buttons; then the
whole move is shown for confirmation."""

from __future__ import annotations

from play import end_screen

from . import texts

# The page's parts (page_parts/), named here too: other code and tests import them from this module.
from .page_parts.board import districts, latest_squares  # noqa: F401
from .page_parts.end import end_rows, solo_end, solo_ladder
from .page_parts.forecast import FORECAST_PHASES, forecast  # noqa: F401
from .page_parts.move_fields import (  # noqa: F401
    BOARD_FIXED,
    BOARD_RANGES,
    FIELD_ORDER,
    PROMPTS,
    RANGE_ORDER,
    RANGES_KEY,
    TYPE_LABELS,
)
from .page_parts.move_forms import _same, engine_move, ui_move  # noqa: F401
from .page_parts.move_step import _example, _first, _target, move_step  # noqa: F401
from .page_parts.move_words import (  # noqa: F401
    _all_tiles,
    _slot,
    card_cost,
    council_column,
    describe,
    option_label,
    side_label,
    slot_text,
    take_label,
    tile_text,
)
from .page_parts.panels import circle, council, seat_rows, secrets


def context(page) -> dict:
    view, names, colours = page.view, page.names, page.colours
    step = None
    if page.legal_moves and not page.replay:
        step = move_step(page.legal_moves, page.step, view, names, page.base_url)
    result = view.get("result")
    waiting = [names[s] for s in view["pending"]]
    boards = districts(view, page, step)
    return {
        "sc": view,
        "sc_step": step,
        "sc_forecast": forecast(view),
        "sc_seat": page.seat,
        "sc_phase": str(texts.PHASES.get(view["phase"], view["phase"])),
        "sc_waiting": waiting,
        "sc_plans": ({"in": [names[s] for s in view.get("plans_in") or []],
                      "out": [names[s] for s in view["pending"]]} if view["phase"] == "plan" else None),
        "sc_seats": seat_rows(view, names, colours),
        "sc_circle": circle(view, names),
        "sc_council": council(view, names, colours),
        "sc_secrets": secrets(view),
        "sc_districts": boards,
        # the district to tap: one copy only, which a phone's stylesheet puts first under the move panel
        "sc_has_targets": bool(step and step["targets"] and any(d["active"] for d in boards)),
        "sc_kinds": [(k, texts.kind_name(k), texts.POWERS[k]) for k in texts.KINDS],
        "sc_end": end_screen.frame("smallcity", result, names, colours, end_rows(view, names, colours),
                                   solo_label=solo_end(view)),
        "sc_ladder": solo_ladder(view),
        "sc_victory": str(texts.OPTION_LABELS.get(f'victory.{view["options"]["victory"]}')
                          or texts.OPTION_LABELS.get(view["options"]["victory"], "")),
        "sc_promises_on": view["options"]["promises"] == "on",
        "sc_difficulty": str(texts.DIFFICULTIES.get(view["options"].get("difficulty"), "")),
        "sc_supply": [(texts.kind_name(k), sum(v) if isinstance(v, list) else v)
                      for k, v in sorted(view["supply"].items())],
        "sc_materials": ", ".join(f'{n} {texts.MATERIALS[m]}' for m, n in view["materials"].items()),
    }
