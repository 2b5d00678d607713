"""One answer per game to "a position this seat cannot tell from the real one" (OpenSpiel's
``ResampleFromInfostate``), and the platform's one way to ask it (issue 40).

The engine's ``scramble_unknown(state, seat, seed)``: everything ``seat`` may not know drawn afresh, the RNG's
future included (it is unknown to every seat). ``seat`` is a seat, None (a spectator: only what is public
kept) or ``EVERYONE`` (every seat's knowledge kept: only what no seat has seen is drawn afresh, as after a
moderator's rollback, so the undone moves tell nothing about the hidden future). Undo (``kit.reveal``), the
rollback (``kit.base.redraw_hidden``) and the hidden-information tests all ask through ``resample``.

A game that still has a separate ``redraw_hidden(state, seed)`` keeps it for ``EVERYONE``: the rollbacks stored
with a seed replay as they were drawn. A new game writes ``scramble_unknown`` alone (``tests/games/race``)."""

from __future__ import annotations

from typing import Any


class _Everyone:
    """Every seat at once (``scramble_unknown(state, EVERYONE, seed)``)."""

    def __repr__(self) -> str:
        return "EVERYONE"


EVERYONE = _Everyone()


def can_resample(engine: Any) -> bool:
    """Whether the engine can say what a seat may not know (without it: no undo, no leak test)."""
    return callable(getattr(engine, "scramble_unknown", None))


def resample(engine: Any, state: Any, seat: Any, seed: int) -> Any:
    """A position ``seat`` (a seat, None for a spectator, or ``EVERYONE``) cannot tell from ``state``, drawn from
    ``seed``. For ``EVERYONE``: the game's own ``redraw_hidden`` when it has one, else its ``scramble_unknown``,
    else the state itself (a game with no hidden future)."""
    if seat is EVERYONE:
        redraw = getattr(engine, "redraw_hidden", None)
        if redraw is not None:
            return redraw(state, seed)
        if not can_resample(engine):
            return state
    return engine.scramble_unknown(state, seat, seed)
