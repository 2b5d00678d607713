"""Telling people about moderation: a sanctioned player (in-site notice, e-mail,
and at login) with the reason, the end date and how to appeal; a reporter that
their report was handled. An appeal works from a signed e-mail link without
logging in (a suspended or banned account cannot log in)."""

from __future__ import annotations

from datetime import timedelta

from django.conf import settings
from django.core import signing
from django.urls import reverse
from django.utils import timezone
from django.utils.html import format_html
from django.utils.translation import gettext as _

APPEAL_SALT = "community.appeal-link"
APPEAL_LINK_DAYS = 60  # the link in the notice works this long


def appeal_token(sanction) -> str:
    return signing.dumps({"s": sanction.pk, "u": sanction.user_id}, salt=APPEAL_SALT)


def sanction_from_token(token: str):
    """The sanction an appeal link is for, or None (forged, expired, or not that user's any more)."""
    from .models import Sanction

    try:
        data = signing.loads(token, salt=APPEAL_SALT, max_age=timedelta(days=APPEAL_LINK_DAYS))
    except signing.BadSignature:
        return None
    if not isinstance(data, dict):
        return None
    sanction_id, user_id = data.get("s"), data.get("u")
    if not all(isinstance(v, int) and not isinstance(v, bool) for v in (sanction_id, user_id)):
        return None  # signed by this site, but not by appeal_token: never a database error
    return Sanction.objects.select_related("user").filter(pk=sanction_id, user_id=user_id).first()


def appeal_url(sanction) -> str:
    return settings.SITE_URL.rstrip("/") + reverse("community:appeal_by_link", args=[appeal_token(sanction)])


def describe(sanction) -> str:
    """One sentence: what, until when, why."""
    kind = sanction.get_kind_display()
    if sanction.lifted_at is not None:  # lifted, withdrawn, decided on appeal or ended: never "until…"
        what = _("%(kind)s: lifted on %(date)s (UTC); it no longer applies.") % {
            "kind": kind, "date": sanction.lifted_at.strftime("%Y-%m-%d %H:%M")}
    elif sanction.kind == sanction.Kind.WARN:
        what = _("A moderator warned you.")
    elif sanction.ends_at is None:
        what = _("%(kind)s, with no end date.") % {"kind": kind}
    else:
        what = _("%(kind)s until %(until)s (UTC).") % {"kind": kind,
                                                     "until": sanction.ends_at.strftime("%Y-%m-%d %H:%M")}
    return _("%(what)s Reason: %(reason)s") % {"what": what, "reason": sanction.public_reason_text}


def locking_sanction(user):
    """The suspension or ban that keeps the account out now (the longest), or None."""
    from .models import Sanction

    now = timezone.now()
    locking = Sanction.objects.filter(user=user, kind__in=[Sanction.Kind.SUSPEND, Sanction.Kind.BAN],
                                      lifted_at__isnull=True)
    holding = [s for s in locking if s.is_active(now)]
    if not holding:
        return None
    return max(holding, key=lambda s: (s.ends_at is None, s.ends_at or now))


def login_notice(user) -> str | None:
    """What a suspended or banned person sees when they log in with the right password."""
    sanction = locking_sanction(user)
    if sanction is None:
        return None
    return format_html(
        "{} {} <a href=\"{}\">{}</a>",
        describe(sanction),
        _("You cannot log in meanwhile. To appeal, use the link in the e-mail we sent you, or this one:"),
        appeal_url(sanction),
        _("appeal this decision"),
    )


def unseen_sanctions(user):
    """Sanctions the player has not yet looked at (the site-wide notice)."""
    from .models import Sanction

    if user is None or not user.is_authenticated:
        return Sanction.objects.none()
    return Sanction.objects.filter(user=user, seen_at__isnull=True)


# The notice is asked on every page a signed-in player opens, and almost always finds nothing: that answer is
# kept in the cache (issue 43: a statement less per page), forgotten whenever one of the player's sanctions is
# written or deleted (``sanction_changed``, now and again when the transaction commits, so that a page read
# meanwhile cannot keep the old answer). Marking them read only makes "nothing unseen" truer: nothing to forget.
NO_NOTICE_KEY = "moderation-notice:none:{}"
NO_NOTICE_SECONDS = 3600


def notice_sanctions(user, limit: int = 3) -> list:
    """The player's unseen sanctions the notice shows (at most ``limit``), without a statement when the cache
    knows there are none."""
    from django.core.cache import cache

    if user is None or not user.is_authenticated:
        return []
    key = NO_NOTICE_KEY.format(user.pk)
    if cache.get(key):
        return []
    unseen = list(unseen_sanctions(user)[:limit])
    if not unseen:
        cache.set(key, True, NO_NOTICE_SECONDS)
    return unseen


def sanction_changed(sender, instance, **kwargs) -> None:
    """post_save / post_delete of a sanction: its player's "no notice" is forgotten."""
    from django.core.cache import cache
    from django.db import transaction

    key = NO_NOTICE_KEY.format(instance.user_id)
    cache.delete(key)
    transaction.on_commit(lambda: cache.delete(key))


# --- e-mails (through the notifications outbox) ---------------------------------------------------


