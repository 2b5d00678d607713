from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class CommunityConfig(AppConfig):
    name = "community"
    verbose_name = _("Community and moderation")
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self):
        from django.db.models.signals import post_migrate

        from notifications import emails
        from notifications.models import Notification
        from play import invitations

        from . import (
            email_ownership,  # noqa: F401  (a verified address drops other accounts' unverified copies)
            notices,
            usernames,  # noqa: F401  (new accounts' names are stored in NFKC form)
        )
        from .invitations import check_can_invite
        from .tiers import ensure_groups

        invitations.register(check_can_invite)  # opening a game with an invitation asks the invitee's choice
        # What the moderation e-mails (sent through the notifications outbox) say.
        emails.register_context([Notification.Kind.SANCTION, Notification.Kind.REPORT_HANDLED,
                                 Notification.Kind.STAFF_DIGEST, Notification.Kind.MODERATED_GAME,
                                 Notification.Kind.URGENT_REPORT],
                                notices.mail_context)

        from play import signals

        # A seat timed out to a bot: its player is mailed how to take it back.
        signals.game_changed.connect(notices.seats_timed_out, dispatch_uid="community.seats_timed_out")
        from django.db.models.signals import post_delete, post_save

        from .models import Sanction

        # A player's sanction written or deleted: the cached "no moderation notice" is forgotten (issue 43).
        post_save.connect(notices.sanction_changed, sender=Sanction, dispatch_uid="community.sanction_saved")
        post_delete.connect(notices.sanction_changed, sender=Sanction, dispatch_uid="community.sanction_deleted")
        # After the permissions (made by django.contrib.auth's own post_migrate, which comes first).
        post_migrate.connect(ensure_groups, sender=self, dispatch_uid="community.ensure_groups")
