"""The site on several machines (network namespaces, tests/deploy/hosts.py) as docs/deploy.md installs it: a data
host, web hosts each running `deploy/site web` and `deploy/site stream` (the units' commands), worker hosts running
`deploy/site worker bots` (the first one also the mailer and beat: exactly one beat), nginx on a balancer host
configured by `deploy/site nginx-conf` with TLS, and a client host whose players reach only the balancer.

One env file per host, every one made from deploy/env.example with that host's addresses; the hosts share this
checkout (one `deploy/site install`, as the machines of tests/deploy/test_upgrade_under_play.py do).

Scripted players (`Player`) log in through the pages and play La Città or Cité against a bot through the API,
counting every answer and timing every move; `StreamReader` holds a game's event stream open through nginx.
Used by tests/deploy/test_multihost.py and bench/multihost.py."""

from __future__ import annotations

import json
import logging
import os
import re
import shutil
import signal
import subprocess
import threading
import time
from collections import Counter
from pathlib import Path

import httpx
import psycopg

from .hosts import DataHost, Network
from .site import ROOT, Processes, form_values, free_port, unit_command, write_env_file, write_nginx_main

BALANCER = "balancer"
logging.getLogger("httpx").setLevel(logging.WARNING)  # a line per request of the players would drown the report
PASSWORD = "a-multihost-player-password-9"


def wait(predicate, timeout: float, what: str, step: float = 0.3, detail=None):
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        try:
            value = predicate()
            if value:
                return value
        except (httpx.HTTPError, psycopg.Error, OSError):
            pass
        time.sleep(step)
    raise AssertionError(f"{what}: not within {timeout:.0f} s" + (f"; {detail()}" if detail else ""))


