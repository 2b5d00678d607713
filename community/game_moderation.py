"""Moderators' actions on games: abort, adjudicate, give a seat to a bot or to
another player, roll back to a move, look at the full state.

Like ``games.services``, each write locks the game row (``select_for_update``),
then its seats, appends a platform event to the move log (which bumps
``game.version``, so open pages refresh) and saves the snapshot; each also
writes its ``ModerationAction`` row in the same transaction."""

from __future__ import annotations

from django.contrib.auth import get_user_model
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from games import seat_clocks, signals, texts
from games import services as game_services
from games import registry
from games.engines.base import redraw_hidden
from games.models import Game, Seat, new_seed
from games.replay import replay_states
from games.services import ServiceError
from notifications import services as notify

from .moderation import Action, log_action, require_reason
from .models import ModerationAction
from .tiers import require_administrator
from .tiers import require_game_moderator as require_moderator  # every game tool is the game moderators' tier

User = get_user_model()


def _log_event(game: Game, seat_index, kind: str, payload: dict, by_user) -> None:
    """As the players' own events (games.services), without the undone moves, a rollback's seed or a seat's
    former occupant in the log line (the payload, staff-only, keeps them)."""
    game_services.log_event(game, seat_index, kind, payload, by_user,
                            not_in_log=("type", "undone", "seed", "former"))


def _in_progress(game: Game, message: str) -> None:
    if game.status != Game.Status.ACTIVE:
        raise ServiceError(message)


def game_abort(*, moderator, game_id: int, reason: str) -> Game:
    require_moderator(moderator)
    reason = require_reason(reason)
    with transaction.atomic():
        game = game_services.game_abort(game_id=game_id, by_user=moderator, reason=reason)
        log_action(moderator=moderator, action=Action.ABORT, reason=reason, game=game)
    return game


def _check_ranks(ranks, scores, seats: list[Seat]) -> tuple[list[int], list]:
    n = len(seats)
    try:
        ranks = [int(r) for r in ranks]
    except (TypeError, ValueError):
        raise ServiceError(_("Ranks must be whole numbers.")) from None
    if len(ranks) != n or not all(1 <= r <= n for r in ranks) or 1 not in ranks:
        raise ServiceError(_("Give every seat a rank from 1 to %(n)d, with someone first.") % {"n": n})
    left = {s.index for s in seats if s.resigned or s.forfeited}
    stayed = [ranks[i] for i in range(n) if i not in left]
    if left and stayed and min(ranks[i] for i in left) <= max(stayed):
        raise ServiceError(_("Seats that resigned or forfeited rank after every seat that stayed."))
    if scores is None:
        scores = [None] * n
    elif len(scores) != n:
        raise ServiceError(_("Give a score for every seat, or none."))
    return ranks, list(scores)


def game_adjudicate(
    *, moderator, game_id: int, ranks: list[int], scores: list | None = None, rated: bool = True, reason: str
) -> Game:
    """End a game in progress with the result the moderator sets."""
    require_moderator(moderator)
    reason = require_reason(reason)
    with transaction.atomic():
        game = game_services.lock_game(game_id)
        _in_progress(game, _("Only a game in progress can be adjudicated."))
        seats = list(game.seats.select_for_update().order_by("index"))
        ranks, scores = _check_ranks(ranks, scores, seats)
        n = len(seats)
        game.result = {
            "scores": scores,
            "ranks": ranks,
            "details": [{} for _ in range(n)],
            "tiebreak": None,
            "left": sorted(s.index for s in seats if s.resigned or s.forfeited),
            "adjudicated": True,
            "rated": bool(rated),
        }
        _log_event(game, None, "adjudicate", {"type": "adjudicate"}, moderator)
        game.status, game.finished_at = Game.Status.FINISHED, timezone.now()
        for seat in seats:
            seat.owes_move, seat.owes_since, seat.deadline, seat.reminder_at = False, None, None, None
            seat.save(update_fields=["owes_move", "owes_since", "deadline", "reminder_at"])
            if seat.user_id and seat.kind == Seat.Kind.HUMAN:
                notify.game_over(seat=seat, game=game)
        game.save()
        transaction.on_commit(lambda: signals.game_finished.send(sender=Game, game=game))
        log_action(
            moderator=moderator,
            action=Action.ADJUDICATE,
            reason=reason,
            game=game,
            details={"ranks": ranks, "scores": scores, "rated": bool(rated)},
        )
    return game


