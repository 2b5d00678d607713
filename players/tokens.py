"""API tokens: made, listed, revoked, and recognised (``ApiToken``; the API's authentication
is ``play.api_auth``). A key is ``lct_`` + 43 random characters; the database keeps its SHA-256.
Managing tokens through the API needs the "tokens" scope (or the site's session); a new password
revokes them all (``RevokeTokensOnNewPassword``)."""

from __future__ import annotations

import hashlib
import secrets
from datetime import timedelta

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from play.errors import ServiceError

from .models import ApiToken

MAX_TOKENS = 20  # active tokens per player
KEY_PREFIX = "lct_"


def _digest(key: str) -> str:
    return hashlib.sha256(key.encode()).hexdigest()


@transaction.atomic
def token_create(*, user, name: str, scopes) -> tuple[ApiToken, str]:
    """A new token and its key (shown once: only its hash is kept)."""
    name = (name or "").strip()
    if not name or len(name) > 60:
        raise ServiceError(_("A token needs a name of 1 to 60 characters."))
    scopes = list(dict.fromkeys(scopes or ()))
    if not scopes or any(s not in ApiToken.SCOPES for s in scopes):
        raise ServiceError(_("Scopes are one or more of read, play, chat and tokens."))
    if ApiToken.objects.filter(user=user, revoked_at__isnull=True).count() >= MAX_TOKENS:
        raise ServiceError(_("You have %(n)d tokens, the most allowed: revoke one first."), {"n": MAX_TOKENS})
    key = KEY_PREFIX + secrets.token_urlsafe(32)
    token = ApiToken.objects.create(
        user=user, name=name, scopes=scopes, key_hash=_digest(key), prefix=key[:10]
    )
    return token, key


def token_revoke(*, user, token_id: int) -> ApiToken:
    token = ApiToken.objects.filter(user=user, pk=token_id, revoked_at__isnull=True).first()
    if token is None:
        raise ServiceError(_("There is no such token."))
    token.revoked_at = timezone.now()
    token.save(update_fields=["revoked_at"])
    return token


def tokens_revoke_all(*, user) -> int:
    """Every API token of the account stops working (named ones revoked, the older single one deleted)."""
    from rest_framework.authtoken.models import Token

    revoked = ApiToken.objects.filter(user=user, revoked_at__isnull=True).update(revoked_at=timezone.now())
    deleted, _kinds = Token.objects.filter(user=user).delete()
    return revoked + deleted


class RevokeTokensOnNewPassword:
    """Not a rule for passwords: Django tells every validator of ``AUTH_PASSWORD_VALIDATORS`` when a
    password was changed (``password_changed``: after ``set_password`` and ``save``, whatever the path:
    the account page, a reset by mail, the admin, ``manage.py changepassword``). A new password is how a
    player takes an account back, so it revokes every API token: a thief's key must not outlive it."""

    def validate(self, password, user=None) -> None:
        return None

    def get_help_text(self) -> str:
        return _("A new password later revokes every API token of the account.")

    def password_changed(self, password, user=None) -> None:
        if user is not None and user.pk is not None:
            tokens_revoke_all(user=user)


def token_user(key: str) -> ApiToken | None:
    """The active token of this key (its user loaded), or None. Its last use is noted at most once a
    minute (a write per request would be a write per move)."""
    if not key.startswith(KEY_PREFIX):
        return None
    token = (
        ApiToken.objects.select_related("user").filter(key_hash=_digest(key), revoked_at__isnull=True).first()
    )
    if token is None or not token.user.is_active:
        return None
    now = timezone.now()
    if token.last_used_at is None or now - token.last_used_at > timedelta(minutes=1):
        ApiToken.objects.filter(pk=token.pk).update(last_used_at=now)
    return token
