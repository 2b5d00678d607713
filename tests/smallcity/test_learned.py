"""Small City's evaluation learned from self-play (issue 47, kit.learn): its features read only what the seat
may see, the stored models load and evaluate in pure Python, and the pipeline gives the same file from the
same seeds."""

from __future__ import annotations

import json
import math
import random

import pytest

from games.smallcity.bots import choose_greedy
from games.smallcity.bots.expert import Budget, choose_expert
from games.smallcity.bots.learned import HERE, NAMES, features, learned_value, model, specs, view_features
from games.smallcity.engine.engine import ENGINE
from kit import learn
from tests.smallcity.helpers import setup_done, to_phase


@pytest.mark.parametrize("players", [1, 3])
def test_the_features_of_a_seat_are_the_same_from_its_view_as_on_the_real_state(players):
    """Read from the real state (others' Promises, offers and plans in it) or from a world drawn from the seat's
    view, the features agree at every decision of a seeded greedy game, for every seat: nothing hidden is read."""
    state = ENGINE.new_game({}, players, 11).state
    decision = 0
    while not ENGINE.is_over(state):
        for s in range(players):
            assert view_features(ENGINE.view(state, s), s) == features(state, s), (decision, s, state.phase)
        seat = min(ENGINE.pending(state))
        move = choose_greedy(ENGINE, ENGINE.view(state, seat), ENGINE.legal_moves(state, seat), seat,
                             random.Random(decision))
        state = ENGINE.apply(state, seat, move).state
        decision += 1
    assert decision > 30


@pytest.mark.parametrize("players", [1, 3])
def test_the_stored_model_loads_and_evaluates_a_position(players):
    path = HERE / f"value_{players}p.json"
    stored = json.loads(path.read_text())
    assert stored["version"] == learn.VERSION and stored["names"] == list(NAMES)
    assert stored["games"] >= 100 and stored["positions"] > stored["games"] and stored["seed"]
    assert stored["r2_held_out"] is not None
    m = model(players)
    assert m is not None and m.players == players
    state = to_phase(setup_done(players=players, seed=8), "plan")
    v = learned_value(state, 0)
    assert math.isfinite(v) and v == m.value(features(state, 0))


def test_retraining_from_the_same_seeds_gives_the_same_file(tmp_path):
    spec = specs()[1]
    files = []
    for _ in range(2):
        games = learn.record(spec, 4, 47999)
        files.append(learn.dumps(learn.fit(spec, games, 47999)))
    assert files[0] == files[1]
    made = json.loads(files[0])
    assert made["games"] == 4 and made["seed"] == 47999 and len(made["coef"]) == len(NAMES)


def test_margins_are_the_score_less_the_best_other_or_the_solo_score():
    assert learn.margins([30, 25, 31]) == [-1.0, -6.0, 1.0]
    assert learn.margins([42]) == [42.0]


def test_a_model_of_another_version_is_refused(tmp_path):
    path = tmp_path / "m.json"
    path.write_text(json.dumps({"version": learn.VERSION + 1, "names": ["a"], "coef": [1.0], "intercept": 0,
                                "players": 1}))
    with pytest.raises(ValueError):
        learn.Model.load(path)


def test_the_learned_expert_with_whole_plans_answers_a_move_the_engine_accepts():
    """SC30-SC33: in the construction phase (moves with parameters) the expert with the learned horizon and
    whole-plan candidates decides from the seat's view."""
    state = to_phase(setup_done(players=3, seed=8), "plan")
    seat = min(ENGINE.pending(state))
    budget = Budget(evaluation="learned", plans=True, horizon=0)
    move = choose_expert(ENGINE, ENGINE.view(state, seat), ENGINE.legal_moves(state, seat), seat,
                         random.Random(3), budget)
    ENGINE.apply(state, seat, move)  # raises IllegalMove if the engine refuses it
