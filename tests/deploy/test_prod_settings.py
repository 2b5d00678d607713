"""lacitta_site/settings/prod.py refuses what would break production quietly: no SITE_URL (mail links
to http://127.0.0.1:8000), an http:// SITE_URL, INSECURE_LOCAL on a public host name. With
INSECURE_LOCAL on this machine, `check --deploy` passes with only the four HTTPS checks silenced."""

import os
import subprocess
import sys
from pathlib import Path

from django.conf import settings

BASE_ENV = {
    "SECRET_KEY": "x" * 20 + "production-secret-key-with-enough-entropy-1234567890",
    "ALLOWED_HOSTS": "lacitta.example",
    "DATABASE_URL": "postgres://postgres@127.0.0.1:5432/lacitta",
    "REDIS_URL": "redis://127.0.0.1:6379/1",
    "SITE_URL": "https://lacitta.example",
}


def check(**changes) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("DJANGO_", "INSECURE_", "SITE_URL"))}
    env.update(BASE_ENV)
    for name, value in changes.items():
        if value is None:
            env.pop(name, None)
        else:
            env[name] = value
    return subprocess.run(
        [
            sys.executable,
            "manage.py",
            "check",
            "--deploy",
            "--fail-level",
            "WARNING",
            "--settings=lacitta_site.settings.prod",
        ],
        capture_output=True,
        text=True,
        cwd=settings.BASE_DIR,
        env=env,
    )


def test_production_refuses_to_start_without_site_url():
    result = check(SITE_URL=None)
    assert result.returncode != 0 and "Set the SITE_URL environment variable" in result.stderr


def test_production_refuses_a_plain_http_site_url():
    result = check(SITE_URL="http://lacitta.example")
    assert result.returncode != 0 and "SITE_URL must start with https://" in result.stderr


def test_insecure_local_is_refused_for_a_public_host():
    result = check(INSECURE_LOCAL="1", SITE_URL="http://127.0.0.1:8104")
    assert (
        result.returncode != 0 and "INSECURE_LOCAL=1" in result.stderr and "lacitta.example" in result.stderr
    )
    result = check(INSECURE_LOCAL="1", ALLOWED_HOSTS="127.0.0.1", SITE_URL="http://lacitta.example")
    assert result.returncode != 0 and "lacitta.example" in result.stderr


def test_insecure_local_on_this_machine_passes_with_exactly_the_https_checks_silenced():
    result = check(INSECURE_LOCAL="1", ALLOWED_HOSTS="127.0.0.1,localhost", SITE_URL="http://127.0.0.1:8104")
    assert result.returncode == 0, result.stdout + result.stderr
    assert "System check identified no issues (4 silenced)" in result.stdout


def example_env() -> dict:
    """deploy/env.example as the documentation gives it, read the way deploy/site reads it."""
    path = Path(settings.BASE_DIR) / "deploy" / "env.example"
    done = subprocess.run(["bash", "-c", f"set -a; . {path}; set +a; env -0"], capture_output=True,
                          check=True, env={"PATH": os.environ["PATH"]})
    pairs = (item.split("=", 1) for item in done.stdout.decode().split("\0") if "=" in item)
    return {k: v for k, v in pairs if k not in ("PWD", "SHLVL", "_", "PATH")}


def test_the_documented_https_env_file_passes_check_deploy():
    """Issue 32.1: with SITE_URL=https://… and SECURE_HSTS_PRELOAD=false as the example says, `check --deploy
    --fail-level WARNING` (what install and release run) failed on security.W021."""
    documented = example_env()
    assert documented["SITE_URL"].startswith("https://") and documented["SECURE_HSTS_PRELOAD"] == "false"
    result = check(**{k: v for k, v in documented.items() if k != "DJANGO_SETTINGS_MODULE"})
    assert result.returncode == 0, result.stdout + result.stderr
    assert "System check identified no issues (1 silenced)" in result.stdout
    # Preload asked for (the default): nothing is silenced.
    result = check(SECURE_HSTS_PRELOAD="true")
    assert result.returncode == 0 and "no issues (0 silenced)" in result.stdout, result.stdout + result.stderr


def test_hsts_defaults_and_switches():
    code = (
        "from django.conf import settings as s; "
        "print(s.SECURE_HSTS_SECONDS, s.SECURE_HSTS_INCLUDE_SUBDOMAINS, s.SECURE_HSTS_PRELOAD, "
        "s.SESSION_COOKIE_SECURE, s.SECURE_SSL_REDIRECT)"
    )

    def read(**extra):
        env = {k: v for k, v in os.environ.items() if not k.startswith(("DJANGO_", "INSECURE_", "SECURE_"))}
        env.update(BASE_ENV, DJANGO_SETTINGS_MODULE="lacitta_site.settings.prod", **extra)
        return subprocess.run(
            [sys.executable, "-c", f"import django; django.setup(); {code}"],
            capture_output=True,
            text=True,
            cwd=settings.BASE_DIR,
            env=env,
            check=True,
        ).stdout.split()

    assert read() == ["31536000", "True", "True", "True", "True"]
    assert read(SECURE_HSTS_PRELOAD="false", SECURE_HSTS_INCLUDE_SUBDOMAINS="false")[1:3] == [
        "False",
        "False",
    ]
    local = read(INSECURE_LOCAL="1", ALLOWED_HOSTS="localhost", SITE_URL="http://localhost:8104")
    assert local == ["0", "True", "True", "False", "False"]


def test_production_never_writes_mail_into_the_development_outbox_folder():
    """base.py picks the file outbox for a DEBUG site before prod.py turns DEBUG off."""
    env = {k: v for k, v in os.environ.items()
           if not k.startswith(("DJANGO_", "INSECURE_", "SITE_URL", "EMAIL_", "ANYMAIL_", "DEBUG"))}
    env.update(BASE_ENV, DJANGO_SETTINGS_MODULE="lacitta_site.settings.prod")
    done = subprocess.run(
        [sys.executable, "-c", "import django; django.setup(); from django.conf import settings; "
                               "print(settings.EMAIL_BACKEND)"],
        capture_output=True, text=True, cwd=settings.BASE_DIR, env=env, check=True,
    )
    assert done.stdout.strip() == "django.core.mail.backends.console.EmailBackend"
