"""Competitions over days: tournaments (Swiss, round robin, knockout) and leagues of seasons in divisions.

Generic over the game registry: a competition names a game type and its options; its tables are ordinary
games (``play.models.Game``), opened through ``play.services``. Only ``competitions.services`` writes here."""

import secrets

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _


def new_token() -> str:
    return secrets.token_urlsafe(16)


class Competition(models.Model):
    class Kind(models.TextChoices):
        SWISS = "swiss", _("Swiss")
        ROUND_ROBIN = "round_robin", _("Round robin")
        KNOCKOUT = "knockout", _("Knockout")
        LEAGUE = "league", _("League")

    class Status(models.TextChoices):
        REGISTRATION = "registration", _("Registration open")
        RUNNING = "running", _("In progress")
        FINISHED = "finished", _("Finished")
        CANCELLED = "cancelled", _("Cancelled")

    name = models.CharField(_("name"), max_length=80)
    kind = models.CharField(_("kind"), max_length=12, choices=Kind.choices, default=Kind.SWISS)
    game_type = models.CharField(_("game"), max_length=40)
    options = models.JSONField(_("options"), default=dict, blank=True)
    seats = models.PositiveSmallIntegerField(_("seats per table"), default=2)
    rounds = models.PositiveSmallIntegerField(_("rounds (Swiss)"), default=3)
    status = models.CharField(max_length=12, choices=Status.choices, default=Status.REGISTRATION, db_index=True)
    created_by = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, on_delete=models.SET_NULL,
                                   related_name="+")
    created_at = models.DateTimeField(auto_now_add=True)
    # Time control of every game, as in ordinary games; a round closes at the latest after ``round_days``.
    initial_seconds = models.PositiveIntegerField(default=3 * 86400)
    increment_seconds = models.PositiveIntegerField(default=86400)
    max_seconds = models.PositiveIntegerField(default=7 * 86400)
    round_days = models.PositiveSmallIntegerField(_("days per round"), default=14)
    # Registration and start.
    registration_open = models.BooleanField(_("registration open"), default=True)
    starts_at = models.DateTimeField(_("starts at"), null=True, blank=True)
    max_players = models.PositiveSmallIntegerField(_("most players"), default=8)
    start_when_full = models.BooleanField(_("start when full"), default=True)
    invite_only = models.BooleanField(_("by invitation only"), default=False)
    invite_token = models.CharField(max_length=32, default=new_token, unique=True, editable=False)
    min_rating = models.FloatField(_("lowest rating"), null=True, blank=True)
    max_rating = models.FloatField(_("highest rating"), null=True, blank=True)
    bots_allowed = models.BooleanField(_("bots may enter"), default=True)
    rated = models.BooleanField(_("rated games"), default=True)
    # Leagues: divisions of ``division_size``, ``moves`` players up and down at each season's end.
    division_size = models.PositiveSmallIntegerField(_("players per division"), default=8)
    moves = models.PositiveSmallIntegerField(_("promoted and relegated per division"), default=2)
    season = models.PositiveSmallIntegerField(default=1)
    seasons = models.PositiveSmallIntegerField(_("seasons (league)"), default=1)
    started_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at"]
        verbose_name = _("competition")
        verbose_name_plural = _("competitions")

    def __str__(self):
        return self.name


class Entry(models.Model):
    """A player in a competition: a user (bot accounts too), or a bot level of the site when bots may enter."""

    class Status(models.TextChoices):
        ACTIVE = "active", _("Playing")
        WITHDRAWN = "withdrawn", _("Withdrawn")
        DISQUALIFIED = "disqualified", _("Disqualified")
        ELIMINATED = "eliminated", _("Eliminated")

    competition = models.ForeignKey(Competition, on_delete=models.CASCADE, related_name="entries")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.CASCADE,
                             related_name="competition_entries")
    bot_level = models.CharField(max_length=20, blank=True)
    status = models.CharField(max_length=12, choices=Status.choices, default=Status.ACTIVE)
    seed = models.PositiveIntegerField(default=0)  # registration order: the last tie-break
    division = models.PositiveSmallIntegerField(null=True, blank=True)  # leagues: 1 = the top
    registered_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        verbose_name = _("entry")
        verbose_name_plural = _("entries")
        ordering = ["competition", "seed"]
        constraints = [
            models.UniqueConstraint(fields=["competition", "user"], condition=models.Q(user__isnull=False),
                                    name="one_entry_per_player"),
            models.CheckConstraint(condition=models.Q(user__isnull=False, bot_level="")
                                   | models.Q(user__isnull=True) & ~models.Q(bot_level=""),
                                   name="entry_is_a_user_or_a_bot"),
        ]

    def __str__(self):
        return self.name

    @property
    def name(self) -> str:
        if self.user_id:
            return self.user.get_username()
        from play.bots import level_label

        return str(_("Bot %(n)s (%(level)s)") % {"n": self.seed, "level": level_label(self.bot_level)})

    @property
    def is_in(self) -> bool:
        return self.status == self.Status.ACTIVE


