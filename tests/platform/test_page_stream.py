"""Issue 33: the game page's own stream (play/stream_page.py). An open page hears its game's version and
its chat's ids, never a view; the session is the page's, and a game the viewer may not see answers as
one that does not exist; an open stream keeps its viewer marked as looking."""

from __future__ import annotations

import json
import queue
import threading
import time

import httpx
import pytest
from django.test import Client

from community import services as chat
from play import presence, services
from tests.platform.factories import accept_all, make_user, race_game

pytestmark = pytest.mark.django_db(transaction=True)


class PageReader:
    """A browser's EventSource, roughly: (event name, data) as they arrive, in a thread."""

    def __init__(self, url: str, cookies: dict | None = None):
        self.events: queue.Queue = queue.Queue()
        self.client = httpx.Client(timeout=httpx.Timeout(10, read=60), cookies=cookies or {})
        self.response = self.client.send(
            self.client.build_request("GET", url, headers={"Accept": "text/event-stream"}), stream=True
        )
        self.raw: list[str] = []
        self.thread = threading.Thread(target=self._read, daemon=True, name="page-reader")
        self.thread.start()

    def _read(self):
        name = None
        try:
            for line in self.response.iter_lines():
                self.raw.append(line)
                if line.startswith("event:"):
                    name = line.removeprefix("event:").strip()
                elif line.startswith("data:"):
                    self.events.put((name, json.loads(line.removeprefix("data:").strip())))
        except httpx.HTTPError:
            pass

    def next(self, timeout: float = 5.0) -> tuple[str, dict]:
        while True:
            name, data = self.events.get(timeout=timeout)
            if name != "ping":
                return name, data

    def close(self):
        self.response.close()
        self.client.close()


def _session(user) -> dict:
    client = Client()
    client.force_login(user)
    return {"sessionid": client.cookies["sessionid"].value}


def _game():
    alice, bob = make_user("alice"), make_user("bob")
    return alice, bob, accept_all(race_game(alice, [bob]), [bob])  # alice (seat 0) to move at version 1


def test_a_move_and_a_chat_line_reach_an_open_page_as_a_version_and_an_id(asgi_server):
    alice, bob, game = _game()
    page = PageReader(f"{asgi_server}/api/stream/pages/{game.pk}/", _session(bob))
    try:
        assert page.response.status_code == 200
        assert page.response.headers["content-type"].startswith("text/event-stream")
        assert page.next() == ("hello", {"version": 1, "status": "active"})
        services.move_apply(game_id=game.pk, user=alice, move={"type": "add", "n": 2}, expected_version=1)
        assert page.next() == ("game", {"version": 2, "status": "active"})  # no seat, no view, no moves
        message = chat.chat_post(game_id=game.pk, user=alice, text="a secret plan")
        assert page.next() == ("chat", {"id": message.pk})  # not its text: the page asks for its chat
        assert not any("secret" in line for line in page.raw)
        assert not any(line.startswith("id:") for line in page.raw)  # a reconnection starts from "hello"
    finally:
        page.close()


def test_a_spectator_page_hears_chat_lines_too(asgi_server):
    alice, bob, game = _game()
    page = PageReader(f"{asgi_server}/api/stream/pages/{game.pk}/")  # not signed in: a public game
    try:
        assert page.next() == ("hello", {"version": 1, "status": "active"})
        message = chat.chat_post(game_id=game.pk, user=bob, text="hello")
        assert page.next() == ("chat", {"id": message.pk})
    finally:
        page.close()


def test_a_game_one_may_not_see_answers_exactly_as_a_missing_game(asgi_server):
    alice, bob, _game_row = _game()
    private = accept_all(race_game(alice, [bob], private=True), [bob])
    eve = make_user("eve")
    answers = []
    for cookies, pk in [(_session(eve), private.pk), ({}, private.pk), (_session(eve), private.pk + 1000)]:
        with httpx.Client(base_url=asgi_server, timeout=10, cookies=cookies) as client:
            response = client.get(f"/api/stream/pages/{pk}/", headers={"Accept": "text/event-stream"})
            answers.append((response.status_code, response.headers["content-type"], response.content))
    assert answers[0][0] == 404
    assert answers[0] == answers[1] == answers[2]
    page = PageReader(f"{asgi_server}/api/stream/pages/{private.pk}/", _session(bob))
    try:
        assert page.next() == ("hello", {"version": 1, "status": "active"})  # a player sees it
    finally:
        page.close()


