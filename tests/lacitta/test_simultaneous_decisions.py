"""La Città's simultaneous decisions (R60–R62 feeding: every seat whose citizens go hungry chooses at the
same time) made by two people in the same second, each on the version they saw: both land. Before the
platform's concurrent moves, the second was a spurious 409 (a bot author counted 10 of 11 conflicts of one
game so). A seat's own move sent twice is still refused."""

import random

import pytest
from rest_framework.test import APIClient

from play import services
from play.models import Game
from tests.lacitta.helpers import ENGINE, lacitta_game
from tests.platform.factories import make_user

pytestmark = pytest.mark.django_db


def _feeding_with_two_hungry_seats():
    """A 3-player game driven by random legal moves until two seats or more must choose where their
    hungry citizens leave (seeded: it comes at the 16th move)."""
    users = [make_user(name) for name in ("ann", "ben", "cat")]
    game = lacitta_game(users, seed=100)
    rng = random.Random(0)
    for _ in range(200):
        game.refresh_from_db()
        state = ENGINE.load(game.state)
        pending = sorted(ENGINE.pending(state))
        if state.phase == "feeding" and len(pending) >= 2:
            return game, users, state, pending
        seat = rng.choice(pending)
        services.move_apply(game_id=game.pk, user=users[seat], move=rng.choice(ENGINE.legal_moves(state, seat)),
                            expected_version=game.version)
    raise AssertionError("no feeding with two hungry seats")


def test_r60_two_feeding_choices_made_at_the_same_version_both_land_service_and_api():
    game, users, state, pending = _feeding_with_two_hungry_seats()
    first, second = pending[:2]
    seen = game.version
    move_first = ENGINE.legal_moves(state, first)[0]
    move_second = ENGINE.legal_moves(state, second)[0]
    assert move_first["type"] == move_second["type"] == "feeding_loss"

    # The first through the service, the second through the API, both chosen at version ``seen``.
    services.move_apply(game_id=game.pk, user=users[first], move=move_first, expected_version=seen)
    api = APIClient()
    api.force_authenticate(users[second])
    answer = api.post(f"/api/games/{game.pk}/moves/", {"version": seen, "move": move_second}, format="json")
    assert answer.status_code == 200, answer.json()
    game.refresh_from_db()
    assert game.version == seen + 2
    assert list(game.moves.filter(seq__gt=seen).order_by("seq").values_list("seat", "payload")) == [
        (first, move_first), (second, move_second)]

    # The same submission again: its own move came since, so it is stale and changes nothing.
    again = api.post(f"/api/games/{game.pk}/moves/", {"version": seen, "move": move_second}, format="json")
    assert again.status_code == 409 and again.json()["code"] == "stale_version"
    assert Game.objects.get(pk=game.pk).version == seen + 2
