from pathlib import Path

from django.apps import AppConfig


class RaceConfig(AppConfig):
    name = "tests.games.race"
    label = "race"

    def ready(self):
        from kit.schemas import GameSchemas
        from play import registry

        from . import texts
        from .engine import ENGINE

        # The platform's generic page (the view as JSON, a list of moves), named as any game names its own.
        registry.register(registry.GameDefinition(
            engine=ENGINE, texts=texts, option_labels=texts.OPTION_LABELS,
            templates={"board": "games/generic_board.html", "moves": "games/generic_moves.html"},
            schemas=GameSchemas.from_folder(Path(__file__).parent / "schemas"),
        ))
