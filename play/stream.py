"""Waiting without polling: event streams and a long-poll, fed by ``play.events``.

- ``GET /api/stream/events/``: the caller's events as they happen, one JSON object per line (NDJSON;
  ``Accept: text/event-stream`` gives server-sent events). First, one event per game that needs
  the caller (``myTurn``, ``challenge``) or is in progress (``gameState``); then ``gameStart``,
  ``myTurn``, ``gameState`` (someone moved), ``gameFinish``, ``challenge``, ``chat``, ``chatHidden``. An empty line
  every 20 s keeps proxies from closing it.
- ``GET /api/stream/games/<id>/``: one game's ``gameState`` (version, status, the seats that owe a
  move) now and at every change; it ends when the game is over.
- ``GET /api/stream/wait/?game=<id>&version=<n>&timeout=<s>``: a long-poll for clients that cannot
  read a stream: the game's state as soon as its version is not ``n``. Without ``game``: as soon as
  the caller owes a move or an answer anywhere (``my_turn`` lists the games), or an event arrives.

Under ASGI (``deploy/site stream``: uvicorn) a waiting client is a coroutine, not a worker; the
same views under WSGI (``runserver``, the test server) hold one thread per client.

Switches (``play.stream_moves``): ``?moves=1`` adds the reader's seat and legal moves to each event of its games
(always on a game's stream), ``?view=1`` also what the reader may see at that version (a thinking bot's one
request per move; a spectator gets only the spectator's view) and the result on ``gameFinish``, ``?examples=1``
an engine-checked ``example`` on each ranged legal move (``play.api_examples``).

Every stream is re-checked while open and ends after ``STREAM_MAX_SECONDS`` (an hour; keep-alives every
``KEEP_ALIVE`` seconds: the bot page says both beside the resume); a user and an address hold only so many at
once, long-polls included (``play.stream_guard``)."""

from __future__ import annotations

import asyncio
import json
import time
from dataclasses import replace

from asgiref.sync import sync_to_async
from django.conf import settings
from django.contrib.auth.models import AnonymousUser
from django.core.handlers.asgi import ASGIRequest
from django.http import HttpResponse, JsonResponse, StreamingHttpResponse

from . import events, registry, relay, selectors, stream_moves
from .models import Game, Seat
from .stream_guard import Credentials, Guard, admit, client_ip

KEEP_ALIVE = 20.0  # seconds between keep-alive lines
LONG_POLL_MAX = 60


def _user_from(request):
    """The caller: a token (``Authorization: Bearer``) or the site's session; an AnonymousUser else.
    With what proves it, to check again while the stream is open."""
    from rest_framework.exceptions import AuthenticationFailed

    from .api_auth import key_of, scopes_of, user_of_key

    try:
        key = key_of(request.META.get("HTTP_AUTHORIZATION", "").encode("latin-1"))
    except AuthenticationFailed:
        return None, set(), Credentials()
    if key is not None:
        found = user_of_key(key)
        if not found:
            return None, set(), Credentials()
        return found[0], scopes_of(found[1]), Credentials(user_id=found[0].pk, key=key)
    user = request.user  # the session (its middleware ran)
    if not user.is_authenticated:
        return None, set(), Credentials()
    return user, scopes_of(None), Credentials(user_id=user.pk, session_key=request.session.session_key)


def _refusal(status: int, code: str, detail: str) -> JsonResponse:
    response = JsonResponse({"code": code, "detail": detail, "params": {}}, status=status)
    if status == 401:
        response["WWW-Authenticate"] = 'Bearer realm="api"'
    return response


async def _caller(request):
    return await _db(request, _user_from, request)


def _may_act(game: Game, pending: list[int]) -> list[int]:
    """The seats that may act without owing, as the live events tell them (``events.game_messages``)."""
    if game.status != Game.Status.ACTIVE or game.state is None:
        return []
    from kit.base import may_act

    from .services import state_load

    engine = registry.get(game.game_type)
    return sorted(may_act(engine, state_load(engine=engine, game=game)) - set(pending))


