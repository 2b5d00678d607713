import random
import time
import zlib

import pytest

from tests.platform.factories import make_user

# The browser fixtures (Playwright, Chromium) for the platform's and each game's browser tests.
pytest_plugins = ["tests.browser.fixtures"]


@pytest.fixture(autouse=True)
def _fresh_cache():
    """Each test starts with an empty cache (a real Redis keeps keys between
    tests: rate limits, presence, sessions) and no kept drawing (play/drawings.py: a test that changes
    what a board is drawn with, a text or a setting, draws it again)."""
    from django.core.cache import cache, caches

    cache.clear()
    caches["drawings"].clear()
    yield


@pytest.fixture(autouse=True)
def _breakers_closed():
    """The circuit breakers (play/breaker.py) are the process's memory of a failed Redis: a test that made the
    broker or the cache fail must not leave the next test's work unqueued for 5 seconds."""
    from play.breaker import BROKER, CACHE

    BROKER.reset()
    CACHE.reset()
    yield


@pytest.fixture(autouse=True)
def _site_language_after_each_test():
    """A test that switched the process to French (a mail worded in its reader's language, a page asked in
    French outside a request) must not change the language of the tests that follow."""
    yield
    from django.utils import translation

    translation.deactivate()


@pytest.fixture(autouse=True)
def _games_dealt_the_same_every_run(request, monkeypatch):
    """Every game a test opens is dealt from seeds fixed by the test's name (``play.models.new_seed`` reads
    ``secrets.randbits``), so a test meets the same deals, the same bots' choices and the same game on every run:
    two CI runs once failed on a deal no run before had met. A test that needs one seed patches it itself, as
    before (its patch is the inner one)."""
    seeds = random.Random(zlib.crc32(request.node.nodeid.encode()))
    monkeypatch.setattr("play.models.secrets.randbits", seeds.getrandbits)
    yield


@pytest.fixture
def alice(db):
    return make_user("alice")


@pytest.fixture
def bob(db):
    return make_user("bob")


def wait_for(predicate, timeout=60.0, step=0.2):
    """Polls until predicate() is true (then True) or timeout seconds passed (then False): for the
    tests that wait on another process (a Celery worker)."""
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if predicate():
            return True
        time.sleep(step)
    return False
