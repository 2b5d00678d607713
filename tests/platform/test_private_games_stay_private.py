"""Issue 12, item 2 and the poll: every page action first checks that the user may
see the game, and a private game answers an outsider exactly as a game that does not
exist (no status, no version, no "you do not play here"); its poll writes no presence
for an outsider."""

import json

import pytest
from django.urls import reverse

from play import presence
from play.models import Game
from tests.platform.factories import accept_all, make_user, race_game

pytestmark = pytest.mark.django_db

ACTIONS = ["move", "join", "cancel", "decline", "leave", "resign", "take_back"]
MISSING = 987654


def post(client, name, pk, htmx):
    data = {"version": "7", "move": json.dumps({"type": "add", "n": 1}), "token": "not-the-token"}
    headers = {"HTTP_HX_REQUEST": "true"} if htmx else {}
    response = client.post(reverse(f"games:{name}", args=[pk]), data, **headers)
    body = response.content.decode().replace(f"/games/{pk}/", "/games/<id>/")
    return response.status_code, body, response.get("Location")


@pytest.mark.parametrize("started", [False, True], ids=["open", "in-progress"])
@pytest.mark.parametrize("htmx", [False, True], ids=["form", "htmx"])
def test_every_action_on_a_private_game_answers_an_outsider_as_a_missing_game(client, started, htmx):
    alice, bob, eve = make_user("alice"), make_user("bob"), make_user("eve")
    game = race_game(alice, [bob], private=True)
    if started:
        game = accept_all(game, [bob])
    client.force_login(eve)
    for name in ACTIONS:
        private, missing = post(client, name, game.pk, htmx), post(client, name, MISSING, htmx)
        assert private == missing, name
        assert private[0] == 404, name
    after = Game.objects.get(pk=game.pk)
    assert (after.version, after.status) == (game.version, game.status)
    seated = list(game.seats.values_list("user_id", flat=True))
    assert list(after.seats.values_list("user_id", flat=True)) == seated


def test_the_invitation_link_still_lets_its_holder_join_a_private_game(client):
    alice, carol = make_user("alice"), make_user("carol")
    game = race_game(alice, open_seats=1, private=True)
    client.force_login(carol)
    assert client.post(reverse("games:join", args=[game.pk]), {"token": "wrong"}).status_code == 404
    response = client.post(reverse("games:join", args=[game.pk]), {"token": game.invite_token})
    assert response.status_code == 302
    assert Game.objects.get(pk=game.pk).seats.filter(user=carol).exists()


def test_players_of_a_private_game_still_get_the_usual_answers(client):
    alice, bob = make_user("alice"), make_user("bob")
    game = accept_all(race_game(alice, [bob], private=True), [bob])
    client.force_login(bob)
    status, body, _ = post(client, "move", game.pk, True)
    # A player hears that the game moved on (and sees it as it is now).
    assert status == 409 and "Someone moved first" in body and 'id="game-body"' in body


def test_poll_with_here_writes_no_presence_for_a_game_the_user_cannot_see(client):
    alice, bob, eve = make_user("alice"), make_user("bob"), make_user("eve")
    game = accept_all(race_game(alice, [bob], private=True), [bob])
    client.force_login(eve)
    response = client.get(reverse("games:poll", args=[game.pk]), {"v": "0", "here": "1"})
    assert response.status_code == 404
    assert not presence.is_present(game.pk, eve.pk)
    client.force_login(bob)
    client.get(reverse("games:poll", args=[game.pk]), {"v": str(game.version), "here": "1"})
    assert presence.is_present(game.pk, bob.pk)