def _game_state(game: Game) -> dict:
    pending = sorted(s.index for s in game.seats.all() if s.owes_move)
    return {
        "type": "gameState",
        "game": game.pk,
        "game_type": game.game_type,
        "version": game.version,
        "status": game.status,
        "pending": pending,
        "may_act": _may_act(game, pending),
    }


def _user_snapshot(user) -> list[dict]:
    """An event per game that is open for or in progress with the user (the stream's first lines), with
    the fields of the live events (``play.events.game_changed``)."""
    seats = list(
        Seat.objects.filter(user=user, game__status__in=[Game.Status.OPEN, Game.Status.ACTIVE])
        .select_related("game")
        .order_by("game_id")
    )
    pending: dict[int, list[int]] = {}
    owing = Seat.objects.filter(game_id__in=[s.game_id for s in seats], owes_move=True).order_by("index")
    for game_id, index in owing.values_list("game_id", "index"):
        pending.setdefault(game_id, []).append(index)
    found = []
    for seat in seats:
        game = seat.game
        owing = pending.get(game.pk, [])
        may = _may_act(game, owing)
        base = {
            "game": game.pk,
            "game_type": game.game_type,
            "version": game.version,
            "status": game.status,
            "pending": owing,
            "may_act": may,
            "seat": seat.index,
        }
        if seat.kind == Seat.Kind.INVITED:
            found.append({**base, "type": "challenge"})
        elif game.status == Game.Status.ACTIVE:
            owes = seat.owes_move and not seat.substitute_bot
            answer = seat.answer_waits and not seat.substitute_bot
            found.append({**base, "type": "myTurn" if owes or answer else "gameState", "my_turn": owes,
                          "answer_waits": answer, "may_act": seat.index in may and not seat.substitute_bot})
    return found


def _waits_for_caller(event: dict) -> bool:
    """The caller has something to do in the event's game: a move they owe, or an answer to something
    addressed to them (an offer made to them)."""
    return bool(event.get("my_turn") or event.get("answer_waits"))


def _visible_game(game_id: int, user):
    game = selectors.game_with_seats(game_id)
    if game is None or not selectors.can_view(game, user):
        return None
    return game


# --- framing -----------------------------------------------------------------------------------------


def _frame(event: dict | None, sse: bool) -> bytes:
    if event is None:
        return b": keep-alive\n\n" if sse else b"\n"
    text = json.dumps(event, separators=(",", ":"))
    if not sse:
        return (text + "\n").encode()
    # ``id:`` lets a browser's EventSource send it back as Last-Event-ID when it reconnects.
    ident = f"id: {event['event_id']}\n" if "event_id" in event else ""
    return f"{ident}event: {event['type']}\ndata: {text}\n\n".encode()


def _response(chunks, sse: bool) -> StreamingHttpResponse:
    response = StreamingHttpResponse(
        chunks, content_type="text/event-stream" if sse else "application/x-ndjson"
    )
    response["Cache-Control"] = "no-cache"
    response["X-Accel-Buffering"] = "no"  # nginx: pass each line on at once
    return response


def _already_told(event: dict | None, told: list[int]) -> bool:
    """A live event the first batch covered (published between subscribing and reading the backlog or
    the present state): skipped, so no event comes twice."""
    ident = (event or {}).get("event_id")
    if ident is None:
        return False
    if ident <= told[0]:
        return True
    told[0] = ident
    return False