def seat_give_to_bot(*, moderator, game_id: int, seat_index: int, bot_level: str, reason: str) -> Game:
    require_moderator(moderator)
    reason = require_reason(reason)
    with transaction.atomic():
        seat = Seat.objects.filter(game_id=game_id, index=seat_index).first()
        if seat is None:
            raise ServiceError(_("There is no such seat."))
        previous = seat.user_id
        game = game_services.seat_replace_by_bot(
            game_id=game_id, seat_index=seat_index, bot_level=bot_level, by_user=moderator
        )
        log_action(
            moderator=moderator,
            action=Action.SEAT_BOT,
            reason=reason,
            game=game,
            target_user_id=previous,
            details={"seat": seat_index, "bot": bot_level},
        )
    return game


def seat_give_to_user(*, moderator, game_id: int, seat_index: int, username: str, reason: str) -> Game:
    """Another player takes over a seat of a game in progress (a human, or a bot's seat)."""
    require_moderator(moderator)
    reason = require_reason(reason)
    user = User.objects.filter(username__iexact=(username or "").strip(), is_active=True).first()
    if user is None:
        raise ServiceError(_("No player is called “%(name)s”.") % {"name": username})
    with transaction.atomic():
        game = game_services.lock_game(game_id)
        _in_progress(game, _("Only a seat of a game in progress can be given to another player."))
        seats = list(game.seats.select_for_update().order_by("index"))
        seat = next((s for s in seats if s.index == seat_index), None)
        if seat is None:
            raise ServiceError(_("There is no such seat."))
        if any(s.user_id == user.pk for s in seats):
            raise ServiceError(_("%(name)s already has a seat in this game.") % {"name": user.get_username()})
        previous = {"user": seat.user_id, "bot": seat.bot_level, "kind": seat.kind}
        former = texts.occupant_of(seat)
        seat.kind, seat.user, seat.bot_level, seat.substitute_bot = Seat.Kind.HUMAN, user, "", ""
        seat.resigned = seat.forfeited = False
        seat.joined_at = timezone.now()
        if seat.owes_move:
            seat.owes_since = timezone.now()
            vacations = seat_clocks.vacations_of([user.pk], seat.owes_since).get(user.pk, [])
            seat_clocks.schedule(game, seat, vacations)
        seat.save()
        _log_event(game, seat.index, "seat_given",
                   {"type": "seat_given", "player": user.get_username(), "former": former}, moderator)
        game.save()
        if seat.owes_move:
            notify.your_turn(seat=seat, game=game)
        log_action(
            moderator=moderator,
            action=Action.SEAT_USER,
            reason=reason,
            game=game,
            target_user=user,
            details={"seat": seat_index, "previous": previous},
        )
    return game


