"""An example completion of each ranged legal move (issue 45 point 3): ``"example"``, one concrete move that the
engine accepts on this position, so a bot that cannot know a game's joint rules (a shape that must be
contiguous, a field that depends on another, an offer that may not be empty) always has one filling that lands.

The example is drawn as the site's own bots draw (``kit.params.concrete``: the game's ``sample_move`` when it has
one) and kept only when ``engine.apply`` takes it on the seat's own position; it is computed for the reader's seat
only (it is made of that seat's legal moves and says nothing they do not). Cost: one computation per
(game, version, seat), in a small cache of this process, like the stream's legal moves."""

from __future__ import annotations

import hashlib
import json
import random
import threading
from collections import OrderedDict

from kit import params
from kit.base import IllegalMove

from . import registry, snapshots

EXAMPLE = "example"
TRIES = 8  # draws per ranged move before giving up on an example (the move is still legal to fill)
_CACHE_SIZE = 1000
_cache: OrderedDict = OrderedDict()
_lock = threading.Lock()


def _example(engine, state, seat: int, legal: dict, seed: int) -> dict | None:
    rng = random.Random(seed)
    for _ in range(TRIES):
        try:
            move = params.concrete(engine, state, seat, legal, rng)
            engine.apply(state, seat, move)
        except IllegalMove:
            continue
        except Exception:  # a sampler's failure is no reason to refuse the page: no example then
            return None
        return move
    return None


def _computed(game, seat: int, legal_moves: list[dict]) -> list[dict]:
    engine = registry.get(game.game_type)
    state = snapshots.state_load(engine=engine, game=game)
    out = []
    for i, legal in enumerate(legal_moves):
        if params.has_ranges(legal):
            example = _example(engine, state, seat, legal, seed=game.version * 1009 + i)
            if example is not None:
                legal = {**legal, EXAMPLE: example}
        out.append(legal)
    return out


def with_examples(game, seat: int | None, legal_moves: list[dict]) -> list[dict]:
    """``legal_moves`` (the seat's, at the game's version) with an ``example`` on each ranged one."""
    if seat is None or not any(params.has_ranges(m) for m in legal_moves):
        return legal_moves
    # The snapshot's digest too: a private step (a plan step, issue 39.5) changes the position, not the version.
    digest = hashlib.blake2b(json.dumps(game.state, sort_keys=True, separators=(",", ":")).encode(),
                             digest_size=16).hexdigest()
    key = (game.pk, game.version, seat, digest)
    with _lock:
        found = _cache.get(key)
    if found is None:
        found = _computed(game, seat, legal_moves)
        with _lock:
            _cache[key] = found
            while len(_cache) > _CACHE_SIZE:
                _cache.popitem(last=False)
    return found
