"""Issue 44.7: `deploy/site reload` replaced every gunicorn worker at once (SIGHUP), and a machine answered ~15 % of its
moves for 5 s while they all booted. It now rolls them: a new worker (TTIN), and once it has loaded the site the
oldest goes (TTOU). Here gunicorn runs as the web unit starts it, requests come back to back from four clients the
whole time, and `reload` is run twice: no request fails, every worker's pid changes each time, and their number
stays the same. (The dip in requests per second is measured under play in bench/multihost.py.)"""

from __future__ import annotations

import os
import secrets
import subprocess
import threading
import time

import httpx
import psycopg
import pytest

from .servers import servers
from .site import ROOT, Processes, free_port, unit_command, write_env_file

WORKERS = 3


def _workers(master: int) -> set[int]:
    out = subprocess.run(["ps", "-o", "pid=", "--ppid", str(master)], capture_output=True, text=True).stdout
    return {int(pid) for pid in out.split()}


def _ready(tmp_path, master: int) -> bool:
    marks = {int(p) for p in os.listdir(tmp_path / "web.pid.ready")}
    return len(_workers(master)) == WORKERS and _workers(master) <= marks


@pytest.mark.deploy
@pytest.mark.timeout(600)
def test_reload_replaces_every_worker_one_at_a_time_and_fails_no_request(tmp_path):
    found = servers()
    assert found is not None  # conftest deselects this test otherwise
    database = f"lacitta_reload_{secrets.token_hex(3)}"
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    env_file = tmp_path / "env"
    write_env_file(env_file, {
        "SECRET_KEY": secrets.token_urlsafe(50), "ALLOWED_HOSTS": "127.0.0.1", "SITE_URL": base,
        "DATABASE_URL": found.postgres(database), "REDIS_URL": found.redis, "TRUSTED_PROXY_COUNT": "0",
        "WEB_BIND": f"127.0.0.1:{port}", "WEB_CONCURRENCY": str(WORKERS),
    }, extra={"INSECURE_LOCAL": "1", "STATIC_ROOT": str(tmp_path / "static"), "WEB_PIDFILE": str(tmp_path / "web.pid"),
              "PROMETHEUS_MULTIPROC_DIR": str(tmp_path / "metrics")})
    env = {"PATH": os.environ["PATH"], "HOME": str(tmp_path), "LANG": "C.UTF-8", "LACITTA_ENV": str(env_file)}
    site = Processes(env=env, logs=tmp_path)
    stop = threading.Event()
    answers: list[tuple[float, int]] = []
    failures: list[str] = []

    def client():
        with httpx.Client(base_url=base, timeout=30) as http:
            while not stop.is_set():
                try:
                    status = http.get("/healthz/live").status_code  # the site's view: middleware, a database read
                    answers.append((time.monotonic(), status))
                    if status != 200:
                        failures.append(str(status))
                except httpx.HTTPError as error:
                    failures.append(f"{type(error).__name__} {error}")

    with psycopg.connect(found.postgres_admin, autocommit=True) as conn:
        conn.execute(f'CREATE DATABASE "{database}"')  # no migration needed by /healthz/live
    threads = [threading.Thread(target=client, daemon=True) for _ in range(4)]
    try:
        site.start("web", unit_command("web"))
        end = time.monotonic() + 120
        while not (tmp_path / "web.pid").exists() or not _ready(tmp_path, int((tmp_path / "web.pid").read_text())):
            assert time.monotonic() < end, "gunicorn and its workers up"
            time.sleep(0.3)
        master = int((tmp_path / "web.pid").read_text())
        for thread in threads:
            thread.start()
        time.sleep(2)
        for _ in range(2):
            before = _workers(master)
            done = site.run([str(ROOT / "deploy" / "site"), "reload"], timeout=300)
            assert done.returncode == 0, done.stdout + done.stderr
            assert "every worker replaced, one at a time" in done.stdout, done.stdout
            after = _workers(master)
            assert len(after) == WORKERS and not (after & before), (before, after)
            time.sleep(1)
        stop.set()
        for thread in threads:
            thread.join(30)
        assert failures == [], failures[:10]
        assert len(answers) > 50
        assert int((tmp_path / "web.pid").read_text()) == master  # the same master: the socket never closed
    finally:
        stop.set()
        site.stop_all()
        with psycopg.connect(found.postgres_admin, autocommit=True) as conn:
            conn.execute(f'DROP DATABASE IF EXISTS "{database}" WITH (FORCE)')
