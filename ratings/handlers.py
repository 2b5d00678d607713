"""Listens to the games platform (``play.signals.game_changed``): a finished game queues its rating
once it is committed (if the broker is down, ``manage.py rate_games`` catches up later)."""

from play.queue import enqueue_on_commit


def on_game_changed(sender, game, change, **kwargs):
    from .tasks import rate_game

    if change.finished is None:
        return
    enqueue_on_commit(rate_game, game.pk)
