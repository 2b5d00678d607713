"""A Celery worker killed (SIGKILL) while it plays a bot move: once a worker
runs again, the move is made exactly once.

The bot level "slow" (tests/faults/slow_race.py) writes the id of the process
that runs it to a marker file and sleeps; the test kills that process then.

- The pool process dies under a living worker (prefork): with ``acks_late``
  and ``reject_on_worker_lost`` the worker puts the task back in the queue and
  a new pool process plays the move.
- The whole worker dies (solo pool) and another starts: on Redis the task,
  never acknowledged, is delivered again once its visibility timeout has
  passed (made short for the test); the filesystem broker of a laptop run
  loses a task that was taken, and the periodic sweep queues the bot turn
  again, as it does after a broker outage.

Either way: one bot Move row, the game one version further, and a duplicate
delivery of the same task does nothing."""

import os
import signal
from datetime import timedelta

import pytest
from django.utils import timezone

from play import services
from play.models import Game, Move
from tests.conftest import wait_for
from tests.platform.factories import make_user, race_game

pytestmark = [pytest.mark.worker, pytest.mark.django_db(transaction=True)]


def _start_game(level):
    alice = make_user("alice")
    game = race_game(alice, bots=[level])
    # alice moves; the bot's turn is queued on commit (to the broker: not eager here)
    services.move_apply(game_id=game.pk, user=alice, move={"type": "add", "n": 1}, expected_version=1)
    return game


def _read_pid(marker) -> int:
    assert wait_for(lambda: marker.exists() and marker.read_text().strip(), timeout=90), (
        "no worker started the bot's move"
    )
    return int(marker.read_text())


def _bot_moves(game):
    return list(Move.objects.filter(game=game, by_bot="slow").values_list("seq", flat=True))


def _assert_played_once(game, bots_play):
    assert wait_for(lambda: Game.objects.get(pk=game.pk).version >= 3, timeout=90), (
        "the bot's move was never made"
    )
    bots_play.delay(game.pk, 2)  # the same task once more (a late duplicate delivery)
    wait_for(lambda: False, timeout=2.0)  # leave a worker the time to (wrongly) play again
    assert _bot_moves(game) == [3]
    assert Game.objects.get(pk=game.pk).version == 3


def test_pool_process_killed_mid_move_the_task_is_redelivered_and_played_once(workers, slow_bot, tmp_path):
    from play.tasks import bots_play

    marker = tmp_path / "slow-bot.pid"
    worker = workers.start(pool="prefork", SLOW_BOT_MARKER=marker, SLOW_BOT_SECONDS=100)
    game = _start_game(slow_bot)
    child = _read_pid(marker)
    assert child != worker.pid, "expected the move to run in a pool process"
    os.kill(child, signal.SIGKILL)
    assert Game.objects.get(pk=game.pk).version == 2 and _bot_moves(game) == []
    _assert_played_once(game, bots_play)
    assert worker.poll() is None, "the worker itself should have survived its pool process"


def test_worker_killed_mid_move_and_restarted_plays_the_move_once(workers, slow_bot, tmp_path):
    from play.tasks import bots_play, sweep_clocks

    marker = tmp_path / "slow-bot.pid"
    env = {"SLOW_BOT_MARKER": marker, "SLOW_BOT_SECONDS": 100, "FAULTS_VISIBILITY_TIMEOUT": 5}
    first = workers.start(pool="solo", **env)
    game = _start_game(slow_bot)
    assert _read_pid(marker) == first.pid
    first.send_signal(signal.SIGKILL)
    first.wait(timeout=10)
    assert Game.objects.get(pk=game.pk).version == 2 and _bot_moves(game) == []

    workers.start(pool="solo", **env)
    if not workers.redis:
        # The filesystem broker dropped the message the dead worker had taken:
        # the sweep finds the bot turn silent for BOT_TURN_LOST_AFTER_SECONDS and queues it again.
        Game.objects.filter(pk=game.pk).update(updated_at=timezone.now() - timedelta(minutes=5))
        assert sweep_clocks()["bots_requeued"] == 1
    _assert_played_once(game, bots_play)
