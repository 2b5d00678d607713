"""The only code that changes a game (HackSoft style: one service per write,
keyword-only arguments, ``<thing>_<action>`` names).

Every write to a running game follows the same shape: lock the game row
(``select_for_update``), check who may do it and that the client saw the
current version, let the engine decide, append to the move log, save the
snapshot, and enqueue follow-up work with ``transaction.on_commit``.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from datetime import timedelta

from django.contrib.auth import get_user_model
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from notifications import services as notify

from . import plain_reads, seat_clocks, signals, texts, undo
from . import registry
from .engines.base import IllegalMove, InvalidOptions, InvalidState
from .models import Game, Move, Seat
from .replay import replay_final_state

log = logging.getLogger(__name__)
User = get_user_model()


class ServiceError(Exception):
    """A request the rules of the site refuse; ``status`` is the HTTP code to answer."""

    status = 400

    def __init__(self, message: str):
        super().__init__(message)
        self.message = message


class NotAllowed(ServiceError):
    status = 403


class Conflict(ServiceError):
    """The game moved on since the client looked (stale or repeated submission)."""

    status = 409


class TooMany(ServiceError):
    """A limit on how often something may be done (try again later)."""

    status = 429


class StaleVersion(Conflict):
    """The client chose its move at an older version: someone moved first (or it was sent twice)."""


class BadMove(ServiceError):
    status = 400

    def __init__(self, message: str, *, key: str = "illegal", params: dict | None = None):
        super().__init__(message)
        self.key = key
        self.params = params or {}


class DamagedGame(ServiceError):
    """The stored position fails the engine's own checks: nobody plays or sees it until
    staff repair it (answered 503 by the site's error handler; nothing is changed)."""

    status = 503


def state_load(*, engine, game: Game):
    """The engine's state of a stored game; a snapshot the engine refuses is not served."""
    try:
        return engine.load(game.state)
    except InvalidState as exc:
        log.error("game %s: stored %s state refused: %s", game.pk, game.game_type, exc)
        raise DamagedGame(_("This game's saved position is damaged, so it cannot be shown or played for now. "
                            "The site's staff have been told; nothing was changed.")) from None


def _state_store(engine, game: Game, state) -> None:
    """Snapshot ``state`` into the game row, after the engine accepts it back."""
    data = engine.dump(state)
    try:
        engine.load(data)
    except InvalidState as exc:
        log.error("game %s: %s engine produced a state it refuses: %s", game.pk, game.game_type, exc)
        raise DamagedGame(_("This move would leave the game in a damaged position, so it was not played. "
                            "The site's staff have been told.")) from None
    game.state = data


@dataclass(frozen=True)
class SeatSpec:
    """How a seat is filled at creation: 'me', 'open', 'invite' (+ username) or 'bot' (+ level)."""

    kind: str
    username: str = ""
    bot_level: str = ""


# --- opening games -------------------------------------------------------------------------------


@transaction.atomic
def game_create(
    *,
    creator,
    game_type: str,
    options: dict,
    seats: list[SeatSpec],
    is_private: bool = False,
    initial_seconds: int = 3 * 86400,
    increment_seconds: int = 86400,
    max_seconds: int = 7 * 86400,
    timeout_rule: str = Game.TimeoutRule.BOT,
    timeout_bot_level: str = "random",
    max_per_hour: int | None = None,
) -> Game:
    """Open a game. ``max_per_hour`` (the pages pass settings.GAMES_PER_HOUR) limits
    how many games the creator may open in an hour: a flood would fill the lobby
    and other players' invitation lists."""
    from . import bots

    if max_per_hour is not None:
        since = timezone.now() - timedelta(hours=1)
        if Game.objects.filter(created_by=creator, created_at__gte=since).count() >= max_per_hour:
            raise TooMany(_("You opened %(n)d games in the last hour, the most allowed; try again later.")
                          % {"n": max_per_hour})

    try:
        engine = registry.get(game_type)
    except KeyError:
        raise ServiceError(_("Unknown game “%(game)s”.") % {"game": game_type}) from None
    players = len(seats)
    if not engine.min_players <= players <= engine.max_players:
        raise ServiceError(
            _("%(game)s is played by %(min)d to %(max)d players.")
            % {"game": engine.name, "min": engine.min_players, "max": engine.max_players}
        )
    try:
        options = engine.validate_options(options, players)
    except InvalidOptions as exc:
        raise ServiceError(str(exc)) from None
    if sum(1 for s in seats if s.kind == "me") != 1:
        raise ServiceError(_("The creator takes exactly one seat."))
    if timeout_rule not in Game.TimeoutRule.values:
        raise ServiceError(_("Unknown timeout rule."))
    if timeout_bot_level not in bots.levels_for(game_type):
        raise ServiceError(_("Unknown bot level “%(level)s”.") % {"level": timeout_bot_level})
    if not (3600 <= initial_seconds <= 60 * 86400 and 0 <= increment_seconds <= 30 * 86400):
        raise ServiceError(_("The time bank must be between 1 hour and 60 days, the increment at most 30 days."))
    if max_seconds < initial_seconds:
        raise ServiceError(_("The time bank cap cannot be smaller than the initial bank."))

    game = Game.objects.create(
        game_type=game_type,
        options=options,
        created_by=creator,
        is_private=is_private,
        initial_seconds=initial_seconds,
        increment_seconds=increment_seconds,
        max_seconds=max_seconds,
        timeout_rule=timeout_rule,
        timeout_bot_level=timeout_bot_level,
    )
    invited: set[int] = set()
    now = timezone.now()
    colours = registry.definition(game_type).seat_colours
    for index, spec in enumerate(seats):
        seat = Seat(game=game, index=index, colour=colours[index], bank_seconds=initial_seconds)
        if spec.kind == "me":
            seat.kind, seat.user, seat.joined_at = Seat.Kind.HUMAN, creator, now
        elif spec.kind == "open":
            seat.kind = Seat.Kind.OPEN
        elif spec.kind == "invite":
            user = User.objects.filter(username__iexact=spec.username.strip(), is_active=True).first()
            if user is None:
                raise ServiceError(_("No player is called “%(name)s”.") % {"name": spec.username})
            if user == creator or user.pk in invited:
                raise ServiceError(_("A player can take only one seat in a game."))
            from community.services import check_can_invite

            check_can_invite(inviter=creator, invitee=user)  # the invitee's privacy choice
            invited.add(user.pk)
            seat.kind, seat.user = Seat.Kind.INVITED, user
        elif spec.kind == "bot":
            if spec.bot_level not in bots.levels_for(game_type):
                raise ServiceError(_("Unknown bot level “%(level)s”.") % {"level": spec.bot_level})
            seat.kind, seat.bot_level, seat.joined_at = Seat.Kind.BOT, spec.bot_level, now
        else:
            raise ServiceError(_("Unknown seat kind “%(kind)s”.") % {"kind": spec.kind})
        seat.save()
    _start_if_full(game)
    return game


@transaction.atomic
def game_join(*, game_id: int, user, invite_token: str | None = None) -> Game:
    """Take an open seat (or accept an invitation). Private games need the token."""
    game = lock_game(game_id)
    if game.status != Game.Status.OPEN:
        raise ServiceError(_("This game is no longer open."))
    seats = list(game.seats.all())
    mine = [s for s in seats if s.user_id == user.pk]
    invited = next((s for s in mine if s.kind == Seat.Kind.INVITED), None)
    if invited is not None:
        seat = invited
    else:
        if any(s.kind == Seat.Kind.HUMAN for s in mine):
            raise ServiceError(_("You already have a seat in this game."))
        if game.is_private and invite_token != game.invite_token:
            raise NotAllowed(_("This game is private: you need its invitation link."))
        seat = next((s for s in seats if s.kind == Seat.Kind.OPEN), None)
        if seat is None:
            raise ServiceError(_("There is no open seat left."))
    seat.kind, seat.user, seat.joined_at = Seat.Kind.HUMAN, user, timezone.now()
    seat.save(update_fields=["kind", "user", "joined_at"])
    _start_if_full(game)
    return game


@transaction.atomic
def game_decline(*, game_id: int, user) -> Game:
    """An invited user says no: the seat becomes open for anyone."""
    game = lock_game(game_id)
    seat = game.seats.filter(user=user, kind=Seat.Kind.INVITED).first()
    if game.status != Game.Status.OPEN or seat is None:
        raise ServiceError(_("There is no invitation to decline."))
    seat.kind, seat.user = Seat.Kind.OPEN, None
    seat.save(update_fields=["kind", "user"])
    return game


@transaction.atomic
def game_leave(*, game_id: int, user) -> Game:
    """Leave a game that has not started (not the creator: the creator cancels)."""
    game = lock_game(game_id)
    if game.status != Game.Status.OPEN:
        raise ServiceError(_("The game has started: resign instead."))
    if game.created_by_id == user.pk:
        raise ServiceError(_("You opened this game: cancel it instead."))
    seat = game.seats.filter(user=user, kind=Seat.Kind.HUMAN).first()
    if seat is None:
        raise ServiceError(_("You have no seat in this game."))
    seat.kind, seat.user, seat.joined_at = Seat.Kind.OPEN, None, None
    seat.save(update_fields=["kind", "user", "joined_at"])
    return game


@transaction.atomic
def game_cancel(*, game_id: int, user) -> Game:
    game = lock_game(game_id)
    if game.created_by_id != user.pk and not user.is_staff:
        raise NotAllowed(_("Only the player who opened the game can cancel it."))
    if game.status != Game.Status.OPEN:
        raise ServiceError(_("Only a game that has not started can be cancelled."))
    game.status = Game.Status.CANCELLED
    game.finished_at = timezone.now()
    game.save(update_fields=["status", "finished_at", "updated_at"])
    return game


def _start_if_full(game: Game) -> None:
    seats = list(game.seats.select_for_update().order_by("index"))
    if any(s.kind in (Seat.Kind.OPEN, Seat.Kind.INVITED) for s in seats):
        return
    engine = registry.get(game.game_type)
    started = engine.new_game(game.options, len(seats), game.seed)
    _state_store(engine, game, started.state)
    game.status = Game.Status.ACTIVE
    game.started_at = timezone.now()
    game.version = 1
    Move.objects.create(
        game=game, seq=1, seat=None, kind="start", payload={"type": "start"},
        log=[entry.to_json() for entry in started.log],
    )
    _after_change(game, engine, started.state, seats, moved_seat=None)
    game.save()


# --- playing ---------------------------------------------------------------------------------------


def move_apply(*, game_id: int, user=None, seat_index: int | None = None, move: dict, expected_version: int,
               bot_level: str = "", queue_bots: bool = True) -> Game:
    """Apply one move for the user's seat (or, for a bot, the given seat).

    A stale ``expected_version`` (the game moved on, or the same submission
    arrives twice) raises Conflict and changes nothing."""
    if not isinstance(move, dict) or not isinstance(move.get("type"), str):
        raise BadMove(_("A move must be an object with a “type”."))
    with transaction.atomic():
        game = lock_game(game_id)
        if game.status != Game.Status.ACTIVE:
            raise Conflict(_("This game is not in progress."))
        if expected_version != game.version:
            raise StaleVersion(
                _("The game has changed since you looked at it (you saw version %(seen)s, it is now at %(now)s).")
                % {"seen": expected_version, "now": game.version}
            )
        # The users come along (the "your turn" e-mail needs one); only the seats are locked.
        seats = plain_reads.seats_for_update(game)
        seat = _acting_seat(seats, user=user, seat_index=seat_index, bot_level=bot_level)
        engine = registry.get(game.game_type)
        state = state_load(engine=engine, game=game)
        if seat.index not in engine.pending(state):
            raise Conflict(_("It is not your turn to move."))
        try:
            applied = engine.apply(state, seat.index, move)
        except IllegalMove as exc:
            raise BadMove(exc.message, key=exc.key, params=exc.params) from None
        game.version += 1
        Move.objects.create(
            game=game, seq=game.version, seat=seat.index, payload=move,
            log=[entry.to_json() for entry in applied.log],
            by_user=user if user is not None and user.is_authenticated else None, by_bot=bot_level,
            reveals_nothing=undo.reveals_nothing(engine, state, applied.state),
        )
        _state_store(engine, game, applied.state)
        _after_change(game, engine, applied.state, seats, moved_seat=seat, queue_bots=queue_bots)
        game.save()
    return game


def _acting_seat(seats: list[Seat], *, user, seat_index: int | None, bot_level: str) -> Seat:
    if bot_level:
        seat = seats[seat_index]
        if seat.played_by_bot != bot_level:
            raise Conflict(_("This seat is no longer played by that bot."))
        return seat
    mine = [s for s in seats if user is not None and s.user_id == user.pk and s.kind == Seat.Kind.HUMAN]
    if not mine:
        raise NotAllowed(_("You do not play in this game."))
    seat = mine[0]
    if seat.forfeited or seat.resigned:
        raise NotAllowed(_("You have left this game."))
    if seat.substitute_bot:
        raise Conflict(_("A bot is playing your seat; take it back first."))
    return seat


def move_undo(*, game_id: int, user, expected_version: int) -> Game:
    """The player takes back their own last move: only while nobody else has acted
    since and the move revealed nothing hidden (``games.undo``). The move stays in
    the log, marked as taken back; the position is rebuilt from the seed and the
    moves kept, so ``verify_games`` still replays the game."""
    with transaction.atomic():
        game = lock_game(game_id)
        if game.status != Game.Status.ACTIVE:
            raise Conflict(_("This game is not in progress."))
        if expected_version != game.version:
            raise StaleVersion(_("The game has changed since you looked at it."))
        seats = plain_reads.seats_for_update(game)
        seat = _acting_seat(seats, user=user, seat_index=None, bot_level="")
        last = game.moves.order_by("-seq").first()
        if undo.undoable_move(game, seat, last) is None:
            raise NotAllowed(_("You can take back only your own last move, while nobody else has moved "
                               "since and it showed nothing hidden."))
        now = timezone.now()
        Move.objects.filter(pk=last.pk).update(undone_at=now, taken_back=True)
        engine, state = replay_final_state(game)
        game.state = engine.dump(state)
        log_event(game, seat.index, "undo", {"type": "undo", "seq": last.seq}, by_user=user)
        _resync_after_undo(game, engine, state, seats, undoing=seat, now=now)
        if any(s.owes_move and s.played_by_bot for s in seats):
            enqueue_bots(game)  # a bot owing a decision beside the undone move: its task saw the old version
        game.save()
    return game


def _resync_after_undo(game: Game, engine, state, seats: list[Seat], *, undoing: Seat, now) -> None:
    """Seats that owed a decision only because of the undone move stop owing without
    being charged; the undoing seat owes again and gives back the move's increment
    (taking back and replaying a move must not earn time). Nobody gets a "your turn" mail."""
    pending = engine.pending(state)
    vacations = seat_clocks.vacations_of([s.user_id for s in seats], now)
    for seat in seats:
        owes = seat.index in pending
        before = [getattr(seat, f) for f in seat_clocks.CLOCK_FIELDS]
        if seat is undoing and owes:
            seat.bank_seconds = max(seat.bank_seconds - game.increment_seconds, 0)
        if owes and not seat.owes_move:
            seat_clocks.start(game, seat, now, vacations.get(seat.user_id, []))
        elif not owes and seat.owes_move:
            seat.owes_move, seat.owes_since, seat.deadline, seat.reminder_at = False, None, None, None
        if [getattr(seat, f) for f in seat_clocks.CLOCK_FIELDS] != before:
            seat.save(update_fields=seat_clocks.CLOCK_FIELDS)


@transaction.atomic
def game_resign(*, game_id: int, user) -> Game:
    """The player leaves. The seat forfeits (ranked last) and a bot finishes its
    moves; when at most one player is left in the game, it ends."""
    game = lock_game(game_id)
    if game.status != Game.Status.ACTIVE:
        raise ServiceError(_("Only a game in progress can be resigned."))
    seats = list(game.seats.select_for_update().order_by("index"))
    seat = next((s for s in seats if s.user_id == user.pk and s.kind == Seat.Kind.HUMAN), None)
    if seat is None:
        raise NotAllowed(_("You do not play in this game."))
    if seat.resigned or seat.forfeited:
        raise ServiceError(_("You have already left this game."))
    seat.resigned = True
    seat.save(update_fields=["resigned"])
    _forfeit_seat(game, seats, seat, kind="resign", by_user=user)
    return game


@transaction.atomic
def seat_timeout(*, game_id: int, seat_index: int, expected_deadline=None) -> bool:
    """The seat's clock ran out: apply the rule chosen at creation. Safe to call
    twice (the second call finds the seat no longer late and does nothing);
    returns whether the rule was applied."""
    game = lock_game(game_id)
    seats = list(game.seats.select_for_update().order_by("index"))
    seat = seats[seat_index]
    if game.status != Game.Status.ACTIVE or not seat.owes_move or seat.played_by_bot:
        return False
    if seat.deadline is None or seat.deadline > timezone.now():
        return False
    if expected_deadline is not None and seat.deadline != expected_deadline:
        return False
    if game.timeout_rule == Game.TimeoutRule.FORFEIT:
        seat.forfeited = True
        seat.save(update_fields=["forfeited"])
        _forfeit_seat(game, seats, seat, kind="forfeit", by_user=None)
    else:
        log_event(game, seat.index, "timeout", {"type": "timeout", "bot": game.timeout_bot_level})
        seat.substitute_bot = game.timeout_bot_level
        seat.deadline = seat.reminder_at = None  # a bot moves now: no clock to watch
        seat.save(update_fields=["substitute_bot", "deadline", "reminder_at"])
        game.save()
        enqueue_bots(game)
    return True


@transaction.atomic
def seat_take_back(*, game_id: int, user) -> Game:
    """A player whose seat a bot took over (timeout) plays again."""
    game = lock_game(game_id)
    seat = game.seats.select_for_update().filter(user=user, kind=Seat.Kind.HUMAN).first()
    if game.status != Game.Status.ACTIVE or seat is None or not seat.substitute_bot:
        raise ServiceError(_("No bot is playing a seat of yours in this game."))
    if seat.forfeited or seat.resigned:
        raise ServiceError(_("You have left this game."))
    seat.substitute_bot = ""
    seat.bank_seconds = game.initial_seconds  # a fresh bank: the old one ran out
    if seat.owes_move:
        seat.owes_since = timezone.now()
        seat_clocks.schedule(game, seat, seat_clocks.vacations_of([user.pk], seat.owes_since).get(user.pk, []))
    seat.save(update_fields=["substitute_bot", *seat_clocks.CLOCK_FIELDS])
    log_event(game, seat.index, "take_back", {"type": "take_back"})
    game.save()
    return game


SEEN_SEQ_MAX = 2_147_483_647  # PositiveIntegerField holds this on every database


def seat_summary_seen(*, game_id: int, user, version: int) -> None:
    """The player has read the "since your last visit" summary of this game up to
    ``version`` (their seat's ``seen_seq`` only grows, and never past the game)."""
    from django.db.models.functions import Greatest, Least

    if isinstance(version, bool) or not isinstance(version, int) or version < 0:
        raise ServiceError(_("The version must be a number."))
    # A number past any column (10**30 from a forged form) would overflow the database's
    # integer: no game gets that far, so it means "all of it" (capped at the game's version below).
    version = min(version, SEEN_SEQ_MAX)
    updated = Seat.objects.filter(game_id=game_id, user=user, kind=Seat.Kind.HUMAN).update(
        seen_seq=Greatest("seen_seq", Least(version, Game.objects.filter(pk=game_id).values("version")[:1])))
    if not updated:
        raise ServiceError(_("You have no seat in this game."))


# --- moderation (admin actions) --------------------------------------------------------------------


@transaction.atomic
def game_abort(*, game_id: int, by_user, reason: str = "") -> Game:
    game = lock_game(game_id)
    if game.is_over:
        raise ServiceError(_("This game is already over."))
    game.status = Game.Status.ABORTED
    game.abort_reason = reason
    transaction.on_commit(lambda: signals.game_aborted.send(sender=Game, game=game))
    game.finished_at = timezone.now()
    game.seats.update(owes_move=False, owes_since=None, deadline=None, reminder_at=None)
    if game.version:
        # The reason stays in the payload and the moderation log (staff); players read
        # only that a moderator aborted the game.
        log_event(game, None, "abort", {"type": "abort", "reason": reason}, by_user=by_user,
                  not_in_log=("type", "reason"))
    game.save()
    return game


@transaction.atomic
def seat_replace_by_bot(*, game_id: int, seat_index: int, bot_level: str, by_user) -> Game:
    """Moderation: a bot takes the seat for good (the human is no longer in it)."""
    from . import bots

    game = lock_game(game_id)
    if game.is_over:
        raise ServiceError(_("This game is already over."))
    if bot_level not in bots.levels_for(game.game_type):
        raise ServiceError(_("Unknown bot level “%(level)s”.") % {"level": bot_level})
    seat = game.seats.select_for_update().get(index=seat_index)
    former = texts.occupant_of(seat)  # the log keeps naming them for the moves they made
    seat.kind, seat.user, seat.bot_level, seat.substitute_bot = Seat.Kind.BOT, None, bot_level, ""
    seat.joined_at = seat.joined_at or timezone.now()
    seat.save()
    if game.status == Game.Status.OPEN:
        _start_if_full(game)
    else:
        log_event(game, seat_index, "replaced", {"type": "replaced", "bot": bot_level, "former": former},
                  by_user=by_user, not_in_log=("type", "former"))
        game.save()
        enqueue_bots(game)
    return game


def user_deactivate(*, user, by_user) -> None:
    """Moderation: the account can no longer log in; its running games go on
    with a bot in its seats (chosen per game's timeout bot level)."""
    with transaction.atomic():
        user.is_active = False
        user.save(update_fields=["is_active"])
        active_ids = list(
            Seat.objects.filter(user=user, kind=Seat.Kind.HUMAN, game__status=Game.Status.ACTIVE)
            .values_list("game_id", flat=True)
        )
    for game_id in active_ids:
        with transaction.atomic():
            game = lock_game(game_id)
            seat = game.seats.select_for_update().get(user=user)
            seat.substitute_bot = game.timeout_bot_level
            seat.save(update_fields=["substitute_bot"])
            log_event(game, seat.index, "deactivated", {"type": "deactivated"}, by_user=by_user)
            game.save()
            enqueue_bots(game)
    open_games = Game.objects.filter(status=Game.Status.OPEN, created_by=user).values_list("pk", flat=True)
    for game_id in open_games:
        game_cancel(game_id=game_id, user=by_user)
    Seat.objects.filter(user=user, game__status=Game.Status.OPEN).exclude(game__created_by=user).update(
        kind=Seat.Kind.OPEN, user=None, joined_at=None
    )


# --- shared steps ----------------------------------------------------------------------------------


def lock_game(game_id: int) -> Game:
    """The game row, locked until the transaction ends (every write starts here)."""
    game = plain_reads.game_for_update(game_id)
    if game is None:
        raise ServiceError(_("There is no such game."))
    return game


def log_event(game: Game, seat_index, kind: str, payload: dict, by_user=None, *,
              not_in_log: tuple[str, ...] = ("type",)) -> None:
    """A platform event in the move log (resign, timeout, a moderator's action…):
    it bumps the version so every open page refreshes. The payload's keys, except
    those in ``not_in_log``, become the log line's parameters."""
    game.version += 1
    Move.objects.create(
        game=game, seq=game.version, seat=seat_index, kind=kind, payload=payload,
        log=[{"key": f"site.{kind}", "params": {k: v for k, v in payload.items() if k not in not_in_log},
              "seat": seat_index}],
        by_user=by_user if by_user is not None and getattr(by_user, "is_authenticated", False) else None,
    )


def _forfeit_seat(game: Game, seats: list[Seat], seat: Seat, *, kind: str, by_user) -> None:
    log_event(game, seat.index, kind, {"type": kind}, by_user=by_user)
    still_playing = [s for s in seats if not (s.resigned or s.forfeited) and s.kind == Seat.Kind.HUMAN]
    bots_playing = [s for s in seats if s.kind == Seat.Kind.BOT]
    if len(still_playing) + len(bots_playing) <= 1:
        _finish(game, seats, engine_result=None)
    else:
        seat.substitute_bot = seat.substitute_bot or game.timeout_bot_level
        seat.deadline = seat.reminder_at = None  # a bot moves now: no clock to watch
        seat.save(update_fields=["substitute_bot", "deadline", "reminder_at"])
        enqueue_bots(game)
    game.save()


def _after_change(
    game: Game, engine, state, seats: list[Seat], *, moved_seat: Seat | None, queue_bots: bool = True
) -> None:
    """Bring seats' owes-move flags and clocks in step with the engine, finish a
    game that is over, and queue bot turns. ``game.save()`` is the caller's."""
    now = timezone.now()
    if engine.is_over(state):
        result = engine.result(state)
        _finish(game, seats, engine_result=result)
        return
    pending = engine.pending(state)
    since = min((s.owes_since for s in seats if s.owes_since), default=now)
    vacations = seat_clocks.vacations_of([s.user_id for s in seats], since)
    for seat in seats:
        owes = seat.index in pending
        started = False
        before = [getattr(seat, f) for f in seat_clocks.CLOCK_FIELDS]
        if seat.owes_move and (not owes or seat is moved_seat):
            seat_clocks.stop(game, seat, now, vacations.get(seat.user_id, []))
        if owes and not seat.owes_move:
            seat_clocks.start(game, seat, now, vacations.get(seat.user_id, []))
            started = True
        if [getattr(seat, f) for f in seat_clocks.CLOCK_FIELDS] != before:
            seat.save(update_fields=seat_clocks.CLOCK_FIELDS)  # only seats whose clock changed
        if started and seat.user_id and seat.kind == Seat.Kind.HUMAN and not seat.played_by_bot:
            notify.your_turn(seat=seat, game=game)
    # The bot task itself passes queue_bots=False: it loops instead of nesting.
    if queue_bots and any(s.owes_move and s.played_by_bot for s in seats):
        enqueue_bots(game)


def _finish(game: Game, seats: list[Seat], *, engine_result) -> None:
    """Close the game. Seats that resigned or forfeited rank after everyone else."""
    left = {s.index for s in seats if s.resigned or s.forfeited}
    n = len(seats)
    if engine_result is not None:
        scores = list(engine_result.scores)
        ranks = list(engine_result.ranks)
        details = list(engine_result.details)
        tiebreak = engine_result.tiebreak
    else:
        scores, ranks, details, tiebreak = [None] * n, [1] * n, [{} for _ in range(n)], None
    if left:
        # Players who left rank after everyone who stayed, stayers keep their order.
        stayed = [i for i in range(n) if i not in left]
        ranks = [
            len(stayed) + 1 if i in left else 1 + sum(1 for j in stayed if ranks[j] < ranks[i])
            for i in range(n)
        ]
    game.result = {
        "scores": scores,
        "ranks": ranks,
        "details": details,
        "tiebreak": tiebreak,
        "left": sorted(left),
    }
    game.status = Game.Status.FINISHED
    game.finished_at = timezone.now()
    transaction.on_commit(lambda: signals.game_finished.send(sender=Game, game=game))
    for seat in seats:
        if seat.owes_move or seat.deadline:
            seat.owes_move, seat.owes_since, seat.deadline, seat.reminder_at = False, None, None, None
            seat.save(update_fields=["owes_move", "owes_since", "deadline", "reminder_at"])
        if seat.user_id and seat.kind == Seat.Kind.HUMAN:
            notify.game_over(seat=seat, game=game)


def enqueue_bots(game: Game) -> None:
    from .tasks import bots_play

    # Read the version at commit time: later steps of the same write may bump it.
    def send():
        try:
            bots_play.delay(game.pk, game.version)
        except Exception as exc:  # broker down: sweep_clocks queues it again later
            log.warning("could not queue bots for game %s: %s", game.pk, exc)

    transaction.on_commit(send)
