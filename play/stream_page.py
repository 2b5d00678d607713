"""The game page's own event stream: an open page waits here instead of polling (issue 33).

``GET /api/stream/pages/<id>/`` (server-sent events, the viewer's session cookie; under ``/api/stream/``
so the balancer already sends it to the stream process, docs/deploy.md). A game the viewer may not see
answers exactly as one that does not exist (404, the API's ``not_found``).

What it says, and nothing more: events carry versions and ids, never a view (the page asks for its new
body itself, through the checks every page request makes):

- ``hello``: the game's version and status now, first on every (re)connection; the page compares the
  version with the one it shows;
- ``game``: the game changed (version, status: a seat filled in an open game keeps its version);
- ``chat``: a chat line was written or hidden (its id): the page asks for its chat;
- ``ping``: every ``KEEP_ALIVE`` seconds, a named event (a comment would not reach the page's script),
  so the page can tell a live stream from one a buffering proxy holds back.

Presence rides it: while the stream is open the viewer is marked as looking (``play.presence``; every
open page of the process in one round trip every 15 s), so the page no longer says "still here". The
session is checked again before every event and every ``PAGE_STREAM_RECHECK_SECONDS`` while quiet
(``play.stream_guard``); the stream ends with the game.

Under WSGI (gunicorn's sync workers) each open page would hold a worker: it is served there only when
``PAGE_STREAM_OVER_WSGI`` (``runserver``, the test server); otherwise a 503 sends the page back to
polling at once."""

from __future__ import annotations

import json
import logging
import random
import threading
import time
from dataclasses import replace

from django.conf import settings
from django.contrib.auth.models import AnonymousUser
from django.core.handlers.asgi import ASGIRequest
from django.http import HttpResponse

from . import events, presence, relay, selectors
from .stream import _db, _loop_of, _refusal, _response, _too_many
from .stream_guard import Credentials, Guard, admit, client_ip

log = logging.getLogger(__name__)

KEEP_ALIVE = 15.0  # seconds between pings (the page gives a stream up after ~2.5 of them unheard)
GAP_RECONNECT_MS = (200, 2500)  # after a gap, a page reconnects within this (every page current within 5 s)


def _frame(event: dict) -> bytes:
    data = json.dumps({k: v for k, v in event.items() if k != "type"}, separators=(",", ":"))
    return f"event: {event['type']}\ndata: {data}\n\n".encode()


def _slim(event: dict) -> dict | None:
    """What the page is told of an event of its channels: versions and ids only."""
    kind = event.get("type")
    if kind == "gameState":
        return {"type": "game", "version": event["version"], "status": event["status"]}
    if kind in ("chat", "chatHidden"):
        return {"type": "chat", "id": event["id"]}
    return None


def _viewer(request):
    """The page's viewer (the session's user, or an anonymous visitor) and what proves it."""
    user = request.user
    if not user.is_authenticated:
        return AnonymousUser(), Credentials()
    return user, Credentials(user_id=user.pk, session_key=request.session.session_key)


def _mark(game_id: int, user_id: int | None) -> None:
    if user_id is not None:
        presence.mark_present(game_id, user_id)


class _Looking:
    """The (game, user) of this process's open page streams, marked present together every
    ``EVERY`` seconds by one thread in one round trip: a mark per stream would be a thread hop and a
    Redis call each, thousands a minute with thousands of pages open."""

    EVERY = presence.PRESENCE_SECONDS / 3

    def __init__(self):
        self._lock = threading.Lock()
        self._open: dict[tuple[int, int], int] = {}
        self._thread: threading.Thread | None = None

    def add(self, game_id: int, user_id: int | None) -> None:
        if user_id is None:
            return
        with self._lock:
            self._open[game_id, user_id] = self._open.get((game_id, user_id), 0) + 1
            if self._thread is None or not self._thread.is_alive():
                self._thread = threading.Thread(target=self._run, daemon=True, name="page-presence")
                self._thread.start()

    def remove(self, game_id: int, user_id: int | None) -> None:
        if user_id is None:
            return
        with self._lock:
            left = self._open.get((game_id, user_id), 0) - 1
            if left > 0:
                self._open[game_id, user_id] = left
            else:
                self._open.pop((game_id, user_id), None)

    def _run(self) -> None:
        while True:
            time.sleep(self.EVERY)
            with self._lock:
                pairs = list(self._open)
            try:
                presence.mark_many(pairs)
            except Exception as exc:  # (presence only spares an e-mail: never worth a stream)
                log.warning("presence not marked: %s", exc)


