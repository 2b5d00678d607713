"""Settings of the Celery worker processes that tests start (DJANGO_SETTINGS_MODULE): the site's own,
as a worker runs in production, with the test-only games installed as the test settings install them."""

from lacitta_site.settings.base import *  # noqa: F403
from lacitta_site.settings.base import INSTALLED_APPS
from tests.games import APPS as TEST_GAME_APPS

INSTALLED_APPS = [*INSTALLED_APPS, *TEST_GAME_APPS]

# The Celery worker of a test run by an xdist worker shares that worker's cache keys (tests/xdist.py).
from tests.xdist import per_worker  # noqa: E402

CACHES = per_worker(CACHES)  # noqa: F405
