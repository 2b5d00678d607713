"""What every moderation service shares: the moderator and reason checks, and the one
``ModerationAction`` row each writes (who, what, to whom, why) in the same transaction; acting from a
report closes it as "action taken". A refused attempt is logged for the seniors."""

from __future__ import annotations

from django.contrib.auth import get_user_model
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from play.errors import NotAllowed, ServiceError

from . import notices, tiers
from .models import ModerationAction, Report

User = get_user_model()


Action = ModerationAction.Action


MAX_SANCTION_DAYS = 365


def require_moderator(moderator) -> None:
    """Chat and reports: the moderators' tier (community/tiers.py)."""
    if moderator is None or not (moderator.is_active and moderator.is_staff):
        raise NotAllowed(_("Only moderators can do this."))
    tiers.require_chat_moderator(moderator)


def require_reason(reason: str) -> str:
    reason = (reason or "").strip()
    if not reason:
        raise ServiceError(_("Give a reason: it is kept in the moderation log."))
    return reason


def log_action(
    *, moderator, action: str, reason: str, report: Report | None = None, **targets
) -> ModerationAction:
    entry = ModerationAction.objects.create(
        moderator=moderator, action=action, reason=reason, report=report, **targets
    )
    if report is not None and report.status == Report.Status.OPEN:
        report.status = Report.Status.ACTIONED if action != Action.DISMISS_REPORT else Report.Status.DISMISSED
        report.handled_by, report.handled_at = moderator, timezone.now()
        report.save(update_fields=["status", "handled_by", "handled_at"])
        notices.report_handled(report)
    return entry


def _name(user) -> str:
    return user.get_username() if user is not None else str(_("the site"))


def _user(user_id: int):
    user = User.objects.filter(pk=user_id).first()
    if user is None:
        raise ServiceError(_("There is no such user."))
    return user


def _days(days) -> int:
    try:
        days = int(days)
    except (TypeError, ValueError):
        raise ServiceError(_("The number of days must be a whole number.")) from None
    if not 1 <= days <= MAX_SANCTION_DAYS:
        raise ServiceError(_("Between 1 and %(max)d days."), {"max": MAX_SANCTION_DAYS})
    return days


def refusal_log(*, moderator, op: str, message: str, **targets) -> ModerationAction:
    """A refused attempt (a junior trying a senior's action), in the log for the seniors to read."""
    return ModerationAction.objects.create(moderator=moderator, action=Action.REFUSED, reason=str(message),
                                           details={"op": op}, **targets)
