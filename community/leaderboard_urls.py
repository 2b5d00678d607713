"""The leaderboards' addresses, under the name the pages have always used ("ratings:…")."""

from django.urls import path

from .views import leaderboards as views

app_name = "ratings"

urlpatterns = [
    path("", views.index, name="index"),
    path("<slug:game_type>/", views.leaderboard, name="leaderboard"),
]
