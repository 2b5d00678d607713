"""The leaderboards: the ratings app's numbers, without the players whose profile is not
public (their privacy choice is this app's, so the pages that list people live here)."""

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render

from play import registry, texts
from play.forms import options_words
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
    hidden = user_ids_hidden_from_lists()
    rows = selectors.leaderboard(game_type=game_type, hidden_user_ids=hidden)[:100]
    # A game that can be played alone: its best solo scores per variant (solo games are never rated).
    solo = []
    if engine.min_players == 1:
        solo = [{"variant": options_words(options, game_type),
                 "rows": [{"row": r, "label": texts.log_line(game_type, {"key": r.label_key,
                                                                          "params": r.label_params}, [])}
                          for r in best]}
                for options, best in selectors.solo_best(game_type=game_type, hidden_user_ids=hidden)]
    return render(
        request,
        "ratings/leaderboard.html",
        {
            "engine": engine,
            "rows": rows,
            "min_games": selectors.min_games(),
            "engines": registry.available(),
            "solo": solo,
            "solo_game": engine.min_players == 1,
        },
    )
