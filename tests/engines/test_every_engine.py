"""The protocol checks every registered game must pass (OpenSpiel's
random_sim_test): random legal play from the seed ends, every legal move is
accepted (a move with ranges: one drawn from it, ``kit.params``), seats that owe or may act are
exactly those with legal moves, states and views
are JSON, the engine's own invariants hold after every move, and replaying the
moves from the seed rebuilds the same state. ``apply`` leaves the state it was given unchanged, whether it
accepts the move or refuses it."""

import itertools
import json
import random

import pytest

from kit import contract, params, selfplay
from kit.base import Engine, IllegalMove, acting, may_act
from play import registry


def engines():
    """Every registered game: La Città and the test-only games the test settings install."""
    return sorted(registry.available(), key=lambda e: e.slug)


def option_sets(engine: Engine):
    names = [o.name for o in engine.options]
    for values in itertools.product(*(o.choices for o in engine.options)):
        options = dict(zip(names, values, strict=True))
        for players in range(engine.min_players, engine.max_players + 1):
            try:
                yield engine.validate_options(options, players), players
            except ValueError:
                continue  # an invalid combination (e.g. expansion with the classic edition)


def play_random(engine: Engine, options: dict, players: int, seed: int, max_moves: int = 20000):
    rng = random.Random(seed)
    started = engine.new_game(options, players, seed)
    state, log = started.state, []
    for _ in range(max_moves):
        if engine.is_over(state):
            break
        pending = sorted(engine.pending(state))
        assert pending, "a game that is not over must wait for someone"
        optional = sorted(may_act(engine, state) - set(pending))
        # Seats that may act without owing play too, a third of the time (the owing seats end the game).
        seat = rng.choice(optional if optional and rng.random() < 1 / 3 else pending)
        moves = engine.legal_moves(state, seat)
        assert moves, f"seat {seat} is pending but has no legal move"
        legal = rng.choice(moves)
        ranged = [m for m in moves if params.has_ranges(m)]
        assert not ranged or contract.capabilities(engine).ranged_moves, f"ranges undeclared: {ranged[0]}"
        move = params.concrete(engine, state, seat, legal, rng)
        assert params.conforms(legal, move) if params.has_ranges(legal) else move == legal
        json.dumps(move)
        # The state given stays as it was after every accepted move (copy on write: ``kit.rules_engine``).
        state = selfplay.apply_leaving_input(engine, state, seat, move).state
        log.append((seat, move))
        broken = {fn.__name__: msg for fn in getattr(engine, "invariants", ()) if (msg := fn(state))}
        assert not broken, f"after move {len(log)} ({move}): {broken}"
    else:
        pytest.fail("the game did not end")
    return state, log


@pytest.mark.parametrize("engine", engines(), ids=lambda e: e.slug)
def test_random_games_follow_the_protocol(engine):
    for n, (options, players) in enumerate(option_sets(engine)):
        state, log = play_random(engine, options, players, seed=1000 + n)
        assert engine.pending(state) == set()
        result = engine.result(state)
        assert result is not None and len(result.scores) == players and min(result.ranks) == 1
        dumped = engine.dump(state)
        assert json.loads(json.dumps(dumped)) == json.loads(json.dumps(engine.dump(engine.load(dumped))))
        for seat in [None, *range(players)]:
            json.dumps(engine.view(state, seat))
        # Replay from the seed gives the same state.
        replay = engine.new_game(options, players, 1000 + n).state
        for seat, move in log:
            replay = engine.apply(replay, seat, move).state
        assert json.dumps(engine.dump(replay), sort_keys=True) == json.dumps(dumped, sort_keys=True)


@pytest.mark.parametrize("engine", engines(), ids=lambda e: e.slug)
def test_moves_from_a_seat_that_owes_nothing_are_refused(engine):
    options, players = next(option_sets(engine))
    state = engine.new_game(options, players, 7).state
    idle = [s for s in range(players) if s not in acting(engine, state)]
    before = json.dumps(engine.dump(state), sort_keys=True)
    for seat in idle:
        assert engine.legal_moves(state, seat) == []
        with pytest.raises(IllegalMove):
            engine.apply(state, seat, {"type": "pass"})
    with pytest.raises(IllegalMove):
        seat = min(engine.pending(state))
        engine.apply(state, seat, {"type": "no-such-move"})
    assert json.dumps(engine.dump(state), sort_keys=True) == before  # apply never mutates its input
