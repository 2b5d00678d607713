from django.urls import path
from django.views.generic import RedirectView

from . import bot_pages, rules, views

app_name = "games"

urlpatterns = [
    path("", views.lobby, name="lobby"),
    path("games/mine/", views.my_games, name="mine"),
    path("games/new/", views.game_new, name="new"),
    path("games/<int:pk>/", views.game_detail, name="detail"),
    path("games/<int:pk>/poll/", views.game_poll, name="poll"),
    path("games/<int:pk>/move/", views.move_submit, name="move"),
    path("games/<int:pk>/undo/", views.move_undo, name="undo"),
    path("games/<int:pk>/join/", views.game_join, name="join"),
    path("games/<int:pk>/cancel/", views.game_cancel, name="cancel"),
    path("games/<int:pk>/decline/", views.game_decline, name="decline"),
    path("games/<int:pk>/leave/", views.game_leave, name="leave"),
    path("games/<int:pk>/resign/", views.game_resign, name="resign"),
    path("games/<int:pk>/take-back/", views.seat_take_back, name="take_back"),
    path("games/<int:pk>/seen/", views.summary_seen, name="summary_seen"),
    path("games/<int:pk>/log/", views.game_log, name="log"),
    path("games/<int:pk>/replay/", views.game_replay, name="replay"),
    path("games/<int:pk>/rules/", rules.game_rules, name="game_rules"),
    path("rules/<slug:game_type>/<slug:variant>/", rules.rules_page, name="rules"),
    path("games/invite/<str:token>/", views.game_invite, name="invite"),
    # The API tokens page moved to the players app (/me/api-tokens/): old links still lead there.
    path("account/api-token/", RedirectView.as_view(pattern_name="players:api_tokens", permanent=True),
         name="api_token"),
    path("bots/", bot_pages.build_a_bot, name="build_a_bot"),
]
