"""404 answers: an address under /api/ (an id that is not a number, a path that does not exist) gets
the API's error shape in JSON, as every other refusal of the API; pages get the site's 404 page."""

from django.http import JsonResponse
from django.utils.translation import gettext as _
from django.views.decorators.csrf import csrf_exempt
from django.views.defaults import page_not_found


def not_found(request, exception):
    if request.path.startswith("/api/"):
        return JsonResponse({"code": "not_found", "detail": _("Not found."), "params": {}}, status=404)
    return page_not_found(request, exception)


@csrf_exempt  # it changes nothing: a POST to an unknown address gets the 404, not the CSRF page
def api_not_found(request):
    """The last address under /api/: an unknown one answers in JSON even under DEBUG (where Django's
    ``handler404`` is not used)."""
    return not_found(request, None)
