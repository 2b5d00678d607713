"""REST API: token auth for programs, the seat's view, legal moves, moves with
versions (409 on repeats), resign, log, the OpenAPI schema."""

import pytest
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from play.models import Game
from tests.platform.factories import accept_all, make_user, race_game

pytestmark = pytest.mark.django_db


def token_client(user) -> APIClient:
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {Token.objects.get_or_create(user=user)[0].key}")
    return client


def test_anonymous_gets_401_with_www_authenticate():
    for headers in ({}, {"HTTP_AUTHORIZATION": "Bearer lct_not-a-key"}, {"HTTP_AUTHORIZATION": "Token nope"}):
        response = APIClient().get("/api/games/", **headers)
        assert response.status_code == 401, headers
        assert response["WWW-Authenticate"] == 'Bearer realm="api"'
        assert response.json()["code"] in ("not_authenticated", "authentication_failed")


def test_list_shows_public_and_own_games(alice, bob):
    carol = make_user("carol")
    mine_private = race_game(alice, [bob], private=True)
    public = race_game(carol, open_seats=1)
    hidden = race_game(carol, open_seats=1, private=True)
    data = token_client(alice).get("/api/games/").json()["results"]
    ids = {g["id"] for g in data}
    assert {mine_private.pk, public.pk} <= ids and hidden.pk not in ids
    only_open = token_client(alice).get("/api/games/?status=open&game_type=race").json()["results"]
    assert all(g["status"] == "open" for g in only_open)


def test_token_client_plays_a_game(alice, bob):
    game = accept_all(race_game(alice, [bob]), [bob])
    api = token_client(alice)
    detail = api.get(f"/api/games/{game.pk}/").json()
    assert detail["my_seat"] == 0 and detail["version"] == 1 and detail["pending"] == [0]
    assert detail["view"]["my_secret"] == game.state["secret"][0]
    assert "seed" not in detail and "state" not in detail
    legal = api.get(f"/api/games/{game.pk}/legal-moves/").json()
    assert legal["moves"] == [{"type": "add", "n": 1}, {"type": "add", "n": 2}, {"type": "add", "n": 3}]
    response = api.post(f"/api/games/{game.pk}/moves/", {"version": 1, "move": legal["moves"][2]}, format="json")
    assert response.status_code == 200 and response.json()["version"] == 2
    repeat = api.post(f"/api/games/{game.pk}/moves/", {"version": 1, "move": legal["moves"][2]}, format="json")
    assert repeat.status_code == 409 and "changed since you looked" in repeat.json()["detail"]
    assert Game.objects.get(pk=game.pk).version == 2


def test_bad_move_bodies_get_400_with_messages(alice, bob):
    game = accept_all(race_game(alice, [bob]), [bob])
    api = token_client(alice)
    missing = api.post(f"/api/games/{game.pk}/moves/", {"move": {"type": "add", "n": 1}}, format="json")
    assert missing.status_code == 400 and missing.json()["code"] == "invalid"
    assert "version" in missing.json()["fields"]
    illegal = api.post(f"/api/games/{game.pk}/moves/", {"version": 1, "move": {"type": "add", "n": 5}},
                       format="json")
    assert illegal.status_code == 400
    assert illegal.json()["code"] == "race.bad_add" and "1, 2 or 3" in illegal.json()["detail"]
    assert Game.objects.get(pk=game.pk).version == 1


def test_other_seat_cannot_move_and_outsider_cannot_see_private(alice, bob):
    game = accept_all(race_game(alice, [bob], private=True), [bob])
    response = token_client(bob).post(f"/api/games/{game.pk}/moves/", {"version": 1, "move": {"type": "add", "n": 1}},
                                      format="json")
    assert response.status_code == 409 and "not your turn" in response.json()["detail"]
    outsider = token_client(make_user("eve"))
    assert outsider.get(f"/api/games/{game.pk}/").status_code == 404
    assert outsider.post(f"/api/games/{game.pk}/moves/", {"version": 1, "move": {"type": "add", "n": 1}},
                         format="json").status_code == 404


