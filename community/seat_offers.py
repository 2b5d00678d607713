"""Seats a game moderator offers to players (a seat of a game in progress whose player left it): made,
answered, and lapsed.

An offer is tied to the seat's holder when it is made (a human, a bot, an open seat: ``SeatOffer.holder``)
and stands ``SEAT_OFFER_DAYS`` days (a setting; 7 by default). It lapses when the seat changes hands
(given to a bot, to another player, taken by a time-out's bot) or when its time is up: the player it was
made to and the moderator who made it are told, and accepting it then changes nothing and says why.
(An offer for a seat given to a bot was once accepted later and took the seat from the bot.)"""

from __future__ import annotations

from datetime import timedelta

from django.conf import settings
from django.contrib.auth import get_user_model
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from play import services as game_services
from play.errors import Conflict, ServiceError
from play.models import Game, Seat

from . import notices
from .models import SeatOffer
from .moderation import Action, log_action, require_reason
from .tiers import require_game_moderator as require_moderator

EXPIRED, CHANGED_HANDS = "expired", "changed_hands"


def offer_days() -> int:
    return int(getattr(settings, "SEAT_OFFER_DAYS", 7))


def holder_of(seat: Seat) -> dict:
    """Who holds the seat now, as an offer remembers it (a time-out's stand-in bot does not count: the
    seat is still its player's)."""
    return {"kind": seat.kind, "user": seat.user_id, "bot": seat.bot_level if seat.kind == Seat.Kind.BOT else ""}


def lapse_reason(offer: SeatOffer, seat: Seat | None, now=None) -> str | None:
    """Why a pending offer no longer stands (None: it stands)."""
    now = now or timezone.now()
    if offer.expires_at is not None and now >= offer.expires_at:
        return EXPIRED
    if seat is None or (offer.holder and holder_of(seat) != offer.holder):
        return CHANGED_HANDS
    return None


def _lapse(offer: SeatOffer, why: str) -> None:
    """Mark a pending offer lapsed (its row locked by the caller) and tell both sides."""
    offer.status, offer.decided_at, offer.lapse_reason = SeatOffer.Status.LAPSED, timezone.now(), why
    offer.save(update_fields=["status", "decided_at", "lapse_reason"])
    notices.seat_offer_lapsed(offer, why)


def seat_offer(*, moderator, game_id: int, seat_index: int, username: str, reason: str) -> SeatOffer:
    """Offer a seat of a game in progress (a human's or a bot's) to another player: they are mailed a
    link and the seat changes hands only when they accept (``seat_offer_answer``). A newer offer for the
    same seat replaces a pending one."""
    require_moderator(moderator)
    reason = require_reason(reason)
    user = get_user_model().objects.filter(username__iexact=(username or "").strip(), is_active=True).first()
    if user is None:
        raise ServiceError(_("No player is called “%(name)s”."), {"name": username})
    with transaction.atomic():
        game = Game.objects.select_for_update().filter(pk=game_id).first()
        if game is None or game.status != Game.Status.ACTIVE:
            raise ServiceError(_("Only a seat of a game in progress can be given to another player."))
        seats = list(game.seats.all())
        seat = next((s for s in seats if s.index == seat_index), None)
        if seat is None:
            raise ServiceError(_("There is no such seat."))
        if any(s.user_id == user.pk for s in seats):
            raise ServiceError(_("%(name)s already has a seat in this game."), {"name": user.get_username()})
        SeatOffer.objects.filter(game=game, seat_index=seat_index, status=SeatOffer.Status.PENDING).update(
            status=SeatOffer.Status.CLOSED, decided_at=timezone.now())
        offer = SeatOffer.objects.create(game=game, seat_index=seat_index, user=user, offered_by=moderator,
                                         reason=reason, holder=holder_of(seat),
                                         expires_at=timezone.now() + timedelta(days=offer_days()))
        entry = log_action(moderator=moderator, action=Action.SEAT_OFFER, reason=reason, game=game,
                           target_user=user, details={"seat": seat_index, "offer": offer.pk})
        notices.game_changed(game=game, entry=entry, told={user.pk: "seat_offered"}, data={"offer": offer.pk})
    return offer


