"""Health for a load balancer, a supervisor and an operator (issue 32.6), never a traceback.

- ``/healthz/live``: the process is up, and is not old code over a newer schema (an applied migration this
  process's code does not know). 503 means "restart or replace this process", whatever Redis does.
- ``/healthz/ready`` (and ``/healthz``, what balancers already probe): the database answers and its schema is
  exactly this code's (not before `migrate`, not after a newer release's). Redis is
  reported but does not fail readiness: pages, moves and logins work without it (sessions fall back to the
  database, queued work is found again by the sweep), so an outage of Redis must not pull every node.
- ``/healthz/status``: for staff (a session) or a monitor (``Authorization: Bearer $MONITORING_TOKEN``): the
  above plus the Celery workers that answer a ping, when the minute sweep (beat) last ran, and queue lengths.
"""

from __future__ import annotations

import hmac
import json
import logging
import time

from django.conf import settings
from django.core.cache import cache
from django.db import DEFAULT_DB_ALIAS, connection, connections
from django.db.migrations.loader import MigrationLoader
from django.db.migrations.recorder import MigrationRecorder
from django.http import Http404, JsonResponse
from django.views.decorators.cache import never_cache
from kombu.exceptions import ChannelError

log = logging.getLogger(__name__)

SCHEMA_CHECK_SECONDS = 10  # the migration comparison reads the graph from disk: once per process per 10 s
SWEEP_TASK_NAME = "sweep-clocks"  # its name in CELERY_BEAT_SCHEDULE
_schema_checked: dict = {"at": 0.0, "state": None, "known": None}


def _known_migrations() -> frozenset:
    """The migrations of the code this process runs: read once, when first asked (a `git pull` puts the next
    release's files on disk under a running process; they are not its code until it restarts)."""
    if _schema_checked.get("known") is None:
        loader = MigrationLoader(None, ignore_no_migrations=True)
        _schema_checked["known"] = frozenset(loader.graph.nodes)
    return _schema_checked["known"]


def schema_state() -> str:
    """"ok", "migrations-unapplied" (this code is ahead of the schema: not ready until `migrate`), or
    "schema-ahead" (the database has migrations this code does not know: a process left on the previous
    release after a migrate; a restart gives it the new code)."""
    now = time.monotonic()
    if _schema_checked["state"] is not None and now - _schema_checked["at"] < SCHEMA_CHECK_SECONDS:
        return _schema_checked["state"]
    known = _known_migrations()
    applied = set(MigrationRecorder(connections[DEFAULT_DB_ALIAS]).applied_migrations())
    if applied - known:
        state = "schema-ahead"
    elif known - applied:
        state = "migrations-unapplied"
    else:
        state = "ok"
    _schema_checked.update(at=now, state=state)
    return state


def _database() -> str:
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
            cursor.fetchone()
        return "ok"
    except Exception as exc:
        log.warning("health: database down: %s", exc)
        return "down"


def _cache() -> str:
    try:
        cache.set("healthz", "1", 10)
        return "ok" if cache.get("healthz") == "1" else "down"
    except Exception as exc:
        log.warning("health: cache down: %s", exc)
        return "down"


def _schema() -> str:
    try:
        return schema_state()
    except Exception as exc:  # the database cannot be read: readiness says so
        log.warning("health: schema unknown: %s", exc)
        return "unknown"


@never_cache
def live(request):
    schema = _schema()
    # Only old code over a newer schema is cured by a restart; a database outage or a migrate still to run
    # are readiness's business.
    ok = schema != "schema-ahead"
    return JsonResponse({"status": "ok" if ok else "restart", "schema": schema}, status=200 if ok else 503)


@never_cache
def ready(request):
    checks = {"database": _database()}
    checks["schema"] = _schema() if checks["database"] == "ok" else "unknown"
    checks["cache"] = _cache()
    ok = checks["database"] == "ok" and checks["schema"] == "ok"
    if ok and checks["cache"] != "ok":
        status = "degraded"  # serving, without Redis
    else:
        status = "ok" if ok else "unavailable"
    return JsonResponse({"status": status, **checks}, status=200 if ok else 503)


def allowed_to_monitor(request) -> bool:
    if getattr(request, "user", None) is not None and request.user.is_authenticated and request.user.is_staff:
        return True
    token = getattr(settings, "MONITORING_TOKEN", "")
    given = request.headers.get("Authorization", "")
    return bool(token) and hmac.compare_digest(given.encode(), f"Bearer {token}".encode())


def _workers() -> dict:
    from lacitta_site.celery import app

    try:
        replies = app.control.inspect(timeout=1.0).ping() or {}
    except Exception as exc:
        log.warning("health: cannot ask the workers: %s", exc)
        return {"answering": None, "error": "broker unreachable"}
    return {"answering": len(replies), "names": sorted(replies)}


def queue_lengths() -> dict:
    from lacitta_site.celery import app

    names = sorted({settings.CELERY_TASK_DEFAULT_QUEUE, *getattr(settings, "CELERY_QUEUE_NAMES", ())})
    lengths = {}
    try:
        with app.connection_for_read() as conn:
            channel = conn.default_channel
            for name in names:
                try:
                    lengths[name] = channel.queue_declare(queue=name, passive=True).message_count
                except ChannelError:  # "NOT_FOUND": a queue nobody has sent to yet (or emptied) holds nothing
                    lengths[name] = 0
    except Exception as exc:
        log.warning("health: cannot read the queues: %s", exc)
        return {name: None for name in names}
    return lengths


def _beat() -> dict:
    """When beat last sent the minute sweep (django-celery-beat writes it in the database)."""
    from django.utils import timezone
    from django_celery_beat.models import PeriodicTask

    try:
        last = PeriodicTask.objects.filter(name=SWEEP_TASK_NAME).values_list("last_run_at", flat=True).first()
    except Exception as exc:
        log.warning("health: cannot read beat's schedule: %s", exc)
        return {"last_sweep_seconds_ago": None}
    return {"last_sweep_seconds_ago": None if last is None else round((timezone.now() - last).total_seconds(), 1)}


@never_cache
def status(request):
    if not allowed_to_monitor(request):
        raise Http404  # as for any address that is not there
    answer = ready(request)
    body = json.loads(answer.content)
    body["beat"] = _beat()
    body["workers"] = _workers()
    body["queues"] = queue_lengths()
    return JsonResponse(body, status=answer.status_code)


health = ready  # /healthz: what balancers were told to probe
