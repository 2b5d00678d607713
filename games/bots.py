"""Bot levels per game. Every game gets ``random``; a game may add stronger
levels by registering a chooser. A chooser receives the engine, the state and
its seat and must decide from ``engine.view(state, seat)`` and
``engine.legal_moves(state, seat)`` only — never from hidden information."""

from __future__ import annotations

import random
from collections.abc import Callable

from .engines.base import Engine, Move

Chooser = Callable[[Engine, object, int, random.Random], Move]


def random_move(engine: Engine, state, seat: int, rng: random.Random) -> Move:
    return rng.choice(engine.legal_moves(state, seat))


_LEVELS: dict[str, dict[str, Chooser]] = {}


def register_level(game_type: str, level: str, chooser: Chooser) -> None:
    _LEVELS.setdefault(game_type, {})[level] = chooser


def levels_for(game_type: str) -> list[str]:
    return ["random", *_LEVELS.get(game_type, {})]


def choose_move(game_type: str, level: str, engine: Engine, state, seat: int, *, seed: int) -> Move:
    """The bot's move. The RNG is seeded by the caller (game, version, seat) so
    a task that runs twice picks the same move."""
    chooser = random_move if level == "random" else _LEVELS[game_type][level]
    return chooser(engine, state, seat, random.Random(seed))
