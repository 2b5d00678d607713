"""Evidence for collusion, for staff pages: how a player fares against each opponent (two accounts
farming wins show up as one-sided results and quick resignations), and which other accounts were seen at
the same addresses (logins, API tokens, moves: ``community.addresses``; administrators only:
``tiers.VIEW_IP_RECORDS``)."""

from __future__ import annotations

from collections import defaultdict

from play.models import Game, Seat

QUICK_MOVES = 10  # a resignation this early in a game is a "quick resignation"


def pair_stats(member, limit: int = 20) -> list[dict]:
    """Per human opponent of the member's finished games: games, wins each way, quick resignations
    (by either), most played first."""
    seats = (Seat.objects.filter(user=member, kind=Seat.Kind.HUMAN, game__status=Game.Status.FINISHED)
             .select_related("game").prefetch_related("game__seats__user"))
    rows: dict[int, dict] = defaultdict(lambda: {"games": 0, "won": 0, "lost": 0, "quick_resignations": 0})
    for mine in seats:
        game = mine.game
        result = game.result or {}
        if result.get("annulled"):
            continue
        ranks = result.get("ranks") or []
        quick = game.version <= QUICK_MOVES and any(s.resigned for s in game.seats.all())
        for other in game.seats.all():
            if other.user_id in (None, member.pk) or other.kind != Seat.Kind.HUMAN:
                continue
            row = rows[other.user_id]
            row["opponent"] = other.user
            row["games"] += 1
            if mine.index < len(ranks) and other.index < len(ranks):
                row["won"] += ranks[mine.index] < ranks[other.index]
                row["lost"] += ranks[mine.index] > ranks[other.index]
            row["quick_resignations"] += quick
    return sorted(rows.values(), key=lambda r: (-r["games"], r["opponent"].get_username()))[:limit]


def shared_addresses(member, limit: int = 50) -> list[dict]:
    """Other accounts seen at an address the member used: web logins, API tokens and moves."""
    from .addresses import shared_addresses as shared

    return shared(member, limit)
