"""Seat clocks in the database: start and stop them as seats begin and stop
owing a decision, with the players' vacations taken into account (the
arithmetic itself is in ``play.clocks``)."""

from __future__ import annotations

from datetime import datetime

from . import clocks
from .models import Game, Seat, Vacation

REMINDER_SHARE = 0.8  # a reminder when 80% of the bank is spent


def vacations_of(user_ids, since: datetime) -> dict[int, list[clocks.Interval]]:

    found: dict[int, list[clocks.Interval]] = {}
    ids = [u for u in user_ids if u]
    if not ids:
        return found
    for user_id, a, b in Vacation.objects.filter(user_id__in=ids, ends_at__gt=since).values_list(
        "user_id", "starts_at", "ends_at"
    ):
        found.setdefault(user_id, []).append((a, b))
    return found


def _cap_left(game: Game, seat: Seat) -> int:
    return max(game.vacation_cap_seconds - seat.vacation_used_seconds, 0)


def stop(game: Game, seat: Seat, now: datetime, vacations: list[clocks.Interval]) -> None:
    """The seat made its decision: charge the time (vacation excluded), add the increment."""
    if seat.owes_since is not None:
        cap = _cap_left(game, seat)
        paused = clocks.paused_seconds(seat.owes_since, now, vacations, cap)
        spent = clocks.spent_seconds(seat.owes_since, now, vacations, cap)
        seat.vacation_used_seconds += int(paused)
        seat.bank_seconds = clocks.bank_after_move(seat.bank_seconds, spent, game.increment_seconds,
                                                   game.max_seconds)
    seat.owes_move, seat.owes_since, seat.deadline, seat.reminder_at = False, None, None, None


def clear(seat: Seat) -> None:
    """The seat no longer owes a decision and is charged nothing (a move taken back, the game over)."""
    seat.owes_move, seat.owes_since, seat.deadline, seat.reminder_at = False, None, None, None


def start(game: Game, seat: Seat, now: datetime, vacations: list[clocks.Interval]) -> None:
    seat.owes_move, seat.owes_since = True, now
    schedule(game, seat, vacations)


def schedule(game: Game, seat: Seat, vacations: list[clocks.Interval], *, keep_reminder: bool = True) -> None:
    """Deadline and reminder time of a running clock. Bots have no clock."""
    if not seat.owes_move or seat.played_by_bot or seat.owes_since is None:
        seat.deadline = seat.reminder_at = None
        return
    cap = _cap_left(game, seat)
    seat.deadline = clocks.time_when_spent(seat.owes_since, seat.bank_seconds, vacations, cap)
    if keep_reminder or seat.reminder_at is not None:
        seat.reminder_at = clocks.time_when_spent(seat.owes_since, seat.bank_seconds * REMINDER_SHARE,
                                                  vacations, cap)


CLOCK_FIELDS = ["owes_move", "owes_since", "deadline", "reminder_at", "bank_seconds", "vacation_used_seconds"]