LOOKING = _Looking()


def _start(request, pk: int, loop):
    """One trip to the database's thread: who, admitted, subscribed, then the present."""
    user, credentials = _viewer(request)
    slot = admit(credentials.user_id, client_ip(request))
    if slot is None:
        return "too_many", None
    # Subscribed before the present is read: a change in between comes live (the page compares versions).
    sub = events.HUB.subscribe([events.game_channel(pk), events.page_channel(pk)], loop=loop)
    hello = None
    try:
        game = selectors.game_with_seats(pk)
        if game is not None and selectors.can_view(game, user):
            hello = {"type": "hello", "version": game.version, "status": game.status}
            _mark(pk, credentials.user_id)
    finally:
        if hello is None:  # not to be seen, or the database failed: nothing stays open
            sub.close()
            slot.release()
    if hello is None:
        return "not_found", None
    # Re-checked while open: may the viewer still see this game (a private game's seat given away)?
    return None, (sub, slot, hello, replace(credentials, game_id=pk))


def _over(event: dict) -> bool:
    return event["type"] in ("game", "hello") and event["status"] in events.FINISHED


def _guard(credentials: Credentials) -> Guard:
    guard = Guard(credentials)
    guard.every = float(settings.PAGE_STREAM_RECHECK_SECONDS)
    guard.next_check = time.monotonic() + guard.every
    return guard


def _steps(pk: int, hello: dict, guard: Guard) -> relay.Steps:
    """The page stream's loop (``play.relay`` runs it under either server): hello, then each event slimmed
    to versions and ids, a ping when quiet; the viewer counts as looking while it runs."""
    user_id = guard.credentials.user_id
    LOOKING.add(pk, user_id)
    try:
        yield relay.Send(_frame(hello))
        if _over(hello):
            return
        keep_alive = time.monotonic() + KEEP_ALIVE
        while not guard.over():
            event = yield relay.Wait(guard.wait(keep_alive))
            if event is events.GAP:
                # News may have been lost (Redis restarted, a publish came late): the page's EventSource
                # reconnects after a spread-out delay (thousands of pages do not come back in one instant)
                # and its hello says the version now.
                yield relay.Send(f"retry: {random.randint(*GAP_RECONNECT_MS)}\n\n".encode())
                return
            if guard.must_check(event) and not (yield relay.CHECK):
                return  # logged out, password changed, account closed: not one more event
            if event is None:
                if time.monotonic() >= keep_alive:
                    yield relay.Send(_frame({"type": "ping"}))
                    keep_alive = time.monotonic() + KEEP_ALIVE
                continue
            slim = _slim(event)
            if slim is not None:
                yield relay.Send(_frame(slim))
                if _over(slim):
                    return
    finally:
        LOOKING.remove(pk, user_id)


async def page_events(request, pk: int):
    asgi = isinstance(request, ASGIRequest)
    over_wsgi = settings.PAGE_STREAM_OVER_WSGI
    if not asgi and not (settings.DEBUG if over_wsgi is None else over_wsgi):
        # (for the page's EventSource, not an API client: a plain answer, no API error code)
        return HttpResponse("Game pages' streams are served by the stream process.", status=503,
                            content_type="text/plain")
    refused, found = await _db(request, _start, request, pk, _loop_of(request))
    if refused == "too_many":
        return _too_many()
    if refused == "not_found":
        return _refusal(404, "not_found", "No such game.")
    sub, slot, hello, credentials = found
    guard = _guard(credentials)
    drive = relay.async_ if asgi else relay.sync
    return _response(drive(_steps(pk, hello, guard), sub, slot, guard), sse=True)

