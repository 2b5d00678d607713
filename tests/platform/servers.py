"""The site under uvicorn (ASGI), as the stream process runs it in production (``deploy/site stream``),
in a thread of the test process so that it reads the test database."""

import socket
import threading
import time

import pytest
import uvicorn
from django.core.asgi import get_asgi_application
from django.db import connections

from lacitta_site.asgi import sharing_one_thread


@pytest.fixture
def asgi_server(transactional_db):
    """The site under uvicorn, in a thread of this process (so it reads the test database). As in the
    stream process (deploy/site stream), no persistent connections: under ASGI each request's sync
    code runs in a thread of its own, whose connection must close with the request."""
    saved = connections.settings["default"].get("CONN_MAX_AGE", 0)
    connections.settings["default"]["CONN_MAX_AGE"] = 0
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    server = uvicorn.Server(
        uvicorn.Config(
            sharing_one_thread(get_asgi_application()), host="127.0.0.1", port=port, log_level="warning", lifespan="off"
        )
    )
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 10
    while not server.started and time.monotonic() < deadline:
        time.sleep(0.05)
    assert server.started
    yield f"http://127.0.0.1:{port}"
    server.should_exit = True
    thread.join(10)
    connections.settings["default"]["CONN_MAX_AGE"] = saved
