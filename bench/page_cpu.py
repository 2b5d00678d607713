"""CPU of one game page, in this process, through the site's WSGI application
(no HTTP server, no test client): the steadiest measure of what rendering a page
costs, for every registered game (``play.registry``: the games of ``settings.GAME_APPS``
and the bench's race game).

    .venv/bin/python bench/page_cpu.py --n 30 --rounds 3     # from the repository's root

It makes its own database (``--db``, ``lacitta_pagecpu``). For each registered game: a game
between humans (4 seats, or the game's nearest count; La Città: new edition, Pays de Cocagne,
advanced setup) after some random legal moves (``MOVES``; fewer if the game would end), stopped
where a person owes a move. Then it times ``--n`` views of each case, ``--rounds`` times, and prints
the median CPU milliseconds per view (``time.process_time``), its ratio to Django's floor
(``/bench/bare``: every middleware, no query, measured in the same run), the SQL statements of
one view and the size of its answer (KB, the body as sent):

- the player to move's page, rendered (``?bench=1``, a parameter the body cache does not keep);
- a spectator's page (signed out), rendered;
- the kept answer: the player to move's page served from the cache of rendered bodies, and the
  unchanged poll (204);
- one move-builder step: the htmx GET of the first ``?m=`` link of the player's own page (the first
  part of a move, as the page's builder offers it), rendered (``&bench=1``): as a whole body (a page that
  does not say its version), and as the page asks it (``X-Game-Version``: the move panel and the board).

Machine noise shifts every row alike; read the ratios. ``--profile N`` then profiles N renders of the
costliest body and names its SQL statements."""

from __future__ import annotations

import argparse
import html
import io
import random
import re
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench import common

DB = "lacitta_pagecpu"
PLAYERS = 4
MOVES = {"lacitta": 120}  # random legal moves before measuring; the others: DEFAULT_MOVES
DEFAULT_MOVES = 40
OPTIONS = {"lacitta": {"edition": "modern", "expansion": "cocagne", "setup": "advanced"}}


def _play(definition, moves: int, tag: str):
    """A game of ``definition`` between humans after up to ``moves`` random legal moves, or None if it ended."""
    from play import bots, services
    from play.models import Game
    from play.services import SeatSpec
    from tests.platform.factories import make_user

    engine, slug = definition.engine, definition.slug
    players = max(engine.min_players, min(PLAYERS, engine.max_players))
    users = [make_user(f"{slug[:12]}{tag}{i}") for i in range(players)]
    options = OPTIONS.get(slug) or (dict(definition.demo_options[0]) if definition.demo_options else {})
    game = services.game_create(creator=users[0], game_type=slug, options=options,
                                seats=[SeatSpec("me")] + [SeatSpec("open") for _ in users[1:]])
    Game.objects.filter(pk=game.pk).update(seed=43)  # the same deal in every run (it starts with the last join)
    for user in users[1:]:
        services.game_join(game_id=game.pk, user=user)
    rng = random.Random(3)
    by_seat = {s.index: s.user for s in Game.objects.get(pk=game.pk).seats.all()}
    for k in range(moves):
        game.refresh_from_db()
        if game.status != Game.Status.ACTIVE:
            return None
        state = engine.load(game.state)
        seat = rng.choice(sorted(engine.pending(state)))
        move = bots.choose_move(slug, "random", engine, state, seat, seed=k)
        services.move_apply(game_id=game.pk, user=by_seat[seat], move=move, expected_version=game.version)
    game.refresh_from_db()
    if game.status != Game.Status.ACTIVE:
        return None
    return game, next(s.user for s in game.seats.all() if s.owes_move), users[0]


