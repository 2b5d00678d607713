"""Sanctions: warn, time out, mute, suspend, ban; lift, withdraw, change the end, decide an appeal; the
periodic end of suspensions. Nobody sanctions their own tier or above, and only the tier that imposed a
sanction (or above) undoes it; an account a suspension or ban closed opens again when nothing holds it."""

from __future__ import annotations

from datetime import timedelta

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from play import services as game_services
from play.errors import Conflict, NotAllowed, ServiceError

from . import notices, reasons, tiers
from .models import ModerationAction, Sanction
from .moderation_base import (
    Action,
    User,
    _days,
    _user,
    log_action,
    require_moderator,
    require_reason,
)
from .report_handling import _report


def _public(key: str) -> str:
    key = key or reasons.DEFAULT
    if key not in reasons.LABELS:
        raise ServiceError(_("Choose the reason the player reads from the list."))
    return key


def _sanction(
    *, moderator, user_id: int, kind: str, days: int | None, reason: str, report_id: int | None,
    minutes: int | None = None, public_reason: str = "",
) -> Sanction:
    require_moderator(moderator)
    reason = require_reason(reason)
    user = _user(user_id)
    if user.pk == moderator.pk:
        raise ServiceError(_("You cannot sanction yourself."))
    tiers.require_higher_tier(moderator, user)
    with transaction.atomic():
        report = _report(report_id, moderator)
        now = timezone.now()
        ends = now + timedelta(days=_days(days)) if days is not None else None
        if minutes is not None:
            ends = now + timedelta(minutes=minutes)
        sanction = Sanction.objects.create(
            user=user, kind=kind, reason=reason, public_reason=_public(public_reason), starts_at=now,
            ends_at=ends, by=moderator,
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
    if locks_out and kind == Sanction.Kind.SUSPEND:
        # For a while: the games go on with their clocks (the usual time-out gives a late seat to a bot),
        # and the seats come back by themselves at the end (docs/moderation.md).
        game_services.user_lock(user=user)
    elif locks_out:
        # A ban: bots play the running games at once (an appeal that lifts it gives them back).
        game_services.user_deactivate(user=user, by_user=moderator)
    return sanction


def user_warn(
    *, moderator, user_id: int, reason: str, report_id: int | None = None, public_reason: str = ""
) -> Sanction:
    return _sanction(
        moderator=moderator,
        user_id=user_id,
        kind=Sanction.Kind.WARN,
        days=None,
        reason=reason,
        report_id=report_id,
        public_reason=public_reason,
    )


def user_mute(
    *, moderator, user_id: int, days: int, reason: str, report_id: int | None = None, public_reason: str = ""
) -> Sanction:
    return _sanction(
        moderator=moderator,
        user_id=user_id,
        kind=Sanction.Kind.MUTE,
        days=_days(days),
        reason=reason,
        report_id=report_id,
        public_reason=public_reason,
    )


MAX_TIMEOUT_MINUTES = 24 * 60


def user_timeout(
    *, moderator, user_id: int, minutes, reason: str, report_id: int | None = None, public_reason: str = ""
) -> Sanction:
    """A short mute from chat, in minutes (to cool a heated game down)."""
    try:
        minutes = int(minutes)
    except (TypeError, ValueError):
        raise ServiceError(_("The number of minutes must be a whole number.")) from None
    if not 1 <= minutes <= MAX_TIMEOUT_MINUTES:
        raise ServiceError(_("Between 1 and %(max)d minutes."), {"max": MAX_TIMEOUT_MINUTES})
    return _sanction(moderator=moderator, user_id=user_id, kind=Sanction.Kind.MUTE, days=None,
                     minutes=minutes, reason=reason, report_id=report_id,
                     public_reason=public_reason)


def user_suspend(
    *, moderator, user_id: int, days: int, reason: str, report_id: int | None = None, public_reason: str = ""
) -> Sanction:
    return _sanction(
        moderator=moderator,
        user_id=user_id,
        kind=Sanction.Kind.SUSPEND,
        days=_days(days),
        reason=reason,
        report_id=report_id,
        public_reason=public_reason,
    )


def user_ban(
    *, moderator, user_id: int, reason: str, report_id: int | None = None, public_reason: str = ""
) -> Sanction:
    return _sanction(
        moderator=moderator,
        user_id=user_id,
        kind=Sanction.Kind.BAN,
        days=None,
        reason=reason,
        report_id=report_id,
        public_reason=public_reason,
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
    # The seats bots took since the account was locked out come back.
    first_lock = _lock_started(user)
    if first_lock is not None:
        game_services.user_seats_return(user=user, since=first_lock)
    return True


def _lock_started(user):
    """When the lock-out now ending began: the earliest start among the suspensions and bans whose time
    overlapped the latest one (back-to-back sanctions are one absence)."""
    locks = list(Sanction.objects.filter(user=user, kind__in=[Sanction.Kind.SUSPEND, Sanction.Kind.BAN])
                 .order_by("-starts_at"))
    if not locks:
        return None
    start = locks[0].starts_at
    for earlier in locks[1:]:
        ended = earlier.lifted_at or earlier.ends_at
        if ended is not None and ended < start:
            break
        start = earlier.starts_at
    return start


def _locked_sanction(moderator, sanction_id) -> Sanction:
    """The sanction to lift, change or answer the appeal of, locked; only someone of the tier
    of whoever imposed it, or above, may undo it (a moderator never lifts an administrator's ban)."""
    try:
        sanction_id = int(sanction_id)
    except (TypeError, ValueError):
        raise ServiceError(_("There is no such sanction.")) from None
    # Locks the sanction row only: its "by" may be empty (an outer join PostgreSQL cannot lock).
    sanction = (Sanction.objects.select_for_update(of=("self",)).select_related("user", "by")
                .filter(pk=sanction_id).first())
    if sanction is None:
        raise ServiceError(_("There is no such sanction."))
    if not may_undo(moderator, sanction):
        raise NotAllowed(_("A higher staff tier imposed this sanction: only that tier or above may lift, "
                           "change or withdraw it, or decide its appeal."))
    return sanction


def may_undo(moderator, sanction) -> bool:
    return tiers.tier(moderator) >= tiers.tier(sanction.by) and tiers.tier(moderator) > tiers.tier(sanction.user)


def appeal_reviewers(sanction) -> list:
    """Staff who may decide this sanction's appeal besides whoever imposed it (four eyes)."""
    candidates = User.objects.filter(is_active=True, is_staff=True).exclude(pk__in=[sanction.by_id or 0,
                                                                                    sanction.user_id])
    return [u for u in candidates if tiers.may(u, tiers.MODERATE_CHAT) and may_undo(u, sanction)]


def may_decide_appeal(moderator, sanction) -> bool:
    return may_undo(moderator, sanction) and (sanction.by_id != moderator.pk or team_of_one(sanction))


def team_of_one(sanction) -> bool:
    """Nobody but the moderator who decided can review the appeal: the appeal page says so."""
    return sanction.by_id is not None and not appeal_reviewers(sanction)


def _told(sanction, change: str, action: ModerationAction) -> None:
    notices.sanction_notified(sanction, change=change, key=f"{change}:{sanction.pk}:{action.pk}")


@transaction.atomic
def sanction_lift(*, moderator, sanction_id: int, reason: str) -> Sanction:
    require_moderator(moderator)
    reason = require_reason(reason)
    sanction = _locked_sanction(moderator, sanction_id)
    if not sanction.is_active():
        raise ServiceError(_("This sanction is not in force."))
    sanction.lifted_at = timezone.now()
    sanction.save(update_fields=["lifted_at"])
    entry = log_action(
        moderator=moderator, action=Action.LIFT, reason=reason, target_user=sanction.user, sanction=sanction
    )
    _reactivate_if_clear(sanction.user)
    _told(sanction, "lifted", entry)
    return sanction


@transaction.atomic
def sanction_withdraw(*, moderator, sanction_id: int, reason: str) -> Sanction:
    """Take back any sanction, a warning too (it was a mistake): it no longer counts; logged, and the
    player is told."""
    require_moderator(moderator)
    reason = require_reason(reason)
    sanction = _locked_sanction(moderator, sanction_id)
    if sanction.lifted_at is not None:
        raise ServiceError(_("This sanction was already lifted or withdrawn."))
    sanction.lifted_at = timezone.now()
    sanction.save(update_fields=["lifted_at"])
    entry = log_action(moderator=moderator, action=Action.WITHDRAW, reason=reason, target_user=sanction.user,
                       sanction=sanction, details={"kind": sanction.kind})
    _reactivate_if_clear(sanction.user)
    _told(sanction, "withdrawn", entry)
    return sanction


@transaction.atomic
def sanction_change_end(*, moderator, sanction_id: int, days, reason: str) -> Sanction:
    """Shorten or extend a sanction in force: it now ends ``days`` from now; logged, the player told."""
    require_moderator(moderator)
    reason = require_reason(reason)
    days = _days(days)
    sanction = _locked_sanction(moderator, sanction_id)
    if sanction.kind == Sanction.Kind.WARN or not sanction.is_active():
        raise ServiceError(_("This sanction is not in force."))
    before = sanction.ends_at
    sanction.ends_at = timezone.now() + timedelta(days=days)
    sanction.save(update_fields=["ends_at"])
    entry = log_action(moderator=moderator, action=Action.CHANGE_END, reason=reason, target_user=sanction.user,
                       sanction=sanction, details={"days": days, "before": before.isoformat() if before else None,
                                                   "after": sanction.ends_at.isoformat()})
    _told(sanction, "changed", entry)
    return sanction


@transaction.atomic
def appeal_decide(*, moderator, sanction_id: int, lift: bool, reason: str) -> Sanction:
    """Answer a user's appeal: uphold the sanction or lift it."""
    require_moderator(moderator)
    reason = require_reason(reason)
    sanction = _locked_sanction(moderator, sanction_id)
    if sanction.appealed_at is None:
        raise ServiceError(_("There is no appeal to decide."))
    if sanction.appeal_decision:
        raise Conflict(_("This appeal was already decided."))
    if sanction.by_id == moderator.pk and not team_of_one(sanction):
        raise NotAllowed(_("You imposed this sanction: another moderator decides its appeal (four eyes)."))
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
            entry = log_action(
                moderator=None,
                action=Action.LIFT,
                reason="suspension ended",
                target_user=sanction.user,
                sanction=sanction,
            )
            _reactivate_if_clear(sanction.user)
            _told(sanction, "expired", entry)
            count += 1
    return count
