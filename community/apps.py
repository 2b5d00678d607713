from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class CommunityConfig(AppConfig):
    name = "community"
    verbose_name = _("Community and moderation")
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self):
        from games import texts

        from . import usernames  # noqa: F401  (new accounts' names are stored in NFKC form)

        # Log lines of the moderation events this app writes into game logs.
        texts.SITE_MESSAGES.update(
            {
                # Players read only this line: the undone moves and the reason are for staff.
                "site.rollback": _("A moderator took back moves %(first)s–%(last)s."),
                "site.adjudicate": _("A moderator ended the game and set its result."),
                "site.seat_given": _("A moderator gave %(seat)s's seat to %(player)s."),
            }
        )
