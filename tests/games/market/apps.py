"""Market: the test-only game of offers at any time (may act, notices, moves with ranges, concurrent
moves), added to the test settings' INSTALLED_APPS and nowhere else."""
from pathlib import Path

from django.apps import AppConfig


class MarketConfig(AppConfig):
    name = "tests.games.market"
    label = "market"

    def ready(self):
        from kit.schemas import GameSchemas
        from play import registry

        from . import texts
        from .engine import ENGINE

        registry.register(registry.GameDefinition(
            engine=ENGINE, texts=texts, option_labels=texts.OPTION_LABELS,
            templates={"board": "games/generic_board.html", "moves": "games/generic_moves.html"},
            schemas=GameSchemas.from_folder(Path(__file__).parent / "schemas"),
            demo_options=({"rounds": "2"},), demo_moves=demo_moves,
        ))


def demo_moves(engine, state, humans):
    """The demo script (``GameDefinition.demo_moves``): the second person offers the first one good, once."""
    first, second = sorted(humans)[:2]
    if state["over"] or any(o["from"] == second and first in o["to"] for o in state["offers"]):
        return None
    good = next(g for g, n in sorted(state["goods"][second].items()) if n)
    return second, {"type": "offer", "give": {good: 1}, "to": [first]}
