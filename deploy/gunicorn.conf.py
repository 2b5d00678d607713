"""gunicorn's settings for the web process (`deploy/site web`).

WEB_BIND: the address the balancer reaches; Django trusts X-Forwarded-Proto from whoever connects,
so bind to the balancer's private network (or 127.0.0.1 when the balancer runs on this machine)
and firewall the port to the balancer only (docs/deploy.md). Access and error lines are JSON
objects, one per line, as Django's, Celery's and beat's. The access line names the client by the
trusted-proxy rule (TRUSTED_PROXY_COUNT, as the site does), never the balancer, and the user id when the request
had one (lacitta_site/access_user.py); it never carries the key
of a password-reset, e-mail confirmation, invitation, unsubscribe or appeal link
(lacitta_site/log_redaction.py)."""

import os

from pythonjsonlogger.json import JsonFormatter

from lacitta_site.log_redaction import RedactSecrets

# (A platform reading the Procfile gives PORT and puts its own router in front.)
bind = os.environ.get("WEB_BIND") or (
    f"0.0.0.0:{os.environ['PORT']}" if os.environ.get("PORT") else "127.0.0.1:8000"
)
workers = int(os.environ.get("WEB_CONCURRENCY", "4"))
timeout = 30
graceful_timeout = 30
pidfile = os.environ.get("WEB_PIDFILE") or None


def _ready_mark(worker) -> str | None:
    return f"{pidfile}.ready/{worker.pid}" if pidfile else None


def post_worker_init(worker):
    """The worker has loaded the site: `deploy/site reload` retires an old worker only once its new one is here.
    Before it takes a request it imports every view (the URLconf), compiles the page shell and every game's
    templates and reads every language's translations, which Django would otherwise do in the first requests that
    need them: a new worker answers at full speed from the start."""
    try:
        from django.conf import settings
        from django.template.loader import get_template
        from django.urls import get_resolver
        from django.utils import translation

        from play import registry

        _views = get_resolver().url_patterns  # (its import of every view module)
        for name in ["base.html", *(t for d in registry.definitions() for t in d.templates.values())]:
            get_template(name)
        for code, _name in settings.LANGUAGES:
            translation.activate(code)
        translation.deactivate()
    except Exception:  # a warm-up only: the request that needs it will say what is wrong
        worker.log.exception("warming the worker up failed")
    mark = _ready_mark(worker)
    if mark and os.path.isdir(os.path.dirname(mark)):
        open(mark, "w").close()


def child_exit(server, worker):
    """A worker gone: its ready mark goes, and its live gauges leave /metrics (prometheus_client's multiprocess
    mode)."""
    mark = _ready_mark(worker)
    if mark and os.path.exists(mark):
        os.unlink(mark)
    if os.environ.get("PROMETHEUS_MULTIPROC_DIR"):
        from prometheus_client import multiprocess

        multiprocess.mark_process_dead(worker.pid)


class AccessJsonFormatter(JsonFormatter):
    """gunicorn's access line as named fields rather than one Apache-style string."""

    FIELDS = {
        "h": "remote_addr",
        "m": "method",
        "U": "path",
        "q": "query",
        "s": "status",
        "B": "bytes",
        "M": "duration_ms",
        "a": "user_agent",
        "f": "referer",
    }

    def add_fields(self, log_record, record, message_dict):
        super().add_fields(log_record, record, message_dict)
        atoms = record.args if isinstance(record.args, dict) else {}
        for atom, name in self.FIELDS.items():
            if atom in atoms:
                log_record[name] = atoms[atom]
        if atoms.get("{site.user_id}e"):  # lacitta_site/access_user.py: the request's user, when it had one
            log_record["user_id"] = int(atoms["{site.user_id}e"])
        if "{remote_addr}e" in atoms and atoms["{remote_addr}e"] != atoms.get("h"):
            log_record["proxy_addr"] = atoms["{remote_addr}e"]  # the balancer's, when it is not the client


_FMT = "%(asctime)s %(levelname)s %(name)s %(message)s"
logconfig_dict = {
    "version": 1,
    "disable_existing_loggers": False,
    "formatters": {
        "json": {"()": JsonFormatter, "fmt": _FMT},
        "access_json": {"()": AccessJsonFormatter, "fmt": _FMT},
    },
    # gunicorn's error lines name the request too ("Error handling request /…").
    "filters": {"redact_secrets": {"()": RedactSecrets}},
    "handlers": {
        "console": {"class": "logging.StreamHandler", "formatter": "json", "stream": "ext://sys.stderr",
                    "filters": ["redact_secrets"]},
        "access": {
            "class": "logging.StreamHandler",
            "formatter": "access_json",
            "stream": "ext://sys.stdout",
        },
    },
    "root": {"level": "INFO", "handlers": ["console"]},
    "loggers": {
        "gunicorn.error": {"level": "INFO", "handlers": ["console"], "propagate": False},
        "gunicorn.access": {"level": "INFO", "handlers": ["access"], "propagate": False},
    },
}
logger_class = "lacitta_site.log_redaction.AccessLogger"
control_socket_disable = True  # gunicornc is not used; it would write into $HOME
