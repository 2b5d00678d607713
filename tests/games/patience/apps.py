"""Patience: the test-only one-seat game (a solitaire), added to the test settings' INSTALLED_APPS and
nowhere else. It proves the platform's solo results: never a win against anyone, unrated, no bot on a
time-out, a best-score table per variant."""
from pathlib import Path

from django.apps import AppConfig


class PatienceConfig(AppConfig):
    name = "tests.games.patience"
    label = "patience"

    def ready(self):
        from kit.schemas import GameSchemas
        from play import registry

        from . import texts
        from .engine import ENGINE

        registry.register(registry.GameDefinition(
            engine=ENGINE, texts=texts, option_labels=texts.OPTION_LABELS,
            templates={"board": "games/generic_board.html", "moves": "games/generic_moves.html"},
            schemas=GameSchemas.from_folder(Path(__file__).parent / "schemas"),
            demo_options=({},),  # seed_demo: a solo game waits for the demo user
        ))
