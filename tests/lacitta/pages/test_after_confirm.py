"""Issue 13, defect 2 and the move errors: after Confirm the address is the plain game page (htmx:
HX-Replace-Url; without htmx: a redirect), so a reload on the next turn does not reopen the move
just made; a refused move shows the game page with a message a person understands."""

import json

import pytest
from django.urls import reverse

from play.models import Game, Move
from tests.lacitta.helpers import ENGINE, lacitta_game
from tests.platform.factories import make_user

pytestmark = pytest.mark.django_db
TAKE_GOLD = {"type": "take_gold"}


def started(prefix):
    users = [make_user(f"{prefix}1"), make_user(f"{prefix}2")]
    game = lacitta_game(users)
    seat = min(ENGINE.pending(ENGINE.load(game.state)))
    return game, game.seats.get(index=seat).user


def step_url(game, move):
    return reverse("games:detail", args=[game.pk]) + "?m=" + json.dumps(move, separators=(",", ":"))


def test_confirm_with_htmx_replaces_the_address_by_the_plain_game_page(client):
    game, user = started("ru")
    client.force_login(user)
    confirm = client.get(step_url(game, TAKE_GOLD), HTTP_HX_REQUEST="true").content.decode()
    assert 'name="move"' in confirm  # the confirm step, reached by a ?m= address
    response = client.post(reverse("games:move", args=[game.pk]),
                           {"version": str(game.version), "move": json.dumps(TAKE_GOLD)}, HTTP_HX_REQUEST="true")
    assert response.status_code == 200
    plain = reverse("games:detail", args=[game.pk])
    assert response["HX-Replace-Url"] == plain
    # Reload at that address, later in the game: no confirm step of the old move.
    reload = client.get(plain).content.decode()
    assert f'name="move" value="{json.dumps(TAKE_GOLD, separators=(",", ":"))}"' not in reload.replace("&quot;", '"')
    assert Move.objects.filter(game=game).order_by("-seq").first().payload == TAKE_GOLD


def test_confirm_without_htmx_redirects_to_the_plain_game_page(client):
    game, user = started("rn")
    client.force_login(user)
    response = client.post(reverse("games:move", args=[game.pk]) + "?m=" + json.dumps(TAKE_GOLD),
                           {"version": str(game.version), "move": json.dumps(TAKE_GOLD)})
    assert response.status_code == 302
    assert response["Location"] == reverse("games:detail", args=[game.pk]) + "#move-panel"  # the focus goes there


def test_illegal_move_without_htmx_shows_the_game_page_with_the_reason(client):
    game, user = started("il")
    client.force_login(user)
    occupied = ENGINE.view(ENGINE.load(game.state), None)["buildings"][0]["cell"]
    response = client.post(reverse("games:move", args=[game.pk]), {
        "version": str(game.version), "move": json.dumps({"type": "build", "building": "farm", "cell": occupied})})
    html = response.content.decode()
    assert response.status_code == 400
    assert 'id="game-body"' in html and "That hex is already built on." in html
    assert Game.objects.get(pk=game.pk).version == game.version


@pytest.mark.parametrize("htmx", [True, False])
def test_stale_move_says_someone_moved_first_and_shows_the_game_now(client, htmx):
    game, user = started("st" + "hx"[: int(htmx) * 2])
    client.force_login(user)
    headers = {"HTTP_HX_REQUEST": "true"} if htmx else {}
    data = {"version": str(game.version), "move": json.dumps(TAKE_GOLD)}
    url = reverse("games:move", args=[game.pk])
    assert client.post(url, data, **headers).status_code in (200, 302)
    again = client.post(url, data, **headers)
    html = again.content.decode()
    assert again.status_code == 409
    assert "Someone moved first — here is the game as it is now." in html
    assert f'data-version="{game.version + 1}"' in html  # the game as it is now
    assert "version" not in html.split('role="alert"')[1][:200]  # no internal version numbers in the message
    if htmx:
        assert again["HX-Replace-Url"] == reverse("games:detail", args=[game.pk])
