"""The database unreachable (a restart, a failover): every kind of request answers
503 with a Retry-After and a message a player can act on, in their language;
nothing changes; the site answers normally once the database is back. The test
points Django's connection at a port (PostgreSQL) or a path (SQLite) where no
database is, so the shared server is not touched (bench/pg_restart.py restarts the
real one under load)."""

import json
import socket
from contextlib import contextmanager

import pytest
from django.db import connections
from django.test import Client
from django.urls import reverse

from play.models import Game, Move
from tests.platform.factories import accept_all, make_user, race_game

pytestmark = pytest.mark.django_db(transaction=True)


@contextmanager
def database_unreachable():
    conn = connections["default"]
    saved = dict(conn.settings_dict)
    conn.close()
    if conn.vendor == "postgresql":
        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            port = s.getsockname()[1]  # nothing listens there once the socket closes
        conn.settings_dict.update(HOST="127.0.0.1", PORT=port)
    else:
        conn.settings_dict["NAME"] = "/nonexistent-directory/unreachable.sqlite3"
    try:
        yield
    finally:
        conn.close()
        conn.settings_dict.clear()
        conn.settings_dict.update(saved)


def test_database_unreachable_answers_503_everywhere_and_changes_nothing():
    alice, bob = make_user("alice"), make_user("bob")
    game = accept_all(race_game(alice, [bob]), [bob])
    client = Client(raise_request_exception=False)
    client.force_login(alice)
    move = {"version": game.version, "move": json.dumps({"type": "add", "n": 2})}

    with database_unreachable():
        page = client.get(reverse("games:detail", args=[game.pk]))
        assert page.status_code == 503 and page["Retry-After"] == "5"
        text = page.content.decode()
        assert "cannot reach its database" in text and "Traceback" not in text
        played = client.post(reverse("games:move", args=[game.pk]), move, HTTP_HX_REQUEST="true")
        assert played.status_code == 503 and played["HX-Retarget"] == "#move-error, #site-alert"
        assert "a move you were playing was not played" in played.content.decode()
        poll = client.get(reverse("games:poll", args=[game.pk]), {"v": game.version})
        assert poll.status_code == 503
        api = client.get(f"/api/games/{game.pk}/")
        assert api.status_code == 503 and "cannot reach its database" in api.json()["detail"]
        french = client.get(reverse("games:detail", args=[game.pk]), HTTP_ACCEPT_LANGUAGE="fr")
        assert french.status_code == 503 and 'lang="fr"' in french.content.decode()
        assert "base de données" in french.content.decode()

    assert Game.objects.get(pk=game.pk).version == game.version and not Move.objects.filter(
        game=game, kind="move").exists()
    assert client.get(reverse("games:detail", args=[game.pk])).status_code == 200
    assert client.post(reverse("games:move", args=[game.pk]), move, HTTP_HX_REQUEST="true").status_code == 200


def test_other_server_errors_stay_500(monkeypatch):
    from play import views

    def broken(*args, **kwargs):
        raise ValueError("a bug")

    monkeypatch.setattr(views, "_game_or_404", broken)
    game = race_game(make_user("carol"), open_seats=1)
    response = Client(raise_request_exception=False).get(reverse("games:detail", args=[game.pk]))
    assert response.status_code == 500 and "Retry-After" not in response


def test_every_page_has_somewhere_for_an_htmx_503_to_show():
    """A spectator's page has no move-error box: the message goes to the alert bar,
    which comes after a player's move-error box (htmx takes the first match)."""
    alice, bob = make_user("alice"), make_user("bob")
    game = accept_all(race_game(alice, [bob]), [bob])
    url = reverse("games:detail", args=[game.pk])
    spectator = Client().get(url).content.decode()
    assert 'id="site-alert"' in spectator and 'id="move-error"' not in spectator
    player = Client()
    player.force_login(alice)
    html = player.get(url).content.decode()
    assert html.index('id="move-error"') < html.index('id="site-alert"')
