"""The example client (examples/bot_client.py), run as a bot's author runs it, against the live test
server (uvicorn, as the stream process): it opens a La Città game against a site bot, waits for its
turns on the event stream, plays to the end and reads the result. The site bot's turns are played by a
stand-in worker (a thread, shortly after the move commits) so that the client really waits on the
stream. Prints the requests per move."""

from __future__ import annotations

import contextlib
import json
import socket
import subprocess
import sys
import threading
import time
from unittest import mock

import pytest
from django.conf import settings
from django.db import connection

from play import registry, tasks
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


def _run_client(site: str, key: str, *args: str) -> dict:
    run = subprocess.run(
        [sys.executable, str(settings.BASE_DIR / "examples" / "bot_client.py"), "--site", site, "--token", key,
         *args],
        capture_output=True, text=True, timeout=900,
    )
    assert run.returncode == 0, run.stderr[-3000:]
    return json.loads(run.stdout.strip().splitlines()[-1])


@pytest.mark.parametrize("game_type", [d.engine.slug for d in registry.definitions()])
def test_example_client_finishes_a_game_of_every_registered_game(asgi_server, late_worker, game_type):
    """Issue 45 point 1: the example bot reads the game-type list to open a valid game (Cité takes 3 to 4
    players: a two-seat game would be refused) and fills ranged moves (Small City's builds, Cité's offers and
    purchases), from the ``example`` the legal moves carry or within the ranges, to the game's end. The deal
    is fixed (the game's seed), so are the client's choices (--seed)."""
    player = make_user("author")
    key = tokens.token_create(user=player, name="example bot", scopes=["read", "play"])[1]
    with mock.patch("play.models.secrets.randbits", return_value=4500 + len(game_type)):
        report = _run_client(asgi_server, key, "--game", game_type, "--seed", "11")
    game = Game.objects.get(pk=report["game"])
    assert game.status == Game.Status.FINISHED and game.game_type == game_type
    kind = registry.definition(game_type).engine
    assert game.seats.count() == min(max(kind.min_players, 2), kind.max_players)
    assert report["my_rank"] == game.result["ranks"][report["my_seat"]]
    # Each of its moves is a row, or a private step (a plan step, issue 39.5) written with the seat's next row.
    rows = list(game.moves.filter(by_user=player))
    assert report["moves"] == sum(1 + len(row.steps_before) for row in rows) > 0
    ranged_types = RANGED_TYPES.get(game_type, ())
    ranged = [step for row in rows for step in [*row.steps_before, row.payload] if step["type"] in ranged_types]
    assert ranged or not RANGED_TYPES.get(game_type), "the client played no ranged move"
    print(f"\n{game_type}: {report['moves']} moves, {report['requests_per_move']} requests per move, "
          f"{report['refusals']} fillings refused, {len(ranged)} ranged moves played")


def test_a_bot_that_reads_the_view_needs_one_request_a_move_over_a_whole_small_city_game(asgi_server, late_worker):
    """Issue 45 point 2's done-when: the example bot with --think decides each move from its seat's view, which
    comes with the event (?view=1): over a whole Small City game, at most 1.1 requests per move (the stream, the
    game-type list and the new game are the rest: the result comes with gameFinish)."""
    player = make_user("author")
    key = tokens.token_create(user=player, name="thinking bot", scopes=["read", "play"])[1]
    with mock.patch("play.models.secrets.randbits", return_value=4509):
        report = _run_client(asgi_server, key, "--game", "smallcity", "--seed", "5", "--think")
    assert report["status"] == "finished"
    assert report["views_read"] >= report["moves"] - report["conflicts"] - report["refusals"] > 20
    assert report["requests_per_move"] <= 1.1, str({k: v for k, v in report.items() if k != "event_ids"})
    print(f"\nsmallcity, reading the view: {report['moves']} moves, {report['requests']} requests, "
          f"{report['requests_per_move']} requests per move")


# Moves of each game that come with ranges (the test checks the client played some, so it did fill them).
RANGED_TYPES = {"lacitta": set(), "infinitecity": set(), "smallcity": {"build", "council_build", "income"},
                "cite": {"place", "buy", "build", "bank", "convert", "market", "flea", "offer"}}


