"""Vacations: while one lasts, the player's clocks stand still in every game
(each game caps how much vacation one seat may use)."""

from __future__ import annotations

from datetime import timedelta

from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from play import services as game_services
from play.errors import ServiceError

from .models import Profile, Vacation

MAX_VACATION_DAYS = 60


def vacation_start(*, user, days: int) -> Vacation:
    profile = Profile.objects.get_or_create(user=user)[0]
    if not 1 <= days <= MAX_VACATION_DAYS:
        raise ServiceError(_("A vacation lasts from 1 to %(max)d days."), {"max": MAX_VACATION_DAYS})
    if profile.current_vacation() is not None:
        raise ServiceError(_("You are already on vacation."))
    left = profile.vacation_days_left()
    if days > left:
        raise ServiceError(_("You have %(left)d vacation days left this year."), {"left": left})
    now = timezone.now()
    vacation = Vacation.objects.create(user=user, starts_at=now, ends_at=now + timedelta(days=days))
    game_services.clocks_reschedule(user=user)
    return vacation


def vacation_end(*, user) -> None:
    """Back early: every vacation under way ends now (the unused days are given back:
    whole days started count), and the clocks run again."""
    now = timezone.now()
    if not Vacation.objects.current(user=user, now=now).update(ends_at=now):
        raise ServiceError(_("You are not on vacation."))
    game_services.clocks_reschedule(user=user)


def profile_update(*, user, data: dict) -> Profile:
    profile = Profile.objects.get_or_create(user=user)[0]
    for field in ("language", "email_your_turn", "email_reminder", "email_game_over", "email_digest",
                  "rated_against_bots"):
        if field in data:
            setattr(profile, field, data[field])
    profile.save()
    return profile
