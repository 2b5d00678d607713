"""Issue 26 point 2: no JSON body may stall a web worker. The nesting check was a regular expression
that took quadratic time on a run of escaped quotes without a closing quote (64 KB: 53 s); now JSON
is read in linear time, and each endpoint refuses a body larger than what it takes before reading it."""

import io
import json
import time

import pytest
from django.test import Client
from django.urls import reverse
from rest_framework.exceptions import ParseError

from community.models import ChatMessage
from play import json_input
from play.json_input import BodyTooLarge, ShallowJSONParser
from play.models import Game
from players import tokens
from tests.platform.factories import accept_all, race_game

pytestmark = pytest.mark.django_db


def _worst(size: int) -> dict[str, str]:
    """Bodies that make a backtracking or recursive reader work hardest, each ``size`` characters."""
    return {
        "escaped quotes, no closing quote": '"' + '\\"' * (size // 2),
        "in an object": '{"move": "' + '\\"' * (size // 2),
        "quote and backslash pairs": '"\\' * (size // 2),
        "opening brackets": "[" * size,
        "brackets and quotes": '["' * (size // 2),
        "object keys": '{"' * (size // 2),
        "one long number": "1" * size,
        "many short strings": "[" + '"\\"",' * (size // 5) + '""]',
    }


def _timed(text: str) -> float:
    """The fastest of three readings in CPU time (the machine is shared: a wall clock would count the time
    other processes held the core; the minimum is the reader's own cost)."""
    best = float("inf")
    for _ in range(3):
        start = time.process_time()
        try:
            json_input.loads(text, max_chars=len(text))
        except ValueError:  # refused (bad JSON, too deep, a number too long): what counts is how fast
            pass
        best = min(best, time.process_time() - start)
    return best


@pytest.mark.parametrize("name", list(_worst(10)))
def test_the_json_check_is_linear_on_its_worst_inputs(name):
    """200 KB of each worst input is read (or refused) in well under a second, and four times the input
    costs about four times the time (a quadratic reader: sixteen)."""
    small, large = _timed(_worst(50_000)[name]), _timed(_worst(200_000)[name])
    assert large < 1.0, f"{name}: {large:.3f} s for 200 KB"
    assert large < 8 * small + 0.02, f"{name}: 50 KB {small:.4f} s, 200 KB {large:.4f} s"


def test_nesting_past_the_parsers_recursion_limit_is_too_deep_not_a_crash():
    for text in ("[" * 100_000 + "]" * 100_000, '{"a":' * 50_000 + "1" + "}" * 50_000):
        with pytest.raises(json_input.TooDeep):
            json_input.loads(text, max_chars=len(text))
    with pytest.raises(json_input.TooDeep):
        json_input.loads("[" * 21 + "]" * 21)
    assert json_input.loads("[" * 20 + "]" * 20) == [[[[[[[[[[[[[[[[[[[[]]]]]]]]]]]]]]]]]]]]
    assert json_input.loads('{"a": "[[[[[[[[[[[[[[[[[[[[[[[[[["}') == {"a": "[" * 26}  # strings do not nest


def _api(user, scopes=("read", "play", "chat")):
    _token, key = tokens.token_create(user=user, name="t", scopes=scopes)
    return Client(HTTP_AUTHORIZATION=f"Bearer {key}")


BIG = '{"name": "' + '\\"' * 100_000 + '"}'  # the attack's body: 200 KB of escaped quotes


def test_the_api_refuses_a_body_larger_than_its_endpoint_takes_with_a_413_before_reading_it(alice, bob):
    """Tokens 2 KB, games (a move, a join, a new game) 16 KB, chat 16 KB: each answered at once."""
    game = accept_all(race_game(alice, [bob]), [bob])
    version = game.version
    reader = _api(alice, scopes=("read",))  # a read-scope token was enough for the attack
    manager = _api(alice, scopes=("read", "tokens"))
    cases = [
        ("/api/tokens/", 2 * 1024),
        (f"/api/games/{game.pk}/moves/", 16 * 1024),
        (f"/api/games/{game.pk}/chat/", 16 * 1024),
        ("/api/games/", 16 * 1024),
    ]
    for url, limit in cases:
        start = time.process_time()
        response = (manager if url == "/api/tokens/" else _api(alice)).post(url, BIG, content_type="application/json")
        assert time.process_time() - start < 1.0
        assert response.status_code == 413, (url, response.status_code)
        body = response.json()
        assert body["code"] == "too_large" and str(limit) in body["detail"]
    # A read-scope token may not make tokens any more (point 6): refused before the body is read.
    assert reader.post("/api/tokens/", BIG, content_type="application/json").status_code == 403
    game.refresh_from_db()
    assert game.version == version and not ChatMessage.objects.filter(game=game).exists()
    assert Game.objects.count() == 1
    # What an endpoint takes still goes through.
    ok = manager.post("/api/tokens/", json.dumps({"name": "bot " + "é" * 50, "scopes": ["read"]}),
                          content_type="application/json")
    assert ok.status_code == 201


def test_a_body_without_a_length_is_never_read_past_the_limit():
    class View:
        max_body_bytes = 100

    stream = io.BytesIO(b"[" + b"1," * 10_000 + b"1]")
    with pytest.raises(BodyTooLarge):
        ShallowJSONParser().parse(stream, parser_context={"view": View(), "request": None})
    assert stream.tell() == 101
    with pytest.raises(ParseError):
        ShallowJSONParser().parse(io.BytesIO(b'"\\"\\"'), parser_context={"view": View(), "request": None})


def test_a_page_move_larger_than_any_move_is_a_400_at_once(client, alice, bob):
    game = accept_all(race_game(alice, [bob]), [bob])
    version = game.version
    client.force_login(alice)
    start = time.process_time()
    response = client.post(reverse("games:move", args=[game.pk]),
                           {"version": str(game.version), "move": '"' + '\\"' * 100_000},
                           HTTP_HX_REQUEST="true")
    assert time.process_time() - start < 1.0
    assert response.status_code == 400 and "larger than" in response.content.decode()
    game.refresh_from_db()
    assert game.version == version


def test_the_413_is_in_the_callers_language(alice):
    manager = _api(alice, scopes=("read", "tokens"))
    response = manager.post("/api/tokens/", BIG, content_type="application/json", HTTP_ACCEPT_LANGUAGE="fr")
    assert response.status_code == 413 and "au plus 2048 octets" in response.json()["detail"]
