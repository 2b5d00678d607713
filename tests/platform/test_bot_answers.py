"""A bot seat that owes nothing but may act (the engine's ``may_act``) answers what is addressed to it (the
engine's ``answers``, ``kit.base.answers``: an offer made to it), once per offer, and otherwise does
nothing: the market (a test game of offers) and Cité (issue 35: "a player who is done may still answer
offers made to them"; greedy bots answer by their valuation), through the services."""

import pytest

from kit.base import answers
from play import registry, services
from play.models import Game
from play.services import SeatSpec
from tests.platform.factories import accept_all

pytestmark = pytest.mark.django_db


def _move(game: Game, user, move: dict) -> Game:
    return services.move_apply(game_id=game.pk, user=user, move=move,
                               expected_version=Game.objects.get(pk=game.pk).version)


def _bots(game: Game) -> int:
    game.refresh_from_db()
    return services.bot_turns_play(game_id=game.pk, version=game.version, limit=20).played


def _answer_rows(game: Game, seat: int) -> list:
    return [m.payload for m in game.moves.filter(seat=seat, kind="move").order_by("seq")
            if m.payload["type"] in ("accept", "decline")]


def test_market_a_bot_that_owes_nothing_answers_each_offer_made_to_it_once(alice):
    game = services.game_create(creator=alice, game_type="market", options={"rounds": "2"},
                                seats=[SeatSpec("me"), SeatSpec("bot", bot_level="random")])
    game.refresh_from_db()
    assert game.state["turn"] == 0 and not game.seats.get(index=1).owes_move
    assert _bots(game) == 0  # nothing addressed to it: it does nothing
    _move(game, alice, {"type": "offer", "give": {"wood": 1}, "to": [1]})
    _move(game, alice, {"type": "offer", "give": {"stone": 1}, "to": [1]})
    assert _bots(game) == 2  # one answer per offer, then it stops
    game.refresh_from_db()
    assert game.state["offers"] == [] and len(_answer_rows(game, 1)) == 2
    assert {a["offer"] for a in _answer_rows(game, 1)} == {1, 2}
    assert _bots(game) == 0
    assert game.state["turn"] == 0  # alice still owes her turn: the bot never took it


def test_an_engine_without_answers_leaves_a_bot_that_owes_nothing_idle(alice):
    engine = registry.get("race")
    assert not hasattr(engine, "answers")
    assert answers(engine, None, 0) == []


def test_cite_a_greedy_bot_that_is_done_answers_an_offer_made_to_it(alice, bob):
    game = services.game_create(creator=alice, game_type="cite", options={"first_game_gift": "yes"},
                                seats=[SeatSpec("me"), SeatSpec("invite", username="bob"),
                                       SeatSpec("bot", bot_level="greedy")])
    accept_all(game, [bob])
    for seat, user in enumerate((alice, bob)):
        _move(game, user, _on_mark(game, seat))  # CT20: round 1 builds on the marked square
        _move(game, user, {"type": "done"})
    _bots(game)  # the bot lays out and says done; the window opens
    game.refresh_from_db()
    assert game.state["stage"] == "window"
    while not game.state["seats"][2]["done"]:
        assert _bots(game) > 0
        game.refresh_from_db()
    assert _bots(game) == 0
    res = game.state["seats"]
    kind = next(k for k, n in res[0]["res"].items() if n)
    want = next(k for k, n in res[2]["res"].items() if n)
    _move(game, alice, {"type": "offer", "to": [2], "give": {kind: 1}, "get": {want: 1}})
    _move(game, alice, {"type": "offer", "to": [1, 2], "give": {kind: 1}})
    assert _bots(game) == 2  # each offer answered once (accepted or declined), by a seat that owes nothing
    game.refresh_from_db()
    assert not game.seats.get(index=2).owes_move
    assert len(_answer_rows(game, 2)) == 2
    assert _bots(game) == 0


def _on_mark(game, seat: int) -> dict:
    """Cité's round 1: a small shop on the seat's marked square (CT20: "done" needs it)."""
    from games.cite.engine.board import marked_square

    game.refresh_from_db()
    return {"type": "place", "kind": "small_shop",
            "cells": [list(marked_square(game.state["seats"][seat]["quarter"]))]}
