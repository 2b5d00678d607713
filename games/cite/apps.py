from pathlib import Path

from django.apps import AppConfig


class CiteConfig(AppConfig):
    name = "games.cite"
    label = "cite"
    verbose_name = "Cité"

    def ready(self):
        from play import registry

        registry.register(definition())


def definition():
    """Everything the platform needs of Cité, handed over through the registry."""
    from kit.schemas import GameSchemas
    from play.registry import GameDefinition, RulesPages, VisitSummary

    from . import bots, demo, page, texts
    from .engine.engine import ENGINE

    return GameDefinition(
        engine=ENGINE,
        texts=texts,
        page=page.context,
        templates={"board": "cite/board.html", "moves": "cite/moves.html", "new_game": "cite/new_game.html"},
        bot_levels={k: v for k, v in bots.LEVELS.items() if k != "random"},
        option_labels=texts.OPTION_LABELS,
        rules=RulesPages(variants=texts.RULES_VARIANTS, variant_of=lambda options: "introductory",
                         template="cite/rules/{variant}.{language}.html"),
        stylesheets=("cite/board.css",),
        scripts=("cite/offer.js",),
        seat_colours=("red", "blue", "green", "yellow"),
        log_marks={"cite.round": "year"},
        schemas=GameSchemas.from_folder(Path(__file__).parent / "schemas"),
        demo_options=({"first_game_gift": "yes"},),
        demo_moves=demo.next_move,
        # "Since your last visit": the offers made to the viewer first (issue 35).
        # ... and an offer withdrawn or lapsed before the reader came is not told (issue 42).
        visit_summary=VisitSummary(addressed=texts.offer_made_to, addressed_title=texts.OFFERS_TO_YOU,
                                   opens=texts.offer_opened, withdraws=texts.offer_withdrawn),
        # The prefix of its context keys and CSS classes: the platform never names them.
        own_words=("ct_", "ct-"),
    )