def sanction_notified(sanction, *, appeal_decided: bool = False, change: str = "", key: str = "") -> None:
    """Queue the e-mail about a decision, the answer to its appeal, or a later ``change`` to it
    ("lifted", "withdrawn", "changed", "expired")."""
    from notifications import services as notify
    from notifications.models import Notification

    key = key or f"{'appeal' if appeal_decided else 'sanction'}:{sanction.pk}"
    notify.service_mail(user=sanction.user, kind=Notification.Kind.SANCTION, key=key,
                        data={"sanction": sanction.pk, "appeal_decided": appeal_decided, "change": change})


def report_handled(report) -> None:
    """Tell the reporter their report was handled (not what was done to whom: that is private)."""
    from notifications import services as notify
    from notifications.models import Notification

    reporter = report.reporter
    if reporter is None or not reporter.is_active:
        return
    notify.service_mail(user=reporter, kind=Notification.Kind.REPORT_HANDLED, key=f"report:{report.pk}",
                        data={"report": report.pk})


def game_changed(*, game, entry, told: dict, data: dict | None = None) -> None:
    """Tell the players a moderator's change to their game concerns (``told``: user id -> what
    happened to them: "rollback", "abort", "seat_bot", "seat_lost", "seat_given", "seat_offered" with
    ``data`` {"offer": id})."""
    from django.contrib.auth import get_user_model

    from notifications import services as notify
    from notifications.models import Notification

    users = get_user_model().objects.in_bulk([uid for uid in told if uid])
    for user_id, what in told.items():
        user = users.get(user_id)
        if user is None or not user.is_active:
            continue
        notify.service_mail(user=user, kind=Notification.Kind.MODERATED_GAME, game=game,
                            key=f"modgame:{entry.pk}:{user_id}", data={"what": what, **(data or {})})


def seat_offer_lapsed(offer, why: str) -> None:
    """Both sides of a lapsed seat offer are told (``community.seat_offers``): the player it was made to,
    and the moderator who made it. ``why``: "expired" or "changed_hands"."""
    from notifications import services as notify
    from notifications.models import Notification

    for user, what in ((offer.user, "offer_lapsed"), (offer.offered_by, "offer_lapsed_staff")):
        if user is None or not user.is_active:
            continue
        notify.service_mail(user=user, kind=Notification.Kind.MODERATED_GAME, game=offer.game,
                            key=f"offerlapsed:{offer.pk}:{user.pk}",
                            data={"what": what, "why": why, "offer": offer.pk, "seat": offer.seat_index})


def staff_alert(report, *, perm: str, escalated: bool = False) -> int:
    """Mail at once every active staff member with ``perm`` about ``report`` (urgent, or escalated):
    not only in tomorrow's digest."""
    from django.contrib.auth import get_user_model

    from notifications import services as notify
    from notifications.models import Notification

    from . import tiers

    sent = 0
    for user in get_user_model().objects.filter(is_active=True, is_staff=True):
        if not tiers.may(user, perm):
            continue
        key = f"{'escalated' if escalated else 'urgent'}:{report.pk}:{user.pk}"
        if notify.service_mail(user=user, kind=Notification.Kind.URGENT_REPORT, key=key,
                               data={"report": report.pk, "escalated": escalated}):
            sent += 1
    return sent


def urgent_report(report) -> int:
    from . import tiers

    perm = tiers.MODERATE_GAMES if report.category == report.Category.GAME else tiers.MODERATE_CHAT
    return staff_alert(report, perm=perm)


def seats_timed_out(sender, game, change, **kwargs) -> None:
    """``play.signals.game_changed``: each player whose clock ran out (``change.timed_out``) is told a bot
    plays for them and how to take the seat back (the game page's "play my seat again" button)."""
    from notifications import services as notify
    from notifications.models import Notification

    for seat in getattr(change, "timed_out", []):
        if seat.user is None or not seat.user.is_active:
            continue
        notify.service_mail(user=seat.user, kind=Notification.Kind.MODERATED_GAME, game=game,
                            key=f"timeout:{game.pk}:{seat.index}:{game.version}", data={"what": "timeout"})


def mail_context(notification) -> dict:
    """What the moderation e-mails' templates need (called in the reader's language)."""
    from .models import Report, Sanction

    data = notification.data or {}
    context: dict = {}
    if "sanction" in data:
        sanction = Sanction.objects.filter(pk=data["sanction"]).first()
        if sanction is not None:
            context.update(sanction=sanction, sentence=describe(sanction), appeal_url=appeal_url(sanction),
                           appeal_decided=bool(data.get("appeal_decided")), change=data.get("change", ""),
                           lifted=sanction.lifted_at is not None)
    if "report" in data:
        context["report"] = Report.objects.filter(pk=data["report"]).first()
        context["escalated"] = bool(data.get("escalated"))
        context["report_url"] = settings.SITE_URL.rstrip("/") + reverse("admin:community_report_change",
                                                                        args=[data["report"]])
    if "what" in data:
        context["what"] = data["what"]
        context["why"] = data.get("why", "")
        context["seat_index"] = data.get("seat")
        if data["what"] == "offer_lapsed_staff" and notification.game_id:
            context["moderation_url"] = settings.SITE_URL.rstrip("/") + reverse(
                "admin:community_moderatedgame_change", args=[notification.game_id])
    if "offer" in data and data.get("what") != "offer_lapsed_staff":  # the offer's page is its player's only
        context["offer_url"] = settings.SITE_URL.rstrip("/") + reverse("community:seat_offer", args=[data["offer"]])
    if "queue" in data:
        context["queue"] = data["queue"]
        context["dashboard_url"] = settings.SITE_URL.rstrip("/") + reverse("community:dashboard")
    return context
