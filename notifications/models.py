"""The e-mail outbox. A notification row is written in the same transaction
as the game change that causes it, so it is never lost; a Celery task sends
it and marks it sent under a row lock, so it is never sent twice; a periodic
sweep picks up rows whose task never ran (broker down, worker lost).

Account mails (sign-up confirmation, password reset: django-allauth) go the
same way, so a slow or refusing mail server never holds a web request: the
rendered message is kept in the row until it is sent, then its body (which
holds a one-time link) is blanked."""

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _


class Notification(models.Model):
    class Kind(models.TextChoices):
        YOUR_TURN = "your_turn", _("Your turn")
        REMINDER = "reminder", _("Clock reminder")
        GAME_OVER = "game_over", _("Game over")
        DIGEST = "digest", _("Daily digest")
        # What a game's engine tells a seat ("Bob made you an offer"), worded by the game's texts.
        NOTICE = "notice", _("Game notice")
        # About the account, not a game (community/notices.py): sent whatever the game-mail preferences.
        SANCTION = "sanction", _("Moderation decision")
        REPORT_HANDLED = "report_done", _("Report handled")
        STAFF_DIGEST = "staff_digest", _("Moderation queue (staff)")
        MODERATED_GAME = "mod_game", _("A moderator changed your game")
        URGENT_REPORT = "urgent", _("Urgent report (staff)")
        ACCOUNT = "account", _("Account e-mail")

    class Status(models.TextChoices):
        PENDING = "pending", _("Waiting to be sent")
        DIGEST = "digest", _("Waiting for the daily digest")
        SENT = "sent", _("Sent")
        SKIPPED = "skipped", _("Not needed any more")
        FAILED = "failed", _("Failed")

    # Empty only for an account mail to an address without an account (allauth's "unknown account").
    user = models.ForeignKey(settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.CASCADE,
                             related_name="notifications")
    kind = models.CharField(max_length=12, choices=Kind.choices)
    game = models.ForeignKey("games.Game", null=True, blank=True, on_delete=models.CASCADE, related_name="+")
    seat_index = models.PositiveSmallIntegerField(null=True, blank=True)
    # One e-mail per (user, kind, game, version): a retried write cannot queue it twice.
    dedupe_key = models.CharField(max_length=120, unique=True)
    data = models.JSONField(default=dict, blank=True)  # what a mail not about a game refers to (ids)
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.PENDING, db_index=True)
    attempts = models.PositiveSmallIntegerField(default=0)
    last_error = models.TextField(blank=True)
    created_at = models.DateTimeField(auto_now_add=True, db_index=True)
    sent_at = models.DateTimeField(null=True, blank=True)
    # Held back (the player is looking at the game): its send task runs again at this time.
    send_after = models.DateTimeField(null=True, blank=True)
    # Account mails only: the message as allauth rendered it.
    to_email = models.EmailField(blank=True)
    subject = models.CharField(max_length=255, blank=True)
    body = models.TextField(blank=True)
    html_body = models.TextField(blank=True)

    WAITING = (Status.PENDING, Status.DIGEST)

    class Meta:
        ordering = ["-created_at"]
        indexes = [models.Index(fields=["status", "created_at"])]
        constraints = [
            # After a catch-up (broker back, flush_outbox) a seat got two "your turn" mails for one game.
            models.UniqueConstraint(
                fields=["game", "seat_index"],
                condition=Q(kind="your_turn", status__in=["pending", "digest"]),
                name="one_waiting_turn_mail_per_seat",
            ),
        ]

    def __str__(self):
        return f"{self.kind} to {self.user_id} ({self.status})"


def notice_items(note: Notification) -> list[dict]:
    """The notices a mail lists, oldest first (a row written before coalescing holds one)."""
    data = note.data or {}
    if "items" in data:
        return list(data["items"])
    return [{"key": data.get("key", ""), "params": data.get("params") or {}, "seat": data.get("seat")}]
