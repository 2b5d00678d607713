"""Issue 26 points 3 and 5: an open event stream obeys what happens to its credentials (a revoked token,
a changed password, a closed account end it before one more event), lives at most STREAM_MAX_SECONDS,
and a player or an address holds only so many streams at once (play/stream_guard.py)."""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import time

import httpx
import pytest
from django.conf import settings as django_settings
from django.test import Client

from community import account
from community import services as chat
from play import stream_guard
from players import tokens
from tests.platform.factories import accept_all, make_user, race_game
from tests.platform.test_api_streams import Reader

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture(autouse=True)
def no_places_held():
    """Places are counted in Redis for STREAM_MAX_SECONDS: a stream an earlier test left open (a browser
    page's, a server thread's) would otherwise still hold one for 127.0.0.1 or a reused user id."""
    stream_guard.COUNTER.forget_all(stream_guard.open_prefix())
    yield


@pytest.fixture
def quick(settings):
    """Checks every 0.3 s (the server runs in this process: it reads these settings)."""
    settings.STREAM_RECHECK_SECONDS = 0.3
    return settings


def _ended(reader: Reader, within: float) -> bool:
    reader.thread.join(within)
    return not reader.thread.is_alive()


def _events(reader: Reader) -> list[dict]:
    found = []
    while True:
        try:
            found.append(reader.next_event(timeout=0.05)[1])
        except Exception:  # queue.Empty: nothing more arrived
            return found


def _game_with_stream(server):
    alice, bob = make_user("alice"), make_user("bob")
    game = accept_all(race_game(alice, [bob]), [bob])
    token, key = tokens.token_create(user=bob, name="bot", scopes=["read", "play", "chat"])
    reader = Reader(f"{server}/api/stream/events/", key)
    assert reader.next_event()[1]["game"] == game.pk  # open, its present state read
    return alice, bob, game, token, reader


def test_revoking_the_token_ends_an_open_stream_before_the_next_private_event(asgi_server, quick):
    alice, bob, game, token, reader = _game_with_stream(asgi_server)
    try:
        quick.STREAM_RECHECK_SECONDS = 60  # only the check before each event can stop the chat line below
        time.sleep(0.5)
        tokens.token_revoke(user=bob, token_id=token.pk)
        chat.chat_post(game_id=game.pk, user=alice, text="a private word")
        assert _ended(reader, 5)
        assert [e for e in _events(reader) if e["type"] == "chat"] == []
    finally:
        reader.close()


def test_a_revoked_token_ends_a_quiet_stream_within_the_interval(asgi_server, quick):
    _alice, bob, _game, token, reader = _game_with_stream(asgi_server)
    try:
        tokens.token_revoke(user=bob, token_id=token.pk)
        assert _ended(reader, 3), "the stream outlived its token"
    finally:
        reader.close()


def test_a_password_change_ends_open_streams_of_tokens_and_of_other_sessions(asgi_server, quick):
    alice, bob, game, _token, reader = _game_with_stream(asgi_server)
    browser = Client()
    browser.force_login(bob)
    session = httpx.Client(base_url=asgi_server, timeout=httpx.Timeout(10, read=60),
                           cookies={django_settings.SESSION_COOKIE_NAME: browser.cookies["sessionid"].value})
    by_session = session.send(session.build_request("GET", f"/api/stream/games/{game.pk}/"), stream=True)
    lines = by_session.iter_lines()
    assert str(game.pk) in next(line for line in lines if line.strip())
    try:
        bob.set_password("a-new-password-456")
        bob.save()
        assert _ended(reader, 3), "the token's stream outlived the password"
        deadline = time.monotonic() + 3
        with pytest.raises(StopIteration):
            while time.monotonic() < deadline:
                next(lines)
    finally:
        reader.close()
        by_session.close()
        session.close()


def test_closing_the_account_ends_its_open_stream(asgi_server, quick):
    _alice, bob, _game, _token, reader = _game_with_stream(asgi_server)
    try:
        account.account_delete(user=bob)
        assert _ended(reader, 3), "the stream outlived the account"
    finally:
        reader.close()


def test_a_stream_ends_after_its_maximum_lifetime(asgi_server, settings):
    settings.STREAM_MAX_SECONDS = 1
    _alice, _bob, _game, _token, reader = _game_with_stream(asgi_server)
    try:
        started = time.monotonic()
        assert _ended(reader, 5)
        assert time.monotonic() - started < 3
    finally:
        reader.close()