def _steps(first: list[dict], sse: bool, guard: Guard, until, told: int, decorate) -> relay.Steps:
    """The API stream's loop (``play.relay`` runs it under either server): the first batch, then each
    live event not already told, a keep-alive line when quiet, the credentials re-checked as the guard
    says; it stops at ``until``'s event or when the guard's time is up."""
    if not first:
        yield relay.Send(_frame(None, sse))  # the headers go with the first bytes: at once, not after KEEP_ALIVE
    for event in first:
        yield relay.Send(_frame(event, sse))
    if until and any(until(e) for e in first):
        return
    told = [told]
    keep_alive = time.monotonic() + KEEP_ALIVE
    while not guard.over():
        event = yield relay.Wait(guard.wait(keep_alive))
        if event is events.GAP:
            return  # events may have been lost: the client resumes, and the backlog answers resync + present
        if guard.must_check(event) and not (yield relay.CHECK):
            return  # revoked, password changed, account closed: not one more event
        if event is None and time.monotonic() < keep_alive:
            continue
        if _already_told(event, told):
            continue
        if event is not None and decorate is not None:
            event = yield relay.Decorate(event)
        yield relay.Send(_frame(event, sse))
        keep_alive = time.monotonic() + KEEP_ALIVE
        if event is not None and until and until(event):
            return


def _relay_async(sub, first: list[dict], sse: bool, guard: Guard, slot, until=None, told: int = 0, decorate=None):
    return relay.async_(_steps(first, sse, guard, until, told, decorate), sub, slot, guard, decorate)


def _relay_sync(sub, first: list[dict], sse: bool, guard: Guard, slot, until=None, told: int = 0, decorate=None):
    return relay.sync(_steps(first, sse, guard, until, told, decorate), sub, slot, guard, decorate)


async def _db(request, fn, *args):
    """Under ASGI in a pooled thread; under WSGI in the request's own thread (its connection)."""
    if isinstance(request, ASGIRequest):
        return await relay.in_thread(fn, *args)
    return await sync_to_async(fn)(*args)


def _wants_sse(request) -> bool:
    return "text/event-stream" in request.META.get("HTTP_ACCEPT", "")


# --- views ---------------------------------------------------------------------------------------------


def _loop_of(request):
    return asyncio.get_running_loop() if isinstance(request, ASGIRequest) else None


def _relay_for(request):
    return _relay_async if isinstance(request, ASGIRequest) else _relay_sync


def _moves_for(request):
    """Adds the reader's seat and legal moves to an event (``play.stream_moves``); the reader is
    looked up once, on first use (in the database's thread)."""
    reader = []
    examples, view = _asked(request, "examples"), _asked(request, "view")

    def decorate(event: dict) -> dict:
        if not reader:
            reader.append(_user_from(request)[0])
        return stream_moves.for_seat(event, reader[0], examples=examples, view=view)

    return decorate


def _asked(request, name: str) -> bool:
    """A stream's switch: ``?name=1`` (or ``true``)."""
    return request.GET.get(name, "") in ("1", "true")


def _resume_point(request) -> int | None:
    """Where the client left off: ``Last-Event-ID`` (server-sent events) or ``?after=`` (NDJSON).
    ValueError when it is not a whole number."""
    raw = request.META.get("HTTP_LAST_EVENT_ID") or request.GET.get("after")
    if raw in (None, ""):
        return None
    after = int(raw)
    if after < 0:
        raise ValueError(raw)
    return after


def _first_batch(channel: str, after: int | None, present) -> tuple[list[dict], int]:
    """The stream's first lines and the last event id they cover. Resuming (``after``): the events the
    client missed, from the channel's backlog; when some may be lost, a ``resync`` then the present.
    Else the present (``present()``), each event marked ``snapshot``."""
    try:
        log = events.backlog()
        cursor = log.last_id()  # read before the present: any later event comes live, none is lost
        missed = log.since(channel, after) if after is not None else None
    except Exception:  # Redis away: the present, and the client re-reads
        cursor, missed = 0, None
    if missed is not None:
        return _without_hidden_chat(missed), max([after, *(e["event_id"] for e in missed)])
    first = [{"type": "resync", "event_id": cursor}] if after is not None else []
    first += [{**event, "snapshot": True, "event_id": cursor} for event in present()]
    return first, cursor


