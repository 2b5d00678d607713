"""Bot accounts (issue 45 point 5, like lichess's BOT title): an account its owner marks as played by a program.

The owner marks it and cannot undo it (a bot's games must not be passed off as a person's afterwards); staff can
(a mistake, a program retired). A bot account is shown by a badge wherever the player is listed (``is_bot_account``
reads it from a seat's or a user's loaded profile), its games against people are unrated unless each person chose
otherwise (``ratings.services.unrated_reason``), and it moves at its own rate (``play.api_errors``)."""

from __future__ import annotations

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from play.errors import NotAllowed, ServiceError

from .models import Profile


def bot_account_mark(*, user, confirm: bool) -> Profile:
    """The owner marks their account as a bot account: for good (only staff can undo it)."""
    if not confirm:
        raise ServiceError(_("Tick the box to confirm: you cannot undo this yourself."), code="confirm")
    with transaction.atomic():
        profile = Profile.objects.select_for_update().get_or_create(user=user)[0]
        if not profile.is_bot:
            profile.is_bot, profile.bot_since = True, timezone.now()
            profile.save(update_fields=["is_bot", "bot_since"])
    return profile


def bot_account_unmark(*, user, by) -> Profile:
    """Staff take the mark back (the owner cannot)."""
    if not (getattr(by, "is_staff", False) and by.is_active):
        raise NotAllowed(_("Only the site's staff can make a bot account a person's account again."))
    profile = Profile.objects.get_or_create(user=user)[0]
    profile.is_bot, profile.bot_since = False, None
    profile.save(update_fields=["is_bot", "bot_since"])
    return profile


def is_bot_account(user) -> bool:
    """Whether ``user`` (loaded with its profile, or not: then one query) is a bot account."""
    try:
        return bool(user is not None and user.profile.is_bot)
    except Profile.DoesNotExist:
        return False
