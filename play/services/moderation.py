"""Moderators' and admins' changes to a game (the moderation app checks tiers and reasons and logs)."""

from __future__ import annotations

from django.contrib.auth import get_user_model
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from kit.base import redraw_hidden

from .. import texts
from ..changes import change_of, emit
from ..errors import ServiceError
from ..models import Game, Move, Seat, SeatDeparture, new_seed
from ..replay import replay_final_state
from .core import _after_change, _bots_to_move, _clock_restart, _finish, _result, lock_game, log_event
from .opening import _start_if_full, game_cancel

User = get_user_model()


# --- moderation (admin actions) --------------------------------------------------------------------


def _record_departure(game: Game, seat: Seat) -> None:
    """A seat of a game in progress changes hands: keep who held it (their history, their rating as
    the game's last, the newcomer's share of the game: ``SeatDeparture``)."""
    human = seat.kind == Seat.Kind.HUMAN and seat.user_id is not None
    moves = Move.objects.filter(game=game, seat=seat.index, kind=Move.Kind.MOVE, undone_at__isnull=True,
                                by_user_id=seat.user_id).count() if human else 0
    SeatDeparture.objects.create(game=game, seat_index=seat.index, user_id=seat.user_id if human else None,
                                 bot_level="" if human else seat.bot_level, version=game.version, moves=moves)


@transaction.atomic
def game_abort(*, game_id: int, by_user, reason: str = "") -> Game:
    game = lock_game(game_id)
    if game.is_over:
        raise ServiceError(_("This game is already over."))
    game.status = Game.Status.ABORTED
    game.abort_reason = reason
    game.finished_at = timezone.now()
    game.seats.update(owes_move=False, owes_since=None, deadline=None, reminder_at=None, answer_waits=False)
    if game.version:
        # The reason stays in the payload and the moderation log (staff); players read
        # only that a moderator aborted the game.
        log_event(game, None, "abort", {"type": "abort", "reason": reason}, by_user=by_user,
                  not_in_log=("type", "reason"))
    game.save()
    emit(game)
    return game


@transaction.atomic
def seat_replace_by_bot(*, game_id: int, seat_index: int, bot_level: str, by_user) -> Game:
    """Moderation: a bot takes the seat for good (the human is no longer in it)."""
    from .. import bots

    game = lock_game(game_id)
    if game.is_over:
        raise ServiceError(_("This game is already over."))
    if bot_level not in bots.levels_for(game.game_type):
        raise ServiceError(_("Unknown bot level “%(level)s”."), {"level": bot_level})
    seat = game.seats.select_for_update().get(index=seat_index)
    former = texts.occupant_of(seat)  # the log keeps naming them for the moves they made
    if game.status == Game.Status.ACTIVE:
        _record_departure(game, seat)
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
    emit(game)
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
            emit(game)
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
    emit(game)
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
    _record_departure(game, seat)
    seat.kind, seat.user, seat.bot_level, seat.substitute_bot = Seat.Kind.HUMAN, user, "", ""
    seat.resigned = seat.forfeited = False
    seat.joined_at = timezone.now()
    _clock_restart(game, seat)
    seat.save()
    log_event(game, seat.index, "seat_given", {"type": "seat_given", "player": user.get_username(),
                                               "former": former}, by_user, not_in_log=MODERATOR_NOT_IN_LOG)
    game.save()
    if seat.owes_move:
        change_of(game).turns.append(seat)
    emit(game)
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
    game.seats.exclude(draft=[]).update(draft=[])  # private steps made after the rows kept go with the rest
    engine, state = replay_final_state(game)
    seed = new_seed() if seed is None else seed
    state = redraw_hidden(engine, state, seed)
    game.state = engine.dump(state)
    event = {"type": "rollback", "to": to_seq, "first": undone[0], "last": undone[-1], "undone": undone,
             "seed": seed}
    log_event(game, None, "rollback", event, by_user, not_in_log=MODERATOR_NOT_IN_LOG)
    _after_change(game, engine, state, seats, now=now)
    game.save()
    emit(game)
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
    emit(game)
    return game
