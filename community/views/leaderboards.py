"""The leaderboards: the ratings app's numbers, without the players whose profile is not
public (their privacy choice is this app's, so the pages that list people live here)."""

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render

from play import registry
from ratings import selectors

from ..selectors import user_ids_hidden_from_lists


def index(request: HttpRequest) -> HttpResponse:
    return render(
        request, "ratings/index.html", {"engines": registry.available(), "min_games": selectors.min_games()}
    )


def leaderboard(request: HttpRequest, game_type: str) -> HttpResponse:
    try:
        engine = registry.get(game_type)
    except KeyError:
        raise Http404 from None
    rows = selectors.leaderboard(game_type=game_type, hidden_user_ids=user_ids_hidden_from_lists())[:100]
    return render(
        request,
        "ratings/leaderboard.html",
        {
            "engine": engine,
            "rows": rows,
            "min_games": selectors.min_games(),
            "engines": registry.available(),
        },
    )
