"""What a seat needs to move, added to its own stream's events (issue 31.1: one request per move; issue 45.2:
one request per move for a bot that thinks, with ``?view=1`` the seat's view too).

A game stream read by a seated player, and the player's own stream asked with ``?moves=1``, carry
on each event of a game in progress the reader's ``seat``, ``my_turn`` and ``legal_moves`` at the
event's version. Hidden information: they are computed for the reader's seat only, and a spectator's
stream gets none. Cost: one computation per (game, version, seat, who owes), kept in a small cache of
this process, whatever the number of streams that read it."""

from __future__ import annotations

import threading
from collections import OrderedDict

from . import api_examples, selectors

_CACHE_SIZE = 2000
_cache: OrderedDict = OrderedDict()
_lock = threading.Lock()
_computing: dict[tuple, threading.Lock] = {}  # keys being computed now
_ACTIVE = "active"


def _computed(game_id: int, version: int, user, examples: bool, view: bool) -> dict | None:
    game = selectors.game_with_seats(game_id)
    if game is None or game.version != version or not selectors.can_view(game, user):
        return None  # moved on since: the next event carries the newer moves
    seat = selectors.seat_of(game, user)
    if seat is None:  # a spectator: no moves, and only what a spectator sees (the engine's view for no seat)
        return {"view": selectors.game_view_for(game, user).view} if view else {}
    gv = selectors.game_view_for(game, user)
    legal = api_examples.with_examples(game, seat.index, gv.legal_moves) if examples else gv.legal_moves
    found = {"seat": seat.index, "my_turn": gv.owes and not seat.played_by_bot, "legal_moves": legal}
    return {**found, "view": gv.view} if view else found


def _result(game_id: int, user) -> dict:
    """A finished game's result for ``gameFinish`` (what ``GET /api/games/ID/`` shows anyone who may see the
    game): a bot learns how it ended without reading the game again."""
    game = selectors.game_with_seats(game_id)
    if game is None or not selectors.can_view(game, user):
        return {}
    return {"result": game.result}


def for_seat(event: dict, user, *, examples: bool = False, view: bool = False) -> dict:
    """``event`` with the reader's moves, when the reader has a seat in its game (else unchanged); with
    ``examples``, each ranged one with its ``example`` (``play.api_examples``, asked with ``?examples=1``); with
    ``view`` (``?view=1``), what the reader's seat sees at that version, the engine's ``view`` for it (a
    spectator's view for a reader without a seat: never more than the game page shows them)."""
    game_id, version = event.get("game"), event.get("version")
    if user is not None and event.get("type") == "gameFinish" and game_id is not None:
        return {**event, **_result(game_id, user)}
    if user is None or game_id is None or version is None or event.get("status") != _ACTIVE:
        return event
    key = (game_id, version, tuple(event.get("pending") or ()), event.get("my_turn"), user.pk, examples, view)
    with _lock:
        found = _cache.get(key)
        computing = _computing.setdefault(key, threading.Lock()) if found is None else None
    if found is None:
        with computing:  # the streams that hear one event at once compute it once
            with _lock:
                found = _cache.get(key)
            if found is None:
                found = _computed(game_id, version, user, examples, view)
                with _lock:
                    _computing.pop(key, None)
                    if found is not None:
                        _cache[key] = found
                        while len(_cache) > _CACHE_SIZE:
                            _cache.popitem(last=False)
        if found is None:
            return event
    return {**event, **found}
