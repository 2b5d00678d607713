"""Issue 44.2: a Redis blip left open pages stale for up to an hour. Events published while Redis restarted
were lost ("2 event(s) not published"); 2 of 16 open pages never learned that their game had moved and
finished, and the pings kept them "live", so they never polled.

Now, after any gap in pub/sub: a stream process whose Redis connection comes back tells every open stream to
re-read (a page stream ends with a spread-out ``retry:``, and the page's reconnection says the version in its
``hello``; an API stream ends, and its resume answers ``resync`` then the present because the backlog no
longer vouches for what came before); a process whose publish Redis refused keeps the events and publishes
them when Redis answers, followed by a gap message to every stream process. Each test runs a redis-server of
its own (tests/faults/conftest.py ``OwnRedis``), restarted at will."""

from __future__ import annotations

import json
import threading
import time

import pytest
import redis

from play import events, services, stream, stream_page
from play.event_log import RedisLog
from play.stream_guard import Credentials
from tests.conftest import wait_for
from tests.faults.conftest import OwnRedis
from tests.platform.factories import accept_all, make_user, race_game
from tests.platform.servers import asgi_server  # noqa: F401 (a fixture)
from tests.platform.test_page_stream import PageReader, _session


@pytest.fixture
def own_redis(tmp_path, settings, monkeypatch):
    """A Redis of the test's own as the site's event bus, with a hub and a publisher made for it."""
    server = OwnRedis(tmp_path)
    server.start()
    settings.REDIS_URL = server.url
    hub = events.Hub()
    monkeypatch.setattr(events, "HUB", hub)
    monkeypatch.setattr(events, "_redis", None)
    monkeypatch.setattr(events, "_down_until", 0.0)
    monkeypatch.setattr(events, "_outbox", type(events._outbox)(maxlen=events.OUTBOX_SIZE))
    yield server
    hub.close()
    server.stop()


def _restart(server: OwnRedis) -> None:
    server.stop()
    time.sleep(0.5)
    server.start()  # empty: it keeps nothing on disk


def _client(server: OwnRedis):
    return redis.Redis(port=server.port, socket_timeout=2)


@pytest.mark.django_db
def test_a_stream_process_whose_redis_restarted_tells_every_open_stream_to_reread(own_redis):
    game_sub = events.HUB.subscribe([events.game_channel(1)])
    user_sub = events.HUB.subscribe([events.user_channel(7)])
    _client(own_redis).publish(events.prefix() + events.game_channel(1), json.dumps({"type": "gameState"}))
    assert game_sub.get(5) == {"type": "gameState"}

    _restart(own_redis)
    assert game_sub.get(10) is events.GAP and user_sub.get(10) is events.GAP
    # …and the process hears new events again.
    _client(own_redis).publish(events.prefix() + events.user_channel(7), json.dumps({"type": "myTurn"}))
    assert user_sub.get(5) == {"type": "myTurn"}


@pytest.mark.django_db
def test_events_redis_refused_are_published_when_it_answers_then_every_stream_rereads(own_redis, monkeypatch):
    listener = events.HUB.subscribe([events.game_channel(5), events.user_channel(9)])
    own_redis.stop()
    events.publish_many([(events.game_channel(5), {"type": "gameState", "game": 5, "version": 8})])
    events.publish_many([(events.game_channel(5), {"type": "gameState", "game": 5, "version": 9})])  # while down
    assert events.outbox_size() == 2  # kept, not dropped

    monkeypatch.setattr(events, "_down_until", time.monotonic() + 3600)  # held until the hub hears Redis again
    own_redis.start()
    assert listener.get(10) is events.GAP  # the hub's own reconnection
    monkeypatch.setattr(events, "_down_until", 0.0)
    assert wait_for(lambda: events.outbox_size() == 0, timeout=10), "the outbox was never published"

    heard = [listener.get(5) for _ in range(3)]
    assert [e.get("version") for e in heard[:2]] == [8, 9]  # in their order
    assert heard[2] is events.GAP  # then every stream process is told to re-read
    stored = _client(own_redis).lrange(events.prefix() + "log:" + events.game_channel(5), 0, -1)
    assert [json.loads(raw)["version"] for raw in stored] == [8, 9]


