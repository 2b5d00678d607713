"""The deploy test needs a real PostgreSQL and Redis server (it makes its own databases there).

It runs when the suite itself runs on them, as in CI (.ci/run sets DATABASE_URL to PostgreSQL and
REDIS_URL), or when DEPLOY_TEST_POSTGRES / DEPLOY_TEST_REDIS name servers. `make test` on a laptop
with only Python (SQLite, no Redis) leaves it out: deselected, and said so in the report header."""

from .servers import servers


def pytest_report_header(config):
    found = servers()
    if found is None:
        return "deploy test: deselected (no PostgreSQL/Redis: set DATABASE_URL+REDIS_URL or DEPLOY_TEST_*)"
    return f"deploy test: PostgreSQL {found.postgres_admin.rsplit('@', 1)[-1]}, Redis {found.redis}"


def pytest_collection_modifyitems(config, items):
    if servers() is not None:
        return
    left_out = [item for item in items if item.get_closest_marker("deploy")]
    if left_out:
        config.hook.pytest_deselected(items=left_out)
        items[:] = [item for item in items if item not in left_out]
