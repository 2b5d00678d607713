"""Health endpoint for load balancers: the database and the cache (Redis in
production) must answer. 200 when both do, 503 otherwise, never a traceback."""

import logging

from django.core.cache import cache
from django.db import connection
from django.http import JsonResponse
from django.views.decorators.cache import never_cache

log = logging.getLogger(__name__)


@never_cache
def health(request):
    checks = {}
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
            cursor.fetchone()
        checks["database"] = "ok"
    except Exception as exc:
        log.warning("health: database down: %s", exc)
        checks["database"] = "down"
    try:
        cache.set("healthz", "1", 10)
        checks["cache"] = "ok" if cache.get("healthz") == "1" else "down"
    except Exception as exc:
        log.warning("health: cache down: %s", exc)
        checks["cache"] = "down"
    ok = all(v == "ok" for v in checks.values())
    return JsonResponse({"status": "ok" if ok else "degraded", **checks}, status=200 if ok else 503)
