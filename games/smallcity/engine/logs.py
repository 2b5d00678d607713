"""One line of Small City's log (a key of the game's texts and its parameters), for every module of the engine."""

from __future__ import annotations

from kit.base import LogEntry


def log_line(key, seat=None, visible_to=None, **params) -> LogEntry:
    return LogEntry(f"smallcity.{key}", params, seat, tuple(visible_to) if visible_to is not None else None)
