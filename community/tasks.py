from celery import shared_task


@shared_task(acks_late=True)
def expire_suspensions() -> int:
    """Periodic: end suspensions whose time is up (their users may log in again)."""
    from .moderation import suspensions_expire

    return suspensions_expire()
