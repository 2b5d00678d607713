"""The side panels: the politics row with each card's help, and the legend of the buildings."""

from __future__ import annotations

from games.lacitta.engine.constants import (
    EXPANSION_BUILDINGS,
    SIZE,
)

from .. import help as help_texts
from .move_step import _min_cost


def politics_row(view: dict, seat: int | None) -> list[dict]:
    gold = view["players"][seat]["gold"] if seat is not None else None
    row = []
    for slot, card in enumerate(view["politics"]["row"]):
        if not card:
            row.append({"slot": slot, "card": None})
            continue
        info = help_texts.card_help(card, view["edition"])
        row.append({"slot": slot, **info, "too_dear": gold is not None and _min_cost(card) > gold})
    return row


def legend(view: dict) -> list[tuple[str, str]]:
    """The building pictures of this game, with their names."""
    expansion = view.get("expansion") not in (None, "none")
    kinds = ["castle"] + [k for k in SIZE if expansion or k not in EXPANSION_BUILDINGS]
    return [(k, help_texts.building_name(k).capitalize()) for k in kinds if k != "road"]

