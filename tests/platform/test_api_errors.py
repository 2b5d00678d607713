"""Issue 31.6: the API's error codes. Every code the code base can send is documented in the OpenAPI
document; the same situation gets the same code; an unknown /api/ address answers in JSON even under
DEBUG."""

from __future__ import annotations

import inspect
import re

import pytest
from django.conf import settings as django_settings
from rest_framework import exceptions
from rest_framework.test import APIClient

from play import api_errors, services
from players import tokens
from tests.platform.factories import accept_all, make_user, race_game

pytestmark = pytest.mark.django_db


def _codes_in_the_code_base() -> set[str]:
    """The codes raised in play/ (``code="..."``), the streams' refusals, the kinds' defaults and DRF's."""
    found = {code for _kind, code in api_errors.CODES}
    for path in (django_settings.BASE_DIR / "play").rglob("*.py"):
        text = path.read_text()
        found |= set(re.findall(r'\bcode="([a-z_]+)"', text))
        found |= set(re.findall(r'_refusal\(\d+, "([a-z_]+)"', text))
        found |= set(re.findall(r'\bor "([a-z_]+)", exc\.params', text))  # an engine refusal's fallback key
    for _name, kind in inspect.getmembers(exceptions, inspect.isclass):
        if issubclass(kind, exceptions.APIException) and kind is not exceptions.ValidationError:
            found.add({"throttled": "rate_limited"}.get(kind.default_code, kind.default_code))
    return found


def test_every_code_the_api_can_send_is_documented_in_the_schema():
    """authentication_failed, parse_error, method_not_allowed... were sent but not documented."""
    schema = APIClient().get("/api/schema/?format=json").json()
    documented = schema["components"]["schemas"]["Error"]["properties"]["code"]["description"]
    codes = _codes_in_the_code_base()
    assert {"authentication_failed", "parse_error", "not_allowed", "method_not_allowed", "not_your_turn"} <= codes
    missing = sorted(code for code in codes if f"{code}:" not in documented)
    assert missing == []


def test_resigning_a_finished_game_is_refused_as_moving_in_one():
    alice, bob = make_user("alice"), make_user("bob")
    game = accept_all(race_game(alice, [bob]), [bob])
    services.game_resign(game_id=game.pk, user=bob)
    api = APIClient()
    key = tokens.token_create(user=alice, name="b", scopes=["read", "play"])[1]
    api.credentials(HTTP_AUTHORIZATION=f"Bearer {key}")
    move = api.post(f"/api/games/{game.pk}/moves/", {"version": game.version + 5, "move": {"type": "add", "n": 1}},
                    format="json")
    resign = api.post(f"/api/games/{game.pk}/resign/", {}, format="json")
    assert (resign.status_code, resign.json()["code"]) == (move.status_code, move.json()["code"])
    assert resign.json()["code"] == "game_not_in_progress"


def test_an_unknown_api_address_answers_json_even_under_debug(settings, client):
    settings.DEBUG = True
    for path in ("/api/nothing/here/", "/api/games/1/no-such-action/"):
        answer = client.get(path)
        assert answer.status_code == 404 and answer.json()["code"] == "not_found", path
    assert client.get("/api/games").status_code == 301  # a missing slash is still added (APPEND_SLASH)


def test_a_long_poll_timeout_over_sixty_seconds_is_refused_naming_the_field(client):
    """Issue 31.8: a timeout over 60 was silently cut to 60."""
    bob = make_user("bob")
    key = tokens.token_create(user=bob, name="b", scopes=["read"])[1]
    answer = client.get("/api/stream/wait/?timeout=120", HTTP_AUTHORIZATION=f"Bearer {key}")
    assert answer.status_code == 400 and answer.json()["detail"].startswith("timeout")