def setup():
    """[(definition, game, the player to move)] for every registered game."""
    from play import registry

    out = []
    for definition in registry.definitions():
        moves = MOVES.get(definition.slug, DEFAULT_MOVES)
        for attempt in range(8):
            made = _play(definition, moves, str(attempt))
            if made:
                break
            moves //= 2  # the game ended: fewer moves
        else:
            raise RuntimeError(f"{definition.slug}: no active position")
        out.append((definition, *made[:2]))
    return out


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
    p.add_argument("--n", type=int, default=60, help="page views per round")
    p.add_argument("--rounds", type=int, default=3)
    p.add_argument("--db", default=DB)
    p.add_argument("--only", default="", help="comma list of game slugs (default: every registered game)")
    p.add_argument("--profile", type=int, default=0, metavar="N",
                   help="then profile N renders of the costliest body, name its SQL statements and print the "
                        "costliest functions")
    p.add_argument("--profile-view", default="", help="profile the first view whose name holds these words "
                   "(default: the costliest rendered body)")
    p.add_argument("--profile-file", default="", help="also write the profile there (pstats)")
    args = p.parse_args(argv)
    env = common.bench_env(args.db)
    common.recreate_database(args.db)
    common.flush_redis()
    common.migrate(env)
    common.django_setup(env)
    from django.core.wsgi import get_wsgi_application
    from django.db import connection

    t0 = time.perf_counter()
    games = setup()
    if args.only:
        games = [g for g in games if g[0].slug in args.only.split(",")]
    print(f"setup {time.perf_counter() - t0:.0f} s: "
          + ", ".join(f"{d.slug} #{g.pk} v{g.version} ({g.seats.count()} seats)" for d, g, _ in games))
    app = get_wsgi_application()

    def view(path: str, cookie: str = "", htmx: bool = False) -> str:
        status = {}
        path, _, query = path.partition("?")
        environ = {
            "REQUEST_METHOD": "GET", "PATH_INFO": path, "QUERY_STRING": query, "SERVER_NAME": "127.0.0.1",
            "SERVER_PORT": "80", "HTTP_HOST": "127.0.0.1", "SERVER_PROTOCOL": "HTTP/1.1",
            "wsgi.url_scheme": "http", "wsgi.input": io.BytesIO(b""), "wsgi.errors": sys.stderr,
            "HTTP_COOKIE": cookie,
        }
        if htmx:
            environ["HTTP_HX_REQUEST"] = "true"
        if isinstance(htmx, int) and not isinstance(htmx, bool):  # a step from a page at this version
            environ["HTTP_X_GAME_VERSION"] = str(htmx)
        body = b"".join(app(environ, lambda s, h, e=None: status.setdefault("s", s)))
        if not status["s"].startswith(("200", "204")):
            raise RuntimeError(f"{path}?{query}: {status['s']}")
        return body.decode()

    def statements(path, cookie, htmx=False) -> list[str]:
        # Through the connection's execute wrapper (public API): the request closes and reopens the
        # connection, which Django's query log does not outlive.
        seen = []

        def record(execute, sql, params, many, context):
            seen.append(sql)
            return execute(sql, params, many, context)

        with connection.execute_wrapper(record):
            view(path, cookie, htmx)
        return seen

    def block(path, cookie, htmx=False) -> float:
        start = time.process_time()
        for _ in range(args.n):
            view(path, cookie, htmx)
        return (time.process_time() - start) / args.n * 1000

    def measure(path, cookie, htmx=False) -> tuple[float, float, int, int]:
        """(median CPU ms, median ratio to the bare view, statements, bytes of the answer): each round times
        the bare view just before the case, so that a machine whose load changes during the run shifts both."""
        for _ in range(max(3, args.n // 10)):
            size = len(view(path, cookie, htmx).encode())
        queries = statements(path, cookie, htmx)
        per_view, ratios = [], []
        for _ in range(args.rounds):
            bare = block("/bench/bare", "")
            per_view.append(block(path, cookie, htmx))
            ratios.append(per_view[-1] / bare)
        return statistics.median(per_view), statistics.median(ratios), len(queries), size

    anon = ""
    for _ in range(20):
        view("/bench/bare", "")
    bare_ms = statistics.median(block("/bench/bare", "") for _ in range(args.rounds))
    rows, costliest = [], None
    for definition, game, player in games:
        cookie = session_cookie(player)
        url = f"/games/{game.pk}/"
        page = view(url + "?bench=1", cookie)
        # The builder's choices are links or buttons (hx-get) to ?m=<the partial move>.
        links = re.findall(r'(?:href|hx-get)="' + re.escape(url) + r'\?m=([^"#]+)', page)
        cases = [("player to move, rendered", url + "?bench=1", cookie, False),
                 ("spectator, rendered", url + "?bench=1", anon, False),
                 ("kept page (body cache)", url, cookie, False),
                 ("unchanged poll (204)", f"/games/{game.pk}/poll/?v={game.version}", cookie, False)]
        if links:
            step = f"{url}?m={html.unescape(links[0])}&bench=1"
            cases.append(("builder step (htmx ?m=), whole body rendered", step, cookie, True))
            cases.append(("builder step from the page (move panel and board), rendered", step, cookie,
                          game.version))
        for name, path, c, htmx in cases:
            ms, ratio, sql, size = measure(path, c, htmx)
            rows.append((definition.slug, name, ms, ratio, sql, size))
            wanted = args.profile_view in name if args.profile_view else "rendered" in name
            if wanted and (costliest is None or ms > costliest[0] or args.profile_view):
                costliest = (ms, definition.slug, name, path, c, htmx)
        if not links:
            rows.append((definition.slug, "builder step: no ?m= link on the page", float("nan"), float("nan"), 0, 0))
    print(f"{args.rounds} rounds of {args.n} views each; median CPU per view (process_time); × bare: the median of"
          " the rounds' ratios to the bare view timed just before each round")
    print(f"| game | view | CPU ms | × bare | SQL | KB |\n|---|---|---|---|---|---|\n| — | bare view (/bench/bare) "
          f"| {bare_ms:.2f} | 1.0 | 0 | |")
    for slug, name, ms, ratio, sql, size in rows:
        print(f"| {slug} | {name} | {ms:.2f} | {ratio:.1f} | {sql} | {size / 1000:.1f} |")
    if args.profile and costliest:
        import cProfile
        import pstats

        _ms, slug, name, path, cookie, htmx = costliest
        print(f"\nprofile: {slug}, {name} ({path})")
        for sql in statements(path, cookie, htmx):
            print("  SQL:", sql[:200])
        profiler = cProfile.Profile()
        profiler.enable()
        for _ in range(args.profile):
            view(path, cookie, htmx)
        profiler.disable()
        if args.profile_file:
            profiler.dump_stats(args.profile_file)
        stats = pstats.Stats(profiler).sort_stats("cumulative")
        stats.print_stats(r"/(play|games|kit)/", 45)  # the site's own functions first
        stats.print_stats(45)
        stats.sort_stats("tottime").print_stats(25)


if __name__ == "__main__":
    main()
