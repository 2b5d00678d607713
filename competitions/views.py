"""Pages: the list, a competition (standings, rounds, its players' games), register / withdraw / start,
opening one. Thin: each calls ``competitions.services`` and renders."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from play import registry
from play.http_errors import text_of

from . import selectors, services
from .forms import CompetitionForm
from .models import Competition


def competition_list(request: HttpRequest) -> HttpResponse:
    return render(request, "competitions/list.html", {"groups": selectors.listed()})


def _competition_or_404(pk) -> Competition:
    competition = Competition.objects.filter(pk=pk).first()
    if competition is None:
        raise Http404
    return competition


def competition_detail(request: HttpRequest, pk: int) -> HttpResponse:
    competition = _competition_or_404(pk)
    context = selectors.detail(competition, request.user)
    context["invite_token"] = request.GET.get("token", "")
    return render(request, "competitions/detail.html", context)


def _action(request, pk, action, success) -> HttpResponse:
    _competition_or_404(pk)
    try:
        action()
    except services.ServiceError as exc:
        messages.error(request, text_of(exc))  # read on the competition's page, where the button was
        return redirect("competitions:detail", pk=pk)
    messages.success(request, success)
    return redirect("competitions:detail", pk=pk)


@require_POST
@login_required
def competition_register(request: HttpRequest, pk: int) -> HttpResponse:
    token = request.POST.get("token") or None
    bot_level = request.POST.get("bot_level", "")
    return _action(request, pk, lambda: services.entry_register(
        competition_id=pk, user=request.user, invite_token=token, bot_level=bot_level),
        _("You are registered.") if not bot_level else _("The bot is registered."))


@require_POST
@login_required
def competition_withdraw(request: HttpRequest, pk: int) -> HttpResponse:
    return _action(request, pk, lambda: services.entry_withdraw(competition_id=pk, user=request.user),
                   _("You have withdrawn."))


@require_POST
@login_required
def competition_start(request: HttpRequest, pk: int) -> HttpResponse:
    return _action(request, pk, lambda: services.competition_start(competition_id=pk, by_user=request.user),
                   _("The competition has started: the first round is paired."))


@login_required
def competition_new(request: HttpRequest) -> HttpResponse:
    form = CompetitionForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            competition = services.competition_create(creator=request.user, **form.service_arguments())
        except services.ServiceError as exc:
            form.add_error(None, text_of(exc))  # shown above the form, what was typed kept
        else:
            messages.success(request, _("The competition is open for registration."))
            return redirect("competitions:detail", pk=competition.pk)
    status = 400 if request.method == "POST" else 200
    return render(request, "competitions/new.html", {"form": form, "limits": services.PLAYER_LIMITS,
                                                     "games": registry.definitions()}, status=status)
