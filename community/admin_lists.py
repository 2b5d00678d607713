"""The admin's read-only lists: the moderation log, sanctions, and every chat message (a moderator hides
one nobody reported from its page)."""

from __future__ import annotations

from django.contrib import admin
from django.urls import reverse
from django.utils.html import format_html, format_html_join
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from . import (
    forms,
    moderation,
)
from .admin_pages import ActionPageAdmin, Op, ReadOnlyAdmin
from .models import (
    ChatMessage,
    Member,
    ModerationAction,
    Sanction,
)


class AppealFilter(admin.SimpleListFilter):
    title = gettext_lazy("appeal")
    parameter_name = "appeal"

    def lookups(self, request, model_admin):
        return [("pending", gettext_lazy("waiting for a decision")), ("decided", gettext_lazy("decided")),
                ("none", gettext_lazy("no appeal"))]

    def queryset(self, request, queryset):
        if self.value() == "pending":
            return queryset.filter(appealed_at__isnull=False, appeal_decision="")
        if self.value() == "decided":
            return queryset.filter(appealed_at__isnull=False).exclude(appeal_decision="")
        if self.value() == "none":
            return queryset.filter(appealed_at__isnull=True)
        return queryset


class ModeratorFilter(admin.SimpleListFilter):
    title = gettext_lazy("moderator")
    parameter_name = "moderator"

    def lookups(self, request, model_admin):
        acted = ModerationAction.objects.values("moderator_id")
        staff = Member.objects.filter(pk__in=acted).order_by("username")
        return [(str(u.pk), u.get_username()) for u in staff]

    def queryset(self, request, queryset):
        return queryset.filter(moderator_id=self.value()) if self.value() else queryset


@admin.register(ModerationAction)
class ModerationActionAdmin(ReadOnlyAdmin):
    list_display = ["created_at", "moderator", "action", "target_user", "game", "reason", "about"]
    list_filter = ["action", ModeratorFilter, "created_at"]
    date_hierarchy = "created_at"
    search_fields = ["moderator__username", "target_user__username", "reason", "=game__id",
                     "target_user__closed_account__former_username"]
    list_select_related = ["moderator", "target_user"]

    @admin.display(description=gettext_lazy("report or sanction"))
    def about(self, obj):
        links = []
        if obj.report_id:
            links.append(format_html('<a href="{}">{}</a>',
                                     reverse("admin:community_report_change", args=[obj.report_id]),
                                     _("report #%(id)s") % {"id": obj.report_id}))
        if obj.sanction_id:
            links.append(format_html('<a href="{}">{}</a>',
                                     reverse("admin:community_sanction_change", args=[obj.sanction_id]),
                                     _("sanction #%(id)s") % {"id": obj.sanction_id}))
        if obj.message_id:
            links.append(format_html('<a href="{}">{}</a>',
                                     reverse("admin:community_chatmessage_change", args=[obj.message_id]),
                                     _("message #%(id)s") % {"id": obj.message_id}))
        return format_html_join(" · ", "{}", ((link,) for link in links)) or "—"


@admin.register(Sanction)
class SanctionAdmin(ReadOnlyAdmin):
    list_display = ["user", "kind", "starts_at", "ends_at", "lifted_at", "by", "appealed_at"]
    list_filter = [AppealFilter, "kind"]
    search_fields = ["user__username", "reason", "user__closed_account__former_username"]


@admin.register(ChatMessage)
class ChatMessageAdmin(ActionPageAdmin):
    """Every chat message, searchable, by author (a player's whole chat history); a
    moderator hides one nobody reported from its page."""

    page_template = "admin/community/chat_message_page.html"
    list_display = ["created_at", "game", "author", "text", "hidden_at"]
    list_filter = [("hidden_at", admin.EmptyFieldListFilter)]
    search_fields = ["text", "author__username", "=game__id", "author__closed_account__former_username"]
    list_select_related = ["author"]

    def ops(self, message):
        if message.hidden_at is not None:
            return {}
        return {
            "hide": Op(
                _("Hide the message"),
                lambda o, d: forms.ReasonForm(d, prefix="hide"),
                lambda r, o, c, f: moderation.message_hide(
                    moderator=r.user, message_id=o.pk, reason=c["reason"]
                ),
                _("The message is hidden."),
            )
        }

    def page_context(self, request, message):
        around = ChatMessage.objects.filter(game_id=message.game_id).select_related("author")
        before = list(around.filter(pk__lt=message.pk).order_by("-pk")[:8])[::-1]
        after = list(around.filter(pk__gt=message.pk).order_by("pk")[:8])
        return {"message": message, "conversation": [*before, message, *after],
                "reports": message.reports.select_related("reporter")}
