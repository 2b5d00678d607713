"""Infinite City's evaluation learned from self-play (issue 47, kit.learn): its features read only what the seat
may see, and the stored model loads and evaluates (the expert's ``evaluation="learned"``)."""

from __future__ import annotations

import math
import random

from games.infinitecity.bots import choose_greedy
from games.infinitecity.bots.expert import Budget, choose_expert
from games.infinitecity.bots.heuristics import DEFAULT
from games.infinitecity.bots.learned import NAMES, features, learned_value, model, view_features
from games.infinitecity.engine.engine import ENGINE


def _game(players, seed):
    return ENGINE.new_game(ENGINE.validate_options({}, players), players, seed).state


def test_the_features_of_a_seat_are_the_same_from_its_view_as_on_the_real_state():
    """The other hands, the pile and the face-down tiles differ between the real state and a world drawn from
    the view: the features agree at every decision of a seeded greedy game, for every seat."""
    state = _game(4, 11)
    decision = 0
    while not ENGINE.is_over(state):
        for s in range(4):
            assert view_features(ENGINE.view(state, s), s) == features(state, s), (decision, s)
        seat = min(ENGINE.pending(state))
        move = choose_greedy(ENGINE, ENGINE.view(state, seat), ENGINE.legal_moves(state, seat), seat,
                             random.Random(decision))
        state = ENGINE.apply(state, seat, move).state
        decision += 1
    assert decision > 20


def test_the_stored_four_seat_model_loads_and_the_expert_decides_with_it():
    m = model(4)
    assert m is not None and m.players == 4 and m.names == NAMES
    state = _game(4, 8)
    seat = min(ENGINE.pending(state))
    v = learned_value(state, seat)
    assert math.isfinite(v) and v == m.value(features(state, seat))
    budget = Budget(evaluation="learned", worlds=2, candidates=3)
    move = choose_expert(ENGINE, ENGINE.view(state, seat), ENGINE.legal_moves(state, seat), seat,
                         random.Random(3), DEFAULT, budget)
    ENGINE.apply(state, seat, move)  # raises IllegalMove if the engine refuses it
