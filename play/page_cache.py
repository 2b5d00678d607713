"""The full log and the replay pages, kept rendered per game version and viewer (issue 26 point 10).

Both render every row of a game (a 300-move replay took 0.3–0.45 s a request) and are open to anonymous
visitors for public games. What they show depends only on: the game's rows (its ``version``, bumped by every
row, and its status), who reads them (the viewer's seat, whether they read the moves a moderator undid —
hidden information never crosses viewers: a seat's fragment is never served to another seat or to a
spectator), the page's own parameters (a replay's move and point of view), the language and time zone, the
names in old log lines (``body_cache.NAMES_KEY``) and the code (``body_cache.code_release``).

Each viewer has one slot per page and parameters: a new version replaces the fragment instead of piling up
beside it. Only the part made of the game is kept: the page around it (menu, CSRF token) is the request's."""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable

from django.core.cache import cache
from django.utils import timezone
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import get_language

from .body_cache import NAMES_KEY, code_release
from .models import Game

KEEP_SECONDS = 3600


def _digest(parts) -> str:
    return hashlib.sha256(json.dumps(parts, default=str, sort_keys=True).encode()).hexdigest()


def fragment(kind: str, game: Game, viewer: list, params: list, render: Callable[[], str]) -> SafeString:
    """``render()``'s HTML for this page of this game, as ``viewer`` (their visibility class: seat,
    spectator, reads undone moves…) sees it with these ``params``; rendered only when not kept."""
    slot = "page-frag:" + _digest([kind, game.pk, viewer, params, get_language(), timezone.get_current_timezone_name()])
    found = cache.get_many([slot, NAMES_KEY])
    fingerprint = _digest([game.version, game.status, found.get(NAMES_KEY), code_release()])
    kept = found.get(slot)
    if kept is not None and kept[0] == fingerprint:
        return mark_safe(kept[1])  # our own rendering, kept as it was made
    html = str(render())
    cache.set(slot, (fingerprint, html), KEEP_SECONDS)
    return mark_safe(html)
