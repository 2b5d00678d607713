"""The periodic task (beat, every few minutes): each competition's rounds closed, paired, rolled over.

Idempotent: the competition row is locked while it changes and a round is paired once (a unique
constraint stands behind the lock), so a retried or doubled run changes nothing more."""

from __future__ import annotations

from celery import shared_task
from django.db import OperationalError


@shared_task(acks_late=True, autoretry_for=(OperationalError,), retry_backoff=True, max_retries=5,
             name="competitions.tasks.advance")
def advance() -> dict:
    from . import services

    return services.competitions_advance()
