"""A stored game's state, read back through its engine: the read side (selectors) and the write side
(services) both load snapshots, and neither imports the other for it."""

from __future__ import annotations

import logging

from django.utils.translation import gettext_lazy as _

from kit.base import InvalidState

from .errors import DamagedGame
from .models import Game

log = logging.getLogger("play.services.core")  # where these errors were always logged


def state_load(*, engine, game: Game):
    """The engine's state of a stored game; a snapshot the engine refuses is not served."""
    try:
        return engine.load(game.state)
    except InvalidState as exc:
        log.error("game %s: stored %s state refused: %s", game.pk, game.game_type, exc)
        raise DamagedGame(_("This game's saved position is damaged, so it cannot be shown or played for now. "
                            "The site's staff have been told; nothing was changed.")) from None
