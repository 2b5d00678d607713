"""Bot levels per game. Every game gets ``random``; a game registers stronger
levels with ``register_level``. A chooser sees exactly what a player in that
seat sees: ``engine.view(state, seat)`` and the seat's legal moves — never the
state itself, so it cannot read hidden information."""

from __future__ import annotations

import random
from collections.abc import Callable
from importlib import import_module

from django.utils.translation import gettext_lazy

from .engines.base import Engine, Move

# chooser(engine, view, legal_moves, seat, rng) -> one of legal_moves
Chooser = Callable[[Engine, dict, list[Move], int, random.Random], Move]

# Levels as people read them (the slug stays in the database and the API).
LEVEL_LABELS = {"random": gettext_lazy("random"), "greedy": gettext_lazy("greedy"),
                "expert": gettext_lazy("expert")}


def level_label(level: str) -> str:
    return str(LEVEL_LABELS.get(level, level))


# Modules that register a game's levels when imported.
BOT_MODULES = {"lacitta": "games.lacitta.bots"}

_LEVELS: dict[str, dict[str, Chooser]] = {}
_loaded: set[str] = set()


def random_move(engine: Engine, view: dict, legal: list[Move], seat: int, rng: random.Random) -> Move:
    return rng.choice(legal)


def register_level(game_type: str, level: str, chooser: Chooser) -> None:
    _LEVELS.setdefault(game_type, {})[level] = chooser


def _load(game_type: str) -> None:
    if game_type in _loaded:
        return
    _loaded.add(game_type)
    path = BOT_MODULES.get(game_type)
    if path:
        try:
            module = import_module(path)
        except ImportError:
            return
        for level, chooser in getattr(module, "LEVELS", {}).items():
            register_level(game_type, level, chooser)


def levels_for(game_type: str) -> list[str]:
    _load(game_type)
    return ["random", *_LEVELS.get(game_type, {})]


def choose_move(game_type: str, level: str, engine: Engine, state, seat: int, *, seed: int) -> Move:
    """The bot's move. The RNG is seeded by the caller (game, version, seat) so
    a task that runs twice picks the same move."""
    _load(game_type)
    chooser = random_move if level == "random" else _LEVELS[game_type][level]
    legal = engine.legal_moves(state, seat)
    return chooser(engine, engine.view(state, seat), legal, seat, random.Random(seed))
