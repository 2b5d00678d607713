"""Vacations: while one lasts, the player's clocks stand still in every game
(each game caps how much vacation one seat may use)."""

from __future__ import annotations

from datetime import timedelta

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from games import seat_clocks
from games.models import Game, Seat
from games.services import ServiceError

from .models import Profile, Vacation

MAX_VACATION_DAYS = 60


def _reschedule_clocks(user) -> None:
    """Deadlines of the user's running clocks, recomputed with their vacations."""
    seats = Seat.objects.filter(user=user, owes_move=True, game__status=Game.Status.ACTIVE).values_list(
        "game_id", flat=True)
    for game_id in list(seats):
        with transaction.atomic():
            game = Game.objects.select_for_update().get(pk=game_id)
            seat = game.seats.select_for_update().get(user=user)
            vacations = seat_clocks.vacations_of([user.pk], seat.owes_since or timezone.now()).get(user.pk, [])
            seat_clocks.schedule(game, seat, vacations, keep_reminder=False)
            seat.save(update_fields=["deadline", "reminder_at"])


def vacation_start(*, user, days: int) -> Vacation:
    profile = Profile.objects.get_or_create(user=user)[0]
    if not 1 <= days <= MAX_VACATION_DAYS:
        raise ServiceError(_("A vacation lasts from 1 to %(max)d days.") % {"max": MAX_VACATION_DAYS})
    if profile.current_vacation() is not None:
        raise ServiceError(_("You are already on vacation."))
    left = profile.vacation_days_left()
    if days > left:
        raise ServiceError(_("You have %(left)d vacation days left this year.") % {"left": left})
    now = timezone.now()
    vacation = Vacation.objects.create(user=user, starts_at=now, ends_at=now + timedelta(days=days))
    _reschedule_clocks(user)
    return vacation


def vacation_end(*, user) -> None:
    """Back early: the unused days are given back (whole days started count)."""
    profile = Profile.objects.get_or_create(user=user)[0]
    vacation = profile.current_vacation()
    if vacation is None:
        raise ServiceError(_("You are not on vacation."))
    vacation.ends_at = timezone.now()
    vacation.save(update_fields=["ends_at"])
    _reschedule_clocks(user)


def profile_update(*, user, data: dict) -> Profile:
    profile = Profile.objects.get_or_create(user=user)[0]
    for field in ("language", "email_your_turn", "email_reminder", "email_game_over", "email_digest"):
        if field in data:
            setattr(profile, field, data[field])
    profile.save()
    return profile
