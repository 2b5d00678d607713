"""Django's Redis cache, made to survive Redis being away.

Everything in the cache can be lost (sessions are backed by the database,
presence and rate-limit counters are hints), but Django's ``RedisCache``
raises ``ConnectionError`` from every call when Redis is down, so a login, a
game page (presence) or a move (rate limit) answered 500. Here a call that
cannot reach Redis behaves as a miss: reads give the default, writes do
nothing, ``add`` answers "added" (so locks and rate limits built on it let the
request through: rate limits are open while Redis is down). After a failure Redis is not tried
again for ``RETRY_AFTER`` seconds, so a request does not wait on each call.
``/healthz`` still reports the cache as down."""

from __future__ import annotations

import logging
import time

from django.core.cache.backends.redis import RedisCache, RedisCacheClient
from redis.exceptions import ConnectionError as RedisConnectionError
from redis.exceptions import TimeoutError as RedisTimeoutError

log = logging.getLogger(__name__)

RETRY_AFTER = 5.0
_ERRORS = (RedisConnectionError, RedisTimeoutError, OSError)


class ReusingRedisCacheClient(RedisCacheClient):
    """Django builds a new ``redis.Redis`` for every cache call (a dict of ~170
    response callbacks each time: a tenth of a millisecond, twice per game page).
    A client is only a pool handle and is thread-safe: keep one per pool."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self._clients = {}

    def get_client(self, key=None, *, write=False):
        pool = self._get_connection_pool(write)  # pools live as long as this object
        client = self._clients.get(id(pool))
        if client is None:
            client = self._clients[id(pool)] = self._client(connection_pool=pool)
        return client


class TolerantRedisCache(RedisCache):
    _down_until = 0.0

    def __init__(self, server, params):
        super().__init__(server, params)
        self._class = ReusingRedisCacheClient

    def _call(self, name, fallback, *args, **kwargs):
        if time.monotonic() < self._down_until:
            return fallback()
        try:
            return getattr(super(), name)(*args, **kwargs)
        except _ERRORS as exc:
            self._down_until = time.monotonic() + RETRY_AFTER
            log.warning("cache unreachable (%s): %s() answered as a miss for %ss", exc, name, RETRY_AFTER)
            return fallback()

    def get(self, key, default=None, version=None):
        return self._call("get", lambda: default, key, default, version)

    def get_many(self, keys, version=None):
        return self._call("get_many", dict, keys, version)

    def has_key(self, key, version=None):
        return self._call("has_key", lambda: False, key, version)

    def add(self, *args, **kwargs):
        # As if stored: callers that use add() as a lock (allauth's rate limits)
        # or as the first count (django-ratelimit) go ahead instead of refusing.
        return self._call("add", lambda: True, *args, **kwargs)

    def set(self, *args, **kwargs):
        return self._call("set", lambda: None, *args, **kwargs)

    def set_many(self, data, *args, **kwargs):
        return self._call("set_many", lambda: list(data), data, *args, **kwargs)

    def touch(self, *args, **kwargs):
        return self._call("touch", lambda: False, *args, **kwargs)

    def delete(self, *args, **kwargs):
        return self._call("delete", lambda: False, *args, **kwargs)

    def delete_many(self, *args, **kwargs):
        return self._call("delete_many", lambda: None, *args, **kwargs)

    def incr(self, key, delta=1, version=None):
        def missing():
            raise ValueError(f"Key '{key}' not found (cache unreachable)")

        return self._call("incr", missing, key, delta, version)

    def clear(self):
        return self._call("clear", lambda: False)
