"""Issue 43: an open page stream holds no thread of the stream process. Django runs an ASGI request's
thread-sensitive work (its middleware's hooks) in a thread it makes for that request, which stayed (idle) for as
long as the stream was open: a thread per open page (3,003 threads for 3,000 streams, docs/deploy.md). The stream
process's application sends that work to one thread (``lacitta_site/asgi.py``; tests/platform/servers.py serves
the same), and the site's middleware is async-capable (``lacitta_site/static_files.py``)."""

from __future__ import annotations

import threading
import time

import pytest

from tests.platform.factories import accept_all, make_user, race_game
from tests.platform.test_page_stream import PageReader, _session

pytestmark = pytest.mark.django_db(transaction=True)

STREAMS = 12


def server_threads() -> int:
    """Threads of this process but the test's own stream readers (PageReader: one each)."""
    return sum(1 for t in threading.enumerate() if t.name != "page-reader")


def test_open_page_streams_hold_no_thread_each(asgi_server, settings):
    settings.STREAM_MAX_PER_USER = STREAMS  # (two players' pages, one address)
    alice, bob = make_user("alice"), make_user("bob")
    game = accept_all(race_game(alice, [bob]), [bob])
    url = f"{asgi_server}/api/stream/pages/{game.pk}/"
    readers = []
    try:
        for _ in range(3):  # the loop's few database threads, made on first use
            readers.append(PageReader(url, _session(bob)))
            assert readers[-1].next()[0] == "hello"
        before = server_threads()
        for n in range(STREAMS):
            readers.append(PageReader(url, _session(alice if n % 2 else bob)))
            assert readers[-1].next()[0] == "hello"
        time.sleep(0.5)
        assert server_threads() - before < STREAMS // 3, [t.name for t in threading.enumerate()]
    finally:
        for reader in readers:
            reader.close()
