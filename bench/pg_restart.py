"""PostgreSQL restarted under load (on demand only: it restarts the machine's
shared PostgreSQL server, so every other user of it sees the restart).

    .venv/bin/python bench/pg_restart.py            # refuses while a pytest runs here
    .venv/bin/python bench/pg_restart.py --force    # restart anyway

1. the load benchmark's setup in its own database (``lacitta_pgrestart``):
   players, race games, gunicorn on loopback;
2. the realistic load of bench/load.py (players poll and move) for ``--seconds``;
   after ``--restart-after`` seconds, ``pg_ctlcluster <version> main restart``;
3. reports, per endpoint, the answers before, during (until ``pg_isready``
   says yes) and after the restart: how many failed and how;
4. runs ``python manage.py verify_games`` on the bench database: every game's
   snapshot must equal the replay of its move log (nothing half-applied).
"""

from __future__ import annotations

import argparse
import asyncio
import subprocess
import sys
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench import common


def parse_args(argv=None):
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--db", default="lacitta_pgrestart")
    p.add_argument("--players", type=int, default=100)
    p.add_argument("--seconds", type=float, default=40.0)
    p.add_argument("--restart-after", type=float, default=15.0)
    p.add_argument("--force", action="store_true", help="restart even if a pytest is running on this machine")
    return p.parse_args(argv)


def pytest_running() -> bool:
    out = subprocess.run(["pgrep", "-f", "pytest"], capture_output=True, text=True)
    return bool(out.stdout.strip())


def restart_postgres(marks: dict) -> None:
    version = sorted(p.name for p in Path("/etc/postgresql").iterdir())[-1]
    marks["restart_start"] = time.perf_counter()
    subprocess.run(["pg_ctlcluster", "--skip-systemctl-redirect", version, "main", "restart"], check=True)
    while subprocess.run(["pg_isready", "-q", "-h", "127.0.0.1", "-p", "5432"]).returncode != 0:
        time.sleep(0.05)
    marks["restart_end"] = time.perf_counter()


async def timed_load(args, base, players, tables, log):
    """The realistic load, every answer logged with its time."""
    import random

    rng = random.Random(2)
    end = time.perf_counter() + args.seconds
    async with common.client_session(len(players) + 10) as session:

        async def one(kind, method, url, headers, data=None, expect=(200,)):
            st = common.Stats(kind)
            t = time.perf_counter()
            status, _ = await common.request(
                session, st, method, url, headers=headers, data=data, expect=expect
            )
            log.append((t, kind, status))
            return status

        async def player(table, seat):
            me = table.players[seat]
            await asyncio.sleep(rng.uniform(0, 2))
            await one("page", "GET", f"{base}/games/{table.game}/", me.headers())
            while time.perf_counter() < end and not table.done:
                who, move = table.next_move()
                if who is me:
                    await asyncio.sleep(rng.uniform(0.5, 2))
                    body = f"version={table.version}&move={common._quote(move)}"
                    status = await one(
                        "move", "POST", f"{base}/games/{table.game}/move/", me.headers(post=True), body
                    )
                    if status == 200:
                        table.advance()
                    elif status == 409:  # our view of the game is stale (a failed answer after a commit)
                        table.advance()
                else:
                    await asyncio.sleep(1.0)
                    await one(
                        "poll",
                        "GET",
                        f"{base}/games/{table.game}/poll/?v={table.version}",
                        me.headers(),
                        expect=(200, 204, 286),
                    )

        await asyncio.gather(*(player(t, s) for t in tables for s in (0, 1)))


def main(argv=None):
    args = parse_args(argv)
    if pytest_running() and not args.force:
        raise SystemExit(
            "a pytest is running on this machine: not restarting the shared PostgreSQL (--force)"
        )
    env = common.bench_env(args.db)
    players, tables = common.race_setup(args.db, args.players, 4, env)
    server = common.Server(env, workers=3, threads=4)
    log: list[tuple[float, str, int]] = []
    marks: dict[str, float] = {}
    try:
        server.wait_ready()

        async def prepare():
            async with common.client_session(8) as session:
                for t in tables:
                    for p in t.players:
                        await common.fetch_csrf(session, server.base, p, t.game, common.Stats("csrf"))

        common.run(prepare())
        timer = threading.Timer(args.restart_after, restart_postgres, args=(marks,))
        timer.start()
        start = time.perf_counter()
        common.run(timed_load(args, server.base, players, tables, log))
        timer.join()
    finally:
        server.stop()

    a, b = marks["restart_start"], marks["restart_end"]
    print(f"PostgreSQL restarted {a - start:.1f}s into the load; it answered again after {b - a:.2f}s")
    for window, test in (
        ("before", lambda t: t < a),
        ("during", lambda t: a <= t <= b),
        ("0-5 s after", lambda t: b < t <= b + 5),
        ("later", lambda t: t > b + 5),
    ):
        rows = [(k, s) for t, k, s in log if test(t)]
        summary = {}
        for kind, status in rows:
            summary.setdefault(kind, {}).setdefault(status, 0)
            summary[kind][status] += 1
        print(
            f"  {window:<12} {len(rows):>5} requests: "
            + "; ".join(f"{k} {dict(sorted(v.items()))}" for k, v in sorted(summary.items()))
        )
    result = subprocess.run(
        [sys.executable, "manage.py", "verify_games"],
        env=env,
        cwd=common.ROOT,
        capture_output=True,
        text=True,
    )
    print(
        f"verify_games exit {result.returncode}: {(result.stdout + result.stderr).strip().splitlines()[-1:]}"
    )


if __name__ == "__main__":
    main()