def _status(client: httpx.Client, url: str, headers=None):
    response = client.send(client.build_request("GET", url, headers=headers or {}), stream=True)
    return response


def test_a_player_and_an_address_hold_only_so_many_streams_and_closing_one_frees_its_place(
    asgi_server, settings
):
    settings.STREAM_MAX_PER_USER = 2
    settings.STREAM_MAX_PER_ADDRESS = 3
    alice, bob = make_user("alice"), make_user("bob")
    public = accept_all(race_game(alice, [bob]), [bob])
    key = tokens.token_create(user=bob, name="bot", scopes=["read"])[1]
    auth = {"Authorization": f"Bearer {key}"}
    client = httpx.Client(base_url=asgi_server, timeout=httpx.Timeout(10, read=60))
    held = []
    try:
        held += [_status(client, "/api/stream/events/", auth) for _ in range(2)]
        assert [r.status_code for r in held] == [200, 200]
        third = client.get("/api/stream/wait/?timeout=1", headers=auth)  # a long-poll holds a place too
        assert third.status_code == 429 and third.json()["code"] == "too_many_streams"
        assert "Retry-After" in third.headers
        # Anonymous visitors of a public game: one more place at this address, then 429.
        held.append(_status(client, f"/api/stream/games/{public.pk}/"))
        assert held[-1].status_code == 200
        anonymous = client.get(f"/api/stream/games/{public.pk}/")
        assert anonymous.status_code == 429
        held.pop(0).close()  # the client leaves: its place is free again
        deadline = time.monotonic() + 5
        while (again := _status(client, "/api/stream/events/", auth)).status_code == 429:
            again.close()
            assert time.monotonic() < deadline, "a closed stream kept its place"
            time.sleep(0.1)
        held.append(again)
    finally:
        for response in held:
            response.close()
        client.close()


def test_streams_that_are_refused_hold_no_place(asgi_server, settings):
    settings.STREAM_MAX_PER_ADDRESS = 2
    alice, eve = make_user("alice"), make_user("eve")
    private = race_game(alice, [make_user("bob")], private=True)
    key = tokens.token_create(user=eve, name="bot", scopes=["read"])[1]
    with httpx.Client(base_url=asgi_server, timeout=10) as client:
        for _ in range(5):
            assert client.get("/api/stream/games/999999/").status_code == 404
            assert client.get(f"/api/stream/games/{private.pk}/",
                              headers={"Authorization": f"Bearer {key}"}).status_code == 404
    assert stream_guard.COUNTER.count(stream_guard.address_key("127.0.0.1")) == 0


@pytest.fixture
def redis_url():
    """A Redis of the test's own: REDIS_URL's server (database 13) when the suite has one, else a
    redis-server started for this test."""
    if os.environ.get("REDIS_URL"):
        yield os.environ["REDIS_URL"].rsplit("/", 1)[0] + "/13"
        return
    binary = shutil.which("redis-server")
    assert binary, "the Redis counter's test needs REDIS_URL or a redis-server on the PATH"
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    server = subprocess.Popen([binary, "--port", str(port), "--save", "", "--appendonly", "no"],
                              stdout=subprocess.DEVNULL)
    try:
        deadline = time.monotonic() + 10
        while True:
            try:
                socket.create_connection(("127.0.0.1", port), 0.2).close()
                break
            except OSError:
                assert time.monotonic() < deadline
                time.sleep(0.05)
        yield f"redis://127.0.0.1:{port}/0"
    finally:
        server.terminate()
        server.wait(10)


