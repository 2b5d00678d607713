"""Closing an account: anonymised, not deleted; games stay."""

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse

from community import services
from community.models import ChatMessage, MemberSettings
from play.models import Game, Move, Seat
from tests.community.helpers import finish
from tests.platform.factories import accept_all, race_game

pytestmark = pytest.mark.django_db
User = get_user_model()


def test_wrong_password_or_confirmation_changes_nothing(client, alice):
    client.force_login(alice)
    url = reverse("community:delete")
    response = client.post(url, {"password": "wrong", "confirm": "DELETE"})
    assert response.status_code == 400 and "not your password" in response.content.decode()
    response = client.post(url, {"password": "pw-for-tests-123", "confirm": "maybe"})
    assert response.status_code == 400
    alice.refresh_from_db()
    assert alice.is_active and alice.username == "alice"


def test_closing_anonymises_and_keeps_the_games(client, alice, bob):
    done = finish(accept_all(race_game(alice, [bob]), [bob]), [alice, bob])
    live = accept_all(race_game(alice, [bob]), [bob])
    open_game = race_game(alice, open_seats=1)
    MemberSettings.objects.create(user=alice, display_name="Alice", country="FR")
    services.chat_post(game_id=done.pk, user=alice, text="my words")
    moves_before = Move.objects.filter(by_user=alice, kind="move").count()
    client.force_login(alice)
    response = client.post(reverse("community:delete"), {"password": "pw-for-tests-123", "confirm": "DELETE"})
    assert response.status_code == 302
    user = User.objects.get(pk=alice.pk)
    assert user.username == f"deleted-{alice.pk}" and user.email == "" and not user.is_active
    assert not user.has_usable_password()
    assert not MemberSettings.objects.filter(user=user).exists()
    assert not user.emailaddress_set.exists()
    # Games and moves still point at the row.
    assert Seat.objects.get(game=done, index=0).user_id == alice.pk
    assert Move.objects.filter(by_user=alice, kind="move").count() == moves_before
    assert Game.objects.get(pk=done.pk).status == "finished"
    assert Seat.objects.get(game=live, index=0).substitute_bot  # a bot plays on
    assert Game.objects.get(pk=open_game.pk).status == "cancelled"
    assert ChatMessage.objects.get(author=user).text == ""
    # Logged out, and the profile is gone.
    assert client.get(reverse("community:privacy")).status_code == 302
    assert client.get(reverse("community:profile", args=[user.username])).status_code == 404
    response = client.post(reverse("account_login"), {"login": "alice", "password": "pw-for-tests-123"})
    assert "_auth_user_id" not in client.session
