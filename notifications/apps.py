from django.apps import AppConfig
from django.db.models.signals import post_migrate
from django.utils.translation import gettext_lazy as _


class NotificationsConfig(AppConfig):
    name = "notifications"
    verbose_name = _("Notifications")
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self):
        from play import signals

        from . import handlers
        from .site_domain import sync_site_from_site_url

        post_migrate.connect(sync_site_from_site_url, sender=self, dispatch_uid="notifications.site_domain")
        signals.game_changed.connect(handlers.on_game_changed, dispatch_uid="notifications.game_changed")
