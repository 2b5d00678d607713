"""The full log and replay pages of a long game (issue 26 point 10), on SQLite through the test settings: a
4-player La Città game (new edition, Pays de Cocagne, advanced) played to its end through the services with
the greedy bot's moves and an undo now and then, then each page timed cold (the first request) and kept (the
median of the next five), anonymous (a public game) and seated. Not collected by the suite; run it by name:

    .venv/bin/python -m pytest bench/log_replay_pages.py -q -s -p no:randomly

Session 8 (a shared 2-core machine, other test runs beside it): 134 moves, 199 rows. Before the pages kept
their game part: log 243–271 ms, replay 416–621 ms a request, every time. After: cold 283–961 ms, then
26–60 ms."""
import random
import time

import pytest
from django.core.cache import cache
from django.test import Client
from django.urls import reverse

from play import bots, services
from play.models import Game, Move
from tests.lacitta.helpers import ENGINE, lacitta_game
from tests.platform.factories import make_user

pytestmark = pytest.mark.django_db


def timed(client, url, n=5):
    times = []
    for _ in range(n):
        t = time.perf_counter()
        r = client.get(url)
        times.append(time.perf_counter() - t)
        assert r.status_code == 200, (url, r.status_code)
    return times


def test_log_and_replay_pages():
    users = [make_user(f"b{i}") for i in range(4)]
    game = lacitta_game(users, options={"edition": "modern", "expansion": "cocagne", "setup": "advanced"}, seed=5)
    rng = random.Random(5)
    n = 0
    while game.status == Game.Status.ACTIVE:
        state = ENGINE.load(game.state)
        seat = min(ENGINE.pending(state))
        move = bots.choose_move("lacitta", "greedy", ENGINE, state, seat, seed=n)
        game = services.move_apply(game_id=game.pk, user=users[seat], move=move, expected_version=game.version)
        n += 1
        row = Move.objects.get(game=game, seq=game.version)
        if row.reveals_nothing and rng.random() < 0.3 and game.status == Game.Status.ACTIVE:
            game = services.move_undo(game_id=game.pk, user=users[seat], expected_version=game.version)
            game = services.move_apply(game_id=game.pk, user=users[seat], move=move, expected_version=game.version)
    rows = Move.objects.filter(game=game).count()
    anon, seated = Client(), Client()
    seated.force_login(users[0])
    out = {"moves": n, "rows": rows}
    for label, client in (("anonymous", anon), ("seat 0", seated)):
        for page, url in (("log", reverse("games:log", args=[game.pk])),
                          ("replay", reverse("games:replay", args=[game.pk])),
                          ("replay at half", reverse("games:replay", args=[game.pk]) + f"?at={rows // 2}")):
            cache.clear()
            first = timed(client, url, 1)[0]
            again = timed(client, url, 5)
            out[f"{label} {page}"] = f"first {first * 1000:.0f} ms, then median {sorted(again)[2] * 1000:.0f} ms"
    for k, v in out.items():
        print(f"BENCH {k}: {v}")
