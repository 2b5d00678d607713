"""A Redis that accepts connections but never answers (a wedged server, a
half-open connection through a firewall): publishing the bot's turn must give
up within a couple of seconds, the move is saved and answered, and the sweep
queues the bot turn once Redis answers again, exactly as when Redis refuses
connections (test_redis_down.py). Before the broker had socket timeouts the
move's request waited for ever (gunicorn killed it after 30 s: a 500)."""

import json
import socket
import threading
import time
from datetime import timedelta

import pytest
from django.conf import settings as live_settings
from django.test import Client
from django.utils import timezone

from lacitta_site.celery import app as celery_app
from play.models import Game, Move
from tests.faults.conftest import reset_broker_pools
from tests.platform.factories import make_user, race_game

pytestmark = pytest.mark.django_db

PUBLISH_LIMIT = 3.5  # seconds: "a couple of seconds" plus slack for a loaded machine


@pytest.fixture
def silent_redis():
    """A listening socket that never accepts: the kernel completes the TCP
    handshake, nothing ever answers a command. A watchdog closes it after 20 s,
    so a client that waits for ever (the old code) fails the test instead of hanging it."""
    listener = socket.socket()
    listener.bind(("127.0.0.1", 0))
    listener.listen(64)
    watchdog = threading.Timer(20, listener.close)
    watchdog.start()
    yield f"redis://127.0.0.1:{listener.getsockname()[1]}/0"
    watchdog.cancel()
    listener.close()


@pytest.fixture
def broker_hangs(silent_redis):
    """The Celery broker at the silent address; every other broker setting is the
    site's own, as Celery loaded it from the Django settings (a misspelled name
    would be silently ignored, and this test would hang)."""
    saved = {k: celery_app.conf.get(k) for k in ("task_always_eager", "broker_url")}
    celery_app.conf.update(task_always_eager=False, broker_url=silent_redis)
    reset_broker_pools()
    yield silent_redis
    celery_app.conf.update(saved)
    reset_broker_pools()


def _timed(fn):
    start = time.monotonic()
    try:
        result = fn()
    except Exception as exc:  # publishing failed: what the caller must survive
        result = exc
    return time.monotonic() - start, result


def test_publish_to_a_silent_redis_gives_up_within_a_couple_of_seconds(broker_hangs):
    from play.tasks import bots_play

    seconds, result = _timed(lambda: bots_play.delay(1, 1))
    assert isinstance(result, Exception), result
    assert seconds < PUBLISH_LIMIT, f"publishing took {seconds:.1f} s"


def test_move_answers_quickly_and_the_sweep_plays_the_bot_turn_later(
    broker_hangs, django_capture_on_commit_callbacks
):
    from play.tasks import sweep_clocks

    alice = make_user("alice")
    game = race_game(alice, bots=["random"])
    client = Client()
    client.force_login(alice)

    def move():
        # The bot turn is queued on commit, as in a real request.
        with django_capture_on_commit_callbacks(execute=True) as queued:
            answer = client.post(
                f"/games/{game.pk}/move/",
                {"version": "1", "move": json.dumps({"type": "add", "n": 1})},
                HTTP_HX_REQUEST="true",
            )
        assert queued, "the move queued nothing"
        return answer

    seconds, answer = _timed(move)
    assert not isinstance(answer, Exception), answer
    assert answer.status_code == 200, answer.content[:300]
    assert seconds < PUBLISH_LIMIT + 1, f"the move took {seconds:.1f} s"
    game.refresh_from_db()
    assert game.version == 2 and game.seats.get(index=1).owes_move  # saved; the bot turn waits

    # Redis answers again (eager tasks stand in for the worker): the sweep queues the lost bot turn.
    celery_app.conf.update(task_always_eager=True)
    Game.objects.filter(pk=game.pk).update(updated_at=timezone.now() - timedelta(minutes=5))
    assert sweep_clocks()["bots_requeued"] == 1
    assert Move.objects.filter(game=game, by_bot="random").count() == 1
    assert live_settings.CELERY_TASK_ALWAYS_EAGER  # test settings untouched by the fixture


@pytest.fixture
def hung_cache(silent_redis):
    """The site's cache backend as REDIS_URL makes it (lacitta_site.cache.redis_cache), at the silent address."""
    from lacitta_site.cache import TolerantRedisCache, redis_cache
    from play.breaker import BROKER, CACHE

    CACHE.reset()
    BROKER.reset()
    config = redis_cache(silent_redis)
    yield TolerantRedisCache(config["LOCATION"], {"OPTIONS": config["OPTIONS"]})
    CACHE.reset()
    BROKER.reset()


def test_a_hung_cache_costs_one_timeout_then_nothing_for_five_seconds(hung_cache):
    """Issue 32.8: a hung Redis made a page take 10 s (every cache call waited for its timeout) and login
    never answer. After one failed call the cache is left alone for 5 s: the next calls are misses at once."""
    cache = hung_cache
    first, value = _timed(lambda: cache.get("anything", "missing"))
    assert value == "missing" and first < PUBLISH_LIMIT
    start = time.monotonic()
    for n in range(50):
        assert cache.get(f"key-{n}", "missing") == "missing"
        cache.set(f"key-{n}", n)
    assert time.monotonic() - start < 0.5


def test_a_second_move_does_not_wait_for_a_hung_broker_again(broker_hangs, django_capture_on_commit_callbacks):
    from play.breaker import BROKER
    from play.tasks import bots_play

    BROKER.reset()
    from play.queue import enqueue_on_commit

    with django_capture_on_commit_callbacks(execute=True):
        first, _ = _timed(lambda: enqueue_on_commit(bots_play, 1, 1))
    start = time.monotonic()
    with django_capture_on_commit_callbacks(execute=True):
        enqueue_on_commit(bots_play, 2, 1)
    assert BROKER.is_open() and time.monotonic() - start < 0.3
    BROKER.reset()
