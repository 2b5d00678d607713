"""The JSON round trip as an invariant: an engine's ``dump`` survives JSON and ``load`` gives it back.

Made for one engine (``json_roundtrip(ENGINE)``) by the module that defines it, so that a game's
invariants need not import its engine (which imports them: an import cycle)."""

from __future__ import annotations

import json


def json_roundtrip(engine, *, same_state: bool = True):
    """A check ``fn(state) -> str | None`` named ``json_roundtrip``: None when the state's dump, through
    JSON and ``load``, is the same dump (and, with ``same_state``, an equal state)."""

    def json_roundtrip(state):
        text = json.dumps(engine.dump(state), sort_keys=True)
        back = engine.load(json.loads(text))
        if (same_state and back != state) or json.dumps(engine.dump(back), sort_keys=True) != text:
            return "dump/load changed the state"
        return None

    return json_roundtrip
