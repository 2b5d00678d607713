"""Sending the outbox. A row is sent under its row lock and marked sent in the
same transaction, so two workers never send it twice; a failure is recorded
and retried with backoff, and after the last retry the row stays FAILED for
the staff to see (never silently dropped)."""

from __future__ import annotations

import logging
from datetime import timedelta

from celery import shared_task
from django.db import transaction
from django.db.models import Q
from django.utils import timezone

log = logging.getLogger(__name__)

MAX_ATTEMPTS = 6
STALE_AFTER = timedelta(minutes=2)  # a pending row older than this lost its task


def _still_relevant(note) -> bool:
    """A "your turn" or reminder e-mail is pointless once the player moved."""
    from play.models import Game, Seat

    from .models import Notification

    if note.kind not in (Notification.Kind.YOUR_TURN, Notification.Kind.REMINDER) or note.game_id is None:
        return True
    if note.game.status != Game.Status.ACTIVE:
        return False
    return Seat.objects.filter(game_id=note.game_id, user_id=note.user_id, owes_move=True,
                               substitute_bot="").exists()


def _watching(note) -> bool:
    """The player has the game open (the page says so every few polls): the page shows the turn,
    so the mail waits until they leave, and goes only if the turn is still theirs then."""
    from play.presence import is_present

    from .models import Notification

    return (note.kind in (Notification.Kind.YOUR_TURN, Notification.Kind.REMINDER)
            and note.game_id is not None and is_present(note.game_id, note.user_id))


def _gathering(note) -> bool:
    from .models import Notification

    return (note.kind == Notification.Kind.NOTICE and note.send_after is not None
            and note.send_after > timezone.now())


def _wait_left(notification_id: int, default: float) -> float:
    """Seconds until the row's ``send_after`` (at least one), or ``default``."""
    from .models import Notification

    after = Notification.objects.filter(pk=notification_id).values_list("send_after", flat=True).first()
    if after is None:
        return default
    return max(1.0, (after - timezone.now()).total_seconds())


def send_once(notification_id: int) -> str:
    """One attempt: 'sent', 'skipped', 'later' (the player is looking at the game: held back
    for PRESENCE_SECONDS), 'nothing' (already handled or held by another worker),
    'retry' (failed, will be tried again) or 'failed' (gave up)."""
    from play.presence import PRESENCE_SECONDS

    from .emails import build
    from .models import Notification

    with transaction.atomic():
        note = (Notification.objects.select_for_update(skip_locked=True, of=("self",)).select_related("user", "game")
                .filter(pk=notification_id, status=Notification.Status.PENDING).first())
        if note is None:
            return "nothing"
        if _gathering(note):  # a game notice's mail waits for the notices that follow (services.notice)
            return "later"
        if not _still_relevant(note):
            note.status = Notification.Status.SKIPPED
            note.save(update_fields=["status"])
            return "skipped"
        if _watching(note):
            note.send_after = timezone.now() + timedelta(seconds=PRESENCE_SECONDS)
            note.save(update_fields=["send_after"])
            return "later"
        note.attempts += 1
        try:
            build(note).send()
        except Exception as exc:  # the mail server refused or is down
            note.last_error = f"{type(exc).__name__}: {exc}"[:2000]
            if note.attempts >= MAX_ATTEMPTS:
                note.status = Notification.Status.FAILED
            note.save(update_fields=["attempts", "last_error", "status"])
            log.warning("e-mail %s to user %s failed (attempt %s): %s", note.pk, note.user_id, note.attempts,
                        note.last_error)
            return "failed" if note.status == Notification.Status.FAILED else "retry"
        note.status, note.sent_at = Notification.Status.SENT, timezone.now()
        # An account mail's body holds a one-time link: not kept once delivered.
        note.body = note.html_body = ""
        note.save(update_fields=["status", "sent_at", "attempts", "body", "html_body"])
        return "sent"


@shared_task(bind=True, acks_late=True, max_retries=MAX_ATTEMPTS)
def send_notification(self, notification_id: int) -> str:
    from play.presence import PRESENCE_SECONDS

    outcome = send_once(notification_id)
    if self.request.is_eager:
        # In-process (make run, tests): no waiting inside the caller; flush_outbox takes it up later.
        return outcome
    if outcome == "retry":
        raise self.retry(countdown=30 * 2 ** min(self.request.retries + 1, 6))
    if outcome == "later":
        send_notification.apply_async((notification_id,), countdown=_wait_left(notification_id, PRESENCE_SECONDS))
    return outcome


@shared_task(acks_late=True)
def send_digests() -> int:
    """Once a day: one e-mail per user gathering their waiting "your turn" and reminder rows."""
    from .emails import build
    from .models import Notification

    sent = 0
    user_ids = (Notification.objects.filter(status=Notification.Status.DIGEST)
                .values_list("user_id", flat=True).distinct())
    for user_id in list(user_ids):
        try:
            with transaction.atomic():
                rows = list(Notification.objects.select_for_update(skip_locked=True, of=("self",))
                            .select_related("user", "game")
                            .filter(user_id=user_id, status=Notification.Status.DIGEST).order_by("created_at"))
                relevant = [n for n in rows if _still_relevant(n)]
                now = timezone.now()
                if relevant:
                    head = Notification.objects.create(
                        user=rows[0].user, kind=Notification.Kind.DIGEST, game=None,
                        dedupe_key=f"digest:{user_id}:{now:%Y-%m-%d}:{rows[0].pk}",
                        status=Notification.Status.SENT, sent_at=now, attempts=1,
                    )
                    build(head, digest_items=relevant).send()
                    sent += 1
                Notification.objects.filter(pk__in=[n.pk for n in relevant]).update(
                    status=Notification.Status.SENT, sent_at=now)
                Notification.objects.filter(pk__in=[n.pk for n in rows if n not in relevant]).update(
                    status=Notification.Status.SKIPPED)
        except Exception:  # this user's digest waits for tomorrow; the others go out
            log.exception("daily digest for user %s failed", user_id)
    return sent


@shared_task(acks_late=True)
def flush_outbox() -> int:
    """Queue again the rows whose send task never ran (e.g. the broker was down)."""
    from .models import Notification

    now = timezone.now()
    cutoff = now - STALE_AFTER
    # A row held back while its player watches has a task coming (send_after): not stale until then.
    stale = (Notification.objects.filter(status=Notification.Status.PENDING, created_at__lt=cutoff)
             .filter(Q(send_after__isnull=True) | Q(send_after__lt=cutoff)))
    # A game notice's mail that gathered its notices is due at send_after (its countdown task may be lost).
    due = Notification.objects.filter(status=Notification.Status.PENDING, kind=Notification.Kind.NOTICE,
                                      send_after__lte=now)
    stale = stale | due
    ids = list(stale.values_list("pk", flat=True)[:500])
    for pk in ids:
        send_notification.delay(pk)
    return len(ids)
