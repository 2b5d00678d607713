from pathlib import Path

from django.apps import AppConfig


class InfiniteCityConfig(AppConfig):
    name = "games.infinitecity"
    label = "infinitecity"
    verbose_name = "Infinite City"

    def ready(self):
        from play import registry

        registry.register(definition())


def definition():
    """Everything the platform needs of Infinite City, handed over through the registry."""
    from django.utils.translation import gettext_lazy as _

    from kit.schemas import GameSchemas
    from play.registry import GameDefinition, RulesPages, VisitSummary

    from . import bots, page, summary, svg, texts
    from .engine.engine import ENGINE

    return GameDefinition(
        engine=ENGINE,
        texts=texts,
        page=page.context,
        templates={"board": "infinitecity/board.html", "moves": "infinitecity/moves.html"},
        bot_levels=bots.LEVELS,
        option_labels=texts.OPTION_LABELS,
        rules=RulesPages(variants=texts.RULES_VARIANTS, variant_of=lambda options: "standard",
                         template="infinitecity/rules/{variant}.{language}.html"),
        stylesheets=("infinitecity/board.css",),
        seat_colours=svg.SEAT_COLOURS,
        log_marks={"infinitecity.final_round": "phase", "infinitecity.game_over": "year"},
        schemas=GameSchemas.from_folder(Path(__file__).parent / "schemas"),
        demo_options=({"marks": "known-only"},),
        visit_summary=VisitSummary(places=summary.changed_cells, places_hint=_(
            "Solid outlines on the board mark the cells that changed.")),
        # The prefix of its context keys and CSS classes: the platform never names them.
        own_words=("ic_", "ic-"),
    )
