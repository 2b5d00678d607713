"""What keeps an open event stream honest (``play.stream``): its credentials are checked again while it
is open, it lives at most ``STREAM_MAX_SECONDS``, and a user or an address holds only so many at once.

- **Re-checked**: a stream opened with a token or a session is checked again before each event it
  relays and every ``STREAM_RECHECK_SECONDS`` while it is quiet; a revoked token, a password changed
  (tokens are revoked then, other sessions no longer valid) or a closed account ends it. A stream of one
  game also asks whether its reader may still see that game (``selectors.can_view``, the pages' rule):
  a private game's seat given away ends it.
- **Lifetime**: every stream ends after ``STREAM_MAX_SECONDS`` (clients reconnect and get the present
  state first, as after a restart).
- **Caps**: at most ``STREAM_MAX_PER_USER`` open streams and long-polls per user and
  ``STREAM_MAX_PER_ADDRESS`` per client address (``lacitta_site.client_ip``: anonymous visitors of public
  games included); one more is a 429. With ``REDIS_URL`` the open ones are counted in Redis, so every
  stream process shares the count; each entry expires with the stream's lifetime, so a process that
  died frees its slots on its own."""

from __future__ import annotations

import logging
import random
import threading
import time
import uuid
from dataclasses import dataclass, field
from importlib import import_module
from types import SimpleNamespace

from django.conf import settings
from django.utils.module_loading import import_string

log = logging.getLogger(__name__)


# --- credentials ---------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Credentials:
    """How a stream's caller proved who they are: a token's key, a session's key, or nothing
    (an anonymous visitor of a public game, nothing to re-check); and the game a stream of one game
    reads (None: the caller's own events)."""

    user_id: int | None = None
    key: str | None = None
    session_key: str | None = None
    game_id: int | None = None

    def still_valid(self) -> bool:
        """Whether they would still be let in now (a query or two: call it off the event loop)."""
        if self.user_id is None:
            return True
        user = self._user()
        return user is not None and (self.game_id is None or self._may_see_game(user))

    def _user(self):
        if self.key is not None:
            from .api_auth import scopes_of, user_of_key

            found = user_of_key(self.key)
            ok = found is not None and found[0].pk == self.user_id and "read" in scopes_of(found[1])
            return found[0] if ok else None
        if self.session_key is not None:
            from django.contrib import auth

            store = import_module(settings.SESSION_ENGINE).SessionStore(self.session_key)
            user = auth.get_user(SimpleNamespace(session=store))  # checks the password's hash, as a page does
            return user if user.is_authenticated and user.pk == self.user_id and user.is_active else None
        return None

    def _may_see_game(self, user) -> bool:
        """The pages' own rule, asked again: a private game's player whose seat was given away no longer
        reads its stream."""
        from . import selectors

        game = selectors.game_with_seats(self.game_id)
        return game is not None and selectors.can_view(game, user)


LIFETIME_JITTER = 0.1  # a stream lives between 90 % and 100 % of STREAM_MAX_SECONDS


class Guard:
    """When a stream must check its credentials again, and when it must end."""

    def __init__(self, credentials: Credentials):
        now = time.monotonic()
        self.credentials = credentials
        self.every = float(settings.STREAM_RECHECK_SECONDS)
        self.next_check = now + self.every
        # Spread over the lifetime's last tenth: streams that opened together (a stream host came back, or
        # went, and its clients all moved) do not all end and reconnect in one instant, and the balancer's
        # least_conn spreads their reconnections over the hosts as they come (docs/deploy.md).
        self.ends = now + float(settings.STREAM_MAX_SECONDS) * random.uniform(1 - LIFETIME_JITTER, 1)

    def over(self) -> bool:
        return time.monotonic() >= self.ends

    def wait(self, until: float) -> float:
        """How long to wait for an event: until ``until`` (the next keep-alive), the next check or the end."""
        limit = min(until, self.ends)
        if self.credentials.user_id is not None:
            limit = min(limit, self.next_check)
        return max(0.0, limit - time.monotonic())

    def must_check(self, event) -> bool:
        """Before relaying any event, and when the interval is over."""
        if self.credentials.user_id is None:
            return False
        return event is not None or time.monotonic() >= self.next_check

    def check(self) -> bool:
        self.next_check = time.monotonic() + self.every
        return self.credentials.still_valid()


# --- caps ------------------------------------------------------------------------------------------------


@dataclass
class Slot:
    """A stream's place in the counts it was admitted under; ``release()`` (idempotent) frees it."""

    counter: _Counter
    keys: list[str]
    member: str = field(default_factory=lambda: uuid.uuid4().hex)
    released: bool = False

    def release(self) -> None:
        if not self.released:
            self.released = True
            self.counter.remove(self.keys, self.member)


