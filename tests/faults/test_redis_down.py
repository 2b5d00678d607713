"""Redis unreachable (cache, sessions' cache, rate-limit counters, presence and
the Celery broker), without touching the shared Redis: the settings point at a
port where nothing listens. The site still serves pages and accepts moves; the
bot turn that could not be queued is queued again by the sweep once the
broker is back; /healthz says the cache is down and stays ready."""

import json
import socket
from datetime import timedelta

import pytest
from django.test import Client
from django.utils import timezone

from lacitta_site.cache import redis_cache
from lacitta_site.celery import app as celery_app
from play.models import Game, Move
from tests.faults.conftest import reset_broker_pools
from tests.platform.factories import make_user, race_game

pytestmark = pytest.mark.django_db


def _closed_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]  # closed again when the block ends: nothing listens there


@pytest.fixture
def redis_down(settings):
    url = f"redis://127.0.0.1:{_closed_port()}/0"
    # Django resets its cache handler when CACHES changes (setting_changed).
    # The production cache backend (what REDIS_URL selects), at a dead address.
    settings.CACHES = {"default": redis_cache(url)}
    saved = {
        k: celery_app.conf.get(k)
        for k in ("task_always_eager", "broker_url", "task_publish_retry", "broker_connection_timeout")
    }
    celery_app.conf.update(
        task_always_eager=False, broker_url=url, task_publish_retry=False, broker_connection_timeout=1
    )
    reset_broker_pools()
    yield url
    celery_app.conf.update(saved)
    reset_broker_pools()


def test_pages_and_moves_work_with_redis_unreachable(redis_down, settings):
    from django.conf import settings as live

    alice = make_user("alice")
    game = race_game(alice, bots=["random"])
    client = Client()
    client.force_login(alice)
    assert live.CACHES["default"]["LOCATION"] == redis_down

    assert client.get("/").status_code == 200
    assert client.get("/games/mine/").status_code == 200
    page = client.get(f"/games/{game.pk}/")
    assert page.status_code == 200 and f"#{game.pk}" in page.content.decode()
    assert client.get(f"/games/{game.pk}/poll/", {"v": game.version}).status_code == 204

    answer = client.post(
        f"/games/{game.pk}/move/",
        {"version": "1", "move": json.dumps({"type": "add", "n": 1})},
        HTTP_HX_REQUEST="true",
    )
    assert answer.status_code == 200, answer.content[:500]
    game.refresh_from_db()
    assert (
        game.version == 2 and game.seats.get(index=1).owes_move
    )  # saved; the bot's task could not be queued

    api = client.get(f"/api/games/{game.pk}/legal-moves/")
    assert api.status_code == 200

    health = client.get("/healthz")  # ready (pages work), and says Redis is down
    assert health.status_code == 200 and health.json()["cache"] == "down" and health.json()["status"] == "degraded"

    # A new visitor logs in while Redis is down (sessions fall back to the database).
    other = Client()
    make_user("bob")
    assert other.post("/accounts/login/", {"login": "bob", "password": "pw-for-tests-123"}).status_code == 302
    assert other.get("/games/mine/").status_code == 200


def test_bot_turn_lost_while_redis_was_down_is_played_after(redis_down, settings):
    from play.tasks import sweep_clocks

    alice = make_user("alice")
    game = race_game(alice, bots=["random"])
    client = Client()
    client.force_login(alice)
    client.post(f"/games/{game.pk}/move/", {"version": "1", "move": json.dumps({"type": "add", "n": 1})})
    assert Game.objects.get(pk=game.pk).version == 2
    # Redis is back (eager tasks stand in for the worker here): the sweep queues the lost bot turn.
    celery_app.conf.update(task_always_eager=True)
    Game.objects.filter(pk=game.pk).update(updated_at=timezone.now() - timedelta(minutes=5))
    assert sweep_clocks()["bots_requeued"] == 1
    assert Move.objects.filter(game=game, by_bot="random").count() == 1
