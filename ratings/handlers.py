"""Listens to the games app: a finished game queues its rating."""

import logging

log = logging.getLogger(__name__)


def on_game_finished(sender, game, **kwargs):
    from .tasks import rate_game

    try:
        rate_game.delay(game.pk)
    except Exception:  # the game is committed; `manage.py rate_games` catches up later
        log.exception("could not queue the rating of game %s", game.pk)
