"""Outside review of the merged features (issues 12, 13, 18, 20): malformed input on the new
endpoints answers with a clear error, never a 500, and changes nothing."""

import pytest
from django.urls import reverse

from play.models import Seat
from tests.lacitta.helpers import lacitta_game
from tests.platform.factories import make_user

pytestmark = pytest.mark.django_db


def test_summary_dismissal_with_a_number_past_any_column_is_no_500(client):
    """``/games/<id>/seen/`` with version=10**30 (a forged form) overflowed the database integer (500)."""
    alice, bob = make_user("oa"), make_user("ob")
    game = lacitta_game([alice, bob])
    client.force_login(alice)
    response = client.post(reverse("games:summary_seen", args=[game.pk]), {"version": str(10 ** 30)})
    assert response.status_code == 302  # "all of it": capped at the game's version
    assert Seat.objects.get(game=game, index=0).seen_seq == game.version
    assert Seat.objects.get(game=game, index=1).seen_seq == 0


def test_the_new_posts_need_a_login_and_a_csrf_token(client):
    """Undo, the summary's dismissal, blocking, the appeal link and the API's undo through a browser
    session: without login nothing happens; without the CSRF token, 403 and nothing happens."""
    from django.test import Client

    from community.models import Block
    from play.models import Move

    alice, bob = make_user("ca"), make_user("cb")
    game = lacitta_game([alice, bob])
    posts = [reverse("games:summary_seen", args=[game.pk]), reverse("games:undo", args=[game.pk]),
             reverse("community:block", args=[bob.username])]
    for url in posts:
        response = client.post(url, {"version": str(game.version)})
        assert response.status_code == 302 and "/accounts/login/" in response["Location"], url
    browser = Client(enforce_csrf_checks=True)
    browser.force_login(alice)
    for url in [*posts, "/account/appeal/link/anything/", f"/api/games/{game.pk}/undo/"]:
        assert browser.post(url, {"version": str(game.version), "text": "x"}).status_code == 403, url
    assert not Block.objects.exists() and not Move.objects.filter(game=game, kind="undo").exists()
    assert not Seat.objects.filter(game=game, seen_seq__gt=0).exists()


@pytest.mark.parametrize("query", [
    "after=" + str(10 ** 30), "after=-5", "after=%00", "after=1e3",
])
def test_the_log_endpoints_after_parameter_with_junk_is_no_500(client, query):
    alice, bob = make_user("la"), make_user("lb")
    game = lacitta_game([alice, bob])
    client.force_login(alice)
    response = client.get(f"/api/games/{game.pk}/log/?{query}")
    assert response.status_code in (200, 400), query
    if response.status_code == 400:  # a clear message: the parameter, or the NUL byte
        assert "after" in response.json()["detail"] or "NUL" in response.json()["detail"]


@pytest.mark.parametrize("query", [
    "page=" + str(10 ** 30), "page=%00", "page=-1", "page=0", "page=last", "page_size=" + str(10 ** 30),
    "page_size=%00", "page_size=-1", "page_size=0", "status=%00",
])
def test_the_game_lists_pagination_with_junk_is_no_500(client, query):
    client.force_login(make_user("pj"))
    response = client.get(f"/api/games/?{query}")
    assert response.status_code in (200, 400, 404), query
