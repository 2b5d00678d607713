"""Bots: the moves owed by bot seats, and the answers of bot seats that owe nothing but are addressed
(the engine's ``may_act`` and ``answers``: an offer made to them), played in a row by a task."""

from __future__ import annotations

from dataclasses import dataclass

from kit.base import answers, may_act

from .. import registry
from ..errors import Conflict
from ..models import Game
from .core import state_load
from .playing import move_apply

# --- bots ----------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class BotTurns:
    played: int  # moves the bots made
    version: int  # the game's version after them
    more: bool  # stopped at the limit: a bot may still owe a move


def bot_turns_play(*, game_id: int, version: int, limit: int) -> BotTurns:
    """Play the moves that bot seats owe, one after another, while the game stays at the
    version the last one made. Does nothing when the game moved on since ``version`` (the
    task that is queued for the new version carries on), so running it twice is harmless."""
    from .. import bots

    played = 0
    for _turn in range(limit):
        game = Game.objects.filter(pk=game_id).first()
        if game is None or game.status != Game.Status.ACTIVE or game.version != version:
            return BotTurns(played, version, more=False)
        engine = registry.get(game.game_type)
        state = state_load(engine=engine, game=game)
        seat, among = _next_bot(game, engine, state)
        if seat is None:
            return BotTurns(played, version, more=False)
        # the same move if run twice; a private step moves no version, so the seat's draft counts too (a bot
        # that builds and takes back a plan step does not meet the same choice again, issue 39.5)
        seed = hash((game.seed, game.version, seat.index, len(seat.draft))) & 0xFFFFFFFF
        move = bots.choose_move(game.game_type, seat.played_by_bot, engine, state, seat.index, seed=seed,
                                legal=among)
        try:
            game = move_apply(game_id=game_id, seat_index=seat.index, bot_level=seat.played_by_bot, move=move,
                              expected_version=version, queue_bots=False)
        except Conflict:
            return BotTurns(played, version, more=False)  # someone else moved first: their task carries on
        played += 1
        version = game.version
    return BotTurns(played, version, more=True)


def _next_bot(game: Game, engine, state):
    """The bot seat to move next and the moves it chooses among (None: all its legal moves): a seat that owes
    a decision first; else one that owes nothing but has something to answer (``kit.base.answers``: one
    answer settles it, so a bot never answers the same offer twice)."""
    bot_seats = [s for s in game.seats.order_by("index") if s.played_by_bot]
    owing = next((s for s in bot_seats if s.owes_move), None)
    if owing is not None:
        return owing, None
    free = may_act(engine, state)
    for seat in bot_seats:
        if seat.index in free:
            among = answers(engine, state, seat.index)
            if among:
                return seat, among
    return None, None
