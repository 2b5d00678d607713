"""Issue 45 point 4: 400 or 409 for a move chosen at an older version, on Market (offers at any time: a seat may act
while another moves). A filling that was never legal (outside its ranges, or against the rules on the position its
author saw) is a 400 with the game's reason, so a bot knows to fill it again; a 409 only when the position moved
and the move would now be judged on it (or was already sent); a move of the wrong shape is a 400 whatever the
version. Nothing changes either way."""

import pytest
from rest_framework.test import APIClient

from play import services
from play.models import Game
from play.services import SeatSpec
from players import tokens
from tests.platform.factories import accept_all, make_user

pytestmark = pytest.mark.django_db


def bearer(user) -> APIClient:
    client = APIClient()
    key = tokens.token_create(user=user, name="t", scopes=["read", "play"])[1]
    client.credentials(HTTP_AUTHORIZATION=f"Bearer {key}")
    return client


def _market(alice, bob, carol) -> Game:
    game = services.game_create(creator=alice, game_type="market", options={"rounds": "2"},
                                seats=[SeatSpec("me"), SeatSpec("invite", username="bob"),
                                       SeatSpec("invite", username="carol")])
    return accept_all(game, [bob, carol])


def _send(api, game, version, move):
    return api.post(f"/api/games/{game.pk}/moves/", {"version": version, "move": move}, format="json")


def test_a_filling_never_legal_is_a_400_though_the_version_is_stale(alice, bob):
    """Bob (stone 3, gold 1) chose at version v; alice moved since. An offer of 5 stone was outside its range
    at v: 400 market.not_yours, not a 409. A legal offer chosen at v lands (only another seat moved); the
    never-legal one sent again at v is still a 400, the legal one sent twice a 409 stale_version."""
    carol = make_user("carol")
    game = _market(alice, bob, carol)
    seen = game.version
    assert _send(bearer(alice), game, seen, {"type": "offer", "give": {"wood": 1}, "to": [2]}).status_code == 200
    api = bearer(bob)
    never = {"type": "offer", "give": {"stone": 5}, "to": [0]}
    refused = _send(api, game, seen, never)
    assert refused.status_code == 400, refused.json()
    assert refused.json()["code"] == "market.not_yours" and refused.json()["version"] == seen + 1
    fine = {"type": "offer", "give": {"stone": 1}, "to": [0]}
    assert _send(api, game, seen, fine).status_code == 200  # only alice moved since: it lands
    again = _send(api, game, seen, never)  # bob's own move since: stale, but this filling was never legal
    assert again.status_code == 400 and again.json()["code"] == "market.not_yours", again.json()
    twice = _send(api, game, seen, fine)  # legal when chosen, sent twice: read the game again
    assert twice.status_code == 409 and twice.json()["code"] == "stale_version", twice.json()
    game.refresh_from_db()
    assert game.version == seen + 2


def test_a_move_of_the_wrong_shape_is_a_400_at_a_stale_version(alice, bob):
    """The service itself (bots and pages go through it too, not only the API) judges the shape before the
    version."""
    carol = make_user("carol")
    game = _market(alice, bob, carol)
    seen = game.version
    services.move_apply(game_id=game.pk, user=bob, move={"type": "offer", "give": {"stone": 1}, "to": [0]},
                        expected_version=seen)
    with pytest.raises(services.ServiceError) as refused:
        services.move_apply(game_id=game.pk, user=bob, expected_version=seen,
                            move={"type": "offer", "give": {"stone": 1}, "to": [0], "extra": 1})
    assert refused.value.code == "bad_move_shape" and not isinstance(refused.value, services.Conflict)


def test_a_move_legal_when_chosen_and_refused_now_is_still_a_409(alice, bob):
    """Carol offered her one wood to bob, then to alice; bob chose to accept at the version alice accepted at:
    his accept was legal on what he saw, the position moved (carol holds no wood now): 409 market.gone."""
    carol = make_user("carol")
    game = _market(alice, bob, carol)
    api_carol, api_bob, api_alice = bearer(carol), bearer(bob), bearer(alice)
    v = game.version
    assert _send(api_carol, game, v, {"type": "offer", "give": {"wood": 1}, "to": [1]}).status_code == 200
    assert _send(api_carol, game, v + 1, {"type": "offer", "give": {"wood": 1}, "to": [0]}).status_code == 200
    game.refresh_from_db()
    offers = game.state["offers"]
    seen = game.version
    assert _send(api_alice, game, seen, {"type": "accept", "offer": offers[1]["id"]}).status_code == 200
    late = _send(api_bob, game, seen, {"type": "accept", "offer": offers[0]["id"]})
    assert late.status_code == 409 and late.json()["code"] == "market.gone", late.json()
