"""Bot levels per game. Every game gets ``random``; a game's definition in the
registry names its stronger levels. A chooser sees exactly what a player in that
seat sees: ``engine.view(state, seat)`` and the seat's legal moves — never the
state itself, so it cannot read hidden information."""

from __future__ import annotations

import random

from django.utils.translation import gettext_lazy

from kit import params
from kit.base import Engine, Move
from kit.search import Budget, thinking

from . import registry
from .registry import Chooser

# Levels as people read them (the slug stays in the database and the API).
LEVEL_LABELS = {"random": gettext_lazy("random"), "greedy": gettext_lazy("greedy"),
                "expert": gettext_lazy("expert")}


def level_label(level: str) -> str:
    return str(LEVEL_LABELS.get(level, level))


def random_move(engine: Engine, view: dict, legal: list[Move], seat: int, rng: random.Random) -> Move:
    return rng.choice(legal)


def choosers_for(game_type: str) -> dict[str, Chooser]:
    """Level -> chooser: ``random`` and the game's own levels (KeyError for an unknown game)."""
    return {"random": random_move, **registry.definition(game_type).bot_levels}


def levels_for(game_type: str) -> list[str]:
    return list(choosers_for(game_type))


def choose_move(game_type: str, level: str, engine: Engine, state, seat: int, *, seed: int,
                legal: list[Move] | None = None, budget: Budget | None = None) -> Move:
    """The bot's move, among ``legal`` when given (a seat that owes nothing: the engine's ``answers``), else
    among the seat's legal moves. The RNG is seeded by the caller (game, version, seat) so a task that
    runs twice picks the same move. ``budget``: what the decision may spend (``kit.search``: an expert's
    search answers its best move so far when it runs out; ``play.bot_work.budget_for``); None: the budget of
    the caller's ``kit.search.thinking`` if any, else no limit."""
    chooser = choosers_for(game_type)[level]
    legal = engine.legal_moves(state, seat) if legal is None else legal
    rng = random.Random(seed)
    if budget is None:
        move = chooser(engine, engine.view(state, seat), legal, seat, rng)
    else:
        with thinking(budget):
            move = chooser(engine, engine.view(state, seat), legal, seat, rng)
    # A legal move with ranges (kit.params) picked as it is: its fields are drawn (the engine's sampler).
    return params.concrete(engine, state, seat, move, rng)
