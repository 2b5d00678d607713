from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class GamesConfig(AppConfig):
    # The platform's package is play/; its label stays "games" so table names, migrations, permissions and
    # URL names are those of the games already stored.
    name = "play"
    label = "games"
    verbose_name = _("Games")
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self):
        from . import (
            checks,  # noqa: F401  (the system check of every registered game)
            signals,
            tasks,
        )

        # Bot turns are queued by a receiver of the one change signal (play.changes may not import the tasks).
        signals.game_changed.connect(tasks.queue_bots_after, dispatch_uid="games.queue_bots_after")
