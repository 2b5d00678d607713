from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class RatingsConfig(AppConfig):
    name = "ratings"
    verbose_name = _("Ratings")
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self):
        from play.signals import game_finished

        from .handlers import on_game_finished

        game_finished.connect(on_game_finished, dispatch_uid="ratings.on_game_finished")