def _without_hidden_chat(missed: list[dict]) -> list[dict]:
    """A chat line a moderator hid before the client came back is not replayed to it (the ``chatHidden``
    event that follows still is): hidden means hidden on every surface."""
    hidden = {(e.get("game"), e.get("id")) for e in missed if e.get("type") == "chatHidden"}
    return [e for e in missed if not (e.get("type") == "chat" and (e.get("game"), e.get("id")) in hidden)]


_BAD_RESUME = "after (or Last-Event-ID) is the event_id of the last event received, a whole number."


def _too_many() -> JsonResponse:
    response = _refusal(
        429, "too_many_streams",
        f"Too many open streams (at most {settings.STREAM_MAX_PER_USER} per player and "
        f"{settings.STREAM_MAX_PER_ADDRESS} per address): close one first.",
    )
    response["Retry-After"] = "10"
    return response


async def user_events(request):
    loop = _loop_of(request)
    address = client_ip(request)
    try:
        after = _resume_point(request)
    except ValueError:
        return _refusal(400, "invalid", _BAD_RESUME)
    moves = _asked(request, "moves") or _asked(request, "view")  # the view comes with the moves
    decorate = _moves_for(request) if moves else None

    def start():  # one trip to the database's thread: who, then subscribed, then the present
        user, scopes, credentials = _user_from(request)
        if user is None:
            return "unknown", None, None, None, credentials
        if "read" not in scopes:
            return "forbidden", None, None, None, credentials
        slot = admit(user.pk, address)
        if slot is None:
            return "too_many", None, None, None, credentials
        # Subscribed before the present is read: nothing that happens in between is missed.
        channel = events.user_channel(user.pk)
        sub = events.HUB.subscribe([channel], loop=loop)
        try:
            batch, told = _first_batch(channel, after, lambda: _user_snapshot(user))
            return None, slot, sub, ([decorate(e) for e in batch] if moves else batch, told), credentials
        except BaseException:
            sub.close()
            slot.release()
            raise

    refused, slot, sub, first, credentials = await _db(request, start)
    if refused == "unknown":
        return _refusal(401, "not_authenticated", "Send a token: Authorization: Bearer <key>.")
    if refused == "forbidden":
        return _refusal(403, "permission_denied", "This token's scopes do not allow this (it needs “read”).")
    if refused == "too_many":
        return _too_many()
    sse = _wants_sse(request)
    batch, told = first
    relay = _relay_for(request)
    return _response(relay(sub, batch, sse, Guard(credentials), slot, told=told, decorate=decorate), sse)


async def game_events(request, pk: int):
    loop = _loop_of(request)
    address = client_ip(request)
    try:
        after = _resume_point(request)
    except ValueError:
        return _refusal(400, "invalid", _BAD_RESUME)
    decorate = _moves_for(request)

    def start():
        user, scopes, credentials = _user_from(request)
        if user is not None and "read" not in scopes:
            return "forbidden", None, None, None, credentials
        slot = admit(user.pk if user is not None else None, address)
        if slot is None:
            return "too_many", None, None, None, credentials
        channel = events.game_channel(pk)
        sub = events.HUB.subscribe([channel], loop=loop)
        game = first = None
        try:
            game = _visible_game(pk, user or AnonymousUser())
            if game is not None:
                # The present is read again after the backlog's last id (the game above may be older).
                present = lambda: [_game_state(selectors.game_with_seats(pk))]  # noqa: E731
                batch, told = _first_batch(channel, after, present)
                first = ([decorate(e) for e in batch], told)
        finally:
            if first is None:  # not to be seen, or the database failed: nothing stays open
                sub.close()
                slot.release()
        return None, slot, sub, (game if first else None, first), credentials

    refused, slot, sub, found, credentials = await _db(request, start)
    game, first = found if found else (None, None)
    if refused == "forbidden":
        return _refusal(403, "permission_denied", "This token's scopes do not allow this (it needs “read”).")
    if refused == "too_many":
        return _too_many()
    if game is None:
        return _refusal(404, "not_found", "No such game.")
    relay = _relay_for(request)
    sse = _wants_sse(request)
    over = lambda e: e.get("type") == "gameState" and e.get("status") in events.FINISHED  # noqa: E731
    batch, told = first
    guard = Guard(replace(credentials, game_id=pk))  # re-checked: may the reader still see this game?
    return _response(relay(sub, batch, sse, guard, slot, until=over, told=told, decorate=decorate), sse)