def test_the_backlog_does_not_vouch_for_events_across_a_restart_or_a_gap(own_redis):
    log = RedisLog(_client(own_redis), "events:test:")
    [(_channel, first)] = log.append([("g3", {"type": "gameState", "version": 2})])
    assert log.since("g3", first["event_id"]) == []  # nothing missed

    _restart(own_redis)
    log = RedisLog(_client(own_redis), "events:test:")
    [(_channel, second)] = log.append([("g3", {"type": "gameState", "version": 4})])
    assert log.since("g3", first["event_id"]) is None  # version 3 may have been lost: resync
    assert log.since("g3", second["event_id"]) == []

    log.mark_gap()  # a late publish: what came before the gap may be missing
    assert log.since("g3", second["event_id"]) is None


def _drive(steps, events_in):
    """Run a relay loop (play.relay's needs) on given events; the bytes it sends."""
    sent, answer = [], None
    feed = list(events_in)
    try:
        while True:
            need = steps.send(answer)
            answer = None
            if isinstance(need, stream_page.relay.Send):
                sent.append(need.data)
            elif isinstance(need, stream_page.relay.Wait):
                assert feed, "the stream went on after its last event"
                answer = feed.pop(0)
            elif need is stream_page.relay.CHECK:
                answer = True
            elif isinstance(need, stream_page.relay.Decorate):
                answer = need.event
    except StopIteration:
        return sent


def test_a_gap_ends_a_page_stream_with_a_spread_out_reconnection_and_an_api_stream_for_its_resume():
    guard = stream_page._guard(Credentials())
    hello = {"type": "hello", "version": 3, "status": "active"}
    sent = _drive(stream_page._steps(1, hello, guard), [events.GAP])
    assert sent[0].startswith(b"event: hello") and len(sent) == 2
    retry = int(sent[1].decode().removeprefix("retry: ").strip())
    assert stream_page.GAP_RECONNECT_MS[0] <= retry <= stream_page.GAP_RECONNECT_MS[1] <= 2500

    api = _drive(stream._steps([], False, stream.Guard(Credentials()), None, 0, None), [events.GAP])
    assert api == [stream._frame(None, False)]  # the first (empty) line, then the end


def test_pages_open_through_a_redis_restart_reach_the_current_version_within_five_seconds(own_redis, asgi_server):  # noqa: F811
    alice, bob = make_user("alice"), make_user("bob")
    game = accept_all(race_game(alice, [bob]), [bob])
    url = f"{asgi_server}/api/stream/pages/{game.pk}/"
    cookies = _session(bob)
    pages = [PageReader(url, cookies) for _ in range(4)]
    try:
        for page in pages:
            assert page.next() == ("hello", {"version": game.version, "status": "active"})

        own_redis.stop()
        moved = services.move_apply(game_id=game.pk, user=alice, move={"type": "add", "n": 2},
                                    expected_version=game.version)  # its event cannot be published
        started = time.monotonic()
        own_redis.start()

        versions = {}

        def follow(i, page):
            while time.monotonic() - started < 10:  # as EventSource: a stream that ends is opened again
                page.thread.join(timeout=10 - (time.monotonic() - started))
                if page.thread.is_alive():
                    return
                retry = [int(line.removeprefix("retry:")) for line in page.raw if line.startswith("retry:")]
                time.sleep((retry[-1] if retry else 3000) / 1000)  # the reconnection delay the stream gave
                page = PageReader(url, cookies)
                name, data = page.next(timeout=5)
                if name == "hello":
                    versions[i] = (data["version"], time.monotonic() - started)
                    page.close()
                    return

        threads = [threading.Thread(target=follow, args=(i, p)) for i, p in enumerate(pages)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(20)
        assert sorted(versions) == [0, 1, 2, 3], versions
        assert all(version == moved.version for version, _t in versions.values()), versions
        assert max(t for _v, t in versions.values()) < 5, versions
    finally:
        for page in pages:
            page.close()
