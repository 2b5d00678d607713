"""A stream's relay loop written once for both servers.

A relay's logic (what to send, when to wait, when to re-check the credentials, when to stop) is a plain
generator of *needs* — ``Wait(seconds)``, ``CHECK``, ``Decorate(event)``, ``Send(bytes)`` — that is told
the answer to each one. ``sync`` carries the needs out with blocking calls (WSGI: a thread per client),
``async_`` with awaited ones (ASGI: a coroutine per client, database work in the loop's pool). So the
API's streams (``play.stream``) and the game pages' (``play.stream_page``) write their loop once, and
neither driver can drift from the other."""

from __future__ import annotations

import weakref
from collections.abc import Callable, Generator
from dataclasses import dataclass

from asgiref.sync import sync_to_async
from django.conf import settings
from django.db import DatabaseError, connection


@dataclass(frozen=True)
class Wait:
    """The next event of the subscription, or None after ``seconds``."""

    seconds: float | None


@dataclass(frozen=True)
class Decorate:
    """The event as the reader should get it (database work)."""

    event: dict


@dataclass(frozen=True)
class Send:
    data: bytes


CHECK = object()
"""Are the stream's credentials still good (database work)? Answered True or False."""

Steps = Generator[object, object, None]


def in_thread(fn, *args):
    """Database work off the event loop, in a thread of the loop's pool (a few, whatever the number of
    clients). Each keeps its connection (a new one per client would cost a server process fork each);
    one that failed is closed, and the next call opens another."""

    def run():
        try:
            return fn(*args)
        except DatabaseError:
            connection.close()
            raise
        finally:
            if not settings.STREAM_KEEP_DB_CONNECTIONS:
                connection.close()

    return sync_to_async(run, thread_sensitive=False)()


def released_when_dropped(chunks, sub, slot):
    """A client gone before its first line is sent never starts the generator, so its ``finally`` never runs:
    its subscription and place go when the generator is dropped."""
    weakref.finalize(chunks, sub.close)
    weakref.finalize(chunks, slot.release)
    return chunks


def sync(steps: Steps, sub, slot, guard, decorate: Callable[[dict], dict] | None = None):
    """The bytes to send, under WSGI: the thread waits on the subscription; no database connection is
    held while it waits (a WSGI thread waits here for long)."""

    def chunks():
        connection.close()
        answer = None
        try:
            while True:
                try:
                    need = steps.send(answer)
                except StopIteration:
                    return
                answer = None
                if isinstance(need, Send):
                    yield need.data
                elif isinstance(need, Wait):
                    answer = sub.get(need.seconds)
                elif need is CHECK:
                    answer = guard.check()
                    connection.close()
                elif isinstance(need, Decorate):
                    answer = decorate(need.event)
                    connection.close()
        finally:
            steps.close()
            sub.close()
            slot.release()

    return released_when_dropped(chunks(), sub, slot)


def async_(steps: Steps, sub, slot, guard, decorate: Callable[[dict], dict] | None = None):
    """The bytes to send, under ASGI: the coroutine awaits the subscription; database work in the pool."""

    async def chunks():
        answer = None
        try:
            while True:
                try:
                    need = steps.send(answer)
                except StopIteration:
                    return
                answer = None
                if isinstance(need, Send):
                    yield need.data
                elif isinstance(need, Wait):
                    answer = await sub.aget(need.seconds)
                elif need is CHECK:
                    answer = await in_thread(guard.check)
                elif isinstance(need, Decorate):
                    answer = await in_thread(decorate, need.event)
        finally:
            steps.close()
            sub.close()
            slot.release()

    return released_when_dropped(chunks(), sub, slot)
