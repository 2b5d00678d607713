"""A stored game whose snapshot the engine refuses (``load`` checks its invariants) is
neither served nor played, and a move that would store such a snapshot is refused: a clear
503 with a message, never a 500, and nothing changes."""

import json

import pytest
from django.test import Client
from django.urls import reverse

from games.lacitta.engine.engine import ENGINE as LACITTA
from play.models import Game, Move
from tests.lacitta.helpers import ENGINE, lacitta_game
from tests.platform.factories import make_user

pytestmark = pytest.mark.django_db
DAMAGED = "saved position is damaged"


def _damage(game):
    state = dict(game.state)
    state["players"] = [dict(p) for p in state["players"]]
    state["players"][0]["food"] += 3  # food that the farms do not produce
    Game.objects.filter(pk=game.pk).update(state=state)


def _client(user):
    client = Client(raise_request_exception=False)
    client.force_login(user)
    return client


def test_a_damaged_game_is_not_served_by_the_page_nor_the_api():
    users = [make_user("d1"), make_user("d2")]
    game = lacitta_game(users)
    _damage(game)
    client = _client(users[0])
    response = client.get(reverse("games:detail", args=[game.pk]))
    body = response.content.decode()
    assert response.status_code == 503 and DAMAGED in body and "food" not in body
    response = client.get(f"/api/games/{game.pk}/legal-moves/")
    assert response.status_code == 503 and DAMAGED in response.json()["detail"]


def test_a_damaged_game_cannot_be_played_and_nothing_changes():
    users = [make_user("e1"), make_user("e2")]
    game = lacitta_game(users)
    seat = min(ENGINE.pending(ENGINE.load(game.state)))
    move = ENGINE.legal_moves(ENGINE.load(game.state), seat)[0]
    _damage(game)
    client = _client(game.seats.get(index=seat).user)
    response = client.post(reverse("games:move", args=[game.pk]),
                           {"version": str(game.version), "move": json.dumps(move)}, HTTP_HX_REQUEST="true")
    assert response.status_code == 503 and DAMAGED in response.content.decode()
    after = Game.objects.get(pk=game.pk)
    assert after.version == game.version and Move.objects.filter(game=game).count() == 1


def test_a_move_that_would_store_a_broken_state_is_refused(monkeypatch):
    users = [make_user("f1"), make_user("f2")]
    game = lacitta_game(users)
    state = ENGINE.load(game.state)
    seat = min(ENGINE.pending(state))
    move = ENGINE.legal_moves(state, seat)[0]
    real_apply = type(LACITTA).apply

    def broken_apply(self, s, seat_, move_):
        res = real_apply(self, s, seat_, move_)
        res.state.pool += 1  # a citizen from nowhere
        return res

    monkeypatch.setattr(type(LACITTA), "apply", broken_apply)
    client = _client(game.seats.get(index=seat).user)
    response = client.post(reverse("games:move", args=[game.pk]),
                           {"version": str(game.version), "move": json.dumps(move)}, HTTP_HX_REQUEST="true")
    body = response.content.decode()
    assert response.status_code == 503 and "damaged position, so it was not played" in body
    after = Game.objects.get(pk=game.pk)
    assert after.version == game.version and after.state == game.state
    assert Move.objects.filter(game=game).count() == 1
