"""Moderators' actions on games: abort, adjudicate, give a seat to a bot or offer it to
another player (``community.seat_offers``), roll back to a move, annul, look at the full state.

Each checks the moderator's tier and the reason, calls the games service that
changes the game (``play.services``: the only code that does) and writes its
``ModerationAction`` row in the same transaction."""

from __future__ import annotations

from django.db import transaction
from django.utils.translation import gettext_lazy as _

from play import services as game_services
from play.errors import NotAllowed, ServiceError
from play.models import Game, Seat, new_seed

from . import notices, seat_offers
from .models import ModerationAction
from .moderation import Action, log_action, require_reason
from .seat_offers import seat_offer, seat_offer_answer  # noqa: F401  (their home was here: callers use it)
from .tiers import require_administrator
from .tiers import require_game_moderator as require_moderator  # every game tool is the game moderators' tier


def game_abort(*, moderator, game_id: int, reason: str) -> Game:
    require_moderator(moderator)
    reason = require_reason(reason)
    with transaction.atomic():
        game = game_services.game_abort(game_id=game_id, by_user=moderator, reason=reason)
        entry = log_action(moderator=moderator, action=Action.ABORT, reason=reason, game=game)
        notices.game_changed(game=game, entry=entry, told=dict.fromkeys(_players(game), "abort"))
    return game


def _players(game) -> list[int]:
    return [s.user_id for s in game.seats.all() if s.user_id and s.kind == Seat.Kind.HUMAN]


def game_adjudicate(
    *, moderator, game_id: int, ranks: list[int], scores: list | None = None, rated: bool = True, reason: str
) -> Game:
    """End a game in progress with the result the moderator sets."""
    require_moderator(moderator)
    reason = require_reason(reason)
    with transaction.atomic():
        game = game_services.game_adjudicate(game_id=game_id, ranks=ranks, scores=scores, rated=rated,
                                             by_user=moderator)
        log_action(
            moderator=moderator,
            action=Action.ADJUDICATE,
            reason=reason,
            game=game,
            details={"ranks": game.result["ranks"], "scores": game.result["scores"], "rated": bool(rated)},
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
        entry = log_action(
            moderator=moderator,
            action=Action.SEAT_BOT,
            reason=reason,
            game=game,
            target_user_id=previous,
            details={"seat": seat_index, "bot": bot_level},
        )
        notices.game_changed(game=game, entry=entry, told={previous: "seat_bot"})
        seat_offers.seat_offers_lapse(game_id=game_id)  # an offer for that seat no longer stands
    return game


def game_rollback(*, moderator, game_id: int, to_seq: int, reason: str) -> Game:
    """Take a game in progress back to the position after move ``to_seq`` (the hidden
    future drawn afresh: ``play.services.game_rollback``)."""
    require_moderator(moderator)
    reason = require_reason(reason)
    with transaction.atomic():
        game, undone = game_services.game_rollback(game_id=game_id, to_seq=to_seq, by_user=moderator,
                                                   seed=new_seed())
        entry = log_action(
            moderator=moderator,
            action=Action.ROLLBACK,
            reason=reason,
            game=game,
            details={"to": int(to_seq), "undone": undone},
        )
        notices.game_changed(game=game, entry=entry, told=dict.fromkeys(_players(game), "rollback"))
    return game


def holds_a_seat(user, game: Game) -> bool:
    """Any seat of the game in the user's name (playing, resigned or invited): they are a player there."""
    return Seat.objects.filter(game=game, user_id=user.pk).exists()


def game_state_viewed(*, moderator, game_id: int, reason: str = "") -> dict:
    """The engine's full state (hidden information included) for a game moderator; the look is logged.
    Never for someone who holds a seat in that game, whatever their tier: seated staff are players."""
    require_moderator(moderator)
    game = Game.objects.filter(pk=game_id).first()
    if game is None:
        raise ServiceError(_("There is no such game."))
    if holds_a_seat(moderator, game):
        raise NotAllowed(_("You hold a seat in this game: its hidden state is not shown to its players."))
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
        game = game_services.game_annul(game_id=game_id, by_user=moderator)
        log_action(moderator=moderator, action=Action.ANNUL, reason=reason, game=game)
    ratings = game_annul_ratings(game_id=game_id)
    recomputed = [{"rating": r.pk, "label": r.label, "now": round(r.ordinal, 2)} for r in ratings]
    ModerationAction.objects.filter(game=game, action=Action.ANNUL).update(details={"ratings": recomputed})
    return game
