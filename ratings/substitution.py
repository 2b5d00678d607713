"""Seats that changed hands during a game (``play.models.SeatDeparture``), for rating it fairly.

- A player who took a seat over is rated for their share of it: the seat's moves from the moment
  they sat down over all its moves (joined at move 14 of the seat's 40: 26/40 of the update the
  game's result gives).
- A player who left a seat (a moderator gave it to a bot or to another player) is rated as if they
  had finished last, behind every seat of the game, in full: abandoning costs what losing costs."""

from __future__ import annotations

from play.models import Move, SeatDeparture

from . import skill


def seat_shares(game, seats) -> dict[int, float]:
    """Seat index -> the part of the seat's moves its final holder was in charge of (1.0 for a seat
    held from the start)."""
    joined: dict[int, int] = {}
    for index, version in SeatDeparture.objects.filter(game=game).values_list("seat_index", "version"):
        joined[index] = max(version, joined.get(index, 0))
    shares = {}
    for seat in seats:
        if seat.index not in joined:
            shares[seat.index] = 1.0
            continue
        moves = Move.objects.filter(game=game, seat=seat.index, kind=Move.Kind.MOVE, undone_at__isnull=True)
        total = moves.count()
        shares[seat.index] = moves.filter(seq__gt=joined[seat.index]).count() / total if total else 1.0
    return shares


def leavers(game) -> list[int]:
    """The users who left a seat of the game before its end, once each, in the order they left."""
    seen: list[int] = []
    for user_id in (SeatDeparture.objects.filter(game=game, user__isnull=False)
                    .order_by("version", "pk").values_list("user_id", flat=True)):
        if user_id not in seen:
            seen.append(user_id)
    return seen


def weighted(prior: tuple[float, float], posterior: tuple[float, float], share: float) -> tuple[float, float]:
    """The update moved only ``share`` of the way from the prior to the posterior."""
    return (prior[0] + share * (posterior[0] - prior[0]), prior[1] + share * (posterior[1] - prior[1]))


def as_last(prior: tuple[float, float], field: list[tuple[tuple[float, float], int]]) -> tuple[float, float]:
    """A leaver's new skill: they join the game's ``field`` ((prior, rank) of each rated identity) as
    finishing behind everyone."""
    last = max(rank for _prior, rank in field) + 1
    posteriors = skill.rate([p for p, _rank in field] + [prior], [r for _p, r in field] + [last])
    return posteriors[-1]
