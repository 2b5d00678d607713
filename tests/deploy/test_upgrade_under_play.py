"""Issue 32.3 and the rolling release: an upgrade from the last landed release while people play.

Yesterday's release (the commit in tests/deploy/previous_release, taken out of this repository's history with
`git archive`) is installed by its own `deploy/site install`, on "two machines" sharing one checkout (two env
files: two web processes and two bot workers), behind nginx balancing the two web processes. Players play La
Città against bots through nginx the whole time. Then the release procedure of docs/deploy.md, as written:
`git fetch` (this checkout's files, uncommitted changes included, as a commit), `deploy/site release <commit>`
on the first machine (the release's files staged beside the checkout, its virtualenv built, migrate,
collectstatic, check, then the checkout and the virtualenv switched and gunicorn reloaded), the workers
restarted, the same on the second machine, then the web processes restarted one at a time (a unit that
changed), beat last. The two "machines" share one checkout (one virtualenv built, not two), so what the docs
say of processes sharing a checkout applies: each web process reloaded and each worker restarted right after
the switch. (Before the staging, `git pull` changed the files under the running processes for the minutes the
release took: old code rendered new templates, and one naming a static file the old manifest lacked gave 500.)

Not one request may fail or answer 500, bot turns keep being played by the new workers, and the new web
processes' access lines name the players' user ids. A private redis-server (the test's own port) and its own
PostgreSQL database, ports and folders: it runs beside the other deploy tests."""

from __future__ import annotations

import os
import re
import secrets
import shutil
import signal
import subprocess
import tempfile
import threading
import time
from collections import Counter
from pathlib import Path

import httpx
import psycopg
import pytest
import redis

from .servers import servers
from .site import (
    ROOT,
    Mailbox,
    Processes,
    form_values,
    free_port,
    json_records,
    non_json_lines,
    unit_command,
    write_env_file,
)

PASSWORD = "an-upgrade-player-password-9"
PLAYERS = ("ada", "bruno", "carla")
EXPECTED = {200, 302, 409}  # 409: a move made at a version the bot had just moved past (the API's answer)

NGINX = """
{user}
daemon off;
pid {tmp}/nginx.pid;
error_log {tmp}/nginx-error.log;
events {{ worker_connections 256; }}
http {{
  access_log {tmp}/nginx-access.log;
  client_body_temp_path {tmp}/body; proxy_temp_path {tmp}/proxy; fastcgi_temp_path {tmp}/fcgi;
  uwsgi_temp_path {tmp}/uwsgi; scgi_temp_path {tmp}/scgi;
{upstream}
  server {{
    listen 127.0.0.1:{port};
    location / {{
      proxy_pass http://lacitta_web;
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
    }}
  }}
}}
"""


def previous_release() -> str:
    lines = (Path(__file__).with_name("previous_release")).read_text().splitlines()
    (commit,) = [ln.strip() for ln in lines if ln.strip() and not ln.startswith("#")]
    return commit


def documented_upstream(web_a: int, web_b: int) -> str:
    """The upstream block of docs/deploy.md ("Two web processes or more"), with this test's ports."""
    docs = (ROOT / "docs" / "deploy.md").read_text()
    block = re.search(r"\n(upstream lacitta_web \{.*?\n\})", docs, re.S).group(1)
    block = block.replace("10.0.0.11:8000", f"127.0.0.1:{web_a}").replace("10.0.0.12:8000", f"127.0.0.1:{web_b}")
    assert f"127.0.0.1:{web_a}" in block and f"127.0.0.1:{web_b}" in block, block
    return block


def _admin(url: str, sql: str) -> None:
    with psycopg.connect(url, autocommit=True) as conn:
        conn.execute(sql)


def _wait(predicate, timeout: float, what: str):
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        try:
            if predicate():
                return
        except (httpx.HTTPError, redis.RedisError, psycopg.Error):
            pass
        time.sleep(0.3)
    raise AssertionError(f"{what}: not within {timeout:.0f} s")


def git(*args: str, **kw) -> subprocess.CompletedProcess:
    return subprocess.run(["git", "-C", str(ROOT), *args], capture_output=True, **{"check": True, **kw})


