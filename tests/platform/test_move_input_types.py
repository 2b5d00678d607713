"""Issue 26 point 9: bad input is a 400 with a message and changes nothing, never a 500. Moves are checked against
the game's move schema (``games/<slug>/schemas/move.json``) before the engine sees them, so a list where a name
belongs or a lone surrogate as a type no longer crash the refusal's wording; a time bank past any database
column is refused by the API's game creation.

Every move field of every registered game is fuzzed from its schema with wrong types (list, object, integer,
boolean, null, a lone surrogate, an integer past any column) on the API and the page form."""

from __future__ import annotations

import json

import pytest
from django.test import Client
from django.urls import reverse
from rest_framework.test import APIClient

from play import registry, services
from play.models import Game, Move
from play.services import SeatSpec
from tests.platform.factories import make_user

pytestmark = pytest.mark.django_db

HUGE = 2**70
WRONG = {"list": ["farm"], "dict": {"a": 1}, "int": 12, "bool": True, "null": None, "surrogate": "\ud800",
         "huge": HUGE}
# The JSON types each wrong value has (a huge integer is still an integer: the engine must refuse it itself).
TYPE_OF = {"list": "array", "dict": "object", "int": "integer", "bool": "boolean", "null": "null",
           "surrogate": "string", "huge": "integer"}


def started_game(game_type: str, prefix: str) -> tuple[Game, dict]:
    engine = registry.get(game_type)
    users = [make_user(f"{prefix}{i}") for i in range(engine.min_players)]
    game = services.game_create(creator=users[0], game_type=game_type, options={},
                                seats=[SeatSpec("me")] + [SeatSpec("open") for _ in users[1:]])
    for user in users[1:]:
        services.game_join(game_id=game.pk, user=user)
    return Game.objects.get(pk=game.pk), {s.index: s.user for s in game.seats.all()}


def sample_value(schema: dict):
    """A value of the right type for a field (what it is replaced by is the point, not this)."""
    kind = schema.get("type")
    kind = kind[0] if isinstance(kind, list) else kind
    if "enum" in schema:
        return schema["enum"][0]
    return {"integer": 1, "number": 1, "string": "x", "boolean": False, "array": [], "object": {}}.get(kind, 1)


def bad_moves(game_type: str):
    """(label, move): every field of every move type given each wrong value its schema does not allow, and
    wrong types as the move's ``type``."""
    schema = registry.definition(game_type).schemas.move
    for label, value in WRONG.items():
        yield f"type={label}", {"type": value}
    for variant in schema["oneOf"]:
        kind = variant["properties"]["type"]["const"]
        fields = {name: sub for name, sub in variant["properties"].items() if name != "type"}
        base = {"type": kind, **{name: sample_value(sub) for name, sub in fields.items()}}
        for name, sub in fields.items():
            allowed = sub.get("type", [])
            allowed = set(allowed if isinstance(allowed, list) else [allowed]) | ({"integer"} if "number" in str(
                allowed) else set())
            for label, value in WRONG.items():
                if TYPE_OF[label] in allowed and label not in ("surrogate", "huge"):
                    continue  # a right type: not this test's business
                yield f"{kind}.{name}={label}", {**base, name: value}


def post_api(user, game: Game, move) -> int:
    api = APIClient()
    api.force_authenticate(user)
    # Written as JSON by hand: a lone surrogate travels as the escape "\ud800", as a client would send it.
    response = api.post(f"/api/games/{game.pk}/moves/", json.dumps({"version": game.version, "move": move}),
                        content_type="application/json")
    if response.status_code == 400:
        body = response.json()
        assert body["detail"] and body["code"], body
    return response.status_code


def post_page(client, user, game: Game, move) -> int:
    client.force_login(user)
    response = client.post(reverse("games:move", args=[game.pk]),
                           {"version": str(game.version), "move": json.dumps(move)}, HTTP_HX_REQUEST="true")
    if response.status_code == 400:
        assert response.content.decode().strip()
    return response.status_code


def test_the_pentest_inputs_are_400_on_the_api_and_the_page(client):
    """The three inputs of the report (a 500 before on the API and the page form)."""
    game, by_seat = started_game("lacitta", "pt")
    user = by_seat[min(registry.get("lacitta").pending(registry.get("lacitta").load(game.state)))]
    for move in ({"type": "build", "building": ["farm"], "cell": 12}, {"type": "\ud800"},
                 {"type": "build", "building": "\ud800", "cell": 12}):
        assert post_api(user, game, move) == 400, move
        assert post_page(client, user, game, move) == 400, move
    assert Move.objects.filter(game=game).count() == game.version


@pytest.mark.parametrize("game_type", sorted(e.slug for e in registry.available()))
def test_every_move_field_of_every_game_refuses_wrong_types(client, settings, game_type):
    settings.MOVE_RATE = "100000/m"  # hundreds of refused moves on the page form in a few seconds
    game, by_seat = started_game(game_type, f"fz{game_type[:5]}")
    engine = registry.get(game_type)
    user = by_seat[min(engine.pending(engine.load(game.state)))]
    state, version = game.state, game.version
    tried = 0
    for label, move in bad_moves(game_type):
        assert post_api(user, game, move) == 400, label
        assert post_page(client, user, game, move) == 400, label
        tried += 1
    game.refresh_from_db()
    assert (game.state, game.version) == (state, version) and tried >= len(WRONG)  # every wrong kind, once at least


def test_a_time_bank_past_any_database_column_is_refused():
    """max_seconds ≥ 2^31 overflowed PostgreSQL's integer (a 500); the API, the service and the page's form
    (in days) refuse it."""
    user = make_user("clock")
    api = APIClient()
    api.force_authenticate(user)
    for field, value in (("max_seconds", 2**31), ("max_seconds", 10**30), ("initial_seconds", 2**31),
                         ("increment_seconds", -1), ("max_seconds", 61 * 86400)):
        body = {"game_type": "race", "seats": [{"kind": "me"}, {"kind": "open"}], field: value}
        response = api.post("/api/games/", body, format="json")
        assert response.status_code == 400, (field, value, response.status_code)
    with pytest.raises(services.ServiceError):
        services.game_create(creator=user, game_type="race", options={}, seats=[SeatSpec("me"), SeatSpec("open")],
                             max_seconds=2**31)
    page = Client()
    page.force_login(user)
    for field, value in (("max_days", str(2**31)), ("initial_days", "9" * 30), ("increment_days", "-1")):
        form = {"game_type": "race", "players": "2", "opt_target": "10", "seat_2": "open", "initial_days": "3",
                "increment_days": "1", "max_days": "7", "timeout_rule": "bot", "timeout_bot_level": "random",
                field: value}
        assert page.post(reverse("games:new"), form).status_code == 400, field
    assert not Game.objects.exists()
