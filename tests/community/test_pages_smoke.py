import pytest
from django.urls import reverse

from tests.community.helpers import finish
from tests.platform.factories import accept_all, race_game

pytestmark = pytest.mark.django_db


def test_every_page_renders(client, alice, bob, mod):
    game = finish(accept_all(race_game(alice, [bob]), [bob]), [alice, bob])
    live = accept_all(race_game(alice, [bob]), [bob])
    client.force_login(alice)
    for url in [
        reverse("community:profile", args=["alice"]),
        reverse("community:history", args=["alice"]),
        reverse("community:head_to_head", args=["alice", "bob"]),
        reverse("community:privacy"),
        reverse("community:delete"),
        reverse("community:report_user", args=["bob"]),
        reverse("ratings:index"),
        reverse("ratings:leaderboard", args=["race"]),
        reverse("games:detail", args=[live.pk]),
        reverse("games:detail", args=[game.pk]),
        reverse("community:chat", args=[live.pk]),
    ]:
        assert client.get(url).status_code == 200, url
    assert client.get(reverse("community:export")).status_code == 200
    client.force_login(mod)
    for url in [
        reverse("community:dashboard"),
        "/admin/community/report/",
        "/admin/community/moderatedgame/",
        f"/admin/community/moderatedgame/{live.pk}/change/",
        "/admin/community/member/",
        f"/admin/community/member/{alice.pk}/change/",
        "/admin/community/moderationaction/",
        "/admin/community/sanction/",
        "/admin/community/chatmessage/",
        "/admin/ratings/rating/",
    ]:
        assert client.get(url).status_code == 200, url
