"""Queueing Celery work after a commit without letting a broker outage break
the request: the move is already saved; if the broker is down the work is
logged and picked up by the periodic sweeps once it is back (bot turns by
``sweep_clocks``, e-mails by ``flush_outbox`` — both read the database)."""

from __future__ import annotations

import logging

from django.db import transaction

log = logging.getLogger(__name__)


def enqueue_on_commit(task, *args) -> None:
    def send():
        try:
            task.delay(*args)
        except Exception as exc:  # broker unreachable: the sweeps will catch up
            log.warning("could not queue %s%r (%s); a periodic sweep will retry", task.name, args, exc)

    transaction.on_commit(send)
