"""Tests in parallel (pytest-xdist, `make test`): what each worker process keeps to itself.

pytest-django gives each worker its own test database (the worker's name added to its NAME: a file
``test_db.sqlite3_gw0``, a PostgreSQL ``test_lacitta_gw0``), so the Celery workers a test starts (they
read the test database's name) and the events' Redis channels (prefixed by the database's name) are
the worker's own too. The Redis cache is one database for all: each worker's keys carry its name, and
"an empty cache" at the start of a test (tests/conftest.py) empties only the worker's keys."""

from __future__ import annotations

import os

from lacitta_site.cache import TolerantRedisCache

WORKER = os.environ.get("PYTEST_XDIST_WORKER", "")  # "gw0", "gw1"… under xdist, "" otherwise


class WorkerRedisCache(TolerantRedisCache):
    """The Redis cache of one xdist worker: ``clear()`` deletes this worker's keys, not the database."""

    def clear(self):
        self.delete_pattern("*")


def per_worker(caches: dict) -> dict:
    """``CACHES`` with the default Redis cache made the worker's own (unchanged outside xdist)."""
    default = caches["default"]
    if not WORKER or "Redis" not in default["BACKEND"]:
        return caches
    return {**caches, "default": {**default, "BACKEND": "tests.xdist.WorkerRedisCache", "KEY_PREFIX": WORKER}}
