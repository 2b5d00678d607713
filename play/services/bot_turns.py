"""Bots: the moves owed by bot seats, and the answers of bot seats that owe nothing but are addressed
(the engine's ``may_act`` and ``answers``: an offer made to them), played in a row by a task."""

from __future__ import annotations

import logging
import time
from dataclasses import dataclass

from django.conf import settings
from django.core.cache import cache

from kit.base import answers, may_act
from kit.search import thinking

from .. import bot_work, registry
from ..errors import BadMove, Conflict
from ..models import Game
from .core import state_load
from .playing import move_apply

log = logging.getLogger(__name__)

# --- bots ----------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class BotTurns:
    played: int  # moves the bots made
    version: int  # the game's version after them
    more: bool  # stopped at the limit (of moves, or the task's time slice): a bot may still owe a move
    retry_in: float | None = None  # not now (decided elsewhere, or too many at once): try again in these seconds


def bot_turns_play(*, game_id: int, version: int, limit: int, slice_seconds: float | None = None,
                   share: bool = True) -> BotTurns:
    """Play the moves that bot seats owe, one after another, while the game stays at the
    version the last one made. Does nothing when the game moved on since ``version`` (the
    task that is queued for the new version carries on), so running it twice is harmless.
    Each decision is made once per position (``play.bot_work``): another task deciding it, the game is left
    to that task; the account's games thinking elsewhere already, ``retry_in`` says when to try again. After
    ``slice_seconds`` the moves stop (``more``) so the task's successor waits its turn behind other games.
    ``share``: the caps on heavy decisions at once apply (False: run eagerly, in the request, with no worker
    to share and no task to try again later)."""
    played = 0
    started = time.monotonic()
    for _turn in range(limit):
        if played and slice_seconds is not None and time.monotonic() - started >= slice_seconds:
            break
        game = Game.objects.filter(pk=game_id).first()
        if game is None or game.status != Game.Status.ACTIVE or game.version != version:
            return BotTurns(played, version, more=False)
        engine = registry.get(game.game_type)
        state = state_load(engine=engine, game=game)
        seat, among = _next_bot(game, engine, state)
        if seat is None:
            return BotTurns(played, version, more=False)
        run = bot_work.own_run(game, seat.index)
        if run >= settings.BOT_MOVES_IN_A_ROW_MAX:
            _say_caught_in_a_cycle(game, seat, run)
            return BotTurns(played, version, more=False)
        legal = engine.legal_moves(state, seat.index) if among is None else among
        position = bot_work.position_key(seat.played_by_bot, engine.view(state, seat.index), legal,
                                         steps=len(seat.draft), run=run)
        claim = bot_work.claim(game, seat.index, position, level=seat.played_by_bot, share=share)
        if claim.busy or claim.wait:
            # Busy: the task deciding it plays it and carries on (tried again after its lease, in case it died).
            return BotTurns(played, version, more=False, retry_in=claim.retry_in)
        move = claim.decided
        if move is None:
            move = _decide(game, seat, engine, state, legal, claim.decision)
        try:
            game = move_apply(game_id=game_id, seat_index=seat.index, bot_level=seat.played_by_bot, move=move,
                              expected_version=version, queue_bots=False)
        except Conflict:
            return BotTurns(played, version, more=False)  # someone else moved first: their task carries on
        except BadMove:
            if claim.decided is None:
                if _changed_since_read(game):
                    # Another task's private step (a plan behind the screen: no version) landed between this
                    # task's reads of the position and of the seats: that task carries on, as after a Conflict.
                    return BotTurns(played, version, more=False)
                raise  # refused on the very position it was decided on: the bot's own fault, said loudly
            bot_work.forget(claim.decision)  # the stored move does not fit this position after all
            continue
        played += 1
        version = game.version
    return BotTurns(played, version, more=True)


def _changed_since_read(game: Game) -> bool:
    """The game's position is no longer the one ``game`` was read with."""
    return Game.objects.filter(pk=game.pk).values_list("state", flat=True).first() != game.state


def _say_caught_in_a_cycle(game: Game, seat, run: int) -> None:
    """Once per game version (the lost-turn sweep queues the game again every few seconds): an error for the
    operators, with what a moderator can do."""
    if cache.add(f"bot-cycle:{game.pk}:{game.version}", 1, timeout=86400):
        log.error("game %s: the %s bot of seat %s made %s moves in a row without another seat moving; its moves "
                  "stop here until a moderator gives the seat to another bot, adjudicates or aborts the game",
                  game.pk, seat.played_by_bot, seat.index, run)


def _decide(game: Game, seat, engine, state, legal, row) -> dict:
    """The chooser's move within the account's budget, stored with what it cost (the claim is given up if the
    chooser fails)."""
    from .. import bots

    # the same move if run twice; a private step moves no version, so the seat's draft counts too (a bot that
    # builds and takes back a plan step does not meet the same choice again, issue 39.5)
    seed = hash((game.seed, game.version, seat.index, len(seat.draft))) & 0xFFFFFFFF
    watch = bot_work.Stopwatch()
    try:
        with thinking(bot_work.budget_for(game.created_by_id)) as spending:
            move = bots.choose_move(game.game_type, seat.played_by_bot, engine, state, seat.index, seed=seed,
                                    legal=legal)
    except BaseException:
        bot_work.release(row)
        raise
    wall, cpu = watch.read()
    bot_work.record(row, move, cpu_seconds=cpu, wall_seconds=wall, budget_hit=spending.hit)
    return move


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
