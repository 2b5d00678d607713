"""Games, seats and the append-only move log.

A game row holds the engine's current state as JSON (the snapshot) and a
version that grows by one with every applied move, so a page or a move costs
the same at move 5 and at move 500; the Move rows make every game replayable
and auditable. Only ``play.services`` writes to these tables.
"""

import secrets

from django.conf import settings
from django.core.exceptions import ObjectDoesNotExist
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from .bots import level_label
from .colours import COLOUR_NAMES


def new_invite_token() -> str:
    return secrets.token_urlsafe(16)


def new_seed() -> int:
    return secrets.randbits(63)


class Game(models.Model):
    class Status(models.TextChoices):
        OPEN = "open", _("Waiting for players")
        ACTIVE = "active", _("In progress")
        FINISHED = "finished", _("Finished")
        CANCELLED = "cancelled", _("Cancelled")
        ABORTED = "aborted", _("Aborted")

    class TimeoutRule(models.TextChoices):
        BOT = "bot", _("A bot plays for the seat")
        FORFEIT = "forfeit", _("The seat forfeits")

    game_type = models.CharField(_("game"), max_length=40)
    options = models.JSONField(_("options"), default=dict)
    status = models.CharField(max_length=12, choices=Status.choices, default=Status.OPEN, db_index=True)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    started_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)
    updated_at = models.DateTimeField(auto_now=True)
    is_private = models.BooleanField(
        _("private"), default=False, help_text=_("Only people with the invitation link can join.")
    )
    invite_token = models.CharField(max_length=32, default=new_invite_token, unique=True, editable=False)
    # Whether the finished game moves its players' ratings (ratings.services.unrated_reason): a competition's
    # organiser may open its games unrated.
    rated = models.BooleanField(_("rated"), default=True, db_default=True)

    # The seed never reaches a client: it would let anyone replay hidden draws.
    seed = models.BigIntegerField(default=new_seed, editable=False)
    version = models.PositiveIntegerField(default=0)
    state = models.JSONField(null=True, blank=True, editable=False)
    result = models.JSONField(null=True, blank=True)

    # Time control (the clock runs in the async issue; these are what it needs).
    initial_seconds = models.PositiveIntegerField(_("initial time bank (seconds)"), default=3 * 86400)
    increment_seconds = models.PositiveIntegerField(_("increment per move (seconds)"), default=86400)
    max_seconds = models.PositiveIntegerField(_("time bank cap (seconds)"), default=7 * 86400)
    timeout_rule = models.CharField(max_length=10, choices=TimeoutRule.choices, default=TimeoutRule.BOT)
    timeout_bot_level = models.CharField(max_length=20, default="random")
    vacation_cap_seconds = models.PositiveIntegerField(
        _("most vacation time per seat in this game (seconds)"), default=14 * 86400
    )

    abort_reason = models.TextField(blank=True)

    class Meta:
        verbose_name = pgettext_lazy("model name", "game")
        verbose_name_plural = pgettext_lazy("model name", "games")
        ordering = ["-updated_at"]
        indexes = [models.Index(fields=["status", "is_private", "-created_at"])]

    def __str__(self):
        # Staff lists name a game by this: its game's name and status in the reader's language.
        from . import registry

        try:
            name = registry.get(self.game_type).name
        except KeyError:
            name = self.game_type
        return f"#{self.pk} {name} ({self.get_status_display()})"

    @property
    def is_over(self) -> bool:
        return self.status in {self.Status.FINISHED, self.Status.CANCELLED, self.Status.ABORTED}


