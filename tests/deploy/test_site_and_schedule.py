"""The sites framework follows SITE_URL (account mails said "Hello from example.com!"), and the daily
digest runs at a fixed hour (it was every 86,400 s from beat's first start), with a manual command."""

from io import StringIO

import pytest
from celery.schedules import crontab
from django.contrib.sites.models import Site
from django.core import mail
from django.core.management import call_command

from notifications.site_domain import sync_site_from_site_url

pytestmark = pytest.mark.django_db


def test_migrate_sets_the_site_from_site_url(settings, client):
    assert Site.objects.get_current().domain == "127.0.0.1:8000"  # the test database was migrated so
    settings.SITE_URL = "https://lacitta.example.org"
    sync_site_from_site_url()
    site = Site.objects.get_current()
    assert (site.domain, site.name) == ("lacitta.example.org", "lacitta.example.org")
    client.post(
        "/accounts/signup/",
        {
            "username": "newbie",
            "email": "newbie@example.com",
            "password1": "a-long-password-9",
            "password2": "a-long-password-9",
        },
    )
    (message,) = mail.outbox
    assert "example.com!" not in message.body and "lacitta.example.org" in message.body + message.subject


def test_digest_at_a_fixed_hour_and_by_hand(settings):
    from lacitta_site.celery import app
    from play import services
    from tests.platform.factories import accept_all, make_user, race_game

    schedule = app.conf.beat_schedule["daily-digests"]["schedule"]
    assert isinstance(schedule, crontab) and schedule.hour == {7} and schedule.minute == {0}

    alice, bob = make_user("alice"), make_user("bob")
    bob.profile.email_digest = True
    bob.profile.save()
    game = accept_all(race_game(alice, [bob]), [bob])
    services.move_apply(game_id=game.pk, user=alice, move={"type": "add", "n": 1}, expected_version=1)
    mail.outbox.clear()
    out = StringIO()
    call_command("send_digests", stdout=out)
    assert "1 digest(s) sent." in out.getvalue()
    assert [m.to for m in mail.outbox] == [["bob@example.com"]]
