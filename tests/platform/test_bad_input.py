"""Bad input from outside gets a clear 4xx and changes nothing, never a 500 (issue 12):
deeply nested JSON (item 6), a ``?m=`` the move builder did not make (item 7, with a
hypothesis fuzz of the game page and the move endpoint)."""

import json

import pytest
from django.db import transaction
from django.test import Client
from django.urls import reverse
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from rest_framework.authtoken.models import Token

from play import move_builder
from play.models import Game, Move
from tests.lacitta.helpers import lacitta_game
from tests.platform.factories import accept_all, make_user, race_game

pytestmark = pytest.mark.django_db

DEEP = "[" * 5000 + "]" * 5000
DEEP_OBJECT = '{"type": "pass", "x": ' + "[" * 5000 + "]" * 5000 + "}"


def api(user):
    client = Client(HTTP_AUTHORIZATION=f"Token {Token.objects.get_or_create(user=user)[0].key}")
    return client


def unchanged(game):
    now = Game.objects.get(pk=game.pk)
    return now.version == game.version and Move.objects.filter(game=game).count() == game.version


@pytest.mark.parametrize("body", [DEEP, DEEP_OBJECT], ids=["array", "inside-a-move"])
def test_deep_json_is_a_400_with_a_message_on_the_page_move(client, body):
    alice, bob = make_user("alice"), make_user("bob")
    game = accept_all(race_game(alice, [bob]), [bob])
    client.force_login(alice)
    url = reverse("games:move", args=[game.pk])
    response = client.post(url, {"version": str(game.version), "move": body}, HTTP_HX_REQUEST="true")
    assert response.status_code == 400 and "nests more than" in response.content.decode()
    response = client.post(url, {"version": str(game.version), "move": body}, follow=True)
    assert "nests more than" in response.content.decode()
    assert unchanged(game)


@pytest.mark.parametrize("body", [DEEP, DEEP_OBJECT], ids=["array", "inside-a-move"])
def test_deep_json_is_a_400_with_a_message_on_the_api_moves_and_join(body):
    alice, bob = make_user("alice"), make_user("bob")
    game = accept_all(race_game(alice, [bob]), [bob])
    whole = '{"version": 1, "move": ' + body + "}"
    response = api(alice).post(f"/api/games/{game.pk}/moves/", whole, content_type="application/json")
    assert response.status_code == 400 and "nests more than" in response.json()["detail"]
    open_game = race_game(bob, open_seats=1)
    response = api(alice).post(f"/api/games/{open_game.pk}/join/", '{"token": ' + body + "}",
                               content_type="application/json")
    assert response.status_code == 400 and "nests more than" in response.json()["detail"]
    assert unchanged(game) and not open_game.seats.filter(user=alice).exists()
    # Ordinary JSON still goes through, brackets inside strings do not count.
    body = json.dumps({"version": 1, "move": {"type": "add", "n": 1}})
    ok = api(alice).post(f"/api/games/{game.pk}/moves/", body, content_type="application/json")
    assert ok.status_code == 200
    bad = api(bob).post(f"/api/games/{game.pk}/moves/",
                        json.dumps({"version": 2, "move": {"type": "add", "n": "[" * 3000}}),
                        content_type="application/json")
    assert bad.status_code == 400 and "nests" not in bad.json()["detail"]


ISSUE_SAMPLES = ['{"type":"build","building":"road","_done":5}', "null", "true", DEEP, '{"_done":[[1]]}',
                 '{"_done":null,"type":"pass"}', '{"type":{"a":[1]}}', "[1, 2]", "{bad json", "NaN"]


@pytest.mark.parametrize("raw", ISSUE_SAMPLES)
def test_decode_keeps_only_partials_the_builder_could_have_made(raw):
    assert move_builder.decode(raw) in ({}, {"type": {"a": [1]}})
    legal = [{"type": "pass"}, {"type": "build", "building": "road", "cells": [5, 6]},
             {"type": "build", "building": "road", "cells": [5]}]
    built = move_builder.build(legal, move_builder.decode(raw), {"build": ["building", "cells"]})
    assert built.step is not None and built.step.key == "type"  # ignored: back to the first question


@pytest.fixture
def lacitta_page(db):
    users = [make_user("mfuzz0"), make_user("mfuzz1")]
    return lacitta_game(users, seed=3), users


FIELDS = st.sampled_from(["type", "building", "cell", "cells", "_done", "slot", "look", "x"])


def _nested(inner):
    return st.one_of(st.lists(inner, max_size=3), st.dictionaries(FIELDS, inner, max_size=4))


JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 200)
    | st.sampled_from(["build", "road", "farm", "pass", "_done"]),
    _nested, max_leaves=12,
)
RAW_M = st.one_of(
    JSON_VALUES.map(json.dumps),
    st.text(max_size=40),
    st.integers(1, 3000).map(lambda n: "[" * n + "]" * n),
    st.integers(1, 3000).map(lambda n: '{"type":' + "{" * n),
)


@settings(max_examples=60, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@pytest.mark.slow
@given(raw=RAW_M)
def test_fuzz_any_m_on_the_game_page_and_the_move_endpoint_gives_no_500(lacitta_page, raw):
    game, users = lacitta_page
    game = Game.objects.get(pk=game.pk)
    seat = sorted(s.index for s in game.seats.all() if s.owes_move)[0]
    client = Client()
    client.force_login(users[seat])
    for headers in ({}, {"HTTP_HX_REQUEST": "true"}):
        page = client.get(reverse("games:detail", args=[game.pk]), {"m": raw}, **headers)
        assert page.status_code == 200, raw
    with transaction.atomic():  # a legal move the fuzzer happens to write is taken back after the example
        response = client.post(reverse("games:move", args=[game.pk]),
                               {"version": str(game.version), "move": raw}, HTTP_HX_REQUEST="true")
        assert response.status_code < 500, raw
        if response.status_code >= 400:
            assert response.content.strip(), "a refusal says why"
            assert unchanged(game)
        transaction.set_rollback(True)


NUL_PATHS = ["/players/%00/", "/players/demo/vs/%00x/", "/games/invite/%00abc/",
             "/notifications/unsubscribe/%00/", "/players/%00/history/"]


@pytest.mark.parametrize("url", NUL_PATHS)
def test_nul_in_an_address_is_a_404_before_any_query(client, url, django_assert_max_num_queries):
    """Issue 12, item 8: PostgreSQL refused the lookups (a 500); SQLite found nothing."""
    make_user("demo")
    client.force_login(make_user("visitor"))
    with django_assert_max_num_queries(2) as queries:  # the session and its user at most
        response = client.get(url)
    assert response.status_code == 404
    assert not any("\x00" in str(q["sql"]) for q in queries.captured_queries)


@pytest.mark.parametrize("url", ["/api/games/?status=%00", "/api/games/?game_type=race%00", "/?x%00=1"])
def test_nul_in_a_query_string_is_a_400_with_a_message(url):
    alice = make_user("alice")
    response = api(alice).get(url)
    assert response.status_code == 400 and "NUL character" in response.content.decode()


def test_nul_in_a_form_or_json_body_is_a_400_with_a_message(client):
    alice, bob = make_user("alice"), make_user("bob")
    game = accept_all(race_game(alice, [bob]), [bob])
    client.force_login(alice)
    response = client.post(reverse("community:chat_post", args=[game.pk]), {"text": "hi\x00"})  # multipart
    assert response.status_code == 400 and "NUL character" in response.content.decode()
    response = client.post(reverse("community:chat_post", args=[game.pk]), "text=hi%00",
                           content_type="application/x-www-form-urlencoded")
    assert response.status_code == 400 and "NUL character" in response.content.decode()
    response = api(alice).get("/api/games/?status=%00")
    assert response.json()["detail"].startswith("The request contains a NUL")
    body = '{"version": 1, "move": {"type": "add\\u0000"}}'
    response = api(alice).post(f"/api/games/{game.pk}/moves/", body, content_type="application/json")
    assert response.status_code == 400 and "NUL character" in response.json()["detail"]
    assert unchanged(game)


def test_nul_in_a_form_sent_without_javascript_is_a_page_that_says_so_and_leads_back(client):
    alice, bob = make_user("alice"), make_user("bob")
    game = accept_all(race_game(alice, [bob]), [bob])
    client.force_login(alice)
    page = f"http://testserver/games/{game.pk}/"
    response = client.post(reverse("community:chat_post", args=[game.pk]), {"text": "hi\x00"}, HTTP_REFERER=page,
                           HTTP_ACCEPT_LANGUAGE="fr")
    assert response.status_code == 400 and response["Content-Type"].startswith("text/html")
    text = response.content.decode()
    assert '<html lang="fr">' in text and "caractère NUL" in text and f'href="{page}"' in text
    elsewhere = client.post(reverse("community:chat_post", args=[game.pk]), {"text": "hi\x00"},
                            HTTP_REFERER="https://elsewhere.example/trap")
    assert 'href="/"' in elsewhere.content.decode() and "elsewhere" not in elsewhere.content.decode()
    htmx = client.post(reverse("community:chat_post", args=[game.pk]), {"text": "hi\x00"}, HTTP_HX_REQUEST="true")
    assert htmx.status_code == 400 and htmx["Content-Type"].startswith("text/plain")  # the page shows it in place
    assert unchanged(game)
