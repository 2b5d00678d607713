"""Issue 20 point 5: tiers of staff as Django groups and permissions — moderators
(chat and reports), game moderators (seats, rollback, adjudication), administrators;
nobody sanctions someone of an equal or higher tier; a sanctioned staff member or
superuser is told why at login; IP records only for the tier that needs them."""

import pytest
from django.contrib.auth.models import Group

from community import game_moderation, moderation, services
from community.models import Sanction
from play.models import Seat
from play.services import NotAllowed
from tests.platform.factories import accept_all, make_user, race_game

pytestmark = pytest.mark.django_db


def staff(name, group):
    user = make_user(name)
    user.is_staff = True
    user.save(update_fields=["is_staff"])
    user.groups.add(Group.objects.get(name=group))
    return user


@pytest.fixture
def chat_mod(db):
    return staff("chatmod", "Moderators")


@pytest.fixture
def game_mod(db):
    return staff("gamemod", "Game moderators")


@pytest.fixture
def admin_user(db):
    return staff("chief", "Administrators")


def test_the_groups_carry_the_tier_permissions(chat_mod, game_mod, admin_user):
    assert chat_mod.has_perm("community.moderate_chat") and not chat_mod.has_perm("community.moderate_games")
    assert game_mod.has_perm("community.moderate_games") and not game_mod.has_perm("community.moderate_chat")
    assert admin_user.has_perm("community.administer_moderation") and admin_user.has_perm("axes.view_accesslog")
    assert not chat_mod.has_perm("axes.view_accesslog")


def test_a_moderator_handles_chat_but_not_games_and_not_other_staff(chat_mod, game_mod, mod, alice, bob):
    game = accept_all(race_game(alice, [bob]), [bob])
    message = services.chat_post(game_id=game.pk, user=bob, text="rude")
    moderation.message_hide(moderator=chat_mod, message_id=message.pk, reason="rude")
    moderation.user_mute(moderator=chat_mod, user_id=bob.pk, days=1, reason="rude")
    with pytest.raises(NotAllowed):
        game_moderation.seat_give_to_bot(moderator=chat_mod, game_id=game.pk, seat_index=1, bot_level="random",
                                         reason="x")
    for target in (game_mod, mod):  # an equal tier, the superuser
        with pytest.raises(NotAllowed, match="your own staff tier or above"):
            moderation.user_suspend(moderator=chat_mod, user_id=target.pk, days=3, reason="power trip")
    assert not Sanction.objects.filter(user__in=[game_mod, mod]).exists()
    assert mod.__class__.objects.get(pk=mod.pk).is_active


def test_a_game_moderator_runs_the_game_tools_but_sanctions_nobody(game_mod, alice, bob):
    game = accept_all(race_game(alice, [bob]), [bob])
    game_moderation.seat_give_to_bot(moderator=game_mod, game_id=game.pk, seat_index=1, bot_level="random",
                                     reason="bob vanished")
    assert Seat.objects.get(game=game, index=1).kind == "bot"
    with pytest.raises(NotAllowed):
        moderation.user_warn(moderator=game_mod, user_id=alice.pk, reason="x")


def test_an_administrator_sanctions_moderators_but_not_an_administrator_or_the_superuser(
        admin_user, chat_mod, mod):
    moderation.user_suspend(moderator=admin_user, user_id=chat_mod.pk, days=2, reason="abused the tools")
    assert Sanction.objects.filter(user=chat_mod, kind="suspend").exists()
    other_admin = staff("chief2", "Administrators")
    for target in (other_admin, mod):
        with pytest.raises(NotAllowed):
            moderation.user_ban(moderator=admin_user, user_id=target.pk, reason="x")
    with pytest.raises(NotAllowed):
        moderation.member_deactivate(moderator=chat_mod, user_id=make_user("zed").pk, reason="x")


def test_the_admin_pages_offer_each_tier_only_its_own_tools(client, chat_mod, game_mod, admin_user, alice, bob):
    game = accept_all(race_game(alice, [bob]), [bob])
    client.force_login(chat_mod)
    page = client.get(f"/admin/community/moderatedgame/{game.pk}/change/").content.decode()
    assert 'value="seat_bot"' not in page and 'value="rollback"' not in page
    member = client.get(f"/admin/community/member/{bob.pk}/change/").content.decode()
    assert 'value="mute"' in member and 'value="deactivate"' not in member
    assert "IP records of logins" not in member
    client.force_login(game_mod)
    page = client.get(f"/admin/community/moderatedgame/{game.pk}/change/").content.decode()
    assert 'value="seat_bot"' in page
    client.force_login(admin_user)
    member = client.get(f"/admin/community/member/{bob.pk}/change/").content.decode()
    assert "IP records of logins" in member and 'value="deactivate"' in member
    assert client.get("/admin/axes/accesslog/").status_code == 200


def test_a_suspended_staff_member_is_told_why_at_the_admin_login(client, admin_user):
    victim = staff("helper", "Moderators")
    moderation.user_suspend(moderator=admin_user, user_id=victim.pk, days=3, reason="leaked a report",
                            public_reason="other")
    response = client.post("/admin/login/?next=/admin/", {"username": "helper", "password": "pw-for-tests-123"})
    text = response.content.decode()
    assert response.status_code == 200 and "A breach of the site&#x27;s rules" in text and "until" in text
    assert "leaked a report" not in text  # the internal note (issue 30 point 9)
    assert "/account/appeal/link/" in text
    # The wrong password learns nothing.
    response = client.post("/admin/login/?next=/admin/", {"username": "helper", "password": "wrong"})
    text = response.content.decode()
    assert "leaked a report" not in text and "correct username and password" in text


def test_a_banned_player_is_told_why_at_the_site_login(client, mod, bob):
    moderation.user_ban(moderator=mod, user_id=bob.pk, reason="hate speech", public_reason="hate")
    response = client.post("/accounts/login/", {"login": "bob", "password": "pw-for-tests-123"})
    text = response.content.decode()
    assert response.status_code == 200 and "Hate speech" in text and "no end date" in text
    assert "/account/appeal/link/" in text and "_auth_user_id" not in client.session
