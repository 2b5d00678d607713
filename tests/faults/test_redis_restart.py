"""Issue 32.4: a Celery worker exited when Redis went away while it held an unacknowledged task (kombu
``AttributeError … 'hostname'`` while closing its gossip and mingle channels), reproduced twice. Workers run
without gossip and mingle (deploy/site worker), retry the broker for ever, and the lost turn is found again by
``requeue_lost_bot_turns``: restarting Redis in the middle of a bot's move loses nothing and doubles nothing.

The test runs a Redis server of its own (the machine's ``redis-server``), so it can restart it at will."""

import time
from datetime import timedelta

import pytest
import redis
from django.utils import timezone

from play import services
from play.models import Game, Move
from tests.conftest import wait_for
from tests.faults.conftest import OwnRedis, Workers
from tests.platform.factories import make_user, race_game

pytestmark = [pytest.mark.worker, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def own_redis(tmp_path):
    server = OwnRedis(tmp_path)
    server.start()
    yield server
    server.stop()


def test_redis_restarted_during_a_bot_move_the_worker_survives_and_the_move_is_made_once(
        own_redis, slow_bot, tmp_path):
    from play.tasks import requeue_lost_bot_turns

    workers = Workers(tmp_path, redis_url=own_redis.url)
    try:
        marker = tmp_path / "slow-bot.pid"
        worker = workers.start(pool="prefork", SLOW_BOT_MARKER=marker, SLOW_BOT_SECONDS=4)
        alice = make_user("alice")
        game = race_game(alice, bots=[slow_bot])
        services.move_apply(game_id=game.pk, user=alice, move={"type": "add", "n": 1}, expected_version=1)
        assert wait_for(lambda: marker.exists(), timeout=60), "no worker took the bot's move"

        own_redis.stop()  # the bot is thinking; Redis goes away with the unacknowledged message
        time.sleep(7)  # the move ends while Redis is away: its acknowledgement cannot be sent
        own_redis.start()  # empty: nothing was saved
        wait_for(lambda: Game.objects.get(pk=game.pk).version >= 3, timeout=20)  # made, if the message lived
        time.sleep(3)
        assert worker.poll() is None, "the worker exited when Redis went away"
        if Game.objects.get(pk=game.pk).version < 3:  # the move's task was lost with Redis' memory
            Game.objects.filter(pk=game.pk).update(updated_at=timezone.now() - timedelta(minutes=1))
            assert requeue_lost_bot_turns() == 1
        assert wait_for(lambda: Game.objects.get(pk=game.pk).version >= 3, timeout=60), "the move was never made"
        time.sleep(2)
        assert list(Move.objects.filter(game=game, by_bot=slow_bot).values_list("seq", flat=True)) == [3]

        # The worker still takes new work from the restarted Redis.
        services.move_apply(game_id=game.pk, user=alice, move={"type": "add", "n": 1}, expected_version=3)
        assert wait_for(lambda: Game.objects.get(pk=game.pk).version >= 5, timeout=60)
        assert worker.poll() is None
    finally:
        workers.close()


def test_workers_wait_for_redis_for_ever_and_run_without_gossip_or_mingle():
    """The settings that took effect (a misspelled Celery setting is ignored silently), and the flags
    deploy/site gives every worker (tests/faults/conftest.py starts the fault tests' workers with them)."""
    from lacitta_site.celery import app
    from tests.faults.conftest import production_worker_flags

    assert app.conf.broker_connection_max_retries is None and app.conf.broker_connection_retry_on_startup
    assert production_worker_flags() == ("--without-gossip", "--without-heartbeat", "--without-mingle")


def _kill_clients(port: int) -> int:
    """Every connection Redis holds (the worker's consumer, its publishers, its pub/sub for remote control)
    closed by the server, as a Redis failover or a proxy in front of Redis would: the data stays."""
    admin = redis.Redis(port=port, socket_timeout=2)
    return sum(admin.client_kill_filter(_type=kind, skipme=True) for kind in ("normal", "pubsub"))


def test_redis_dropping_every_connection_during_a_bot_move_again_and_again_the_worker_survives(
        own_redis, slow_bot, tmp_path):
    """Issue 32.4, another way to reach the reported crash (kombu's ``AttributeError … 'hostname'`` while the
    worker held an unacknowledged task): Redis stays up but closes all its clients' connections every 0.3 s
    while the bot is thinking and when its move ends. The worker must live, the move be made once, and the
    worker take new work afterwards."""
    workers = Workers(tmp_path, redis_url=own_redis.url)
    try:
        marker = tmp_path / "slow-bot.pid"
        worker = workers.start(pool="prefork", SLOW_BOT_MARKER=marker, SLOW_BOT_SECONDS=3)
        alice = make_user("alice")
        game = race_game(alice, bots=[slow_bot])
        services.move_apply(game_id=game.pk, user=alice, move={"type": "add", "n": 1}, expected_version=1)
        assert wait_for(lambda: marker.exists(), timeout=60), "no worker took the bot's move"
        killed = 0
        end = time.monotonic() + 6  # the move (3 s) ends in the middle
        while time.monotonic() < end:
            killed += _kill_clients(own_redis.port)
            time.sleep(0.3)
        assert killed > 0
        assert wait_for(lambda: Game.objects.get(pk=game.pk).version >= 3, timeout=60), "the move was never made"
        time.sleep(3)  # a second delivery would be played by now
        assert worker.poll() is None, "the worker exited when Redis dropped its connections"
        assert list(Move.objects.filter(game=game, by_bot=slow_bot).values_list("seq", flat=True)) == [3]

        services.move_apply(game_id=game.pk, user=alice, move={"type": "add", "n": 1}, expected_version=3)
        assert wait_for(lambda: Game.objects.get(pk=game.pk).version >= 5, timeout=60), "no new work taken"
        assert worker.poll() is None
    finally:
        workers.close()
