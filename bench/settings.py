"""Settings of the web processes a benchmark starts: the site's own, with the
bench-only urlconf (the site's URLs plus /bench/bare)."""

from lacitta_site.settings.base import *  # noqa: F403

ROOT_URLCONF = "bench.urls"
DEBUG = False
