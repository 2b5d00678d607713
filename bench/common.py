"""What the load benchmarks share: their own PostgreSQL database and Redis db,
a gunicorn on loopback (``deploy/gunicorn.conf.py``), players with sessions made
directly in the store, race games between pairs of them (``bench/pg_restart.py``;
``bench/load.py`` plays La Città, ``bench/lacitta_games.py``), and an aiohttp
client that measures requests.

Nothing here runs in CI; see bench/README.md."""

from __future__ import annotations

import asyncio
import os
import re
import signal
import socket
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from datetime import timedelta
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PG = os.environ.get("BENCH_PG", "postgres://postgres@127.0.0.1:5432")
REDIS = os.environ.get("BENCH_REDIS", "redis://127.0.0.1:6379/13")
VENV_BIN = Path(sys.executable).parent


def bench_env(db_name: str) -> dict[str, str]:
    """The environment of every process of a run (this one, gunicorn, manage.py)."""
    return {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "bench.settings",
        "DATABASE_URL": f"{PG}/{db_name}",
        "REDIS_URL": REDIS,
        "DEBUG": "false",
        "SECRET_KEY": "bench-only-secret-key-not-for-production-0123456789abcdef",
        "ALLOWED_HOSTS": "127.0.0.1,localhost",
        # A simulated player moves much faster than a person: lift the move rate limits.
        "MOVE_RATE": "1000000/m",
        "LOG_LEVEL": "ERROR",
        "PYTHONPATH": str(ROOT),
    }


def recreate_database(db_name: str) -> None:
    import psycopg

    with psycopg.connect(f"{PG}/postgres", autocommit=True) as conn:
        conn.execute(f'DROP DATABASE IF EXISTS "{db_name}" WITH (FORCE)')
        conn.execute(f'CREATE DATABASE "{db_name}"')


def flush_redis() -> None:
    import redis

    redis.Redis.from_url(REDIS).flushdb()


def migrate(env: dict[str, str]) -> float:
    start = time.perf_counter()
    subprocess.run(
        [sys.executable, "manage.py", "migrate", "--noinput", "-v", "0"], env=env, cwd=ROOT, check=True
    )
    return time.perf_counter() - start


def django_setup(env: dict[str, str]) -> None:
    os.environ.update(env)
    sys.path.insert(0, str(ROOT))
    import django

    django.setup()


# --- players and games (in this process, through the site's own services) ---------------------------


@dataclass
class Player:
    user_id: int
    username: str
    session: str  # sessionid cookie
    csrf_cookie: str = ""
    csrf_token: str = ""

    def headers(self, *, post: bool = False) -> dict[str, str]:
        cookie = f"sessionid={self.session}"
        if self.csrf_cookie:
            cookie += f"; csrftoken={self.csrf_cookie}"
        h = {"Cookie": cookie}
        if post:
            h.update(
                {
                    "X-CSRFToken": self.csrf_token,
                    "HX-Request": "true",
                    "Content-Type": "application/x-www-form-urlencoded",
                }
            )
        return h


@dataclass
class Table:
    """Two players and the race games they play against each other, one after the other."""

    players: tuple[Player, Player]
    games: list[int]
    current: int = 0
    step: int = 0  # index in RACE_SCRIPT of the next move of the current game
    done: bool = False

    @property
    def game(self) -> int:
        return self.games[self.current]

    @property
    def version(self) -> int:
        return 1 + self.step

    def next_move(self) -> tuple[Player, str]:
        seat, move = RACE_SCRIPT[self.step]
        return self.players[seat], move

    def advance(self) -> None:
        self.step += 1
        if self.step == len(RACE_SCRIPT):
            self.step, self.current = 0, self.current + 1
            if self.current == len(self.games):
                self.current, self.done = self.current - 1, True


# A race to 15 by ones: seats alternate from seat 0, seat 0 reaches 15, then both say ready.
RACE_SCRIPT = [(i % 2, '{"type":"add","n":1}') for i in range(15)] + [
    (0, '{"type":"ready"}'),
    (1, '{"type":"ready"}'),
]


