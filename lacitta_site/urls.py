from django.contrib import admin
from django.urls import include, path
from django.views.generic import RedirectView
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerSplitView
from rest_framework.routers import DefaultRouter

from games.api import GameViewSet
from lacitta_site.dev_outbox import outbox
from lacitta_site.health import health

# Database unreachable -> 503 with a retry hint; anything else -> Django's 500.
handler500 = "lacitta_site.unavailable.server_error"

router = DefaultRouter()
router.register("games", GameViewSet, basename="game")

urlpatterns = [
    path("healthz", health, name="health"),
    path("dev/outbox/", outbox, name="dev_outbox"),  # DEBUG only: a 404 otherwise
    path("admin/", admin.site.urls),
    path("accounts/", include("allauth.urls")),
    path("i18n/", include("django.conf.urls.i18n")),
    path("api/", include(router.urls)),
    path("api/schema/", SpectacularAPIView.as_view(), name="schema"),
    path("api/docs/", SpectacularSwaggerSplitView.as_view(url_name="schema"), name="api-docs"),
    # Redoc needs inline styles and Google's fonts, which the content security policy refuses:
    # its old address leads to Swagger UI, which passes the policy.
    path("api/redoc/", RedirectView.as_view(pattern_name="api-docs", permanent=True)),
    path("me/", include("players.urls")),
    path("notifications/", include("notifications.urls")),
    path("ratings/", include("community.leaderboard_urls")),
    path("", include("community.urls")),
    path("", include("games.urls")),
]
