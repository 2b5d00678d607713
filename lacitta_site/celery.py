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


def _no_client_from_a_closed_connection() -> None:
    """kombu 5.7's Redis transport, after a connection loss: Celery's consumer first collects the connection (which
    takes the transport's client away), then closes it, and that close restores the unacknowledged messages (a
    mail retry waiting for its countdown, a task under way) through a Redis client it can no longer make; a task
    that ends later acknowledges through the same closed channel. Both fail with ``AttributeError: 'NoneType'
    object has no attribute 'hostname'``, which kombu does not expect there, and the worker exits (issue 32.4;
    tests/faults/test_mailer_redis_restart.py). No Celery or kombu setting avoids it. Here it is the connection
    error it is, which kombu expects and ignores there: the worker reconnects; the messages stay in Redis'
    unacknowledged set (given out again after the visibility timeout; the sweeps queue the work sooner)."""
    from kombu.transport import redis as transport

    # A reach into kombu's private ``Channel._connparams`` (kombu #582, #970: open for years), pinned by the lock;
    # a kombu without it starts as it is, and tests/faults/test_mailer_redis_restart.py says whether it still crashes.
    connparams = getattr(transport.Channel, "_connparams", None)
    if connparams is None or getattr(connparams, "closed_is_a_connection_error", False):
        return

    def _connparams(self, *args, **kwargs):
        if getattr(self.connection, "client", None) is None:
            raise transport.get_redis_ConnectionError()("this channel's connection is closed")
        return connparams(self, *args, **kwargs)

    _connparams.closed_is_a_connection_error = True
    transport.Channel._connparams = _connparams


_no_client_from_a_closed_connection()
