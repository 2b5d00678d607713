"""Listens to the games platform's one signal (``play.signals.game_changed``, connected in
``NotificationsConfig.ready``): the e-mails a game's change causes. It comes inside the game's
transaction, so the outbox row commits with the change; its send task is queued on commit
(``services._queue``)."""

from __future__ import annotations

from play.models import Seat

from . import services


def on_game_changed(sender, game, change, **kwargs) -> None:
    for seat in change.turns:
        services.your_turn(seat=seat, game=game)
    for seat in change.reminders:
        services.reminder(seat=seat, game=game)
    if change.notices:
        humans = {s.index: s for s in game.seats.select_related("user__profile")
                  if s.user_id and s.kind == Seat.Kind.HUMAN and not s.played_by_bot}
        for number, notice in enumerate(change.notices):
            if notice.seat in humans:
                services.notice(seat=humans[notice.seat], game=game, notice=notice, number=number)
    for seat in change.finished or ():
        if seat.user_id and seat.kind == Seat.Kind.HUMAN:
            services.game_over(seat=seat, game=game)
