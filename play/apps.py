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
        from django.db.models.signals import post_save

        from . import (
            checks,  # noqa: F401  (the system check of every registered game)
            events,
            handlers,
            signals,
        )
        from .models import Game

        signals.bots_to_move.connect(handlers.queue_bot_turns, dispatch_uid="games.queue_bot_turns")
        # Every change to a game saves its row: the API's streams hear of it once it commits.
        post_save.connect(events.game_saved, sender=Game, dispatch_uid="play.events.game_saved")
