"""Settings of the web processes a benchmark starts: the site's own, with the
bench-only urlconf (the site's URLs plus /bench/bare) and the test-only race game."""

from lacitta_site.settings.base import *  # noqa: F403
from lacitta_site.settings.base import INSTALLED_APPS

INSTALLED_APPS = [*INSTALLED_APPS, "tests.games.race"]

ROOT_URLCONF = "bench.urls"
DEBUG = False
