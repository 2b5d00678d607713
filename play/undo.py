"""When a player may take back their own move (DESIGN: "Taking moves back"): it is their latest move, made
by that person (not a bot standing in), and it showed them nothing they could not have known
(``kit.reveal``, decided when it was applied and kept on the row), and changed nothing of another
seat's (``changes_only_own``: a trade once made stays made, issue 42). Everything after it in the log must be
the replies of bot seats (issue 29: undo against bots), each of which showed this player nothing hidden
either (decided when the bot moved, for every person's seat, and kept on the row) and none of which a bot
could already make before the player's move (a secret choice made at the same time is no reply: seeing it
and then choosing again is what undo must never allow). No other person, no platform event since. The
player's move and the replies are taken back together (``services.move_undo``). Read by the game page (to
offer the button), the API and ``services.move_undo`` (to refuse otherwise)."""

from __future__ import annotations

from collections.abc import Sequence

from kit import reveal

from .models import Game, Move, Seat

# The most bot replies one take-back crosses (a bot's chain of steps counts each step); the rows read for it.
MAX_REPLIES = 40
ROWS_READ = MAX_REPLIES + 1
# Positions tried per person for a bot's move: a bot's secret shows in its own view in almost any of them;
# more than for the mover's own move, as what a bot knows may be small (one tile kind among many alike).
OBSERVER_SAMPLES = reveal.SAMPLES + 2


def reveals_nothing(engine, before, seat: int, move: dict, applied, *, seed: int, players: int) -> bool:
    """Asked once, when a person's move is applied: may its mover take it back, as far as the move itself
    goes? It showed them nothing they could not have known (the same rule for every game, ``kit.reveal``; an
    engine that cannot tell never offers undo), and it was theirs alone (``changes_only_own``: a trade once
    made stays made). Kept on the row as ``reveals_nothing``."""
    return changes_only_own(engine, before, seat, applied.state, players) and \
        not reveal.reveals_to_mover(engine, before, seat, move, applied, seed=seed)


def changes_only_own(engine, before, seat: int, after, players: int) -> bool:
    """Issue 42 (« Les promesses, engagements et autres contrats entre les joueurs doivent être respectés »):
    a move that completes an agreement with another seat, or moves anything to or from it, is never its
    mover's alone to take back. Decided the same way for every game from what the move changed for the
    other seats: each seat's part of the position (``engine.seat_part(state, seat)``: what it holds and the
    agreements it is party to) must be the same after as before for every seat but the mover. An engine
    without ``seat_part`` has no seat-to-seat exchange: nothing to compare."""
    part = getattr(engine, "seat_part", None)
    if part is None:
        return True
    return all(part(before, other) == part(after, other) for other in range(players) if other != seat)


def hides_nothing_from(engine, before, bot: Seat, seats: Sequence[Seat], move: dict, applied, *,
                       seed: int) -> list[int]:
    """Asked once, when a bot seat's move is applied: the people's seats it showed nothing they could not
    have known (each seat's own check, ``kit.reveal.reveals_to``: a bot that holds a secret from a seat, a
    hand of tiles, a card, never replies "showing nothing" to it; a card drawn face down by nobody's
    knowledge shows nothing)."""
    people = [s.index for s in seats if s.kind == Seat.Kind.HUMAN and s.index != bot.index
              and not (s.resigned or s.forfeited)]
    if not changes_only_own(engine, before, bot.index, applied.state, len(seats)):
        return []  # a bot's move that traded with a seat (its acceptance of a person's offer) stays made
    return [index for index in people
            if not reveal.reveals_to(engine, before, index, bot.index, move, applied, seed=seed,
                                     samples=OBSERVER_SAMPLES)]


def undoable_moves(game: Game, seat: Seat | None, newest: Sequence[Move]) -> list[Move] | None:
    """The rows a take-back by ``seat`` would undo, oldest first (the player's own move, then the bots'
    replies), or None when it may not take back. ``newest``: the game's latest rows, oldest first, undone
    ones included (the page has them already: no query here)."""
    if game.status != Game.Status.ACTIVE or seat is None or not newest or newest[-1].seq != game.version:
        return None
    if seat.kind != Seat.Kind.HUMAN or seat.played_by_bot or seat.resigned or seat.forfeited:
        return None
    replies: list[Move] = []
    expected_seq = game.version
    for row in reversed(newest):
        if row.seq != expected_seq or row.kind != Move.Kind.MOVE or row.undone_at is not None:
            return None  # a gap in the rows given, a platform event, or a move taken back already
        expected_seq -= 1
        if row.seat == seat.index:
            return _own_move_with(row, seat, replies)
        if len(replies) >= MAX_REPLIES or not _bot_reply_for(row, seat):
            return None
        replies.append(row)
    return None


def undoable_move(game: Game, seat: Seat | None, newest: Sequence[Move]) -> Move | None:
    """The player's own move a take-back would undo (what the page's button names), or None."""
    rows = undoable_moves(game, seat, newest)
    return rows[0] if rows else None


def _bot_reply_for(row: Move, seat: Seat) -> bool:
    """A bot seat's move that showed this seat nothing hidden (``reveals_nothing_to``: only a bot seat's
    rows have it; a bot standing in for a person has none)."""
    return bool(row.by_bot) and row.by_user_id is None and seat.index in (row.reveals_nothing_to or [])


def _own_move_with(own: Move, seat: Seat, replies: list[Move]) -> list[Move] | None:
    if own.by_user_id is None or own.by_user_id != seat.user_id or not own.reveals_nothing:
        return None
    if replies:
        could_act = own.acting_before
        if could_act is None or any(reply.seat in could_act for reply in replies):
            return None  # a bot that could act before the move did not reply to it (or we cannot tell)
    return [own, *reversed(replies)]
