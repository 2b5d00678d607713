"""A seat a game moderator offers to a player: the offer's page, where they accept or decline it."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _

from play.colours import COLOUR_NAMES
from play.errors import ServiceError
from play.http_errors import status_of
from play.models import Move, Seat

from .. import game_moderation, selectors
from ..models import SeatOffer


@login_required
def seat_offer(request: HttpRequest, pk: int) -> HttpResponse:
    # Only the player it was made to sees an offer; anyone else is answered as for no offer at all.
    offer = SeatOffer.objects.select_related("game").filter(pk=pk, user=request.user).first()
    if offer is None:
        raise Http404
    error, status = "", 200
    if request.method == "POST":
        answer = request.POST.get("answer")
        if answer not in ("accept", "decline"):
            error, status = _("Choose to accept or to decline the seat."), 400
        else:
            try:
                offer = game_moderation.seat_offer_answer(user=request.user, offer_id=offer.pk,
                                                          accept=answer == "accept")
            except ServiceError as exc:
                error, status = exc.message, status_of(exc)
                offer.refresh_from_db()  # a lapsed offer says so
            else:
                if offer.status == SeatOffer.Status.ACCEPTED:
                    messages.success(request, _("The seat is yours: you play this game from now on."))
                    return redirect("games:detail", pk=offer.game_id)
                if offer.status == SeatOffer.Status.CLOSED:
                    error, status = _("This game is over: the offer no longer stands."), 409
                else:
                    messages.info(request, _("You declined the seat. Thank you for answering."))
                    return redirect("community:seat_offer", pk=offer.pk)
    game = offer.game
    seat = Seat.objects.filter(game=game, index=offer.seat_index).first()
    return render(request, "community/seat_offer.html", {
        "offer": offer,
        "game": game,
        "game_name": selectors.engine_name(game.game_type),
        "seat_colour": COLOUR_NAMES.get(seat.colour, seat.colour) if seat else "",
        "moves_so_far": Move.objects.filter(game=game, kind=Move.Kind.MOVE, undone_at__isnull=True).count(),
        "error": error,
    }, status=status)
