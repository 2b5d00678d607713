"""Issue 45 point 3: ``POST /api/games/<id>/moves/check/``, a dry run of a move. It answers 200 accepted when the
move would land, else the very refusal the move would get (400 fill again, 409 read the game); nothing changes;
it is access-checked exactly like a move (404 as for a missing game when the caller may not see it; a read-only
token is refused), rate-limited at the moves' rate with its headers, and in the OpenAPI document."""

import pytest
from django.test import Client
from rest_framework.test import APIClient

from play import services
from play.models import Game
from play.services import SeatSpec
from players import tokens
from tests.platform.factories import accept_all, make_user, race_game

pytestmark = pytest.mark.django_db


def bearer(user, scopes=("read", "play")) -> APIClient:
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Bearer {tokens.token_create(user=user, name='t', scopes=list(scopes))[1]}")
    return client


def _check(api, game_id, version, move):
    return api.post(f"/api/games/{game_id}/moves/check/", {"version": version, "move": move}, format="json")


def test_a_check_answers_accepted_or_the_refusal_and_changes_nothing(alice, bob):
    game = accept_all(race_game(alice, [bob]), [bob])
    api = bearer(alice)
    rows = game.moves.count()
    ok = _check(api, game.pk, game.version, {"type": "add", "n": 2})
    assert ok.status_code == 200 and ok.json() == {"accepted": True, "version": game.version}
    assert ok["RateLimit-Limit"] and ok["RateLimit-Remaining"]
    bad = _check(api, game.pk, game.version, {"type": "add", "n": 7})  # outside the rules: fill again
    assert bad.status_code == 400 and bad.json()["code"] == "race.bad_add"
    shape = _check(api, game.pk, game.version, {"type": "add", "n": "two"})
    assert shape.status_code == 400 and shape.json()["code"] == "bad_move_shape"
    turn = _check(bearer(bob), game.pk, game.version, {"type": "add", "n": 1})  # bob owes nothing now
    assert turn.status_code == 409 and turn.json()["code"] == "not_your_turn"
    game.refresh_from_db()
    assert game.version == 1 and game.moves.count() == rows and game.state["total"] == 0
    services.move_apply(game_id=game.pk, user=alice, move={"type": "add", "n": 1}, expected_version=1)
    stale = _check(api, game.pk, 1, {"type": "add", "n": 1})  # alice's own move since: read the game
    assert stale.status_code == 409 and stale.json()["code"] == "stale_version"


def test_a_check_is_access_checked_exactly_like_a_move(alice, bob):
    carol = make_user("carol")
    private = accept_all(race_game(alice, [bob], private=True), [bob])
    hidden = _check(bearer(carol), private.pk, private.version, {"type": "add", "n": 1})
    missing = _check(bearer(carol), 999_999, 1, {"type": "add", "n": 1})
    assert hidden.status_code == missing.status_code == 404 and hidden.json() == missing.json()
    public = accept_all(race_game(alice, [bob]), [bob])
    spectator = _check(bearer(carol), public.pk, public.version, {"type": "add", "n": 1})
    move = bearer(carol).post(f"/api/games/{public.pk}/moves/", {"version": public.version,
                                                                  "move": {"type": "add", "n": 1}}, format="json")
    assert spectator.status_code == move.status_code == 403
    read_only = _check(bearer(alice, scopes=("read",)), public.pk, public.version, {"type": "add", "n": 1})
    assert read_only.status_code == 403
    anonymous = APIClient().post(f"/api/games/{public.pk}/moves/check/",
                                 {"version": public.version, "move": {"type": "add", "n": 1}}, format="json")
    assert anonymous.status_code in (401, 403)


def test_checks_are_rate_limited_at_the_moves_rate_each_counted(alice, bob, settings):
    settings.REST_FRAMEWORK = {**settings.REST_FRAMEWORK, "DEFAULT_THROTTLE_RATES": {
        **settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"], "moves": "3/min"}}
    game = accept_all(race_game(alice, [bob]), [bob])
    api = bearer(alice)
    answers = [_check(api, game.pk, game.version, {"type": "add", "n": n}) for n in (1, 9, 2, 3)]
    assert [a.status_code for a in answers] == [200, 400, 200, 429]
    assert answers[-1]["Retry-After"] and answers[2]["RateLimit-Remaining"] == "0"
    assert Game.objects.get(pk=game.pk).version == game.version


def test_the_check_is_in_the_openapi_document():
    schema = Client().get("/api/schema/?format=json").json()
    operation = schema["paths"]["/api/games/{id}/moves/check/"]["post"]
    assert {"200", "400", "404", "409", "429"} <= set(operation["responses"])


def test_a_check_of_an_offer_judges_what_ranges_cannot_say(alice, bob):
    """Market: an offer may not be empty, which its bundle range (min 1) says but a client may miss: refused."""
    carol = make_user("carol")
    game = accept_all(services.game_create(creator=alice, game_type="market", options={"rounds": "2"},
                                           seats=[SeatSpec("me"), SeatSpec("invite", username="bob"),
                                                  SeatSpec("invite", username="carol")]), [bob, carol])
    empty = _check(bearer(bob), game.pk, game.version, {"type": "offer", "give": {}, "to": [0]})
    assert empty.status_code == 400 and empty.json()["code"] == "market.not_yours"
