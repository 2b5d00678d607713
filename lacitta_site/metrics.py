"""Prometheus metrics (issue 32.9), at ``/metrics`` for staff or a monitor (``Authorization: Bearer
$MONITORING_TOKEN``; anyone else gets a 404).

- Requests and latency by view, status and method: django-prometheus's middleware, in every web process.
  With ``PROMETHEUS_MULTIPROC_DIR`` set (deploy/site sets it for its processes) the answer adds up every
  process of the machine, gunicorn's workers included.
- What the site does, read when scraped from the shared state, so every machine's answer is the same and
  nothing is lost when a process restarts: moves made (all, and by bots), games by status, e-mails by status
  (sent, failed, waiting), and the length of each Celery queue.
"""

from __future__ import annotations

import logging
import os

from django.http import Http404, HttpResponse
from django.views.decorators.cache import never_cache
from prometheus_client import REGISTRY, CollectorRegistry, generate_latest, multiprocess
from prometheus_client.core import CounterMetricFamily, GaugeMetricFamily
from prometheus_client.exposition import CONTENT_TYPE_LATEST

log = logging.getLogger(__name__)


class SiteCollector:
    """Counts from the database and the broker, each a few indexed queries."""

    def describe(self):
        """The names, without reading anything (the registry asks when the collector is registered)."""
        yield CounterMetricFamily("site_moves", "Moves made (every seat)", labels=["by"])
        yield GaugeMetricFamily("site_games", "Games by status", labels=["status"])
        yield GaugeMetricFamily("site_mails", "E-mails in the outbox by status", labels=["status"])
        yield GaugeMetricFamily("site_queue_length", "Tasks waiting in each Celery queue", labels=["queue"])

    def collect(self):
        from django.db.models import Count, Max

        from notifications.models import Notification
        from play.models import Game, Move

        try:
            moves = CounterMetricFamily("site_moves", "Moves made (every seat)", labels=["by"])
            bot_moves = Move.objects.exclude(by_bot="").count()
            total = Move.objects.aggregate(n=Max("id"))["n"] or 0  # append-only: the largest id is the count
            moves.add_metric(["bot"], bot_moves)
            moves.add_metric(["all"], total)
            yield moves
            games = GaugeMetricFamily("site_games", "Games by status", labels=["status"])
            for row in Game.objects.order_by().values("status").annotate(n=Count("id")):
                games.add_metric([row["status"]], row["n"])
            yield games
            mails = GaugeMetricFamily("site_mails", "E-mails in the outbox by status", labels=["status"])
            counts = dict(Notification.objects.order_by().values_list("status").annotate(n=Count("id")))
            for status in Notification.Status.values:
                mails.add_metric([status], counts.get(status, 0))
            yield mails
        except Exception as exc:  # the database is away: scrape what can be, never fail the answer
            log.warning("metrics: database unavailable: %s", exc)
        from lacitta_site.health import queue_lengths

        queues = GaugeMetricFamily("site_queue_length", "Tasks waiting in each Celery queue", labels=["queue"])
        for name, length in queue_lengths().items():
            if length is not None:
                queues.add_metric([name], length)
        yield queues


_SITE = SiteCollector()
REGISTRY.register(_SITE)  # this module is imported once per process (by the URLs)


def _registry():
    if os.environ.get("PROMETHEUS_MULTIPROC_DIR"):
        registry = CollectorRegistry()
        multiprocess.MultiProcessCollector(registry)
        registry.register(_SITE)
        return registry
    return REGISTRY


@never_cache
def metrics(request):
    from lacitta_site.health import allowed_to_monitor

    if not allowed_to_monitor(request):
        raise Http404
    return HttpResponse(generate_latest(_registry()), content_type=CONTENT_TYPE_LATEST)
