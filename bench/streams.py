"""Open event streams one stream process holds (``deploy/site stream``: uvicorn, ASGI).

    .venv/bin/python bench/streams.py --streams 1000,2000,4000 [--db lacitta_streambench]
    .venv/bin/python bench/streams.py --pages --streams 10000       # game pages' streams (issue 33)

``--pages``: each player's game page stream instead (``/api/stream/pages/<game>/``, the session cookie a
browser sends, a session written straight into the store); a move must reach the waiting opponent's page
as its ``game`` event. The caps per address and per player are lifted (every client is 127.0.0.1).

1. drops and creates its own database, migrates it; makes ``max(--streams)`` players, each with an
   API token (read scope), seated in pairs in race games (the test-only game);
2. starts one uvicorn process (one worker, as ``deploy/site stream`` with its defaults) on loopback;
3. for each count: opens that many ``/api/stream/events/`` streams (one per player, aiohttp, in this
   process, ``--ramp`` seconds), then, while all stay open, plays ``--moves`` moves through the site's
   services in this process (``--rate`` a second): each move's "myTurn" must reach the waiting
   opponent's stream; delivery time = the line's arrival - the move's commit (p50/p95/max). The
   server's resident memory, threads and CPU seconds are read from /proc.

The client runs on the same machine as the server (2 cores here): its CPU is taken from the
server's. Events go through Redis pub/sub (``BENCH_REDIS``) as in production."""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import socket
import statistics
import subprocess
import sys
import time

from common import REDIS, ROOT, bench_env, django_setup, migrate, recreate_database

HZ = os.sysconf("SC_CLK_TCK")


def proc_stats(pid: int) -> dict:
    status = dict(
        line.split(":", 1) for line in open(f"/proc/{pid}/status").read().splitlines() if ":" in line
    )
    fields = open(f"/proc/{pid}/stat").read().rsplit(")", 1)[1].split()
    return {
        "rss_mb": round(int(status["VmRSS"].split()[0]) / 1024, 1),
        "threads": int(status["Threads"]),
        "cpu_s": round((int(fields[11]) + int(fields[12])) / HZ, 2),
        "fds": len(os.listdir(f"/proc/{pid}/fd")),
    }


def setup_players(n: int):
    """n players with a token each, in race games of two (seat 0 to move first)."""
    from django.contrib.auth import get_user_model

    from play import services
    from play.services import SeatSpec
    from players import tokens

    User = get_user_model()
    users = User.objects.bulk_create([User(username=f"s{i}") for i in range(n)])
    keys = [tokens.token_create(user=u, name="bench", scopes=["read"])[1] for u in users]
    games = []
    for a, b in zip(users[0::2], users[1::2]):
        game = services.game_create(
            creator=a,
            game_type="race",
            options={"target": "15"},
            seats=[SeatSpec("me"), SeatSpec("invite", username=b.username)],
        )
        services.game_join(game_id=game.pk, user=b)
        games.append((game.pk, a, b))
    return users, keys, games


def session_cookies(users) -> list[str]:
    """A signed-in session per user, written straight into the store (as bench/page_cpu.py does)."""
    from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY
    from django.contrib.sessions.backends.cached_db import SessionStore

    cookies = []
    for user in users:
        store = SessionStore()
        store[SESSION_KEY] = str(user.pk)
        store[BACKEND_SESSION_KEY] = "django.contrib.auth.backends.ModelBackend"
        store[HASH_SESSION_KEY] = user.get_session_auth_hash()
        store.create()
        cookies.append(f"sessionid={store.session_key}")
    return cookies


def reused_pages():
    """The last run's players (in order), their race games (at their versions now) and a session each."""
    from django.contrib.auth import SESSION_KEY, get_user_model
    from django.contrib.sessions.models import Session

    from play.models import Game

    users = list(get_user_model().objects.filter(username__regex=r"^s[0-9]+$").order_by("pk"))
    session_of = {}
    for session in Session.objects.all():
        user_id = session.get_decoded().get(SESSION_KEY)
        if user_id is not None:
            session_of[int(user_id)] = f"sessionid={session.session_key}"
    games = []
    for game in Game.objects.filter(game_type="race").prefetch_related("seats__user").order_by("pk"):
        seats = sorted(game.seats.all(), key=lambda s: s.index)
        games.append((game.pk, seats[0].user, seats[1].user))
        VERSIONS[game.pk] = game.version
    return users, [session_of[u.pk] for u in users], games


