"""Two submissions of the same move at the same instant, from two connections
(two threads, each with its own database connection, released together by a
barrier): exactly one is applied, the other is answered 409 and changes
nothing. On PostgreSQL the second waits for the game row's lock
(``select_for_update``) and then sees the new version; on SQLite it waits for
the write lock (``BEGIN IMMEDIATE``) — exactly one is applied there too."""

import json
import threading

import pytest
from django.db import connection
from django.test import Client

from play.models import Game, Move
from tests.platform.factories import accept_all, make_user, race_game

pytestmark = pytest.mark.django_db(transaction=True)

ROUNDS = 4


def _race(submit, n=2):
    """Run ``submit(i)`` in ``n`` threads released at the same instant; their answers."""
    barrier = threading.Barrier(n)
    answers, errors = [None] * n, []

    def run(i):
        try:
            barrier.wait(timeout=10)
            answers[i] = submit(i)
        except Exception as exc:  # surfaced below
            errors.append(exc)
        finally:
            connection.close()

    threads = [threading.Thread(target=run, args=(i,)) for i in range(n)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(timeout=60)
    assert not errors, errors
    return answers


@pytest.fixture
def game():
    alice, bob = make_user("alice"), make_user("bob")
    return accept_all(race_game(alice, [bob], target="15"), [bob]), alice, bob


def _check_one_applied(game_id, version_before, statuses, ok):
    assert sorted(statuses) == sorted([ok, 409]), statuses
    assert Game.objects.get(pk=game_id).version == version_before + 1
    assert Move.objects.filter(game_id=game_id, seq=version_before + 1).count() == 1
    assert Move.objects.filter(game_id=game_id, seq__gt=version_before + 1).count() == 0


def test_same_page_move_twice_at_once_one_applied_one_409(game):
    game, alice, bob = game
    for round_ in range(ROUNDS):
        player = alice if round_ % 2 == 0 else bob
        clients = [Client(), Client()]
        for c in clients:
            c.force_login(player)
        version = Game.objects.get(pk=game.pk).version
        body = {"version": str(version), "move": json.dumps({"type": "add", "n": 1})}
        url = f"/games/{game.pk}/move/"
        answers = _race(lambda i, clients=clients, url=url, body=body:
                        clients[i].post(url, body, HTTP_HX_REQUEST="true"))
        _check_one_applied(game.pk, version, [a.status_code for a in answers], 200)
        refused = next(a for a in answers if a.status_code == 409)
        assert "Someone moved first" in refused.content.decode()  # the page words it for people


def test_same_api_move_twice_at_once_one_applied_one_409(game):
    from rest_framework.authtoken.models import Token

    game, alice, bob = game
    tokens = {u.pk: Token.objects.create(user=u).key for u in (alice, bob)}
    for round_ in range(ROUNDS):
        player = alice if round_ % 2 == 0 else bob
        version = Game.objects.get(pk=game.pk).version
        url = f"/api/games/{game.pk}/moves/"
        answers = _race(
            lambda i, url=url, version=version, player=player: Client().post(
                url,
                {"version": version, "move": {"type": "add", "n": 1}},
                content_type="application/json",
                HTTP_AUTHORIZATION=f"Token {tokens[player.pk]}",
            )
        )
        _check_one_applied(game.pk, version, [a.status_code for a in answers], 200)
        refused = next(a for a in answers if a.status_code == 409)
        assert refused.json()["detail"]


def test_two_different_moves_at_once_only_the_first_counts(game):
    """Same version, different moves (a double click on two buttons): one wins, the other is stale."""
    from play import services

    game, alice, _ = game
    results = _race(lambda i: _apply(services, game.pk, alice, {"type": "add", "n": 1 + i}))
    assert sorted(results) == ["applied", "conflict"]
    assert Game.objects.get(pk=game.pk).version == 2
    assert Move.objects.filter(game=game, seq=2).count() == 1


def _apply(services, game_id, user, move):
    try:
        services.move_apply(game_id=game_id, user=user, move=move, expected_version=1)
    except services.Conflict:
        return "conflict"
    return "applied"
