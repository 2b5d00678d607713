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

from play import events
from play import services as game_services
from play.errors import Conflict, NotAllowed, ServiceError
from play.models import Seat

from . import notices, reasons, tiers
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


def _report(report_id: int | None, moderator, *, dismissing: bool = False, taking_over: bool = False
            ) -> Report | None:
    """The report acted on, locked: refused when someone already decided it, or when another
    moderator claimed it (they are on it; take it over first, with a reason). Whoever took action
    on it may add another (hide the message, then warn), but nobody dismisses it afterwards."""
    if report_id is None:
        return None
    report = Report.objects.select_for_update(of=("self",)).select_related("handled_by", "claimed_by") \
        .filter(pk=report_id).first()
    if report is None:
        raise ServiceError(_("There is no such report."))
    adding = (not dismissing and report.status == Report.Status.ACTIONED
              and report.handled_by_id == moderator.pk)
    if report.status != Report.Status.OPEN and not adding:
        raise Conflict(_("This report was already decided by %(name)s (%(decision)s)."),
                       {"name": _name(report.handled_by), "decision": report.get_status_display()})
    tiers.require(moderator, report_perm(report))  # game reports: game moderators; escalated: administrators
    if not taking_over and report.claimed_by_id not in (None, moderator.pk):
        raise Conflict(_("%(name)s claimed this report and is handling it; take it over first, with a reason."),
                       {"name": _name(report.claimed_by)})
    return report


def _name(user) -> str:
    return user.get_username() if user is not None else str(_("the site"))


def report_perm(report) -> str:
    """Who handles a report: the game moderators a game's problem, the administrators one escalated to
    them, the (chat) moderators the rest."""
    if report.escalated_at is not None:
        return tiers.ADMINISTER
    return tiers.MODERATE_GAMES if report.category == Report.Category.GAME else tiers.MODERATE_CHAT


def report_claim(*, moderator, report_id: int) -> Report | None:
    """Opening a report for action claims it, when nobody has (the page says who did otherwise)."""
    report = Report.objects.filter(pk=report_id).first()
    if report is None or not tiers.may(moderator, report_perm(report)):
        return None
    Report.objects.filter(pk=report_id, status=Report.Status.OPEN, claimed_by__isnull=True).update(
        claimed_by=moderator, claimed_at=timezone.now())
    return Report.objects.select_related("claimed_by").filter(pk=report_id).first()


@transaction.atomic
def report_take_over(*, moderator, report_id: int, reason: str) -> Report:
    """Claim a report another moderator claimed (they are away, say): logged, with a reason."""
    reason = require_reason(reason)
    report = _report(report_id, moderator, taking_over=True)
    previous = report.claimed_by
    report.claimed_by, report.claimed_at = moderator, timezone.now()
    report.save(update_fields=["claimed_by", "claimed_at"])
    ModerationAction.objects.create(moderator=moderator, action=Action.CLAIM, reason=reason, report=report,
                                    target_user_id=report.reported_user_id,
                                    details={"from": previous.get_username() if previous else ""})
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
    report = _report(report_id, moderator)
    message = ChatMessage.objects.select_for_update().filter(pk=message_id).first()
    if message is None:
        raise ServiceError(_("There is no such message."))
    if message.hidden_at is None:
        message.hidden_at, message.hidden_by = timezone.now(), moderator
        message.save(update_fields=["hidden_at", "hidden_by"])
        # The streams carried the line when it was written: its readers' clients drop it now.
        players = set(Seat.objects.filter(game_id=message.game_id, kind=Seat.Kind.HUMAN, user__isnull=False)
                      .values_list("user_id", flat=True))
        events.chat_hidden(message, players - {message.author_id})
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


def refusal_log(*, moderator, op: str, message: str, **targets) -> ModerationAction:
    """A refused attempt (a junior trying a senior's action), in the log for the seniors to read."""
    return ModerationAction.objects.create(moderator=moderator, action=Action.REFUSED, reason=str(message),
                                           details={"op": op}, **targets)


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