async def open_streams(base: str, keys: list[str], ramp: float, inbox: dict, session, pages=None):
    """One stream per key; ``inbox[user index]`` gets (arrival time, event) of each line. ``pages``: the
    game of each key's player, whose page stream is opened with the key as its session cookie."""
    ready = 0
    failures = []

    async def one(i: int, key: str):
        nonlocal ready
        await asyncio.sleep(ramp * i / len(keys))
        if pages is None:
            url, headers = f"{base}/api/stream/events/", {"Authorization": f"Bearer {key}"}
        else:
            url, headers = f"{base}/api/stream/pages/{pages[i]}/", {"Cookie": key, "Accept": "text/event-stream"}
        try:
            async with session.get(url, headers=headers, timeout=None) as response:
                if response.status != 200:
                    failures.append(response.status)
                    return
                ready += 1
                name = None
                async for line in response.content:
                    line = line.strip()
                    if pages is not None and line.startswith(b"event:"):
                        name = line[6:].strip().decode()
                    elif pages is not None and line.startswith(b"data:"):
                        event = {**json.loads(line[5:]), "type": name, "game": pages[i]}
                        inbox.setdefault(i, []).append((time.monotonic(), event))
                    elif pages is None and line:
                        inbox.setdefault(i, []).append((time.monotonic(), json.loads(line)))
        except Exception as exc:  # counted, not fatal
            failures.append(type(exc).__name__)

    tasks = [asyncio.create_task(one(i, k)) for i, k in enumerate(keys)]
    deadline = time.monotonic() + ramp + 240
    while ready + len(failures) < len(keys) and time.monotonic() < deadline:
        await asyncio.sleep(0.2)
    return tasks, failures, lambda: ready


async def run_count(base: str, pid: int, keys, games, count: int, args) -> dict:
    import aiohttp
    from asgiref.sync import sync_to_async

    from play import services

    inbox: dict = {}
    connector = aiohttp.TCPConnector(limit=0)
    async with aiohttp.ClientSession(connector=connector) as session:
        before = proc_stats(pid)
        started = time.monotonic()
        pages = PAGES[:count] if args.pages else None
        tasks, failures, ready = await open_streams(base, keys[:count], args.ramp, inbox, session, pages)
        opened_s = time.monotonic() - started
        await asyncio.sleep(2)
        held = proc_stats(pid)
        # Moves between players whose streams are open: seat 0 then seat 1 of each game, in turn.
        index = {u.pk: i for i, u in enumerate(USERS)}
        latencies, lost = [], 0
        playing = [g for g in games if index[g[1].pk] < count and index[g[2].pk] < count]
        versions = VERSIONS  # the games' versions, kept across counts (they start at 1)
        for g in playing:
            versions.setdefault(g[0], 1)
        cpu0 = proc_stats(pid)["cpu_s"]
        t0 = time.monotonic()
        for n in range(args.moves):
            game_id, a, b = playing[n % len(playing)]
            mover, waiter = (a, b) if versions[game_id] % 2 == 1 else (b, a)
            await sync_to_async(services.move_apply, thread_sensitive=True)(
                game_id=game_id, user=mover, move={"type": "add", "n": 1}, expected_version=versions[game_id]
            )
            committed = time.monotonic()
            versions[game_id] += 1
            want = versions[game_id]
            target = index[waiter.pk]
            got = None
            while time.monotonic() - committed < 5:
                got = next(
                    (
                        at
                        for at, e in inbox.get(target, [])
                        if e.get("game") == game_id and e.get("version") == want
                        and e.get("type") == ("game" if args.pages else "myTurn")
                    ),
                    None,
                )
                if got:
                    break
                await asyncio.sleep(0.002)
            if got:
                latencies.append((got - committed) * 1000)
            else:
                lost += 1
            await asyncio.sleep(max(0.0, t0 + (n + 1) / args.rate - time.monotonic()))
        moving_cpu = proc_stats(pid)["cpu_s"] - cpu0
        moving_s = time.monotonic() - t0
        after = proc_stats(pid)
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
    await asyncio.sleep(3)
    latencies.sort()
    return {
        "streams": count,
        "open": ready(),
        "failed": len(failures),
        "opened_in_s": round(opened_s, 1),
        "server_rss_mb": held["rss_mb"],
        "rss_per_stream_kb": round((held["rss_mb"] - before["rss_mb"]) * 1024 / count, 1),
        "server_threads": held["threads"],
        "server_fds": held["fds"],
        "moves": args.moves,
        "lost": lost,
        "delivery_ms_p50": round(statistics.median(latencies), 1) if latencies else None,
        "delivery_ms_p95": round(latencies[int(len(latencies) * 0.95) - 1], 1) if latencies else None,
        "delivery_ms_max": round(latencies[-1], 1) if latencies else None,
        "server_cpu_per_move_ms": round(moving_cpu * 1000 / args.moves, 2),
        "server_cpu_idle_s": round(after["cpu_s"] - held["cpu_s"] - moving_cpu, 2),
        "moving_seconds": round(moving_s, 1),
    }


