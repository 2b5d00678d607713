"""Public profile, match history, head-to-head, reporting a player."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth import get_user_model
from django.contrib.auth.decorators import login_required
from django.core.paginator import Paginator
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from play.errors import ServiceError
from players.models import Profile
from ratings import selectors as rating_selectors

from .. import selectors, services
from ..account import is_deleted
from ..forms import HistoryFilterForm, PlayerReportForm
from ..models import Block

User = get_user_model()
HISTORY_PAGE = 25


def _owner(request: HttpRequest, username: str):
    """The profile's user, or 404 for closed accounts (staff still see them)."""
    owner = get_object_or_404(User, username=username)
    if is_deleted(owner) or (not owner.is_active and not request.user.is_staff):
        raise Http404
    return owner


def _hidden(request: HttpRequest, owner) -> HttpResponse:
    return render(request, "community/profile_hidden.html", {"owner": owner}, status=403)


def profile(request: HttpRequest, username: str) -> HttpResponse:
    owner = _owner(request, username)
    if not selectors.profile_visible(owner, request.user):
        return _hidden(request, owner)
    player = Profile.objects.filter(user=owner).first()
    member = services.settings_of(owner)
    recent = selectors.finished_seats(owner, viewer=request.user)[:10]
    return render(
        request,
        "community/profile.html",
        {
            "owner": owner,
            "member": member,
            "player": player,
            "display_name": member.display_name or owner.get_username(),
            "vacation_left": player.vacation_days_left() if player else None,
            "stats": selectors.stats(owner, viewer=request.user),
            "conduct": selectors.conduct(owner, viewer=request.user),
            "ratings": [(r, selectors.engine_name(r.game_type)) for r in rating_selectors.ratings_of(owner)],
            "recent": recent,
            "current": [g for g in selectors.current_games(owner)],
            "is_me": request.user.is_authenticated and request.user.pk == owner.pk,
            "blocked": request.user.is_authenticated
            and Block.objects.filter(blocker=request.user, blocked=owner).exists(),
        },
    )


def history(request: HttpRequest, username: str) -> HttpResponse:
    owner = _owner(request, username)
    if not selectors.profile_visible(owner, request.user):
        return _hidden(request, owner)
    form = HistoryFilterForm(request.GET or None,
                             option_sets=selectors.option_sets(owner, viewer=request.user))
    context = {"owner": owner, "form": form, "page": None, "h2h": None}
    if request.GET and not form.is_valid():
        return render(request, "community/history.html", context, status=400)
    data = form.cleaned_data if request.GET else {}
    opponent = data.get("opponent")
    rows = selectors.finished_seats(
        owner,
        viewer=request.user,
        game_type=data.get("game") or "",
        options=form.option_sets.get(data["options"]) if data.get("options") else None,
        opponent=opponent,
        date_from=data.get("date_from"),
        date_to=data.get("date_to"),
    )
    if data.get("result"):
        rows = [
            r
            for r in rows
            if r.outcome == data["result"] or (data["result"] == "lost" and r.outcome in ("left", "abandoned"))
        ]
    try:
        page_number = int(request.GET.get("page", "1"))
    except ValueError:
        return HttpResponse(_("The page must be a number."), status=400)
    context["page"] = Paginator(rows, HISTORY_PAGE).get_page(page_number)
    context["query"] = request.GET.copy()
    context["query"].pop("page", None)
    if opponent is not None and opponent.pk != owner.pk and selectors.profile_visible(opponent, request.user):
        context["opponent"] = opponent
    return render(request, "community/history.html", context)


def head_to_head(request: HttpRequest, username: str, other: str) -> HttpResponse:
    owner = _owner(request, username)
    rival = _owner(request, other)
    if owner.pk == rival.pk:
        return HttpResponse(_("Choose two different players."), status=400)
    for user in (owner, rival):
        if not selectors.profile_visible(user, request.user):
            return _hidden(request, user)
    record = selectors.head_to_head(owner, rival, viewer=request.user)
    return render(request, "community/head_to_head.html", {"owner": owner, "rival": rival, "record": record})


@login_required
def report_user(request: HttpRequest, username: str) -> HttpResponse:
    target = _owner(request, username)
    form = PlayerReportForm(request.POST or None)
    status = 200
    if request.method == "POST":
        if form.is_valid():
            try:
                services.report_user(reporter=request.user, user=target, reason=form.cleaned_data["reason"],
                                     category=form.cleaned_data["category"], urgent=form.cleaned_data["urgent"])
            except ServiceError as exc:
                form.add_error(None, exc.message)
            else:
                messages.success(request, _("Thank you: the moderators will look at your report."))
                return redirect("community:profile", username=target.get_username())
        status = 400
    return render(request, "community/report.html", {"form": form, "target": target}, status=status)


@login_required
@require_POST
def block(request: HttpRequest, username: str) -> HttpResponse:
    """Block (or, with ``unblock``, stop blocking) a player: their chat is hidden from you
    and they can no longer invite you."""
    target = _owner(request, username)
    try:
        if request.POST.get("unblock"):
            services.player_unblock(blocker=request.user, blocked=target)
            messages.success(request, _("You no longer block %(name)s.") % {"name": target.get_username()})
        else:
            services.player_block(blocker=request.user, blocked=target)
            messages.success(request, _("You block %(name)s: you no longer see their chat messages, and they "
                                        "cannot invite you.") % {"name": target.get_username()})
    except ServiceError as exc:
        messages.error(request, exc.message)
    return redirect("community:profile", username=target.get_username())
