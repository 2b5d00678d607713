import time

import pytest

from games import texts
from games.engines import registry
from tests.platform.factories import make_user


@pytest.fixture(autouse=True, scope="session")
def _race_engine():
    """The platform is tested with a tiny game of its own (tests/support)."""
    from tests.support.race_engine import ENGINE, RaceTexts

    registry.register(ENGINE)
    texts.register_catalog("race", RaceTexts)
    yield


@pytest.fixture(autouse=True)
def _fresh_cache():
    """Each test starts with an empty cache (a real Redis keeps keys between
    tests: rate limits, presence, sessions)."""
    from django.core.cache import cache

    cache.clear()
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
