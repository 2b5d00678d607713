"""Issue 35: the API accepts a move that leaves out a ranged field whose empty value fits (``kit.params.completed``:
an offer sent without its optional contract, ``later_give``/``later_get`` = {}) on a test game and on Cité; the
move is logged complete; a field of the wrong type is a clear 400, never a 500."""

import pytest
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from kit import params
from play import services
from play.models import Game
from play.services import SeatSpec
from tests.platform.factories import accept_all, make_user

pytestmark = pytest.mark.django_db

def token_client(user) -> APIClient:
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {Token.objects.get_or_create(user=user)[0].key}")
    return client


RANGED = {"type": "offer", "ranges": {"give": {"kind": "bundle", "of": {"wood": 2}, "min_total": 0, "max_total": 2},
                                      "to": {"kind": "subset", "of": [1, 2], "min": 1, "max": 2}}}


def test_completed_fills_only_the_fields_whose_empty_value_fits():
    assert params.completed([RANGED], {"type": "offer", "to": [1]}) == {"type": "offer", "to": [1], "give": {}}
    assert params.completed([RANGED], {"type": "offer", "give": {"wood": 1}}) == {"type": "offer",
                                                                                  "give": {"wood": 1}}  # "to" needs one
    assert params.completed([RANGED], {"type": "done"}) == {"type": "done"}


def _cite_window(alice, bob):
    carol = make_user("carol")
    game = services.game_create(creator=alice, game_type="cite", options={"first_game_gift": "yes"},
                                seats=[SeatSpec("me"), SeatSpec("invite", username="bob"),
                                       SeatSpec("invite", username="carol")])
    accept_all(game, [bob, carol])
    for seat, user in enumerate((alice, bob, carol)):
        for move in (_on_mark(game, seat), {"type": "done"}):  # CT20: round 1 builds on the marked square
            services.move_apply(game_id=game.pk, user=user, move=move,
                                expected_version=Game.objects.get(pk=game.pk).version)
    return Game.objects.get(pk=game.pk)


def test_cite_an_offer_without_its_contract_fields_through_the_api(alice, bob):
    game = _cite_window(alice, bob)
    kind = next(k for k, n in game.state["seats"][0]["res"].items() if n)
    api = token_client(alice)
    response = api.post(f"/api/games/{game.pk}/moves/",
                        {"version": game.version, "move": {"type": "offer", "to": [1], "give": {kind: 1}}},
                        format="json")
    assert response.status_code in (200, 201), response.content
    game.refresh_from_db()
    offer = game.state["offers"][0]
    assert offer["give"] == {kind: 1} and offer["get"] == {} and offer["later_give"] == {} == offer["later_get"]
    logged = game.moves.latest("seq").payload
    assert logged["later_give"] == {} and logged["get"] == {}
    for bad in ({"later_give": "3 wood"}, {"give": [kind]}, {"to": "bob"}, {"give": {kind: "one"}}):
        response = api.post(f"/api/games/{game.pk}/moves/",
                            {"version": game.version, "move": {"type": "offer", "to": [1], "give": {kind: 1}, **bad}},
                            format="json")
        assert response.status_code == 400, (bad, response.status_code)
        assert response.json()["code"] in ("bad_move_shape", "illegal", "not_legal"), response.json()
        assert response.json().get("detail") or response.json().get("message"), response.json()


def test_market_an_offer_is_still_refused_without_its_required_recipients(alice, bob):
    game = accept_all(services.game_create(creator=alice, game_type="market", options={"rounds": "2"},
                                           seats=[SeatSpec("me"), SeatSpec("invite", username="bob")]), [bob])
    game.refresh_from_db()
    response = token_client(alice).post(f"/api/games/{game.pk}/moves/",
                                        {"version": game.version, "move": {"type": "offer", "give": {"wood": 1}}},
                                        format="json")
    assert response.status_code == 400


def _on_mark(game, seat: int) -> dict:
    """Cité's round 1: a small shop on the seat's marked square (CT20: "done" needs it)."""
    from games.cite.engine.board import marked_square

    game.refresh_from_db()
    return {"type": "place", "kind": "small_shop",
            "cells": [list(marked_square(game.state["seats"][seat]["quarter"]))]}
