"""The example client (examples/bot_client.py), run as a bot's author runs it, against the live test
server (uvicorn, as the stream process): it opens a La Città game against a site bot, waits for its
turns on the event stream, plays to the end and reads the result. The site bot's turns are played by a
stand-in worker (a thread, shortly after the move commits) so that the client really waits on the
stream. Prints the requests per move."""

from __future__ import annotations

import json
import subprocess
import sys
import threading
import time

import pytest
from django.conf import settings
from django.db import connection

from play import tasks
from play.models import Game
from play.tasks import bots_play
from players import tokens
from tests.platform.factories import make_user

pytestmark = pytest.mark.django_db(transaction=True)


class LateWorker:
    """``bots_play.delay`` as a worker answers it: a moment later, in another thread."""

    name = "games.tasks.bots_play"

    def __init__(self):
        self.runs = 0

    def delay(self, game_id, version):
        self.runs += 1

        def run():
            time.sleep(0.05)
            try:
                bots_play(game_id, version)
            finally:
                connection.close()

        threading.Thread(target=run, daemon=True).start()


@pytest.fixture
def late_worker(monkeypatch):
    worker = LateWorker()
    monkeypatch.setattr(tasks, "bots_play", worker)  # what play.changes.emit queues
    monkeypatch.setattr(bots_play, "delay", worker.delay)  # a task that queues its successor
    return worker


@pytest.mark.parametrize("game_type", ["lacitta", "infinitecity"])
def test_example_client_plays_a_whole_game_against_a_site_bot(asgi_server, late_worker, game_type):
    player = make_user("author")
    key = tokens.token_create(user=player, name="example bot", scopes=["read", "play"])[1]
    run = subprocess.run(
        [
            sys.executable,
            str(settings.BASE_DIR / "examples" / "bot_client.py"),
            "--site",
            asgi_server,
            "--token",
            key,
            "--game",
            game_type,
            "--seed",
            "7",
        ],
        capture_output=True,
        text=True,
        timeout=900,
    )
    assert run.returncode == 0, run.stderr[-3000:]
    report = json.loads(run.stdout.strip().splitlines()[-1])
    game = Game.objects.get(pk=report["game"])
    assert game.status == Game.Status.FINISHED and game.game_type == game_type
    assert report["status"] == "finished" and report["my_rank"] == game.result["ranks"][report["my_seat"]]
    assert late_worker.runs > 0  # the bot's turns came later: the client waited on the stream for them
    human_moves = game.moves.filter(by_user=player).count()
    assert report["moves"] == human_moves > 5
    # One move, one request, plus a handful per game (the stream, the new game, the result, the
    # look after each wait on the stream).
    assert report["requests_per_move"] < 2.5, report
    print(
        f"\n{game_type}: {report['moves']} moves, {report['requests']} requests, "
        f"{report['requests_per_move']} requests per move"
    )
