"""Issue 26 point 6: a read-only token managed the account's tokens (it minted new ones, which survived
its own revocation, and revoked a bot's play tokens), and tokens survived a password reset. Managing
tokens through the API now needs the "tokens" scope or the site's session, and a new password (changed,
reset by mail, set by the admin) revokes every API token."""

import re

import pytest
from django.core import mail
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from players import tokens
from players.models import ApiToken
from tests.platform.factories import make_user

pytestmark = pytest.mark.django_db


def _client(key: str) -> APIClient:
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Bearer {key}")
    return client


def test_a_read_only_token_neither_mints_tokens_nor_revokes_a_bots_play_token(alice):
    _read, read_key = tokens.token_create(user=alice, name="dashboard", scopes=["read"])
    play, play_key = tokens.token_create(user=alice, name="my bot", scopes=["read", "play"])
    reader = _client(read_key)
    minted = reader.post("/api/tokens/", {"name": "stolen", "scopes": ["read"]}, format="json")
    assert minted.status_code == 403 and "tokens" in minted.json()["detail"]
    assert reader.delete(f"/api/tokens/{play.pk}/").status_code == 403
    assert ApiToken.objects.filter(user=alice, revoked_at__isnull=True).count() == 2
    assert _client(play_key).get("/api/me/").status_code == 200  # the bot plays on
    assert reader.get("/api/tokens/").status_code == 200  # listing is reading
    assert reader.delete(f"/api/tokens/{_read.pk}/").status_code == 204  # a token may always revoke itself
    assert reader.get("/api/me/").status_code == 401


def test_the_tokens_scope_or_the_session_manages_tokens(alice):
    _manager, key = tokens.token_create(user=alice, name="manager", scopes=["read", "tokens"])
    bot, _bot_key = tokens.token_create(user=alice, name="bot", scopes=["read"])
    manager = _client(key)
    made = manager.post("/api/tokens/", {"name": "new", "scopes": ["read"]}, format="json")
    assert made.status_code == 201
    assert manager.delete(f"/api/tokens/{bot.pk}/").status_code == 204
    session = APIClient()
    session.force_login(alice)
    by_page = session.post("/api/tokens/", {"name": "from the site", "scopes": ["read", "play"]}, format="json")
    assert by_page.status_code == 201


def _tokens_of(user) -> tuple[int, int]:
    return (ApiToken.objects.filter(user=user, revoked_at__isnull=True).count(),
            Token.objects.filter(user=user).count())


def test_changing_the_password_revokes_every_api_token(client):
    user = make_user("mover", password="old-password-77")
    _token, key = tokens.token_create(user=user, name="bot", scopes=["read", "play"])
    Token.objects.create(user=user)
    assert _tokens_of(user) == (1, 1)
    client.force_login(user)
    response = client.post("/accounts/password/change/", {
        "oldpassword": "old-password-77", "password1": "new-password-88", "password2": "new-password-88"})
    assert response.status_code == 302
    assert _tokens_of(user) == (0, 0)
    assert _client(key).get("/api/me/").status_code == 401


def test_a_password_reset_by_mail_revokes_every_api_token(client):
    user = make_user("forgetful")
    _token, key = tokens.token_create(user=user, name="bot", scopes=["read"])
    client.post("/accounts/password/reset/", {"email": "forgetful@example.com"})
    reset_url = re.search(r"https?://[^/]+(/\S+)", mail.outbox[-1].body).group(1)
    form_page = client.get(reset_url, follow=True)
    form_url = form_page.redirect_chain[-1][0] if form_page.redirect_chain else reset_url
    done = client.post(form_url, {"password1": "brand-new-pass-42", "password2": "brand-new-pass-42"})
    assert done.status_code == 302
    assert _tokens_of(user) == (0, 0)
    assert _client(key).get("/api/me/").status_code == 401


def test_any_new_password_revokes_them_the_admin_and_changepassword_included():
    user = make_user("lent")
    tokens.token_create(user=user, name="bot", scopes=["read"])
    user.set_password("set-by-the-admin-31")
    user.save()
    assert _tokens_of(user) == (0, 0)
    other = make_user("kept")
    tokens.token_create(user=other, name="bot", scopes=["read"])
    other.first_name = "Kept"
    other.save()  # a save without a new password revokes nothing
    assert _tokens_of(other) == (1, 0)


def test_the_pages_say_so(client, alice):
    client.force_login(alice)
    page = client.get("/me/api-tokens/").content.decode()
    assert 'value="tokens"' in page and "revokes every token" in page
    bots = client.get("/bots/").content.decode()
    assert "<b>tokens</b>" in bots and "revokes every token" in bots


def test_the_tokens_page_says_so_in_french(client, alice):
    client.force_login(alice)
    page = client.get("/me/api-tokens/", HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    assert "révoque tous les jetons" in page and "un bot en a rarement besoin" in page
