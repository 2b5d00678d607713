from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import redirect, render
from django.utils import translation
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from games.errors import ServiceError

from . import services
from .forms import PreferencesForm, VacationForm
from .models import Profile


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
