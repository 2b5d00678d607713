"""Profiles shown to others, privacy choices, in-game chat, reports, sanctions
and the moderation log.

Only ``community.services`` and ``community.moderation`` write these tables."""

from django.conf import settings
from django.contrib.auth import get_user_model
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy
from django_countries.fields import CountryField

from play.models import Game

CHAT_MAX_LENGTH = 500


class MemberSettings(models.Model):
    """What a player shows others and who may reach them. Missing row = defaults."""

    class InvitePolicy(models.TextChoices):
        ANYONE = "anyone", _("Anyone")
        NOBODY = "nobody", _("Nobody (I join games myself)")

    class Visibility(models.TextChoices):
        PUBLIC = "public", _("Everyone")
        PLAYED_WITH = "played_with", _("Players I have played with")
        ONLY_ME = "only_me", _("Only me")

    user = models.OneToOneField(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="member")
    display_name = models.CharField(_("display name"), max_length=40, blank=True)
    country = CountryField(_("country"), blank=True)
    invite_policy = models.CharField(
        _("who may invite me to a game"),
        max_length=10,
        choices=InvitePolicy.choices,
        default=InvitePolicy.ANYONE,
    )
    visibility = models.CharField(
        _("who may see my profile and match history"),
        max_length=12,
        choices=Visibility.choices,
        default=Visibility.PUBLIC,
        help_text=_("Only public profiles are listed on the leaderboards."),
    )
    # Staff only: the daily e-mail saying how much moderation work is waiting (opt-in).
    staff_digest = models.BooleanField(_("send me the daily moderation digest"), default=False)

    def __str__(self):
        return f"settings of {self.user}"


class ChatMessage(models.Model):
    game = models.ForeignKey(
        "games.Game",
        verbose_name=_("game"),
        on_delete=models.CASCADE,
        related_name="chat_messages",
    )
    author = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("author"),
        null=True,
        on_delete=models.SET_NULL,
        related_name="chat_messages",
    )
    seat = models.PositiveSmallIntegerField(_("seat"), null=True, blank=True)
    text = models.CharField(_("text"), max_length=CHAT_MAX_LENGTH)
    created_at = models.DateTimeField(_("written at"), default=timezone.now, db_index=True)
    hidden_at = models.DateTimeField(_("hidden at"), null=True, blank=True)
    hidden_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("hidden by"),
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
    )

    class Meta:
        ordering = ["created_at", "pk"]
        indexes = [models.Index(fields=["game", "-id"])]
        verbose_name = _("chat message")
        verbose_name_plural = _("chat messages")

    def __str__(self):
        return _("Message #%(id)s by %(author)s in game #%(game)s") % {
            "id": self.pk, "author": self.author or "—", "game": self.game_id}

    @property
    def is_hidden(self) -> bool:
        return self.hidden_at is not None


class Report(models.Model):
    """A player flags a chat message, a user, or a problem with a game for the moderators."""

    class Status(models.TextChoices):
        OPEN = "open", _("Open")
        ACTIONED = "actioned", _("Action taken")
        DISMISSED = "dismissed", _("Dismissed")

    class Category(models.TextChoices):
        CHAT = "chat", _("Chat: insults, harassment, spam")
        CHEATING = "cheating", _("Cheating or farming (collusion)")
        GAME = "game", _("A problem with the game (a bug, a stuck game)")

    reporter = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("reported by"),
        null=True,
        on_delete=models.SET_NULL,
        related_name="reports_made",
    )
    reported_user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("reported player"),
        null=True,
        on_delete=models.SET_NULL,
        related_name="reports_received",
    )
    message = models.ForeignKey(
        ChatMessage,
        verbose_name=_("message"),
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="reports",
    )
    # A game problem: the game itself (game moderators handle these; nobody is accused).
    game = models.ForeignKey("games.Game", verbose_name=_("game"), null=True, blank=True,
                             on_delete=models.SET_NULL, related_name="+")
    category = models.CharField(_("category"), max_length=10, choices=Category.choices, default=Category.CHAT,
                                db_default=Category.CHAT, db_index=True)
    urgent = models.BooleanField(_("urgent (threats)"), default=False, db_default=False)
    escalated_at = models.DateTimeField(_("escalated to an administrator at"), null=True, blank=True)
    reason = models.TextField(_("what is wrong"), max_length=1000)
    status = models.CharField(
        _("status"),
        max_length=10,
        choices=Status.choices,
        default=Status.OPEN,
        db_index=True,
    )
    created_at = models.DateTimeField(_("created at"), auto_now_add=True)
    handled_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("handled by"),
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
    )
    handled_at = models.DateTimeField(_("handled at"), null=True, blank=True)
    # Whoever opens it for action claims it: two moderators never act on one report at once.
    claimed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("claimed by"),
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
    )
    claimed_at = models.DateTimeField(_("claimed at"), null=True, blank=True)

    class Meta:
        ordering = ["-created_at"]
        verbose_name = pgettext_lazy("moderation", "report")  # the noun ("report" alone is the chat's verb)
        verbose_name_plural = _("reports")

    def __str__(self):
        if self.category == self.Category.GAME:
            return _("Report #%(id)s on game #%(game)s (%(status)s)") % {
                "id": self.pk, "game": self.game_id, "status": self.get_status_display()}
        if self.message_id:
            return _("Report #%(id)s on message #%(message)s (%(status)s)") % {
                "id": self.pk, "message": self.message_id, "status": self.get_status_display()}
        return _("Report #%(id)s on %(player)s (%(status)s)") % {
            "id": self.pk, "player": self.reported_user or "—", "status": self.get_status_display()}


