"""Issue 39.5 / 41: the count and timing of another seat's plan steps do not show before the reveal. A plan's
steps are private steps (``RulesEngine.private_step``): no row, no version, no event; the seat's ``done`` writes
them (``Move.steps_before``) and replays apply them (G4)."""

from __future__ import annotations

import random

import pytest
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from play import services, snapshots
from play.models import Game, Move
from play.replay import replay_final_state
from tests.platform.factories import make_user
from tests.smallcity.helpers import TH
from tests.smallcity.pages import ENGINE, sc_game

pytestmark = pytest.mark.django_db


def _api(user) -> APIClient:
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {Token.objects.get_or_create(user=user)[0].key}")
    return client


def _state(game):
    return snapshots.state_load(engine=ENGINE, game=game)


def _user_of(game, seat):
    return game.seats.get(index=seat).user


def _play_until_plan(game, rng_seed: int = 0):
    """The game played to the plan phase: the people's moves through the services, a bot's through its task."""
    from play.services import bot_turns

    rng = random.Random(rng_seed)
    for _ in range(80):
        game = Game.objects.get(pk=game.pk)
        state = _state(game)
        if state.phase == "plan":
            return game
        seat = min(ENGINE.pending(state))
        if game.seats.get(index=seat).played_by_bot:
            bot_turns.bot_turns_play(game_id=game.pk, version=game.version, limit=1, share=False)
            continue
        legal = ENGINE.legal_moves(state, seat)
        move = next((m for m in legal if m["type"] == "place_town_hall" and m["squares"] == TH), legal[0])
        if "ranges" in move:
            move = ENGINE.sample_move(state, seat, move, rng)
        services.move_apply(game_id=game.pk, user=_user_of(game, seat), move=move, expected_version=game.version)
    raise AssertionError("no plan phase")


def _park(game, seat):
    state = _state(game)
    legal = next(m for m in ENGINE.legal_moves(state, seat) if m.get("kind") == "park" and m["level"] == 1)
    return ENGINE.sample_move(state, seat, legal, random.Random(seat))


@pytest.fixture
def planning():
    users = [make_user("ann"), make_user("bob")]
    game = _play_until_plan(sc_game(users, seed=5))
    return game, 0, 1


def test_g4_plan_steps_make_no_row_no_version_and_no_log_line_for_others(planning):
    game, a, b = planning
    before = (game.version, game.moves.count(), game.updated_at)
    bob_log = _api(_user_of(game, b)).get(f"/api/games/{game.pk}/log/").json()
    for _ in range(2):
        game = services.move_apply(game_id=game.pk, user=_user_of(game, a), move=_park(game, a),
                                   expected_version=game.version)
    game = Game.objects.get(pk=game.pk)
    assert (game.version, game.moves.count(), game.updated_at) == before
    assert _api(_user_of(game, b)).get(f"/api/games/{game.pk}/log/").json() == bob_log
    assert _api(_user_of(game, b)).get(f"/api/games/{game.pk}/").json()["version"] == before[0]
    assert len(ENGINE.view(_state(game), a)["my_plan"]) == 2  # the planner's own plan holds both steps
    assert ENGINE.view(_state(game), b)["step"]["plans"][str(a)] is None
    engine, replayed = replay_final_state(game)  # verify_games: the drafts are part of the game
    assert engine.dump(replayed) == game.state


def test_g4_done_writes_the_plan_in_one_row_and_the_replay_follows(planning):
    game, a, b = planning
    for _ in range(2):
        game = services.move_apply(game_id=game.pk, user=_user_of(game, a), move=_park(game, a),
                                   expected_version=game.version)
    version = game.version
    game = services.move_apply(game_id=game.pk, user=_user_of(game, a), move={"type": "done"},
                               expected_version=version)
    row = Move.objects.get(game=game, seq=game.version)
    assert game.version == version + 1 and row.payload == {"type": "done"} and len(row.steps_before) == 2
    assert game.seats.get(index=a).draft == []
    lines = [e["key"] for e in row.log]
    assert lines == ["smallcity.plan_in"]
    # the other seat plans and puts its plan in: the reveal; the replay gives the same game
    game = services.move_apply(game_id=game.pk, user=_user_of(game, b), move=_park(game, b),
                               expected_version=game.version)
    game = services.move_apply(game_id=game.pk, user=_user_of(game, b), move={"type": "done"},
                               expected_version=game.version)
    game = Game.objects.get(pk=game.pk)
    assert _state(game).phase != "plan"
    engine, replayed = replay_final_state(game)
    assert engine.dump(replayed) == game.state


def test_g4_taking_back_a_reopen_takes_the_steps_after_it_too(planning):
    game, a, b = planning
    user = _user_of(game, a)
    game = services.move_apply(game_id=game.pk, user=user, move={"type": "done"}, expected_version=game.version)
    game = services.move_apply(game_id=game.pk, user=user, move={"type": "reopen"}, expected_version=game.version)
    game = services.move_apply(game_id=game.pk, user=user, move=_park(game, a), expected_version=game.version)
    game = services.move_undo(game_id=game.pk, user=user, expected_version=game.version)
    game = Game.objects.get(pk=game.pk)
    state = _state(game)
    assert a in state.step["done"] and state.step["plans"][str(a)] == []
    assert game.seats.get(index=a).draft == []
    engine, replayed = replay_final_state(game)
    assert engine.dump(replayed) == game.state