class Seat(models.Model):
    class Kind(models.TextChoices):
        OPEN = "open", _("Open seat")
        INVITED = "invited", _("Invited user")
        HUMAN = "human", _("Player")
        BOT = "bot", _("Bot")

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="seats")
    index = models.PositiveSmallIntegerField()
    kind = models.CharField(max_length=10, choices=Kind.choices, default=Kind.OPEN)
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="seats"
    )
    bot_level = models.CharField(max_length=20, blank=True)
    colour = models.CharField(max_length=12)
    joined_at = models.DateTimeField(null=True, blank=True)

    # Kept in step with engine.pending() on every move: "my games" and the
    # deadline sweep read these columns instead of loading game states.
    owes_move = models.BooleanField(default=False, db_index=True)
    owes_since = models.DateTimeField(null=True, blank=True)
    deadline = models.DateTimeField(null=True, blank=True, db_index=True)
    bank_seconds = models.PositiveIntegerField(default=0)
    reminder_at = models.DateTimeField(null=True, blank=True, db_index=True)  # 80% of the bank spent
    vacation_used_seconds = models.PositiveIntegerField(default=0)

    # "Since your last visit" (the game page): the game version up to which this seat's
    # player dismissed the summary. The summary shows the other seats' moves after the
    # later of this and the seat's own last move, so it needs no write on every page
    # view (a visit is not a read receipt: a glance at a phone must not hide what
    # happened), only one when the player says "seen"; a field, not a model, because
    # it is one number per seat, read with the seat the page loads anyway.
    seen_seq = models.PositiveIntegerField(default=0)
    # Something addressed to this seat waits for its answer while it owes nothing (``kit.base.answers``: an
    # offer made to a seat that said done): "my games" says so, from this column, without loading states.
    answer_waits = models.BooleanField(default=False, db_default=False)

    # A bot standing in for a human (timeout, moderation); the human keeps the seat.
    substitute_bot = models.CharField(max_length=20, blank=True)
    # The seat's private steps not written yet (``RulesEngine.private_step``: a hidden plan's steps, issue
    # 39.5): applied to the snapshot but in no row and no version, so that nobody counts or times them; the
    # seat's next row carries them (``Move.steps_before``). Hidden information: shown to nobody.
    draft = models.JSONField(default=list, blank=True, db_default=models.Value([], output_field=models.JSONField()))
    forfeited = models.BooleanField(default=False)
    resigned = models.BooleanField(default=False)

    class Meta:
        verbose_name = pgettext_lazy("model name", "seat")
        verbose_name_plural = pgettext_lazy("model name", "seats")
        ordering = ["game", "index"]
        constraints = [models.UniqueConstraint(fields=["game", "index"], name="unique_seat_index")]
        indexes = [
            models.Index(fields=["user", "owes_move"]),
            # The sweep's "bot turns whose task was lost": only the few seats a bot
            # plays that owe a move, instead of every seat that owes one.
            models.Index(fields=["game"], name="seat_bot_owes_move",
                         condition=models.Q(owes_move=True) & (~models.Q(kind="human") | ~models.Q(substitute_bot=""))),
        ]

    def __str__(self):
        return f"{self.game_id}/{self.index} {self.display_name}"

    @property
    def display_name(self) -> str:
        if self.kind == self.Kind.BOT:
            # Several bots in one game must be told apart: by their colour.
            return str(_("%(colour)s bot (%(level)s)") % {"colour": COLOUR_NAMES.get(self.colour, self.colour),
                                                           "level": level_label(self.bot_level)})
        if self.user_id:
            return self.user.get_username()
        return str(_("Open seat"))

    @property
    def is_bot_account(self) -> bool:
        """The seat's player is a bot account (``players.bot_accounts``; the profile comes with the seats' users
        where lists load them, ``play.selectors``)."""
        if not self.user_id:
            return False
        try:
            return bool(self.user.profile.is_bot)
        except ObjectDoesNotExist:  # a user without a profile (made before profiles were)
            return False

    @property
    def played_by_bot(self) -> str:
        """The bot level that moves for this seat now, or ''."""
        if self.kind == self.Kind.BOT:
            return self.bot_level
        return self.substitute_bot


