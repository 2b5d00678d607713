import pytest

from games import texts
from games.engines import registry


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
