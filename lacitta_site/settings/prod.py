"""Production: everything from the environment, nothing insecure by default.

Required: SECRET_KEY, ALLOWED_HOSTS, DATABASE_URL, REDIS_URL, SITE_URL (https://…).
Optional: INSECURE_LOCAL=1 to try these settings on this machine over plain HTTP (refused unless
SITE_URL and ALLOWED_HOSTS name only this machine), SECURE_HSTS_SECONDS, SECURE_HSTS_INCLUDE_SUBDOMAINS,
SECURE_HSTS_PRELOAD, STATIC_ROOT. docs/deploy.md explains each; `deploy/site check` runs
`manage.py check --deploy` with them."""

import os
from urllib.parse import urlsplit

from django.core.exceptions import ImproperlyConfigured
from pythonjsonlogger.core import RESERVED_ATTRS

from .base import *  # noqa: F403
from .base import LOGGING, env_bool, env_list


def required(name: str) -> str:
    value = os.environ.get(name, "")
    if not value:
        raise ImproperlyConfigured(f"Set the {name} environment variable for production.")
    return value


LOOPBACK = {"localhost", "127.0.0.1", "::1", "[::1]"}
# deploy/required-env: the one list of what production cannot start without (deploy/site checks it too).
REQUIRED_ENV = [line.strip() for line in (BASE_DIR / "deploy" / "required-env").read_text().splitlines()  # noqa: F405
                if line.strip() and not line.startswith("#")]
for _name in REQUIRED_ENV:
    required(_name)

DEBUG = False
if EMAIL_BACKEND == "django.core.mail.backends.filebased.EmailBackend" and not os.environ.get("EMAIL_BACKEND"):  # noqa: F405
    # base.py chose the development outbox folder (its DEBUG defaults to on): never in production.
    EMAIL_BACKEND = "django.core.mail.backends.console.EmailBackend"
SECRET_KEY = required("SECRET_KEY")
ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", "")
if not ALLOWED_HOSTS:
    raise ImproperlyConfigured("Set ALLOWED_HOSTS (comma-separated host names) for production.")
required("DATABASE_URL")
required("REDIS_URL")
# Links in e-mails and the sites framework's domain come from SITE_URL: without it mails would
# point at http://127.0.0.1:8000.
SITE_URL = required("SITE_URL").rstrip("/")
_site = urlsplit(SITE_URL)
if _site.scheme not in ("http", "https") or not _site.hostname:
    raise ImproperlyConfigured(f"SITE_URL must look like https://games.example.org (got {SITE_URL!r}).")

# INSECURE_LOCAL=1: production settings over plain HTTP on this machine only (to try a release
# locally, or the test of the documented install). Refused for any other host name, so it cannot
# be left on by mistake on a machine that serves the public.
INSECURE_LOCAL = env_bool("INSECURE_LOCAL", False)
if INSECURE_LOCAL:
    outside = sorted({h for h in ALLOWED_HOSTS if h not in LOOPBACK}
                     | ({_site.hostname} if _site.hostname not in LOOPBACK else set()))
    if outside:
        raise ImproperlyConfigured(
            "INSECURE_LOCAL=1 turns off HTTPS redirects, HSTS and secure cookies; it is only allowed when "
            "SITE_URL and ALLOWED_HOSTS name this machine (localhost, 127.0.0.1, ::1), "
            f"not {', '.join(outside)}."
        )
elif _site.scheme != "https":
    raise ImproperlyConfigured(f"SITE_URL must start with https:// in production (got {SITE_URL!r}); "
                               "INSECURE_LOCAL=1 allows http://127.0.0.1:… on this machine only.")

CSRF_TRUSTED_ORIGINS = env_list("CSRF_TRUSTED_ORIGINS",
                                ",".join(f"{_site.scheme}://{h}" for h in ALLOWED_HOSTS))

# HTTPS everywhere; the load balancer terminates TLS and says so in X-Forwarded-Proto. Django
# believes that header from whoever sends it: the web processes must be reachable only from the
# balancer (bind to its network, firewall the port: docs/deploy.md).
SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
SECURE_SSL_REDIRECT = env_bool("SECURE_SSL_REDIRECT", True) and not INSECURE_LOCAL
SECURE_REDIRECT_EXEMPT = [r"^healthz(/live|/ready)?$"]  # balancers and supervisors probe over plain HTTP
SESSION_COOKIE_SECURE = not INSECURE_LOCAL
CSRF_COOKIE_SECURE = not INSECURE_LOCAL
SESSION_COOKIE_HTTPONLY = True
# HSTS: a year, subdomains included, preload asked for by default (docs/deploy.md: set
# SECURE_HSTS_PRELOAD=false until the domain is ready for the browsers' preload list).
SECURE_HSTS_SECONDS = 0 if INSECURE_LOCAL else int(os.environ.get("SECURE_HSTS_SECONDS", str(365 * 86400)))
SECURE_HSTS_INCLUDE_SUBDOMAINS = env_bool("SECURE_HSTS_INCLUDE_SUBDOMAINS", True)
SECURE_HSTS_PRELOAD = env_bool("SECURE_HSTS_PRELOAD", True)
SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_REFERRER_POLICY = "same-origin"
X_FRAME_OPTIONS = "DENY"
ACCOUNT_DEFAULT_HTTP_PROTOCOL = _site.scheme
SILENCED_SYSTEM_CHECKS = []
if INSECURE_LOCAL:
    # Exactly the HTTPS checks this mode turns off, so `check --deploy` stays a gate for the rest.
    SILENCED_SYSTEM_CHECKS += ["security.W004", "security.W008", "security.W012", "security.W016"]
elif SECURE_HSTS_SECONDS and not SECURE_HSTS_PRELOAD:
    # security.W021 ("not on the preload list") warns of a choice the operator made on purpose: the example
    # env file keeps preload off until every subdomain serves HTTPS (docs/deploy.md). Only that check.
    SILENCED_SYSTEM_CHECKS += ["security.W021"]

# Static files: hashed names, compressed, served by whitenoise from STATIC_ROOT (collectstatic
# writes the manifest; the web processes read it when they start: reload them after).
STATIC_ROOT = os.environ.get("STATIC_ROOT") or STATIC_ROOT  # noqa: F405
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "whitenoise.storage.CompressedManifestStaticFilesStorage"},
}
WHITENOISE_AUTOREFRESH = False
# A template naming a file the running manifest lacks gets the file's plain name instead of a 500. Only a safety
# net: `deploy/site release REF` stages a release beside the checkout, so running code never reads a newer
# template (with `git pull` first it did for minutes, and the upgrade-under-play test met js/game_live.js).
WHITENOISE_MANIFEST_STRICT = False

# One JSON object per log line (for the log collector of each machine). Celery keeps its hands
# off the root logger so that the worker's and beat's lines are JSON too (gunicorn's access
# and error lines: deploy/gunicorn.conf.py).
# The request object Django attaches to its records is left out: its text is the whole path, secret keys
# included (the message itself passes lacitta_site.log_redaction's filter).
JSON_FORMATTER = {"()": "pythonjsonlogger.json.JsonFormatter",
                  "fmt": "%(asctime)s %(levelname)s %(name)s %(message)s",
                  "reserved_attrs": [*RESERVED_ATTRS, "request"]}
LOGGING = {
    **LOGGING,
    "formatters": {"json": JSON_FORMATTER},
    "handlers": {"console": {"class": "logging.StreamHandler", "formatter": "json", "filters": ["redact_secrets"]}},
}
CELERY_WORKER_HIJACK_ROOT_LOGGER = False
