from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils import translation
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST
from rest_framework.authtoken.models import Token

from play.errors import ServiceError
from play.http_errors import text_of

from . import bot_accounts, services, tokens
from .forms import PreferencesForm, VacationForm
from .models import ApiToken, Profile


@login_required
def preferences(request):
    profile = Profile.objects.get_or_create(user=request.user)[0]
    if request.method == "POST":
        form = PreferencesForm(request.POST, instance=profile)
        if form.is_valid():
            services.profile_update(user=request.user, data=form.cleaned_data)
            translation.activate(form.cleaned_data["language"])
            messages.success(request, _("Your preferences are saved."))
            response = redirect("players:preferences")
            response.set_cookie("django_language", form.cleaned_data["language"])
            return response
        status = 400
    else:
        form, status = PreferencesForm(instance=profile), 200
    return render(request, "players/preferences.html", {
        "form": form, "vacation_form": VacationForm(), "profile": profile,
        "vacation": profile.current_vacation(), "days_left": profile.vacation_days_left(),
    }, status=status)


@login_required
@require_POST
def vacation(request):
    if "end" in request.POST:
        action = lambda: services.vacation_end(user=request.user)  # noqa: E731
        done = _("Welcome back: your clocks run again.")
    else:
        form = VacationForm(request.POST)
        if not form.is_valid():
            messages.error(request, _("Enter a number of days between 1 and 60."))
            return redirect("players:preferences")
        days = form.cleaned_data["days"]
        action = lambda: services.vacation_start(user=request.user, days=days)  # noqa: E731
        done = _("Enjoy your vacation: your clocks stand still.")
    try:
        action()
    except ServiceError as exc:
        messages.error(request, exc.message)
    else:
        messages.success(request, done)
    return redirect("players:preferences")


@login_required
def api_tokens(request: HttpRequest) -> HttpResponse:
    """Make a token (its key is shown on this answer only), or revoke one."""
    new_key, error, status = "", "", 200
    if request.method == "POST":
        action = request.POST.get("action", "make")
        try:
            if action == "revoke":
                tokens.token_revoke(user=request.user, token_id=int(request.POST.get("token", "0")))
                messages.success(request, _("The token was revoked: it no longer works."))
                return redirect("players:api_tokens")
            if action == "bot-account":
                bot_accounts.bot_account_mark(user=request.user, confirm=request.POST.get("confirm") == "yes")
                messages.success(request, _("Your account is a bot account now."))
                return redirect("players:api_tokens")
            if action == "revoke-old":
                Token.objects.filter(user=request.user).delete()
                messages.success(request, _("The token was revoked: it no longer works."))
                return redirect("players:api_tokens")
            _token, new_key = tokens.token_create(
                user=request.user, name=request.POST.get("name", ""), scopes=request.POST.getlist("scopes")
            )
        except ValueError:
            error, status = _("There is no such token."), 400
        except ServiceError as exc:
            error, status = text_of(exc), 400
    return render(
        request,
        "players/api_tokens.html",
        {
            "tokens": ApiToken.objects.filter(user=request.user, revoked_at__isnull=True),
            "old_token": Token.objects.filter(user=request.user).first(),
            "new_key": new_key,
            "is_bot": bot_accounts.is_bot_account(request.user),
            "error": error,
            "scopes": ApiToken.SCOPES,
        },
        status=status,
    )