@transaction.atomic
def report_escalate(*, moderator, report_id: int, reason: str) -> Report:
    """Hand a report up to the administrators (a staff member involved, a legal threat…): they are
    mailed at once, and only they act on it from now on."""
    reason = require_reason(reason)
    report = _report(report_id, moderator)
    if report.escalated_at is not None:
        raise Conflict(_("This report is already with the administrators."))
    report.escalated_at, report.claimed_by, report.claimed_at = timezone.now(), None, None
    report.save(update_fields=["escalated_at", "claimed_by", "claimed_at"])
    ModerationAction.objects.create(moderator=moderator, action=Action.ESCALATE, reason=reason, report=report,
                                    target_user_id=report.reported_user_id, game_id=report.game_id)
    notices.staff_alert(report, perm=tiers.ADMINISTER, escalated=True)
    return report


@transaction.atomic
def report_resolve(*, moderator, report_id: int, reason: str) -> Report:
    """A game's problem is handled (rolled back, adjudicated, a bug filed): the report is closed."""
    reason = require_reason(reason)
    report = _report(report_id, moderator)
    if report.category != Report.Category.GAME:
        raise ServiceError(_("Only a report about a game's problem is closed this way."))
    log_action(moderator=moderator, action=Action.RESOLVE, reason=reason, report=report, game_id=report.game_id)
    return report


@transaction.atomic
def member_display_name_reset(*, moderator, user_id: int, reason: str):
    """An offensive display name goes back to the username; logged (the player may choose another)."""
    from .models import MemberSettings

    require_moderator(moderator)
    reason = require_reason(reason)
    user = _user(user_id)
    tiers.require_higher_tier(moderator, user)
    member = MemberSettings.objects.select_for_update().filter(user=user).first()
    if member is None or not member.display_name:
        raise ServiceError(_("This player has no display name."))
    former, member.display_name = member.display_name, ""
    member.save(update_fields=["display_name"])
    return log_action(moderator=moderator, action=Action.RESET_NAME, reason=reason, target_user=user,
                      details={"former": former})


@transaction.atomic
def report_dismiss(*, moderator, report_id: int, reason: str) -> Report:
    reason = require_reason(reason)
    report = _report(report_id, moderator, dismissing=True)
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


def member_note_edit(*, moderator, note_id: int, text: str) -> StaffNote:
    """Correct a staff note: its author, or an administrator."""
    if moderator is None or not (moderator.is_active and moderator.is_staff):
        raise NotAllowed(_("Only moderators can do this."))
    note = StaffNote.objects.filter(pk=note_id).first()
    if note is None:
        raise ServiceError(_("There is no such note."))
    if note.author_id != moderator.pk and not tiers.may(moderator, tiers.ADMINISTER):
        raise NotAllowed(_("Only its author or an administrator changes a note."))
    text = (text or "").strip()
    if not text:
        raise ServiceError(_("Write the note first."))
    if len(text) > 2000:
        raise ServiceError(_("Keep it under 2000 characters."))
    note.text = text
    note.save(update_fields=["text"])
    return note


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


ROLES = {"": [], "moderator": ["Moderators"], "game_moderator": ["Game moderators"],
         "both": ["Moderators", "Game moderators"], "administrator": ["Administrators"]}


@transaction.atomic
def staff_role_set(*, moderator, user_id: int, role: str, reason: str):
    """An administrator appoints or demotes a moderator (the tiers' groups); only the superuser makes
    or demotes an administrator. Logged."""
    from django.contrib.auth.models import Group

    tiers.require_administrator(moderator)
    reason = require_reason(reason)
    if role not in ROLES:
        raise ServiceError(_("Choose a role from the list."))
    user = _user(user_id)
    if user.pk == moderator.pk:
        raise ServiceError(_("You cannot change your own role."))
    tiers.require_higher_tier(moderator, user)
    if role == "administrator" and not moderator.is_superuser:
        raise NotAllowed(_("Only the superuser appoints administrators."))
    before = sorted(user.groups.filter(name__in=tiers.GROUPS).values_list("name", flat=True))
    user.groups.remove(*Group.objects.filter(name__in=tiers.GROUPS))
    user.groups.add(*Group.objects.filter(name__in=ROLES[role]))
    user.is_staff = bool(ROLES[role])
    user.save(update_fields=["is_staff"])
    return log_action(moderator=moderator, action=Action.STAFF_ROLE, reason=reason, target_user=user,
                      details={"before": before, "after": ROLES[role]})
