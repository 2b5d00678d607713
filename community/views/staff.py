"""The staff dashboard, inside the admin (wrapped by ``admin.site.admin_view``
in urls: non-staff are sent to the admin login)."""

from django.contrib import admin, messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _

from .. import dashboard, queue, services
from ..models import MemberSettings


def dashboard_view(request: HttpRequest) -> HttpResponse:
    if request.method == "POST":  # the staff digest opt-in
        wanted = request.POST.get("staff_digest") == "on"
        services.staff_digest_set(user=request.user, wanted=wanted)
        messages.success(request, _("You will get the daily moderation digest.") if wanted
                         else _("You will no longer get the daily moderation digest."))
        return redirect("community:dashboard")
    try:
        days = int(request.GET.get("days", "30"))
    except ValueError:
        return HttpResponse(_("The number of days must be a whole number."), status=400)
    if not 1 <= days <= dashboard.MAX_DAYS:
        return HttpResponse(_("Choose between 1 and %(max)d days.") % {"max": dashboard.MAX_DAYS}, status=400)
    rows = dashboard.daily_stats(days=days)
    peak = max([r.moves for r in rows] + [1])
    for row in rows:
        row.bar = round(100 * row.moves / peak)
    return render(
        request,
        "community/dashboard.html",
        {
            **admin.site.each_context(request),
            "title": _("Site activity"),
            "rows": rows,
            "days": days,
            "total": dashboard.totals(rows, days=days),
            "queue": queue.counts(),
            "staff_digest": MemberSettings.objects.filter(user=request.user, staff_digest=True).exists(),
        },
    )
