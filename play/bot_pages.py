"""The "Build a bot" page: how the API is used, in the reader's language, with the example client
(the account's API tokens are the players app's page)."""

from __future__ import annotations

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.template.loader import select_template
from django.utils.translation import get_language

from . import registry


def build_a_bot(request: HttpRequest) -> HttpResponse:
    language = (get_language() or "en").split("-")[0]
    body = select_template([f"games/build_a_bot.{language}.html", "games/build_a_bot.en.html"])
    return render(
        request,
        "games/build_a_bot.html",
        {
            "body_template": body.template.name,
            "game_types": [(d.slug, d.name) for d in registry.definitions()],
            "move_rate": settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"]["moves"],
            "games_per_hour": settings.GAMES_PER_HOUR,
            "site": request.build_absolute_uri("/").rstrip("/"),
        },
    )
