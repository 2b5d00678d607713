"""The OpenAPI document (/api/schema/) is valid OpenAPI (openapi-spec-validator), declares JSON bodies
only and documents every refusal with the one error shape; a client generated from it by
openapi-python-client plays on the live test server (tests/platform/test_api_as_a_bot_author.py)."""

from __future__ import annotations

import json

import pytest
from openapi_spec_validator import validate
from rest_framework.test import APIClient

from tests.platform.factories import make_user, race_game

pytestmark = pytest.mark.django_db


def _schema() -> dict:
    response = APIClient().get("/api/schema/?format=json")
    assert response.status_code == 200
    return json.loads(response.content)


def _operations(schema):
    for path, item in schema["paths"].items():
        for method, operation in item.items():
            yield path, method, operation


def test_the_openapi_document_validates_and_documents_every_refusal():
    schema = _schema()
    validate(schema)
    for path, method, operation in _operations(schema):
        body = operation.get("requestBody")
        if body is not None:
            assert set(body["content"]) == {"application/json"}, (path, method)
        responses = operation["responses"]
        public = operation.get("security") in (None, [], [{}])  # no security scheme: anyone may call it
        if not public:
            assert {"401", "403"} <= set(responses), (path, method, sorted(responses))
        for status, response in responses.items():
            if status.startswith("4") and "content" in response:
                assert response["content"]["application/json"]["schema"] == {
                    "$ref": "#/components/schemas/Error"
                }
    moves = schema["paths"]["/api/games/{id}/moves/"]["post"]["responses"]
    assert {"200", "400", "401", "403", "404", "409", "429"} <= set(moves)
    request = schema["components"]["schemas"]["LacittaMoveSubmitRequest"]["properties"]
    assert request["move"] == {"$ref": "#/components/schemas/LacittaMove"} and request["game_type"]["enum"] == [
        "lacitta"]
    assert "/api/game-types/lacitta/move-schema/" in schema["components"]["schemas"]["LacittaMoveSubmitRequest"][
        "properties"]["game_type"]["description"] + schema["components"]["schemas"]["LacittaMoveSubmitRequest"][
        "description"]  # the game's own schema
    assert {"/api/stream/events/", "/api/stream/games/{id}/", "/api/stream/wait/"} <= set(schema["paths"])


def test_the_title_names_a_valid_client_package(settings):
    """Issue 31.7: openapi-python-client names the package after the title; "Città …" gave an invalid one."""
    import re

    title = _schema()["info"]["title"]
    assert title.isascii() and title.endswith("play-by-web API")
    package = re.sub(r"[^a-z0-9]+", "_", title.lower()).strip("_") + "_client"
    assert package.isidentifier() and package.isascii()


def test_stream_event_schema_lists_every_field_the_streams_send(settings, django_capture_on_commit_callbacks):
    """Issue 31.7: StreamEvent missed fields (chat's created_at) and named a source file."""
    from community import services as community
    from play import events, services

    settings.REDIS_URL = ""
    alice, bob = make_user("alice"), make_user("bob")
    sub = events.HUB.subscribe([events.user_channel(alice.pk), events.user_channel(bob.pk)])
    try:
        with django_capture_on_commit_callbacks(execute=True):
            game = race_game(alice, [bob])
        with django_capture_on_commit_callbacks(execute=True):
            services.game_join(game_id=game.pk, user=bob)
        with django_capture_on_commit_callbacks(execute=True):
            community.chat_post(game_id=game.pk, user=alice, text="hello")
        with django_capture_on_commit_callbacks(execute=True):
            declined = race_game(alice, [bob])
        with django_capture_on_commit_callbacks(execute=True):
            services.game_decline(game_id=declined.pk, user=bob, reason="later")
        sent = []
        while (event := sub.get(0.01)) is not None:
            sent.append(event)
    finally:
        sub.close()
    schema = _schema()["components"]["schemas"]["StreamEvent"]
    assert {"chat", "challengeDeclined", "gameStart"} <= {e["type"] for e in sent}
    assert {key for event in sent for key in event} - set(schema["properties"]) == set()
    assert {e["type"] for e in sent} <= set(schema["properties"]["type"]["enum"])
    assert ".py" not in json.dumps(schema)
