"""Issue 20 point 6: a sanctioned player is told — a notice on every page until read,
and an e-mail (through the outbox) with the reason, the end date and an appeal link
that works without logging in; the appeal's answer comes by e-mail too; a reporter
is told their report was handled."""

import re

import pytest
from django.core import mail

from community import moderation, notices, services
from community.models import Sanction
from notifications.models import Notification
from tests.platform.factories import accept_all, committed, race_game

pytestmark = pytest.mark.django_db


def mails_to(user):
    return [m for m in mail.outbox if m.to == [user.email]]


def test_a_muted_player_gets_an_email_and_a_notice_until_read(client, settings, mod, alice, bob):
    settings.SITE_URL = "https://lacitta.example"
    with committed():
        moderation.user_mute(moderator=mod, user_id=bob.pk, days=3, reason="insults in game chat",
                             public_reason="insults")
    sanction = Sanction.objects.get(user=bob)
    [note] = Notification.objects.filter(user=bob, kind="sanction")
    assert note.status == "sent"
    [email] = mails_to(bob)
    # Issue 30 point 9: the player reads the public reason; the moderator's words are an internal note.
    assert "Insults or harassment in the chat" in email.body and "insults in game chat" not in email.body
    assert sanction.ends_at.strftime("%Y-%m-%d %H:%M") in email.body
    assert "https://lacitta.example/account/appeal/link/" in email.body
    client.force_login(bob)
    lobby = client.get("/").content.decode()
    assert "moderation-notice" in lobby and "Insults or harassment in the chat" in lobby
    client.get("/account/privacy/")  # read
    assert "moderation-notice" not in client.get("/").content.decode()


def test_an_appeal_by_email_link_works_without_logging_in_and_its_answer_is_mailed(client, mod, bob):
    with committed():
        moderation.user_suspend(moderator=mod, user_id=bob.pk, days=7, reason="spam", public_reason="spam")
    sanction = Sanction.objects.get(user=bob)
    link = re.search(r"https?://\S+/account/appeal/link/\S+/", mails_to(bob)[0].body).group(0)
    path = link.split("://", 1)[1].split("/", 1)[1]
    response = client.get(f"/{path}")
    assert response.status_code == 200 and "Spam or advertising" in response.content.decode()
    response = client.post(f"/{path}", {"text": "it was my brother"})
    assert response.status_code == 200 and "Your appeal is noted" in response.content.decode()
    sanction.refresh_from_db()
    assert sanction.appeal == "it was my brother" and sanction.appealed_at is not None
    assert client.post(f"/{path}", {"text": "again"}).status_code == 400  # once only
    with committed():
        moderation.appeal_decide(moderator=mod, sanction_id=sanction.pk, lift=True, reason="fair enough")
    answer = mails_to(bob)[-1]
    assert "fair enough" in answer.body and "lifted" in answer.body
    bob.refresh_from_db()
    assert bob.is_active


def test_a_forged_or_foreign_appeal_link_is_refused(client, mod, alice, bob):
    moderation.user_warn(moderator=mod, user_id=bob.pk, reason="careful")
    sanction = Sanction.objects.get(user=bob)
    token = notices.appeal_token(sanction)
    response = client.get(f"/account/appeal/link/{token[:-2]}xx/")
    assert response.status_code == 404 and "not valid or has expired" in response.content.decode()
    Sanction.objects.filter(pk=sanction.pk).update(user=alice)  # the link names bob, not whoever holds it now
    assert client.post(f"/account/appeal/link/{token}/", {"text": "x"}).status_code == 404
    assert not Sanction.objects.filter(appealed_at__isnull=False).exists()


def test_the_reporter_is_told_the_report_was_handled(mod, alice, bob):
    game = accept_all(race_game(alice, [bob]), [bob])
    message = services.chat_post(game_id=game.pk, user=bob, text="idiot")
    with committed():
        report = services.report_message(reporter=alice, message_id=message.pk, reason="insult")
    about_reports = lambda: [m for m in mails_to(alice) if "report" in m.subject]  # noqa: E731
    assert not about_reports()
    with committed():
        moderation.message_hide(moderator=mod, message_id=message.pk, reason="insult", report_id=report.pk)
    [told] = about_reports()
    assert "handled" in told.subject and "idiot" not in told.body


def test_a_suspension_that_ends_by_itself_is_mailed_in_the_players_language(mod, bob):
    """Issue 30 point 10: no mail when a suspension came to its end (nor when a moderator lifted one)."""
    from datetime import timedelta

    from django.core import mail
    from django.utils import timezone

    from community.models import Sanction
    from players.models import Profile
    from tests.platform.factories import committed

    Profile.objects.update_or_create(user=bob, defaults={"language": "fr"})
    with committed():
        moderation.user_suspend(moderator=mod, user_id=bob.pk, days=2, reason="insults")
    Sanction.objects.filter(kind="suspend").update(ends_at=timezone.now() - timedelta(seconds=1))
    mail.outbox.clear()
    with committed():
        assert moderation.suspensions_expire() == 1
    ended = [m for m in mail.outbox if m.to == [bob.email]]
    assert len(ended) == 1 and "Cette décision est arrivée à son terme" in ended[0].body
    assert "insults" not in ended[0].body  # the internal note stays with staff


def test_the_notice_that_there_is_none_is_kept_until_a_sanction_is_written(client, mod, bob):
    """Issue 43: "no unseen sanction" is kept in the cache (a statement less on every page), and forgotten when
    a sanction of the player is written: the next page shows its notice at once."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    client.force_login(bob)

    def sanction_statements() -> int:
        with CaptureQueriesContext(connection) as queries:
            page = client.get("/").content.decode()
        return page, sum('"community_sanction"' in q["sql"].split(" WHERE ")[0] for q in queries)

    assert sanction_statements()[1] == 1  # read once
    page, asked = sanction_statements()
    assert asked == 0 and "moderation-notice" not in page  # then kept
    with committed():
        moderation.user_mute(moderator=mod, user_id=bob.pk, days=3, reason="insults", public_reason="insults")
    page, asked = sanction_statements()
    assert asked == 1 and "moderation-notice" in page
    client.get("/account/privacy/")  # read
    assert "moderation-notice" not in sanction_statements()[0]
    Sanction.objects.filter(user=bob).delete()
    Sanction.objects.create(user=bob, by=mod, kind=Sanction.Kind.MUTE, reason="again", public_reason="again")
    assert "moderation-notice" in sanction_statements()[0]
