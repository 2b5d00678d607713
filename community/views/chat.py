"""In-game chat: a small partial polled every few seconds ("nothing new" →
204), an HTMX form that answers the whole panel, reporting a message."""

from __future__ import annotations

from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from play import selectors as game_selectors
from play.errors import ServiceError
from play.http_errors import status_of
from play.limits import SlidingLimit
from play.models import Game

from .. import selectors, services
from ..account import is_deleted
from ..forms import ChatForm, ReportForm
from ..models import ChatMessage
from ..templatetags.community_chat import panel_context


def _game(request: HttpRequest, pk: int) -> Game:
    game = game_selectors.game_with_seats(pk)
    if game is None or not game_selectors.can_view(game, request.user):
        raise Http404  # a private game does not admit it exists
    return game


@require_GET
def chat_messages(request: HttpRequest, pk: int) -> HttpResponse:
    row = selectors.chat_privacy_and_stamp(pk)  # one statement while nothing changes
    if row is None:
        raise Http404
    private, stamp = row
    if private:
        _game(request, pk)  # outsiders learn nothing, not even whether something changed
    if request.GET.get("s") == stamp:
        return HttpResponse(status=204)
    game = _game(request, pk)
    return render(request, "community/partials/chat_messages.html", panel_context(game, request.user))


@require_GET
def chat_panel(request: HttpRequest, pk: int) -> HttpResponse:
    """The whole chat section. The game page fetches it once (its chat slot); the
    game bodies that replace the page's later keep the chat already there."""
    game = _game(request, pk)
    return render(request, "community/partials/chat_section.html", panel_context(game, request.user))


@require_POST
@login_required
def chat_post(request: HttpRequest, pk: int) -> HttpResponse:
    game = _game(request, pk)
    form = ChatForm(request.POST)
    error, status = "", 200
    if not form.is_valid():
        text = (request.POST.get("text") or "").strip()
        error = (
            _("Write something first.")
            if not text
            else _("A message has at most %(n)d characters.") % {"n": ChatForm.base_fields["text"].max_length}
        )
        status = 400
    elif (limit := SlidingLimit("chat", request.user.pk, settings.CHAT_RATE)).full():  # shared with the API
        error, status = _("You are writing too fast; wait a minute."), 429
    else:
        try:
            services.chat_post(game_id=pk, user=request.user, text=form.cleaned_data["text"])
            limit.record()
        except ServiceError as exc:
            error, status = exc.message, status_of(exc)
    if not request.htmx:
        if error:
            messages.error(request, error)
        return redirect("games:detail", pk=pk)
    context = panel_context(game, request.user)
    context.update({"error": error, "fresh": True, "text": request.POST.get("text", "") if error else ""})
    return render(request, "community/partials/chat_section.html", context, status=status)


def _closed_author(message) -> bool:
    return message.author is not None and is_deleted(message.author)


@login_required
def report_message(request: HttpRequest, message_id: int) -> HttpResponse:
    message = get_object_or_404(ChatMessage.objects.select_related("game", "author"), pk=message_id)
    if not game_selectors.can_view(message.game, request.user):
        raise Http404
    if (message.is_hidden or _closed_author(message)) and not request.user.is_staff:
        # A hidden message's text, and what a closed account left that is kept as evidence
        # (reported, hidden or sanctioned), are for staff only, here as everywhere.
        raise Http404
    form = ReportForm(request.POST or None)
    status = 200
    if request.method == "POST":
        if form.is_valid():
            try:
                services.report_message(
                    reporter=request.user, message_id=message.pk, reason=form.cleaned_data["reason"],
                    urgent=form.cleaned_data["urgent"],
                )
            except ServiceError as exc:
                form.add_error(None, exc.message)
            else:
                messages.success(request, _("Thank you: the moderators will look at your report."))
                return redirect("games:detail", pk=message.game_id)
        status = 400
    return render(
        request,
        "community/report.html",
        {"form": form, "message": message, "target": message.author},
        status=status,
    )


@login_required
def report_game(request: HttpRequest, pk: int) -> HttpResponse:
    """"Report a problem with this game" (a bug, a stuck game): for the game moderators, accusing nobody."""
    game = _game(request, pk)
    form = ReportForm(request.POST or None)
    status = 200
    if request.method == "POST":
        if form.is_valid():
            try:
                services.report_game(reporter=request.user, game_id=game.pk, reason=form.cleaned_data["reason"],
                                     urgent=form.cleaned_data["urgent"])
            except ServiceError as exc:
                form.add_error(None, exc.message)
            else:
                messages.success(request, _("Thank you: the moderators will look at your report."))
                return redirect("games:detail", pk=game.pk)
        status = 400
    return render(request, "community/report.html", {"form": form, "game": game}, status=status)