class Sanction(models.Model):
    class Kind(models.TextChoices):
        WARN = "warn", _("Warning")
        MUTE = "mute", _("Muted from chat")
        SUSPEND = "suspend", _("Suspended")
        BAN = "ban", _("Banned")

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("player"),
        on_delete=models.CASCADE,
        related_name="sanctions",
    )
    kind = models.CharField(_("kind"), max_length=8, choices=Kind.choices)
    reason = models.TextField(_("internal note"))  # staff only: the player reads public_reason
    # A preset of community/reasons.py, worded in the player's language when read.
    public_reason = models.CharField(_("reason given to the player"), max_length=20, default="other",
                                     db_default="other")
    starts_at = models.DateTimeField(_("starts at"), default=timezone.now)
    ends_at = models.DateTimeField(_("ends at"), null=True, blank=True, db_index=True)  # None: until lifted
    by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("by"),
        null=True,
        on_delete=models.SET_NULL,
        related_name="+",
    )
    lifted_at = models.DateTimeField(_("lifted at"), null=True, blank=True)
    # The sanctioned user may appeal once; the moderator's answer is logged.
    appeal = models.TextField(_("appeal"), blank=True, max_length=2000)
    appealed_at = models.DateTimeField(_("appealed at"), null=True, blank=True)
    appeal_decision = models.TextField(_("appeal decision"), blank=True)
    appeal_decided_at = models.DateTimeField(_("appeal decided at"), null=True, blank=True)
    # The player opened their moderation notices after this decision (the site-wide notice stops).
    seen_at = models.DateTimeField(_("seen by the player at"), null=True, blank=True)

    class Meta:
        ordering = ["-starts_at"]
        verbose_name = _("sanction")
        verbose_name_plural = _("sanctions")

    def __str__(self):
        return _("%(kind)s: %(player)s") % {"kind": self.get_kind_display(), "player": self.user}

    @property
    def public_reason_text(self):
        """The reason the player reads, in the active language (never the internal note)."""
        from .reasons import public_label

        return public_label(self.public_reason)

    def is_active(self, now=None) -> bool:
        now = now or timezone.now()
        if self.kind == self.Kind.WARN or self.lifted_at is not None:
            return False
        return self.ends_at is None or self.ends_at > now


