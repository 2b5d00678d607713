"""Stopping a worker (``systemctl stop`` / ``restart`` of lacitta-worker or lacitta-mailer): the units say
``KillMode=mixed``, so systemd sends SIGTERM to Celery's main process only, whose warm shutdown lets the task
under way finish. systemd's default (``control-group``) sends it to every process of the unit, the pool's too,
and the pool process dies in the middle of the task: the second test shows what that setting avoids."""

import os
import signal
import time

import pytest

from play import services
from play.models import Move
from tests.conftest import wait_for
from tests.platform.factories import make_user, race_game

pytestmark = [pytest.mark.worker, pytest.mark.django_db(transaction=True)]


def _bot_thinking(workers, slow_bot, tmp_path, seconds: int):
    """A worker whose pool process is in the middle of a bot's move that takes ``seconds``."""
    marker = tmp_path / "slow-bot.pid"
    worker = workers.start(pool="prefork", SLOW_BOT_MARKER=marker, SLOW_BOT_SECONDS=seconds)
    alice = make_user("alice")
    game = race_game(alice, bots=[slow_bot])
    services.move_apply(game_id=game.pk, user=alice, move={"type": "add", "n": 1}, expected_version=1)
    assert wait_for(lambda: marker.exists() and marker.read_text(), timeout=60), "no worker took the bot's move"
    return worker, game, int(marker.read_text())


def test_sigterm_to_the_workers_main_process_lets_the_bot_move_under_way_finish(workers, slow_bot, tmp_path):
    worker, game, pool_pid = _bot_thinking(workers, slow_bot, tmp_path, seconds=5)
    assert pool_pid != worker.pid
    stopped = time.monotonic()
    worker.send_signal(signal.SIGTERM)  # KillMode=mixed: the main process only
    assert worker.wait(timeout=60) == 0
    assert time.monotonic() - stopped >= 2  # it waited for the move (5 s from its start)
    game.refresh_from_db()
    assert game.version >= 3, "the worker stopped without finishing the move under way"
    assert list(Move.objects.filter(game=game, by_bot=slow_bot).values_list("seq", flat=True)) == [3]


def test_sigterm_to_every_process_of_the_worker_kills_the_move_under_way(workers, slow_bot, tmp_path):
    """What systemd's default KillMode=control-group does: the pool process gets SIGTERM too."""
    worker, game, pool_pid = _bot_thinking(workers, slow_bot, tmp_path, seconds=5)
    worker.send_signal(signal.SIGTERM)
    os.kill(pool_pid, signal.SIGTERM)
    worker.wait(timeout=60)
    game.refresh_from_db()
    assert game.version == 2, "the move was finished although its process got SIGTERM"