def make_players(n: int, prefix: str = "p") -> list[Player]:
    from allauth.account.models import EmailAddress
    from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY, get_user_model
    from django.contrib.auth.hashers import make_password
    from django.contrib.sessions.backends.cached_db import SessionStore

    User = get_user_model()
    password = make_password("bench-password")
    users = User.objects.bulk_create(
        [
            User(username=f"{prefix}{i:05d}", email=f"{prefix}{i:05d}@bench.invalid", password=password)
            for i in range(n)
        ]
    )
    users = list(User.objects.filter(username__startswith=prefix).order_by("username"))
    EmailAddress.objects.bulk_create(
        [EmailAddress(user=u, email=u.email, verified=True, primary=True) for u in users]
    )
    # Session rows written in bulk (the cached_db store reads a session missing from the cache from its row).
    from django.contrib.sessions.models import Session
    from django.utils import timezone
    from django.utils.crypto import get_random_string

    store, expires = SessionStore(), timezone.now() + timedelta(days=14)
    players, rows = [], []
    for user in users:
        key = get_random_string(32, "abcdefghijklmnopqrstuvwxyz0123456789")
        data = {SESSION_KEY: str(user.pk), BACKEND_SESSION_KEY: "django.contrib.auth.backends.ModelBackend",
                HASH_SESSION_KEY: user.get_session_auth_hash()}
        rows.append(Session(session_key=key, session_data=store.encode(data), expire_date=expires))
        players.append(Player(user.pk, user.username, key))
    Session.objects.bulk_create(rows, batch_size=1000)
    return players


def race_setup(db: str, n_players: int, games_per_pair: int, env: dict[str, str]):
    """A fresh database with ``n_players`` players in pairs, each pair with race games to play in turn."""
    t = time.perf_counter()
    recreate_database(db)
    flush_redis()
    migrate(env)
    django_setup(env)
    players = make_players(n_players)
    tables = make_tables(players, games_per_pair)
    from django.db import connections

    connections.close_all()
    print(f"setup: {len(players)} players, {sum(len(t.games) for t in tables)} race games in "
          f"{time.perf_counter() - t:.1f}s", flush=True)
    return players, tables


def make_tables(players: list[Player], games_per_table: int) -> list[Table]:
    from django.contrib.auth import get_user_model

    from play import services
    from play.services import SeatSpec

    User = get_user_model()
    tables = []
    for a, b in zip(players[0::2], players[1::2]):
        ua, ub = User.objects.get(pk=a.user_id), User.objects.get(pk=b.user_id)
        ids = []
        for _ in range(games_per_table):
            game = services.game_create(
                creator=ua,
                game_type="race",
                options={"target": "15"},
                seats=[SeatSpec("me"), SeatSpec("invite", username=ub.username)],
            )
            services.game_join(game_id=game.pk, user=ub)
            ids.append(game.pk)
        tables.append(Table((a, b), ids))
    return tables


