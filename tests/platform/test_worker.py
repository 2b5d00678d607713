"""Through a real Celery worker process: the bot's move is made by the worker,
exactly once, even when the same task is delivered twice.

The broker is the real Redis when REDIS_URL is set (CI); otherwise kombu's
filesystem transport, so `make test` needs no server on a laptop."""

import os
import subprocess
import sys
import time
import uuid

import pytest
from django.conf import settings
from django.db import connection

from lacitta_site.celery import app as celery_app
from play import services
from play.models import Game, Move
from tests.conftest import wait_for
from tests.platform.factories import make_user, race_game

pytestmark = [pytest.mark.worker, pytest.mark.django_db(transaction=True)]


def _database_url() -> str:
    conf = connection.settings_dict
    if connection.vendor == "postgresql":
        user = conf.get("USER") or "postgres"
        password = f":{conf['PASSWORD']}" if conf.get("PASSWORD") else ""
        host, port = conf.get("HOST") or "127.0.0.1", conf.get("PORT") or 5432
        return f"postgres://{user}{password}@{host}:{port}/{conf['NAME']}"
    return f"sqlite:///{conf['NAME']}"


@pytest.fixture
def worker(tmp_path):
    queue = f"test-{uuid.uuid4().hex[:8]}"
    env = dict(os.environ, DJANGO_SETTINGS_MODULE="tests.worker_settings", DATABASE_URL=_database_url(),
               CELERY_TASK_ALWAYS_EAGER="false", CELERY_QUEUE=queue, DB_CONN_MAX_AGE="0",
               EMAIL_BACKEND="django.core.mail.backends.console.EmailBackend")  # not mail-outbox/
    saved = {k: celery_app.conf.get(k) for k in ("task_always_eager", "broker_url", "broker_transport_options",
                                                  "task_default_queue")}
    if settings.REDIS_URL:
        broker, options = settings.REDIS_URL, {}
    else:
        env["CELERY_FS_BROKER_DIR"] = str(tmp_path)
        broker = "filesystem://"
        options = {"data_folder_in": str(tmp_path), "data_folder_out": str(tmp_path),
                   "processed_folder": str(tmp_path), "control_folder": str(tmp_path),
                   "store_processed": False}
    celery_app.conf.update(task_always_eager=False, broker_url=broker, broker_transport_options=options,
                           task_default_queue=queue)
    _reset_pool()
    proc = subprocess.Popen(
        [sys.executable, "-m", "celery", "-A", "lacitta_site", "worker", "--pool=solo", "-Q", f"{queue},{queue}.mail",
         "--loglevel=WARNING", "--without-heartbeat", "--without-gossip", "--without-mingle"],
        env=env, cwd=settings.BASE_DIR,
    )
    try:
        yield proc
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            proc.kill()
        celery_app.conf.update(saved)
        _reset_pool()


def _reset_pool():
    """Drop broker connections made with the previous settings."""
    from kombu import pools

    pools.reset()  # kombu keeps pools per broker URL process-wide
    celery_app._after_fork()  # and the app keeps its own: forget both


def test_bot_moves_once_through_a_real_worker(worker):
    from play.tasks import bots_play

    alice = make_user("alice")
    game = race_game(alice, bots=["random"])
    services.move_apply(game_id=game.pk, user=alice, move={"type": "add", "n": 1}, expected_version=1)
    assert wait_for(lambda: Game.objects.get(pk=game.pk).version >= 3), "the worker never played the bot's move"
    assert worker.poll() is None

    # The same task delivered again (a retry, a duplicate): it must do nothing.
    bots_play.delay(game.pk, 2)
    game.refresh_from_db()
    services.move_apply(game_id=game.pk, user=alice, move={"type": "add", "n": 1}, expected_version=3)
    assert wait_for(lambda: Game.objects.get(pk=game.pk).version >= 5)
    time.sleep(1.0)  # leave the worker time to (wrongly) play again
    bot_moves = list(Move.objects.filter(game=game, by_bot="random").values_list("seq", flat=True))
    assert bot_moves == [3, 5]
    assert Game.objects.get(pk=game.pk).version == 5
