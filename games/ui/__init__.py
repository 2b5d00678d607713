"""Per-game page parts. A game may add context for its templates
(``games/<slug>/board.html`` and ``games/<slug>/moves.html``); games without
one get the generic view and move list."""

from __future__ import annotations

from importlib import import_module

UI_MODULES = {"lacitta": "games.lacitta.page"}


def extra_context(*, request, game, gv, names: list[str], base_url: str, replay: bool = False) -> dict:
    path = UI_MODULES.get(game.game_type)
    if path is None or gv.view is None:
        return {}
    return import_module(path).context(request=request, game=game, gv=gv, names=names, base_url=base_url,
                                       replay=replay)
