"""Queueing Celery work after a commit without letting a broker outage break
the request: the move is already saved; if the broker is down the work is
logged and picked up by the periodic sweeps once it is back (bot turns by
``sweep_clocks``, e-mails by ``flush_outbox`` — both read the database).
Every task the site queues for after a commit goes through here."""

from __future__ import annotations

import logging
from collections.abc import Callable

from celery import current_app
from django.db import transaction

from .breaker import BROKER

log = logging.getLogger(__name__)


def enqueue_on_commit(task, *args, args_at_commit: Callable[[], tuple] | None = None) -> None:
    """``task.delay(*args)`` once the transaction commits. ``args_at_commit`` gives the
    arguments then instead (a game's version, which later steps of the same write may bump)."""

    def send():
        sent = args_at_commit() if args_at_commit is not None else args
        if current_app.conf.task_always_eager:
            _run_at_once(task, sent)
            return
        if BROKER.is_open():  # it failed seconds ago: do not wait for its timeout again
            log.warning("not queued %s%r (broker failed moments ago); a periodic sweep will retry", task.name, sent)
            return
        try:
            task.delay(*sent)
        except Exception as exc:  # broker unreachable: the sweeps will catch up
            BROKER.failed()
            log.warning("could not queue %s%r (%s); a periodic sweep will retry", task.name, sent, exc)

    transaction.on_commit(send)


def _run_at_once(task, sent: tuple) -> None:
    """Celery eager (``make run``, tests): there is no broker, the task runs here and now. Its failure is its own,
    not the broker's: said with its traceback, and the next task is not held back by the broker's breaker (a
    failed bot turn once stopped every later one for seconds and left a game waiting on its bots)."""
    try:
        task.delay(*sent)
    except Exception:
        log.exception("%s%r failed when run at once; a periodic sweep will retry", task.name, sent)
