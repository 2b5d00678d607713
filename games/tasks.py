"""Celery tasks. Each takes ids and the version it was queued for, imports the
services inside, and does nothing when the game has moved on (so a task that
runs twice, or late, is harmless)."""

from __future__ import annotations

import logging

from celery import shared_task

log = logging.getLogger(__name__)

# One task plays at most this many bot moves in a row, then queues a successor,
# so a game of bots never holds a worker for long.
BOT_MOVES_PER_TASK = 50


@shared_task(acks_late=True, autoretry_for=(OSError,), retry_backoff=True, max_retries=5)
def bots_play(game_id: int, version: int) -> int:
    """Play the moves owed by bot seats of a game; returns how many were played."""
    from . import bots, services
    from .engines import registry
    from .models import Game

    played = 0
    for _ in range(BOT_MOVES_PER_TASK):
        game = Game.objects.filter(pk=game_id).first()
        if game is None or game.status != Game.Status.ACTIVE or game.version != version:
            return played
        seat = next((s for s in game.seats.order_by("index") if s.owes_move and s.played_by_bot), None)
        if seat is None:
            return played
        engine = registry.get(game.game_type)
        state = engine.load(game.state)
        seed = hash((game.seed, game.version, seat.index)) & 0xFFFFFFFF
        move = bots.choose_move(game.game_type, seat.played_by_bot, engine, state, seat.index, seed=seed)
        try:
            game = services.move_apply(
                game_id=game_id, seat_index=seat.index, bot_level=seat.played_by_bot, move=move,
                expected_version=version, queue_bots=False,
            )
        except services.Conflict:
            return played  # someone else moved first: their task carries on
        played += 1
        version = game.version
    bots_play.delay(game_id, version)
    return played
