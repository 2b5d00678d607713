from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class CompetitionsConfig(AppConfig):
    name = "competitions"
    verbose_name = _("Competitions")
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self):
        from notifications import emails

        from . import mails

        # What the competition mails ("your next round has started", "you advanced") add to their templates.
        emails.register_context(mails.KINDS, mails.context)
