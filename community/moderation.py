"""Moderators' actions on people: hide a message, warn, mute, suspend, ban,
lift, decide an appeal, dismiss a report, deactivate, reset a rating.

Every one needs a staff moderator and a reason, and writes one
``ModerationAction`` row (who, what, to whom, why) in the same transaction.
Acting from a report closes it as "action taken"."""

from __future__ import annotations

from datetime import timedelta

from django.contrib.auth import get_user_model
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from play import services as game_services
from play.errors import NotAllowed, ServiceError

from . import notices, tiers
from .models import ChatMessage, ModerationAction, Report, Sanction, StaffNote

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


def _report(report_id: int | None) -> Report | None:
    if report_id is None:
        return None
    report = Report.objects.select_for_update().filter(pk=report_id).first()
    if report is None:
        raise ServiceError(_("There is no such report."))
    return report


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


@transaction.atomic
def message_hide(*, moderator, message_id: int, reason: str, report_id: int | None = None) -> ChatMessage:
    require_moderator(moderator)
    reason = require_reason(reason)
    report = _report(report_id)
    message = ChatMessage.objects.select_for_update().filter(pk=message_id).first()
    if message is None:
        raise ServiceError(_("There is no such message."))
    if message.hidden_at is None:
        message.hidden_at, message.hidden_by = timezone.now(), moderator
        message.save(update_fields=["hidden_at", "hidden_by"])
    log_action(
        moderator=moderator,
        action=Action.HIDE_MESSAGE,
        reason=reason,
        report=report,
        message=message,
        target_user_id=message.author_id,
        game_id=message.game_id,
        details={"text": message.text},
    )
    return message


def _sanction(
    *, moderator, user_id: int, kind: str, days: int | None, reason: str, report_id: int | None,
    minutes: int | None = None,
) -> Sanction:
    require_moderator(moderator)
    reason = require_reason(reason)
    user = _user(user_id)
    if user.pk == moderator.pk:
        raise ServiceError(_("You cannot sanction yourself."))
    tiers.require_higher_tier(moderator, user)
    with transaction.atomic():
        report = _report(report_id)
        now = timezone.now()
        ends = now + timedelta(days=_days(days)) if days is not None else None
        if minutes is not None:
            ends = now + timedelta(minutes=minutes)
        sanction = Sanction.objects.create(
            user=user, kind=kind, reason=reason, starts_at=now, ends_at=ends, by=moderator
        )
        locks_out = kind in (Sanction.Kind.SUSPEND, Sanction.Kind.BAN) and user.is_active
        details = ({"deactivated": locks_out} | ({"days": days} if days is not None else {})
                   | ({"minutes": minutes} if minutes is not None else {}))
        log_action(
            moderator=moderator,
            action=kind,
            reason=reason,
            report=report,
            target_user=user,
            sanction=sanction,
            details=details,
        )
        notices.sanction_notified(sanction)
    if locks_out:
        # Cannot log in meanwhile; bots play the running games (the player takes them back later).
        game_services.user_deactivate(user=user, by_user=moderator)
    return sanction


def user_warn(*, moderator, user_id: int, reason: str, report_id: int | None = None) -> Sanction:
    return _sanction(
        moderator=moderator,
        user_id=user_id,
        kind=Sanction.Kind.WARN,
        days=None,
        reason=reason,
        report_id=report_id,
    )


def user_mute(*, moderator, user_id: int, days: int, reason: str, report_id: int | None = None) -> Sanction:
    return _sanction(
        moderator=moderator,
        user_id=user_id,
        kind=Sanction.Kind.MUTE,
        days=_days(days),
        reason=reason,
        report_id=report_id,
    )


MAX_TIMEOUT_MINUTES = 24 * 60


def user_timeout(*, moderator, user_id: int, minutes, reason: str, report_id: int | None = None) -> Sanction:
    """A short mute from chat, in minutes (to cool a heated game down)."""
    try:
        minutes = int(minutes)
    except (TypeError, ValueError):
        raise ServiceError(_("The number of minutes must be a whole number.")) from None
    if not 1 <= minutes <= MAX_TIMEOUT_MINUTES:
        raise ServiceError(_("Between 1 and %(max)d minutes."), {"max": MAX_TIMEOUT_MINUTES})
    return _sanction(moderator=moderator, user_id=user_id, kind=Sanction.Kind.MUTE, days=None,
                     minutes=minutes, reason=reason, report_id=report_id)


def user_suspend(
    *, moderator, user_id: int, days: int, reason: str, report_id: int | None = None
) -> Sanction:
    return _sanction(
        moderator=moderator,
        user_id=user_id,
        kind=Sanction.Kind.SUSPEND,
        days=_days(days),
        reason=reason,
        report_id=report_id,
    )


def user_ban(*, moderator, user_id: int, reason: str, report_id: int | None = None) -> Sanction:
    return _sanction(
        moderator=moderator,
        user_id=user_id,
        kind=Sanction.Kind.BAN,
        days=None,
        reason=reason,
        report_id=report_id,
    )


def _reactivate_if_clear(user) -> bool:
    """Let a user log in again once no suspension or ban holds and a moderator
    did not deactivate the account after the last sanction."""
    from .account import is_deleted

    if user.is_active or is_deleted(user):
        return False
    now = timezone.now()
    holding = [
        s
        for s in Sanction.objects.filter(
            user=user, kind__in=[Sanction.Kind.SUSPEND, Sanction.Kind.BAN], lifted_at__isnull=True
        )
        if s.is_active(now)
    ]
    if holding:
        return False
    # Only an account a sanction closed reopens: not one a moderator deactivated since.
    actions = ModerationAction.objects.filter(
        target_user=user, action__in=[Action.DEACTIVATE, Action.SUSPEND, Action.BAN]
    )
    last_deactivation = actions.filter(action=Action.DEACTIVATE).order_by("-pk").first()
    closing = actions.filter(details__deactivated=True).exclude(action=Action.DEACTIVATE)
    if last_deactivation is not None:
        closing = closing.filter(pk__gt=last_deactivation.pk)
    if not closing.exists():
        return False
    user.is_active = True
    user.save(update_fields=["is_active"])
    return True


