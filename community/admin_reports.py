"""The report's working page in the admin: the inbox (urgent first, then oldest), and on a report the
conversation, the reported player's history and the actions its handler may take."""

from __future__ import annotations

from django.contrib import admin
from django.utils.timesince import timesince
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from . import (
    forms,
    moderation,
)
from .admin_pages import ActionPageAdmin, Op
from .models import (
    ChatMessage,
    Report,
    Sanction,
    StaffNote,
)


@admin.register(Report)
class ReportAdmin(ActionPageAdmin):
    page_template = "admin/community/report_page.html"
    list_display = ["id", "created_at", "age", "status", "category", "flags", "about", "reported_user", "reporter",
                    "claimed_by", "short_reason"]
    list_filter = ["status", "category", "urgent"]
    # The inbox: the urgent first, then the oldest first (nobody's report waits behind newer ones).
    ordering = ["-urgent", "created_at"]
    search_fields = ["reported_user__username", "reporter__username", "reason", "message__text",
                     "reported_user__closed_account__former_username"]
    list_select_related = ["reported_user", "reporter", "message", "claimed_by"]

    @admin.display(description=gettext_lazy("about"))
    def about(self, obj):
        if obj.category == Report.Category.GAME:
            return _("game #%(id)s") % {"id": obj.game_id}
        return _("a chat message") if obj.message_id else _("a player")

    @admin.display(description=gettext_lazy("waiting for"))
    def age(self, obj):
        return timesince(obj.created_at) if obj.status == Report.Status.OPEN else "—"

    @admin.display(description=gettext_lazy("flags"))
    def flags(self, obj):
        marks = [_("urgent")] if obj.urgent else []
        if obj.escalated_at:
            marks.append(_("escalated"))
        return ", ".join(str(m) for m in marks) or "—"

    @admin.display(description=gettext_lazy("reason"))
    def short_reason(self, obj):
        return obj.reason[:80]

    def ops(self, report):
        ops = self._ops(report)
        perm = moderation.report_perm(report)  # the game moderators' reports, the escalated ones…
        for op in ops.values():
            op.perm = perm
        return ops

    def _ops(self, report):
        user_id = report.reported_user_id
        ops = {}
        if report.category == Report.Category.GAME:
            ops["resolve"] = Op(
                _("Close: the game's problem is handled"),
                lambda o, d: forms.ReasonForm(d, prefix="resolve"),
                lambda r, o, c, f: moderation.report_resolve(moderator=r.user, report_id=o.pk, reason=c["reason"]),
                _("The report is closed."),
            )
        if report.message_id:
            ops["hide"] = Op(
                _("Hide the message"),
                lambda o, d: forms.ReasonForm(d, prefix="hide"),
                lambda r, o, c, f: moderation.message_hide(
                    moderator=r.user, message_id=o.message_id, reason=c["reason"], report_id=o.pk
                ),
                _("The message is hidden."),
            )
        if user_id:
            ops["warn"] = Op(
                _("Warn the player"),
                lambda o, d: forms.ReasonForm(d, prefix="warn"),
                lambda r, o, c, f: moderation.user_warn(
                    moderator=r.user, user_id=user_id, reason=c["reason"],
                    public_reason=c["public_reason"], report_id=o.pk
                ),
                _("The player is warned."),
            )
            ops["timeout"] = Op(
                _("Time out from chat (minutes)"),
                lambda o, d: forms.MinutesReasonForm(d, prefix="timeout"),
                lambda r, o, c, f: moderation.user_timeout(
                    moderator=r.user, user_id=user_id, minutes=c["minutes"], reason=c["reason"],
                    public_reason=c["public_reason"],
                    report_id=o.pk,
                ),
                _("The player is timed out from the chat."),
            )
            ops["mute"] = Op(
                _("Mute from chat"),
                lambda o, d: forms.DaysReasonForm(d, prefix="mute"),
                lambda r, o, c, f: moderation.user_mute(
                    moderator=r.user, user_id=user_id, days=c["days"], reason=c["reason"],
                    public_reason=c["public_reason"], report_id=o.pk
                ),
                _("The player is muted."),
            )
            ops["suspend"] = Op(
                _("Suspend"),
                lambda o, d: forms.DaysReasonForm(d, prefix="suspend"),
                lambda r, o, c, f: moderation.user_suspend(
                    moderator=r.user, user_id=user_id, days=c["days"], reason=c["reason"],
                    public_reason=c["public_reason"], report_id=o.pk
                ),
                _("The player is suspended."),
                danger=True,
            )
            ops["ban"] = Op(
                _("Ban"),
                lambda o, d: forms.ReasonForm(d, prefix="ban"),
                lambda r, o, c, f: moderation.user_ban(
                    moderator=r.user, user_id=user_id, reason=c["reason"],
                    public_reason=c["public_reason"], report_id=o.pk
                ),
                _("The player is banned."),
                danger=True,
            )
        ops["dismiss"] = Op(
            _("Dismiss the report"),
            lambda o, d: forms.ReasonForm(d, prefix="dismiss"),
            lambda r, o, c, f: moderation.report_dismiss(
                moderator=r.user, report_id=o.pk, reason=c["reason"]
            ),
            _("The report is dismissed."),
        )
        ops["escalate"] = Op(
            _("Escalate to the administrators"),
            lambda o, d: forms.ReasonForm(d, prefix="escalate"),
            lambda r, o, c, f: moderation.report_escalate(moderator=r.user, report_id=o.pk, reason=c["reason"]),
            _("The administrators are told; the report is theirs now."),
        )
        if user_id:
            ops["note"] = Op(
                _("Add a staff note about the reported player"),
                lambda o, d: forms.NoteForm(d, prefix="note"),
                lambda r, o, c, f: moderation.member_note_add(moderator=r.user, user_id=user_id, text=c["text"]),
                _("The note is kept."),
            )
            notes = list(StaffNote.objects.filter(user_id=user_id).select_related("author")[:50])
            if notes:
                ops["edit_note"] = Op(
                    _("Correct a staff note"),
                    lambda o, d: forms.NoteEditForm(d, prefix="edit_note", notes=notes),
                    lambda r, o, c, f: moderation.member_note_edit(moderator=r.user, note_id=c["note"],
                                                                   text=c["text"]),
                    _("The note is corrected."),
                )
        ops["take_over"] = Op(
            _("Take the report over (another moderator claimed it)"),
            lambda o, d: forms.ReasonForm(d, prefix="take_over"),
            lambda r, o, c, f: moderation.report_take_over(moderator=r.user, report_id=o.pk, reason=c["reason"]),
            _("The report is yours now."),
        )
        return ops

    def on_open(self, request, report):
        moderation.report_claim(moderator=request.user, report_id=report.pk)

    def shown(self, request, report, name):
        if name in ("note", "edit_note"):
            return True
        if name == "escalate" and report.escalated_at is not None:
            return False
        mine = report.claimed_by_id in (None, request.user.pk)
        if report.status == Report.Status.OPEN:
            return (name == "take_over") != mine
        # Decided: whoever took action may add one (hide, then warn); nobody else acts.
        return (report.status == Report.Status.ACTIONED and report.handled_by_id == request.user.pk
                and name not in ("take_over", "dismiss"))

    def refusal_targets(self, report):
        return {"report": report, "target_user_id": report.reported_user_id}

    def page_context(self, request, report):
        context = {"report": report, "conversation": [], "sanctions": [], "other_reports": []}
        if report.message_id:
            m = report.message
            around = ChatMessage.objects.filter(game_id=m.game_id).select_related("author")
            before = list(around.filter(pk__lt=m.pk).order_by("-pk")[:8])[::-1]
            after = list(around.filter(pk__gt=m.pk).order_by("pk")[:8])
            context["conversation"] = before + [m] + after
        if report.reported_user_id:
            context["sanctions"] = Sanction.objects.filter(user_id=report.reported_user_id)
            context["other_reports"] = Report.objects.filter(
                reported_user_id=report.reported_user_id
            ).exclude(pk=report.pk)[:20]
        context["actions"] = report.actions.select_related("moderator")
        context["notes"] = (StaffNote.objects.filter(user_id=report.reported_user_id).select_related("author")
                            if report.reported_user_id else [])
        return context
