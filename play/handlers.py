"""The games app's own receivers (connected in ``GamesConfig.ready``): a bot seat that
owes a decision is played by a Celery task, queued once the change commits."""

from __future__ import annotations

from .queue import enqueue_on_commit
from .tasks import bots_play


def queue_bot_turns(sender, game, **kwargs) -> None:
    # The version at commit time: the task does nothing if the game moved on by then.
    enqueue_on_commit(bots_play, args_at_commit=lambda: (game.pk, game.version))
