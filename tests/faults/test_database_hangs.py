"""Issue 32.7: a PostgreSQL that accepts connections and never answers gave a 500 after 30–35 s (gunicorn's
timeout). The settings give a connection DB_CONNECT_TIMEOUT seconds: the driver's OperationalError then
becomes the same 503 + Retry-After as a closed port (tests/faults/test_database_down.py checks that answer).

A listener here plays the hung server (it accepts and never says a word), so the shared PostgreSQL is not
touched; the connection is made with the production settings' options whatever database the tests use."""

import json
import os
import socket
import subprocess
import sys
import threading
import time
from contextlib import contextmanager

import psycopg
from django.conf import settings


@contextmanager
def silent_server():
    server = socket.socket()
    server.bind(("127.0.0.1", 0))
    server.listen(16)
    held = []
    stop = threading.Event()

    def accept():
        server.settimeout(0.2)
        while not stop.is_set():
            try:
                held.append(server.accept()[0])  # kept open, never answered
            except TimeoutError:
                continue
            except OSError:
                return

    thread = threading.Thread(target=accept, daemon=True)
    thread.start()
    try:
        yield server.getsockname()[1]
    finally:
        stop.set()
        thread.join(2)
        for conn in held:
            conn.close()
        server.close()


def production_database_options(url: str) -> dict:
    """DATABASES["default"]["OPTIONS"] as the production settings build them for this URL."""
    code = ("import django, json; django.setup(); from django.conf import settings; "
            "print(json.dumps(settings.DATABASES['default']['OPTIONS']))")
    env = {k: v for k, v in os.environ.items() if not k.startswith(("DJANGO_", "DB_"))}
    env.update(DATABASE_URL=url, DJANGO_SETTINGS_MODULE="lacitta_site.settings.base")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                          cwd=settings.BASE_DIR, env=env)
    return json.loads(done.stdout)


def test_a_silent_postgresql_is_given_up_within_five_seconds():
    with silent_server() as port:
        url = f"postgres://postgres@127.0.0.1:{port}/lacitta"
        options = production_database_options(url)
        assert options["connect_timeout"] == 3 and "statement_timeout=20000" in options["options"]
        start = time.monotonic()
        try:
            psycopg.connect(host="127.0.0.1", port=port, user="postgres", dbname="lacitta", **options)
        except psycopg.OperationalError:
            pass
        else:  # pragma: no cover - the listener never answers
            raise AssertionError("connected to a server that never answers")
        assert time.monotonic() - start < 5


def test_without_the_timeout_the_same_server_holds_the_connection():
    """The test's own control: the listener does hang a connection that has no timeout."""
    with silent_server() as port:
        start = time.monotonic()
        try:
            psycopg.connect(host="127.0.0.1", port=port, user="postgres", dbname="lacitta", connect_timeout=5)
        except psycopg.OperationalError:
            pass
        assert time.monotonic() - start >= 4.5