@transaction.atomic
def sanction_lift(*, moderator, sanction_id: int, reason: str) -> Sanction:
    require_moderator(moderator)
    reason = require_reason(reason)
    sanction = Sanction.objects.select_for_update().select_related("user").filter(pk=sanction_id).first()
    if sanction is None:
        raise ServiceError(_("There is no such sanction."))
    if not sanction.is_active():
        raise ServiceError(_("This sanction is not in force."))
    sanction.lifted_at = timezone.now()
    sanction.save(update_fields=["lifted_at"])
    log_action(
        moderator=moderator, action=Action.LIFT, reason=reason, target_user=sanction.user, sanction=sanction
    )
    _reactivate_if_clear(sanction.user)
    return sanction


@transaction.atomic
def appeal_decide(*, moderator, sanction_id: int, lift: bool, reason: str) -> Sanction:
    """Answer a user's appeal: uphold the sanction or lift it."""
    require_moderator(moderator)
    reason = require_reason(reason)
    sanction = Sanction.objects.select_for_update().select_related("user").filter(pk=sanction_id).first()
    if sanction is None or sanction.appealed_at is None:
        raise ServiceError(_("There is no appeal to decide."))
    if sanction.appeal_decision:
        raise ServiceError(_("This appeal was already decided."))
    sanction.appeal_decision, sanction.appeal_decided_at = reason, timezone.now()
    if lift and sanction.is_active():
        sanction.lifted_at = timezone.now()
    sanction.save(update_fields=["appeal_decision", "appeal_decided_at", "lifted_at"])
    notices.sanction_notified(sanction, appeal_decided=True)
    log_action(
        moderator=moderator,
        action=Action.APPEAL,
        reason=reason,
        target_user=sanction.user,
        sanction=sanction,
        details={"lifted": bool(lift)},
    )
    if lift:
        _reactivate_if_clear(sanction.user)
    return sanction


@transaction.atomic
def report_dismiss(*, moderator, report_id: int, reason: str) -> Report:
    require_moderator(moderator)
    reason = require_reason(reason)
    report = _report(report_id)
    if report.status != Report.Status.OPEN:
        raise ServiceError(_("This report was already handled."))
    log_action(
        moderator=moderator,
        action=Action.DISMISS_REPORT,
        reason=reason,
        report=report,
        target_user_id=report.reported_user_id,
        message_id=report.message_id,
    )
    return report


def member_deactivate(*, moderator, user_id: int, reason: str) -> None:
    tiers.require_administrator(moderator)
    reason = require_reason(reason)
    user = _user(user_id)
    if user.pk == moderator.pk:
        raise ServiceError(_("You cannot deactivate yourself."))
    tiers.require_higher_tier(moderator, user)
    if not user.is_active:
        raise ServiceError(_("This account is already inactive."))
    game_services.user_deactivate(user=user, by_user=moderator)
    log_action(moderator=moderator, action=Action.DEACTIVATE, reason=reason, target_user=user)


@transaction.atomic
def member_rating_reset(*, moderator, rating_id: int, reason: str):
    from ratings.models import Rating
    from ratings.services import rating_reset

    tiers.require_administrator(moderator)
    reason = require_reason(reason)
    rating = Rating.objects.filter(pk=rating_id).first()
    if rating is None:
        raise ServiceError(_("There is no such rating."))
    before = {"mu": rating.mu, "sigma": rating.sigma, "games": rating.games, "wins": rating.wins}
    rating = rating_reset(rating_id=rating.pk)
    log_action(
        moderator=moderator,
        action=Action.RESET_RATING,
        reason=reason,
        target_user_id=rating.user_id,
        details={"game_type": rating.game_type, "bot_level": rating.bot_level, "before": before},
    )
    return rating


def suspensions_expire() -> int:
    """Periodic: suspensions whose time is up end, and their users may log in again."""
    now = timezone.now()
    count = 0
    for sanction_id in Sanction.objects.filter(
        kind=Sanction.Kind.SUSPEND, lifted_at__isnull=True, ends_at__lte=now
    ).values_list("pk", flat=True):
        with transaction.atomic():
            sanction = Sanction.objects.select_for_update().select_related("user").get(pk=sanction_id)
            if sanction.lifted_at is not None:
                continue
            sanction.lifted_at = now
            sanction.save(update_fields=["lifted_at"])
            log_action(
                moderator=None,
                action=Action.LIFT,
                reason="suspension ended",
                target_user=sanction.user,
                sanction=sanction,
            )
            _reactivate_if_clear(sanction.user)
            count += 1
    return count


def member_note_add(*, moderator, user_id: int, text: str) -> StaffNote:
    """A note about a player for the other staff (any tier writes and reads them)."""
    if moderator is None or not (moderator.is_active and moderator.is_staff):
        raise NotAllowed(_("Only moderators can do this."))
    text = (text or "").strip()
    if not text:
        raise ServiceError(_("Write the note first."))
    if len(text) > 2000:
        raise ServiceError(_("Keep it under 2000 characters."))
    return StaffNote.objects.create(user=_user(user_id), author=moderator, text=text)