class Cluster:
    """`web` web hosts (10.44.0.11…), `workers` worker hosts (10.44.0.21…), the data host (.2), the balancer (.10)
    and the client (.99). `start()` builds, installs and starts everything; `close()` undoes it, whatever failed."""

    def __init__(self, tmp: Path, *, web: int = 2, workers: int = 1, settings: dict | None = None):
        self.tmp, self.settings = tmp, settings or {}
        self.web_hosts = [f"web{i + 1}" for i in range(web)]
        self.worker_hosts = [f"worker{i + 1}" for i in range(workers)]
        self.net: Network | None = None
        self.data: DataHost | None = None
        self.site = Processes(env={}, logs=tmp)
        self.processes: dict[str, object] = {}
        self.env_files: dict[str, Path] = {}
        self.base = ""

    # --- building ---

    def start(self) -> None:
        self.net = net = Network()
        net.add("data", 2)
        self.balancer_address = net.add(BALANCER, 10)
        for i, host in enumerate(self.web_hosts):
            net.add(host, 11 + i)
        for i, host in enumerate(self.worker_hosts):
            net.add(host, 21 + i)
        net.add("client", 99)
        self.data = DataHost(net, "data")
        self.base = f"https://{self.balancer_address}"
        self._write_env_files()
        self._install()
        for host in self.web_hosts:
            self.run_unit(host, "web")
            self.run_unit(host, "stream")
        for index, host in enumerate(self.worker_hosts):
            self.run_unit(host, "worker")
            if index == 0:
                self.run_unit(host, "mailer")
                self.run_unit(host, "beat")
        self._start_nginx()
        probe = {"Host": self.balancer_address}  # a balancer's probe names the site (docs/deploy.md, Health)
        with net.inside("client"), httpx.Client(verify=False, timeout=5) as client:
            for host in self.web_hosts:
                address = net.hosts[host]
                wait(lambda a=address: client.get(f"http://{a}:8000/healthz", headers=probe).status_code == 200,
                     180, f"gunicorn on {host}")
                wait(lambda a=address: client.get(f"http://{a}:8001/healthz/live", headers=probe).status_code
                     in (200, 404), 120, f"the stream process on {host}")
            wait(lambda: client.get(f"{self.base}/").status_code == 200, 60, "the site through nginx")

    def _common_values(self) -> dict[str, str]:
        return {
            "SECRET_KEY": "multihost-" + "s" * 50, "ALLOWED_HOSTS": self.balancer_address, "SITE_URL": self.base,
            "DATABASE_URL": self.data.database_url, "REDIS_URL": self.data.redis_url, "TRUSTED_PROXY_COUNT": "1",
            "EMAIL_HOST": "127.0.0.1", "EMAIL_PORT": str(free_port()), "EMAIL_USE_TLS": "false",
            "EMAIL_HOST_USER": "", "EMAIL_HOST_PASSWORD": "", "WEB_CONCURRENCY": "2", "CELERY_CONCURRENCY": "2",
        }

    def _write_env_files(self) -> None:
        common_extra = {
            "STATIC_ROOT": str(self.tmp / "static"),
            "GAMES_PER_HOUR": "100000",  # scripted players open many games, and move faster than people
            "MOVE_RATE": "1000000/min", "READ_RATE": "1000000/min", "REFUSED_MOVE_RATE": "1000000/min",
            **self.settings,
        }
        hosts = [*self.web_hosts, *self.worker_hosts]
        for host in hosts:
            address = self.net.hosts[host]
            write_env_file(self.tmp / f"env-{host}", {
                **self._common_values(), "WEB_BIND": f"{address}:8000", "STREAM_BIND": f"{address}:8001",
            }, extra={**common_extra, "WEB_PIDFILE": str(self.tmp / f"web-{host}.pid"),
                      "PROMETHEUS_MULTIPROC_DIR": str(self.tmp / f"metrics-{host}")})
            self.env_files[host] = self.tmp / f"env-{host}"
        # The balancer: the same file with the web and stream hosts' addresses (docs/deploy.md, "Two web processes").
        self.write_balancer_env(self.web_hosts)
        # `deploy/site install` once for the shared checkout, from the machine's own namespace (pip reaches the
        # package index there): the first web host's file, the data host reached by its Unix sockets.
        text = (self.tmp / f"env-{self.web_hosts[0]}").read_text()
        local_redis = f"unix://:{DataHost.REDIS_SECRET}@{self.data.folder}/redis.sock?db=0"
        text = text.replace(self.data.database_url, self.data.local_database_url).replace(
            self.data.redis_url, local_redis)
        (self.tmp / "env-install").write_text(text)
        self.env_files["install"] = self.tmp / "env-install"

    def write_balancer_env(self, web_hosts: list[str]) -> None:
        text = (self.tmp / f"env-{self.web_hosts[0]}").read_text()
        webs = " ".join(f"{self.net.hosts[h]}:8000" for h in web_hosts)
        streams = " ".join(f"{self.net.hosts[h]}:8001" for h in web_hosts)
        text += (f'NGINX_WEB_SERVERS="{webs}"\nNGINX_STREAM_SERVERS="{streams}"\n'
                 f"NGINX_TLS_CERT={self.tmp / 'cert.pem'}\nNGINX_TLS_KEY={self.tmp / 'key.pem'}\n"
                 f"NGINX_LISTEN_HTTPS={self.balancer_address}:443\nNGINX_LISTEN_HTTP={self.balancer_address}:80\n")
        (self.tmp / f"env-{BALANCER}").write_text(text)
        self.env_files[BALANCER] = self.tmp / f"env-{BALANCER}"

    def env(self, host: str) -> dict:
        return {"PATH": os.environ["PATH"], "HOME": str(self.tmp), "LANG": "C.UTF-8",
                "LACITTA_ENV": str(self.env_files[host])}

    def deploy_site(self, host: str, *args: str, timeout: float = 300) -> subprocess.CompletedProcess:
        """`deploy/site ARGS` from host's env file, in the machine's own namespace (install, manage)."""
        return self.site.run([str(ROOT / "deploy" / "site"), *args], env=self.env(host), timeout=timeout)

    def _install(self) -> None:
        import fcntl

        (ROOT / "var").mkdir(exist_ok=True)
        with open(ROOT / "var" / "deploy-test-install.lock", "w") as lock:  # as site.Processes.install
            fcntl.flock(lock, fcntl.LOCK_EX)
            done = self.deploy_site("install", "install", timeout=900)
        assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]

    def run_unit(self, host: str, unit: str):
        """The unit's command on that host (ip netns exec), with that host's env file."""
        name = f"{unit}-{host}"
        process = self.site.start(name, self.net.on(host, unit_command(unit)), env=self.env(host))
        self.processes[name] = process
        return process

    def nginx_conf(self) -> None:
        conf = self.deploy_site(BALANCER, "nginx-conf", timeout=60)
        assert conf.returncode == 0, conf.stderr
        (self.tmp / "lacitta.conf").write_text(conf.stdout)  # as docs/deploy.md: deploy/site nginx-conf > …

    def _start_nginx(self) -> None:
        subprocess.run(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1", "-subj",
                        f"/CN={self.balancer_address}", "-keyout", str(self.tmp / "key.pem"),
                        "-out", str(self.tmp / "cert.pem")], check=True, capture_output=True)
        self.nginx_conf()
        write_nginx_main(self.tmp, connections=1024, log_fields="$request_uri $status $upstream_addr $request_time")
        nginx = shutil.which("nginx") or "/usr/sbin/nginx"
        assert os.path.exists(nginx), "nginx is needed (.ci/run installs Debian's nginx-light)"
        self.processes["nginx"] = self.site.start(
            "nginx", self.net.on(BALANCER, [nginx, "-c", str(self.tmp / "nginx.conf"), "-p", str(self.tmp)]))

    def reload_nginx(self, web_hosts: list[str]) -> None:
        """The balancer with these web and stream hosts only (`deploy/site nginx-conf` again, `nginx -s reload`)."""
        self.write_balancer_env(web_hosts)
        self.nginx_conf()
        os.kill(self.processes["nginx"].proc.pid, signal.SIGHUP)
        time.sleep(1.5)

    def make_players(self, names: list[str]) -> None:
        script = ("from django.contrib.auth import get_user_model\n"
                  "from allauth.account.models import EmailAddress\n"
                  f"for name in {names!r}:\n"
                  f"    user = get_user_model().objects.create_user(name, name + '@example.org', {PASSWORD!r})\n"
                  "    EmailAddress.objects.create(user=user, email=user.email, verified=True, primary=True)\n")
        done = self.deploy_site("install", "manage", "shell", "-c", script)
        assert done.returncode == 0, done.stderr[-2000:]

    # --- reading ---

    def db(self) -> psycopg.Connection:
        return psycopg.connect(host=str(self.data.folder), user="postgres", dbname=DataHost.DATABASE,
                               autocommit=True)

    def bot_moves_since(self, epoch: float) -> list[float]:
        with self.db() as conn:
            rows = conn.execute("SELECT extract(epoch FROM created_at) FROM games_move "
                                "WHERE by_bot <> '' AND created_at > to_timestamp(%s) ORDER BY created_at",
                                (epoch,)).fetchall()
        return [float(r[0]) for r in rows]

    def verify_games(self) -> str:
        done = self.deploy_site("install", "manage", "verify_games", timeout=300)
        return done.stdout + done.stderr

    def close(self) -> None:
        try:
            self.site.stop_all()
        finally:
            try:
                if self.data:
                    self.data.close()
            finally:
                if self.net:
                    self.net.close()


