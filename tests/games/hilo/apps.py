"""Hilo's registration: the one place the platform learns of the game (its app is installed by one line,
``tests/games/__init__.py``'s APPS, read by the test settings). Its bots: the ``random`` level every game has."""
from pathlib import Path

from django.apps import AppConfig


class HiloConfig(AppConfig):
    name = "tests.games.hilo"
    label = "hilo"

    def ready(self):
        from kit.schemas import GameSchemas
        from play import registry

        from . import page, texts
        from .engine import ENGINE

        registry.register(registry.GameDefinition(
            engine=ENGINE, texts=texts, page=page.context, option_labels=texts.OPTION_LABELS,
            templates={"board": "hilo/board.html", "moves": "hilo/moves.html"},
            seat_colours=("teal", "orange", "brown", "purple"),
            schemas=GameSchemas.from_folder(Path(__file__).parent / "schemas"),
            own_words=("hl_", "hl-"),
        ))
