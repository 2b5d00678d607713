"""The Redis cache (django-redis), made to survive Redis being away.

Everything in the cache can be lost (sessions are backed by the database,
presence and rate-limit counters are hints, rendered game bodies are made
again), so the settings turn on django-redis's ``IGNORE_EXCEPTIONS``: a call
that cannot reach Redis behaves as a miss (reads give the default, writes do
nothing) instead of answering 500. ``/healthz`` still reports the cache as down.
After a failed call the cache is not tried for 5 seconds (``play.breaker``):
a Redis that hangs costs one call its 2 s timeout, not every call of a page.

One call answers differently: ``add`` says "added" (django-redis would say
None), because allauth's rate limits take a lock with ``add`` and, finding it
never free, refuse the login; rate limits are open while Redis is down
(django-ratelimit's own counters through ``RATELIMIT_FAIL_OPEN``)."""

from __future__ import annotations

from django_redis.cache import RedisCache, omit_exception
from django_redis.exceptions import ConnectionInterrupted

from play.breaker import CACHE


class _PausedAfterFailure:
    """The django-redis client, behind the breaker: a call while it is open fails at once (a miss), and a call
    that fails opens it, so a hung Redis costs one request its socket timeout and the next 5 s nothing."""

    def __init__(self, client):
        self._client = client

    def __getattr__(self, name):
        attribute = getattr(self._client, name)
        if not callable(attribute):
            return attribute

        def call(*args, **kwargs):
            if CACHE.is_open():
                raise ConnectionInterrupted(connection=None)
            try:
                return attribute(*args, **kwargs)
            except ConnectionInterrupted:
                CACHE.failed()
                raise

        return call


class TolerantRedisCache(RedisCache):
    @property
    def client(self):
        return _PausedAfterFailure(super().client)

    @omit_exception(return_value=True)
    def add(self, *args, **kwargs):
        return self.client.add(*args, **kwargs)


def redis_cache(url: str) -> dict:
    """The ``CACHES["default"]`` that ``REDIS_URL`` selects (the fault tests point it at a dead address)."""
    return {
        "BACKEND": "lacitta_site.cache.TolerantRedisCache",
        "LOCATION": url,
        "OPTIONS": {"IGNORE_EXCEPTIONS": True, "SOCKET_CONNECT_TIMEOUT": 1, "SOCKET_TIMEOUT": 2},
    }
