"""Small helpers to make users and games in tests."""

from allauth.account.models import EmailAddress
from django.contrib.auth import get_user_model
from django.test import TestCase

from play import services
from play.services import SeatSpec


def make_user(name: str, *, staff: bool = False, password: str = "pw-for-tests-123"):
    user = get_user_model().objects.create_user(name, f"{name}@example.com", password, is_staff=staff,
                                                is_superuser=staff)
    EmailAddress.objects.create(user=user, email=user.email, verified=True, primary=True)
    return user


def race_game(creator, others=(), *, bots=(), open_seats=0, private=False, target="10", **kwargs):
    """A race game: creator in seat 0, then invited users, bots, open seats."""
    seats = [SeatSpec("me")]
    seats += [SeatSpec("invite", username=u.username) for u in others]
    seats += [SeatSpec("bot", bot_level=level) for level in bots]
    seats += [SeatSpec("open") for _ in range(open_seats)]
    return services.game_create(creator=creator, game_type="race", options={"target": target}, seats=seats,
                                is_private=private, **kwargs)


def accept_all(game, users):
    for user in users:
        services.game_join(game_id=game.pk, user=user)
    game.refresh_from_db()
    return game


def committed():
    """The block's on-commit work (bot turns, mails, the end-of-game signal) runs at its end, as a
    real commit would run it: for tests inside pytest-django's test transaction, which never commits.
    The context manager the django_capture_on_commit_callbacks fixture gives, for helpers."""
    return TestCase.captureOnCommitCallbacks(execute=True)


def move_committed(game, user, move) -> None:
    """``user`` plays ``move`` at the game's current version, its on-commit work run (bots, mails, notices);
    ``game`` is refreshed before and after."""
    game.refresh_from_db()
    with committed():
        services.move_apply(game_id=game.pk, user=user, move=move, expected_version=game.version)
    game.refresh_from_db()
