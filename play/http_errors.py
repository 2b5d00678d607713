"""How a service refusal (``play.errors``) is answered over HTTP: the one place that
gives its status and its text in the reader's language. The pages and the API both
answer through here (the API adds the engine's ``code`` to an illegal move)."""

from __future__ import annotations

from . import texts
from .errors import BadMove, Conflict, DamagedGame, NotAllowed, ServiceError, TooMany

# The most specific kind first; any other refusal is bad input (400).
STATUSES = ((DamagedGame, 503), (TooMany, 429), (Conflict, 409), (NotAllowed, 403))


def status_of(exc: ServiceError) -> int:
    return next((status for kind, status in STATUSES if isinstance(exc, kind)), 400)


def form_status(exc: ServiceError) -> int:
    """A form the service refused is shown again to be corrected (400), unless the answer is
    "wait" (429): the status of the whole page, whatever the refusal's kind."""
    return 429 if isinstance(exc, TooMany) else 400


def text_of(exc: ServiceError) -> str:
    if isinstance(exc, BadMove):
        return texts.error_text(exc.game_type, exc.key, exc.params, exc.message)
    return exc.message
