"""Opening games: create, join, decline, leave, cancel; a game starts when its last seat is taken."""

from __future__ import annotations

from datetime import timedelta

from django.contrib.auth import get_user_model
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from kit.base import InvalidOptions

from .. import events, invitations, registry
from ..changes import emit
from ..errors import BadOptions, NotAllowed, ServiceError, TooMany
from ..models import Game, Move, Seat
from .core import SeatSpec, _after_change, _state_store, lock_game

User = get_user_model()

MAX_BANK_SECONDS = 60 * 86400  # a clock holds at most 60 days (the form's and the API's ranges)
MAX_INCREMENT_SECONDS = 30 * 86400


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
    creator_seated: bool = True,
    rated: bool = True,
) -> Game:
    """Open a game. ``max_per_hour`` (the pages pass settings.GAMES_PER_HOUR) limits
    how many games the creator may open in an hour: a flood would fill the lobby
    and other players' invitation lists. ``creator_seated=False`` (a competition's table, opened for
    its entrants): the creator takes no seat and the seats are 'player' (a named player, seated at
    once: they agreed by entering) or 'bot'. ``rated=False``: the finished game moves no rating."""
    from .. import bots

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
        # The engine's refusal, for this player count too (a form error, a 400 with its key as code).
        raise BadOptions(exc.key or "invalid_options", exc.params, game_type=game_type, default=str(exc)) from None
    if creator_seated and sum(1 for s in seats if s.kind == "me") != 1:
        raise ServiceError(_("The creator takes exactly one seat."))
    if not creator_seated and any(s.kind not in ("player", "bot") for s in seats):
        raise ServiceError(_("Unknown seat kind “%(kind)s”."), {"kind": "me"})
    if timeout_rule not in Game.TimeoutRule.values:
        raise ServiceError(_("Unknown timeout rule."))
    if timeout_bot_level not in bots.levels_for(game_type):
        raise ServiceError(_("Unknown bot level “%(level)s”."), {"level": timeout_bot_level})
    if not (3600 <= initial_seconds <= MAX_BANK_SECONDS and 0 <= increment_seconds <= MAX_INCREMENT_SECONDS):
        raise ServiceError(_("The time bank must be between 1 hour and 60 days, the increment at most 30 days."))
    if max_seconds < initial_seconds:
        raise ServiceError(_("The time bank cap cannot be smaller than the initial bank."))
    if max_seconds > MAX_BANK_SECONDS:  # past 2^31 it would overflow the database's integer too
        raise ServiceError(_("The time bank cap is at most 60 days."))

    game = Game.objects.create(
        game_type=game_type,
        options=options,
        created_by=creator,
        is_private=is_private,
        rated=rated,
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
        elif spec.kind == "player" and not creator_seated:
            user = User.objects.filter(username=spec.username, is_active=True).first()
            if user is None:
                raise ServiceError(_("No player is called “%(name)s”."), {"name": spec.username})
            if user.pk in invited:
                raise ServiceError(_("A player can take only one seat in a game."))
            invited.add(user.pk)
            seat.kind, seat.user, seat.joined_at = Seat.Kind.HUMAN, user, now
        elif spec.kind == "bot":
            if spec.bot_level not in bots.levels_for(game_type):
                raise ServiceError(_("Unknown bot level “%(level)s”."), {"level": spec.bot_level})
            seat.kind, seat.bot_level, seat.joined_at = Seat.Kind.BOT, spec.bot_level, now
        else:
            raise ServiceError(_("Unknown seat kind “%(kind)s”."), {"kind": spec.kind})
        seat.save()
    _start_if_full(game)
    emit(game)
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
    emit(game)
    return game


DECLINE_REASONS = ("generic", "later", "game", "options", "pace", "bots")
"""Why a challenge was declined (told to the challenger): no reason given, not now, not this game, not
these options, not this pace (turn time), not against bots."""


@transaction.atomic
def game_decline(*, game_id: int, user, reason: str = "generic") -> Game:
    """An invited user says no. The seat reopens only for those with the game's invitation link (a game
    that had no open seat becomes private: a challenge is not turned into a public game), and the
    challenger hears ``challengeDeclined`` with the reason."""
    if reason not in DECLINE_REASONS:
        raise ServiceError(_("reason: one of %(reasons)s.") % {"reasons": ", ".join(DECLINE_REASONS)})
    game = lock_game(game_id)
    seat = game.seats.filter(user=user, kind=Seat.Kind.INVITED).first()
    if game.status != Game.Status.OPEN or seat is None:
        raise ServiceError(_("There is no invitation to decline."))
    had_open_seat = game.seats.filter(kind=Seat.Kind.OPEN).exists()
    seat.kind, seat.user = Seat.Kind.OPEN, None
    seat.save(update_fields=["kind", "user"])
    if not game.is_private and not had_open_seat:
        game.is_private = True
        game.save(update_fields=["is_private", "updated_at"])
    if game.created_by_id is not None:
        events.challenge_answered(game, "challengeDeclined", game.created_by_id, seat=seat.index, reason=reason)
    emit(game)
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
    invited = list(game.seats.filter(kind=Seat.Kind.INVITED).values_list("user_id", "index"))
    _cancel(game, now=timezone.now())
    for user_id, index in invited:
        events.challenge_answered(game, "challengeCanceled", user_id, seat=index)
    return game


def _cancel(game: Game, *, now, reason: str = "") -> None:
    """A game that never started closes (its creator or staff cancel it, or it expires)."""
    game.status, game.finished_at = Game.Status.CANCELLED, now
    fields = ["status", "finished_at", "updated_at"]
    if reason:
        game.abort_reason = reason
        fields.append("abort_reason")
    game.save(update_fields=fields)
    emit(game)


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
