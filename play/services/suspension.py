"""A suspended account's games (the policy is in docs/moderation.md).

A suspension is temporary: the player cannot log in, but their games go on as for any absent
player — their clocks run and the usual time-out gives a late seat to a bot (their open games
wait). When the suspension is lifted or ends, the seats bots took meanwhile come back to them by
themselves. A ban or a deactivation is ``user_deactivate``: bots take every seat at once."""

from __future__ import annotations

from django.db import transaction

from ..errors import ServiceError
from ..models import Game, Move, Seat
from .playing import seat_take_back

# The log events that put a bot in a player's seat while the player stays seated.
BOT_TAKES_OVER = ("timeout", "deactivated")


def user_lock(*, user) -> None:
    """The account cannot log in for a while; nothing changes in its games."""
    with transaction.atomic():
        user.is_active = False
        user.save(update_fields=["is_active"])


def user_seats_return(*, user, since) -> list[int]:
    """The seats a bot took from ``user`` since ``since`` (a time-out, a ban's deactivation) are the
    player's again, in the games still in progress; returns those games' ids."""
    seats = Seat.objects.filter(user=user, kind=Seat.Kind.HUMAN, game__status=Game.Status.ACTIVE,
                                forfeited=False, resigned=False).exclude(substitute_bot="")
    returned = []
    for seat in seats:
        taken = Move.objects.filter(game_id=seat.game_id, seat=seat.index, kind__in=BOT_TAKES_OVER,
                                    created_at__gte=since).exists()
        if not taken:
            continue  # a bot took it before the sanction: the player takes it back when they wish
        try:
            seat_take_back(game_id=seat.game_id, user=user)
        except ServiceError:
            continue  # the game ended meanwhile
        returned.append(seat.game_id)
    return returned
