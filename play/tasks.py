"""Celery tasks. Each takes ids (and the version it was queued for), calls a
service (``play.services``, imported inside) and does nothing when the game
has moved on, so a task that runs twice, or late, is harmless.

Task names are written out ("games.tasks.…"): they were named after the module when the platform was the
`games` package, and queued messages and beat's stored schedule still carry those names."""

from __future__ import annotations

import logging

from celery import shared_task
from django.db import OperationalError

log = logging.getLogger(__name__)

# One task plays at most this many bot moves in a row, then queues a successor,
# so a game of bots never holds a worker for long.
BOT_MOVES_PER_TASK = 50


# A failed database call (a worker host cut off from PostgreSQL) is retried like a broker's: the turn is
# replayed from the stored game, so a retry never plays a move twice.
@shared_task(acks_late=True, autoretry_for=(OSError, OperationalError), retry_backoff=True, max_retries=5,
             name="games.tasks.bots_play")
def bots_play(game_id: int, version: int) -> int:
    """Play the moves owed by bot seats of a game; returns how many were played. A game's bots play for one
    time slice (``BOT_TASK_SLICE_SECONDS``: one expert decision, or many cheap ones), then the successor joins
    the back of the queue, so the workers go round the games waiting (issue 39.3); a game whose account has
    its allowance of decisions under way elsewhere is tried again a moment later, leaving the worker to
    others. Run eagerly (no broker), nothing waits: the sweeps pick up a deferred turn."""
    from celery import current_app
    from django.conf import settings

    from . import services

    eager = bool(current_app.conf.task_always_eager)
    if eager:  # no worker to hand over to: the successors' moves are played here, in a loop, not nested
        played, more = 0, True
        while more:
            turns = services.bot_turns_play(game_id=game_id, version=version, limit=BOT_MOVES_PER_TASK, share=False)
            played, version, more = played + turns.played, turns.version, turns.more
        return played
    turns = services.bot_turns_play(game_id=game_id, version=version, limit=BOT_MOVES_PER_TASK,
                                    slice_seconds=settings.BOT_TASK_SLICE_SECONDS)
    if turns.more:
        bots_play.delay(game_id, turns.version)
    elif turns.retry_in is not None:
        bots_play.apply_async((game_id, turns.version), countdown=turns.retry_in)
    return turns.played


def queue_bots_after(sender, game, change, **kwargs) -> None:
    """``signals.game_changed`` receiver: the write left a bot seat owing a move, so its turn is queued once the
    transaction commits, with the version at commit time (the task does nothing if the game moved on)."""
    if change.bots:
        from .queue import enqueue_on_commit

        enqueue_on_commit(bots_play, args_at_commit=lambda: (game.pk, game.version))


SWEEP_MAX_TIMEOUTS = 2000  # games queued per sweep; the rest wait a minute
TIMEOUT_GAMES_PER_TASK = 10  # a task's worth (~50 ms); a burst still spreads over the workers


@shared_task(acks_late=True, autoretry_for=(OperationalError,), retry_backoff=True, max_retries=5,
             name="games.tasks.time_out_games")
def time_out_games(game_ids: list[int]) -> int:
    """Apply the time-out rule to each seat of these games that is past its
    deadline; returns how many were applied (``services.seats_time_out``: run
    twice, or after a player moved at the last second, it changes nothing more)."""
    from . import services

    return services.seats_time_out(game_ids=game_ids)


@shared_task(acks_late=True, name="games.tasks.sweep_clocks")
def sweep_clocks() -> dict:
    """Periodic (every minute): time-outs, 80% reminders, expiry of games that
    never started, bot turns whose task was lost. Due seats are found with indexed
    queries (``play.due``). Time-outs are queued in batches of games; reminders
    and expiries lock their games with SKIP LOCKED, so several workers can sweep at
    once and each due clock is handled once."""
    from django.utils import timezone

    from . import bot_work, due, services

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

    counts["bots_requeued"] = _requeue_lost_bot_turns(now)

    counts["reminders"] = services.reminders_send(now=now)
    counts["expired"] = services.open_games_expire(now=now)
    counts["bot_decisions_purged"] = bot_work.purge(now=now)
    return counts


def _requeue_lost_bot_turns(now) -> int:
    from . import due

    stuck = list(due.lost_bot_turns(set(due.bot_seats_owing()[:5000]), now)[:500])
    for game_id, version in stuck:
        bots_play.delay(game_id, version)
    return len(stuck)


@shared_task(acks_late=True, name="games.tasks.requeue_lost_bot_turns")
def requeue_lost_bot_turns() -> int:
    """Every few seconds (beat): bot turns whose task was lost (a worker killed mid-move, the broker down)
    are queued again, keyed by the version they were owed at, so a lost bot turn costs seconds, not the
    broker's one-hour visibility timeout, and a duplicate never moves twice. Two queries on partial indexes."""
    from django.utils import timezone

    return _requeue_lost_bot_turns(timezone.now())
