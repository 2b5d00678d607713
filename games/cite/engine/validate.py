"""``load_state``: a stored state checked (``InvalidState`` naming what is wrong)."""

from __future__ import annotations

from kit.base import InvalidState

from .invariants import CHEAP
from .state import SCHEMA_VERSION, State


def load_state(data: dict) -> State:
    if not isinstance(data, dict) or data.get("schema_version") != SCHEMA_VERSION:
        raise InvalidState(f"Cité state: schema_version {SCHEMA_VERSION} expected")
    try:
        state = State.from_json(data)
    except (KeyError, TypeError, ValueError) as e:
        raise InvalidState(f"Cité state: malformed ({e})") from None
    for check in CHEAP:
        try:
            msg = check(state)
        except (KeyError, TypeError, ValueError, AttributeError) as e:
            msg = f"malformed ({e})"
        if msg:
            raise InvalidState(f"Cité state: {check.__name__}: {msg}")
    return state
