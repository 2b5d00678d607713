"""The site's 500 handler. A database that cannot be reached (a restart, a failover)
answers 503 with a retry hint instead of an error page: the request changed nothing
(its transaction never committed) and the player can simply try again. Being the
500 handler, it also sees errors raised in middleware (sessions, users), not only
in views. The answer is rendered without touching the database or the session."""

from __future__ import annotations

import logging
import sys

from django.db import InterfaceError, OperationalError
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.template.loader import render_to_string
from django.utils.translation import gettext as _
from django.views.defaults import server_error as default_server_error

log = logging.getLogger(__name__)

RETRY_AFTER_SECONDS = 5
BUSY_RETRY_AFTER_SECONDS = 2
# htmx takes the first of these in the page: #move-error (players) comes before
# #site-alert, the last element of every page.
ALERT_TARGETS = "#move-error, #site-alert"


def database_unreachable(exc: BaseException | None) -> bool:
    while exc is not None:  # the driver's error may be wrapped (cache, session backends)
        if isinstance(exc, (OperationalError, InterfaceError)):
            return True
        exc = exc.__cause__ or exc.__context__
    return False


# SQLSTATE 55P03 (lock_not_available: PostgreSQL's lock_timeout) and SQLite's busy timeout: the database
# answered, another connection held the lock the request needed for longer than DB_LOCK_TIMEOUT_MS.
LOCK_NOT_AVAILABLE = "55P03"


def lock_wait_timed_out(exc: BaseException | None) -> bool:
    while exc is not None:
        if getattr(exc, "sqlstate", None) == LOCK_NOT_AVAILABLE or getattr(exc, "pgcode", None) == LOCK_NOT_AVAILABLE:
            return True
        if type(exc).__module__ == "sqlite3" and "database is locked" in str(exc):
            return True
        exc = exc.__cause__ or exc.__context__
    return False


def service_refusal(exc: BaseException | None):
    """A games service refusal that reached no view's handler (e.g. a stored game whose
    snapshot the engine refuses, raised while reading it): answered with its status."""
    from play.errors import ServiceError

    return exc if isinstance(exc, ServiceError) else None


def server_error(request: HttpRequest) -> HttpResponse:
    exc = sys.exc_info()[1]
    refusal = service_refusal(exc)
    if refusal is not None:
        from play.http_errors import status_of, text_of

        return _answer(request, text_of(refusal), status_of(refusal))
    if not database_unreachable(exc):
        return default_server_error(request)
    if lock_wait_timed_out(exc):
        # Not an outage: the game (or the database, on SQLite) is held by another move for a moment.
        log.warning("lock wait timed out: %s %s answered 503", request.method, request.path)
        message = _("This game is busy for a moment (another move is being recorded). Nothing was changed: "
                    "try again in a few seconds.")
        response = _answer(request, message, 503, code="game_busy")
        response["Retry-After"] = str(BUSY_RETRY_AFTER_SECONDS)
        return response
    log.warning("database unreachable: %s %s answered 503", request.method, request.path)
    message = _("The site cannot reach its database for a moment. Nothing was changed: "
                "try again in a few seconds (a move you were playing was not played).")
    response = _answer(request, message, 503, code="database_unreachable")
    response["Retry-After"] = str(RETRY_AFTER_SECONDS)
    return response


def _answer(request: HttpRequest, message: str, status: int, code: str = "") -> HttpResponse:
    if request.path.startswith("/api/"):
        response = JsonResponse({"detail": message, **({"code": code} if code else {})}, status=status)
    elif request.headers.get("HX-Request"):
        # Shown where move errors go, or (a spectator's page has none) in the page's
        # alert bar (base.html); a poll simply tries again at its next tick.
        response = HttpResponse(message, status=status)
        response["HX-Retarget"] = ALERT_TARGETS
        response["HX-Reswap"] = "innerHTML"
    else:
        response = HttpResponse(render_to_string("unavailable.html", {"message": message}), status=status)
    return response
