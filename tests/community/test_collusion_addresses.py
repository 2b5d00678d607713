"""Issue 30, point 17, replayed as an administrator investigating two colluding accounts: the addresses
(and devices) of API-token use and of moves are kept, not only web logins'; "accounts seen from the same
address" finds an account that never logged in on the web; administrators only; erased after retention."""

import json
from datetime import timedelta

import pytest
from django.contrib.auth.models import Group
from django.core.cache import cache
from django.test import Client
from django.utils import timezone
from rest_framework.test import APIClient

from community import addresses
from community.models import SeenAddress
from play.models import Game
from players import tokens
from tests.platform.factories import accept_all, make_user, race_game

pytestmark = pytest.mark.django_db

SHARED = "198.51.100.9"


@pytest.fixture(autouse=True)
def _fresh_cache():
    cache.clear()  # the once-an-hour memory of recorded rows
    yield
    cache.clear()


def staff(name, group):
    user = make_user(name)
    user.is_staff = True
    user.save(update_fields=["is_staff"])
    user.groups.add(Group.objects.get(name=group))
    return user


def bot_client(user, ip=SHARED, agent="farm-bot/1.0"):
    client = APIClient(REMOTE_ADDR=ip, HTTP_USER_AGENT=agent)
    key = tokens.token_create(user=user, name="bot", scopes=["read", "play"])[1]
    client.credentials(HTTP_AUTHORIZATION=f"Bearer {key}")
    return client


def api_move(client, game):
    game = Game.objects.get(pk=game.pk)
    return client.post(f"/api/games/{game.pk}/moves/", {"version": game.version, "move": {"type": "add", "n": 1}},
                       format="json")


def page_move(client, game):
    game = Game.objects.get(pk=game.pk)
    return client.post(f"/games/{game.pk}/move/", {"version": game.version,
                                                  "move": json.dumps({"type": "add", "n": 1})})


def test_api_tokens_and_moves_leave_their_address_for_administrators(alice, bob, carol):
    game = accept_all(race_game(alice, [bob], target="15"), [bob])
    web = Client(REMOTE_ADDR=SHARED, HTTP_USER_AGENT="Firefox on a phone")
    web.force_login(alice)
    assert page_move(web, game).status_code in (200, 302)  # alice, on the web, never through a login form
    assert api_move(bot_client(bob), game).status_code == 200  # bob's bot, same address
    assert bot_client(carol).get("/api/me/").status_code == 200  # carol only reads through a token
    seen = set(SeenAddress.objects.values_list("user__username", "ip", "via", "device"))
    assert seen == {("alice", SHARED, "move", "Firefox on a phone"), ("bob", SHARED, "move", "farm-bot/1.0"),
                    ("carol", SHARED, "api", "farm-bot/1.0")}

    url = f"/admin/community/member/{bob.pk}/change/"
    moderator = Client()
    moderator.force_login(staff("cm", "Moderators"))
    assert SHARED not in moderator.get(url).content.decode()  # IP records: administrators only
    admin = Client()
    admin.force_login(staff("adm", "Administrators"))
    page = admin.get(url).content.decode()
    shared = page.split("Accounts seen from the same address")[1].split("</ul>")[0]
    assert SHARED in shared and "alice" in shared and "carol" in shared
    own = page.split("Addresses this account was used from")[1].split("</table>")[0]
    assert SHARED in own and "farm-bot/1.0" in own and "a move" in own


def test_refused_requests_record_nothing_and_a_busy_bot_writes_once_an_hour(alice, bob):
    game = accept_all(race_game(alice, [bob], target="15"), [bob])
    stranger = APIClient(REMOTE_ADDR="192.0.2.1")
    stranger.credentials(HTTP_AUTHORIZATION="Bearer not-a-token")
    assert stranger.get("/api/me/").status_code == 401
    assert api_move(bot_client(bob), game).status_code == 409  # not bob's turn: refused, nothing kept
    assert not SeenAddress.objects.exists()
    web = Client(REMOTE_ADDR=SHARED)
    web.force_login(alice)
    page_move(web, game)
    bot = bot_client(bob)
    for _ in range(3):
        api_move(bot, game)
        page_move(web, game)
    row = SeenAddress.objects.get(user=bob)
    assert row.uses == 1  # remembered for an hour: no write per move
    api_move(bot_client(bob, ip="192.0.2.77"), game)
    assert SeenAddress.objects.filter(user=bob).count() == 2  # a new address is written at once


def test_addresses_are_erased_after_their_retention(alice, bob):
    from axes.models import AccessLog

    assert addresses.address_seen(user=bob, ip=SHARED, via="api", device="x")
    AccessLog.objects.create(username="bob", ip_address=SHARED, user_agent="x", http_accept="x",
                             path_info="/accounts/login/")
    assert addresses.addresses_purge(now=timezone.now() + timedelta(days=addresses.RETENTION_DAYS - 1)) == 0
    assert SeenAddress.objects.exists() and AccessLog.objects.exists()
    assert addresses.addresses_purge(now=timezone.now() + timedelta(days=addresses.RETENTION_DAYS + 1)) == 2
    assert not SeenAddress.objects.exists() and not AccessLog.objects.exists()


def test_a_player_s_export_lists_the_addresses_kept_about_them(alice, bob):
    """What staff keep about a player is in the player's own data export (and only theirs)."""
    addresses.address_seen(user=bob, ip=SHARED, via="api", device="farm-bot/1.0")
    addresses.address_seen(user=alice, ip="192.0.2.5", via="move", device="x")
    client = Client()
    client.force_login(bob)
    data = json.loads(client.get("/account/export/").content)
    assert [(a["address"], a["through"], a["device"]) for a in data["addresses_seen"]] == [
        (SHARED, "api", "farm-bot/1.0")]
    assert data["seats_left"] == []
