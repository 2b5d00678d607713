"""Real Celery worker processes for the fault tests, started and killed by the tests.

As tests/platform/test_worker.py: the broker is the real Redis when REDIS_URL
is set, otherwise kombu's filesystem transport in a temporary folder; the
worker reaches the test database through DATABASE_URL."""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import uuid

import pytest
import redis
from django.conf import settings
from django.db import connection

from lacitta_site.celery import app as celery_app
from tests.conftest import wait_for
from tests.deploy.site import free_port


def database_url() -> str:
    conf = connection.settings_dict
    if connection.vendor == "postgresql":
        user = conf.get("USER") or "postgres"
        password = f":{conf['PASSWORD']}" if conf.get("PASSWORD") else ""
        host, port = conf.get("HOST") or "127.0.0.1", conf.get("PORT") or 5432
        return f"postgres://{user}{password}@{host}:{port}/{conf['NAME']}"
    return f"sqlite:///{conf['NAME']}"


def production_worker_flags() -> tuple[str, ...]:
    """The ``--without-…`` options ``deploy/site worker`` gives celery: the fault tests run what production runs."""
    import re

    site = (settings.BASE_DIR / "deploy" / "site").read_text()
    return tuple(sorted(set(re.findall(r"--without-[a-z]+", site))))


def reset_broker_pools():
    """Drop broker connections made with the previous settings."""
    from kombu import pools

    pools.reset()
    celery_app._after_fork()


class Workers:
    """Starts workers on one private queue; every process it started is ended at teardown."""

    def __init__(self, tmp_path, redis_url: str | None = None):
        self.queue = f"faults-{uuid.uuid4().hex[:8]}"
        self.tmp_path = tmp_path
        self.procs: list[subprocess.Popen] = []
        self.env = dict(
            os.environ,
            DJANGO_SETTINGS_MODULE="tests.faults.worker_settings",
            DATABASE_URL=database_url(),
            CELERY_TASK_ALWAYS_EAGER="false",
            CELERY_QUEUE=self.queue,
            DB_CONN_MAX_AGE="0",
            EMAIL_BACKEND="django.core.mail.backends.console.EmailBackend",  # not the DEBUG site's mail-outbox/
        )
        if redis_url:  # a Redis server of the test's own (it restarts it)
            self.broker, options = redis_url, {}
            self.env["REDIS_URL"] = redis_url
        elif settings.REDIS_URL:
            self.broker, options = settings.REDIS_URL, {}
        else:
            broker_dir = tmp_path / "broker"
            broker_dir.mkdir()
            self.env["CELERY_FS_BROKER_DIR"] = str(broker_dir)
            self.broker = "filesystem://"
            options = {
                "data_folder_in": str(broker_dir),
                "data_folder_out": str(broker_dir),
                "processed_folder": str(broker_dir),
                "control_folder": str(broker_dir),
                "store_processed": False,
            }
        self.saved = {
            k: celery_app.conf.get(k)
            for k in ("task_always_eager", "broker_url", "broker_transport_options", "task_default_queue")
        }
        celery_app.conf.update(
            task_always_eager=False,
            broker_url=self.broker,
            broker_transport_options=options,
            task_default_queue=self.queue,
        )
        reset_broker_pools()

    @property
    def redis(self) -> bool:
        return self.broker.startswith("redis")

    def start(self, *, pool: str = "solo", flags: tuple[str, ...] = (), stderr=None, **env) -> subprocess.Popen:
        """``flags``: the worker's own options; by default those of ``deploy/site worker`` (production's).
        ``stderr``: a file for the worker's log (the test reads it), else the test's own."""
        args = [
            sys.executable,
            "-m",
            "celery",
            "-A",
            "lacitta_site",
            "worker",
            f"--pool={pool}",
            "-Q",
            f"{self.queue},{self.queue}.mail",  # bot turns and e-mails (lacitta_site/celery.py)
            "--loglevel=WARNING",
            *(flags or production_worker_flags()),
        ]
        if pool == "prefork":
            args.append("--concurrency=1")
        proc = subprocess.Popen(
            args, env={**self.env, **{k: str(v) for k, v in env.items()}}, cwd=settings.BASE_DIR, stderr=stderr
        )
        self.procs.append(proc)
        return proc

    def close(self):
        for proc in self.procs:
            if proc.poll() is None:
                proc.send_signal(signal.SIGTERM)
        for proc in self.procs:
            try:
                proc.wait(timeout=20)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()
        if self.redis:
            self._purge()
        celery_app.conf.update(self.saved)
        reset_broker_pools()

    def _purge(self):
        """Leave nothing of this test's queue in Redis (unacked copies included)."""
        import redis

        client = redis.Redis.from_url(self.broker)
        client.delete(self.queue)
        for tag, raw in client.hgetall("unacked").items():
            if self.queue.encode() in raw:
                client.hdel("unacked", tag)
                client.zrem("unacked_index", tag)


@pytest.fixture
def workers(tmp_path):
    w = Workers(tmp_path)
    try:
        yield w
    finally:
        w.close()


@pytest.fixture
def slow_bot():
    """The "slow" bot level in this process too (game creation checks the level exists)."""
    from tests.faults import slow_race

    before = slow_race.add_slow_level()
    yield slow_race.LEVEL
    slow_race.restore(before)


class OwnRedis:
    """A redis-server of the test's own (the machine's binary), to stop and start at will; its dump file, if
    it saves one, in the test's folder."""

    def __init__(self, tmp_path):
        self.port, self.dir = free_port(), tmp_path
        self.process = None
        self.url = f"redis://127.0.0.1:{self.port}/0"

    def start(self):
        binary = shutil.which("redis-server") or "/usr/bin/redis-server"
        self.process = subprocess.Popen([binary, "--port", str(self.port), "--bind", "127.0.0.1", "--save", "",
                                         "--appendonly", "no", "--dir", str(self.dir)],
                                        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        assert wait_for(self.answers, timeout=10), "redis-server did not start"

    def answers(self) -> bool:
        try:
            return redis.Redis(port=self.port, socket_timeout=0.5).ping()
        except redis.RedisError:
            return False

    def stop(self):
        if self.process is not None:
            self.process.kill()
            self.process.wait(10)
            self.process = None
