"""Issue 33: a change costs one body render per viewer who is looking, not one per poll. The game page
(static/js/game_live.js) asks for its body only when its stream tells a version it does not show; each
seat's body is rendered once at a version (play/body_cache.py keeps it for a second tab), spectators
share one, and a seat whose page is closed costs nothing. The stream itself renders nothing."""

from __future__ import annotations

import json

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from play import body_cache
from tests.platform.factories import accept_all, make_user, race_game
from tests.platform.test_page_stream import PageReader, _session

HTMX = {"HTTP_HX_REQUEST": "true"}


@pytest.fixture
def renders(monkeypatch):
    counted = []
    real = body_cache._render

    def counting(request, context, *part):
        counted.append(request.user.username if request.user.is_authenticated else "spectator")
        return real(request, context, *part)

    monkeypatch.setattr(body_cache, "_render", counting)
    return counted


def _client(user=None) -> Client:
    client = Client()
    if user is not None:
        client.force_login(user)
    return client


def _stream_fetch(client: Client, game, shown: int):
    """What game_live.js asks when the stream tells a version the page does not show: the page's own
    poll address (htmx, the version it shows)."""
    return client.get(f"/games/{game.pk}/poll/", {"v": shown, "s": ""}, **HTMX)


@pytest.mark.django_db(transaction=True)
def test_a_move_in_a_four_player_game_renders_one_body_per_looking_seat_and_one_for_spectators(renders):
    alice, bob, carol, dave = (make_user(n) for n in ("alice", "bob", "carol", "dave"))
    game = accept_all(race_game(alice, [bob, carol, dave]), [bob, carol, dave])
    pages = {name: _client(user) for name, user in [("alice", alice), ("bob", bob), ("carol", carol)]}
    bob_second_tab = _client(bob)
    spectators = [_client(), _client()]
    for client in [*pages.values(), bob_second_tab, *spectators]:
        assert client.get(f"/games/{game.pk}/").status_code == 200  # the pages are open (dave's is not)
    renders.clear()

    moved = pages["alice"].post(f"/games/{game.pk}/move/", {"version": 1, "move": json.dumps(
        {"type": "add", "n": 2})}, **HTMX)
    assert moved.status_code == 200 and 'data-version="2"' in moved.content.decode()
    assert renders == ["alice"]  # the mover's answer is her new body

    # The stream tells every open page "version 2". Alice's page already shows it: it asks nothing.
    assert _stream_fetch(pages["alice"], game, 2).status_code == 204
    for name in ("bob", "carol"):
        assert 'data-version="2"' in _stream_fetch(pages[name], game, 1).content.decode()
    assert 'data-version="2"' in _stream_fetch(bob_second_tab, game, 1).content.decode()
    for spectator in spectators:
        assert 'data-version="2"' in _stream_fetch(spectator, game, 1).content.decode()
    assert sorted(renders) == ["alice", "bob", "carol", "spectator"]  # dave, not looking: nothing

    # Polls that find nothing new render nothing (and, with the stream heard, the page sends none).
    for client in [*pages.values(), *spectators]:
        assert _stream_fetch(client, game, 2).status_code == 204
    assert len(renders) == 4


@pytest.mark.django_db(transaction=True)
def test_a_stream_driven_fetch_costs_what_a_changed_poll_costs_and_an_unchanged_one_a_statement(renders):
    alice, bob = make_user("alice"), make_user("bob")
    game = accept_all(race_game(alice, [bob]), [bob])
    page = _client(bob)
    page.get(f"/games/{game.pk}/")
    with CaptureQueriesContext(connection) as unchanged:
        assert _stream_fetch(page, game, 1).status_code == 204
    assert len(unchanged) == 1  # the version, by primary key (no session, no user)
    _client(alice).post(f"/games/{game.pk}/move/", {"version": 1, "move": json.dumps({"type": "add", "n": 1})})
    renders.clear()
    with CaptureQueriesContext(connection) as changed:
        assert _stream_fetch(page, game, 1).status_code == 200
    assert renders == ["bob"]
    assert len(changed) <= 14, [q["sql"] for q in changed]


def test_the_page_stream_renders_no_body(asgi_server, renders):
    from play import services

    alice, bob = make_user("alice"), make_user("bob")
    game = accept_all(race_game(alice, [bob]), [bob])
    readers = [PageReader(f"{asgi_server}/api/stream/pages/{game.pk}/", _session(u)) for u in (alice, bob)]
    try:
        for reader in readers:
            assert reader.next()[0] == "hello"
        services.move_apply(game_id=game.pk, user=alice, move={"type": "add", "n": 2}, expected_version=1)
        for reader in readers:
            assert reader.next() == ("game", {"version": 2, "status": "active"})
        assert renders == []
    finally:
        for reader in readers:
            reader.close()
