"""A seat whose clock runs out in a game whose engine has ``time_out(state, seat)`` (``kit.base.time_out``)
gets the rules' answer through the services' clock sweep, not the platform's substitute bot: the
market (a test game of offers) ends the seat's turn and lapses its open offers; Cité (CT: "a seat
that times out is marked done, and its open offers lapse", issue 35) marks it done. The time-out is a row
of the log that a replay applies again; those whose offers lapsed are told. A game without the hook, or
created with the forfeit rule, keeps the platform's rule."""

from datetime import timedelta

import pytest
from django.utils import timezone

from notifications.models import Notification
from play import registry, services
from play.models import Game, Move, Seat
from play.replay import replay_final_state
from play.services import SeatSpec
from tests.platform.factories import accept_all, make_user

pytestmark = pytest.mark.django_db


def _game(slug: str, creator, others, options, **kw) -> Game:
    seats = [SeatSpec("me")] + [SeatSpec("invite", username=u.username) for u in others]
    game = services.game_create(creator=creator, game_type=slug, options=options, seats=seats, **kw)
    return accept_all(game, others)


def _move(game: Game, user, move: dict) -> Game:
    return services.move_apply(game_id=game.pk, user=user, move=move,
                               expected_version=Game.objects.get(pk=game.pk).version)


def _run_out(game: Game, index: int) -> int:
    Seat.objects.filter(game=game, index=index).update(deadline=timezone.now() - timedelta(minutes=1))
    return services.seats_time_out(game_ids=[game.pk])


def _replays_to_the_stored_state(game: Game) -> None:
    game.refresh_from_db()
    engine, state = replay_final_state(game)
    assert engine.dump(state) == game.state


def test_market_time_out_ends_the_turn_and_lapses_the_seat_s_offers_without_a_bot(alice, bob):
    game = _game("market", alice, [bob], {"rounds": "2"})
    _move(game, alice, {"type": "offer", "give": {"wood": 1}, "to": [1]})
    game.refresh_from_db()
    assert game.state["offers"] and game.state["turn"] == 0
    assert _run_out(game, 0) == 1
    game.refresh_from_db()
    seats = list(game.seats.order_by("index"))
    assert not seats[0].substitute_bot and not seats[0].owes_move and seats[0].deadline is None
    assert seats[1].owes_move and seats[1].deadline is not None  # the turn passed on, its clock runs
    assert game.state["turn"] == 1 and game.state["offers"] == []
    row = game.moves.latest("seq")
    assert row.kind == Move.Kind.TIMEOUT and row.payload == {"type": "timeout", "engine": True}
    assert row.log[0]["key"] == "market.timed_out"
    assert "market.lapsed" in _keys_mailed(bob)
    _replays_to_the_stored_state(game)
    assert _run_out(game, 0) == 0  # seat 0 owes nothing now: asked again, nothing happens


def test_a_forfeit_rule_or_an_engine_without_time_out_keeps_the_platform_s_rule(alice, bob):
    assert not hasattr(registry.get("race"), "time_out")
    race = _game("race", alice, [bob], {})
    owing = race.seats.get(owes_move=True).index
    assert _run_out(race, owing) == 1
    assert race.seats.get(index=owing).substitute_bot  # today's behaviour: a bot plays the seat
    market = _game("market", alice, [bob], {"rounds": "2"}, timeout_rule=Game.TimeoutRule.FORFEIT)
    assert _run_out(market, 0) == 1
    assert market.seats.get(index=0).forfeited


def _keys_mailed(user) -> list[str]:
    """The notices a user's notice mails list (coalesced: one mail gathers several)."""
    from notifications.services import notice_items

    notes = Notification.objects.filter(user=user, kind=Notification.Kind.NOTICE).exclude(status="skipped")
    return [item["key"] for note in notes for item in notice_items(note)]


def test_cite_a_seat_that_times_out_is_marked_done_and_its_offers_lapse(alice, bob):
    carol = make_user("carol")
    game = _game("cite", alice, [bob, carol], {"first_game_gift": "yes"})
    for seat, user in enumerate((alice, bob, carol)):
        _move(game, user, _on_mark(game, seat))  # CT20: round 1 builds on the marked square
        _move(game, user, {"type": "done"})
    game.refresh_from_db()
    assert game.state["stage"] == "window"
    kind = next(k for k, n in game.state["seats"][0]["res"].items() if n)
    _move(game, alice, {"type": "offer", "to": [1], "give": {kind: 1}, "get": {}, "later_give": {},
                        "later_get": {}})
    game.refresh_from_db()
    offer = game.state["offers"][0]["id"]
    assert _run_out(game, 0) == 1
    game.refresh_from_db()
    alice_seat = game.seats.get(index=0)
    assert not alice_seat.substitute_bot and not alice_seat.owes_move
    assert game.state["seats"][0]["done"] and game.state["offers"] == []
    assert game.status == Game.Status.ACTIVE and game.state["round"] == 2  # the others still trade
    # Bob's mail about the offer still waited: the offer and its lapse are both left out of it (issue 39
    # point 8: an offer that no longer stands is never mailed while its mail waits).
    assert "cite.offer_made" not in _keys_mailed(bob) and "cite.offer_lapsed" not in _keys_mailed(bob)
    assert any(line["key"] == "cite.timed_out" for line in game.moves.latest("seq").log)
    _replays_to_the_stored_state(game)
    with pytest.raises(services.ServiceError):  # the lapsed offer cannot be accepted any more
        _move(game, bob, {"type": "accept", "offer": offer})


def _on_mark(game, seat: int) -> dict:
    """Cité's round 1: a small shop on the seat's marked square (CT20: "done" needs it)."""
    from games.cite.engine.board import marked_square

    game.refresh_from_db()
    return {"type": "place", "kind": "small_shop",
            "cells": [list(marked_square(game.state["seats"][seat]["quarter"]))]}
