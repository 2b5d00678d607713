"""Issue 44.1: a cut-off worker held its game's row lock in an open transaction for 95 s; moves on that game
waited and were answered, after the 20 s statement timeout, "database unreachable" (it was a lock wait).

What a cut-off process can hold is bounded by the settings (the server ends a transaction left idle, the
client gives up unacknowledged writes), and a request that waits for a lock longer than DB_LOCK_TIMEOUT_MS
is answered with the truth: the game is busy, nothing was changed, try again in a moment. The lock is held
here by another connection (a thread), the way a slow or cut-off move holds it."""

import json
import threading
import time
from contextlib import contextmanager

import pytest
from django.db import connection, transaction
from django.test import Client
from django.urls import reverse

from play.models import Game, Move
from tests.faults.test_database_hangs import production_database_options
from tests.platform.factories import accept_all, make_user, race_game

pytestmark = pytest.mark.django_db(transaction=True)

TEST_LOCK_TIMEOUT_MS = 300  # the production default is 5 s; the answer is the same, sooner


def test_production_settings_bound_what_a_cut_off_process_holds():
    options = production_database_options("postgres://postgres@127.0.0.1:5432/lacitta")
    assert "lock_timeout=5000" in options["options"]
    assert "idle_in_transaction_session_timeout=10000" in options["options"]
    assert "statement_timeout=20000" in options["options"]
    assert options["tcp_user_timeout"] == 10000 and options["keepalives"] == 1


def _short_lock_wait():
    """This connection's lock wait shortened (the request runs on it: the test client shares the thread)."""
    with connection.cursor() as cursor:
        if connection.vendor == "postgresql":
            cursor.execute(f"SET lock_timeout = '{TEST_LOCK_TIMEOUT_MS}ms'")
        else:
            cursor.execute(f"PRAGMA busy_timeout = {TEST_LOCK_TIMEOUT_MS}")


@contextmanager
def game_locked_elsewhere(game_id: int):
    """Another connection takes the game's row lock (on SQLite: the write lock) and holds it until the end."""
    taken, release = threading.Event(), threading.Event()

    def hold():
        try:
            with transaction.atomic():  # SQLite: BEGIN IMMEDIATE takes the write lock
                Game.objects.select_for_update().get(pk=game_id)
                taken.set()
                release.wait(30)
        finally:
            connection.close()

    holder = threading.Thread(target=hold, daemon=True)
    holder.start()
    assert taken.wait(10)
    try:
        yield
    finally:
        release.set()
        holder.join(30)


def test_a_move_waiting_for_a_held_game_is_told_the_game_is_busy_and_changes_nothing():
    alice, bob = make_user("alice"), make_user("bob")
    game = accept_all(race_game(alice, [bob]), [bob])
    client = Client(raise_request_exception=False)
    client.force_login(alice)
    move = {"type": "add", "n": 2}
    _short_lock_wait()

    with game_locked_elsewhere(game.pk):
        start = time.monotonic()
        page = client.post(reverse("games:move", args=[game.pk]), {"version": game.version, "move": json.dumps(move)},
                           HTTP_HX_REQUEST="true")
        waited = time.monotonic() - start
        api = client.post(f"/api/games/{game.pk}/moves/", {"version": game.version, "move": move},
                          content_type="application/json")
        french = client.post(reverse("games:move", args=[game.pk]), {"version": game.version, "move": json.dumps(move)},
                             HTTP_HX_REQUEST="true", HTTP_ACCEPT_LANGUAGE="fr")

    assert page.status_code == 503 and page["Retry-After"] == "2"
    assert page["HX-Retarget"] == "#move-error, #site-alert"
    text = page.content.decode()
    assert "This game is busy" in text and "Nothing was changed" in text and "database" not in text
    assert waited < 10  # the lock wait's bound, not the statement timeout's 20 s
    assert api.status_code == 503 and api.json()["code"] == "game_busy"
    assert french.status_code == 503 and "occupée" in french.content.decode()

    assert Game.objects.get(pk=game.pk).version == game.version
    assert not Move.objects.filter(game=game, kind="move").exists()
    played = client.post(reverse("games:move", args=[game.pk]), {"version": game.version, "move": json.dumps(move)},
                         HTTP_HX_REQUEST="true")
    assert played.status_code == 200 and Game.objects.get(pk=game.pk).version == game.version + 1


def test_an_unreachable_database_is_still_told_as_unreachable():
    """The busy answer is for lock waits only: the outage's answer (tests/faults/test_database_down.py) stays."""
    from django.db import OperationalError

    from lacitta_site.unavailable import lock_wait_timed_out

    assert not lock_wait_timed_out(OperationalError("connection refused"))
