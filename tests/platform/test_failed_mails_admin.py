"""Issue 32.11: failed e-mails are visible and retryable in the admin (before, only with SQL)."""

import pytest
from django.core import mail

from notifications.models import Notification
from tests.platform.factories import make_user

pytestmark = pytest.mark.django_db(transaction=True)


def failed_mail(user, key="k1"):
    return Notification.objects.create(user=user, kind=Notification.Kind.ACCOUNT, dedupe_key=key,
                                       status=Notification.Status.FAILED, attempts=5, last_error="421 try later",
                                       to_email=user.email, subject="Confirm your address",
                                       body="https://example.org/accounts/confirm-email/SECRET-KEY/")


def test_staff_see_failed_mails_with_their_error_but_not_their_one_time_links(client):
    admin_user, player = make_user("boss", staff=True), make_user("player")
    note = failed_mail(player)
    client.force_login(admin_user)
    listing = client.get("/admin/notifications/notification/", {"status__exact": "failed"})
    assert listing.status_code == 200 and "421 try later" in listing.content.decode()
    detail = client.get(f"/admin/notifications/notification/{note.pk}/change/")
    assert detail.status_code == 200 and "SECRET-KEY" not in detail.content.decode()


def test_send_again_sends_a_failed_mail_once_and_leaves_the_others(client):
    admin_user, player = make_user("boss", staff=True), make_user("player")
    note = failed_mail(player)
    sent = Notification.objects.create(user=player, kind=Notification.Kind.ACCOUNT, dedupe_key="k2",
                                       status=Notification.Status.SENT, attempts=1, to_email=player.email,
                                       subject="Old", body="")
    client.force_login(admin_user)
    mail.outbox.clear()
    answer = client.post("/admin/notifications/notification/",
                         {"action": "send_again", "_selected_action": [note.pk, sent.pk]}, follow=True)
    assert answer.status_code == 200
    text = answer.content.decode()
    assert "1 e-mail is queued again." in text and "1 was not a failed e-mail" in text
    note.refresh_from_db()
    sent.refresh_from_db()
    assert note.status == Notification.Status.SENT and [m.subject for m in mail.outbox] == ["Confirm your address"]
    assert sent.status == Notification.Status.SENT and sent.attempts == 1


def test_players_cannot_reach_the_outbox(client):
    client.force_login(make_user("player"))
    assert client.get("/admin/notifications/notification/").status_code == 302  # to the admin's login