def test_spectator_view_has_no_secret(alice, bob):
    game = accept_all(race_game(alice, [bob]), [bob])
    detail = token_client(make_user("eve")).get(f"/api/games/{game.pk}/").json()
    assert detail["my_seat"] is None and detail["view"]["my_secret"] is None
    assert token_client(make_user("zed")).get(f"/api/games/{game.pk}/legal-moves/").json()["moves"] == []


def test_log_is_filtered_per_seat(alice, bob):
    game = accept_all(race_game(alice, [bob]), [bob])
    log = token_client(bob).get(f"/api/games/{game.pk}/log/").json()
    entries = [e for row in log for e in row["entries"]]
    secrets = [e["params"]["card"] for e in entries if e["key"] == "race.secret"]
    assert secrets == [game.state["secret"][1]]
    assert token_client(bob).get(f"/api/games/{game.pk}/log/?after=x").status_code == 400


def test_resign_and_join_through_api(alice, bob):
    game = race_game(alice, open_seats=1)
    assert token_client(bob).post(f"/api/games/{game.pk}/join/").status_code == 200
    response = APIClient()
    response.force_authenticate(bob)
    data = response.post(f"/api/games/{game.pk}/resign/").json()
    assert data["status"] == "finished" and data["result"]["ranks"] == [1, 2]
    again = response.post(f"/api/games/{game.pk}/resign/")
    assert again.status_code == 400 and again.json()["detail"]


def test_openapi_schema_and_docs(client):
    schema = client.get("/api/schema/")
    assert schema.status_code == 200
    body = schema.content.decode()
    assert "/api/games/{id}/moves/" in body and "/api/games/{id}/legal-moves/" in body
    docs = client.get("/api/docs/")
    assert docs.status_code == 200
    assert "drf_spectacular_sidecar" in docs.content.decode() and "cdn.jsdelivr" not in docs.content.decode()


def test_games_list_comes_in_pages_with_a_maximum_size(alice):
    """Issue 12, item 5: 5,000 games gave one 3.4 MB answer."""
    from play import api

    for _ in range(7):
        race_game(alice, open_seats=1)
    client = token_client(alice)
    first = client.get("/api/games/?page_size=3").json()
    assert first["count"] == 7 and len(first["results"]) == 3 and first["next"] and first["previous"] is None
    rest = client.get("/api/games/?page_size=3&page=3").json()
    assert len(rest["results"]) == 1 and rest["next"] is None
    second = client.get(first["next"]).json()["results"]
    seen = {g["id"] for g in first["results"]} | {g["id"] for g in second}
    assert len(seen) == 6
    assert client.get("/api/games/?page=99").status_code == 404
    huge = client.get("/api/games/?page_size=100000").json()
    assert len(huge["results"]) == 7  # capped at the maximum, which is far below
    assert api.GamePages.max_page_size <= 200 and api.GamePages.page_size <= 50
    schema = client.get("/api/schema/?format=json").json()
    listing = schema["paths"]["/api/games/"]["get"]
    assert {"page", "page_size"} <= {p["name"] for p in listing["parameters"]}
    ok = listing["responses"]["200"]["content"]["application/json"]["schema"]["$ref"]
    assert ok.endswith("PaginatedGameSummaryList")


def test_log_answers_at_most_a_page_and_goes_on_after_the_last_seq(alice, bob, monkeypatch):
    from play import api

    monkeypatch.setattr(api, "LOG_PAGE", 2)
    game = accept_all(race_game(alice, [bob]), [bob])
    client = token_client(alice)
    for version, n in ((1, 1), (2, 1)):
        seat_client = client if version == 1 else token_client(bob)
        body = {"version": version, "move": {"type": "add", "n": n}}
        seat_client.post(f"/api/games/{game.pk}/moves/", body, format="json")
    first = client.get(f"/api/games/{game.pk}/log/").json()
    assert [r["seq"] for r in first] == [1, 2]
    assert [r["seq"] for r in client.get(f"/api/games/{game.pk}/log/?after=2").json()] == [3]