def lapsed_message(why: str) -> str:
    if why == EXPIRED:
        return _("This offer lapsed: its %(days)s days ran out. Nothing changed; a moderator may offer the "
                 "seat again.")
    return _("This offer lapsed: the seat changed hands since it was made. Nothing changed.")


def seat_offer_answer(*, user, offer_id: int, accept: bool) -> SeatOffer:
    """The player answers a seat offer made to them. Accepting gives them the seat now (their clock
    starts if it is their move): the player who held it and they are mailed, and the moderation log
    records the change as the moderator's who offered it. An offer made to someone else is answered as
    one that does not exist; a lapsed one (the seat changed hands, its time ran out) is refused with the
    reason, and the game is left as it is."""
    lapsed = None
    with transaction.atomic():
        offer = (SeatOffer.objects.select_for_update(of=("self",)).select_related("offered_by")
                 .filter(pk=offer_id, user_id=getattr(user, "pk", None)).first())
        if offer is None:
            raise ServiceError(_("There is no such seat offer."))
        if offer.status == SeatOffer.Status.LAPSED:
            raise Conflict(lapsed_message(offer.lapse_reason), {"days": offer_days()})
        if offer.status != SeatOffer.Status.PENDING:
            raise ServiceError(_("You already answered this offer, or it no longer stands."))
        seat = Seat.objects.select_for_update().filter(game_id=offer.game_id, index=offer.seat_index).first()
        lapsed = lapse_reason(offer, seat)
        if lapsed is not None:
            _lapse(offer, lapsed)  # committed below: the refusal is raised once both sides are told
        else:
            offer.decided_at = timezone.now()
            if not accept:
                offer.status = SeatOffer.Status.DECLINED
                offer.save(update_fields=["status", "decided_at"])
                return offer
            if not Game.objects.filter(pk=offer.game_id, status=Game.Status.ACTIVE).exists():
                offer.status = SeatOffer.Status.CLOSED
                offer.save(update_fields=["status", "decided_at"])
                return offer
            game, previous = game_services.seat_give_to_user(game_id=offer.game_id, seat_index=offer.seat_index,
                                                             username=user.get_username(), by_user=offer.offered_by)
            offer.status = SeatOffer.Status.ACCEPTED
            offer.save(update_fields=["status", "decided_at"])
            entry = log_action(
                moderator=offer.offered_by,
                action=Action.SEAT_USER,
                reason=offer.reason,
                game=game,
                target_user=user,
                details={"seat": offer.seat_index, "previous": previous, "offer": offer.pk},
            )
            told = {previous.get("user"): "seat_lost"} if previous.get("user") else {}
            notices.game_changed(game=game, entry=entry, told={**told, user.pk: "seat_given"})
    if lapsed is not None:
        raise Conflict(lapsed_message(lapsed), {"days": offer_days()})
    return offer


def seat_offers_lapse(*, game_id: int | None = None) -> int:
    """Periodic (and after a seat changes hands): every pending offer whose seat changed hands or whose
    time is up lapses, both sides told. Returns how many."""
    pending = SeatOffer.objects.filter(status=SeatOffer.Status.PENDING)
    if game_id is not None:
        pending = pending.filter(game_id=game_id)
    count = 0
    for offer_id in list(pending.values_list("pk", flat=True)):
        with transaction.atomic():
            offer = (SeatOffer.objects.select_for_update(of=("self",)).select_related("offered_by", "user")
                     .filter(pk=offer_id, status=SeatOffer.Status.PENDING).first())
            if offer is None:
                continue
            seat = Seat.objects.filter(game_id=offer.game_id, index=offer.seat_index).first()
            why = lapse_reason(offer, seat)
            if why is not None:
                _lapse(offer, why)
                count += 1
    return count
