"""What the site keeps about a player beyond the login: language, e-mail preferences, API tokens. (Vacations
are the games platform's: play.models.Vacation, since they stop the seats' clocks.)"""

import secrets

from django.conf import settings
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from play.models import Vacation


def new_token() -> str:
    return secrets.token_urlsafe(24)


class Profile(models.Model):
    user = models.OneToOneField(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="profile")
    language = models.CharField(_("language"), max_length=8, choices=settings.LANGUAGES,
                                default=settings.LANGUAGE_CODE)
    email_your_turn = models.BooleanField(_("e-mail me when it is my turn"), default=True)
    email_reminder = models.BooleanField(_("e-mail me when my clock runs low"), default=True)
    email_game_over = models.BooleanField(_("e-mail me the result when a game ends"), default=True)
    email_digest = models.BooleanField(
        _("one daily digest instead of one e-mail per game"), default=False,
        help_text=_("“Your turn” and reminders are gathered into one e-mail a day."),
    )
    vacation_days_per_year = models.PositiveSmallIntegerField(_("vacation days per year"), default=30)
    unsubscribe_token = models.CharField(max_length=40, default=new_token, unique=True, editable=False)
    # A bot account (issue 45 point 5, like lichess's BOT title): marked by its owner, who cannot undo it (only
    # staff can); shown by a badge wherever the player is listed; its games against people are unrated unless
    # they chose otherwise (``rated_against_bots``); its own move rate (``play.api_errors``).
    is_bot = models.BooleanField(_("bot account"), default=False, db_default=False,
                                 help_text=_("A program plays this account. Only staff can undo it."))
    bot_since = models.DateTimeField(_("bot account since"), null=True, blank=True)
    rated_against_bots = models.BooleanField(
        _("rate my games against bot accounts"), default=False, db_default=False,
        help_text=_("Off: a game with a bot account in it does not change your rating."))

    def __str__(self):
        return f"profile of {self.user}"

    def vacation_days_used(self, year: int | None = None) -> int:
        year = year or timezone.now().year
        total = 0
        for vacation in self.user.vacations.filter(starts_at__year=year):
            total += vacation.days_counted
        return total

    def vacation_days_left(self, year: int | None = None) -> int:
        return max(self.vacation_days_per_year - self.vacation_days_used(year), 0)

    def current_vacation(self):
        return Vacation.objects.current(user=self.user).first()


class ApiToken(models.Model):
    """A key a program of the player's (a bot, a client) sends as ``Authorization: Bearer <key>``.

    A player may have several, each named and limited to some scopes (read, play, chat; tokens: make and
    revoke the account's tokens), each revocable on its own, all revoked when the password changes. Only a
    hash of the key is kept: the key is shown once, when made."""

    SCOPES = ("read", "play", "chat", "tokens")

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="api_tokens")
    name = models.CharField(_("name"), max_length=60)
    key_hash = models.CharField(max_length=64, unique=True, editable=False)
    prefix = models.CharField(max_length=12, editable=False)  # the key's start, to recognise it
    scopes = models.JSONField(default=list)
    created_at = models.DateTimeField(auto_now_add=True)
    last_used_at = models.DateTimeField(null=True, blank=True)
    revoked_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at"]

    def __str__(self) -> str:
        return f"{self.name} ({self.prefix}…)"

    @property
    def is_active(self) -> bool:
        return self.revoked_at is None


class UsernameSkeleton(models.Model):
    """What an account's name looks like (``community.usernames.skeleton``), kept with it and indexed, so
    that a new name is checked against every account's in one lookup. Not unique: names older than the
    rule may share one."""

    user = models.OneToOneField(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="username_skeleton")
    skeleton = models.CharField(max_length=150, db_index=True)

    def __str__(self) -> str:
        return self.skeleton
