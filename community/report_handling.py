"""Reports and chat: claim a report, take it over, hide a message, escalate, resolve, dismiss. Who
handles a report: the game moderators a game's problem, the administrators an escalated one, the (chat)
moderators the rest."""

from __future__ import annotations

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from play import events
from play.errors import Conflict, ServiceError
from play.models import Seat

from . import notices, tiers
from .models import ChatMessage, ModerationAction, Report
from .moderation_base import Action, _name, log_action, require_moderator, require_reason


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