class Round(models.Model):
    class Status(models.TextChoices):
        OPEN = "open", _("Being played")
        CLOSED = "closed", _("Over")

    competition = models.ForeignKey(Competition, on_delete=models.CASCADE, related_name="round_set")
    season = models.PositiveSmallIntegerField(default=1)
    number = models.PositiveSmallIntegerField()
    status = models.CharField(max_length=8, choices=Status.choices, default=Status.OPEN)
    opened_at = models.DateTimeField()
    deadline = models.DateTimeField(db_index=True)
    closed_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        verbose_name = _("round of a competition")
        verbose_name_plural = _("rounds of competitions")
        ordering = ["competition", "season", "number"]
        # A round is paired once, whatever the retries of the task that pairs it.
        constraints = [models.UniqueConstraint(fields=["competition", "season", "number"],
                                               name="one_round_per_number")]

    def __str__(self):
        return f"{self.competition} {self.season}.{self.number}"


class Table(models.Model):
    """One game of a round, and who of the competition sits at which seat."""

    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="tables")
    number = models.PositiveSmallIntegerField()
    division = models.PositiveSmallIntegerField(null=True, blank=True)
    game = models.OneToOneField("games.Game", on_delete=models.PROTECT, related_name="competition_table")
    entries = models.JSONField(default=list)  # Entry ids in seat order

    class Meta:
        verbose_name = _("competition table")
        verbose_name_plural = _("competition tables")
        ordering = ["round", "number"]
        constraints = [models.UniqueConstraint(fields=["round", "number"], name="one_table_per_number")]

    def __str__(self):
        return f"{self.round} table {self.number}"


class Bye(models.Model):
    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="byes")
    entry = models.ForeignKey(Entry, on_delete=models.CASCADE, related_name="byes")

    class Meta:
        constraints = [models.UniqueConstraint(fields=["round", "entry"], name="one_bye_per_round")]

    def __str__(self):
        return f"{self.round} bye {self.entry_id}"


class SeasonResult(models.Model):
    """A league's season, as it ended for one entry: its division, its place, up or down."""

    competition = models.ForeignKey(Competition, on_delete=models.CASCADE, related_name="season_results")
    season = models.PositiveSmallIntegerField()
    entry = models.ForeignKey(Entry, on_delete=models.CASCADE, related_name="season_results")
    division = models.PositiveSmallIntegerField()
    place = models.PositiveSmallIntegerField()
    points = models.FloatField()
    next_division = models.PositiveSmallIntegerField(null=True, blank=True)

    class Meta:
        ordering = ["competition", "season", "division", "place"]
        constraints = [models.UniqueConstraint(fields=["competition", "season", "entry"],
                                               name="one_result_per_season")]

    def __str__(self):
        return f"{self.competition_id} season {self.season}: {self.entry_id} {self.place}"


class CompetitionEvent(models.Model):
    """The competition's log: who did what (registration, a withdrawal, a disqualification, a round)."""

    competition = models.ForeignKey(Competition, on_delete=models.CASCADE, related_name="events")
    kind = models.CharField(max_length=20)
    by_user = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL,
                                related_name="+")
    entry = models.ForeignKey(Entry, null=True, blank=True, on_delete=models.SET_NULL, related_name="+")
    details = models.JSONField(default=dict, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        verbose_name = _("competition event")
        verbose_name_plural = _("competition events")
        ordering = ["-created_at", "-pk"]

    def __str__(self):
        return f"{self.competition_id} {self.kind}"