def game_rollback(*, moderator, game_id: int, to_seq: int, reason: str) -> Game:
    """Take a game in progress back to the position after move ``to_seq``.

    The engine moves after it are marked undone (never deleted: staff still read
    them; players see one line naming the moves taken back); the snapshot is rebuilt
    by replaying the kept moves from the seed. The undone moves may have shown cards
    to everybody (a row refill, a year's Voice), so everything no seat has seen in
    the restored position is then drawn afresh from a new seed, kept in the rollback
    row's payload so that replays and ``verify_games`` draw the same. Platform events
    after it (a resignation, a bot taking a seat) stay in force: use the seat tools
    to change those."""
    require_moderator(moderator)
    reason = require_reason(reason)
    try:
        to_seq = int(to_seq)
    except (TypeError, ValueError):
        raise ServiceError(_("Choose the move to go back to.")) from None
    with transaction.atomic():
        game = game_services.lock_game(game_id)
        _in_progress(game, _("Only a game in progress can be rolled back."))
        seats = list(game.seats.select_for_update().order_by("index"))
        kept = game.moves.filter(undone_at__isnull=True)
        if not kept.filter(seq=to_seq, kind__in=["start", "move"]).exists():
            raise ServiceError(
                _("Move %(seq)s is not a move of this game that can be gone back to.") % {"seq": to_seq}
            )
        undo = kept.filter(seq__gt=to_seq, kind="move")
        undone = list(undo.order_by("seq").values_list("seq", flat=True))
        if not undone:
            raise ServiceError(_("There is no move after move %(seq)s to undo.") % {"seq": to_seq})
        now = timezone.now()
        undo.update(undone_at=now)
        engine = registry.get(game.game_type)
        state = None
        for _seq, state in replay_states(game):
            pass
        seed = new_seed()
        state = redraw_hidden(engine, state, seed)
        game.state = engine.dump(state)
        _log_event(game, None, "rollback", {"type": "rollback", "to": to_seq, "first": undone[0],
                                             "last": undone[-1], "undone": undone, "seed": seed}, moderator)
        _resync_clocks(game, engine, state, seats, now)
        game.save()
        log_action(
            moderator=moderator,
            action=Action.ROLLBACK,
            reason=reason,
            game=game,
            details={"to": to_seq, "undone": undone},
        )
    return game


def _resync_clocks(game: Game, engine, state, seats: list[Seat], now) -> None:
    """Seats that owe a decision in the restored position get a running clock
    (their bank as it is: a rollback charges nobody); others stop owing."""
    pending = engine.pending(state)
    vacations = seat_clocks.vacations_of([s.user_id for s in seats], now)
    for seat in seats:
        owes = seat.index in pending
        if owes and not seat.owes_move:
            seat_clocks.start(game, seat, now, vacations.get(seat.user_id, []))
            if seat.user_id and seat.kind == Seat.Kind.HUMAN and not seat.played_by_bot:
                notify.your_turn(seat=seat, game=game)
        elif not owes and seat.owes_move:
            seat.owes_move, seat.owes_since, seat.deadline, seat.reminder_at = False, None, None, None
        seat.save(update_fields=seat_clocks.CLOCK_FIELDS)
    if any(s.owes_move and s.played_by_bot for s in seats):
        game_services.enqueue_bots(game)


def game_state_viewed(*, moderator, game_id: int, reason: str = "") -> dict:
    """The engine's full state (hidden information included) for a moderator; the look is logged."""
    require_moderator(moderator)
    game = Game.objects.filter(pk=game_id).first()
    if game is None:
        raise ServiceError(_("There is no such game."))
    log_action(moderator=moderator, action=Action.VIEW_STATE, reason=(reason or "").strip(), game=game)
    return game.state or {}


def game_annul(*, moderator, game_id: int, reason: str) -> Game:
    """A finished game no longer counts (farmed games, say): its result is marked
    annulled (the log and the replay stay), it leaves the players' statistics, and
    the ratings it moved are recomputed without it. Administrators only."""
    from ratings.services import game_annul_ratings

    require_administrator(moderator)
    reason = require_reason(reason)
    with transaction.atomic():
        game = game_services.lock_game(game_id)
        if game.status != Game.Status.FINISHED:
            raise ServiceError(_("Only a finished game can be annulled."))
        if (game.result or {}).get("annulled"):
            raise ServiceError(_("This game is already annulled."))
        game.result = {**(game.result or {}), "annulled": True}
        _log_event(game, None, "annul", {"type": "annul"}, moderator)
        game.save()
        log_action(moderator=moderator, action=Action.ANNUL, reason=reason, game=game)
    ratings = game_annul_ratings(game_id=game_id)
    recomputed = [{"rating": r.pk, "label": r.label, "now": round(r.ordinal, 2)} for r in ratings]
    ModerationAction.objects.filter(game=game, action=Action.ANNUL).update(details={"ratings": recomputed})
    return game
