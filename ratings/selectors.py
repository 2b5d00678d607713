"""Read side of ratings: leaderboards and a user's ratings."""

from __future__ import annotations

from dataclasses import dataclass

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


@dataclass(frozen=True)
class SoloBest:
    game_id: int
    user: object
    score: float
    won: bool
    label_key: str
    label_params: dict
    finished_at: object


SOLO_BEST_ROWS = 10  # per game variant
SOLO_BEST_SCANNED = 5000  # the newest finished solo games read (the table is a page, not a report)


def solo_best(*, game_type: str, hidden_user_ids=()) -> list[tuple[dict, list[SoloBest]]]:
    """The best scores of finished one-seat games (``GameResult.solo``), per game variant (option set), best
    first: public games only, never annulled or left ones; closed accounts and ``hidden_user_ids`` left out.
    Unrated by nature: a solo score is compared with other solo scores, never with players."""
    from play.models import Game, Seat

    games = (Game.objects.filter(game_type=game_type, status=Game.Status.FINISHED, is_private=False,
                                 result__has_key="solo")
             .order_by("-finished_at")[:SOLO_BEST_SCANNED])
    seats = {s.game_id: s for s in Seat.objects.filter(game__in=games, index=0, kind=Seat.Kind.HUMAN,
                                                        user__is_active=True)
             .exclude(user_id__in=list(hidden_user_ids)).select_related("user")}
    by_variant: dict[str, tuple[dict, list[SoloBest]]] = {}
    for game in games:
        result, seat = game.result or {}, seats.get(game.pk)
        scores = result.get("scores") or []
        if seat is None or result.get("annulled") or result.get("left") or not scores or scores[0] is None:
            continue
        solo = result["solo"]
        key = ", ".join(f"{k}={v}" for k, v in sorted((game.options or {}).items()))
        by_variant.setdefault(key, (game.options, []))[1].append(SoloBest(
            game.pk, seat.user, scores[0], bool(solo.get("won")), solo.get("label_key", ""),
            solo.get("label_params") or {}, game.finished_at))
    out = []
    for key in sorted(by_variant):
        options, rows = by_variant[key]
        rows.sort(key=lambda r: (-r.score, r.finished_at))
        out.append((options, rows[:SOLO_BEST_ROWS]))
    return out