class CuttingProxy:
    """A TCP relay in front of the test server that can drop every open stream (as a restarted stream
    process or a lost network does), leaving ordinary requests alone."""

    def __init__(self, upstream: str):
        host, port = upstream.removeprefix("http://").split(":")
        self.upstream = (host, int(port))
        self.listener = socket.create_server(("127.0.0.1", 0))
        self.url = f"http://127.0.0.1:{self.listener.getsockname()[1]}"
        self.streams: list[socket.socket] = []
        self.lock = threading.Lock()
        self.cuts = 0
        threading.Thread(target=self._accept, daemon=True).start()

    def _accept(self):
        while True:
            try:
                client, _ = self.listener.accept()
            except OSError:
                return
            threading.Thread(target=self._serve, args=(client,), daemon=True).start()

    def _serve(self, client):
        server = socket.create_connection(self.upstream)
        head = client.recv(65536)
        if b"/api/stream/" in head.split(b"\r\n", 1)[0]:
            with self.lock:
                self.streams.append(client)
        server.sendall(head)
        threading.Thread(target=self._pipe, args=(server, client), daemon=True).start()
        self._pipe(client, server)

    @staticmethod
    def _pipe(source, target):
        try:
            while data := source.recv(65536):
                target.sendall(data)
        except OSError:
            pass
        for sock in (source, target):
            with contextlib.suppress(OSError):
                sock.shutdown(socket.SHUT_RDWR)

    def cut(self):
        with self.lock:
            streams, self.streams = self.streams, []
        for sock in streams:
            with contextlib.suppress(OSError):
                sock.shutdown(socket.SHUT_RDWR)
        self.cuts += bool(streams)

    def close(self):
        self.listener.close()


def test_example_client_survives_stream_drops_with_one_request_per_move(asgi_server, late_worker, monkeypatch):
    """Issue 31 done-when: the example bot plays with one request per move (its turns' legal moves come on
    the stream) and, its stream dropped several times mid-game, resumes with ``?after=`` and receives every
    event of its channel exactly once, with no resync."""
    from play import events

    player = make_user("author")
    # The backlog vouches for what came after its epoch, which its first event ever sets: on a fresh Redis,
    # where this test is the first to publish, an epoch after the test's start made the backlog rightly
    # answer "cannot say" (None). The test starts at an event of its own: the epoch is never after it, and
    # every event of the test has a later id (the backlog's own clock, no skew).
    ((_channel, mark),) = events.backlog().append([(events.user_channel(0), {"type": "ping"})])
    started = mark["event_id"]
    proxy = CuttingProxy(asgi_server)
    stop = threading.Event()

    def cut_now_and_then():
        while not stop.wait(0.25):
            proxy.cut()

    threading.Thread(target=cut_now_and_then, daemon=True).start()
    key = tokens.token_create(user=player, name="example bot", scopes=["read", "play"])[1]
    try:
        run = subprocess.run(
            [sys.executable, str(settings.BASE_DIR / "examples" / "bot_client.py"), "--site", proxy.url,
             "--token", key, "--game", "lacitta", "--seed", "3"],
            capture_output=True, text=True, timeout=900,
        )
    finally:
        stop.set()
        proxy.close()
    assert run.returncode == 0, run.stderr[-3000:]
    report = json.loads(run.stdout.strip().splitlines()[-1])
    assert report["status"] == "finished"
    assert proxy.cuts >= 1 and report["stream_reconnects"] >= proxy.cuts and report["resyncs"] == 0
    heard = report["event_ids"]
    # What the channel carried: its backlog (in Redis when REDIS_URL is set, else this process's), which holds
    # the last 200 events; a game of this length stays within it.
    published = [e["event_id"] for e in events.backlog().since(events.user_channel(player.pk), started)]
    assert len(published) < 200
    # Every event from the first the bot heard (what came before its first connection reached it as the stream's
    # snapshot) to the last: each once, in order, across the drops.
    assert heard == [i for i in published if heard[0] <= i <= heard[-1]]
    # One request per move: besides, the stream's (one per connection), the game-type list, the game's creation,
    # its result when neither the last answer nor gameFinish told it, and a move refused because the site bot
    # moved first (409: the next turn comes on the stream, no read) or a ranged filling the rules refused (400).
    overhead = report["requests"] - report["moves"]
    assert overhead == (report["stream_reconnects"] + 1 + 2 + report["result_reads"] + report["conflicts"]
                        + report["refusals"]), report
    print(f"\n{report['moves']} moves, {report['requests']} requests, {report['stream_reconnects']} stream drops")
