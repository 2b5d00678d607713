from pathlib import Path

from django.apps import AppConfig


class LaCittaConfig(AppConfig):
    name = "games.lacitta"
    label = "lacitta"
    verbose_name = "La Città"

    def ready(self):
        from play import registry

        registry.register(definition())


def definition():
    """Everything the platform needs of La Città, handed over through the registry."""
    from django.utils.translation import gettext_lazy as _

    from kit.schemas import GameSchemas
    from play.registry import GameDefinition, RulesPages, VisitSummary

    from . import bots, page, svg, texts
    from .engine.engine import ENGINE

    return GameDefinition(
        engine=ENGINE,
        texts=texts,
        page=page.context,
        templates={"board": "lacitta/board.html", "moves": "lacitta/moves.html",
                   "new_game": "lacitta/new_game.html", "replay": "lacitta/replay.html"},
        bot_levels=bots.LEVELS,
        option_labels=texts.OPTION_LABELS,
        rules=RulesPages(variants=texts.RULES_VARIANTS, variant_of=texts.rules_variant,
                         template="lacitta/rules/{variant}.{language}.html"),
        stylesheets=("lacitta/board.css",),
        seat_colours=svg.SEAT_COLOURS,
        # A year's border, and the lines where a phase of the year begins.
        log_marks={"lacitta.year_start": "year", "lacitta.year_end": "year", **dict.fromkeys(
            ("lacitta.voice_revealed", "lacitta.voice_drawn", "lacitta.migration_done", "lacitta.famine",
             "lacitta.fed"), "phase")},
        year_start="lacitta.year_start",
        visit_summary=VisitSummary(round_end=frozenset(page.YEAR_END_KEYS), period=_("Year %(n)s"),
                                   period_end=_("Year %(n)s ends"), period_now=lambda view: view["year"],
                                   places=page.changed_cells,
                                   places_hint=_("Solid rings on the board mark the places that changed.")),
        schemas=GameSchemas.from_folder(Path(__file__).parent / "schemas"),
        demo_options=({"edition": "modern", "expansion": "none", "setup": "beginner"},
                      {"edition": "classic", "expansion": "none", "setup": "beginner"}),
        # Its pieces and cards, and the prefix of its context keys and CSS classes: the platform never names them.
        own_words=("Cocagne", "citizen", "castle", "farmhouse", "famine", "Voice of the People", "politics card",
                   "lc_", "lc-"),
    )