class Player(threading.Thread):
    """A person at the site through the balancer, from the client host: logs in through the page, opens a game
    against a bot (`game`: lacitta or cite), moves whenever it is their turn (the first legal move), looks at the
    game page and their games now and then. Every answer is counted; an unexpected one, or none, is a failure.
    `pace`: seconds between two rounds (0 for a load test)."""

    EXPECTED = {200, 302, 409}  # 409: a move made at a version a bot had just moved past
    BOTS = {"lacitta": ("random",), "cite": ("greedy", "greedy")}  # (Cité: 3 or 4 players, no random bot)

    def __init__(self, cluster: Cluster, name: str, game: str, stop: threading.Event, pace: float = 0.15):
        super().__init__(daemon=True)
        self.cluster, self.name, self.game_type, self.stop, self.pace = cluster, name, game, stop, pace
        self.answers: Counter = Counter()
        self.kinds: Counter = Counter()  # answers by kind of request: page, api, move
        self.failures: list[str] = []
        self.moves: list[tuple[float, float, int]] = []  # (start, seconds, status) of every move request
        self.log: list[tuple[float, str, int]] = []  # (answered at, kind, status) of every answer
        self.game: int | None = None
        self.cookies = None

    def call(self, client, kind: str, method: str, path: str, **kw) -> httpx.Response | None:
        start = time.monotonic()
        try:
            response = client.request(method, path, **kw)
        except httpx.HTTPError as error:
            if kind == "move":
                self.moves.append((start, time.monotonic() - start, 0))
            self.failures.append(f"{method} {path}: {type(error).__name__} {error}")
            return None
        if kind == "move":
            self.moves.append((start, time.monotonic() - start, response.status_code))
        self.answers[response.status_code] += 1
        self.kinds[kind] += 1
        self.log.append((time.monotonic(), kind, response.status_code))
        if response.status_code == 503 and '"game_busy"' in response.text:
            self.answers["503 game_busy"] += 1  # DB_LOCK_TIMEOUT_MS: the game was locked; nothing was changed
            return None
        if response.status_code not in self.EXPECTED:
            self.failures.append(f"{method} {path}: {response.status_code} {response.text[:300]}")
            return None
        return response

    def new_game(self, client) -> int | None:
        page = self.call(client, "page", "GET", "/games/new/", params={"game": self.game_type})
        if page is None:
            return None
        fields = form_values(page.text)
        bots = self.BOTS[self.game_type]
        fields.update({"game_type": self.game_type, "players": str(1 + len(bots)),
                       **{f"seat_{i + 2}": f"bot:{level}" for i, level in enumerate(bots)}})
        created = self.call(client, "page", "POST", "/games/new/", data=fields)
        if created is None or created.status_code != 302:
            self.failures.append(f"new {self.game_type} game: {created and created.text[:300]}")
            return None
        return int(re.search(r"/games/(\d+)/", created.headers["location"]).group(1))

    def run(self):
        base = self.cluster.base
        with self.cluster.net.inside("client"), httpx.Client(
                base_url=base, verify=False, timeout=30, headers={"Referer": base + "/"}) as client:
            page = self.call(client, "page", "GET", "/accounts/login/")
            if page is None:
                return
            login = self.call(client, "page", "POST", "/accounts/login/", data={
                "csrfmiddlewaretoken": form_values(page.text)["csrfmiddlewaretoken"],
                "login": self.name, "password": PASSWORD})
            if login is None or login.status_code != 302:
                self.failures.append(f"login {self.name}: {login and login.text[:300]}")
                return
            self.cookies = client.cookies
            turn = 0
            while not self.stop.is_set():
                turn += 1
                if self.game is None:
                    self.game = self.new_game(client)
                    if self.game is None:
                        time.sleep(1)
                    continue
                game = self.game
                # (examples: a legal move with ranges, Cité's, comes with one filling of them, the move to send)
                legal = self.call(client, "api", "GET", f"/api/games/{game}/legal-moves/", params={"examples": "true"})
                if legal is not None and legal.json().get("moves"):
                    first = legal.json()["moves"][0]
                    self.call(client, "move", "POST", f"/api/games/{game}/moves/",
                              headers={"X-CSRFToken": client.cookies.get("csrftoken", "")},
                              json={"version": legal.json()["version"], "move": first.get("example", first)})
                elif legal is not None:
                    state = self.call(client, "api", "GET", f"/api/games/{game}/")
                    if state is not None and state.json().get("status") not in ("active", "open", None):
                        self.game = None  # finished: the next one
                if turn % 5 == 0 and self.game is not None:
                    self.call(client, "page", "GET", f"/games/{game}/")
                if turn % 9 == 0:
                    self.call(client, "page", "GET", "/games/mine/")
                if self.pace:
                    time.sleep(self.pace)

    @property
    def moved(self) -> list[float]:
        """When each accepted move was sent."""
        return [start for start, _, status in self.moves if status == 200]


class StreamReader(threading.Thread):
    """A game's event stream (`/api/stream/games/<id>/`) held open through the balancer with a player's session:
    every event it tells, with when it came."""

    def __init__(self, cluster: Cluster, game: int, cookies):
        super().__init__(daemon=True)
        self.cluster, self.game, self.cookies = cluster, game, cookies
        self.events: list[tuple[float, dict]] = []
        self.error = ""

    def run(self):
        try:
            with self.cluster.net.inside("client"), httpx.Client(
                    verify=False, cookies=self.cookies, timeout=httpx.Timeout(10, read=None)) as client:
                with client.stream("GET", f"{self.cluster.base}/api/stream/games/{self.game}/") as response:
                    if response.status_code != 200:
                        self.error = f"{response.status_code}"
                        return
                    for line in response.iter_lines():
                        if line.strip():
                            self.events.append((time.monotonic(), json.loads(line)))
        except httpx.HTTPError as error:
            self.error = f"{type(error).__name__} {error}"

