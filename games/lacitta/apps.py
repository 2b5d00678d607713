from django.apps import AppConfig


class LaCittaConfig(AppConfig):
    name = "games.lacitta"
    label = "lacitta"
    verbose_name = "La Città"
