"""Limits on how often a player may act (moves, chat lines), counted in a sliding window in the cache, the
same on the pages and the API. Nothing here knows HTTP beyond the header names the answers carry."""

from __future__ import annotations

import time

from django.core.cache import cache
from rest_framework.throttling import SimpleRateThrottle


class SlidingLimit:
    """Accepted actions per caller in a sliding window (moves: ``REST_FRAMEWORK`` rate "moves", 120/min; chat:
    ``CHAT_RATE``): a refused action costs nothing. Every answer carries ``RateLimit-Limit``,
    ``RateLimit-Remaining`` and ``RateLimit-Reset`` (seconds until the oldest counted action leaves the
    window, i.e. until one more is allowed when none is left; 0 when nothing is counted), and a 429
    ``Retry-After`` (issue 31.5: the same way on every limited endpoint)."""

    def __init__(self, name: str, user_id: int, rate: str):
        self.limit, self.window = SimpleRateThrottle.parse_rate(None, rate)
        self.key = f"api-{name}:{user_id}"
        self.now = time.time()
        self.history = [t for t in (cache.get(self.key) or []) if t > self.now - self.window]

    def full(self) -> bool:
        return len(self.history) >= self.limit

    def record(self) -> None:
        self.history.insert(0, self.now)
        cache.set(self.key, self.history[: self.limit], self.window)

    def reset(self) -> int:
        return int(self.history[-1] + self.window - self.now) + 1 if self.history else 0

    def headers(self) -> dict[str, str]:
        return limit_headers(self.limit, len(self.history), self.reset())


def limit_headers(limit: int, used: int, reset: int) -> dict[str, str]:
    return {"RateLimit-Limit": str(limit), "RateLimit-Remaining": str(max(0, limit - used)),
            "RateLimit-Reset": str(reset)}
