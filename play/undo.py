"""When a player may take back their own move (DESIGN: "Taking moves back"): it
is the game's last row (nobody else acted since, no platform event either), it
was made by that person (not a bot standing in), and the engine said when it was
applied that it revealed nothing hidden. Read by the game page (to offer the
button), the API and ``services.move_undo`` (to refuse otherwise)."""

from __future__ import annotations

from .models import Game, Move, Seat


def reveals_nothing(engine, before, after) -> bool:
    """Asked once, when the move is applied. An engine that cannot tell never offers undo."""
    check = getattr(engine, "move_reveals_hidden", None)
    return check is not None and not check(before, after)


def undoable_move(game: Game, seat: Seat | None, last: Move | None) -> Move | None:
    """``last`` is the game's latest move row (the page has it already: no query here)."""
    if game.status != Game.Status.ACTIVE or seat is None or last is None:
        return None
    if seat.kind != Seat.Kind.HUMAN or seat.played_by_bot or seat.resigned or seat.forfeited:
        return None
    if last.seq != game.version or last.kind != "move" or last.undone_at is not None:
        return None
    if last.seat != seat.index or last.by_user_id is None or last.by_user_id != seat.user_id:
        return None
    return last if last.reveals_nothing else None