async def wait(request):
    """The long-poll (see the module's docstring)."""
    user, scopes, credentials = await _caller(request)
    if user is None:
        return _refusal(401, "not_authenticated", "Send a token: Authorization: Bearer <key>.")
    if "read" not in scopes:
        return _refusal(403, "permission_denied", "This token's scopes do not allow this (it needs “read”).")
    try:
        timeout = float(request.GET.get("timeout", "25"))
        if not 0 <= timeout <= LONG_POLL_MAX:  # refused, not silently cut: the client learns the limit
            return _refusal(400, "invalid", f"timeout: a number of seconds from 0 to {LONG_POLL_MAX}.")
        game_id = int(request.GET["game"]) if request.GET.get("game") else None
        version = int(request.GET.get("version", "-1"))
    except ValueError:
        return _refusal(400, "invalid", "game and version are whole numbers, timeout a number of seconds.")
    slot = admit(user.pk, client_ip(request))
    if slot is None:
        return _too_many()
    asynchronous = isinstance(request, ASGIRequest)
    channel = events.game_channel(game_id) if game_id is not None else events.user_channel(user.pk)
    sub = events.HUB.subscribe([channel], loop=_loop_of(request))
    try:
        if game_id is not None:
            game = await _db(request, _visible_game, game_id, user)
            if game is None:
                return _refusal(404, "not_found", "No such game.")
            if game.version != version:
                return JsonResponse(_game_state(game))
            event = await _next(sub, asynchronous, timeout, lambda e: e is events.GAP or e.get("type") == "gameState")
            if event is None:
                return JsonResponse(_game_state(game))  # unchanged: ask again
            if event is events.GAP:  # news may have been lost: the present, read again
                game = await _db(request, _visible_game, game_id, user)
                if game is None:
                    return _refusal(404, "not_found", "No such game.")
                return JsonResponse(_game_state(game))
            if not await _db(request, credentials.still_valid):
                return _refusal(401, "not_authenticated", "Unknown or revoked token.")
            if not await _db(request, replace(credentials, game_id=game_id).still_valid):
                return _refusal(404, "not_found", "No such game.")  # its seat given away meanwhile
            return JsonResponse(event)
        snapshot = await _db(request, _user_snapshot, user)
        mine = [e["game"] for e in snapshot if _waits_for_caller(e)]
        if mine:
            return JsonResponse({"my_turn": mine, "events": []})
        event = await _next(sub, asynchronous, timeout, lambda e: True)
        if event is events.GAP:  # news may have been lost: the present, read again
            snapshot = await _db(request, _user_snapshot, user)
            return JsonResponse({"my_turn": [e["game"] for e in snapshot if _waits_for_caller(e)], "events": []})
        if event is not None and not await _db(request, credentials.still_valid):
            return _refusal(401, "not_authenticated", "Unknown or revoked token.")  # nothing waited for leaks
        mine = [event["game"]] if event is not None and _waits_for_caller(event) else []
        return JsonResponse({"my_turn": mine, "events": [event] if event else []})
    finally:
        sub.close()
        slot.release()


async def _next(sub, asynchronous: bool, timeout: float, wanted):
    deadline = time.monotonic() + timeout
    while (left := deadline - time.monotonic()) > 0:
        event = await sub.aget(left) if asynchronous else await asyncio.to_thread(sub.get, left)
        if event is None:
            return None
        if wanted(event):
            return event
    return None


def not_found(request):
    return HttpResponse(status=404)
