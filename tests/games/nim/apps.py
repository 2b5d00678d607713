from pathlib import Path

from django.apps import AppConfig


class NimConfig(AppConfig):
    name = "tests.games.nim"
    label = "nim"

    def ready(self):
        from kit.schemas import GameSchemas
        from play import registry

        from . import bots, page, texts
        from .engine import ENGINE

        registry.register(registry.GameDefinition(
            engine=ENGINE, texts=texts, page=page.context, bot_levels=bots.LEVELS,
            templates={"board": "nim/board.html", "moves": "nim/moves.html"},
            option_labels=texts.OPTION_LABELS, seat_colours=("teal", "orange", "brown"),
            schemas=GameSchemas.from_folder(Path(__file__).parent / "schemas"),
        ))
