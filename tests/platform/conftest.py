"""Fixtures of the platform tests."""

from tests.platform.servers import asgi_server  # noqa: F401  (the site under uvicorn)
