"""Issue 39.2: refused moves count against a limit of their own (rate "refused_moves"), the pages and the API
together: a script sending moves that cannot land used to cost the server a game load and the engine's check
each time, without limit (only accepted moves were counted)."""

import json

import pytest
from django.urls import reverse
from rest_framework.test import APIClient

from players import tokens
from tests.platform.factories import accept_all, make_user, race_game

pytestmark = pytest.mark.django_db


@pytest.fixture
def three_refusals(settings):
    rates = dict(settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"], refused_moves="3/min")
    settings.REST_FRAMEWORK = {**settings.REST_FRAMEWORK, "DEFAULT_THROTTLE_RATES": rates}


def bearer(user) -> APIClient:
    key = tokens.token_create(user=user, name="t", scopes=["read", "play"])[1]
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Bearer {key}")
    return client


def test_refused_moves_on_the_api_and_the_page_are_limited_together(three_refusals, client):
    alice, bob = make_user("alice"), make_user("bob")
    game = accept_all(race_game(alice, [bob]), [bob])
    api = bearer(alice)
    illegal = {"version": game.version, "move": {"type": "add", "n": 99}}
    assert api.post(f"/api/games/{game.pk}/moves/", illegal, format="json").status_code == 400
    assert api.post(f"/api/games/{game.pk}/moves/", illegal, format="json").status_code == 400
    client.force_login(alice)
    page = client.post(reverse("games:move", args=[game.pk]),
                       {"version": str(game.version), "move": json.dumps({"type": "add", "n": 99})})
    assert page.status_code == 400
    refused = api.post(f"/api/games/{game.pk}/moves/", illegal, format="json")
    assert refused.status_code == 429 and refused.json()["code"] == "rate_limited"
    assert refused["RateLimit-Limit"] == "3" and refused["RateLimit-Remaining"] == "0"
    assert 1 <= int(refused["Retry-After"]) <= 61
    # Past the limit even a legal move waits (the game is not loaded for it), on the page too.
    legal = {"version": game.version, "move": {"type": "add", "n": 1}}
    assert api.post(f"/api/games/{game.pk}/moves/", legal, format="json").status_code == 429
    page = client.post(reverse("games:move", args=[game.pk]),
                       {"version": str(game.version), "move": json.dumps({"type": "add", "n": 1})})
    assert page.status_code == 429
    game.refresh_from_db()
    assert game.version == legal["version"]  # nothing landed


def test_accepted_moves_do_not_count_as_refused(three_refusals):
    alice, bob = make_user("alice"), make_user("bob")
    game = accept_all(race_game(alice, [bob], target="15"), [bob])
    players = [bearer(alice), bearer(bob)]
    for _ in range(5):
        game.refresh_from_db()
        mover = next(p for p in players if p.get(f"/api/games/{game.pk}/legal-moves/").json()["owes"])
        answer = mover.post(f"/api/games/{game.pk}/moves/", {"version": game.version, "move": {"type": "add", "n": 1}},
                            format="json")
        assert answer.status_code == 200
