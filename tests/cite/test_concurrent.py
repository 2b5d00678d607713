"""Concurrent decisions in Cité's trading window (issue 35, Platform v2), through the API: two people
answering the same offer at the same version both land when both moves are still legal (CT22: no turn
order); a move that is no longer legal gets the engine's reason (the offer was taken; its author can no
longer pay: G12 (a), atomic trades), and nothing changes."""

import pytest
from rest_framework.test import APIClient

from games.cite import demo
from games.cite.engine.components import PROFESSIONS
from games.cite.engine.engine import ENGINE
from play import services
from play.models import Game
from play.services import SeatSpec
from tests.platform.factories import accept_all, make_user

pytestmark = pytest.mark.django_db


def api_for(user) -> APIClient:
    client = APIClient()
    client.force_authenticate(user)
    return client


@pytest.fixture
def window(alice, bob):
    carol = make_user("carol")
    game = services.game_create(creator=alice, game_type="cite", options={"first_game_gift": "yes"},
                                seats=[SeatSpec("me"), SeatSpec("invite", username="bob"),
                                       SeatSpec("invite", username="carol")])
    Game.objects.filter(pk=game.pk).update(seed=9)
    accept_all(game, [bob, carol])
    users = [alice, bob, carol]
    while True:  # round 1 by the demo script's layout (a large shop and two small shops each)
        game.refresh_from_db()
        step = demo.next_move(ENGINE, ENGINE.load(game.state), {0, 1, 2})
        if step is None or game.state["stage"] != "layout":
            break
        services.move_apply(game_id=game.pk, user=users[step[0]], move=step[1], expected_version=game.version)
    game.refresh_from_db()
    assert game.state["stage"] == "window"
    return game, users


def own(game, seat) -> str:
    return PROFESSIONS[game.state["seats"][seat]["profession"]]


def post(user, game, version, move):
    return api_for(user).post(f"/api/games/{game.pk}/moves/", {"version": version, "move": move}, format="json")


def test_ct22_two_answers_at_the_same_version_both_land_and_a_late_accept_gets_the_reason(window):
    game, (alice, bob, carol) = window
    offer = {"type": "offer", "to": [1, 2], "give": {own(game, 0): 2}, "get": {}, "later_give": {},
             "later_get": {"gold": 1}}
    assert post(alice, game, game.version, offer).status_code == 200
    game.refresh_from_db()
    seen, ident = game.version, game.state["offers"][0]["id"]
    first = post(bob, game, seen, {"type": "decline", "offer": ident})
    second = post(carol, game, seen, {"type": "accept", "offer": ident})
    assert first.status_code == 200 and second.status_code == 200, second.json()
    game.refresh_from_db()
    assert game.version == seen + 2 and game.state["offers"] == [] and game.state["contracts"][0]["b"] == 2
    # A second offer to both: carol takes it first; bob, who saw it open, gets the engine's reason.
    assert post(alice, game, game.version, dict(offer, later_get={})).status_code == 200
    game.refresh_from_db()
    seen, ident = game.version, game.state["offers"][0]["id"]
    assert post(carol, game, seen, {"type": "accept", "offer": ident}).status_code == 200
    late = post(bob, game, seen, {"type": "accept", "offer": ident})
    assert late.status_code == 409 and late.json()["code"] == "cite.error.offer_gone"
    assert "no longer open" in late.json()["detail"]
    assert Game.objects.get(pk=game.pk).version == seen + 1


def test_g12_an_offer_whose_author_traded_the_goods_away_cannot_be_accepted(window):
    game, (alice, bob, carol) = window
    kind = own(game, 0)
    held = game.state["seats"][0]["res"][kind]
    made = post(alice, game, game.version, {"type": "offer", "to": [1], "give": {kind: held}, "get": {},
                                            "later_give": {}, "later_get": {}})
    assert made.status_code == 200
    assert post(alice, game, game.version + 1, {"type": "offer", "to": [2], "give": {kind: held}, "get": {},
                                                "later_give": {}, "later_get": {}}).status_code == 200
    game.refresh_from_db()
    seen = game.version
    to_bob, to_carol = (o["id"] for o in game.state["offers"])
    assert post(carol, game, seen, {"type": "accept", "offer": to_carol}).status_code == 200
    late = post(bob, game, seen, {"type": "accept", "offer": to_bob})
    assert late.status_code == 409 and late.json()["code"] == "cite.error.offerer_cannot_pay"
    game.refresh_from_db()
    assert game.version == seen + 1 and game.state["seats"][1]["res"][kind] == 0
