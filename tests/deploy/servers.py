"""Which PostgreSQL and Redis servers the deploy test may use."""

from __future__ import annotations

import os
from dataclasses import dataclass
from urllib.parse import urlsplit, urlunsplit


@dataclass(frozen=True)
class Servers:
    postgres_admin: str  # URL of a role that may create and drop databases, on any database
    redis: str  # a Redis database of the test's own (flushed before and after)

    def postgres(self, database: str) -> str:
        return urlunsplit(urlsplit(self.postgres_admin)._replace(path="/" + database))


def servers() -> Servers | None:
    postgres = os.environ.get("DEPLOY_TEST_POSTGRES", "")
    redis = os.environ.get("DEPLOY_TEST_REDIS", "")
    suite_db = os.environ.get("DATABASE_URL", "")
    suite_redis = os.environ.get("REDIS_URL", "")
    if not postgres and urlsplit(suite_db).scheme in ("postgres", "postgresql"):
        postgres = urlunsplit(urlsplit(suite_db)._replace(path="/postgres"))
    if not redis and suite_redis:
        # Its own database on the suite's server: the suite uses another (CI: 15).
        redis = urlunsplit(urlsplit(suite_redis)._replace(path="/14"))
    if not postgres or not redis:
        return None
    return Servers(postgres_admin=postgres, redis=redis)
