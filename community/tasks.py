from celery import shared_task


@shared_task(acks_late=True)
def expire_suspensions() -> int:
    """Periodic: end suspensions whose time is up (their users may log in again)."""
    from .moderation import suspensions_expire

    return suspensions_expire()


@shared_task(acks_late=True)
def purge_closed_accounts() -> int:
    """Daily: erase what closed accounts left behind once the retention period is over."""
    from .signup_policy import closed_accounts_purge

    return closed_accounts_purge()


@shared_task(acks_late=True)
def purge_addresses() -> int:
    """Daily: erase the addresses accounts were seen at (logins, API tokens, moves) after their retention."""
    from .addresses import addresses_purge

    return addresses_purge()


@shared_task(acks_late=True)
def send_staff_digests() -> int:
    """Daily: the opt-in e-mail telling staff how much moderation work is waiting."""
    from .queue import staff_digest_send

    return staff_digest_send()


@shared_task(acks_late=True)
def lapse_seat_offers() -> int:
    """Periodic: seat offers whose seat changed hands or whose time is up lapse, both sides told."""
    from .seat_offers import seat_offers_lapse

    return seat_offers_lapse()
