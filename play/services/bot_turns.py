"""Bots: the moves owed by bot seats, played in a row by a task."""

from __future__ import annotations

from dataclasses import dataclass

from .. import registry
from ..errors import Conflict
from ..models import Game
from .core import state_load
from .playing import move_apply

# --- bots ----------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class BotTurns:
    played: int  # moves the bots made
    version: int  # the game's version after them
    more: bool  # stopped at the limit: a bot may still owe a move


def bot_turns_play(*, game_id: int, version: int, limit: int) -> BotTurns:
    """Play the moves that bot seats owe, one after another, while the game stays at the
    version the last one made. Does nothing when the game moved on since ``version`` (the
    task that is queued for the new version carries on), so running it twice is harmless."""
    from .. import bots

    played = 0
    for _turn in range(limit):
        game = Game.objects.filter(pk=game_id).first()
        if game is None or game.status != Game.Status.ACTIVE or game.version != version:
            return BotTurns(played, version, more=False)
        seat = next((s for s in game.seats.order_by("index") if s.owes_move and s.played_by_bot), None)
        if seat is None:
            return BotTurns(played, version, more=False)
        engine = registry.get(game.game_type)
        state = state_load(engine=engine, game=game)
        seed = hash((game.seed, game.version, seat.index)) & 0xFFFFFFFF  # the same move if run twice
        move = bots.choose_move(game.game_type, seat.played_by_bot, engine, state, seat.index, seed=seed)
        try:
            game = move_apply(game_id=game_id, seat_index=seat.index, bot_level=seat.played_by_bot, move=move,
                              expected_version=version, queue_bots=False)
        except Conflict:
            return BotTurns(played, version, more=False)  # someone else moved first: their task carries on
        played += 1
        version = game.version
    return BotTurns(played, version, more=True)