class _LocalCounter:
    """Without Redis: one process's open streams."""

    def __init__(self):
        self._lock = threading.Lock()
        self._open: dict[str, dict[str, float]] = {}

    def add(self, keys_caps: list[tuple[str, int]], member: str, expires: float) -> bool:
        now = time.time()
        with self._lock:
            for key, cap in keys_caps:
                entries = {m: e for m, e in self._open.get(key, {}).items() if e > now}
                self._open[key] = entries
                if len(entries) >= cap:
                    return False
            for key, _cap in keys_caps:
                self._open[key][member] = expires
        return True

    def remove(self, keys: list[str], member: str) -> None:
        with self._lock:
            for key in keys:
                entries = self._open.get(key)
                if entries is not None:
                    entries.pop(member, None)
                    if not entries:
                        del self._open[key]

    def count(self, key: str) -> int:
        now = time.time()
        with self._lock:
            return sum(1 for e in self._open.get(key, {}).values() if e > now)

    def forget_all(self, prefix: str) -> None:
        with self._lock:
            for key in [k for k in self._open if k.startswith(prefix)]:
                del self._open[key]


class _RedisCounter:
    """With Redis: a sorted set per user and per address, members scored by when they expire."""

    def __init__(self, url: str):
        import redis

        self.redis = redis.Redis.from_url(url, socket_timeout=1, socket_connect_timeout=1)

    def add(self, keys_caps: list[tuple[str, int]], member: str, expires: float) -> bool:
        now = time.time()
        ttl = max(1, int(expires - now) + 1)
        pipe = self.redis.pipeline(transaction=True)
        for key, _cap in keys_caps:
            pipe.zremrangebyscore(key, "-inf", now)
            pipe.zadd(key, {member: expires})
            pipe.zcard(key)
            pipe.expire(key, ttl)
        results = pipe.execute()
        counts = results[2::4]
        if any(n > cap for n, (_key, cap) in zip(counts, keys_caps, strict=True)):
            self.remove([k for k, _c in keys_caps], member)  # added and counted at once: no race lets two in
            return False
        return True

    def remove(self, keys: list[str], member: str) -> None:
        pipe = self.redis.pipeline(transaction=False)
        for key in keys:
            pipe.zrem(key, member)
        pipe.execute()

    def count(self, key: str) -> int:
        return int(self.redis.zcount(key, time.time(), "+inf"))

    def forget_all(self, prefix: str) -> None:
        keys = list(self.redis.scan_iter(match=prefix + "*", count=500))
        if keys:
            self.redis.delete(*keys)


_local = _LocalCounter()
_redis_counters: dict[str, _RedisCounter] = {}


class _Counter:
    """Redis when ``REDIS_URL`` is set (shared by the stream processes), else this process; a Redis that
    fails lets streams open (as the site's other limits do: ``RATELIMIT_FAIL_OPEN``)."""

    def _backend(self):
        url = settings.REDIS_URL
        if not url:
            return _local
        if url not in _redis_counters:
            _redis_counters[url] = _RedisCounter(url)
        return _redis_counters[url]

    def add(self, keys_caps, member, expires) -> bool:
        try:
            return self._backend().add(keys_caps, member, expires)
        except Exception as exc:  # (the count is a safeguard; Redis away must not refuse all)
            log.warning("stream caps not counted: %s", exc)
            return True

    def remove(self, keys, member) -> None:
        try:
            self._backend().remove(keys, member)
        except Exception as exc:  # (the entry expires with the stream's lifetime anyway)
            log.warning("stream slot not freed: %s", exc)

    def count(self, key: str) -> int:
        return self._backend().count(key)

    def forget_all(self, prefix: str) -> None:
        """Every place under ``prefix`` freed (tests; or an operator after every stream process died)."""
        _local.forget_all(prefix)
        if settings.REDIS_URL:
            self._backend().forget_all(prefix)


COUNTER = _Counter()


def open_prefix() -> str:
    from .events import prefix

    return prefix() + "open:"


def client_ip(request) -> str:
    """The client's address behind our proxies (the site's one rule: ``CLIENT_IP_CALLABLE``)."""
    return import_string(settings.CLIENT_IP_CALLABLE)(request)


def user_key(user_id: int) -> str:
    return f"{open_prefix()}u{user_id}"


def address_key(address: str) -> str:
    return f"{open_prefix()}a{address}"


def admit(user_id: int | None, address: str) -> Slot | None:
    """A slot for one more stream of this user and address, or None when either holds its most already."""
    keys_caps = [(address_key(address), int(settings.STREAM_MAX_PER_ADDRESS))]
    if user_id is not None:
        keys_caps.append((user_key(user_id), int(settings.STREAM_MAX_PER_USER)))
    slot = Slot(COUNTER, [k for k, _c in keys_caps])
    # Slack past the lifetime: a long-poll or a stream finishing its last write still holds its place.
    expires = time.time() + float(settings.STREAM_MAX_SECONDS) + LONG_POLL_SLACK
    return slot if COUNTER.add(keys_caps, slot.member, expires) else None


LONG_POLL_SLACK = 120.0
