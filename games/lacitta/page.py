"""What the La Città game page shows: the board, the step of the move being
built, the side panels and the forecast, all from ``view(state, seat)`` and
the seat's legal moves."""

from __future__ import annotations

from games.lacitta.engine.constants import SERVICES
from games.lacitta.texts import SERVICES as SERVICE_NAMES

from . import help as help_texts  # noqa: F401  (tests read it here)
from . import places, spoken
from . import svg as lacitta_svg

# The page's parts (page_parts/), named here too: other code and tests import them from this module.
from .page_parts.end import CHART_DASHES, chart_svg, citizens_by_year, end_context  # noqa: F401
from .page_parts.forecast import forecast
from .page_parts.log_lines import YEAR_END_KEYS, changed_cells, latest_move_marks, replay_years  # noqa: F401
from .page_parts.move_fields import (  # noqa: F401
    ACTION_CARD_TYPES,
    BOARD_KEYS,
    FIELD_ORDER,
    PROMPTS,
    TYPE_LABELS,
    WHOLE_KEYS,
)
from .page_parts.move_step import (  # noqa: F401
    FILLED_REASONS,
    FILLED_REASONS_BY_MOVE,
    _min_cost,
    _target_place,
    filled_notes,
    missing_reasons,
    move_step,
)
from .page_parts.move_words import (  # noqa: F401
    _building,
    _building_at,
    _card,
    _city_of_build,
    _city_of_chosen_roads,
    _cost_text,
    _demolish_loss,
    _mountains,
    build_gain,
    describe,
    option_label,
    target_badge,
    target_title,
)
from .page_parts.panels import legend, politics_row


def context(page) -> dict:
    view = page.view
    seat = page.seat
    names = page.names
    replay = page.replay
    step = move_step(page.legal_moves, page.step, view, page.base_url, names) if page.legal_moves else None
    marks, mark_titles = ({}, {}) if replay else latest_move_marks(page)
    if page.since_visit is not None and not replay:  # the places "since your last visit" names, ringed
        for cell, text in page.since_visit.places.items():
            marks.setdefault(cell, "changed")
            mark_titles.setdefault(cell, text)
    svg = lacitta_svg.render(view, names=names, targets=step["targets"] if step else None,
                             selected=step["selected"] if step else None, marks=marks,
                             mark_titles=mark_titles)
    # Copies with names: the view itself is never changed (it may be shared).
    buildings = {c["id"]: c["buildings"] for c in spoken.cities_text(view, names)}
    mine_first = sorted(view["cities"], key=lambda c: (c["owner"] != seat, c["owner"], c["id"]))
    cities_by_owner = [dict(c, name=places.city_name(c["id"]), buildings_text=buildings.get(c["id"], "—"))
                       for c in mine_first]
    end = end_context(page) if page.finished and not replay else {}
    decision = view.get("decision") or {}
    decision_cities = [dict(c, name=places.city_name(c["city"])) for c in decision.get("cities") or []
                       if isinstance(c, dict) and "city" in c]
    return {
        **end,
        "lc": view,
        "lc_svg": svg,
        "lc_step": step,
        "lc_politics": politics_row(view, seat),
        "lc_cities": cities_by_owner,
        "lc_decision_cities": decision_cities,
        "lc_forecast": forecast(view, seat) if not page.finished else None,  # (the end has its own table)
        "lc_seat": seat,
        "lc_colours": page.colours,
        "lc_swatches": [lacitta_svg.seat_swatch(i) for i in range(len(names))],
        "lc_services": [(s, SERVICE_NAMES[s]) for s in SERVICES],
        "lc_known": sorted((int(k), SERVICE_NAMES.get(v, v)) for k, v in (view["voice"].get("known") or {}).items()),
        "lc_wasteland": view["edition"] == "classic" or view["expansion"] in (None, "none"),
        "lc_classic": view["edition"] == "classic",  # the 2000 rulebook's words ("action card")
        "lc_legend": legend(view),
        "lc_years": replay_years(page) if replay else [],
    }

