"""Clock arithmetic for correspondence play (pure functions, no database).

A seat's clock runs only while the seat owes a decision. It holds a bank of
seconds; a move spends the time used, then adds the increment, up to a cap.
While the seat's player is on vacation the clock stops, but for at most
``cap`` seconds per game, so nobody can stall a game forever.

Vacations are given as (start, end) datetime pairs; they may overlap or lie
in the past; only the parts after the clock started count.
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime, timedelta

Interval = tuple[datetime, datetime]


def _merged(intervals: Iterable[Interval], start: datetime) -> list[Interval]:
    """Sorted, non-overlapping intervals clipped to begin at ``start``."""
    clipped = sorted((max(a, start), b) for a, b in intervals if b > start and b > a)
    merged: list[Interval] = []
    for a, b in clipped:
        if merged and a <= merged[-1][1]:
            merged[-1] = (merged[-1][0], max(merged[-1][1], b))
        else:
            merged.append((a, b))
    return merged


def paused_seconds(start: datetime, end: datetime, vacations: Iterable[Interval], cap: float) -> float:
    """Seconds of [start, end] during which the clock stood still (vacation), at most ``cap``."""
    total = 0.0
    for a, b in _merged(vacations, start):
        if a >= end:
            break
        total += (min(b, end) - a).total_seconds()
    return min(total, max(cap, 0.0))


def spent_seconds(start: datetime, end: datetime, vacations: Iterable[Interval], cap: float) -> float:
    """Seconds charged to the bank for a decision that took from ``start`` to ``end``."""
    return max((end - start).total_seconds() - paused_seconds(start, end, vacations, cap), 0.0)


def time_when_spent(start: datetime, seconds: float, vacations: Iterable[Interval], cap: float) -> datetime:
    """The moment at which a clock started at ``start`` will have spent ``seconds``
    (the deadline for the whole bank, the reminder time for 80% of it)."""
    t, remaining, cap_left = start, float(seconds), max(float(cap), 0.0)
    for a, b in _merged(vacations, start):
        running = (a - t).total_seconds()
        if running >= remaining or cap_left <= 0:
            break
        remaining -= running
        pause = min((b - a).total_seconds(), cap_left)
        cap_left -= pause
        t = a + timedelta(seconds=pause)
    return t + timedelta(seconds=remaining)


def bank_after_move(bank: float, spent: float, increment: float, maximum: float) -> int:
    """What is left on the clock after a decision: spend, add the increment, cap."""
    return int(min(max(bank - spent, 0) + increment, maximum))
