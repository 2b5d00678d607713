"""Issue 45 point 2: a bot that thinks needs one request per move. ``?view=1`` on a game's stream and on the
player's own stream adds, to each event of a game in progress, what the reader may see at that version: a seated
reader its seat's view (the same as ``GET /api/games/ID/``), a spectator only the spectator's view, never a
seat's; computed once per (game, version, reader), like the legal moves. On Small City (hidden plans)."""

from unittest import mock

import httpx
import pytest

from play import services, stream_moves
from play.services import SeatSpec
from tests.platform.factories import accept_all, make_user
from tests.platform.test_api_streams import Reader, _key

pytestmark = pytest.mark.django_db(transaction=True)


def _smallcity():
    alice, bob = make_user("alice"), make_user("bob")
    with mock.patch("play.models.secrets.randbits", return_value=4502):
        game = services.game_create(creator=alice, game_type="smallcity", options={},
                                    seats=[SeatSpec("me"), SeatSpec("invite", username="bob")])
    return alice, bob, accept_all(game, [bob])


def _api_view(url: str, key: str) -> dict:
    return httpx.get(url, headers={"Authorization": f"Bearer {key}"}).json()["view"]


def test_the_streams_carry_the_readers_own_view_and_a_spectator_only_a_spectators(live_server, monkeypatch):
    calls = []
    real = stream_moves._computed
    monkeypatch.setattr(stream_moves, "_computed", lambda *a: calls.append(a[:2]) or real(*a))
    alice, bob, game = _smallcity()
    bob_key, eve_key = _key(bob), _key(make_user("eve"))
    url = f"{live_server.url}/api/stream/games/{game.pk}/?view=1"
    readers = [Reader(url, bob_key), Reader(url, bob_key),
               Reader(f"{live_server.url}/api/stream/events/?view=1", bob_key), Reader(url, eve_key),
               Reader(f"{live_server.url}/api/stream/games/{game.pk}/", bob_key)]
    try:
        seated, again, mine, watcher, plain = (r.next_event()[1] for r in readers)
    finally:
        for reader in readers:
            reader.close()
    api = f"{live_server.url}/api/games/{game.pk}/"
    bob_view, eve_view = _api_view(api, bob_key), _api_view(api, eve_key)
    assert bob_view != eve_view  # a seat sees more than a spectator (its own plan, its hand)
    assert seated["view"] == again["view"] == mine["view"] == bob_view and seated["version"] == game.version
    assert seated["legal_moves"] and mine["legal_moves"] == seated["legal_moves"]
    assert watcher["view"] == eve_view and "legal_moves" not in watcher and "seat" not in watcher
    assert "view" not in plain  # only when asked: the events stay small
    # bob's two game streams with the view share one computation; his own stream (its events tell my_turn), his
    # stream without the view and eve's are one each: five streams, four computations
    assert calls == [(game.pk, game.version)] * 4
