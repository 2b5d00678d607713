"""Production: everything from the environment, nothing insecure by default.

Required: SECRET_KEY, ALLOWED_HOSTS, DATABASE_URL, REDIS_URL, SITE_URL.
Run `python manage.py check --deploy --settings=lacitta_site.settings.prod`."""

import os

from django.core.exceptions import ImproperlyConfigured

from .base import *  # noqa: F403
from .base import LOGGING, env_bool, env_list


def required(name: str) -> str:
    value = os.environ.get(name, "")
    if not value:
        raise ImproperlyConfigured(f"Set the {name} environment variable for production.")
    return value


DEBUG = False
SECRET_KEY = required("SECRET_KEY")
ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", "")
if not ALLOWED_HOSTS:
    raise ImproperlyConfigured("Set ALLOWED_HOSTS (comma-separated host names) for production.")
required("DATABASE_URL")
required("REDIS_URL")
CSRF_TRUSTED_ORIGINS = env_list("CSRF_TRUSTED_ORIGINS", ",".join(f"https://{h}" for h in ALLOWED_HOSTS))

# HTTPS everywhere; the load balancer terminates TLS and says so in X-Forwarded-Proto.
SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
SECURE_SSL_REDIRECT = env_bool("SECURE_SSL_REDIRECT", True)
SECURE_REDIRECT_EXEMPT = [r"^healthz$"]  # the balancer probes over plain HTTP
SESSION_COOKIE_SECURE = True
CSRF_COOKIE_SECURE = True
SESSION_COOKIE_HTTPONLY = True
SECURE_HSTS_SECONDS = int(os.environ.get("SECURE_HSTS_SECONDS", str(365 * 86400)))
SECURE_HSTS_INCLUDE_SUBDOMAINS = True
SECURE_HSTS_PRELOAD = env_bool("SECURE_HSTS_PRELOAD", True)  # set False before the domain is ready for the preload list
SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_REFERRER_POLICY = "same-origin"
X_FRAME_OPTIONS = "DENY"

# Static files: hashed names, compressed, served by whitenoise from STATIC_ROOT (collectstatic).
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "whitenoise.storage.CompressedManifestStaticFilesStorage"},
}
WHITENOISE_AUTOREFRESH = False

# One JSON object per log line (for the log collector of each machine).
LOGGING = {
    **LOGGING,
    "formatters": {"json": {"()": "pythonjsonlogger.json.JsonFormatter",
                            "fmt": "%(asctime)s %(levelname)s %(name)s %(message)s"}},
    "handlers": {"console": {"class": "logging.StreamHandler", "formatter": "json"}},
}
