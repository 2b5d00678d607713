"""The moderators' queue: how much work is waiting (open reports, appeals without a
decision, seats past their deadline), for the dashboard, the admin index and the
opt-in daily staff digest e-mail."""

from __future__ import annotations

from django.contrib.auth import get_user_model
from django.utils import timezone

from play.models import Game, Seat

from .models import MemberSettings, Report, Sanction


def late_seats():
    """Seats of running games whose player is past the deadline (no bot playing for them yet)."""
    return Seat.objects.filter(game__status=Game.Status.ACTIVE, owes_move=True, deadline__lt=timezone.now(),
                               kind=Seat.Kind.HUMAN, substitute_bot="")


def pending_appeals():
    return Sanction.objects.filter(appealed_at__isnull=False, appeal_decision="")


def counts() -> dict[str, int]:
    return {
        "open_reports": Report.objects.filter(status=Report.Status.OPEN).count(),
        "pending_appeals": pending_appeals().count(),
        "late_seats": late_seats().count(),
    }


def staff_digest_send() -> int:
    """Daily: each staff member who asked for it gets the counts, when there is work waiting."""
    from notifications import services as notify
    from notifications.models import Notification

    waiting = counts()
    if not any(waiting.values()):
        return 0
    day = timezone.now().date().isoformat()
    wanted = MemberSettings.objects.filter(staff_digest=True, user__is_staff=True, user__is_active=True)
    sent = 0
    for user in get_user_model().objects.filter(pk__in=wanted.values("user_id")):
        key = f"staff-digest:{user.pk}:{day}"  # once a day
        mailed = notify.service_mail(user=user, kind=Notification.Kind.STAFF_DIGEST, key=key,
                                     data={"queue": waiting})
        if mailed:
            sent += 1
    return sent
