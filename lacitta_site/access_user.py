"""The user id in gunicorn's access line (issue 32.9): who made a request, for an operator following a report.

Django's request environ is the WSGI environ gunicorn logs from (``request.META``), so the id is written
there (``site.user_id``) and deploy/gunicorn.conf.py turns it into the line's ``user_id`` field. Only
a user the request loaded anyway is named: polling an unchanged game reads no session, and logging must
not add that lookup back. A user authenticated by the API's token (DRF puts it on the request) counts."""

from __future__ import annotations

from asgiref.sync import iscoroutinefunction, markcoroutinefunction
from django.utils.functional import SimpleLazyObject

ENVIRON_KEY = "site.user_id"


def _note(request, user) -> None:
    if getattr(user, "is_authenticated", False):
        request.META[ENVIRON_KEY] = str(user.pk)
    else:
        request.META.pop(ENVIRON_KEY, None)


class UserInAccessLog:
    """After AuthenticationMiddleware: its lazy user, wrapped so that loading it leaves the id in the environ.
    Async-capable, so that an ASGI request (an open stream) holds no thread for it (lacitta_site/static_files.py)."""

    async_capable = True
    sync_capable = True

    def __init__(self, get_response):
        self.get_response = get_response
        if iscoroutinefunction(get_response):
            markcoroutinefunction(self)

    def __call__(self, request):
        if iscoroutinefunction(self):
            return self._async_call(request)
        self._wrap(request)
        return self._after(request, self.get_response(request))

    async def _async_call(self, request):
        self._wrap(request)
        return self._after(request, await self.get_response(request))

    @staticmethod
    def _wrap(request) -> None:
        lazy = request.user

        def load():
            _note(request, lazy)
            return lazy

        request.user = SimpleLazyObject(load)

    @staticmethod
    def _after(request, response):
        if type(request.user) is not SimpleLazyObject:  # set outright: a login, a logout, an API token
            _note(request, request.user)
        return response