def checkout_previous_release(commit: str, site: Path) -> None:
    """Yesterday's release as docs/deploy.md installs it: `git clone`, the release checked out. (--shared: the
    clone reads this repository's objects, so the commit of this release made later is there to fetch.)"""
    git("clone", "--quiet", "--shared", "--no-checkout", str(ROOT), str(site))
    subprocess.run(["git", "-C", str(site), "checkout", "--quiet", "--detach", commit], check=True)


def this_release_commit() -> str:
    """This checkout's files (uncommitted changes and new files included) as a commit on top of HEAD, made with
    an index of its own: the branch, the index and the files of this checkout are left as they are."""
    with tempfile.TemporaryDirectory() as folder:
        env = {**os.environ, "GIT_INDEX_FILE": str(Path(folder) / "index")}
        git("read-tree", "HEAD", env=env)
        git("add", "--all", env=env)
        tree = git("write-tree", env=env).stdout.decode().strip()
    return git("commit-tree", tree, "-p", "HEAD", "-m", "the release under test",
               env={**env, "GIT_AUTHOR_NAME": "deploy test", "GIT_AUTHOR_EMAIL": "deploy@test",
                    "GIT_COMMITTER_NAME": "deploy test", "GIT_COMMITTER_EMAIL": "deploy@test"}).stdout.decode().strip()


