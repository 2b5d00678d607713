"""Listens to the games app (connected in ``NotificationsConfig.ready``): the e-mails a
game's changes cause. The signals come inside the game's transaction, so the outbox row
commits with the change; its send task is queued on commit (``services._queue``)."""

from __future__ import annotations

from play.models import Seat

from . import services


def on_turn_started(sender, game, seat, **kwargs) -> None:
    services.your_turn(seat=seat, game=game)


def on_clock_running_low(sender, game, seat, **kwargs) -> None:
    services.reminder(seat=seat, game=game)


def on_game_finished(sender, game, seats, **kwargs) -> None:
    for seat in seats:
        if seat.user_id and seat.kind == Seat.Kind.HUMAN:
            services.game_over(seat=seat, game=game)
