"""Records where an account is used from through an API token or to send a move
(``community.addresses``), after the view answered: only what succeeded, only a known user."""

from __future__ import annotations

from django.conf import settings
from django.utils.module_loading import import_string

from . import addresses

# The views that apply a move: the game page's form and the API's.
MOVE_VIEWS = frozenset({"games:move", "game-moves"})


class SeenAddressMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        response = self.get_response(request)
        if response.status_code < 400:
            self._note(request)
        return response

    @staticmethod
    def _note(request) -> None:
        # Which kind of request first: the user is looked at only then (an unchanged poll must not load
        # the session and the user for nothing).
        match = getattr(request, "resolver_match", None)
        if request.method == "POST" and match is not None and match.view_name in MOVE_VIEWS:
            via = "move"
        elif getattr(request, "auth", None) is not None:  # an API token (DRF sets it on the request)
            via = "api"
        else:
            return
        user = getattr(request, "user", None)  # an API token's user too: DRF sets it on the request
        if user is None or not user.is_authenticated:
            return
        # The client's address behind our proxies: the site's one rule (``CLIENT_IP_CALLABLE``).
        ip = import_string(settings.CLIENT_IP_CALLABLE)(request)
        addresses.address_seen(user=user, ip=ip, via=via,
                               device=request.META.get("HTTP_USER_AGENT", ""))
