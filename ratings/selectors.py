"""Read side of ratings: leaderboards and a user's ratings."""

from __future__ import annotations

from django.conf import settings
from django.db.models import Q, QuerySet

from .models import Rating


def min_games() -> int:
    return int(getattr(settings, "RATINGS_LEADERBOARD_MIN_GAMES", 5))


def leaderboard(*, game_type: str, minimum: int | None = None, hidden_user_ids=()) -> QuerySet[Rating]:
    """Ratings with at least ``minimum`` rated games, best first. Bots are
    listed; closed accounts and ``hidden_user_ids`` (private profiles) are not."""
    minimum = min_games() if minimum is None else minimum
    return (
        Rating.objects.filter(game_type=game_type, games__gte=minimum)
        .filter(Q(user__isnull=True) | Q(user__is_active=True))
        .exclude(user_id__in=list(hidden_user_ids))
        .select_related("user")
        .order_by("-ordinal", "-games", "pk")
    )


def ratings_of(user) -> list[Rating]:
    return list(Rating.objects.filter(user=user).order_by("game_type"))
