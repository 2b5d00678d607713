"""Test settings: fast hashing, e-mails kept in memory, Celery eager unless a
test starts a real worker. DATABASE_URL / REDIS_URL still choose the real
services (CI points them at PostgreSQL and Redis)."""

import os

# A test runs inside one transaction (pytest-django), idle between its statements while a bot thinks or a
# browser clicks: production's bound on an idle transaction (10 s) would end it. 0: no bound.
os.environ.setdefault("DB_IDLE_IN_TRANSACTION_MS", "0")

from .base import *  # noqa: F403
from .base import DATABASES

PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"
CELERY_TASK_ALWAYS_EAGER = True
SECRET_KEY = "test-only"
DEBUG = False

# A worker process started by a test must reach the same test database, so
# SQLite tests use a file instead of memory.
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    DATABASES["default"]["TEST"] = {"NAME": str(BASE_DIR / "test_db.sqlite3")}  # noqa: F405
WHITENOISE_AUTOREFRESH = True  # no collectstatic in tests
PAGE_STREAM_OVER_WSGI = True  # the live test server (threads) serves game pages' streams
STREAM_KEEP_DB_CONNECTIONS = False  # the streams' database threads: the test database is dropped at the end

# The test-only games (tests/games/), installed as any game is: web and worker processes see the same registry.
from tests.games import APPS as TEST_GAME_APPS  # noqa: E402

INSTALLED_APPS = [*INSTALLED_APPS, *TEST_GAME_APPS]  # noqa: F405

# Bot decisions bounded by counts only in tests, never by the clock: a test's bots play the same moves on a slow
# machine (tests/engines/test_search_budget.py times the budget with fake clocks; the worker load test sets its own).
BOT_DECISION_SECONDS = None
BOT_DECISION_CPU_SECONDS = None
BOT_DECISION_SECONDS_OVER_BUDGET = None
BOT_TASK_SLICE_SECONDS = None

# Whole-game tests take moves back hundreds of times (tests/platform/test_undo.py checks the limit itself), and
# fuzz tests send hundreds of refused moves (tests/platform/test_refused_move_limit.py checks that limit).
REST_FRAMEWORK = {**REST_FRAMEWORK, "DEFAULT_THROTTLE_RATES": {  # noqa: F405
    **REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"], "undos": "100000/hour", "refused_moves": "100000/min"}}  # noqa: F405

# Tests in parallel (pytest-xdist): each worker's cache keys are its own (tests/xdist.py).
from tests.xdist import per_worker  # noqa: E402

CACHES = per_worker(CACHES)  # noqa: F405
