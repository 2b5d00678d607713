"""The correspondence clock's increment is per decision, not per step (issue 40): a seat whose move leaves it
still owing (one step of a turn of several: Patience's draws, Small City's plan steps) keeps its clock
running, uncharged and unpaid; the seat earns the increment once, when it stops owing — as on OGS and lichess.
A seat went from 2 days 23 h to 6 days 23 h in one turn of small steps before."""

from __future__ import annotations

import random
from datetime import UTC, datetime, timedelta
from unittest import mock

import pytest
from django.utils import timezone as djtz

from kit import params
from play import registry, services
from play.models import Game
from play.services import SeatSpec
from tests.platform.factories import make_user

T0 = datetime(2026, 3, 1, 12, 0, tzinfo=UTC)
HOUR, DAY = 3600, 86400
INITIAL, INCREMENT, MAXIMUM = 3 * DAY, DAY, 30 * DAY


def _open(game_type: str, users, *, seed: int, options=None) -> Game:
    seats = [SeatSpec("me")] + [SeatSpec("invite", username=u.username) for u in users[1:]]
    with mock.patch("play.models.secrets.randbits", return_value=seed):
        game = services.game_create(creator=users[0], game_type=game_type, options=options or {}, seats=seats,
                                    initial_seconds=INITIAL, increment_seconds=INCREMENT, max_seconds=MAXIMUM)
    for user in users[1:]:
        services.game_join(game_id=game.pk, user=user)
    return Game.objects.get(pk=game.pk)


def _play_checking_clocks(monkeypatch, game_type: str, users, *, seed: int, moves: int, options=None,
                          prefer: str = "") -> int:
    """Play up to ``moves`` moves of owing seats, an hour apart, and check every seat's clock after each:
    a seat that owed before and still owes is untouched (bank, start, deadline), a seat that stopped owing
    paid its time and earned one increment. Returns how many moves left their mover still owing."""
    now = [T0]
    monkeypatch.setattr(djtz, "now", lambda: now[0])
    engine = registry.get(game_type)
    game = _open(game_type, users, seed=seed, options=options)
    rnd = random.Random(seed)
    steps = 0
    for _ in range(moves):
        game.refresh_from_db()
        if game.status != Game.Status.ACTIVE:
            break
        state = engine.load(game.state)
        before = {s.index: s for s in game.seats.all()}
        seat = rnd.choice(sorted(engine.pending(state)))
        legal = engine.legal_moves(state, seat)
        legal = [m for m in legal if m["type"] == prefer] or legal
        move = params.concrete(engine, state, seat, rnd.choice(legal), rnd)
        now[0] += timedelta(hours=1)
        services.move_apply(game_id=game.pk, user=before[seat].user, move=move, expected_version=game.version)
        game.refresh_from_db()
        if game.status != Game.Status.ACTIVE:
            break
        owes_after = engine.pending(engine.load(game.state))
        for after in game.seats.all():
            old = before[after.index]
            if not old.owes_move:
                continue
            if after.index in owes_after:
                assert (after.bank_seconds, after.owes_since, after.deadline) == (
                    old.bank_seconds, old.owes_since, old.deadline), (game_type, after.index, move)
            else:
                spent = (now[0] - old.owes_since).total_seconds()
                assert after.bank_seconds == min(old.bank_seconds - spent + INCREMENT, MAXIMUM), (game_type, move)
        steps += seat in owes_after
    return steps


@pytest.mark.django_db
def test_the_increment_is_earned_once_per_decision_in_a_multi_step_test_game(monkeypatch):
    """Patience: every draw leaves the seat owing (its decision goes on until it stops): its bank stays at
    3 days and its deadline where the decision began, however many cards it draws."""
    steps = _play_checking_clocks(monkeypatch, "patience", [make_user("alice")], seed=4,
                                  options={"target": "21"}, moves=5, prefer="draw")
    assert steps >= 3
    seat = Game.objects.get(created_by__username="alice").seats.get()
    if seat.owes_move:
        assert seat.bank_seconds == INITIAL and seat.deadline == T0 + timedelta(seconds=INITIAL)


@pytest.mark.django_db
def test_the_increment_is_earned_once_per_decision_in_small_city(monkeypatch):
    """Small City: a turn of plan steps (and the setup's several decisions) earns one increment when the seat
    stops owing; the steps between keep the clock running."""
    users = [make_user("alice"), make_user("bob")]
    steps = _play_checking_clocks(monkeypatch, "smallcity", users, seed=3, moves=60)
    assert steps >= 5
