"""NUL characters never reach the database.

PostgreSQL refuses a text value containing NUL (0x00): ``/players/%00/`` made the
lookup fail with a 500 there, while SQLite simply found nothing. No name, token,
filter or form field of this site can contain NUL, so a request that carries one is
answered before any view runs: an address with NUL names nothing (404, as on SQLite);
a query string or form field with NUL is bad input (400 with a message)."""

from __future__ import annotations

from django.http import Http404, HttpRequest, HttpResponseBadRequest
from django.utils.translation import gettext as _

NUL = "\x00"
FORMS = ("application/x-www-form-urlencoded", "multipart/form-data")


def _has_nul(data) -> bool:
    return any(NUL in key or any(NUL in value for value in values if isinstance(value, str))
               for key, values in data.lists())


class RefuseNulMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request: HttpRequest):
        if NUL in request.path_info:
            raise Http404
        if _has_nul(request.GET) or (
                request.method == "POST" and request.content_type in FORMS and _has_nul(request.POST)):
            return HttpResponseBadRequest(_("The request contains a NUL character, which no field accepts."),
                                          content_type="text/plain; charset=utf-8")
        return self.get_response(request)
