"""The platform's protocol checks (tests/engines/test_every_engine.py) on this engine: the
same helper functions, run explicitly until the game registry lists Infinite City."""

from __future__ import annotations

import json

import pytest

from games.infinitecity.engine.engine import ENGINE
from kit.base import Engine, IllegalMove
from tests.engines.test_every_engine import option_sets, play_random


def test_the_engine_implements_the_protocol():
    assert isinstance(ENGINE, Engine)
    assert ENGINE.slug == "infinitecity" and ENGINE.name == "Infinite City"
    assert callable(ENGINE.redraw_hidden) and all(callable(fn) for fn in ENGINE.invariants)


def test_random_games_follow_the_protocol():
    # The body of test_every_engine.test_random_games_follow_the_protocol, for this engine.
    sets = list(option_sets(ENGINE))
    assert len(sets) == 2 * 5, "two marks options × 2–6 players"
    for n, (options, players) in enumerate(sets):
        state, log = play_random(ENGINE, options, players, seed=1000 + n)
        assert ENGINE.pending(state) == set()
        result = ENGINE.result(state)
        assert result is not None and len(result.scores) == players and min(result.ranks) == 1
        dumped = ENGINE.dump(state)
        assert json.loads(json.dumps(dumped)) == json.loads(json.dumps(ENGINE.dump(ENGINE.load(dumped))))
        for seat in [None, *range(players)]:
            json.dumps(ENGINE.view(state, seat))
        replay = ENGINE.new_game(options, players, 1000 + n).state
        for seat, move in log:
            replay = ENGINE.apply(replay, seat, move).state
        assert json.dumps(ENGINE.dump(replay), sort_keys=True) == json.dumps(dumped, sort_keys=True)


def test_moves_from_a_seat_that_owes_nothing_are_refused():
    options, players = next(option_sets(ENGINE))
    state = ENGINE.new_game(options, players, 7).state
    idle = [s for s in range(players) if s not in ENGINE.pending(state)]
    before = json.dumps(ENGINE.dump(state), sort_keys=True)
    for seat in idle:
        assert ENGINE.legal_moves(state, seat) == []
        with pytest.raises(IllegalMove):
            ENGINE.apply(state, seat, {"type": "pass"})
    with pytest.raises(IllegalMove):
        ENGINE.apply(state, min(ENGINE.pending(state)), {"type": "no-such-move"})
    assert json.dumps(ENGINE.dump(state), sort_keys=True) == before


BAD_MOVES = [None, [], "pass", {}, {"type": 3}, {"type": "play"}, {"type": "play", "tile": ["x"], "x": 0, "y": 1},
             {"type": "play", "tile": "bank", "x": True, "y": 1}, {"type": "play", "tile": "bank", "x": "1", "y": 1},
             {"type": "play", "tile": "bank", "x": 1.0, "y": 1}, {"type": "pass", "extra": 1},
             {"type": "hotel", "x": 0, "y": 0}, {"type": "target2"},
             {"type": "pick_player", "seat": 9}]


@pytest.mark.parametrize("move", BAD_MOVES, ids=repr)
def test_bad_moves_are_refused_with_a_key_and_nothing_changes(move):
    state = ENGINE.new_game({}, 3, 5).state
    before = json.dumps(ENGINE.dump(state), sort_keys=True)
    with pytest.raises(IllegalMove) as err:
        ENGINE.apply(state, state.turn, move)
    assert err.value.key.startswith("infinitecity.error.") and err.value.message
    assert json.dumps(ENGINE.dump(state), sort_keys=True) == before


def test_every_pending_decision_has_two_answers_or_more():
    """A decision with one answer is taken automatically (and logged as such)."""
    for n, (options, players) in enumerate(option_sets(ENGINE)):
        state, log = play_random(ENGINE, options, players, seed=50 + n)
        replay = ENGINE.new_game(options, players, 50 + n).state
        for seat, move in log:
            assert len(ENGINE.legal_moves(replay, seat)) >= 2
            replay = ENGINE.apply(replay, seat, move).state


def test_a_legal_move_spelt_with_true_or_a_float_is_refused():
    state = ENGINE.new_game({}, 3, 5).state
    move = next(m for m in ENGINE.legal_moves(state, state.turn) if m["type"] == "play" and m["x"] == 1)
    for bad in (True, 1.0):
        with pytest.raises(IllegalMove) as err:
            ENGINE.apply(state, state.turn, dict(move, x=bad))
        assert err.value.key == "infinitecity.error.bad_fields"
    ENGINE.apply(state, state.turn, move)


def test_the_forced_turn_shortcut_agrees_with_the_full_list():
    from games.infinitecity.engine.turn import forced_turn, turn_moves

    from .games import positions

    seen = 0
    for players, seed in ((2, 81), (5, 82)):
        for state, _move in positions(players, seed):
            for seat in range(players):
                full = turn_moves(state, seat)
                assert forced_turn(state, seat) == (full[0] if len(full) == 1 else None)
                seen += 1
    assert seen > 200
