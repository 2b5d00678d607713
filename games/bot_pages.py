"""The pages for bots' authors: the account's API tokens (several, named, with scopes, revocable)
and "Build a bot" (how the API is used, in the reader's language, with the example client)."""

from __future__ import annotations

from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.template.loader import select_template
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from rest_framework.authtoken.models import Token

from players import tokens
from players.models import ApiToken

from . import registry
from .errors import ServiceError
from .http_errors import text_of


@login_required
def api_tokens(request: HttpRequest) -> HttpResponse:
    """Make a token (its key is shown on this answer only), or revoke one."""
    new_key, error, status = "", "", 200
    if request.method == "POST":
        action = request.POST.get("action", "make")
        try:
            if action == "revoke":
                tokens.token_revoke(user=request.user, token_id=int(request.POST.get("token", "0")))
                messages.success(request, _("The token was revoked: it no longer works."))
                return redirect("games:api_token")
            if action == "revoke-old":
                Token.objects.filter(user=request.user).delete()
                messages.success(request, _("The token was revoked: it no longer works."))
                return redirect("games:api_token")
            _token, new_key = tokens.token_create(
                user=request.user, name=request.POST.get("name", ""), scopes=request.POST.getlist("scopes")
            )
        except ValueError:
            error, status = _("There is no such token."), 400
        except ServiceError as exc:
            error, status = text_of(exc), 400
    return render(
        request,
        "games/api_token.html",
        {
            "tokens": ApiToken.objects.filter(user=request.user, revoked_at__isnull=True),
            "old_token": Token.objects.filter(user=request.user).first(),
            "new_key": new_key,
            "error": error,
            "scopes": ApiToken.SCOPES,
        },
        status=status,
    )


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
