"""Staff who hold a seat in a game are players there: the one rule every staff surface that shows a move
follows (the Move admin, the moderation game page, a rollback's move labels, exports), as
``game_moderation.game_state_viewed`` does for the full state. A game moderator seated nowhere in the game
reads everything (payloads, every log line); a seated one reads what their seat reads; the other tiers
never read payloads or one-seat lines."""

from __future__ import annotations

from play.models import Seat

from . import tiers


def seats_held(user, game_id: int) -> set[int]:
    """The seats of the game in the user's name (playing, resigned or invited)."""
    if user is None or not getattr(user, "pk", None):
        return set()
    return set(Seat.objects.filter(game_id=game_id, user_id=user.pk).values_list("index", flat=True))


def reads_hidden(user, game_id: int) -> bool:
    """Whether this staff member reads a game's hidden information (payloads, one-seat log lines)."""
    return tiers.may(user, tiers.MODERATE_GAMES) and not seats_held(user, game_id)


def line_visible(entry: dict, seats: set[int] | None) -> bool:
    """A log line as the reader may see it: ``seats`` None reads every line; else only the public ones and
    those addressed to one of their seats."""
    return seats is None or "visible_to" not in entry or bool(seats & set(entry["visible_to"]))
