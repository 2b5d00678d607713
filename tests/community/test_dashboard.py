"""The staff dashboard counts per day."""

from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from community import dashboard
from notifications.models import Notification
from play import services
from play.models import Seat
from tests.community.helpers import finish
from tests.platform.factories import accept_all, race_game

pytestmark = pytest.mark.django_db


def test_daily_numbers(mod_client, alice, bob, carol):
    finish(accept_all(race_game(alice, [bob]), [bob]), [alice, bob])
    forfeit = accept_all(race_game(alice, [carol], timeout_rule="forfeit"), [carol])
    Seat.objects.filter(game=forfeit, index=0).update(deadline=timezone.now() - timedelta(minutes=1))
    services.seat_timeout(game_id=forfeit.pk, seat_index=0)
    Notification.objects.create(user=alice, kind="your_turn", dedupe_key="x", status="failed")
    today = dashboard.daily_stats(days=7)[0]
    assert today.day == timezone.now().date()
    assert today.started == 2 and today.finished == 2  # the forfeit ends a two-player game
    assert today.moves == 6 and today.active_players == 2
    assert today.timeouts == 1 and today.email_failures == 1
    page = mod_client.get(reverse("community:dashboard")).content.decode()
    assert "Site activity" in page and today.day.strftime("%Y-%m-%d") in page
    assert mod_client.get(reverse("community:dashboard"), {"days": "0"}).status_code == 400
    assert mod_client.get(reverse("community:dashboard"), {"days": "x"}).status_code == 400


def test_nav_links(client, alice, mod):
    client.force_login(alice)
    page = client.get("/").content.decode()
    assert reverse("community:profile", args=["alice"]) in page and reverse("ratings:index") in page
    assert reverse("community:dashboard") not in page
    client.force_login(mod)
    assert reverse("community:dashboard") in client.get("/").content.decode()
