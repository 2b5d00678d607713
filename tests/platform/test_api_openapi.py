"""The OpenAPI document (/api/schema/) is valid OpenAPI (openapi-spec-validator), declares JSON bodies
only and documents every refusal with the one error shape; a client generated from it by
openapi-python-client plays a move on the live test server and reads a 409's code."""

from __future__ import annotations

import importlib
import json
import subprocess
import sys

import pytest
from openapi_spec_validator import validate
from rest_framework.test import APIClient

from players import tokens
from tests.platform.factories import accept_all, make_user, race_game

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
    move = schema["components"]["schemas"]["MoveSubmitRequest"]["properties"]["move"]
    assert (
        move["x-json-schemas"]["lacitta"] == "/api/game-types/lacitta/move-schema/"
    )  # the game's own schema
    assert {"/api/stream/events/", "/api/stream/games/{id}/", "/api/stream/wait/"} <= set(schema["paths"])


@pytest.mark.django_db(transaction=True)
def test_a_client_generated_from_the_schema_plays_a_move(live_server, tmp_path, monkeypatch):
    (tmp_path / "schema.json").write_text(json.dumps(_schema()))
    (tmp_path / "config.yaml").write_text("post_hooks: []\n")
    generated = subprocess.run(
        [
            sys.executable,
            "-m",
            "openapi_python_client",
            "generate",
            "--path",
            str(tmp_path / "schema.json"),
            "--output-path",
            str(tmp_path / "lacitta_api_client"),
            "--meta",
            "none",
            "--config",
            str(tmp_path / "config.yaml"),
        ],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert generated.returncode == 0, generated.stdout + generated.stderr
    assert "Warning" not in generated.stdout + generated.stderr, generated.stdout + generated.stderr
    monkeypatch.syspath_prepend(str(tmp_path))
    package = importlib.import_module("lacitta_api_client")
    games = importlib.import_module("lacitta_api_client.api.games")  # noqa: F841  (the package exists)
    legal_moves = importlib.import_module("lacitta_api_client.api.games.games_legal_moves_retrieve")
    submit = importlib.import_module("lacitta_api_client.api.games.games_moves_create")
    models = importlib.import_module("lacitta_api_client.models")

    alice, bob = make_user("alice"), make_user("bob")
    game = accept_all(race_game(alice, [bob]), [bob])
    key = tokens.token_create(user=alice, name="generated", scopes=["read", "play"])[1]
    client = package.AuthenticatedClient(base_url=live_server.url, token=key)

    legal = legal_moves.sync(id=game.pk, client=client)
    assert legal.version == 1 and [m.to_dict() for m in legal.moves][0] == {"type": "add", "n": 1}
    body = models.MoveSubmitRequest(
        version=legal.version, move=models.MoveSubmitRequestMove.from_dict(legal.moves[2].to_dict())
    )
    answer = submit.sync(id=game.pk, client=client, body=body)
    assert isinstance(answer, models.GameDetail) and answer.version == 2 and answer.pending == [1]
    again = submit.sync_detailed(id=game.pk, client=client, body=body)
    assert again.status_code == 409 and isinstance(again.parsed, models.Error)
    assert again.parsed.code == "stale_version" and again.parsed.version == 2
    game.refresh_from_db()
    assert game.version == 2 and game.moves.filter(by_user=alice).count() == 1


def test_the_title_names_a_valid_client_package(settings):
    """Issue 31.7: openapi-python-client names the package after the title; "Città …" gave an invalid one."""
    import re

    title = _schema()["info"]["title"]
    assert title.isascii() and title.endswith("play-by-web API")
    package = re.sub(r"[^a-z0-9]+", "_", title.lower()).strip("_") + "_client"
    assert package.isidentifier() and package.isascii()
