"""Records where an account is used from through an API token or to send a move
(``community.addresses``), after the view answered: only what succeeded, only a known user."""

from __future__ import annotations

from asgiref.sync import iscoroutinefunction, markcoroutinefunction, sync_to_async
from django.conf import settings
from django.utils.module_loading import import_string

from . import addresses

# The views that apply a move: the game page's form and the API's.
MOVE_VIEWS = frozenset({"games:move", "game-moves"})


class SeenAddressMiddleware:
    # Async-capable, so that an ASGI request (an open stream) holds no thread for it (lacitta_site/static_files.py):
    # only a request that records something goes to a thread (a pooled one) for its database work.
    async_capable = True
    sync_capable = True

    def __init__(self, get_response):
        self.get_response = get_response
        if iscoroutinefunction(get_response):
            markcoroutinefunction(self)

    def __call__(self, request):
        if iscoroutinefunction(self):
            return self._async_call(request)
        response = self.get_response(request)
        via = self._via(request) if response.status_code < 400 else ""
        if via:
            self._note(request, via)
        return response

    async def _async_call(self, request):
        response = await self.get_response(request)
        via = self._via(request) if response.status_code < 400 else ""
        if via:
            await sync_to_async(self._note, thread_sensitive=False)(request, via)
        return response

    @staticmethod
    def _via(request) -> str:
        """What kind of use the request is ("" for none): looked at before the user, which an unchanged poll
        must not load for nothing."""
        match = getattr(request, "resolver_match", None)
        if request.method == "POST" and match is not None and match.view_name in MOVE_VIEWS:
            return "move"
        if getattr(request, "auth", None) is not None:  # an API token (DRF sets it on the request)
            return "api"
        return ""

    @staticmethod
    def _note(request, via: str) -> None:
        user = getattr(request, "user", None)  # an API token's user too: DRF sets it on the request
        if user is None or not user.is_authenticated:
            return
        # The client's address behind our proxies: the site's one rule (``CLIENT_IP_CALLABLE``).
        ip = import_string(settings.CLIENT_IP_CALLABLE)(request)
        addresses.address_seen(user=user, ip=ip, via=via,
                               device=request.META.get("HTTP_USER_AGENT", ""))
