"""Rebuilding a game from its seed and move log (verification and replays)."""

from __future__ import annotations

from kit.base import redraw_hidden, time_out

from . import registry
from .models import Game


def replay_states(game: Game, *, upto: int | None = None):
    """Yield (seq, state) after the start and after each kept row, up to ``upto``
    (a move sequence number). Platform events change no state (but an engine's own time-out), moves a moderator's
    rollback undid are skipped, and a rollback draws the hidden future afresh from the
    seed its row records (as ``community.game_moderation.game_rollback`` did)."""
    engine = registry.get(game.game_type)
    seats = game.seats.count()
    started = engine.new_game(game.options, seats, game.seed)
    state = started.state
    kept = game.moves.filter(undone_at__isnull=True).order_by("seq")
    for move in kept.only("seq", "seat", "kind", "payload", "steps_before"):
        if upto is not None and move.seq > upto:
            break
        for step in move.steps_before or ():  # the seat's private steps, written with its next row
            state = engine.apply(state, move.seat, step).state
        if move.kind == "move":
            state = engine.apply(state, move.seat, move.payload).state
        elif move.kind == "timeout" and move.payload.get("engine"):  # the rules' own time-out changed the state
            state = time_out(engine, state, move.seat).state
        elif move.kind == "rollback" and "seed" in move.payload:
            state = redraw_hidden(engine, state, move.payload["seed"])
        yield move.seq, state


def replay_final_state(game: Game, *, upto: int | None = None, drafts: bool = True):
    """The engine and the state at the end of the replay (after row ``upto`` when given):
    what ``verify_games`` compares, an undo and a rollback restore, a replay page shows. At the end (no
    ``upto``) the seats' drafts (private steps in no row yet, ``Seat.draft``) are applied last: they
    commute with the other seats' rows (``RulesEngine.private_step``)."""
    engine = registry.get(game.game_type)
    state = None
    for _seq, state in replay_states(game, upto=upto):  # noqa: B007 (the last one is the answer)
        pass
    if upto is None and drafts:
        for seat in game.seats.exclude(draft=[]).order_by("index"):
            for step in seat.draft:
                state = engine.apply(state, seat.index, step).state
    return engine, state