def test_the_caps_are_shared_through_redis(settings, redis_url):
    """Several stream processes count in one place: two counters of the same Redis see each other's
    streams, and an entry left by a process that died expires with the streams' lifetime."""
    settings.REDIS_URL = redis_url
    settings.STREAM_MAX_PER_USER = 2
    settings.STREAM_MAX_PER_ADDRESS = 10
    one, other = stream_guard._RedisCounter(redis_url), stream_guard._RedisCounter(redis_url)
    keys = [(stream_guard.address_key("10.0.0.9"), 10), (stream_guard.user_key(7), 2)]
    one.redis.delete(*[k for k, _c in keys])
    now = time.time()
    assert one.add(keys, "a", now + 60) and other.add(keys, "b", now + 60)
    assert not other.add(keys, "c", now + 60)
    assert other.count(stream_guard.user_key(7)) == 2  # the refused one was taken back
    one.remove([k for k, _c in keys], "a")
    assert other.add(keys, "c", now + 60)
    other.redis.zadd(stream_guard.user_key(7), {"b": now - 1, "c": now - 1})  # their process died
    assert one.add(keys, "d", now + 60) and one.add(keys, "e", now + 60)
    slot = stream_guard.admit(8, "10.0.0.9")  # the module's own path, through settings.REDIS_URL
    assert slot is not None and one.count(stream_guard.user_key(8)) == 1
    slot.release()
    slot.release()
    assert one.count(stream_guard.user_key(8)) == 0


@pytest.mark.parametrize("relay", ["_relay_sync", "_relay_async"])
def test_a_stream_dropped_before_its_first_line_frees_its_place(settings, relay):
    """A client that leaves before the response starts never runs the relay's ``finally``."""
    import gc

    from play import events, stream

    settings.REDIS_URL = ""
    address = stream_guard.address_key("192.0.2.7")
    slot = stream_guard.admit(None, "192.0.2.7")
    sub = events.HUB.subscribe(["g-dropped"])
    chunks = getattr(stream, relay)(sub, [], False, stream_guard.Guard(stream_guard.Credentials()), slot)
    assert stream_guard.COUNTER.count(address) == 1
    del chunks
    gc.collect()
    # (its own subscription: other tests' streams may be collected by the same gc.collect())
    assert stream_guard.COUNTER.count(address) == 0 and not events.HUB.listens(sub)


def test_a_private_games_stream_ends_when_its_reader_loses_the_seat(asgi_server, quick):
    """Issue 39 point 6: the stream's re-check asks whether the reader may still see the game (the pages'
    rule), not only whether the token stands: bob's seat given to a bot ends his stream of the private game
    before the next event."""
    from play import services

    alice, bob = make_user("alice"), make_user("bob")
    game = accept_all(race_game(alice, [bob], private=True), [bob])
    key = tokens.token_create(user=bob, name="bot", scopes=["read"])[1]
    reader = Reader(f"{asgi_server}/api/stream/games/{game.pk}/", key)
    try:
        assert reader.next_event()[1]["game"] == game.pk
        time.sleep(0.5)
        assert reader.thread.is_alive()
        quick.STREAM_RECHECK_SECONDS = 60  # only the check before the chat line below can stop it
        time.sleep(0.5)
        services.seat_replace_by_bot(game_id=game.pk, seat_index=1, bot_level="random", by_user=alice)
        chat.chat_post(game_id=game.pk, user=alice, text="after bob left")
        assert _ended(reader, 5), "the stream outlived its reader's access to the private game"
        assert [e for e in _events(reader) if e["type"] == "chat"] == []
    finally:
        reader.close()


def test_a_quiet_stream_of_a_private_game_ends_within_the_interval_once_the_seat_is_gone(asgi_server, quick):
    from play import services

    alice, bob = make_user("alice"), make_user("bob")
    game = accept_all(race_game(alice, [bob], private=True), [bob])
    key = tokens.token_create(user=bob, name="bot", scopes=["read"])[1]
    reader = Reader(f"{asgi_server}/api/stream/games/{game.pk}/", key)
    try:
        assert reader.next_event()[1]["game"] == game.pk
        services.seat_replace_by_bot(game_id=game.pk, seat_index=1, bot_level="random", by_user=alice)
        assert _ended(reader, 3), "the quiet stream outlived its reader's access"
    finally:
        reader.close()


def test_streams_opened_together_end_spread_over_the_lifetimes_last_tenth(settings):
    """Issue 44.8: streams were not rebalanced when a stream host came back; they all ended an hour after they
    moved. Each stream's end is drawn in the lifetime's last tenth, so their reconnections spread out."""
    import time

    settings.STREAM_MAX_SECONDS = 3600
    now = time.monotonic()
    lives = [stream_guard.Guard(stream_guard.Credentials()).ends - now for _ in range(200)]
    assert all(3240 - 1 <= life <= 3600 + 1 for life in lives)
    assert max(lives) - min(lives) > 200  # spread, not one instant (200 draws over 360 s)
