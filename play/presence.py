"""Who is looking at a game right now: marked while the page's stream is open (every ping,
``play.stream_page``), or by the page's polls when it has no stream ("still here").
Kept in the cache (Redis in production) with a short expiry; used to skip a
"your turn" e-mail to someone who is watching the game."""

from django.core.cache import cache

PRESENCE_SECONDS = 45


def _key(game_id: int, user_id: int) -> str:
    return f"presence:{game_id}:{user_id}"


def mark_present(game_id: int, user_id: int) -> None:
    cache.set(_key(game_id, user_id), 1, PRESENCE_SECONDS)


def is_present(game_id: int, user_id: int) -> bool:
    return cache.get(_key(game_id, user_id)) is not None


def mark_many(pairs) -> None:
    """Many (game id, user id) at once, in one round trip: the stream process's open pages."""
    if pairs:
        cache.set_many({_key(game_id, user_id): 1 for game_id, user_id in pairs}, PRESENCE_SECONDS)
