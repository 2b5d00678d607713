"""The production settings load from the environment and pass Django's
deployment checks without a warning."""

import os
import subprocess
import sys

from django.conf import settings


def run_check(extra_env: dict) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items() if not k.startswith("DJANGO_")}
    env.update(extra_env)
    return subprocess.run(
        [sys.executable, "manage.py", "check", "--deploy", "--fail-level", "WARNING",
         "--settings=lacitta_site.settings.prod"],
        capture_output=True, text=True, cwd=settings.BASE_DIR, env=env,
    )


PROD_ENV = {
    "SECRET_KEY": "x" * 20 + "production-secret-key-with-enough-entropy-1234567890",
    "ALLOWED_HOSTS": "lacitta.example",
    "DATABASE_URL": os.environ.get("DATABASE_URL", "postgres://postgres@127.0.0.1:5432/lacitta"),
    "REDIS_URL": "redis://127.0.0.1:6379/1",
    "SITE_URL": "https://lacitta.example",
}


def test_check_deploy_is_clean():
    result = run_check(PROD_ENV)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "System check identified no issues" in result.stdout


def test_missing_secret_is_refused_with_a_clear_message():
    env = dict(PROD_ENV)
    del env["SECRET_KEY"]
    result = run_check(env)
    assert result.returncode != 0 and "Set the SECRET_KEY environment variable" in result.stderr
