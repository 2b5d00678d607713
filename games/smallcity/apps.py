from pathlib import Path

from django.apps import AppConfig


class SmallCityConfig(AppConfig):
    name = "games.smallcity"
    label = "smallcity"
    verbose_name = "Small City Deluxe"

    def ready(self):
        from play import registry

        registry.register(definition())


def definition():
    """Everything the platform needs of Small City Deluxe, handed over through the registry."""
    from kit.schemas import GameSchemas
    from play.registry import GameDefinition, RulesPages

    from . import bots, page, svg, texts
    from .engine.engine import ENGINE

    return GameDefinition(
        engine=ENGINE,
        texts=texts,
        page=page.context,
        templates={"board": "smallcity/board.html", "moves": "smallcity/moves.html",
                   "new_game": "smallcity/new_game.html"},
        # random is the platform's own level (params.concrete draws through the engine's sample_move)
        bot_levels={level: chooser for level, chooser in bots.LEVELS.items() if level != "random"},
        option_labels=texts.OPTION_LABELS,
        rules=RulesPages(variants=texts.RULES_VARIANTS, variant_of=lambda options: "standard",
                         template="smallcity/rules/{variant}.{language}.html"),
        stylesheets=("smallcity/board.css",),
        seat_colours=svg.SEAT_COLOURS,
        log_marks={"smallcity.turn": "year", "smallcity.game_over": "year"},
        schemas=GameSchemas.from_folder(Path(__file__).parent / "schemas"),
        demo_options=({}, {"council": "expert"}),
        # The prefix of its context keys and CSS classes: the platform never names them.
        own_words=("sc_", "sc-"),
    )
