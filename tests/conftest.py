import pytest

# The browser fixtures (Playwright, Chromium) for the platform's and each game's browser tests.
pytest_plugins = ["tests.browser.fixtures"]


@pytest.fixture(autouse=True)
def _fresh_cache():
    """Each test starts with an empty cache (a real Redis keeps keys between
    tests: rate limits, presence, sessions)."""
    from django.core.cache import cache

    cache.clear()
    yield
