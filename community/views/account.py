"""The player's own settings: profile and privacy, moderation notices and
appeals, data export, closing the account."""

from __future__ import annotations

import json

from django.conf import settings
from django.contrib import messages
from django.contrib.auth import logout
from django.contrib.auth.decorators import login_required
from django.core.serializers.json import DjangoJSONEncoder
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils import timezone
from django.utils.text import slugify
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from play.errors import ServiceError
from play.http_errors import status_of

from .. import account, moderation, notices, services, signup_policy
from ..forms import AppealForm, DeleteAccountForm, MemberSettingsForm
from ..models import Sanction, SeatOffer


def _privacy_page(request: HttpRequest, form, *, status: int = 200, appeal_error: str = "") -> HttpResponse:
    sanctions = list(Sanction.objects.filter(user=request.user).order_by("-starts_at"))
    for sanction in sanctions:  # four eyes, unless the team is one moderator: the page says so
        sanction.team_of_one = not sanction.appeal_decision and moderation.team_of_one(sanction)
    services.sanction_notices_seen(user=request.user)  # read: the site-wide notice stops
    return render(
        request,
        "community/privacy.html",
        {
            "form": form,
            "sanctions": sanctions,
            "appeal_form": AppealForm(),
            "now": timezone.now(),
            "appeal_error": appeal_error,
            "retention_days": signup_policy.RETENTION_DAYS,
            # Offers not answered yet, should their mail have gone astray.
            "seat_offers": SeatOffer.objects.filter(user=request.user, status=SeatOffer.Status.PENDING)
                           .exclude(expires_at__lte=timezone.now()),
        },
        status=status,
    )


@login_required
def privacy(request: HttpRequest) -> HttpResponse:
    member = services.settings_of(request.user)
    form = MemberSettingsForm(request.POST or None, instance=member)
    if request.method == "POST":
        if form.is_valid():
            try:
                services.member_settings_update(user=request.user, **form.cleaned_data)
            except ServiceError as exc:
                form.add_error(None, exc.message)
            else:
                messages.success(request, _("Your profile and privacy settings are saved."))
                return redirect("community:privacy")
        return _privacy_page(request, form, status=400)
    return _privacy_page(request, form)


@login_required
@require_POST
def appeal(request: HttpRequest, sanction_id: int) -> HttpResponse:
    settings_form = MemberSettingsForm(instance=services.settings_of(request.user))
    form = AppealForm(request.POST)
    if not form.is_valid():
        return _privacy_page(
            request,
            settings_form,
            status=400,
            appeal_error=_("Say why the decision should change (at most 2000 characters)."),
        )
    try:
        services.sanction_appeal(user=request.user, sanction_id=sanction_id, text=form.cleaned_data["text"])
    except ServiceError as exc:
        return _privacy_page(request, settings_form, status=status_of(exc), appeal_error=exc.message)
    messages.success(request, _("Your appeal is noted; a moderator will answer it."))
    return redirect("community:privacy")


@login_required
def export(request: HttpRequest) -> HttpResponse:
    data = account.account_export(user=request.user)
    body = json.dumps(data, cls=DjangoJSONEncoder, ensure_ascii=False, indent=1)
    response = HttpResponse(body, content_type="application/json; charset=utf-8")
    name = slugify(settings.SITE_NAME) or "account"
    response["Content-Disposition"] = f'attachment; filename="{name}-{request.user.pk}.json"'
    return response


@login_required
def delete(request: HttpRequest) -> HttpResponse:
    form = DeleteAccountForm(request.POST or None, user=request.user)
    if request.method == "POST":
        if form.is_valid():
            account.account_delete(user=request.user)
            logout(request)
            messages.success(request, _("Your account is closed. Your games stay, under “deleted user”."))
            return redirect("games:lobby")
        return render(request, "community/delete_account.html",
                      {"form": form, "retention_days": signup_policy.RETENTION_DAYS}, status=400)
    return render(request, "community/delete_account.html",
                  {"form": form, "retention_days": signup_policy.RETENTION_DAYS})


def appeal_by_link(request: HttpRequest, token: str) -> HttpResponse:
    """Appeal from the e-mail's signed link, without logging in: a suspended or banned
    account cannot log in, and the link is the proof of who appeals."""
    sanction = notices.sanction_from_token(token)
    if sanction is None:
        return render(request, "community/appeal_by_link.html",
                      {"invalid": True, "sanction": None, "form": None}, status=404)
    form = AppealForm(request.POST or None)
    context = {"sanction": sanction, "sentence": notices.describe(sanction), "form": form, "error": "",
               "team_of_one": moderation.team_of_one(sanction)}
    if request.method == "POST":
        if not form.is_valid():
            context["error"] = _("Say why the decision should change (at most 2000 characters).")
            return render(request, "community/appeal_by_link.html", context, status=400)
        try:
            services.sanction_appeal(user=sanction.user, sanction_id=sanction.pk,
                                     text=form.cleaned_data["text"])
        except ServiceError as exc:
            context["error"] = exc.message
            return render(request, "community/appeal_by_link.html", context, status=status_of(exc))
        sanction.refresh_from_db()
        context["done"] = True
    return render(request, "community/appeal_by_link.html", context)
