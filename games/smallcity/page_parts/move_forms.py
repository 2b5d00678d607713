"""The page's form of a move (a town hall by its corner, a street by its two squares) and the engine's legal
move a form stands for."""

from __future__ import annotations

from play import move_builder

from .move_fields import RANGES_KEY


def ui_move(move: dict) -> list[dict]:
    """The page's form(s) of a legal move: a town hall by its bottom-left square, a street by its two squares
    in either order."""
    t = move["type"]
    if t == "place_town_hall":
        return [{"type": t, "corner": min(move["squares"])}]
    if t == "place_mayor":
        a, b = move["street"]
        return [{"type": t, "sq1": a, "sq2": b}, {"type": t, "sq1": b, "sq2": a}]
    return [move]


def engine_move(ui: dict, legal: list[dict]) -> dict | None:
    """The engine's legal move a page form stands for (with its ranges, when it has them)."""
    for move in legal:
        if any(_same(ui, form) for form in ui_move(move)):
            return move
    return None


def _same(ui: dict, form: dict) -> bool:
    return {k: v for k, v in ui.items() if k not in (RANGES_KEY, move_builder.DONE)} == form
