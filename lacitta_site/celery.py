"""The Celery app. Without REDIS_URL the settings make every task run eagerly
in-process, so the site needs no broker to run.

Two queues (issue 32.10): e-mails go to ``<default>.mail`` and everything else (bot turns, time-outs, the
sweeps) to the default queue, so a slow mail server never delays a bot's move when each queue has its own
worker (``deploy/site worker bots`` and ``deploy/site worker mail``; docs/deploy.md)."""

import os

from celery import Celery

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "lacitta_site.settings.base")

MAIL_TASKS = "notifications."


def mail_queue(default_queue: str) -> str:
    return f"{default_queue}.mail"


def route_task(name, args, kwargs, options, task=None, **kw):
    """Celery's router: read at send time, so a test's own default queue names the mail queue too."""
    if name.startswith(MAIL_TASKS):
        return {"queue": mail_queue(app.conf.task_default_queue)}
    return None


app = Celery("lacitta_site")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()
