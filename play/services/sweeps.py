"""Clocks and the minute sweep: vacations moved, time-outs, reminders, open games that expire."""

from __future__ import annotations

from django.db import transaction
from django.utils import timezone

from .. import seat_clocks
from ..changes import change_of, emit
from ..models import Game, Seat
from .core import lock_game
from .opening import _cancel
from .playing import seat_timeout

# --- clocks and the minute sweep ---------------------------------------------------------------------


def clocks_reschedule(*, user) -> int:
    """The user's vacations changed: the deadline (and reminder) of each clock of theirs
    that is running is recomputed. One short transaction per game; returns how many."""
    game_ids = list(Seat.objects.filter(user=user, owes_move=True, game__status=Game.Status.ACTIVE)
                    .values_list("game_id", flat=True))
    done = 0
    for game_id in game_ids:
        with transaction.atomic():
            game = lock_game(game_id)
            seat = game.seats.select_for_update().filter(user=user, owes_move=True).first()
            if game.status != Game.Status.ACTIVE or seat is None:
                continue  # the game moved on since the list was made
            since = seat.owes_since or timezone.now()
            seat_clocks.schedule(game, seat, seat_clocks.vacations_of([user.pk], since).get(user.pk, []),
                                 keep_reminder=False)
            seat.save(update_fields=["deadline", "reminder_at"])
            done += 1
    return done


def seats_time_out(*, game_ids) -> int:
    """Apply the time-out rule to each seat of these games that is past its deadline;
    returns how many were applied. Each seat is locked and checked again by
    ``seat_timeout``, so asking twice (or after a player moved at the last second)
    changes nothing more."""
    now = timezone.now()
    late = (Seat.objects.filter(game_id__in=list(game_ids), owes_move=True, deadline__lte=now,
                                substitute_bot="")
            .order_by("game_id", "index").values_list("game_id", "index", "deadline"))
    return sum(1 for game_id, index, deadline in late
               if seat_timeout(game_id=game_id, seat_index=index, expected_deadline=deadline))


def _lock_games(game_ids) -> list[Game]:
    """Lock these running games, skipping those another worker holds. Games are always
    locked before their seats (as in every service), so sweeps and moves cannot deadlock."""
    return list(Game.objects.select_for_update(skip_locked=True).filter(pk__in=list(game_ids),
                                                                         status=Game.Status.ACTIVE))


def reminders_send(*, now=None, limit: int = 1000) -> int:
    """The seats whose clock passed 80 %: their players are told (``emit``: the reminder mails)
    and the reminder is crossed off. Games another worker holds are left to the next sweep,
    so several sweeps at once remind each seat once. Returns how many players were told."""
    from .. import due

    reminders = due.reminders_due(now or timezone.now())
    candidates = set(reminders.values_list("game_id", flat=True)[:limit])
    told = 0
    with transaction.atomic():
        for game in _lock_games(candidates):
            for seat in reminders.filter(game=game).select_related("user"):
                if seat.user_id and not seat.played_by_bot:
                    change_of(game).reminders.append(seat)
                    told += 1
                seat.reminder_at = None
                seat.save(update_fields=["reminder_at"])
            emit(game)
    return told


def open_games_expire(*, now=None, limit: int = 1000) -> int:
    """Games whose seats were not all filled within ``due.OPEN_GAME_LIFETIME_DAYS`` are
    cancelled (those another worker holds wait for the next sweep). Returns how many."""
    from .. import due

    now = now or timezone.now()
    reason = f"expired: not every seat was filled within {due.OPEN_GAME_LIFETIME_DAYS} days"
    with transaction.atomic():
        stale = list(due.expired_open_games(now).select_for_update(skip_locked=True)[:limit])
        for game in stale:
            _cancel(game, now=now, reason=reason)
    return len(stale)
