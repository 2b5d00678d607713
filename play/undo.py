"""When a player may take back their own move (DESIGN: "Taking moves back"): it is the game's
last row (nobody else acted since, no platform event either), it was made by that person (not a
bot standing in), and it showed its mover nothing they could not have known (``kit.reveal``,
decided when it was applied and kept on the row). Read by the game page (to offer the button),
the API and ``services.move_undo`` (to refuse otherwise)."""

from __future__ import annotations

from kit import reveal

from .models import Game, Move, Seat


def reveals_nothing(engine, before, seat: int, move: dict, applied, *, seed: int) -> bool:
    """Asked once, when a person's move is applied: did it show its mover nothing they could not
    have known? The same rule for every game (``kit.reveal``); an engine that cannot tell never
    offers undo."""
    return not reveal.reveals_to_mover(engine, before, seat, move, applied, seed=seed)


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
