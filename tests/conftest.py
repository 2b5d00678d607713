import time

import pytest

from tests.platform.factories import make_user

# The browser fixtures (Playwright, Chromium) for the platform's and each game's browser tests.
pytest_plugins = ["tests.browser.fixtures"]


@pytest.fixture(autouse=True)
def _fresh_cache():
    """Each test starts with an empty cache (a real Redis keeps keys between
    tests: rate limits, presence, sessions)."""
    from django.core.cache import cache

    cache.clear()
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
