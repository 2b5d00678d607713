"""Fuzzing the REST API from its own OpenAPI schema (schemathesis, pytest integration).

Every operation of ``/api/schema/`` gets generated requests, valid and
invalid (schemathesis' positive and negative modes), sent to the Django WSGI
application in-process with the token of a player of a race game. Whatever
arrives:

- never a 5xx;
- a 200 matches the documented response schema;
- input the schema forbids is refused with a 4xx;
- a refusal (4xx) carries a message a person can read and changes nothing
  (games, seats, move log);
- a path id is mostly the player's own game (random ids would only meet 404s),
  and a move body carries the game's current version half of the time, so the
  engine itself judges the generated moves.

The number of examples per operation is bounded (``API_FUZZ_EXAMPLES``,
default 25) and the examples are derandomized, so CI sees the same requests
every run; set ``API_FUZZ_RANDOM=1`` to explore new ones.
"""

from __future__ import annotations

import os

import pytest
import schemathesis
from django.core.cache import cache
from django.core.handlers.wsgi import WSGIHandler
from django.core.signals import request_finished, request_started
from django.db import close_old_connections
from hypothesis import HealthCheck, settings
from rest_framework.authtoken.models import Token

from play.models import Game, Move, Seat
from tests.platform.factories import accept_all, make_user, race_game

EXAMPLES = int(os.environ.get("API_FUZZ_EXAMPLES", "25"))
RANDOM = os.environ.get("API_FUZZ_RANDOM", "") not in ("", "0")

pytestmark = pytest.mark.django_db


# Django's WSGI handler, as gunicorn runs it. (The schema is loaded when the module
# is collected: ``schemathesis.pytest.from_fixture`` does not work with pytest 9.)
APP = WSGIHandler()
# The streams never end (and the long-poll waits): tests/platform/test_api_streams.py tests them.
schema = schemathesis.openapi.from_wsgi("/api/schema/?format=json", APP).exclude(path_regex="^/api/stream/")
# Unknown query parameters are ignored, as by most web APIs: do not count them as bad input.
schema.config.generation.allow_extra_parameters = False


@pytest.fixture
def wsgi_app():
    """Like Django's test client, do not let a request close the test's connection when it ends."""
    request_started.disconnect(close_old_connections)
    request_finished.disconnect(close_old_connections)
    try:
        yield APP
    finally:
        request_started.connect(close_old_connections)
        request_finished.connect(close_old_connections)


class Table:
    """The player, their token and their current game (a new one when the fuzzer resigned it)."""

    def __init__(self):
        self.alice, self.bob = make_user("alice"), make_user("bob")
        self.token = Token.objects.create(user=self.alice).key
        self.open_game = race_game(self.bob, open_seats=1)  # something to join
        self.new_game()

    def new_game(self):
        self.game = accept_all(race_game(self.alice, [self.bob]), [self.bob])

    def ensure_live(self):
        if Game.objects.get(pk=self.game.pk).status != Game.Status.ACTIVE:
            self.new_game()


@pytest.fixture
def table(db):
    return Table()


def _fingerprint():
    return (
        list(Game.objects.order_by("pk").values_list("pk", "status", "version", "state")),
        list(Seat.objects.order_by("pk").values_list("pk", "kind", "user_id", "owes_move", "resigned")),
        Move.objects.count(),
    )


def _valid_int(value) -> bool:
    if isinstance(value, str):  # path parameters arrive already written out
        return value.isascii() and value.isdigit()
    return isinstance(value, int) and not isinstance(value, bool) and value >= 0


def _aim(case, table: Table, n: int) -> None:
    """Point most cases at the player's game and at its current version. Only
    valid values are replaced by valid values, so a case meant to break the
    schema still does."""
    path = case.path_parameters or {}
    if _valid_int(path.get("id")) and n % 4:
        join = case.operation.path.endswith("/join/")
        path["id"] = table.open_game.pk if join and n % 2 else table.game.pk
    if isinstance(case.body, dict) and _valid_int(case.body.get("version")) and n % 2:
        case.body["version"] = Game.objects.get(pk=table.game.pk).version


def _readable_refusal(response) -> None:
    """A 4xx says why: DRF's {"detail": ...} or field errors {"field": ["..."]}."""
    if response.status_code in (404, 405):
        return  # unknown game / method: the status is the message
    data = response.json()
    assert isinstance(data, (dict, list)) and data, (
        f"{response.status_code} without a message: {response.text}"
    )
    if isinstance(data, dict) and "detail" in data:
        assert isinstance(data["detail"], str) and data["detail"].strip()


_counter = iter(range(10**9))


@schema.parametrize()
@settings(
    max_examples=EXAMPLES,
    deadline=None,
    derandomize=not RANDOM,
    database=None,
    suppress_health_check=list(HealthCheck),
)
def test_api_fuzz(case, table, wsgi_app):
    from schemathesis.checks import not_a_server_error
    from schemathesis.specs.openapi.checks import (
        content_type_conformance,
        negative_data_rejection,
        response_schema_conformance,
    )

    cache.clear()  # the move throttle (120/min) would answer 429 to most of a fuzz run
    table.ensure_live()
    _aim(case, table, next(_counter))
    before = _fingerprint()
    response = case.call_and_validate(
        app=wsgi_app,
        headers={"Authorization": f"Token {table.token}"},
        checks=[
            not_a_server_error,
            response_schema_conformance,
            content_type_conformance,
            negative_data_rejection,
        ],
    )
    if 400 <= response.status_code < 500:
        _readable_refusal(response)
        assert _fingerprint() == before, f"a refused request changed the database: {case.operation.label}"


def test_bad_move_bodies_get_400_with_a_message_and_change_nothing(client, table):
    """The refusals the fuzzer relies on, spelled out."""
    url = f"/api/games/{table.game.pk}/moves/"
    headers = {"HTTP_AUTHORIZATION": f"Token {table.token}"}
    version = table.game.version
    before = _fingerprint()
    for body in (
        {},
        {"version": version},
        {"move": {"type": "add", "n": 1}},
        {"version": -1, "move": {}},
        {"version": "x", "move": {"type": "add"}},
        {"version": version, "move": "add"},
        {"version": version, "move": {"n": 1}},
        {"version": version, "move": {"type": "add", "n": 7}},
        {"version": version, "move": {"type": ["add"]}},
    ):
        response = client.post(url, body, content_type="application/json", **headers)
        assert response.status_code == 400, (body, response.status_code, response.content)
        _readable_refusal(response)
    stale = client.post(
        url, {"version": 10**30, "move": {"type": "add", "n": 1}}, content_type="application/json", **headers
    )
    assert stale.status_code == 409 and stale.json()["detail"]  # a version the game never had: stale
    response = client.post(url, b"{not json", content_type="application/json", **headers)
    assert response.status_code == 400 and response.json()["detail"]
    assert _fingerprint() == before
