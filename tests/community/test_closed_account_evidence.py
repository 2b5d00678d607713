"""Issue 20 point 2: closing an account does not wipe the moderation evidence.
Reported, hidden and sanctioned chat, the sanctions and the link to the former
name stay for staff for the retention period (signup_policy.RETENTION_DAYS,
said on the privacy page); nobody signs up with the name or e-mail address of a
closed account a sanction still holds; afterwards the purge erases it all."""

from datetime import timedelta

import pytest
from django.contrib.auth import get_user_model
from django.urls import reverse
from django.utils import timezone

from community import moderation, services, signup_policy
from community.account import account_delete
from community.models import ChatMessage, ClosedAccount, ModerationAction
from community.selectors import chat_feed
from play.models import Game
from tests.platform.factories import accept_all, race_game

pytestmark = pytest.mark.django_db
User = get_user_model()
SIGNUP = {"password1": "a-long-password-9", "password2": "a-long-password-9"}


@pytest.fixture
def incident(alice, bob, mod):
    """bob insults alice twice; alice reports the first; a moderator mutes bob; bob closes his account."""
    game = accept_all(race_game(alice, [bob]), [bob])
    reported = services.chat_post(game_id=game.pk, user=bob, text="you are an idiot")
    unreported = services.chat_post(game_id=game.pk, user=bob, text="and a cheat")
    report = services.report_message(reporter=alice, message_id=reported.pk, reason="insult")
    moderation.user_mute(moderator=mod, user_id=bob.pk, days=7, reason="insults", report_id=report.pk)
    account_delete(user=bob)
    return game, reported, unreported, report


def test_the_evidence_and_the_former_name_survive_closing(client, mod, alice, bob, incident):
    game, reported, unreported, report = incident
    bob = User.objects.get(pk=bob.pk)
    assert bob.username == f"deleted-{bob.pk}"
    assert ChatMessage.objects.get(pk=reported.pk).text == "you are an idiot"
    assert ChatMessage.objects.get(pk=unreported.pk).text == "and a cheat"
    kept = ClosedAccount.objects.get(user=bob)
    assert kept.former_username == "bob" and kept.keep_until - kept.closed_at == timedelta(days=365)
    assert "bob@example.com" not in kept.email_digest  # a keyed hash, not the address
    # Staff find him by his old name in the moderation log, and see it on his page and the report.
    client.force_login(mod)
    log = client.get("/admin/community/moderationaction/", {"q": "bob"}).content.decode()
    assert f"deleted-{bob.pk}" in log
    member = client.get(f"/admin/community/member/{bob.pk}/change/").content.decode()
    assert "formerly “bob”" in member
    report_page = client.get(f"/admin/community/report/{report.pk}/change/").content.decode()
    assert "you are an idiot" in report_page
    # Players no longer see what a closed account wrote.
    texts = [i.text for i in chat_feed(Game.objects.get(pk=game.pk), alice) if i.kind == "chat"]
    assert "and a cheat" not in texts and "you are an idiot" not in texts


def test_an_unsanctioned_account_keeps_nothing_but_reported_or_hidden_messages(alice, bob, mod):
    game = accept_all(race_game(alice, [bob]), [bob])
    plain = services.chat_post(game_id=game.pk, user=alice, text="good game")
    flagged = services.chat_post(game_id=game.pk, user=alice, text="borderline joke")
    moderation.message_hide(moderator=mod, message_id=flagged.pk, reason="off-topic")
    account_delete(user=alice)
    assert ChatMessage.objects.get(pk=plain.pk).text == ""
    assert ChatMessage.objects.get(pk=flagged.pk).text == "borderline joke"
    assert ClosedAccount.objects.get(user_id=alice.pk).email_digest == ""


def test_sign_up_is_refused_with_the_name_or_address_of_a_sanctioned_closed_account(client, incident):
    response = client.post("/accounts/signup/", {"username": "Bob", "email": "new@example.com", **SIGNUP})
    assert response.status_code == 200
    assert "This username cannot be used" in response.content.decode()
    response = client.post("/accounts/signup/", {"username": "robert", "email": "BOB@example.com", **SIGNUP})
    assert response.status_code == 200
    assert "This e-mail address cannot be used" in response.content.decode()
    assert "sanction" not in response.content.decode()  # issue 30 point 6: a stranger is not told why
    assert not User.objects.filter(username__in=["Bob", "robert"]).exists()


def test_sign_up_is_allowed_again_once_the_sanction_is_over(client, mod, bob, incident):
    sanction = bob.sanctions.get()
    moderation.sanction_lift(moderator=mod, sanction_id=sanction.pk, reason="served")
    response = client.post("/accounts/signup/", {"username": "bob", "email": "bob@example.com", **SIGNUP})
    assert response.status_code == 302 and User.objects.filter(username="bob").exists()


def test_the_purge_erases_it_after_the_retention_period_unless_a_ban_holds(alice, bob, carol, mod):
    game = accept_all(race_game(alice, [bob, carol]), [bob, carol])
    said_bob = services.chat_post(game_id=game.pk, user=bob, text="rude")
    said_carol = services.chat_post(game_id=game.pk, user=carol, text="ruder")
    moderation.user_warn(moderator=mod, user_id=bob.pk, reason="rude")
    moderation.user_mute(moderator=mod, user_id=carol.pk, days=3, reason="ruder")
    account_delete(user=bob)
    account_delete(user=carol)
    moderation.user_ban(moderator=mod, user_id=carol.pk, reason="came back to abuse")
    later = timezone.now() + timedelta(days=signup_policy.RETENTION_DAYS + 1)
    assert signup_policy.closed_accounts_purge(now=timezone.now()) == 0  # not yet
    assert signup_policy.closed_accounts_purge(now=later) == 1
    assert ChatMessage.objects.get(pk=said_bob.pk).text == ""
    gone = ClosedAccount.objects.get(user_id=bob.pk)
    assert gone.former_username == "" and gone.purged_at is not None
    assert ChatMessage.objects.get(pk=said_carol.pk).text == "ruder"  # the ban still holds
    assert ClosedAccount.objects.get(user_id=carol.pk).former_username == "carol"
    assert ModerationAction.objects.filter(target_user_id=bob.pk).exists()  # the log itself stays


def test_the_privacy_and_closing_pages_say_how_long_records_are_kept(client, alice):
    client.force_login(alice)
    for url in (reverse("community:privacy"), reverse("community:delete")):
        text = client.get(url).content.decode()
        assert "365 days" in text, url
