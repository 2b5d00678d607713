"""The bots: they decide from the view and the legal moves only, always answer a legal move,
sample only what their seat cannot see, and are reproducible from a seed."""

from __future__ import annotations

import random

import pytest

from games.infinitecity.bots import LEVELS, choose_expert, choose_greedy
from games.infinitecity.bots.determinize import sample_state
from games.infinitecity.bots.expert import Budget
from games.infinitecity.engine.engine import ENGINE
from games.infinitecity.engine.hidden import scramble_unknown
from games.infinitecity.engine.invariants import CHEAP

from .games import positions
from .helpers import act, build, play, targets


def test_levels_are_greedy_and_expert():
    assert LEVELS == {"greedy": choose_greedy, "expert": choose_expert}


@pytest.mark.parametrize("players,seed", [(2, 61), (4, 62), (6, 63)])
def test_a_sampled_state_shows_its_seat_exactly_the_view(players, seed):
    rng = random.Random(seed)
    checked = 0
    for state, _move in positions(players, seed, every=2):
        for seat in range(players):
            v = ENGINE.view(state, seat)
            sample = sample_state(v, rng)
            assert ENGINE.view(sample, seat) == v
            for fn in CHEAP:
                assert fn(sample) is None, fn.__name__
            if seat == state.turn and state.stage != "over":
                assert ENGINE.legal_moves(sample, seat) == ENGINE.legal_moves(state, seat)
            checked += 1
    assert checked > 40


@pytest.mark.parametrize("level", ["greedy", "expert"])
def test_a_bot_answers_a_legal_move_from_the_view_alone(level):
    chooser = LEVELS[level]
    fast = {"b": Budget(candidates=3, worlds=2)} if level == "expert" else {}
    for n, (state, _move) in enumerate(positions(3, 71, every=9)):
        if state.stage == "over":
            break
        seat = state.turn
        view = ENGINE.view(state, seat)
        legal = ENGINE.legal_moves(state, seat)
        move = chooser(ENGINE, view, legal, seat, random.Random(n), **fast)
        assert move in legal
        # What the seat may not know changes nothing: the same view, the same move.
        other = scramble_unknown(state, seat, n)
        assert chooser(ENGINE, ENGINE.view(other, seat), legal, seat, random.Random(n), **fast) == move


@pytest.mark.parametrize("budget", [Budget(candidates=4, worlds=2, rounds=2), Budget(candidates=2, worlds=1,
                                                                                   opponents="greedy")],
                         ids=["halving", "greedy-opponents"])
def test_the_experts_search_options_answer_a_legal_move(budget):
    """Successive halving (2 rounds) and the greedy model of the opponents in playouts (issue 34's options)."""
    answered = 0
    for n, (state, _move) in enumerate(positions(3, 72, every=11)):
        if state.stage == "over" or n > 3:
            break
        seat = state.turn
        legal = ENGINE.legal_moves(state, seat)
        move = choose_expert(ENGINE, ENGINE.view(state, seat), legal, seat, random.Random(n), b=budget)
        assert move in legal
        answered += 1
    assert answered >= 2


def test_greedy_grows_its_group_and_attacks_the_leader():
    mine = {(x, 0): ("hotel" if x % 2 else "bank", {0: 1}) for x in range(3)}
    s = build(mine | {(0, 1): "port"}, hands=[["housing", "bank"], ["hotel", "plaza"]])
    move = choose_greedy(ENGINE, ENGINE.view(s, 0), ENGINE.legal_moves(s, 0), 0, random.Random(1))
    assert move["type"] == "play" and (move["x"], move["y"]) in {(-1, 0), (3, 0), (1, 1), (2, 1), (1, -1),
                                                                  (0, -1), (2, -1), (-1, 1), (0, 2)}
    theirs = {(x, 5): ("hotel" if x % 2 else "bank", {1: 1}) for x in range(4)}
    s = build(theirs | {(0, 0): "port"}, hands=[["security_guard"], ["hotel", "plaza"]])
    s, _ = act(s, play("security_guard", 0, 1))
    assert targets(s) >= {(1, 5), (2, 5)}
    move = choose_greedy(ENGINE, ENGINE.view(s, 0), ENGINE.legal_moves(s, 0), 0, random.Random(1))
    assert (move["x"], move["y"]) in {(1, 5), (2, 5)}, "breaking their group of 4 in the middle"


@pytest.mark.slow
@pytest.mark.parametrize("level", ["greedy", "expert"])
def test_a_seed_gives_one_answer(level):
    chooser = LEVELS[level]
    fast = {"b": Budget(candidates=3, worlds=2)} if level == "expert" else {}
    for n, (state, _move) in enumerate(positions(4, 72, every=11)):
        if state.stage == "over":
            break
        seat = state.turn
        view, legal = ENGINE.view(state, seat), ENGINE.legal_moves(state, seat)
        answers = {repr(chooser(ENGINE, view, legal, seat, random.Random(n), **fast)) for _ in range(3)}
        assert len(answers) == 1


def test_the_arena_reports_wins_with_an_interval_and_cpu_times():
    from games.infinitecity.bots import LEVELS
    from kit import arena

    choosers = {"random": lambda engine, view, legal, seat, rng: rng.choice(legal), **LEVELS}
    out = arena.run(ENGINE, choosers, ["greedy", "random"], games=2, seed=3)
    greedy = out["levels"]["greedy"]
    assert out["games"] == 2 and 0 <= greedy["wins"] <= 2 and greedy["move_ms"]["moves"] > 5
    assert 0 <= greedy["ci95"][0] <= greedy["win_rate"] <= greedy["ci95"][1] <= 1
    assert greedy["cpu_ms"]["median"] > 0 and greedy["cpu_ms"]["moves"] == greedy["move_ms"]["moves"]
    assert arena.wilson(45, 100) == [0.3561, 0.5476]
