"""NUL characters never reach the database.

PostgreSQL refuses a text value containing NUL (0x00): ``/players/%00/`` made the
lookup fail with a 500 there, while SQLite simply found nothing. No name, token,
filter or form field of this site can contain NUL, so a request that carries one is
answered before any view runs: an address with NUL names nothing (404, as on SQLite);
a query string or form field with NUL is bad input (400 with a message: JSON for the API, plain text
for a page's HTMX request, which the page shows where the person is looking, and a small page of its own
for a form sent without JavaScript)."""

from __future__ import annotations

from asgiref.sync import iscoroutinefunction, markcoroutinefunction
from django.http import Http404, HttpRequest, HttpResponseBadRequest, JsonResponse
from django.template.loader import render_to_string
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _

NUL = "\x00"
API_PREFIX = "/api/"  # answered as the API answers every refusal: {"detail": ...}


def _has_nul(data) -> bool:
    return any(NUL in key or any(NUL in value for value in values if isinstance(value, str))
               for key, values in data.lists())


def _body_has_nul(request: HttpRequest) -> bool:
    if request.method != "POST":
        return False
    if request.content_type == "application/x-www-form-urlencoded":
        return _has_nul(request.POST)
    if request.content_type == "multipart/form-data":
        # The raw bytes (no file uploads on this site): parsing the parts here would
        # take a malformed body's error away from the view that reports it.
        return b"\x00" in request.body
    return False  # JSON: play.json_input refuses NUL itself


def _back(request: HttpRequest) -> str:
    referer = request.headers.get("Referer", "")
    same_site = url_has_allowed_host_and_scheme(referer, {request.get_host()}, require_https=request.is_secure())
    return referer if referer and NUL not in referer and same_site else "/"


def _refusal_page(request: HttpRequest, message: str) -> str:
    # Rendered without the request's context: the session and the user are not read yet (see MIDDLEWARE).
    return render_to_string("bad_request.html", {"message": message, "back": _back(request)})


class RefuseNulMiddleware:
    # Async-capable, so that an ASGI request (an open stream) holds no thread for it (lacitta_site/static_files.py).
    async_capable = True
    sync_capable = True

    def __init__(self, get_response):
        self.get_response = get_response
        if iscoroutinefunction(get_response):
            markcoroutinefunction(self)

    def __call__(self, request: HttpRequest):
        if iscoroutinefunction(self):
            return self._async_call(request)
        return self._refusal(request) or self.get_response(request)

    async def _async_call(self, request: HttpRequest):
        return self._refusal(request) or await self.get_response(request)

    @staticmethod
    def _refusal(request: HttpRequest):
        if NUL in request.path_info:
            raise Http404
        if _has_nul(request.GET) or _body_has_nul(request):
            message = _("The request contains a NUL character, which no field accepts.")
            if request.path_info.startswith(API_PREFIX):
                return JsonResponse({"detail": message}, status=400)
            if request.headers.get("HX-Request") == "true":
                return HttpResponseBadRequest(message, content_type="text/plain; charset=utf-8")
            return HttpResponseBadRequest(_refusal_page(request, message))
        return None
