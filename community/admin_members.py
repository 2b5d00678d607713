"""The member's working page in the admin: their seats, reports, sanctions, notes, ratings and (for
administrators) addresses, with the sanctions and account actions their tier allows."""

from __future__ import annotations

from django.contrib import admin
from django.db.models import Count, Q
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from play.models import Seat, SeatDeparture
from ratings.models import Rating

from . import (
    addresses,
    evidence,
    forms,
    moderation,
    signup_policy,
    tiers,
)
from .admin_pages import ActionPageAdmin, Op
from .models import (
    ChatMessage,
    Member,
    MemberSettings,
    ModerationAction,
    Report,
    Sanction,
    StaffNote,
)


@admin.register(Member)
class MemberAdmin(ActionPageAdmin):
    page_template = "admin/community/member_page.html"
    list_display = ["username", "email", "is_active", "is_staff", "date_joined", "last_login", "open_reports"]
    list_filter = ["is_active", "is_staff"]
    search_fields = ["username", "email", "closed_account__former_username"]

    def get_queryset(self, request):
        return (
            super()
            .get_queryset(request)
            .annotate(
                open_count=Count("reports_received", filter=Q(reports_received__status=Report.Status.OPEN))
            )
        )

    @admin.display(description=gettext_lazy("open reports"), ordering="open_count")
    def open_reports(self, obj):
        return obj.open_count

    def ops(self, member):
        uid = member.pk
        active = [s for s in Sanction.objects.filter(user=member) if s.is_active()]
        appeals = list(Sanction.objects.filter(user=member, appealed_at__isnull=False, appeal_decision=""))
        standing = list(Sanction.objects.filter(user=member, lifted_at__isnull=True))
        ratings = list(Rating.objects.filter(user=member))
        ops = {
            "warn": Op(
                _("Warn"),
                lambda o, d: forms.ReasonForm(d, prefix="warn"),
                lambda r, o, c, f: moderation.user_warn(moderator=r.user, user_id=uid, reason=c["reason"],
                    public_reason=c["public_reason"]),
                _("The player is warned."),
            ),
            "note": Op(
                _("Add a staff note"),
                lambda o, d: forms.NoteForm(d, prefix="note"),
                lambda r, o, c, f: moderation.member_note_add(moderator=r.user, user_id=uid, text=c["text"]),
                _("The note is kept."),
                perm=None,
            ),
            "timeout": Op(
                _("Time out from chat (minutes)"),
                lambda o, d: forms.MinutesReasonForm(d, prefix="timeout"),
                lambda r, o, c, f: moderation.user_timeout(
                    moderator=r.user, user_id=uid, minutes=c["minutes"], reason=c["reason"],
                    public_reason=c["public_reason"]
                ),
                _("The player is timed out from the chat."),
            ),
            "mute": Op(
                _("Mute from chat"),
                lambda o, d: forms.DaysReasonForm(d, prefix="mute"),
                lambda r, o, c, f: moderation.user_mute(
                    moderator=r.user, user_id=uid, days=c["days"], reason=c["reason"],
                    public_reason=c["public_reason"]
                ),
                _("The player is muted."),
            ),
            "suspend": Op(
                _("Suspend"),
                lambda o, d: forms.DaysReasonForm(d, prefix="suspend"),
                lambda r, o, c, f: moderation.user_suspend(
                    moderator=r.user, user_id=uid, days=c["days"], reason=c["reason"],
                    public_reason=c["public_reason"]
                ),
                _("The player is suspended."),
                danger=True,
            ),
            "ban": Op(
                _("Ban"),
                lambda o, d: forms.ReasonForm(d, prefix="ban"),
                lambda r, o, c, f: moderation.user_ban(moderator=r.user, user_id=uid, reason=c["reason"],
                    public_reason=c["public_reason"]),
                _("The player is banned."),
                danger=True,
            ),
            "deactivate": Op(
                _("Deactivate the account (bots take its running games)"),
                lambda o, d: forms.ReasonForm(d, prefix="deact"),
                lambda r, o, c, f: moderation.member_deactivate(
                    moderator=r.user, user_id=uid, reason=c["reason"]
                ),
                _("The account is deactivated."),
                danger=True,
                perm=tiers.ADMINISTER,
            ),
        }
        if active:
            ops["lift"] = Op(
                _("Lift a sanction"),
                lambda o, d: forms.SanctionChoiceForm(d, prefix="lift", sanctions=active),
                lambda r, o, c, f: moderation.sanction_lift(
                    moderator=r.user, sanction_id=c["sanction"], reason=c["reason"]
                ),
                _("The sanction is lifted."),
            )
        ops["staff_role"] = Op(
            _("Appoint or demote (staff role)"),
            lambda o, d: forms.StaffRoleForm(d, prefix="staff_role"),
            lambda r, o, c, f: moderation.staff_role_set(moderator=r.user, user_id=uid, role=c["role"],
                                                         reason=c["reason"]),
            _("The staff role is changed."),
            perm=tiers.ADMINISTER,
        )
        if MemberSettings.objects.filter(user=member).exclude(display_name="").exists():
            ops["reset_name"] = Op(
                _("Reset the display name (back to the username)"),
                lambda o, d: forms.ReasonForm(d, prefix="reset_name"),
                lambda r, o, c, f: moderation.member_display_name_reset(moderator=r.user, user_id=uid,
                                                                        reason=c["reason"]),
                _("The display name is reset."),
            )
        if standing:
            ops["withdraw"] = Op(
                _("Withdraw a sanction (a warning too: it no longer counts)"),
                lambda o, d: forms.SanctionChoiceForm(d, prefix="withdraw", sanctions=standing),
                lambda r, o, c, f: moderation.sanction_withdraw(
                    moderator=r.user, sanction_id=c["sanction"], reason=c["reason"]
                ),
                _("The sanction is withdrawn."),
            )
        changeable = [s for s in active if s.kind != Sanction.Kind.WARN]
        if changeable:
            ops["change_end"] = Op(
                _("Shorten or extend a sanction (it ends this many days from now)"),
                lambda o, d: forms.SanctionDaysForm(d, prefix="change_end", sanctions=changeable),
                lambda r, o, c, f: moderation.sanction_change_end(
                    moderator=r.user, sanction_id=c["sanction"], days=c["days"], reason=c["reason"]
                ),
                _("The sanction's end is changed."),
            )
        if appeals:
            ops["appeal"] = Op(
                _("Decide an appeal"),
                lambda o, d: forms.AppealDecisionForm(d, prefix="appeal", sanctions=appeals),
                lambda r, o, c, f: moderation.appeal_decide(
                    moderator=r.user, sanction_id=c["sanction"], lift=c["lift"], reason=c["reason"]
                ),
                _("The appeal is decided."),
            )
        if ratings:
            ops["reset_rating"] = Op(
                _("Reset a rating"),
                lambda o, d: forms.RatingResetForm(d, prefix="rating", ratings=ratings),
                lambda r, o, c, f: moderation.member_rating_reset(
                    moderator=r.user, rating_id=c["rating"], reason=c["reason"]
                ),
                _("The rating is reset."),
                danger=True,
                perm=tiers.ADMINISTER,
            )
        return ops

    SANCTIONS = ("warn", "timeout", "mute", "suspend", "ban", "deactivate", "reset_rating", "reset_name",
                 "staff_role")

    def shown(self, request, member, name):
        if name in self.SANCTIONS:  # nobody acts against their own tier or above: no panel either
            return tiers.tier(member) < tiers.tier(request.user) and member.pk != request.user.pk
        if name in ("lift", "withdraw", "change_end"):
            standing = Sanction.objects.filter(user=member, lifted_at__isnull=True).select_related("by", "user")
            candidates = [s for s in standing if name == "withdraw" or (s.is_active() and s.kind != "warn")]
            return any(moderation.may_undo(request.user, s) for s in candidates)
        if name == "appeal":
            return any(moderation.may_decide_appeal(request.user, s)
                       for s in Sanction.objects.filter(user=member, appealed_at__isnull=False, appeal_decision=""))
        return True

    def refusal_targets(self, member):
        return {"target_user": member}

    def page_context(self, request, member):
        return {
            "member": member,
            "former_name": signup_policy.former_name(member),
            "settings": MemberSettings.objects.filter(user=member).first(),
            "seats": Seat.objects.filter(user=member).select_related("game").order_by("-game_id")[:50],
            "reports_received": Report.objects.filter(reported_user=member).select_related("reporter")[:50],
            "reports_made": Report.objects.filter(reporter=member).select_related("reported_user")[:50],
            "sanctions": Sanction.objects.filter(user=member).select_related("by"),
            "history": ModerationAction.objects.filter(
                Q(target_user=member) | Q(moderator=member)
            ).select_related("moderator", "target_user")[:100],
            "ratings": Rating.objects.filter(user=member),
            "may_see_ips": tiers.may(request.user, tiers.VIEW_IP_RECORDS),
            "pairs": evidence.pair_stats(member),
            "shared_addresses": (evidence.shared_addresses(member)
                                 if tiers.may(request.user, tiers.VIEW_IP_RECORDS) else []),
            "own_addresses": (addresses.addresses_of(member)[:50]
                              if tiers.may(request.user, tiers.VIEW_IP_RECORDS) else []),
            "seat_departures": SeatDeparture.objects.filter(user=member).select_related("game")[:50],
            "retention": addresses.RETENTION_DAYS,
            "notes": StaffNote.objects.filter(user=member).select_related("author"),
            "chat_count": ChatMessage.objects.filter(author=member).count(),
        }
