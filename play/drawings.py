"""A drawing made once for everyone who sees the same thing (issue 43).

A game's board is most of a game page's markup, and most of it is the same for every viewer of a
position: the land, the buildings, the cities. Each viewer's body and each step of a move being built
used to draw it again. A game draws such a part with ``drawn_once(name, draw, *inputs)``: ``draw`` is
called with ``inputs`` alone, and its result is kept under a digest of the name, the inputs, the
language and the code. So the key follows from what the drawing is made of, and what it shows can hold
nothing but its inputs: a game that hands it a seat's hidden cards gets a drawing of its own for that
seat, never another viewer's. The seat's own parts (its targets, its marks) stay outside, drawn apart.

Kept in the ``drawings`` cache (settings: this process's memory, bounded): a position is drawn at most
once per web process, whatever the number of viewers and builder steps; nothing is sent over the
network for it, and a restart only draws again.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable
from typing import Any, TypeVar

from django.core.cache import caches
from django.utils.translation import get_language

CACHE = "drawings"
Drawing = TypeVar("Drawing")


def drawn_once(name: str, draw: Callable[..., Drawing], *inputs: Any) -> Drawing:
    """``draw(*inputs)``, kept for every later call with equal inputs (plain data: dicts, lists, strings,
    numbers) in the same language and code."""
    key = _key(name, inputs)
    store = caches[CACHE]
    found = store.get(key)
    if found is None:
        found = draw(*inputs)
        store.set(key, found)
    return found


def _key(name: str, inputs: tuple) -> str:
    from .body_cache import code_release  # (the body cache's digest of the code: one release, one drawing)

    data = json.dumps([name, get_language() or "", code_release(), inputs], sort_keys=True, default=_refuse)
    return f"drawing:{name}:" + hashlib.sha256(data.encode()).hexdigest()


def _refuse(value: Any) -> Any:
    # A set or a tuple key would be read in some order; anything else may not say all it holds.
    raise TypeError(f"drawn_once takes plain data, not {type(value).__name__}")