class ModerationAction(models.Model):
    """The moderation log: who did what, to whom, and why. Never edited."""

    class Action(models.TextChoices):
        HIDE_MESSAGE = "hide_message", _("Hid a chat message")
        WARN = "warn", _("Warned")
        MUTE = "mute", _("Muted from chat")
        SUSPEND = "suspend", _("Suspended")
        BAN = "ban", _("Banned")
        LIFT = "lift", _("Lifted a sanction")
        APPEAL = "appeal", _("Decided an appeal")
        DISMISS_REPORT = "dismiss_report", _("Dismissed a report")
        DEACTIVATE = "deactivate", _("Deactivated an account")
        RESET_RATING = "reset_rating", _("Reset a rating")
        ABORT = "abort", _("Aborted a game")
        ADJUDICATE = "adjudicate", _("Adjudicated a game")
        SEAT_BOT = "seat_bot", _("Gave a seat to a bot")
        SEAT_USER = "seat_user", _("Gave a seat to another player")
        SEAT_OFFER = "seat_offer", _("Offered a seat to another player")
        ROLLBACK = "rollback", _("Rolled a game back")
        VIEW_STATE = "view_state", _("Looked at a game's full state")
        ANNUL = "annul", _("Annulled a finished game")
        WITHDRAW = "withdraw", _("Withdrew a sanction")
        CHANGE_END = "change_end", _("Changed a sanction's end")
        CLAIM = "claim", _("Took over a report")
        ESCALATE = "escalate", _("Escalated a report to the administrators")
        RESOLVE = "resolve", _("Closed a game report as handled")
        RESET_NAME = "reset_name", _("Reset a display name")
        STAFF_ROLE = "staff_role", _("Appointed or demoted a staff member")
        REFUSED = "refused", _("Was refused an action")

    moderator = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("moderator"),
        null=True,
        on_delete=models.SET_NULL,
        related_name="moderation_done",
    )
    action = models.CharField(_("action"), max_length=16, choices=Action.choices, db_index=True)
    reason = models.TextField(_("reason"), blank=True)
    target_user = models.ForeignKey(
        settings.AUTH_USER_MODEL, verbose_name=_("player"),
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="moderation_received",
    )
    game = models.ForeignKey(
        "games.Game",
        verbose_name=_("game"),
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
    )
    message = models.ForeignKey(
        ChatMessage,
        verbose_name=_("message"),
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
    )
    report = models.ForeignKey(
        Report,
        verbose_name=_("report"),
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="actions",
    )
    sanction = models.ForeignKey(
        Sanction,
        verbose_name=_("sanction"),
        null=True,
        blank=True,
        on_delete=models.SET_NULL,
        related_name="+",
    )
    details = models.JSONField(_("details"), default=dict, blank=True)
    created_at = models.DateTimeField(_("date"), auto_now_add=True, db_index=True)

    class Meta:
        ordering = ["-created_at", "-pk"]
        verbose_name = _("moderation log entry")
        verbose_name_plural = _("moderation log")
        # The staff tiers (community/tiers.py); the groups get them in a data migration.
        permissions = [
            ("moderate_chat", _("Can hide chat messages, handle reports and sanction players")),
            ("moderate_games", _("Can give seats, roll back, adjudicate and abort games")),
            ("administer_moderation",
             _("Can sanction moderators, deactivate accounts, reset ratings and annul games")),
            ("view_ip_records", _("Can see the IP addresses of logins")),
        ]

    def __str__(self):
        return f"{self.created_at:%Y-%m-%d %H:%M} {self.moderator}: {self.get_action_display()}"


# --- admin entry points (proxies: no tables of their own) ---------------------------------------


class ModeratedGame(Game):
    class Meta:
        proxy = True
        verbose_name = _("game (moderation)")
        verbose_name_plural = _("games (moderation)")


class Member(get_user_model()):
    class Meta:
        proxy = True
        verbose_name = _("member (moderation)")
        verbose_name_plural = _("members (moderation)")


class ClosedAccount(models.Model):
    """What staff keep of a closed account, for ``signup_policy.RETENTION_DAYS``
    after closing (longer while a ban holds): its former name (the user row is
    renamed ``deleted-<id>``) and a keyed hash of its e-mail address, so that the
    moderation log still finds the person and a sanctioned person cannot sign up
    again at once. The evidence itself (reported, hidden and sanctioned chat) stays
    on its rows; ``signup_policy.closed_accounts_purge`` erases all of it afterwards."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL,
        verbose_name=_("account"),
        on_delete=models.CASCADE,
        related_name="closed_account",
    )
    former_username = models.CharField(_("former username"), max_length=150, blank=True, db_index=True)
    email_digest = models.CharField(_("e-mail (keyed hash)"), max_length=64, blank=True, db_index=True)
    closed_at = models.DateTimeField(_("closed at"), default=timezone.now)
    keep_until = models.DateTimeField(_("kept until"), db_index=True)
    purged_at = models.DateTimeField(_("erased at"), null=True, blank=True)

    class Meta:
        verbose_name = _("closed account")
        verbose_name_plural = _("closed accounts")

    def __str__(self):
        return f"{self.user} ({self.former_username or '—'})"


class StaffNote(models.Model):
    """A note staff keep about a player (context for the next moderator); never shown to players."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("player"),
        on_delete=models.CASCADE,
        related_name="staff_notes",
    )
    author = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("author"),
        null=True,
        on_delete=models.SET_NULL,
        related_name="+",
    )
    text = models.TextField(_("note"), max_length=2000)
    created_at = models.DateTimeField(_("created at"), auto_now_add=True)

    class Meta:
        ordering = ["-created_at", "-pk"]
        verbose_name = _("staff note")
        verbose_name_plural = _("staff notes")

    def __str__(self):
        return f"{self.user}: {self.text[:40]}"


