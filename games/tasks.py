"""Celery tasks. Each takes ids and the version it was queued for, imports the
services inside, and does nothing when the game has moved on (so a task that
runs twice, or late, is harmless)."""

from __future__ import annotations

import logging

from celery import shared_task
from django.db import OperationalError

log = logging.getLogger(__name__)

# One task plays at most this many bot moves in a row, then queues a successor,
# so a game of bots never holds a worker for long.
BOT_MOVES_PER_TASK = 50


@shared_task(acks_late=True, autoretry_for=(OSError,), retry_backoff=True, max_retries=5)
def bots_play(game_id: int, version: int) -> int:
    """Play the moves owed by bot seats of a game; returns how many were played."""
    from . import bots, services
    from . import registry
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


SWEEP_MAX_TIMEOUTS = 2000  # games queued per sweep; the rest wait a minute
TIMEOUT_GAMES_PER_TASK = 10  # a task's worth (~50 ms); a burst still spreads over the workers


def _lock_games(game_ids):
    """Lock these games, skipping those another worker holds. Games are always
    locked before their seats (as in every service), so sweeps and moves
    cannot deadlock."""
    from .models import Game

    return list(Game.objects.select_for_update(skip_locked=True).filter(pk__in=list(game_ids),
                                                                         status=Game.Status.ACTIVE))


@shared_task(acks_late=True, autoretry_for=(OperationalError,), retry_backoff=True, max_retries=5)
def time_out_games(game_ids: list[int]) -> int:
    """Apply the time-out rule to each seat of these games that is past its
    deadline; returns how many were applied. Each seat is locked and checked again
    inside ``services.seat_timeout``, so this task run twice (or after a player
    moved at the last second) changes nothing more."""
    from django.utils import timezone

    from . import services
    from .models import Seat

    now = timezone.now()
    late = (Seat.objects.filter(game_id__in=game_ids, owes_move=True, deadline__lte=now, substitute_bot="")
            .order_by("game_id", "index").values_list("game_id", "index", "deadline"))
    applied = 0
    for game_id, index, deadline in late:
        if services.seat_timeout(game_id=game_id, seat_index=index, expected_deadline=deadline):
            applied += 1
    return applied


@shared_task(acks_late=True)
def sweep_clocks() -> dict:
    """Periodic (every minute): time-outs, 80% reminders, expiry of games that
    never started, bot turns whose task was lost. Due seats are found with indexed
    queries (``games.due``). Time-outs are queued in batches of games; reminders
    and expiries lock their games with SKIP LOCKED, so several workers can sweep at
    once and each due clock is handled once."""
    from django.db import transaction
    from django.utils import timezone

    from notifications import services as notify

    from . import due
    from .models import Game

    now = timezone.now()
    counts = {"timeouts": 0, "reminders": 0, "expired": 0, "bots_requeued": 0}
    # Time-outs: the sweep only finds the games and queues them in small batches, so
    # a burst of time-outs is spread over every worker and the sweep stays short.
    # Queuing a game twice is harmless: a time-out is applied only while the seat
    # is still late.
    late = list(due.late_games(now)[:SWEEP_MAX_TIMEOUTS])
    for start in range(0, len(late), TIMEOUT_GAMES_PER_TASK):
        time_out_games.delay(late[start:start + TIMEOUT_GAMES_PER_TASK])
    counts["timeouts"] = len(late)

    stuck = list(due.lost_bot_turns(set(due.bot_seats_owing()[:5000]), now)[:500])
    for game_id, version in stuck:
        bots_play.delay(game_id, version)
    counts["bots_requeued"] = len(stuck)

    reminders = due.reminders_due(now)
    candidates = set(reminders.values_list("game_id", flat=True)[:1000])
    with transaction.atomic():
        for game in _lock_games(candidates):
            for seat in reminders.filter(game=game).select_related("user"):
                if seat.user_id and not seat.played_by_bot:
                    notify.reminder(seat=seat, game=game)
                    counts["reminders"] += 1
                seat.reminder_at = None
                seat.save(update_fields=["reminder_at"])

    with transaction.atomic():
        stale = list(due.expired_open_games(now).select_for_update(skip_locked=True)[:1000])
        reason = f"expired: not every seat was filled within {due.OPEN_GAME_LIFETIME_DAYS} days"
        for game in stale:
            game.status, game.finished_at = Game.Status.CANCELLED, now
            game.abort_reason = reason
            game.save(update_fields=["status", "finished_at", "abort_reason", "updated_at"])
        counts["expired"] = len(stale)
    return counts
