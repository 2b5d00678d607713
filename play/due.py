"""What the minute sweep looks for, as querysets: ``tasks.sweep_clocks`` runs them
and ``bench/scale.py --explain`` prints their plans, so the benchmark always looks
at the queries the site sends. Each one is served by an index (see the comments)."""

from __future__ import annotations

from datetime import datetime, timedelta

from django.conf import settings
from django.db.models import QuerySet

from .models import Game, Seat

OPEN_GAME_LIFETIME_DAYS = 14


def lost_bot_turn_after() -> timedelta:
    """How long a bot seat may owe a move with no change to the game before its task counts as lost (a killed
    worker, a broker outage). A bot decides in about a second and a game of bots saves every move, so a few
    seconds of silence already mean the task is gone; a late duplicate finds the version moved and does nothing."""
    return timedelta(seconds=settings.BOT_TURN_LOST_AFTER_SECONDS)


def late_games(now: datetime) -> QuerySet:
    """Ids of games with a seat past its deadline (index on ``deadline``)."""
    return (Seat.objects.filter(owes_move=True, deadline__lte=now, substitute_bot="")
            .order_by().values_list("game_id", flat=True).distinct())


def bot_seats_owing() -> QuerySet:
    """Game ids of seats a bot plays that owe a move: few, since bots move at once.
    The filter is exactly the predicate of the partial index ``seat_bot_owes_move``,
    and there is no join, so the planner has nothing else to choose."""
    return (Seat.objects.filter(owes_move=True).exclude(kind=Seat.Kind.HUMAN, substitute_bot="")
            .order_by().values_list("game_id", flat=True))


def lost_bot_turns(game_ids, now: datetime) -> QuerySet:
    """(game id, version) of those games still waiting for that bot ``lost_bot_turn_after()`` later: its
    task was lost (a killed worker, the broker down when the move was saved). Primary key lookups."""
    return (Game.objects.filter(pk__in=list(game_ids), status=Game.Status.ACTIVE,
                                updated_at__lt=now - lost_bot_turn_after())
            .order_by().values_list("pk", "version"))


def reminders_due(now: datetime) -> QuerySet:
    """Seats whose clock passed 80% of the bank (index on ``reminder_at``)."""
    return Seat.objects.filter(owes_move=True, reminder_at__lte=now)


def expired_open_games(now: datetime) -> QuerySet:
    """Games nobody filled in time (index ``status, is_private, -created_at``)."""
    return Game.objects.filter(status=Game.Status.OPEN,
                               created_at__lt=now - timedelta(days=OPEN_GAME_LIFETIME_DAYS))
