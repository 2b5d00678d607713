"""The rendered game body, kept per viewer (in Redis in production).

A game page, a changed poll, a step of a move being built and a move's answer all
show the same part, the game body (``games/partials/game_body.html``), rendered
from the snapshot for one viewer: the engine's view and legal moves, the board,
the log. That is the expensive part of those requests. Here it is kept and served
again while nothing it shows has changed.

What a body is made of, and so what its key holds: the key of the game page's input
(``play.page_input.PageKey``, from which everything the game's page is given follows at that
version), with the host and the code added here:
- the viewer: their seat (a player), or, for anyone seated nowhere, the spectator
  kind (signed in or not, and whether they read the moves a moderator undid); in a
  game still open, the user (its buttons are the user's: join, decline, cancel);
- the game row (version, status, result, clock settings… everything but the
  snapshot, which changes only with the version) and every seat's row, with its
  player's name and current vacation (who sits where, who owes a move, resigned,
  bot stand-ins, "since your last visit" marks via ``seen_seq``);
- what the page is asked (the step of the move being built, ``?m=``), the language,
  the host (the invitation link), the clocks' "… left" texts as they read now;
- the code: a digest of the templates, translations and Python sources, so a
  release never serves a body made by the previous one.

Every request still loads the game and its seats (two statements) and decides who
the viewer is before anything is looked up. A key that leaves out one input is a
leak or a stale page: tests/pages/test_hidden_whole_games.py reads every viewer's
pages of whole games through a warm cache, and tests/platform/test_body_cache.py
checks each input.

Each viewer has one slot per game (and step, language, host, and part: the whole body, or the move panel
and board a step asked from a page at the game's version is answered with, ``PARTS``): a new version
replaces the old body instead of piling up beside it, so the memory used follows
the open pages, not the moves played. The CSRF token is not kept: bodies are kept
with a placeholder, and each answer gets its own request's token.
"""

from __future__ import annotations

import hashlib
import json
import secrets
from dataclasses import dataclass
from functools import cache as once
from pathlib import Path

from django.apps import apps
from django.conf import settings
from django.core.cache import cache
from django.middleware.csrf import get_token
from django.template.loader import render_to_string
from django.utils.crypto import salted_hmac
from django.utils.safestring import SafeString, mark_safe

from .page_input import PageKey

BODY_TEMPLATE = "games/partials/game_body.html"
# A step of the move being built asked from a page at the game's version: the move panel and the board alone
# (play/views.py). Kept in a slot of its own: a part is never served for a body, nor a body for a part.
PLAY_TEMPLATE = "games/partials/game_play_answer.html"
PARTS = {"body": BODY_TEMPLATE, "play": PLAY_TEMPLATE}
TITLE_TEMPLATE = "games/partials/title_text.html"
# The page's own query parameters a body may depend on (the step of a move being
# built); a request with any other one is answered without the cache, so made-up
# parameters cannot fill it.
BODY_PARAMS = frozenset({"m"})
POLL_PARAMS = frozenset({"v", "s", "here"})  # the poll's own: they change nothing in the body
LONGEST_STEP = 2000  # characters of ?m= worth keeping a body for
NAMES_KEY = "game-body:names"  # changes when a name shown in old log lines may have changed


@dataclass(frozen=True)
class Body:
    title: SafeString  # the page's title ("(Your move) <game name> #12")
    html: SafeString  # the game body, with this request's CSRF token


def body_for(request, key: PageKey, make_context, part: str = "body") -> Body:
    """The game body (or its ``part``: ``PARTS``) for this request's viewer, whose page input ``key``
    identifies: kept, or rendered from ``make_context()`` (called only on a miss) and kept."""
    slot, parts = _key(request, key, part)
    if slot is None:
        return _with_token(request, *_render(request, make_context(), part))
    found = cache.get_many([slot, NAMES_KEY])  # one round trip
    fingerprint = key.digest(parts, found.get(NAMES_KEY))
    kept = found.get(slot)
    if kept is not None and kept[0] == fingerprint:
        return _with_token(request, kept[1], kept[2])
    title, html = _render(request, make_context(), part)
    cache.set(slot, (fingerprint, title, html), settings.GAME_BODY_CACHE_SECONDS)
    return _with_token(request, title, html)


def forget_names() -> None:
    """A player's name changed (a closed account is renamed): the bodies kept so far
    are not served again. The seats' own names are in every key; this covers the
    names of former occupants in the log lines (a seat given to someone else)."""
    cache.set(NAMES_KEY, secrets.token_hex(8), None)


def render_body(request, context: dict) -> Body:
    """A body that is not kept (one carrying a refused move's message)."""
    return _with_token(request, *_render(request, context))


def _render(request, context: dict, part: str = "body") -> tuple[str, str]:
    context = {**context, "csrf_token": _csrf_placeholder()}
    # A part keeps the page's title (the version it shows is the game's).
    title = render_to_string(TITLE_TEMPLATE, context, request).strip() if part == "body" else ""
    return title, render_to_string(PARTS[part], context, request)


def _with_token(request, title: str, html: str) -> Body:
    return Body(mark_safe(title), mark_safe(html.replace(_csrf_placeholder(), get_token(request))))


@once
def _csrf_placeholder() -> str:
    # Unguessable, so that nothing a player can write (a name, a message) is ever
    # taken for it; the same in every process, which share the kept bodies.
    return "csrf-" + salted_hmac("play.body_cache.csrf", "placeholder").hexdigest()[:32]


# --- the key --------------------------------------------------------------------------------------


def _key(request, key: PageKey, part: str = "body") -> tuple[str | None, list]:
    """(slot, parts): the slot names the viewer's place in the cache; the page input's key and the
    parts added here (the host of the invitation link, the code, the poll interval) are everything
    the body is made of. No slot when the request asks for something not worth keeping."""
    params = set(request.GET) - POLL_PARAMS
    if not params <= BODY_PARAMS or len(key.step) > LONGEST_STEP:
        return None, []
    slot_parts = [key.game_id, key.viewer, key.language, key.step, request.scheme, request.get_host(), part]
    parts = [slot_parts, code_release(), settings.GAME_POLL_INTERVAL_MS, settings.GAME_PAGE_STREAM]
    return "game-body:" + _digest(slot_parts), parts


def _digest(parts) -> str:
    return hashlib.sha256(json.dumps(parts, default=str, sort_keys=True).encode()).hexdigest()


@once
def code_release() -> str:
    """A digest of what renders bodies in this process: the local apps' Python
    sources and templates, the site's templates and the translations. Read once per
    process; a release that changes any of them makes new keys."""
    base = Path(settings.BASE_DIR).resolve()
    roots = [Path(c.path).resolve() for c in apps.get_app_configs()]
    roots = [r for r in roots if r.is_relative_to(base)]
    roots += [Path(d) for t in settings.TEMPLATES for d in t.get("DIRS", [])]
    roots += [Path(p) for p in settings.LOCALE_PATHS]
    digest = hashlib.sha256()
    for root in sorted(set(roots)):
        for path in sorted(root.rglob("*")):
            if path.suffix in (".py", ".html", ".txt", ".mo") and path.is_file():
                digest.update(str(path.relative_to(root)).encode())
                digest.update(path.read_bytes())
    return digest.hexdigest()[:16]
