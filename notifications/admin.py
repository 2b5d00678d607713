"""The e-mail outbox in the admin (issue 32.11): failed mails visible with their error, sent again in one click.
A mail's body is not shown: an account mail's holds a one-time link (password reset, confirmation)."""

from django.contrib import admin, messages
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext

from . import services
from .models import Notification


@admin.register(Notification)
class NotificationAdmin(admin.ModelAdmin):
    list_display = ("created_at", "kind", "user", "status", "attempts", "error", "sent_at")
    list_filter = ("status", "kind")
    search_fields = ("user__username", "to_email")
    date_hierarchy = "created_at"
    fields = ("kind", "user", "to_email", "subject", "game", "seat_index", "status", "attempts", "last_error",
              "created_at", "sent_at", "send_after")
    readonly_fields = fields
    actions = ("send_again",)
    list_select_related = ("user",)

    @admin.display(description=_("Last error"))
    def error(self, note):
        return note.last_error[:120]

    def has_add_permission(self, request):
        return False

    def has_delete_permission(self, request, obj=None):
        return False

    def has_change_permission(self, request, obj=None):
        return False  # read-only: the outbox changes only by sending (and "Send again")

    @admin.action(description=_("Send again (failed e-mails only)"), permissions=["view"])
    def send_again(self, request, queryset):
        count = services.mails_retry(ids=queryset.values_list("pk", flat=True))
        skipped = queryset.count() - count
        self.message_user(request, ngettext("%(count)d e-mail is queued again.", "%(count)d e-mails are queued again.",
                                            count) % {"count": count}, messages.SUCCESS)
        if skipped:
            self.message_user(request, ngettext("%(count)d was not a failed e-mail and was left alone.",
                                                "%(count)d were not failed e-mails and were left alone.",
                                                skipped) % {"count": skipped}, messages.WARNING)
