"""Settings of the worker processes the fault tests start (DJANGO_SETTINGS_MODULE).

The workers' settings of every test (tests/worker_settings.py), with the race game's
"slow" bot level (tests/faults/slow_race.py) and Redis' visibility timeout made short
when a test asks for it (``FAULTS_VISIBILITY_TIMEOUT``): a message taken by a worker
that died is given to another after that many seconds instead of an hour."""

import os

from lacitta_site.settings.base import CELERY_BROKER_TRANSPORT_OPTIONS, CELERY_BROKER_URL
from tests.worker_settings import *  # noqa: F403
from tests.worker_settings import INSTALLED_APPS

INSTALLED_APPS = [*INSTALLED_APPS, "tests.faults.slow_race.SlowRaceConfig"]

if os.environ.get("FAULTS_VISIBILITY_TIMEOUT") and CELERY_BROKER_URL.startswith("redis"):
    CELERY_BROKER_TRANSPORT_OPTIONS = {
        **CELERY_BROKER_TRANSPORT_OPTIONS,  # the site's socket timeouts
        "visibility_timeout": int(os.environ["FAULTS_VISIBILITY_TIMEOUT"]),
        "unacked_restore_interval": 1,
        "unacked_restore_throttle": 1,
    }
