"""The API's streams (play/stream.py, play/events.py): a move by another seat reaches a client
waiting on its stream within a second, under the ASGI server production runs for streams
(uvicorn) and under the WSGI test server; the long-poll answers as soon as the version changes;
a stream refuses a missing token (401) and a private game's outsider (404)."""

from __future__ import annotations

import json
import queue
import threading
import time

import httpx
import pytest
from django.db import connection

from play import services
from players import tokens
from tests.platform.factories import accept_all, make_user, race_game

pytestmark = pytest.mark.django_db(transaction=True)


class Reader:
    """Lines of a stream, read in a thread, each with the time it arrived."""

    def __init__(self, url: str, key: str, *, sse: bool = False):
        self.lines: queue.Queue = queue.Queue()
        headers = {"Authorization": f"Bearer {key}"}
        if sse:
            headers["Accept"] = "text/event-stream"
        self.client = httpx.Client(timeout=httpx.Timeout(10, read=60))
        self.response = self.client.send(self.client.build_request("GET", url, headers=headers), stream=True)
        self.thread = threading.Thread(target=self._read, daemon=True)
        self.thread.start()

    def _read(self):
        try:
            for line in self.response.iter_lines():
                if line.strip() and not line.startswith(":"):
                    self.lines.put((time.monotonic(), line))
        except httpx.HTTPError:
            pass

    def next_event(self, timeout: float = 5.0) -> tuple[float, dict]:
        while True:
            at, line = self.lines.get(timeout=timeout)
            if line.startswith("event:"):
                continue
            return at, json.loads(line.removeprefix("data:").strip())

    def close(self):
        self.response.close()
        self.client.close()


def _key(user, scopes=("read", "play", "chat")) -> str:
    return tokens.token_create(user=user, name="bot", scopes=list(scopes))[1]


def _two_player_game():
    alice, bob = make_user("alice"), make_user("bob")
    game = accept_all(race_game(alice, [bob]), [bob])  # alice (seat 0) to move at version 1
    return alice, bob, game


@pytest.mark.parametrize("server", ["asgi_server", "live_server"])
def test_a_move_by_another_seat_reaches_a_waiting_client_within_a_second(server, request):
    base = request.getfixturevalue(server)
    base = base if isinstance(base, str) else base.url
    alice, bob, game = _two_player_game()
    bob_key = _key(bob)
    mine = Reader(f"{base}/api/stream/events/", bob_key)
    per_game = Reader(f"{base}/api/stream/games/{game.pk}/", bob_key, sse=True)
    try:
        _at, first = mine.next_event()
        assert first == {
            "type": "gameState",
            "game": game.pk,
            "game_type": "race",
            "version": 1,
            "status": "active",
            "seat": 1,
            "my_turn": False,
        }
        _at, state = per_game.next_event()
        assert state["version"] == 1 and state["pending"] == [0]
        time.sleep(0.2)  # both are waiting
        moved = time.monotonic()
        services.move_apply(game_id=game.pk, user=alice, move={"type": "add", "n": 2}, expected_version=1)
        at, event = mine.next_event()
        assert event["type"] == "myTurn" and event["version"] == 2 and event["my_turn"] is True
        assert at - moved < 1.0, f"the move took {at - moved:.2f} s to reach the waiting client"
        at, state = per_game.next_event()
        assert state["version"] == 2 and state["pending"] == [1] and at - moved < 1.0
    finally:
        mine.close()
        per_game.close()


def test_streams_need_a_token_and_hide_private_games(asgi_server):
    alice, bob, game = _two_player_game()
    private = accept_all(race_game(alice, [bob], private=True), [bob])
    eve_key = _key(make_user("eve"))
    with httpx.Client(base_url=asgi_server, timeout=10) as client:
        missing = client.get("/api/stream/events/")
        assert missing.status_code == 401 and missing.headers["WWW-Authenticate"] == 'Bearer realm="api"'
        assert missing.json()["code"] == "not_authenticated"
        bad = client.get("/api/stream/events/", headers={"Authorization": "Bearer lct_nope"})
        assert bad.status_code == 401
        hidden = client.get(
            f"/api/stream/games/{private.pk}/", headers={"Authorization": f"Bearer {eve_key}"}
        )
        assert hidden.status_code == 404
        chat_only = _key(bob, scopes=["chat"])
        assert (
            client.get("/api/stream/events/", headers={"Authorization": f"Bearer {chat_only}"}).status_code
            == 403
        )


def test_long_poll_answers_when_the_version_changes(asgi_server):
    alice, bob, game = _two_player_game()
    headers = {"Authorization": f"Bearer {_key(bob)}"}
    with httpx.Client(base_url=asgi_server, timeout=30, headers=headers) as client:
        now = client.get("/api/stream/wait/", params={"game": game.pk, "version": 0})
        assert now.json()["version"] == 1  # already different: at once
        idle = client.get("/api/stream/wait/", params={"game": game.pk, "version": 1, "timeout": 0.5})
        assert idle.json()["version"] == 1  # nothing happened: the same state after the timeout

        def move_soon():
            time.sleep(0.5)
            try:
                services.move_apply(
                    game_id=game.pk, user=alice, move={"type": "add", "n": 1}, expected_version=1
                )
            finally:
                connection.close()  # this thread's own

        threading.Thread(target=move_soon).start()
        started = time.monotonic()
        changed = client.get("/api/stream/wait/", params={"game": game.pk, "version": 1, "timeout": 20})
        assert changed.json()["version"] == 2 and time.monotonic() - started < 5
        mine = client.get("/api/stream/wait/", params={"timeout": 1})
        assert mine.json()["my_turn"] == [game.pk]  # bob owes a move now: at once


@pytest.mark.parametrize("server", ["asgi_server", "live_server"])
def test_a_stream_with_nothing_to_say_answers_its_headers_at_once(server, request):
    """Issue 31.9: under `make run` (WSGI) the headers came only with the first keep-alive, 20 s later, when
    the caller had no game: a client could not tell a live stream from a hung one."""
    base = request.getfixturevalue(server)
    loner = make_user("loner")
    start = time.monotonic()
    reader = Reader(f"{base}/api/stream/events/", _key(loner))
    try:
        assert reader.response.status_code == 200
        assert time.monotonic() - start < 5
    finally:
        reader.close()