# --- the web server ----------------------------------------------------------------------------------


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Server:
    """gunicorn with the production settings file (``deploy/gunicorn.conf.py``: sync workers, JSON
    access lines, here thrown away), serving ``bench.wsgi``; ``threads`` > 1 asks for gthread workers."""

    def __init__(self, env, *, workers: int, threads: int, port: int | None = None):
        self.port = port or free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        args = [
            str(VENV_BIN / "gunicorn"),
            "--config",
            str(ROOT / "deploy" / "gunicorn.conf.py"),
            "bench.wsgi:application",
            "-b",
            f"127.0.0.1:{self.port}",
            "-w",
            str(workers),
        ]
        if threads > 1:
            args += ["-k", "gthread", "--threads", str(threads)]
        self.describe = f"gunicorn (deploy/gunicorn.conf.py) {workers} workers" + (
            f" x {threads} threads (gthread)" if threads > 1 else " (sync)"
        ) + f", its log in {Path(tempfile.gettempdir()) / f'bench-gunicorn-{self.port}.log'}"
        self.log = Path(tempfile.gettempdir()) / f"bench-gunicorn-{self.port}.log"  # its error lines
        with open(self.log, "w") as log:
            self.proc = subprocess.Popen(args, env={**env, "WEB_PIDFILE": ""}, cwd=ROOT, start_new_session=True,
                                         stdout=subprocess.DEVNULL, stderr=log)

    def wait_ready(self, timeout=180.0) -> None:  # workers import Django: slow on a loaded machine
        import urllib.request

        end = time.monotonic() + timeout
        while time.monotonic() < end:
            try:
                with urllib.request.urlopen(self.base + "/bench/bare", timeout=2) as r:
                    if r.status == 200:
                        return
            except OSError:
                time.sleep(0.2)
        raise RuntimeError("gunicorn did not answer")

    def cpu_seconds(self) -> float:
        """User + system CPU time used so far by the gunicorn processes (master and workers)."""
        ticks = os.sysconf("SC_CLK_TCK")
        total = 0.0
        pids = [self.proc.pid]
        try:
            out = subprocess.run(
                ["ps", "-o", "pid=", "--ppid", str(self.proc.pid)], capture_output=True, text=True
            )
            pids += [int(x) for x in out.stdout.split()]
        except OSError:
            pass
        for pid in pids:
            try:
                fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            total += (int(fields[11]) + int(fields[12])) / ticks  # utime, stime
        return total

    def stop(self) -> None:
        if self.proc.poll() is None:
            os.killpg(self.proc.pid, signal.SIGTERM)
            try:
                self.proc.wait(timeout=30)
            except subprocess.TimeoutExpired:
                os.killpg(self.proc.pid, signal.SIGKILL)
                self.proc.wait()


class StreamServer(Server):
    """The stream process as ``deploy/site stream`` runs it (uvicorn, one worker, ASGI) serving the game
    pages' streams (``/api/stream/pages/<id>/``); the caps per address and per player are lifted (every
    simulated player comes from 127.0.0.1)."""

    def __init__(self, env, *, port: int | None = None):
        self.port = port or free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        args = [str(VENV_BIN / "uvicorn"), "lacitta_site.asgi:application", "--host", "127.0.0.1",
                "--port", str(self.port), "--workers", "1", "--no-access-log", "--log-level", "warning"]
        self.describe = "uvicorn (deploy/site stream) 1 worker"
        self.log = Path(tempfile.gettempdir()) / f"bench-stream-{self.port}.log"
        env = {**env, "STREAM_MAX_PER_ADDRESS": "1000000", "STREAM_MAX_PER_USER": "1000", "DB_CONN_MAX_AGE": "0"}
        with open(self.log, "w") as log:
            self.proc = subprocess.Popen(args, env=env, cwd=ROOT, start_new_session=True,
                                         stdout=subprocess.DEVNULL, stderr=log)

    def wait_ready(self, timeout=180.0) -> None:
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            try:
                socket.create_connection(("127.0.0.1", self.port), 0.5).close()
                return
            except OSError:
                time.sleep(0.2)
        raise RuntimeError("uvicorn did not answer")

    def rss_mb(self) -> float:
        status = Path(f"/proc/{self.proc.pid}/status").read_text()
        return int(next(x for x in status.splitlines() if x.startswith("VmRSS")).split()[1]) / 1024


# --- measuring ---------------------------------------------------------------------------------------


