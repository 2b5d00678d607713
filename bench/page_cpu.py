"""CPU of one game page, in this process, through the site's WSGI application
(no HTTP server, no test client): the steadiest measure of what rendering a page
costs, for the race game of the load benchmark and for a real La Città game.

    .venv/bin/python bench/page_cpu.py            # from the repository's root

It makes its own database (``--db``, ``lacitta_pagecpu``): a race game between two
players, and a 4-player La Città game (new edition, Pays de Cocagne, advanced setup)
after 120 random legal moves; then it times ``--n`` page views of each, ``--rounds``
times, and prints the median CPU milliseconds per view (``time.process_time``),
beside Django's floor (``/bench/bare``: every middleware, no query). Game pages are
measured twice: as served from the cache of rendered bodies (every view after the
first), and rendered each time (``?bench=1``, a parameter the cache does not keep)."""

from __future__ import annotations

import argparse
import io
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench import common

DB = "lacitta_pagecpu"


def setup():
    from play import services
    from tests.lacitta.helpers import ENGINE, lacitta_game
    from tests.platform.factories import accept_all, make_user, race_game

    alice, bob = make_user("alice"), make_user("bob")
    race = accept_all(race_game(alice, [bob]), [bob])
    services.move_apply(game_id=race.pk, user=alice, move={"type": "add", "n": 1}, expected_version=race.version)
    users = [make_user(f"lc{i}") for i in range(4)]
    game = lacitta_game(users, options={"edition": "modern", "expansion": "cocagne", "setup": "advanced"})
    rng, by_seat = random.Random(3), {s.index: s.user for s in game.seats.all()}
    for _ in range(120):
        game.refresh_from_db()
        state = ENGINE.load(game.state)
        seat = rng.choice(sorted(ENGINE.pending(state)))
        services.move_apply(game_id=game.pk, user=by_seat[seat], move=rng.choice(ENGINE.legal_moves(state, seat)),
                            expected_version=game.version)
    game.refresh_from_db()
    to_move = next(s.user for s in game.seats.all() if s.owes_move)
    return race, alice, game, to_move


def session_cookie(user) -> str:
    from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY
    from django.contrib.sessions.backends.cached_db import SessionStore

    store = SessionStore()
    store[SESSION_KEY] = str(user.pk)
    store[BACKEND_SESSION_KEY] = "django.contrib.auth.backends.ModelBackend"
    store[HASH_SESSION_KEY] = user.get_session_auth_hash()
    store.create()
    return f"sessionid={store.session_key}"


def main(argv=None):
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--n", type=int, default=200, help="page views per round")
    p.add_argument("--rounds", type=int, default=5)
    p.add_argument("--db", default=DB)
    p.add_argument("--profile", type=int, default=0, metavar="N",
                   help="then profile N renders of the body a changed poll brings (what an open page asks when "
                        "its stream tells a new version) and print the costliest functions")
    args = p.parse_args(argv)
    env = common.bench_env(args.db)
    common.recreate_database(args.db)
    common.flush_redis()
    common.migrate(env)
    common.django_setup(env)
    from django.core.wsgi import get_wsgi_application

    race, alice, game, player = setup()
    app = get_wsgi_application()

    def view(path: str, cookie: str = "") -> None:
        status = {}
        path, _, query = path.partition("?")
        environ = {
            "REQUEST_METHOD": "GET", "PATH_INFO": path, "QUERY_STRING": query, "SERVER_NAME": "127.0.0.1",
            "SERVER_PORT": "80", "HTTP_HOST": "127.0.0.1", "SERVER_PROTOCOL": "HTTP/1.1",
            "wsgi.url_scheme": "http", "wsgi.input": io.BytesIO(b""), "wsgi.errors": sys.stderr,
            "HTTP_COOKIE": cookie,
        }
        b"".join(app(environ, lambda s, h, e=None: status.setdefault("s", s)))
        if not status["s"].startswith(("200", "204")):
            raise RuntimeError(f"{path}: {status['s']}")

    cases = [
        ("bare view (/bench/bare)", "/bench/bare", session_cookie(alice)),
        ("race page, a player (kept)", f"/games/{race.pk}/", session_cookie(alice)),
        ("race page, a player (rendered)", f"/games/{race.pk}/?bench=1", session_cookie(alice)),
        ("La Città 4-player page, the player to move (kept)", f"/games/{game.pk}/", session_cookie(player)),
        ("La Città 4-player page, the player to move (rendered)", f"/games/{game.pk}/?bench=1",
         session_cookie(player)),
        ("La Città 4-player page, a spectator (kept)", f"/games/{game.pk}/", ""),
        ("La Città 4-player page, a spectator (rendered)", f"/games/{game.pk}/?bench=1", ""),
        ("unchanged poll", f"/games/{game.pk}/poll/?v={game.version}", session_cookie(player)),
        # What a page on its stream asks when the version changed (static/js/game_live.js), rendered.
        ("La Città 4-player changed poll, the player to move (rendered)",
         f"/games/{game.pk}/poll/?v=0&bench=1", session_cookie(player)),
    ]
    print(f"{args.rounds} rounds of {args.n} views each; median CPU per view (process_time)")
    for name, path, cookie in cases:
        for _ in range(20):
            view(path, cookie)
        per_view = []
        for _ in range(args.rounds):
            start = time.process_time()
            for _ in range(args.n):
                view(path, cookie)
            per_view.append((time.process_time() - start) / args.n * 1000)
        print(f"  {name:<56} {statistics.median(per_view):6.2f} ms  (rounds: "
              + ", ".join(f"{x:.2f}" for x in per_view) + ")")
    if args.profile:
        import cProfile
        import pstats

        path, cookie = f"/games/{game.pk}/poll/?v=0&bench=1", session_cookie(player)
        profiler = cProfile.Profile()
        profiler.enable()
        for _ in range(args.profile):
            view(path, cookie)
        profiler.disable()
        stats = pstats.Stats(profiler).strip_dirs().sort_stats("cumulative")
        stats.print_stats(45)
        stats.sort_stats("tottime").print_stats(25)


if __name__ == "__main__":
    main()
