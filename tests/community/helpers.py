"""Playing race games to the end in tests."""

from play import services
from play.models import Game
from tests.platform.factories import committed


def play_until_over(game, order_of_users):
    """Play "add 3" for whoever is to move among the given users, then "ready"
    for everyone; bots (eager Celery) answer by themselves. Each move's on-commit work (bots, the
    end-of-game signal that rates, mails) runs as its commit would, in transactional tests or not.
    ``order_of_users`` maps seat index → user for the human seats."""
    for _ in range(200):
        game = Game.objects.get(pk=game.pk)
        if game.status != Game.Status.ACTIVE:
            return game
        for seat in game.seats.order_by("index"):
            if seat.owes_move and seat.index in order_of_users and not seat.played_by_bot:
                phase = game.state["phase"]
                move = {"type": "add", "n": 3} if phase == "race" else {"type": "ready"}
                user = order_of_users[seat.index]
                with committed():
                    services.move_apply(game_id=game.pk, user=user, move=move, expected_version=game.version)
                break
        else:
            raise AssertionError(f"nobody to move in game {game.pk}")
    raise AssertionError("the game did not end")


def finish(game, users):
    """Users in seat order; plays until the game ends."""
    return play_until_over(game, dict(enumerate(users)))


def give_seat(*, moderator, game_id, seat_index, username, reason):
    """A game moderator offers the seat and the player accepts it (issue 30, point 10): the seat changes
    hands only with the newcomer's yes."""
    from django.contrib.auth import get_user_model

    from community import game_moderation

    offer = game_moderation.seat_offer(moderator=moderator, game_id=game_id, seat_index=seat_index,
                                       username=username, reason=reason)
    newcomer = get_user_model().objects.get(pk=offer.user_id)
    return game_moderation.seat_offer_answer(user=newcomer, offer_id=offer.pk, accept=True)
