"""Did a move show its mover anything they could not have known? (DESIGN: "Taking moves back".)

A player may take back a move only when it revealed nothing to them; otherwise they could look
and choose again (the last seat of a secret 2–2 choice sees every other choice, then redoes its own).
The rule is the same for every game and asks the engine for no list of revealing moves:

    a move reveals nothing to its mover when what the mover sees afterwards (their ``view``, the log
    lines and notices they may read) follows from what they saw before and the move itself.

So the same move is applied to positions the mover cannot tell from the real one — the engine's
``scramble_unknown(state, seat, seed)``: everything that seat may not know drawn afresh, their view
unchanged — and the mover must see exactly the same thing each time. A move that is legal only in
some of those positions tells its mover something too. An engine without ``scramble_unknown`` cannot
say what its seats do not know: its moves are never undoable. The engine's own
``move_reveals_hidden(before, after)``, when it has one, can only refuse more (a draw that shows
nothing yet, a reshuffle), never allow what this rule refuses.
"""

from __future__ import annotations

from typing import Any

from . import hidden
from .base import ApplyResult, Engine, IllegalMove, Move, Seat

# Positions tried per move: a scramble draws every unknown afresh, so one already differs from the real
# position wherever a secret could show; the others catch what only some combinations would show.
SAMPLES = 3


def seen_by(engine: Engine, applied: ApplyResult, seat: Seat) -> tuple:
    """What ``seat`` perceives of a move's outcome: its view, the log lines it may read, its notices. (The
    moves it is offered next are not compared: they follow from its view, which the whole-game
    hidden-information tests check page by page, legal moves included.)"""
    view = engine.view(applied.state, seat)
    log = [entry.to_json() for entry in applied.log if entry.visible_to is None or seat in entry.visible_to]
    notices = [(n.key, n.params) for n in getattr(applied, "notices", ()) if n.seat == seat]
    return view, log, notices


def reveals_to_mover(engine: Engine, before: Any, seat: Seat, move: Move, applied: ApplyResult, *,
                     seed: int = 0, samples: int = SAMPLES) -> bool:
    """True when ``move`` (``before`` → ``applied``) let ``seat`` see anything it could not have known."""
    return reveals_to(engine, before, seat, seat, move, applied, seed=seed, samples=samples)


def reveals_to(engine: Engine, before: Any, observer: Seat, mover: Seat, move: Move, applied: ApplyResult, *,
               seed: int = 0, samples: int = SAMPLES) -> bool:
    """True when ``mover``'s ``move`` (``before`` → ``applied``) let ``observer`` see anything it could not have
    known (for the mover itself, and for a person about a bot's reply they may take back with their own
    move, ``play.undo``). The move applied to positions the observer cannot tell from this one must be legal
    in each and show the observer the same thing. For another seat's move, the mover must also know nothing
    the observer does not (its own view the same in all of them): a move chosen with a secret (a tile from
    its hand, even one of many alike, a choice weighed by its secret card) tells the observer about it."""
    if not hidden.can_resample(engine):
        return True
    own_check = getattr(engine, "move_reveals_hidden", None)
    if own_check is not None and own_check(before, applied.state):
        return True
    seen = seen_by(engine, applied, observer)
    shown_before = engine.view(before, observer)
    movers_view = engine.view(before, mover) if mover != observer else None
    for k in range(samples):
        other = hidden.resample(engine, before, observer, seed * samples + k)
        if engine.view(other, observer) != shown_before:
            return True  # not a position the observer could mistake for this one: it proves nothing, refuse
        if movers_view is not None and engine.view(other, mover) != movers_view:
            return True  # the mover knew something hidden from the observer: its move may tell it
        try:
            outcome = engine.apply(other, mover, move)
        except IllegalMove:
            return True  # its acceptance depended on something hidden
        if seen_by(engine, outcome, observer) != seen:
            return True
    return False
