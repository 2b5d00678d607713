from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class RatingsConfig(AppConfig):
    name = "ratings"
    verbose_name = _("Ratings")
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self):
        from play.signals import game_changed

        from .handlers import on_game_changed

        game_changed.connect(on_game_changed, dispatch_uid="ratings.on_game_changed")
