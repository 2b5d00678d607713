from celery import shared_task


@shared_task(acks_late=True, autoretry_for=(OSError,), retry_backoff=True, max_retries=5)
def rate_game(game_id: int) -> int:
    """Rate a finished game; returns how many ratings moved (0 if already rated or unrated)."""
    from .services import game_rate

    return len(game_rate(game_id=game_id))
