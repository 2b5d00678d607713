"""Fault tests: concurrent submissions, a worker killed mid-task, Redis unreachable.
Against the real PostgreSQL/Redis when DATABASE_URL/REDIS_URL are set, else SQLite
and kombu's filesystem broker (as tests/platform/test_worker.py)."""
