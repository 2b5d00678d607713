"""Issue 31.5: every limited endpoint tells its limit the same way: RateLimit-Limit, -Remaining and -Reset on
every answer (Reset: seconds until one more is allowed again, not 0 while the window holds actions), and a 429
with Retry-After. Game creation and chat answered 429 with neither."""

import pytest
from django.urls import reverse
from rest_framework.test import APIClient

from players import tokens
from tests.platform.factories import accept_all, make_user, race_game

pytestmark = pytest.mark.django_db


def bearer(user) -> APIClient:
    key = tokens.token_create(user=user, name="t", scopes=["read", "play", "chat"])[1]
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Bearer {key}")
    return client


def limits(answer) -> tuple[int, int, int]:
    return (int(answer["RateLimit-Limit"]), int(answer["RateLimit-Remaining"]), int(answer["RateLimit-Reset"]))


def test_game_creation_tells_its_limit_and_when_to_come_back(settings):
    settings.GAMES_PER_HOUR = 2
    alice = make_user("alice")
    api = bearer(alice)
    body = {"game_type": "race", "seats": [{"kind": "me"}, {"kind": "open"}]}
    first = api.post("/api/games/", body, format="json")
    assert first.status_code == 201 and limits(first)[:2] == (2, 1) and 3500 < limits(first)[2] <= 3601
    assert api.post("/api/games/", body, format="json").status_code == 201
    refused = api.post("/api/games/", body, format="json")
    assert refused.status_code == 429 and limits(refused)[:2] == (2, 0)
    assert 0 < int(refused["Retry-After"]) <= 3601 and refused["Retry-After"] == refused["RateLimit-Reset"]


def test_chat_tells_its_limit_on_the_api_and_shares_it_with_the_page(settings, client):
    settings.CHAT_RATE = "2/m"
    alice, bob = make_user("alice"), make_user("bob")
    game = accept_all(race_game(alice, [bob]), [bob])
    api = bearer(alice)
    said = api.post(f"/api/games/{game.pk}/chat/", {"text": "hello"}, format="json")
    assert said.status_code == 201 and limits(said)[:2] == (2, 1) and 0 < limits(said)[2] <= 61
    client.force_login(alice)
    assert client.post(reverse("community:chat_post", args=[game.pk]), {"text": "from the page"}).status_code == 302
    refused = api.post(f"/api/games/{game.pk}/chat/", {"text": "again"}, format="json")
    assert refused.status_code == 429 and limits(refused)[:2] == (2, 0) and int(refused["Retry-After"]) >= 1
    bad = api.post(f"/api/games/{game.pk}/chat/", {"text": ""}, format="json")
    assert bad.status_code == 400 and "RateLimit-Limit" in bad  # every answer


def test_moves_report_a_true_reset_while_quota_remains():
    alice, bob = make_user("alice"), make_user("bob")
    game = accept_all(race_game(alice, [bob]), [bob])
    move = {"version": game.version, "move": {"type": "add", "n": 1}}
    moved = bearer(alice).post(f"/api/games/{game.pk}/moves/", move, format="json")
    assert moved.status_code == 200
    limit, remaining, reset = limits(moved)
    assert remaining == limit - 1 and 0 < reset <= 61
