"""A seat's legal moves, kept per (game, version, seat, snapshot) in a small cache of this process (issue 39.7).

Some engines take tens of milliseconds (Small City's plan phase once took 0.2-0.5 s) to list a seat's moves, and
every page, poll that changed, API read and stream event asks again at the same version. The moves are a function
of the snapshot and the seat only, so they are computed once per process and version: the key holds a digest of
the snapshot too, so a snapshot changed without a new version (a repair, a test) is never answered from an older
one. Hidden information: an entry is only ever read back for the same seat it was computed for, and nothing here
leaves the process (a new release starts with an empty cache)."""

from __future__ import annotations

import copy
import hashlib
import json
import threading
from collections import OrderedDict

_SIZE = 2000  # entries; a Small City move list is a few KB
_cache: OrderedDict = OrderedDict()
_lock = threading.Lock()


def _key(game, seat_index: int) -> tuple:
    digest = hashlib.blake2b(json.dumps(game.state, sort_keys=True, separators=(",", ":")).encode(),
                             digest_size=16).hexdigest()
    return game.pk, game.game_type, game.version, seat_index, digest


def legal_moves(engine, game, state, seat_index: int) -> list[dict]:
    """``engine.legal_moves(state, seat_index)`` for the stored ``game`` (``state`` loaded from it), cached.
    Each caller gets its own copy (a caller that edits the list changes nobody else's): decoded again from
    the list's JSON, kept beside it, when that gives back an equal list (moves are JSON data: ~5 times
    cheaper than ``copy.deepcopy`` for a list of ~160 moves, a page's cost, issue 43), else deep-copied."""
    key = _key(game, seat_index)
    with _lock:
        found = _cache.get(key)
        if found is not None:
            _cache.move_to_end(key)
    if found is None:
        moves = engine.legal_moves(state, seat_index)
        try:
            text = json.dumps(moves, separators=(",", ":"))
        except (TypeError, ValueError):  # not JSON data (a set): deep-copied
            text = None
        found = (moves, text if text is not None and json.loads(text) == moves else None)
        with _lock:
            _cache[key] = found
            while len(_cache) > _SIZE:
                _cache.popitem(last=False)
    moves, text = found
    return json.loads(text) if text is not None else copy.deepcopy(moves)


def clear() -> None:
    with _lock:
        _cache.clear()
