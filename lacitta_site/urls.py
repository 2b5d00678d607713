from django.contrib import admin
from django.urls import include, path, re_path
from django.views.generic import RedirectView
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerSplitView
from rest_framework.routers import DefaultRouter

from community.api import ChatView
from competitions.api import CompetitionViewSet
from lacitta_site import health, metrics
from lacitta_site.dev_outbox import outbox
from lacitta_site.not_found import api_not_found
from play import api_game_types, stream, stream_page
from play.api import GameViewSet
from players import api as players_api

# Database unreachable -> 503 with a retry hint; anything else -> Django's 500.
handler500 = "lacitta_site.unavailable.server_error"
# An unknown address under /api/ is answered in the API's error shape (JSON), others with the page.
handler404 = "lacitta_site.not_found.not_found"

router = DefaultRouter()
router.register("games", GameViewSet, basename="game")
router.register("competitions", CompetitionViewSet, basename="competition")

urlpatterns = [
    path("healthz", health.ready, name="health"),
    path("healthz/live", health.live, name="health-live"),
    path("healthz/ready", health.ready, name="health-ready"),
    path("healthz/status", health.status, name="health-status"),
    path("metrics", metrics.metrics, name="metrics"),
    path("dev/outbox/", outbox, name="dev_outbox"),  # DEBUG only: a 404 otherwise
    path("admin/", admin.site.urls),
    path("accounts/", include("allauth.urls")),
    path("i18n/", include("django.conf.urls.i18n")),
    path("api/games/<int:pk>/chat/", ChatView.as_view(), name="api-chat"),
    path("api/", include(router.urls)),
    path("api/me/", players_api.MeView.as_view(), name="api-me"),
    path("api/tokens/", players_api.TokensView.as_view(), name="api-tokens"),
    path("api/account/bot/", players_api.BotAccountView.as_view(), name="api-bot-account"),
    path("api/tokens/<int:pk>/", players_api.TokenView.as_view(), name="api-token"),
    path("api/game-types/", api_game_types.GameTypesView.as_view(), name="game-types"),
    path("api/game-types/<slug:slug>/", api_game_types.GameTypeView.as_view(), name="game-type"),
    path("api/game-types/<slug:slug>/move-schema/", api_game_types.schema_view("move"),
         name="game-type-move-schema"),
    path("api/game-types/<slug:slug>/view-schema/", api_game_types.schema_view("view"),
         name="game-type-view-schema"),
    # Waiting without polling (play/stream.py); production serves these from the ASGI stream process.
    path("api/stream/events/", stream.user_events, name="stream-events"),
    path("api/stream/games/<int:pk>/", stream.game_events, name="stream-game"),
    path("api/stream/wait/", stream.wait, name="stream-wait"),
    path("api/stream/pages/<int:pk>/", stream_page.page_events, name="stream-page"),
    path("api/schema/", SpectacularAPIView.as_view(), name="schema"),
    path("api/docs/", SpectacularSwaggerSplitView.as_view(url_name="schema"), name="api-docs"),
    # Redoc needs inline styles and Google's fonts, which the content security policy refuses:
    # its old address leads to Swagger UI, which passes the policy.
    path("api/redoc/", RedirectView.as_view(pattern_name="api-docs", permanent=True)),
    # After every API address: any other is the API's JSON 404 (ending in "/": APPEND_SLASH still adds it).
    re_path(r"^api/.*/$", api_not_found),
    path("me/", include("players.urls")),
    path("notifications/", include("notifications.urls")),
    path("ratings/", include("community.leaderboard_urls")),
    path("competitions/", include("competitions.urls")),
    path("", include("community.urls")),
    path("", include("play.urls")),
]
