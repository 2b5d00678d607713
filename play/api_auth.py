"""Who calls the API, and what their token allows.

``Authorization: Bearer <key>`` (or ``Token <key>``) names one of the player's API tokens
(``players.tokens``: several per player, named, scopes read / play / chat / tokens, revocable); the
single token of earlier versions (``rest_framework.authtoken``) still works with every scope,
as does the site's session (the pages' own calls). A missing or bad token is a 401 with a
``WWW-Authenticate`` header, as RFC 6750 says, not a 403."""

from __future__ import annotations

from django.utils.translation import gettext as _
from rest_framework import exceptions, permissions
from rest_framework.authentication import BaseAuthentication, get_authorization_header

# What a token may allow (players.models.ApiToken.SCOPES). The tokens themselves are the players app's:
# this layer finds them through settings.API_TOKEN_LOOKUP (key -> token with .user and .scopes, or None).
ALL_SCOPES = frozenset({"read", "play", "chat", "tokens"})
REALM = 'Bearer realm="api"'


def key_of(header: bytes) -> str | None:
    """The key of an ``Authorization`` header, None when there is none; AuthenticationFailed when
    it is not ``Bearer <key>`` or ``Token <key>``."""
    parts = header.split()
    if not parts or parts[0].lower() not in (b"bearer", b"token"):
        return None
    if len(parts) != 2:
        raise exceptions.AuthenticationFailed("Send one key: Authorization: Bearer <key>.")
    try:
        return parts[1].decode("ascii")
    except UnicodeDecodeError:
        raise exceptions.AuthenticationFailed("The key has characters a key never has.") from None


def user_of_key(key: str):
    """(user, token) for an active key, or None."""
    from django.conf import settings
    from django.utils.module_loading import import_string
    from rest_framework.authtoken.models import Token

    token = import_string(settings.API_TOKEN_LOOKUP)(key)
    if token is not None:
        return token.user, token
    legacy = Token.objects.select_related("user").filter(key=key).first()
    if legacy is not None and legacy.user.is_active:
        return legacy.user, legacy
    return None


def scopes_of(auth) -> frozenset[str]:
    """What the caller's credentials allow: a named token its scopes, anything else everything."""
    scopes = getattr(auth, "scopes", None)  # a named token's; the older single token and a session have all
    return ALL_SCOPES if scopes is None else frozenset(scopes)


class BearerTokenAuthentication(BaseAuthentication):
    def authenticate(self, request):
        key = key_of(get_authorization_header(request))
        if key is None:
            return None
        found = user_of_key(key)
        if found is None:
            raise exceptions.AuthenticationFailed(_("Unknown or revoked token."))
        return found

    def authenticate_header(self, request) -> str:
        return REALM


class HasScope(permissions.BasePermission):
    """The view's ``scope_for(request)`` must be among the token's scopes (403 otherwise)."""

    message = "This token's scopes do not allow this."

    def has_permission(self, request, view) -> bool:
        needed = (
            view.scope_for(request)
            if hasattr(view, "scope_for")
            else ("read" if request.method in permissions.SAFE_METHODS else "play")
        )
        if needed in scopes_of(request.auth):
            return True
        self.message = _("This token's scopes do not allow this (it needs the “%(scope)s” scope).") % {"scope": needed}
        return False
