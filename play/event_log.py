"""Event ids and a bounded backlog per channel, so a stream that dropped can resume (issue 31.2).

Every published event gets an ``event_id``: a whole number that grows with time (microseconds since
the epoch, or one more than the last id when the clock has not moved on). Each channel keeps its last
``BACKLOG_SIZE`` events for ``BACKLOG_SECONDS``. ``since(channel, after)`` gives the events after
``after``, or None when some of them may be gone (the backlog was trimmed past ``after``, or ``after``
is older than the time events are kept): the client must then re-read the present state.

With ``REDIS_URL``: a Redis list per channel, written by one Lua script (ids and trims stay
consistent across processes). Without: this process's memory, which reaches exactly the streams the
in-process hub reaches."""

from __future__ import annotations

import json
import threading
import time
from collections import deque

BACKLOG_SIZE = 200
BACKLOG_SECONDS = 600


def _now_us() -> int:
    return time.time_ns() // 1000


def _covered(after: int, floor: int | None, newest_gone_by: int) -> bool:
    """Whether the backlog holds every event after ``after``: none was trimmed after it (``floor``:
    the id of the newest event trimmed), and none could have expired after it."""
    if floor is not None:
        return after >= floor
    return after >= newest_gone_by


class LocalLog:
    def __init__(self):
        self._lock = threading.Lock()
        self._last = 0
        self._channels: dict[str, deque] = {}
        self._floors: dict[str, int] = {}
        self._touched: dict[str, int] = {}

    def append(self, messages: list[tuple[str, dict]]) -> list[tuple[str, dict]]:
        with self._lock:
            now = _now_us()
            self._expire(now)
            stamped = []
            for channel, event in messages:
                self._last = max(now, self._last + 1)
                event = {**event, "event_id": self._last}
                backlog = self._channels.setdefault(channel, deque())
                backlog.append(event)
                if len(backlog) > BACKLOG_SIZE:
                    self._floors[channel] = backlog.popleft()["event_id"]
                self._touched[channel] = now
                stamped.append((channel, event))
            return stamped

    def _expire(self, now: int) -> None:
        """A channel quiet for BACKLOG_SECONDS is forgotten whole (as a Redis key's TTL does)."""
        old = now - BACKLOG_SECONDS * 1_000_000
        for channel in [c for c, at in self._touched.items() if at < old]:
            self._channels.pop(channel, None)
            self._floors.pop(channel, None)
            del self._touched[channel]

    def last_id(self) -> int:
        with self._lock:
            return self._last

    def since(self, channel: str, after: int) -> list[dict] | None:
        with self._lock:
            now = _now_us()
            self._expire(now)
            backlog = list(self._channels.get(channel, ()))
            floor = self._floors.get(channel)
        if not _covered(after, floor if backlog else None, now - BACKLOG_SECONDS * 1_000_000):
            return None
        return [e for e in backlog if e["event_id"] > after]


# KEYS[1]: the site's last id; KEYS[2..]: pairs (channel list, channel floor). ARGV: size, ttl, events'
# JSON (each "{...}"), one per channel pair. Returns the ids given, in order.
_APPEND = """
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000000 + tonumber(t[2])
local last = tonumber(redis.call('GET', KEYS[1]) or '0')
local size, ttl = tonumber(ARGV[1]), tonumber(ARGV[2])
local ids = {}
for i = 3, #ARGV do
  local id = math.max(now, last + 1)
  last = id
  local list, floor = KEYS[2 * (i - 2)], KEYS[2 * (i - 2) + 1]
  local body = ARGV[i]
  local sep = string.len(body) > 2 and ',' or ''
  local stamped = string.sub(body, 1, -2) .. sep .. '"event_id":' .. string.format('%d', id) .. '}'
  redis.call('RPUSH', list, stamped)
  if redis.call('LLEN', list) > size then
    local gone = redis.call('LPOP', list)
    redis.call('SET', floor, string.match(gone, '"event_id":(%d+)}$'))
  end
  redis.call('EXPIRE', list, ttl)
  if redis.call('EXISTS', floor) == 1 then redis.call('EXPIRE', floor, ttl) end
  ids[#ids + 1] = string.format('%d', id)
end
redis.call('SET', KEYS[1], string.format('%d', last))
-- The backlog's epoch: since when it holds every event (a restarted Redis starts a new one).
redis.call('SET', KEYS[1] .. ':epoch', string.format('%d', now), 'NX')
return ids
"""


class RedisLog:
    def __init__(self, client, prefix: str):
        self.client, self.prefix = client, prefix
        self._append = client.register_script(_APPEND)

    def _keys(self, channel: str) -> tuple[str, str]:
        return f"{self.prefix}log:{channel}", f"{self.prefix}floor:{channel}"

    def append(self, messages: list[tuple[str, dict]]) -> list[tuple[str, dict]]:
        keys = [f"{self.prefix}last"]
        for channel, _event in messages:
            keys.extend(self._keys(channel))
        bodies = [json.dumps(event, separators=(",", ":")) for _c, event in messages]
        ids = self._append(keys=keys, args=[BACKLOG_SIZE, BACKLOG_SECONDS, *bodies])
        return [(c, {**event, "event_id": int(i)}) for (c, event), i in zip(messages, ids, strict=True)]

    def last_id(self) -> int:
        return int(self.client.get(f"{self.prefix}last") or 0)

    def mark_gap(self) -> None:
        """Events may have been lost until now (published late, or never): the backlog vouches only for
        what comes after; a client resuming from before gets a ``resync`` and the present."""
        seconds, micros = self.client.time()  # the server's clock, as the ids' (every host agrees on it)
        self.client.set(f"{self.prefix}last:epoch", int(seconds) * 1_000_000 + int(micros))

    def since(self, channel: str, after: int) -> list[dict] | None:
        log_key, floor_key = self._keys(channel)
        pipe = self.client.pipeline(transaction=True)
        pipe.lrange(log_key, 0, -1)
        pipe.get(floor_key)
        pipe.get(f"{self.prefix}last:epoch")
        pipe.time()
        stored, floor, epoch, (seconds, micros) = pipe.execute()
        now = int(seconds) * 1_000_000 + int(micros)
        floor = int(floor) if floor and stored else None
        if epoch is None or after < int(epoch):
            return None  # a Redis that restarted (or a gap) since: what came before may be lost
        if not _covered(after, floor, now - BACKLOG_SECONDS * 1_000_000):
            return None
        found = (json.loads(raw) for raw in stored)
        return [e for e in found if e["event_id"] > after]
