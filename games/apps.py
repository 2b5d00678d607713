from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class GamesConfig(AppConfig):
    name = "games"
    verbose_name = _("Games")
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self):
        from . import (
            checks,  # noqa: F401  (the system check of every registered game)
            handlers,
            signals,
        )

        signals.bots_to_move.connect(handlers.queue_bot_turns, dispatch_uid="games.queue_bot_turns")
