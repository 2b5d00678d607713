"""Moderation in the admin: abort, replace a seat by a bot, deactivate a user;
and only staff gets in."""

import pytest
from django.urls import reverse

from play.models import Game, Seat
from tests.platform.factories import accept_all, committed, make_user, race_game

pytestmark = pytest.mark.django_db


@pytest.fixture
def staff_client(client):
    client.force_login(make_user("mod", staff=True))
    return client


def test_non_staff_is_sent_to_login(client):
    client.force_login(make_user("alice"))
    for url in ["/admin/", "/admin/games/game/", "/admin/games/seat/", "/admin/auth/user/"]:
        response = client.get(url)
        assert response.status_code == 302 and "/admin/login/" in response["Location"]


def test_admin_lists_render(staff_client):
    alice, bob = make_user("alice"), make_user("bob")
    game = accept_all(race_game(alice, [bob]), [bob])
    for url in ["/admin/games/game/", f"/admin/games/game/{game.pk}/change/", "/admin/games/seat/",
                "/admin/games/move/", "/admin/auth/user/"]:
        assert staff_client.get(url).status_code == 200, url


def test_abort_action(staff_client):
    alice, bob = make_user("alice"), make_user("bob")
    game = accept_all(race_game(alice, [bob]), [bob])
    staff_client.post(reverse("admin:games_game_changelist"),
                      {"action": "abort_games", "_selected_action": [game.pk]})
    game.refresh_from_db()
    assert game.status == Game.Status.ABORTED and game.moves.filter(kind="abort").exists()


def test_replace_by_bot_action(staff_client):
    alice, bob = make_user("alice"), make_user("bob")
    game = accept_all(race_game(alice, [bob]), [bob])
    seat = game.seats.get(index=0)
    with committed():
        staff_client.post(reverse("admin:games_seat_changelist"),
                          {"action": "replace_by_bot", "_selected_action": [seat.pk]})
    seat.refresh_from_db()
    game.refresh_from_db()
    assert seat.kind == Seat.Kind.BOT and seat.user is None
    assert game.state["turn"] == 1  # the bot moved straight away


def test_deactivate_action(staff_client):
    alice, bob = make_user("alice"), make_user("bob")
    game = accept_all(race_game(alice, [bob]), [bob])
    staff_client.post(reverse("admin:auth_user_changelist"),
                      {"action": "deactivate_users", "_selected_action": [alice.pk]})
    alice.refresh_from_db()
    assert not alice.is_active
    assert game.seats.get(index=0).substitute_bot == "random"


def test_bulk_actions_are_in_the_moderation_log(staff_client):
    from community.models import ModerationAction

    alice, bob = make_user("alice"), make_user("bob")
    game = accept_all(race_game(alice, [bob]), [bob])
    staff_client.post(reverse("admin:games_game_changelist"),
                      {"action": "abort_games", "_selected_action": [game.pk]})
    entry = ModerationAction.objects.get()
    assert entry.moderator.username == "mod" and entry.reason == "bulk action from the admin list"
