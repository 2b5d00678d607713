"""Issue 20 point 8: what moderators of lichess or Board Game Arena expect — staff
notes on a user, a user's whole chat history, preset reasons, short chat timeouts
in minutes, moderation log filters (date, moderator, action) with each entry
linking to its report or sanction, and players blocking another player (no chat
from them, no invitations from them)."""

from datetime import timedelta

import pytest
from django.utils import timezone

from community import moderation, services
from community.models import ModerationAction, Sanction, StaffNote
from community.selectors import chat_feed
from play import services as game_services
from play.models import Game
from play.services import NotAllowed, SeatSpec
from tests.platform.factories import accept_all, make_user, race_game

pytestmark = pytest.mark.django_db


def member_page(client, user):
    return client.get(f"/admin/community/member/{user.pk}/change/")


def test_staff_notes_on_a_user_and_their_whole_chat_history(mod_client, mod, alice, bob):
    response = mod_client.post(f"/admin/community/member/{bob.pk}/change/",
                               {"op": "note", "note-text": "second warning in a week; next time mute"})
    assert response.status_code == 302
    assert StaffNote.objects.get(user=bob).author == mod
    for n in range(2):
        game = accept_all(race_game(alice, [bob]), [bob])
        services.chat_post(game_id=game.pk, user=bob, text=f"message in game {n}")
    services.chat_post(game_id=game.pk, user=alice, text="not bob")
    page = member_page(mod_client, bob).content.decode()
    assert "second warning in a week" in page and "whole chat history (2 messages)" in page
    listing = mod_client.get("/admin/community/chatmessage/", {"author": bob.pk})
    texts = sorted(m.text for m in listing.context["cl"].result_list)
    assert texts == ["message in game 0", "message in game 1"]
    # Players never see staff notes.
    alice_client = mod_client.__class__()
    alice_client.force_login(alice)
    assert "second warning" not in alice_client.get("/players/bob/").content.decode()


def test_a_preset_reason_and_a_timeout_in_minutes(mod_client, bob):
    response = mod_client.post(f"/admin/community/member/{bob.pk}/change/",
                               {"op": "timeout", "timeout-minutes": "15", "timeout-preset": "insults",
                                "timeout-reason": "game #4"})
    assert response.status_code == 302
    sanction = Sanction.objects.get(user=bob)
    assert sanction.kind == "mute" and sanction.reason == "Insults or harassment in the chat: game #4"
    assert timedelta(minutes=14) < sanction.ends_at - timezone.now() <= timedelta(minutes=15)
    response = mod_client.post(f"/admin/community/member/{bob.pk}/change/",
                               {"op": "timeout", "timeout-minutes": "15", "timeout-preset": "", "timeout-reason": ""})
    assert response.status_code == 400 and "choose a common one" in response.content.decode()
    response = mod_client.post(f"/admin/community/member/{bob.pk}/change/",
                               {"op": "timeout", "timeout-minutes": "5000", "timeout-preset": "spam"})
    assert response.status_code == 400 and Sanction.objects.count() == 1


def test_moderation_log_filters_and_links(mod_client, mod, alice, bob):
    other = make_user("othermod", staff=True)
    game = accept_all(race_game(alice, [bob]), [bob])
    message = services.chat_post(game_id=game.pk, user=bob, text="rude")
    report = services.report_message(reporter=alice, message_id=message.pk, reason="rude")
    moderation.message_hide(moderator=mod, message_id=message.pk, reason="rude", report_id=report.pk)
    sanction = moderation.user_warn(moderator=other, user_id=bob.pk, reason="careful")
    ModerationAction.objects.filter(moderator=other).update(created_at=timezone.now() - timedelta(days=40))
    by_mod = mod_client.get("/admin/community/moderationaction/", {"moderator": mod.pk})
    assert [a.action for a in by_mod.context["cl"].result_list] == ["hide_message"]
    by_action = mod_client.get("/admin/community/moderationaction/", {"action__exact": "warn"})
    assert [a.moderator for a in by_action.context["cl"].result_list] == [other]
    today = timezone.now()
    by_date = mod_client.get("/admin/community/moderationaction/",
                             {"created_at__year": today.year, "created_at__month": today.month,
                              "created_at__day": today.day})
    assert [a.action for a in by_date.context["cl"].result_list] == ["hide_message"]
    text = mod_client.get("/admin/community/moderationaction/").content.decode()
    assert f"/admin/community/report/{report.pk}/change/" in text
    assert f"/admin/community/sanction/{sanction.pk}/change/" in text


def test_a_player_blocks_another_no_chat_and_no_invitations_from_them(client, alice, bob, carol):
    game = accept_all(race_game(alice, [bob, carol]), [bob, carol])
    services.chat_post(game_id=game.pk, user=bob, text="bob talks")
    services.chat_post(game_id=game.pk, user=carol, text="carol talks")
    client.force_login(alice)
    assert client.post("/players/bob/block/").status_code == 302
    heard = [i.text for i in chat_feed(Game.objects.get(pk=game.pk), alice) if i.kind == "chat"]
    assert heard == ["carol talks"]
    assert "bob talks" in [i.text for i in chat_feed(Game.objects.get(pk=game.pk), carol) if i.kind == "chat"]
    with pytest.raises(NotAllowed, match="does not accept invitations"):
        game_services.game_create(creator=bob, game_type="race", options={"target": "10"},
                                  seats=[SeatSpec("me"), SeatSpec("invite", username="alice")])
    assert "Stop blocking this player" in client.get("/players/bob/").content.decode()
    client.post("/players/bob/block/", {"unblock": "1"})
    assert "bob talks" in [i.text for i in chat_feed(Game.objects.get(pk=game.pk), alice) if i.kind == "chat"]
    assert client.post("/players/alice/block/").status_code == 302  # oneself: refused with a message
    assert not alice.blocks_made.exists()
