"""Playing race games to the end in tests."""

from games import services
from games.models import Game


def play_until_over(game, order_of_users):
    """Play "add 3" for whoever is to move among the given users, then "ready"
    for everyone; bots (eager Celery, transactional tests) answer by themselves.
    ``order_of_users`` maps seat index → user for the human seats."""
    for _ in range(200):
        game = Game.objects.get(pk=game.pk)
        if game.status != Game.Status.ACTIVE:
            return game
        for seat in game.seats.order_by("index"):
            if seat.owes_move and seat.index in order_of_users and not seat.played_by_bot:
                phase = game.state["phase"]
                move = {"type": "add", "n": 3} if phase == "race" else {"type": "ready"}
                services.move_apply(
                    game_id=game.pk, user=order_of_users[seat.index], move=move, expected_version=game.version
                )
                break
        else:
            raise AssertionError(f"nobody to move in game {game.pk}")
    raise AssertionError("the game did not end")


def finish(game, users):
    """Users in seat order; plays until the game ends."""
    return play_until_over(game, dict(enumerate(users)))