USERS: list = []
VERSIONS: dict = {}
PAGES: list = []  # --pages: each player's game


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--db", default="lacitta_streambench")
    parser.add_argument("--streams", default="1000,2000,4000")
    parser.add_argument("--ramp", type=float, default=20.0)
    parser.add_argument("--moves", type=int, default=200)
    parser.add_argument("--rate", type=float, default=20.0, help="moves a second while the streams are open")
    parser.add_argument("--pages", action="store_true", help="game pages' streams, with sessions (issue 33)")
    parser.add_argument("--reuse", action="store_true",
                        help="--pages: the players, games and sessions the last run with this --db left")
    args = parser.parse_args()
    counts = [int(c) for c in args.streams.split(",")]
    env = bench_env(args.db)
    env["DB_CONN_MAX_AGE"] = "0"
    # Every client is 127.0.0.1 and one process: the caps per address and per player would refuse them.
    env["STREAM_MAX_PER_ADDRESS"] = "1000000"
    env["STREAM_MAX_PER_USER"] = "1000"
    if args.reuse and args.pages:
        django_setup(env)
        users, keys, games = reused_pages()
    else:
        recreate_database(args.db)
        migrate(env)
        django_setup(env)
        users, keys, games = setup_players(max(counts) + max(counts) % 2)
    USERS.extend(users)
    if args.pages and not args.reuse:
        keys = session_cookies(users)
    if args.pages:
        game_of = {u.pk: g[0] for g in games for u in g[1:]}
        PAGES.extend(game_of[u.pk] for u in users)
    from django.db import connections

    connections.close_all()
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    server = subprocess.Popen(
        [
            str(ROOT / ".venv" / "bin" / "uvicorn"),
            "lacitta_site.asgi:application",
            "--host",
            "127.0.0.1",
            "--port",
            str(port),
            "--workers",
            "1",
            "--no-access-log",
            "--log-level",
            "warning",
        ],
        env=env,
        cwd=ROOT,
    )
    try:
        base = f"http://127.0.0.1:{port}"
        for _ in range(100):
            try:
                socket.create_connection(("127.0.0.1", port), 0.2).close()
                break
            except OSError:
                time.sleep(0.2)
        results = []
        for count in counts:
            result = asyncio.run(run_count(base, server.pid, keys, games, count, args))
            print(json.dumps(result), flush=True)
            results.append(result)
        print(json.dumps({"redis": REDIS, "db": args.db, "results": results}))
    finally:
        server.terminate()
        server.wait(20)


if __name__ == "__main__":
    sys.path.insert(0, str(ROOT / "bench"))
    main()
