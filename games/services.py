"""The only code that changes a game (HackSoft style: one service per write,
keyword-only arguments, ``<thing>_<action>`` names).

Every write to a running game follows the same shape: lock the game row
(``select_for_update``), check who may do it and that the client saw the
current version, let the engine decide, append to the move log, save the
snapshot, and tell the other apps through ``games.signals`` (inside the
transaction; whatever leaves the process is queued on commit).

Refusals are ``games.errors`` (a key and its parameters; re-exported here):
each interface words them and picks the HTTP answer (``games.http_errors``).
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from datetime import timedelta

from django.contrib.auth import get_user_model
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from . import invitations, registry, seat_clocks, signals, texts, undo
from .engines.base import IllegalMove, InvalidOptions, InvalidState, redraw_hidden
from .errors import BadMove, Conflict, DamagedGame, NotAllowed, ServiceError, StaleVersion, TooMany
from .models import Game, Move, Seat, new_seed
from .replay import replay_final_state

log = logging.getLogger(__name__)
User = get_user_model()


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
            raise TooMany(_("You opened %(n)d games in the last hour, the most allowed; try again later."),
                          {"n": max_per_hour})

    try:
        engine = registry.get(game_type)
    except KeyError:
        raise ServiceError(_("Unknown game “%(game)s”."), {"game": game_type}) from None
    players = len(seats)
    if not engine.min_players <= players <= engine.max_players:
        raise ServiceError(
            _("%(game)s is played by %(min)d to %(max)d players."),
            {"game": engine.name, "min": engine.min_players, "max": engine.max_players}
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
        raise ServiceError(_("Unknown bot level “%(level)s”."), {"level": timeout_bot_level})
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
                raise ServiceError(_("No player is called “%(name)s”."), {"name": spec.username})
            if user == creator or user.pk in invited:
                raise ServiceError(_("A player can take only one seat in a game."))
            invitations.check(inviter=creator, invitee=user)  # the invitee's privacy choice, their blocks
            invited.add(user.pk)
            seat.kind, seat.user = Seat.Kind.INVITED, user
        elif spec.kind == "bot":
            if spec.bot_level not in bots.levels_for(game_type):
                raise ServiceError(_("Unknown bot level “%(level)s”."), {"level": spec.bot_level})
            seat.kind, seat.bot_level, seat.joined_at = Seat.Kind.BOT, spec.bot_level, now
        else:
            raise ServiceError(_("Unknown seat kind “%(kind)s”."), {"kind": spec.kind})
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
    _cancel(game, now=timezone.now())
    return game


def _cancel(game: Game, *, now, reason: str = "") -> None:
    """A game that never started closes (its creator or staff cancel it, or it expires)."""
    game.status, game.finished_at = Game.Status.CANCELLED, now
    fields = ["status", "finished_at", "updated_at"]
    if reason:
        game.abort_reason = reason
        fields.append("abort_reason")
    game.save(update_fields=fields)


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
        raise BadMove("illegal", default=_("A move must be an object with a “type”."))
    with transaction.atomic():
        game = lock_game(game_id)
        if game.status != Game.Status.ACTIVE:
            raise Conflict(_("This game is not in progress."), code="game_not_in_progress")
        if expected_version != game.version:
            raise StaleVersion(
                _("The game has changed since you looked at it (you saw version %(seen)s, it is now at %(now)s)."),
                {"seen": expected_version, "now": game.version}
            )
        # The users come along (the "your turn" e-mail needs one); only the seats are locked.
        seats = _seats_for_update(game)
        seat = _acting_seat(seats, user=user, seat_index=seat_index, bot_level=bot_level)
        engine = registry.get(game.game_type)
        state = state_load(engine=engine, game=game)
        if seat.index not in engine.pending(state):
            raise Conflict(_("It is not your turn to move."), code="not_your_turn")
        try:
            applied = engine.apply(state, seat.index, move)
        except IllegalMove as exc:
            raise BadMove(exc.key, exc.params, game_type=game.game_type, default=exc.message) from None
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
        seats = _seats_for_update(game)
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
        # Seats that owed a decision only because of the undone move stop owing, uncharged; the
        # undoing seat gives back the move's increment; nobody is told "your turn". A bot owing a
        # decision beside the undone move is queued again: its task saw the old version.
        _after_change(game, engine, state, seats, now=now, undoing=seat, announce=False)
        game.save()
    return game


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
        _bots_to_move(game)
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
    _clock_restart(game, seat)
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
        raise ServiceError(_("Unknown bot level “%(level)s”."), {"level": bot_level})
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
        _bots_to_move(game)
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
            _bots_to_move(game)
    open_games = Game.objects.filter(status=Game.Status.OPEN, created_by=user).values_list("pk", flat=True)
    for game_id in open_games:
        game_cancel(game_id=game_id, user=by_user)
    Seat.objects.filter(user=user, game__status=Game.Status.OPEN).exclude(game__created_by=user).update(
        kind=Seat.Kind.OPEN, user=None, joined_at=None
    )


# Moderators' changes to a game. The moderation app checks the moderator's tier and the
# reason and writes its log; what changes in the game is decided here. A moderator's
# events keep in the payload (staff) what players do not read in the log line: the moves
# taken back, a rollback's seed, a seat's former occupant.
MODERATOR_NOT_IN_LOG = ("type", "undone", "seed", "former")


def _in_progress(game: Game, message) -> None:
    if game.status != Game.Status.ACTIVE:
        raise ServiceError(message)


def _checked_ranks(ranks, scores, seats: list[Seat]) -> tuple[list[int], list]:
    n = len(seats)
    try:
        ranks = [int(r) for r in ranks]
    except (TypeError, ValueError):
        raise ServiceError(_("Ranks must be whole numbers.")) from None
    if len(ranks) != n or not all(1 <= r <= n for r in ranks) or 1 not in ranks:
        raise ServiceError(_("Give every seat a rank from 1 to %(n)d, with someone first."), {"n": n})
    left = {s.index for s in seats if s.resigned or s.forfeited}
    stayed = [ranks[i] for i in range(n) if i not in left]
    if left and stayed and min(ranks[i] for i in left) <= max(stayed):
        raise ServiceError(_("Seats that resigned or forfeited rank after every seat that stayed."))
    if scores is None:
        scores = [None] * n
    elif len(scores) != n:
        raise ServiceError(_("Give a score for every seat, or none."))
    return ranks, list(scores)


@transaction.atomic
def game_adjudicate(*, game_id: int, ranks: list, scores: list | None = None, rated: bool = True,
                    by_user) -> Game:
    """A moderator ends a game in progress with the result they set (unrated if they say so)."""
    game = lock_game(game_id)
    _in_progress(game, _("Only a game in progress can be adjudicated."))
    seats = list(game.seats.select_for_update().order_by("index"))
    ranks, scores = _checked_ranks(ranks, scores, seats)
    log_event(game, None, "adjudicate", {"type": "adjudicate"}, by_user, not_in_log=MODERATOR_NOT_IN_LOG)
    _finish(game, seats, _result(seats, scores=scores, ranks=ranks, adjudicated=True, rated=bool(rated)))
    game.save()
    return game


@transaction.atomic
def seat_give_to_user(*, game_id: int, seat_index: int, username: str, by_user) -> tuple[Game, dict]:
    """A moderator gives a seat of a game in progress (a human's or a bot's) to another player,
    whose clock runs from now if the seat owes a decision. Returns the game and who sat there
    before (user id, bot level and seat kind, for the moderation log)."""
    user = User.objects.filter(username__iexact=(username or "").strip(), is_active=True).first()
    if user is None:
        raise ServiceError(_("No player is called “%(name)s”."), {"name": username})
    game = lock_game(game_id)
    _in_progress(game, _("Only a seat of a game in progress can be given to another player."))
    seats = list(game.seats.select_for_update().order_by("index"))
    seat = next((s for s in seats if s.index == seat_index), None)
    if seat is None:
        raise ServiceError(_("There is no such seat."))
    if any(s.user_id == user.pk for s in seats):
        raise ServiceError(_("%(name)s already has a seat in this game."), {"name": user.get_username()})
    previous = {"user": seat.user_id, "bot": seat.bot_level, "kind": seat.kind}
    former = texts.occupant_of(seat)
    seat.kind, seat.user, seat.bot_level, seat.substitute_bot = Seat.Kind.HUMAN, user, "", ""
    seat.resigned = seat.forfeited = False
    seat.joined_at = timezone.now()
    _clock_restart(game, seat)
    seat.save()
    log_event(game, seat.index, "seat_given", {"type": "seat_given", "player": user.get_username(),
                                               "former": former}, by_user, not_in_log=MODERATOR_NOT_IN_LOG)
    game.save()
    if seat.owes_move:
        signals.turn_started.send(sender=Game, game=game, seat=seat)
    return game, previous


@transaction.atomic
def game_rollback(*, game_id: int, to_seq, by_user, seed: int | None = None) -> tuple[Game, list[int]]:
    """A moderator takes a game in progress back to the position after move ``to_seq``;
    returns the game and the moves taken back.

    The engine moves after it are marked undone (never deleted: staff still read
    them; players see one line naming the moves taken back); the snapshot is rebuilt
    by replaying the kept moves from the seed. The undone moves may have shown cards
    to everybody (a row refill, a year's Voice), so everything no seat has seen in
    the restored position is then drawn afresh from a new seed (``seed``, or a random one),
    kept in the rollback row's payload so that replays and ``verify_games`` draw the same. Platform events
    after it (a resignation, a bot taking a seat) stay in force: the seat tools change
    those. Seats that owe a decision in the restored position get a running clock (their
    bank as it is: a rollback charges nobody); the others stop owing."""
    try:
        to_seq = int(to_seq)
    except (TypeError, ValueError):
        raise ServiceError(_("Choose the move to go back to.")) from None
    game = lock_game(game_id)
    _in_progress(game, _("Only a game in progress can be rolled back."))
    seats = list(game.seats.select_for_update().order_by("index"))
    kept = game.moves.filter(undone_at__isnull=True)
    if not kept.filter(seq=to_seq, kind__in=["start", "move"]).exists():
        raise ServiceError(_("Move %(seq)s is not a move of this game that can be gone back to."),
                           {"seq": to_seq})
    taken_back = kept.filter(seq__gt=to_seq, kind="move")
    undone = list(taken_back.order_by("seq").values_list("seq", flat=True))
    if not undone:
        raise ServiceError(_("There is no move after move %(seq)s to undo."), {"seq": to_seq})
    now = timezone.now()
    taken_back.update(undone_at=now)
    engine, state = replay_final_state(game)
    seed = new_seed() if seed is None else seed
    state = redraw_hidden(engine, state, seed)
    game.state = engine.dump(state)
    event = {"type": "rollback", "to": to_seq, "first": undone[0], "last": undone[-1], "undone": undone,
             "seed": seed}
    log_event(game, None, "rollback", event, by_user, not_in_log=MODERATOR_NOT_IN_LOG)
    _after_change(game, engine, state, seats, now=now)
    game.save()
    return game, undone


@transaction.atomic
def game_annul(*, game_id: int, by_user) -> Game:
    """A finished game no longer counts: its result is marked annulled (the log and the
    replay stay). Recomputing the ratings it moved is the ratings app's."""
    game = lock_game(game_id)
    if game.status != Game.Status.FINISHED:
        raise ServiceError(_("Only a finished game can be annulled."))
    if (game.result or {}).get("annulled"):
        raise ServiceError(_("This game is already annulled."))
    game.result = {**(game.result or {}), "annulled": True}
    log_event(game, None, "annul", {"type": "annul"}, by_user, not_in_log=MODERATOR_NOT_IN_LOG)
    game.save()
    return game


# --- clocks and the minute sweep ---------------------------------------------------------------------


def clocks_reschedule(*, user) -> int:
    """The user's vacations changed: the deadline (and reminder) of each clock of theirs
    that is running is recomputed. One short transaction per game; returns how many."""
    game_ids = list(Seat.objects.filter(user=user, owes_move=True, game__status=Game.Status.ACTIVE)
                    .values_list("game_id", flat=True))
    done = 0
    for game_id in game_ids:
        with transaction.atomic():
            game = lock_game(game_id)
            seat = game.seats.select_for_update().filter(user=user, owes_move=True).first()
            if game.status != Game.Status.ACTIVE or seat is None:
                continue  # the game moved on since the list was made
            since = seat.owes_since or timezone.now()
            seat_clocks.schedule(game, seat, seat_clocks.vacations_of([user.pk], since).get(user.pk, []),
                                 keep_reminder=False)
            seat.save(update_fields=["deadline", "reminder_at"])
            done += 1
    return done


def seats_time_out(*, game_ids) -> int:
    """Apply the time-out rule to each seat of these games that is past its deadline;
    returns how many were applied. Each seat is locked and checked again by
    ``seat_timeout``, so asking twice (or after a player moved at the last second)
    changes nothing more."""
    now = timezone.now()
    late = (Seat.objects.filter(game_id__in=list(game_ids), owes_move=True, deadline__lte=now,
                                substitute_bot="")
            .order_by("game_id", "index").values_list("game_id", "index", "deadline"))
    return sum(1 for game_id, index, deadline in late
               if seat_timeout(game_id=game_id, seat_index=index, expected_deadline=deadline))


def _lock_games(game_ids) -> list[Game]:
    """Lock these running games, skipping those another worker holds. Games are always
    locked before their seats (as in every service), so sweeps and moves cannot deadlock."""
    return list(Game.objects.select_for_update(skip_locked=True).filter(pk__in=list(game_ids),
                                                                         status=Game.Status.ACTIVE))


def reminders_send(*, now=None, limit: int = 1000) -> int:
    """The seats whose clock passed 80 %: their players are told (``signals.clock_running_low``)
    and the reminder is crossed off. Games another worker holds are left to the next sweep,
    so several sweeps at once remind each seat once. Returns how many players were told."""
    from . import due

    reminders = due.reminders_due(now or timezone.now())
    candidates = set(reminders.values_list("game_id", flat=True)[:limit])
    told = 0
    with transaction.atomic():
        for game in _lock_games(candidates):
            for seat in reminders.filter(game=game).select_related("user"):
                if seat.user_id and not seat.played_by_bot:
                    signals.clock_running_low.send(sender=Game, game=game, seat=seat)
                    told += 1
                seat.reminder_at = None
                seat.save(update_fields=["reminder_at"])
    return told


def open_games_expire(*, now=None, limit: int = 1000) -> int:
    """Games whose seats were not all filled within ``due.OPEN_GAME_LIFETIME_DAYS`` are
    cancelled (those another worker holds wait for the next sweep). Returns how many."""
    from . import due

    now = now or timezone.now()
    reason = f"expired: not every seat was filled within {due.OPEN_GAME_LIFETIME_DAYS} days"
    with transaction.atomic():
        stale = list(due.expired_open_games(now).select_for_update(skip_locked=True)[:limit])
        for game in stale:
            _cancel(game, now=now, reason=reason)
    return len(stale)


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
    from . import bots

    played = 0
    for _turn in range(limit):
        game = Game.objects.filter(pk=game_id).first()
        if game is None or game.status != Game.Status.ACTIVE or game.version != version:
            return BotTurns(played, version, more=False)
        seat = next((s for s in game.seats.order_by("index") if s.owes_move and s.played_by_bot), None)
        if seat is None:
            return BotTurns(played, version, more=False)
        engine = registry.get(game.game_type)
        state = state_load(engine=engine, game=game)
        seed = hash((game.seed, game.version, seat.index)) & 0xFFFFFFFF  # the same move if run twice
        move = bots.choose_move(game.game_type, seat.played_by_bot, engine, state, seat.index, seed=seed)
        try:
            game = move_apply(game_id=game_id, seat_index=seat.index, bot_level=seat.played_by_bot, move=move,
                              expected_version=version, queue_bots=False)
        except Conflict:
            return BotTurns(played, version, more=False)  # someone else moved first: their task carries on
        played += 1
        version = game.version
    return BotTurns(played, version, more=True)


# --- shared steps ----------------------------------------------------------------------------------


def lock_game(game_id: int) -> Game:
    """The game row, locked until the transaction ends (every write starts here)."""
    try:
        return Game.objects.select_for_update().get(pk=game_id)
    except Game.DoesNotExist:
        raise ServiceError(_("There is no such game.")) from None


def _seats_for_update(game: Game) -> list[Seat]:
    """The game's seats by index, locked (not their users, who come along with their
    profiles: the "your turn" e-mail needs them)."""
    return list(game.seats.select_for_update(of=("self",)).select_related("user__profile").order_by("index"))


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
        n = len(seats)
        _finish(game, seats, _result(seats, scores=[None] * n, ranks=_left_ranked_last(seats, [1] * n)))
    else:
        seat.substitute_bot = seat.substitute_bot or game.timeout_bot_level
        seat.deadline = seat.reminder_at = None  # a bot moves now: no clock to watch
        seat.save(update_fields=["substitute_bot", "deadline", "reminder_at"])
        _bots_to_move(game)
    game.save()


def _after_change(game: Game, engine, state, seats: list[Seat], *, moved_seat: Seat | None = None,
                  queue_bots: bool = True, now=None, undoing: Seat | None = None,
                  announce: bool = True) -> None:
    """Bring seats' owes-move flags and clocks in step with the engine, finish a
    game that is over, and queue bot turns. ``game.save()`` is the caller's.

    After a move (``moved_seat``) a seat that stops owing is charged the time it took
    and earns the increment. After a position is taken back (an undo, a rollback: no
    ``moved_seat``) a seat that stops owing is charged nothing, and the seat ``undoing``
    its move gives back the increment it earned (taking back and replaying a move must
    not earn time). A human whose clock starts is told it is their turn, unless
    ``announce`` is off (an undo tells nobody)."""
    now = now or timezone.now()
    if engine.is_over(state):
        result = engine.result(state)
        ranks = _left_ranked_last(seats, list(result.ranks))
        _finish(game, seats, _result(seats, scores=result.scores, ranks=ranks, details=result.details,
                                     tiebreak=result.tiebreak))
        return
    pending = engine.pending(state)
    since = min((s.owes_since for s in seats if s.owes_since), default=now)
    vacations = seat_clocks.vacations_of([s.user_id for s in seats], since)
    for seat in seats:
        owes = seat.index in pending
        before = [getattr(seat, f) for f in seat_clocks.CLOCK_FIELDS]
        if seat is undoing and owes:
            seat.bank_seconds = max(seat.bank_seconds - game.increment_seconds, 0)
        if seat.owes_move and moved_seat is not None and (not owes or seat is moved_seat):
            seat_clocks.stop(game, seat, now, vacations.get(seat.user_id, []))
        elif seat.owes_move and not owes:
            seat_clocks.clear(seat)
        started = owes and not seat.owes_move
        if started:
            seat_clocks.start(game, seat, now, vacations.get(seat.user_id, []))
        if [getattr(seat, f) for f in seat_clocks.CLOCK_FIELDS] != before:
            seat.save(update_fields=seat_clocks.CLOCK_FIELDS)  # only seats whose clock changed
        if started and announce and seat.user_id and seat.kind == Seat.Kind.HUMAN and not seat.played_by_bot:
            signals.turn_started.send(sender=Game, game=game, seat=seat)
    # The bot task itself passes queue_bots=False: it loops instead of nesting.
    if queue_bots and any(s.owes_move and s.played_by_bot for s in seats):
        _bots_to_move(game)


def _clock_restart(game: Game, seat: Seat) -> None:
    """Someone new answers for a seat that owes a decision (its player back from a bot,
    another player given the seat): its clock runs from now, with their vacations."""
    if seat.owes_move:
        seat.owes_since = timezone.now()
        vacations = seat_clocks.vacations_of([seat.user_id], seat.owes_since).get(seat.user_id, [])
        seat_clocks.schedule(game, seat, vacations)


def _left_ranked_last(seats: list[Seat], ranks: list[int]) -> list[int]:
    """Players who resigned or forfeited rank after everyone who stayed; stayers keep their order."""
    left = {s.index for s in seats if s.resigned or s.forfeited}
    if not left:
        return ranks
    stayed = [i for i in range(len(seats)) if i not in left]
    return [len(stayed) + 1 if i in left else 1 + sum(1 for j in stayed if ranks[j] < ranks[i])
            for i in range(len(seats))]


def _result(seats: list[Seat], *, scores, ranks, details=None, tiebreak=None, **marks) -> dict:
    """``Game.result``: per seat score, rank and details, the tie-break applied, the seats
    that left, and ``marks`` (an adjudication says so, and whether it is rated)."""
    return {
        "scores": list(scores),
        "ranks": list(ranks),
        "details": list(details) if details is not None else [{} for _ in seats],
        "tiebreak": tiebreak,
        "left": sorted(s.index for s in seats if s.resigned or s.forfeited),
        **marks,
    }


def _finish(game: Game, seats: list[Seat], result: dict) -> None:
    """The one way a game ends with a result, whatever ended it: the engine (the last
    move), players leaving (resignations, time-outs) or a moderator's adjudication.
    Every clock stops; ``signals.game_finished`` tells the other apps (the result mails,
    the ratings). ``game.save()`` is the caller's."""
    game.result = result
    game.status = Game.Status.FINISHED
    game.finished_at = timezone.now()
    for seat in seats:
        if seat.owes_move or seat.deadline:
            seat_clocks.clear(seat)
            seat.save(update_fields=["owes_move", "owes_since", "deadline", "reminder_at"])
    signals.game_finished.send(sender=Game, game=game, seats=seats)


def _bots_to_move(game: Game) -> None:
    """Bot seats owe a decision: ``games.handlers`` queues their task once this commits."""
    signals.bots_to_move.send(sender=Game, game=game)