def test_an_open_page_stream_marks_its_viewer_as_looking(asgi_server):
    alice, bob, game = _game()
    assert not presence.is_present(game.pk, bob.pk)
    page = PageReader(f"{asgi_server}/api/stream/pages/{game.pk}/", _session(bob))
    try:
        page.next()
        assert presence.is_present(game.pk, bob.pk)
    finally:
        page.close()


def test_open_pages_stay_marked_as_looking_in_one_round_trip_and_stop_when_closed():
    """The stream process marks every open page's viewer together (play.stream_page._Looking), so a
    page open longer than the mark's 45 s still spares its player the "your turn" e-mail."""
    from django.core.cache import cache

    from play import stream_page

    looking = stream_page._Looking()
    looking.EVERY = 0.1
    looking.add(7001, 42)
    looking.add(7001, 42)  # a second tab
    deadline = time.monotonic() + 5
    while not presence.is_present(7001, 42) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert presence.is_present(7001, 42)
    looking.remove(7001, 42)
    cache.delete("presence:7001:42")
    assert _within(5, lambda: presence.is_present(7001, 42))  # the other tab is still open: marked again
    looking.remove(7001, 42)
    # A round that read the open pages just before the removal may still write its mark (on a loaded machine, late):
    # the mark is wiped until no round writes it again.
    assert _within(5, lambda: not _wiped_and_gone(cache, looking.EVERY))


def _within(seconds: float, condition) -> bool:
    deadline = time.monotonic() + seconds
    while not condition():
        if time.monotonic() > deadline:
            return False
        time.sleep(0.05)
    return True


def _wiped_and_gone(cache, every: float) -> bool:
    """True while a mark comes back after being wiped (the pair is still marked by some round)."""
    cache.delete("presence:7001:42")
    time.sleep(every * 4)
    return presence.is_present(7001, 42)


def test_logging_out_ends_the_page_stream_before_the_next_move_is_told(asgi_server, settings):
    alice, bob, game = _game()
    cookies = _session(bob)
    page = PageReader(f"{asgi_server}/api/stream/pages/{game.pk}/", cookies)
    try:
        assert page.next()[0] == "hello"
        client = Client()
        client.cookies["sessionid"] = cookies["sessionid"]
        client.post("/accounts/logout/")
        services.move_apply(game_id=game.pk, user=alice, move={"type": "add", "n": 2}, expected_version=1)
        page.thread.join(5)
        assert not page.thread.is_alive()  # the stream ended
        assert not any('"version":2' in line for line in page.raw)
    finally:
        page.close()


def test_the_stream_ends_with_the_game(asgi_server):
    alice, bob, game = _game()
    page = PageReader(f"{asgi_server}/api/stream/pages/{game.pk}/", _session(bob))
    try:
        page.next()
        services.game_resign(game_id=game.pk, user=alice)
        name, data = page.next()
        assert name == "game" and data["status"] == "finished"
        page.thread.join(5)
        assert not page.thread.is_alive()
    finally:
        page.close()


def test_gunicorn_sync_workers_do_not_hold_page_streams(settings):
    """Under WSGI outside runserver and the tests an open page would hold a worker: a 503 at once sends
    the page back to polling."""
    alice, bob, game = _game()
    settings.PAGE_STREAM_OVER_WSGI = False
    client = Client()
    client.force_login(bob)

    def get(*args, **kwargs):
        # In a thread of its own: an async view runs through async_to_sync, which refuses a thread where an
        # event loop runs (a browser test of this worker keeps Playwright's running in the main thread).
        answers = []
        thread = threading.Thread(target=lambda: answers.append(client.get(*args, **kwargs)))
        thread.start()
        thread.join(30)
        return answers[0]

    started = time.monotonic()
    response = get(f"/api/stream/pages/{game.pk}/", HTTP_ACCEPT="text/event-stream")
    assert response.status_code == 503 and time.monotonic() - started < 2
    settings.PAGE_STREAM_OVER_WSGI = None
    settings.DEBUG = False
    assert get(f"/api/stream/pages/{game.pk}/").status_code == 503  # production: follows DEBUG
