"""The Celery worker's consumer, with a short wait between tries to reach the broker again (issue 44.1).

Celery's consumer waits 2, 4, 6 … up to 30 s between two tries after it lost Redis (kombu's ensure_connection
defaults; no Celery setting names them). A worker host whose link was down for a minute then tried again up to
~15 s after the link came back, while its bot turns waited. Here every wait is 1 s: a try is one connection attempt
(2 s at most, CELERY_BROKER_CONNECTION_TIMEOUT), so a worker is consuming again within ~3 s of Redis answering.
Set by CELERY_WORKER_CONSUMER (lacitta_site/settings/base.py)."""

from functools import partial

from celery.worker.consumer import Consumer as CeleryConsumer

RETRY_SECONDS = 1


class Consumer(CeleryConsumer):
    def ensure_connected(self, conn):
        conn.ensure_connection = partial(conn.ensure_connection, interval_start=RETRY_SECONDS,
                                         interval_step=0, interval_max=RETRY_SECONDS)
        return super().ensure_connected(conn)
