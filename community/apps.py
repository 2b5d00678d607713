from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class CommunityConfig(AppConfig):
    name = "community"
    verbose_name = _("Community and moderation")
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self):
        from django.db.models.signals import post_migrate

        from . import usernames  # noqa: F401  (new accounts' names are stored in NFKC form)
        from .tiers import ensure_groups

        # After the permissions (made by django.contrib.auth's own post_migrate, which comes first).
        post_migrate.connect(ensure_groups, sender=self, dispatch_uid="community.ensure_groups")