class Move(models.Model):
    """Append-only: one row per applied move, never deleted. A moderator's
    rollback and a player's undo only mark the moves they undo (``undone_at``;
    ``taken_back`` for an undo): the log keeps them, replays skip them."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="moves")
    seq = models.PositiveIntegerField()  # equals the game version this move produced
    seat = models.PositiveSmallIntegerField(null=True, blank=True)  # None: platform event
    class Kind(models.TextChoices):
        """What a row records: a move, or one of the site's own events in the game."""

        START = "start", pgettext_lazy("move kind", "Start")
        MOVE = "move", pgettext_lazy("move kind", "Move")
        UNDO = "undo", pgettext_lazy("move kind", "Undo")
        TAKE_BACK = "take_back", pgettext_lazy("move kind", "Take back")
        RESIGN = "resign", pgettext_lazy("move kind", "Resignation")
        FORFEIT = "forfeit", pgettext_lazy("move kind", "Forfeit")
        TIMEOUT = "timeout", pgettext_lazy("move kind", "Time-out")
        REPLACED = "replaced", pgettext_lazy("move kind", "Seat given to a bot")
        SEAT_GIVEN = "seat_given", pgettext_lazy("move kind", "Seat given to a player")
        DEACTIVATED = "deactivated", pgettext_lazy("move kind", "Player deactivated")
        ABORT = "abort", pgettext_lazy("move kind", "Abort")
        ADJUDICATE = "adjudicate", pgettext_lazy("move kind", "Adjudication")
        ROLLBACK = "rollback", pgettext_lazy("move kind", "Rollback")
        ANNUL = "annul", pgettext_lazy("move kind", "Annulment")

    kind = models.CharField(max_length=12, choices=Kind.choices, default=Kind.MOVE)
    payload = models.JSONField()
    log = models.JSONField(default=list)  # engine LogEntry dicts (with visible_to when private)
    by_user = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    by_bot = models.CharField(max_length=20, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    undone_at = models.DateTimeField(null=True, blank=True)
    # A player's own undo (play.services.move_undo), as opposed to a moderator's rollback.
    taken_back = models.BooleanField(default=False)
    # Set when the move was applied: the engine said it revealed nothing hidden, so its
    # player may take it back while nobody else has acted since.
    reveals_nothing = models.BooleanField(default=False)
    # A person's move: the other seats that could already act before it (``kit.base.acting``). A bot's reply
    # made by one of them was not a reply to this move (a secret choice made at the same time): taking both
    # back would let the person choose again knowing it (``play.undo``). None: not recorded (older rows).
    acting_before = models.JSONField(null=True, blank=True)
    # A bot seat's move: the people's seats it showed nothing hidden (``kit.reveal.reveals_to``), so that
    # each of them may take back their own move with this reply. None: a person's move, or older rows.
    reveals_nothing_to = models.JSONField(null=True, blank=True)
    # The seat's private steps applied before this row's move (its draft, ``Seat.draft``), in order: a replay
    # applies them first. Hidden information, as the payload.
    steps_before = models.JSONField(default=list, blank=True,
                                    db_default=models.Value([], output_field=models.JSONField()))

    class Meta:
        verbose_name = pgettext_lazy("model name", "move")
        verbose_name_plural = pgettext_lazy("model name", "moves")
        ordering = ["game", "seq"]
        constraints = [models.UniqueConstraint(fields=["game", "seq"], name="unique_move_seq")]

    def __str__(self):
        # Not the payload: this names the row in every staff tier's admin pages, and a payload may
        # hold hidden information (a rollback's redraw seed).
        return f"{self.game_id}#{self.seq} seat {self.seat}: {self.kind}"


class VacationQuerySet(models.QuerySet):
    def current(self, *, user=None, now=None) -> "VacationQuerySet":
        """The vacations under way (begun, not ended), the one ending last first: a player
        on two overlapping vacations is away until the later end (their clocks stand still
        until then). The one rule for "on vacation until" wherever it is shown: ``.first()``,
        or ``.values("ends_at")[:1]`` filtered on ``OuterRef("user_id")`` as a subquery."""
        now = now or timezone.now()
        found = self.filter(starts_at__lte=now, ends_at__gt=now)
        if user is not None:
            found = found.filter(user=user)
        return found.order_by("-ends_at")


class Vacation(models.Model):
    """While it lasts, the player's clocks stand still in every game (up to
    each game's vacation cap)."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="vacations")
    starts_at = models.DateTimeField()
    ends_at = models.DateTimeField(db_index=True)
    created_at = models.DateTimeField(auto_now_add=True)

    objects = VacationQuerySet.as_manager()

    class Meta:
        ordering = ["-starts_at"]
        # The table the players app made: the model moved here (state only, migrations games 0011 and
        # players 0004) because the platform reads it for every seat's clock.
        db_table = "players_vacation"

    def __str__(self) -> str:
        return f"{self.user_id}: {self.starts_at:%Y-%m-%d} – {self.ends_at:%Y-%m-%d}"

    @property
    def days_counted(self) -> int:
        """Whole days started count (a vacation ended after 2 hours costs one day)."""
        seconds = (self.ends_at - self.starts_at).total_seconds()
        return max(int(-(-seconds // 86400)), 0)


class SeatDeparture(models.Model):
    """Who held a seat before a moderator gave it, in a game in progress, to a bot or to another player:
    written by ``play.services`` with the seat change. The game then still counts for a player who left
    (their history shows it abandoned; ratings count it as finishing last) and a newcomer is rated only
    for the part of the game they played (from ``version`` on)."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="departures")
    seat_index = models.PositiveSmallIntegerField()
    user = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL,
                             related_name="seat_departures")  # None: a bot held the seat
    bot_level = models.CharField(max_length=20, blank=True)
    version = models.PositiveIntegerField()  # the game's version when the seat changed hands
    moves = models.PositiveIntegerField(default=0)  # moves the departing holder made in the seat
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["game", "version", "pk"]
        verbose_name = _("seat left in a game in progress")
        verbose_name_plural = _("seats left in games in progress")

    def __str__(self):
        return f"{self.game_id}/{self.seat_index} left by {self.user_id or self.bot_level} at {self.version}"


class BotDecision(models.Model):
    """A bot seat's decision for one position (issue 39.3), written by ``play.bot_work``: a take-back that
    brings the position back, or a task run twice, plays the stored move instead of thinking again. While
    ``move`` is None the row is a claim: one task is deciding (since ``claimed_at``), another finds it and
    leaves the game to it. ``account`` (the game's creator) is charged with ``cpu_seconds``: the per-account
    budget of bot work sums them over the last hour."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="bot_decisions")
    seat_index = models.PositiveSmallIntegerField()
    position = models.CharField(max_length=64)  # sha256 of the level, the seat's view and its legal moves
    level = models.CharField(max_length=20, blank=True)  # the bot's level (a heavy one counts against the site)
    move = models.JSONField(null=True, blank=True)  # None: being decided
    claimed_at = models.DateTimeField()
    account = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL,
                                related_name="+")
    cpu_seconds = models.FloatField(default=0.0)
    wall_seconds = models.FloatField(default=0.0)
    budget_hit = models.BooleanField(default=False)  # the search stopped at its budget (best move so far)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["game", "seat_index", "position"],
                                               name="bot_decision_once_per_position")]
        indexes = [models.Index(fields=["account", "claimed_at"], name="bot_decision_account_time"),
                   models.Index(fields=["claimed_at"], name="bot_decision_claimed_at")]
        verbose_name = _("bot decision")
        verbose_name_plural = _("bot decisions")

    def __str__(self):
        return f"{self.game_id}/{self.seat_index} {self.position[:8]}"
