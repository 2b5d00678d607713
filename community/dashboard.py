"""Numbers for the staff dashboard, one row per day (UTC)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, date, datetime, time, timedelta

from django.db.models import Count
from django.db.models.functions import TruncDate
from django.utils import timezone

from notifications.models import Notification
from play.models import Game, Move

MAX_DAYS = 365


@dataclass
class Day:
    day: date
    started: int = 0
    finished: int = 0
    moves: int = 0
    active_players: int = 0
    timeouts: int = 0
    email_failures: int = 0


def _per_day(qs, field: str, since, *, distinct: str | None = None) -> dict[date, int]:
    count = Count(distinct, distinct=True) if distinct else Count("pk")
    rows = (
        qs.filter(**{f"{field}__gte": since})
        .annotate(day=TruncDate(field))
        .values("day")
        .annotate(n=count)
        .values_list("day", "n")
    )
    return {day: n for day, n in rows}


def daily_stats(*, days: int = 30) -> list[Day]:
    """The last ``days`` days, newest first: games started and finished, moves
    played, distinct players who moved, clocks run out, e-mails that failed."""
    today = timezone.now().date()
    first = today - timedelta(days=days - 1)
    since = datetime.combine(first, time.min, tzinfo=UTC)
    started = _per_day(Game.objects.all(), "started_at", since)
    finished = _per_day(Game.objects.filter(status=Game.Status.FINISHED), "finished_at", since)
    moves = Move.objects.filter(kind="move")
    played = _per_day(moves, "created_at", since)
    players = _per_day(moves.filter(by_user__isnull=False), "created_at", since, distinct="by_user")
    timeouts = _per_day(Move.objects.filter(kind__in=["timeout", "forfeit"]), "created_at", since)
    failures = _per_day(Notification.objects.filter(status=Notification.Status.FAILED), "created_at", since)
    out = []
    for offset in range(days):
        day = today - timedelta(days=offset)
        out.append(
            Day(
                day=day,
                started=started.get(day, 0),
                finished=finished.get(day, 0),
                moves=played.get(day, 0),
                active_players=players.get(day, 0),
                timeouts=timeouts.get(day, 0),
                email_failures=failures.get(day, 0),
            )
        )
    return out


def totals(rows: list[Day], *, days: int) -> Day:
    """Sums over the period; active players counted once however many days they moved."""
    first = timezone.now().date() - timedelta(days=days - 1)
    total = Day(day=None)
    total.active_players = (
        Move.objects.filter(
            kind="move", by_user__isnull=False, created_at__gte=datetime.combine(first, time.min, tzinfo=UTC)
        )
        .values("by_user")
        .distinct()
        .count()
    )
    for row in rows:
        for name in ("started", "finished", "moves", "timeouts", "email_failures"):
            setattr(total, name, getattr(total, name) + getattr(row, name))
    return total