class OwnRedis:
    """A redis-server of the test's own: the machine's is shared with other tests."""

    def __init__(self, tmp: Path):
        self.port = free_port()
        self.url = f"redis://127.0.0.1:{self.port}/0"
        binary = shutil.which("redis-server") or "/usr/bin/redis-server"
        self.process = subprocess.Popen(
            [binary, "--port", str(self.port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no",
             "--dir", str(tmp)], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        _wait(lambda: redis.Redis(port=self.port, socket_timeout=0.5).ping(), 10, "redis-server starting")

    def stop(self):
        self.process.kill()
        self.process.wait(10)


class Player(threading.Thread):
    """A person at the site through the balancer: games against a bot, a move whenever it is their turn, the
    game page and their games list now and then. Every answer is recorded; one that is not expected, or
    no answer at all, is a failure."""

    def __init__(self, base: str, name: str, stop: threading.Event):
        super().__init__(daemon=True)
        self.base, self.name, self.stop = base, name, stop
        self.answers: Counter = Counter()
        self.failures: list[str] = []
        self.moves: list[float] = []  # when each of this player's moves was accepted (time.monotonic())

    def call(self, client: httpx.Client, method: str, path: str, **kw) -> httpx.Response | None:
        try:
            response = self._send(client, method, path, **kw)
        except httpx.HTTPError as error:
            self.failures.append(f"{method} {path}: {type(error).__name__} {error}")
            return None
        self.answers[response.status_code] += 1
        if response.status_code not in EXPECTED:
            self.failures.append(f"{method} {path}: {response.status_code} {response.text[:300]}")
            return None
        return response

    def _send(self, client: httpx.Client, method: str, path: str, **kw) -> httpx.Response:
        """As a browser sends it: a request on a kept-alive connection that the server closed before answering
        a single byte (nginx's old workers close their idle connections on a reload) is sent once more on a new
        connection (Chromium's ShouldResendRequest does so for any method); counted as "resent"."""
        try:
            return client.request(method, path, **kw)
        except httpx.RemoteProtocolError as error:
            if "without sending a response" not in str(error):
                raise
            self.answers["resent"] += 1
            return client.request(method, path, **kw)

    def new_game(self, client: httpx.Client) -> int | None:
        page = self.call(client, "GET", "/games/new/", params={"game": "lacitta"})
        if page is None:
            return None
        fields = form_values(page.text)
        fields.update({"game_type": "lacitta", "players": "2", "seat_2": "bot:random"})
        created = self.call(client, "POST", "/games/new/", data=fields)
        if created is None or created.status_code != 302:
            return None
        return int(re.search(r"/games/(\d+)/", created.headers["location"]).group(1))

    def run(self):
        with httpx.Client(base_url=self.base, timeout=30) as client:
            page = self.call(client, "GET", "/accounts/login/")
            if page is None:
                return
            login = self.call(client, "POST", "/accounts/login/", data={
                "csrfmiddlewaretoken": form_values(page.text)["csrfmiddlewaretoken"],
                "login": self.name, "password": PASSWORD})
            assert login is not None and login.status_code == 302, login and login.text[:300]
            game, turn = None, 0
            while not self.stop.is_set():
                turn += 1
                if game is None:
                    game = self.new_game(client)
                    continue
                legal = self.call(client, "GET", f"/api/games/{game}/legal-moves/")
                if legal is not None and legal.json().get("moves"):
                    moved = self.call(client, "POST", f"/api/games/{game}/moves/",
                                      headers={"X-CSRFToken": client.cookies.get("csrftoken", "")},
                                      json={"version": legal.json()["version"], "move": legal.json()["moves"][0]})
                    if moved is not None and moved.status_code == 200:
                        self.moves.append(time.monotonic())
                elif legal is not None:
                    state = self.call(client, "GET", f"/api/games/{game}/")
                    if state is not None and state.json().get("status") not in ("active", "open", None):
                        game = None  # finished: the next one
                if turn % 5 == 0 and game is not None:
                    self.call(client, "GET", f"/games/{game}/")
                if turn % 9 == 0:
                    self.call(client, "GET", "/games/mine/")
                time.sleep(0.15)


@pytest.mark.deploy
@pytest.mark.timeout(1800)
def test_upgrade_from_the_previous_release_under_play_fails_no_request(tmp_path, capsys):
    found = servers()
    assert found is not None  # conftest deselects this test otherwise
    nginx = shutil.which("nginx") or "/usr/sbin/nginx"
    assert os.path.exists(nginx), "nginx is needed (.ci/run installs Debian's nginx-light)"
    previous = previous_release()
    assert git("cat-file", "-t", previous, check=False).stdout.strip() == b"commit", (
        f"tests/deploy/previous_release names {previous}, not in this repository's history (a shallow clone?)")

    site_dir = tmp_path / "site"
    checkout_previous_release(previous, site_dir)
    database = f"lacitta_upgrade_{secrets.token_hex(3)}"
    web_a, web_b, balancer, smtp, stream = (free_port() for _ in range(5))
    base = f"http://127.0.0.1:{balancer}"
    own_redis = OwnRedis(tmp_path)
    machines = {}
    for name, port in (("a", web_a), ("b", web_b)):  # two machines: one env file each, one checkout
        env_file = tmp_path / f"env-{name}"
        write_env_file(env_file, {
            "SECRET_KEY": "upgrade-test-" + "k" * 50, "ALLOWED_HOSTS": "127.0.0.1,localhost", "SITE_URL": base,
            "DATABASE_URL": found.postgres(database), "REDIS_URL": own_redis.url, "TRUSTED_PROXY_COUNT": "1",
            "EMAIL_HOST": "127.0.0.1", "EMAIL_PORT": str(smtp), "EMAIL_USE_TLS": "false", "EMAIL_HOST_USER": "",
            "EMAIL_HOST_PASSWORD": "", "WEB_BIND": f"127.0.0.1:{port}", "WEB_CONCURRENCY": "2",
            "STREAM_BIND": f"127.0.0.1:{stream}", "CELERY_CONCURRENCY": "1",
        }, extra={
            "INSECURE_LOCAL": "1", "STATIC_ROOT": str(tmp_path / "static"),
            "WEB_PIDFILE": str(tmp_path / f"web-{name}.pid"),
            "PROMETHEUS_MULTIPROC_DIR": str(tmp_path / f"metrics-{name}"),
            "GAMES_PER_HOUR": "1000",  # a game lasts ~20 s with these moves: players open many
            # A player here moves every ~0.2 s, faster than a person's 120 a minute on a quiet machine: the limit's
            # 429s are the site's policy, not a request the upgrade failed (tests/platform test the limit itself).
            "MOVE_RATE": "100000/min",
        }, checkout=site_dir)
        machines[name] = {"PATH": os.environ["PATH"], "HOME": str(tmp_path), "LANG": "C.UTF-8",
                          "LACITTA_ENV": str(env_file)}
    site = Processes(env=machines["a"], logs=tmp_path, cwd=site_dir)
    deploy_site = str(site_dir / "deploy" / "site")
    def balance(down: int | None = None) -> None:
        """nginx's configuration, with one web process taken out (`down`, docs/deploy.md) or none."""
        upstream = documented_upstream(web_a, web_b)
        if down:
            upstream = re.sub(rf"(server 127\.0\.0\.1:{down}) ", r"\1 down ", upstream)
            assert " down " in upstream, upstream
        (tmp_path / "nginx.conf").write_text(NGINX.format(
            tmp=tmp_path, port=balancer, upstream=upstream, user="user root;" if os.geteuid() == 0 else ""))

    def reload_nginx() -> None:  # nginx -s reload: new workers with the new upstream, the old ones finish
        os.kill(balancer_process.proc.pid, signal.SIGHUP)
        time.sleep(2)

    balance()
    stop = threading.Event()
    players: list[Player] = []
    timings: dict[str, float] = {}
    try:
        _admin(found.postgres_admin, f'CREATE DATABASE "{database}"')
        start = time.monotonic()
        install = site.run([deploy_site, "install"], timeout=900)
        assert install.returncode == 0, install.stdout[-3000:] + install.stderr[-3000:]
        timings["previous_release_install_s"] = round(time.monotonic() - start, 1)
        made = site.run([deploy_site, "manage", "shell", "-c", (
            "from django.contrib.auth import get_user_model\n"
            "from allauth.account.models import EmailAddress\n"
            f"for name in {PLAYERS!r}:\n"
            f"    user = get_user_model().objects.create_user(name, name + '@example.org', {PASSWORD!r})\n"
            "    EmailAddress.objects.create(user=user, email=user.email, verified=True, primary=True)\n")])
        assert made.returncode == 0, made.stderr[-2000:]

        def start_machine(name: str, checkout: Path, *units: str) -> dict:
            return {unit: site.start(f"{unit}-{name}-{len(site.started)}", unit_command(unit, checkout),
                                     env=machines[name]) for unit in units}

        with Mailbox(smtp):
            old = {**{f"{u}-a": p for u, p in start_machine("a", site_dir, "web", "worker", "mailer", "beat").items()},
                   **{f"{u}-b": p for u, p in start_machine("b", site_dir, "web", "worker").items()}}
            balancer_process = site.start("nginx", [nginx, "-c", str(tmp_path / "nginx.conf"), "-p", str(tmp_path)])
            for port in (web_a, web_b):
                _wait(lambda port=port: httpx.get(f"http://127.0.0.1:{port}/healthz", timeout=3).status_code == 200,
                      120, f"gunicorn on {port} answering /healthz")
            _wait(lambda: httpx.get(f"{base}/healthz", timeout=3).status_code == 200, 30, "nginx answering")

            players = [Player(base, name, stop) for name in PLAYERS]
            for player in players:
                player.start()
            _wait(lambda: sum(len(p.moves) for p in players) >= 6, 120, "the players moving on the old release")

            # --- the release, as docs/deploy.md says: machine a, then machine b ---
            upgrade_started = time.monotonic()
            # git fetch; the new deploy/site taken first (docs/deploy.md: once, from a release before `release REF`)
            release_commit = this_release_commit()
            subprocess.run(["git", "-C", str(site_dir), "checkout", "--quiet", release_commit, "--", "deploy/site"],
                           check=True)
            before_link = not (site_dir / ".venv").is_symlink()  # a release from before .venv was a link
            release = site.run([deploy_site, "release", release_commit], timeout=900, env=machines["a"])
            assert release.returncode == 0, release.stdout[-3000:] + release.stderr[-3000:]
            assert "reloaded" in release.stdout and f"checkout switched to {release_commit}" in release.stdout, (
                release.stdout)
            # The other web process of this checkout reloaded at once (docs: processes sharing a checkout).
            reload_b = site.run([deploy_site, "reload"], env=machines["b"])
            assert "reloaded" in reload_b.stdout, reload_b.stdout + reload_b.stderr
            if before_link:  # built beside the running one, then switched
                assert "building the virtualenv" in release.stdout and "virtualenv switched" in release.stdout
            timings["release_first_machine_s"] = round(time.monotonic() - upgrade_started, 1)
            # sudo systemctl restart lacitta-worker lacitta-mailer: every worker of this checkout
            for unit in ("worker-a", "mailer-a", "worker-b"):
                site.stop(old[unit])
            new = start_machine("a", site_dir, "worker", "mailer")
            new.update({f"{u}-b": p for u, p in start_machine("b", site_dir, "worker").items()})
            release_b = site.run([deploy_site, "release", release_commit], timeout=900, env=machines["b"])
            assert release_b.returncode == 0, release_b.stdout[-3000:] + release_b.stderr[-3000:]
            assert "building the virtualenv" not in release_b.stdout  # built once, by the first machine
            # A unit that changed: the web processes restarted one at a time, each taken out of the balancer
            # first (docs/deploy.md, "Two web processes or more").
            for name, port in (("a", web_a), ("b", web_b)):
                balance(down=port)
                reload_nginx()
                site.stop(old[f"web-{name}"])
                new[f"web-{name}"] = start_machine(name, site_dir, "web")["web"]
                _wait(lambda port=port: httpx.get(f"http://127.0.0.1:{port}/healthz", timeout=3).status_code == 200,
                      120, f"the new gunicorn on {port}")
                balance()
                reload_nginx()
            site.stop(old["beat-a"])  # beat last
            new["beat-a"] = start_machine("a", site_dir, "beat")["beat"]
            upgraded = time.monotonic()
            timings["whole_release_s"] = round(upgraded - upgrade_started, 1)

            # Play goes on on the new release: moves of people and bots.
            _wait(lambda: sum(1 for p in players for t in p.moves if t > upgraded) >= 6, 120,
                  "the players moving on the new release")
            stop.set()
            for player in players:
                player.join(60)

        failures = [f for p in players for f in p.failures]
        answers = sum((p.answers for p in players), Counter())
        assert failures == [], failures[:10]
        assert answers[200] > 50, answers
        # No 500 anywhere, old processes or new, and every line JSON.
        for process in site.started:
            if process.name == "nginx":
                continue
            assert non_json_lines(process) == [], f"{process.name}: {non_json_lines(process)[:5]}"
            statuses = [r.get("status") for r in json_records(process) if r.get("name") == "gunicorn.access"]
            assert not [s for s in statuses if str(s).startswith("5")], f"{process.name}: {Counter(statuses)}"
        # The new workers play the bots' turns.
        with psycopg.connect(found.postgres(database)) as conn:
            bot_moves_after = conn.execute(
                "SELECT count(*) FROM games_move WHERE by_bot <> '' AND created_at > now() - %s * interval '1 s'",
                (time.monotonic() - upgraded,)).fetchone()[0]
        assert bot_moves_after > 0
        # The new release's access lines name the player (issue 32.9).
        ids = {r.get("user_id") for name in ("web-a", "web-b") for r in json_records(new[name])
               if r.get("name") == "gunicorn.access"}
        assert len(ids - {None}) == len(PLAYERS), ids
        # The virtualenv is a link to a complete one of .venvs/; the one it replaced is kept beside it.
        assert (site_dir / ".venv").is_symlink() and (site_dir / ".venv" / ".complete").exists()
        if before_link:
            assert [p.name.startswith("before-") for p in sorted((site_dir / ".venvs").iterdir())] == [False, True]
        for process in new.values():
            assert process.proc.poll() is None, f"{process.name} stopped: {process.lines()[-20:]}"
        timings["answers"] = dict(answers)
    finally:
        stop.set()
        site.stop_all()
        own_redis.stop()
        _admin(found.postgres_admin, f'DROP DATABASE IF EXISTS "{database}" WITH (FORCE)')
        for venvs in (site_dir / ".venvs", site_dir / ".venv"):  # ~200 MB each: not left in the temp folder
            shutil.rmtree(venvs, ignore_errors=True)
        with capsys.disabled():
            print(f"\nupgrade timings: {timings}")