class Block(models.Model):
    """A player blocks another: the blocked player's chat is hidden from the blocker,
    and the blocked player can no longer invite them to a game."""

    blocker = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("blocker"),
        on_delete=models.CASCADE,
        related_name="blocks_made",
    )
    blocked = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        verbose_name=_("blocked player"),
        on_delete=models.CASCADE,
        related_name="blocked_by",
    )
    created_at = models.DateTimeField(_("created at"), auto_now_add=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["blocker", "blocked"], name="block_once")]
        verbose_name = _("block")
        verbose_name_plural = _("blocks")

    def __str__(self):
        return f"{self.blocker} blocks {self.blocked}"


class SeatOffer(models.Model):
    """A game moderator offers a seat of a game in progress to a player; the seat changes hands only
    when that player accepts (nobody is put in a game they did not choose). Written by
    ``community.game_moderation``; the seat itself changes in ``play.services`` on acceptance."""

    class Status(models.TextChoices):
        PENDING = "pending", _("Waiting for the player's answer")
        ACCEPTED = "accepted", _("Accepted")
        DECLINED = "declined", _("Declined")
        CLOSED = "closed", _("No longer stands")  # the game ended, or another offer replaced it
        LAPSED = "lapsed", _("Lapsed: the seat changed hands, or its time ran out")

    game = models.ForeignKey("games.Game", verbose_name=_("game"), on_delete=models.CASCADE, related_name="+")
    seat_index = models.PositiveSmallIntegerField(_("seat"))
    user = models.ForeignKey(settings.AUTH_USER_MODEL, verbose_name=_("player"), on_delete=models.CASCADE,
                             related_name="seat_offers")
    offered_by = models.ForeignKey(settings.AUTH_USER_MODEL, verbose_name=_("moderator"), null=True,
                                   on_delete=models.SET_NULL, related_name="+")
    reason = models.TextField(_("reason"), blank=True)  # the moderator's internal note: staff only
    status = models.CharField(_("status"), max_length=8, choices=Status.choices, default=Status.PENDING,
                              db_index=True)
    created_at = models.DateTimeField(_("created at"), auto_now_add=True)
    decided_at = models.DateTimeField(_("answered at"), null=True, blank=True)
    # The seat's holder when the offer was made ({"kind", "user", "bot"}): the offer lapses when the seat
    # changes hands, or at ``expires_at`` (``community.seat_offers``).
    holder = models.JSONField(_("seat held by"), null=True, default=dict, blank=True)
    expires_at = models.DateTimeField(_("stands until"), null=True, blank=True)
    lapse_reason = models.CharField(_("why it lapsed"), max_length=16, blank=True, default="", db_default="")

    class Meta:
        ordering = ["-created_at", "-pk"]
        verbose_name = _("seat offer")
        verbose_name_plural = _("seat offers")

    def __str__(self):
        return f"#{self.game_id} seat {self.seat_index} → {self.user} ({self.status})"


class SeenAddress(models.Model):
    """Where an account was used from besides web logins (django-axes keeps those): API-token requests
    and moves, with the device's user agent. Evidence for collusion (accounts seen from one address),
    for administrators only (``tiers.VIEW_IP_RECORDS``); written by ``community.addresses`` at most
    once per ``addresses.REFRESH_SECONDS`` per row, erased ``addresses.RETENTION_DAYS`` after last seen."""

    class Via(models.TextChoices):
        API = "api", _("API token")
        MOVE = "move", _("a move")

    user = models.ForeignKey(settings.AUTH_USER_MODEL, verbose_name=_("player"), on_delete=models.CASCADE,
                             related_name="+")
    ip = models.GenericIPAddressField(_("address"), db_index=True)
    via = models.CharField(_("seen through"), max_length=4, choices=Via.choices)
    device = models.CharField(_("device (user agent)"), max_length=200, blank=True)
    first_seen = models.DateTimeField(_("first seen"), default=timezone.now)
    last_seen = models.DateTimeField(_("last seen"), default=timezone.now, db_index=True)
    uses = models.PositiveIntegerField(_("uses"), default=1)

    class Meta:
        ordering = ["-last_seen", "-pk"]
        verbose_name = _("address seen")
        verbose_name_plural = _("addresses seen")
        constraints = [models.UniqueConstraint(fields=["user", "ip", "via", "device"], name="seen_address_once")]

    def __str__(self):
        return f"{self.user_id} {self.ip} ({self.via})"
