"""The only code that changes a game (HackSoft style: one service per write,
keyword-only arguments, ``<thing>_<action>`` names), one module per concern:

- ``opening``: create, join, decline, leave, cancel; a game starts when full;
- ``playing``: a seat's move, undo, resignation, time-out, taking a seat back;
- ``moderation``: what moderators and admins change in a game (tiers are checked by the moderation app);
- ``sweeps``: clocks moved by vacations, time-outs, reminders, open games that expire;
- ``bot_turns``: the moves owed by bot seats;
- ``core``: the steps every write shares (lock, state in and out, the log, the end, after any change).

Every write to a running game follows the same shape: lock the game row
(``select_for_update``), check who may do it and that the client saw the
current version, let the engine decide, append to the move log, save the
snapshot, and end with one ``emit(game)`` (``play.changes``): the other apps write their
rows inside the transaction; the streams and the bot queue hear of it on commit.

Refusals are ``play.errors`` (a key and its parameters; re-exported here):
each interface words them and picks the HTTP answer (``play.http_errors``).
Callers import from ``play.services``; the modules are its inside.
"""

from ..errors import BadMove, Conflict, DamagedGame, MoveOvertaken, NotAllowed, ServiceError, StaleVersion, TooMany
from .bot_turns import BotTurns, bot_turns_play
from .core import SeatSpec, lock_game, log_event, state_load
from .moderation import (
    MODERATOR_NOT_IN_LOG,
    game_abort,
    game_adjudicate,
    game_annul,
    game_rollback,
    seat_give_to_user,
    seat_replace_by_bot,
    user_deactivate,
)
from .opening import (
    DECLINE_REASONS,
    MAX_BANK_SECONDS,
    MAX_INCREMENT_SECONDS,
    game_cancel,
    game_create,
    game_decline,
    game_join,
    game_leave,
)
from .playing import (
    SEEN_SEQ_MAX,
    game_resign,
    move_apply,
    move_check,
    move_undo,
    seat_summary_seen,
    seat_take_back,
    seat_timeout,
)
from .suspension import user_lock, user_seats_return
from .sweeps import clocks_reschedule, open_games_expire, reminders_send, seats_time_out

__all__ = [
    "MAX_BANK_SECONDS", "MAX_INCREMENT_SECONDS", "MODERATOR_NOT_IN_LOG", "SEEN_SEQ_MAX", "BadMove", "BotTurns",
    "Conflict", "DamagedGame", "MoveOvertaken", "NotAllowed", "SeatSpec",
    "ServiceError", "StaleVersion", "TooMany", "bot_turns_play", "clocks_reschedule", "game_abort", "game_adjudicate",
    "DECLINE_REASONS", "game_annul", "game_cancel", "game_create", "game_decline", "game_join", "game_leave",
    "game_resign",
    "game_rollback", "lock_game", "log_event", "move_apply", "move_check", "move_undo", "open_games_expire",
    "reminders_send",
    "seat_give_to_user", "seat_replace_by_bot", "seat_summary_seen", "seat_take_back", "seat_timeout",
    "seats_time_out", "state_load", "user_deactivate", "user_lock", "user_seats_return",
]
