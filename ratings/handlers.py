"""Listens to the games app: a finished game queues its rating once it is committed
(if the broker is down, ``manage.py rate_games`` catches up later)."""

from play.queue import enqueue_on_commit


def on_game_finished(sender, game, **kwargs):
    from .tasks import rate_game

    enqueue_on_commit(rate_game, game.pk)
