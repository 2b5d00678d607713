"""Issue 30, "Integrity": hidden means hidden everywhere, tiers hold on lifts and appeals, four eyes on
appeals, one decision per report, sanctions withdrawn or changed, no ban evasion, refused attempts logged."""

import pytest
from django.contrib.auth.models import Group
from rest_framework.test import APIClient

from community import moderation, services
from players import tokens
from tests.platform.factories import accept_all, make_user, race_game

pytestmark = pytest.mark.django_db


def staff(name, group):
    user = make_user(name)
    user.is_staff = True
    user.save(update_fields=["is_staff"])
    user.groups.add(Group.objects.get(name=group))
    return user


def bearer(user, scopes=("read", "chat")) -> APIClient:
    client = APIClient()
    client.credentials(
        HTTP_AUTHORIZATION=f"Bearer {tokens.token_create(user=user, name='t', scopes=list(scopes))[1]}")
    return client


@pytest.fixture
def game(alice, bob):
    return accept_all(race_game(alice, [bob]), [bob])


# --- 1. a hidden message is hidden on every surface ----------------------------------------------


def test_a_hidden_message_is_not_served_by_the_chat_api_to_players_or_spectators(game, alice, bob):
    """Issue 30 point 1: the chat API served a hidden message's full text, with no hidden flag."""
    mod = staff("cm", "Moderators")
    services.chat_post(game_id=game.pk, user=alice, text="good luck")
    nasty = services.chat_post(game_id=game.pk, user=bob, text="something nasty")
    moderation.message_hide(moderator=mod, message_id=nasty.pk, reason="abuse")
    for reader in (alice, bob, make_user("spectator")):
        lines = bearer(reader).get(f"/api/games/{game.pk}/chat/").json()
        assert "something nasty" not in str(lines)
        hidden = [line for line in lines if line["id"] == nasty.pk]
        assert hidden == [] or (hidden[0]["hidden"] is True and hidden[0]["text"] == "")
        assert [line["text"] for line in lines if not line["hidden"]] == ["good luck"]
    staff_lines = bearer(mod).get(f"/api/games/{game.pk}/chat/").json()
    assert {line["text"]: line["hidden"] for line in staff_lines} == {"good luck": False, "something nasty": True}


def test_hiding_a_message_tells_the_players_streams_to_drop_it(game, alice, bob, settings,
                                                               django_capture_on_commit_callbacks):
    """Issue 30 point 1: the stream had carried the line; hiding it now sends a chatHidden event."""
    from play import events

    settings.REDIS_URL = ""
    nasty = services.chat_post(game_id=game.pk, user=bob, text="something nasty")
    sub = events.HUB.subscribe([events.user_channel(alice.pk)])
    try:
        with django_capture_on_commit_callbacks(execute=True):
            moderation.message_hide(moderator=staff("cm", "Moderators"), message_id=nasty.pk, reason="abuse")
        found = []
        while (event := sub.get(0.01)) is not None:
            found.append(event)
        assert found == [{"type": "chatHidden", "game": game.pk, "id": nasty.pk}]
    finally:
        sub.close()


def test_a_hidden_message_is_marked_for_staff_and_blank_for_players_in_the_chat_panel(client, game, alice, bob):
    mod = staff("cm", "Moderators")
    nasty = services.chat_post(game_id=game.pk, user=bob, text="something nasty")
    moderation.message_hide(moderator=mod, message_id=nasty.pk, reason="abuse")
    for reader in (alice, make_user("spectator")):
        client.force_login(reader)
        html = client.get(f"/games/{game.pk}/chat/panel/").content.decode()
        assert "something nasty" not in html and "hidden by a moderator" in html
    client.force_login(mod)
    html = client.get(f"/games/{game.pk}/chat/panel/").content.decode()
    assert "something nasty" in html and "hidden by a moderator" in html
