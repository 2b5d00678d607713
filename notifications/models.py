"""The e-mail outbox. A notification row is written in the same transaction
as the game change that causes it, so it is never lost; a Celery task sends
it and marks it sent under a row lock, so it is never sent twice; a periodic
sweep picks up rows whose task never ran (broker down, worker lost)."""

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _


class Notification(models.Model):
    class Kind(models.TextChoices):
        YOUR_TURN = "your_turn", _("Your turn")
        REMINDER = "reminder", _("Clock reminder")
        GAME_OVER = "game_over", _("Game over")
        DIGEST = "digest", _("Daily digest")
        # About the account, not a game (community/notices.py): sent whatever the game-mail preferences.
        SANCTION = "sanction", _("Moderation decision")
        REPORT_HANDLED = "report_done", _("Report handled")
        STAFF_DIGEST = "staff_digest", _("Moderation queue (staff)")

    class Status(models.TextChoices):
        PENDING = "pending", _("Waiting to be sent")
        DIGEST = "digest", _("Waiting for the daily digest")
        SENT = "sent", _("Sent")
        SKIPPED = "skipped", _("Not needed any more")
        FAILED = "failed", _("Failed")

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="notifications")
    kind = models.CharField(max_length=12, choices=Kind.choices)
    game = models.ForeignKey("games.Game", null=True, blank=True, on_delete=models.CASCADE, related_name="+")
    # One e-mail per (user, kind, game, version): a retried write cannot queue it twice.
    dedupe_key = models.CharField(max_length=120, unique=True)
    data = models.JSONField(default=dict, blank=True)  # what a mail not about a game refers to (ids)
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.PENDING, db_index=True)
    attempts = models.PositiveSmallIntegerField(default=0)
    last_error = models.TextField(blank=True)
    created_at = models.DateTimeField(auto_now_add=True, db_index=True)
    sent_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at"]
        indexes = [models.Index(fields=["status", "created_at"])]

    def __str__(self):
        return f"{self.kind} to {self.user_id} ({self.status})"
