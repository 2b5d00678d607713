"""A circuit breaker for calls to a service on the request path (Redis: the cache, the broker, pub/sub).

After a failure the service is left alone for ``PAUSE_SECONDS``: every call in that time fails at once instead
of waiting for its socket timeout again, so a hung Redis costs one request a couple of seconds, not every
request (docs/deploy.md, "When something stops"). Per process; nothing to share: each process finds out."""

from __future__ import annotations

import time

PAUSE_SECONDS = 5.0


class Breaker:
    def __init__(self, name: str, pause: float = PAUSE_SECONDS):
        self.name = name
        self.pause = pause
        self._open_until = 0.0

    def is_open(self) -> bool:
        """True while calls should not be tried."""
        return time.monotonic() < self._open_until

    def failed(self) -> None:
        self._open_until = time.monotonic() + self.pause

    def reset(self) -> None:
        self._open_until = 0.0


CACHE = Breaker("cache")
BROKER = Breaker("broker")