@dataclass
class Stats:
    name: str
    times: list[float] = field(default_factory=list)  # seconds, successful requests
    statuses: dict[int, int] = field(default_factory=dict)
    errors: int = 0  # unexpected status or connection error
    elapsed: float = 0.0
    server_cpu: float = 0.0  # CPU seconds the web processes spent during the measurement

    def add(self, seconds: float, status: int, ok: bool) -> None:
        self.statuses[status] = self.statuses.get(status, 0) + 1
        if ok:
            self.times.append(seconds)
        else:
            self.errors += 1

    def pct(self, p: float) -> float:
        if not self.times:
            return float("nan")
        s = sorted(self.times)
        return s[min(len(s) - 1, int(round(p / 100 * (len(s) - 1))))] * 1000

    @property
    def rps(self) -> float:
        return len(self.times) / self.elapsed if self.elapsed else 0.0

    @property
    def cpu_ms(self) -> float:
        """Server CPU per request (ms): does not depend on what else the machine was doing."""
        n = len(self.times) + self.errors
        return self.server_cpu / n * 1000 if n else float("nan")

    def row(self, bare: Stats | None = None) -> str:
        ratio = f"{self.rps / bare.rps:5.2f}" if bare and bare.rps else "   - "
        cpu_ratio = (
            f"{bare.cpu_ms / self.cpu_ms:5.2f}" if bare and self.server_cpu and bare.server_cpu else "   - "
        )
        cpu = f"{self.cpu_ms:8.2f}" if self.server_cpu else "       -"
        return (
            f"{self.name:<14} {len(self.times):>7} {self.errors:>6} {self.rps:>9.1f} {ratio:>6}"
            f" {self.pct(50):>8.1f} {self.pct(95):>8.1f} {self.pct(99):>8.1f} {cpu} {cpu_ratio:>6}"
        )


HEADER = (
    f"{'endpoint':<14} {'ok':>7} {'errors':>6} {'req/s':>9} {'/bare':>6} {'p50 ms':>8} {'p95 ms':>8}"
    f" {'p99 ms':>8} {'cpu ms':>8} {'/bare':>6}"
)
CSRF_RE = re.compile(r'"X-CSRFToken":\s*"([^"]+)"')


async def request(
    session, stats: Stats, method: str, url: str, *, expect=(200,), **kwargs
) -> tuple[int, str]:
    start = time.perf_counter()
    try:
        async with session.request(method, url, allow_redirects=False, **kwargs) as response:
            body = await response.text()
            status = response.status
    except Exception:  # connection refused/reset: counted, the run goes on
        stats.add(time.perf_counter() - start, 0, False)
        return 0, ""
    stats.add(time.perf_counter() - start, status, status in expect)
    return status, body


async def fetch_csrf(session, base: str, player: Player, game_id: int, stats: Stats) -> None:
    """Open the game page as a browser does: the CSRF cookie and the token htmx sends in its header."""
    async with session.get(f"{base}/games/{game_id}/", headers=player.headers()) as response:
        body = await response.text()
        cookie = response.cookies.get("csrftoken")
    match = CSRF_RE.search(body)
    if response.status != 200 or not match:
        raise RuntimeError(f"game page {game_id}: {response.status}")
    player.csrf_token = match.group(1)
    if cookie is not None:
        player.csrf_cookie = cookie.value


def chat_stamp(html: str) -> str:
    """The stamp the chat panel polls with (``/chat/?s=...``)."""
    match = CHAT_STAMP_RE.search(html)
    if not match:
        raise RuntimeError("no chat poll in the chat panel")
    return match.group(1)


CHAT_STAMP_RE = re.compile(r"/chat/\?s=([0-9-]+)")


def client_session(limit: int):
    import aiohttp

    return aiohttp.ClientSession(
        connector=aiohttp.TCPConnector(limit=limit, limit_per_host=limit),
        cookie_jar=aiohttp.DummyCookieJar(),
        timeout=aiohttp.ClientTimeout(total=60),
    )


async def submit_move(session, base: str, table: Table, stats: Stats) -> int:
    player, move = table.next_move()
    body = f"version={table.version}&move={_quote(move)}"
    status, _ = await request(
        session,
        stats,
        "POST",
        f"{base}/games/{table.game}/move/",
        headers=player.headers(post=True),
        data=body,
    )
    if status == 200:
        table.advance()
    return status


def _quote(s: str) -> str:
    from urllib.parse import quote

    return quote(s, safe="")


def run(coro):
    return asyncio.run(coro)
