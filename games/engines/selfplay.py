"""Random self-play of any engine: every pending seat answers with a uniformly random legal move,
and the engine's own ``invariants`` are checked after every move.

    python manage.py selfplay --game SLUG --players 4 --option key=value … --games 200 --seed 1

Pure Python (never imports Django): ``run`` takes the engine itself; the management command finds
it in the registry. The result is one JSON-able dict: games, moves, seconds (engine time only:
new_game, pending, legal_moves, apply), wall_seconds (including the checks), games_per_second,
ms_per_game, and how many times each check passed."""

from __future__ import annotations

import json
import random
import time

from .base import Engine

CHECKS = ("none", "invariants", "all")  # all: the invariants and a JSON round trip of the state


def play(engine: Engine, options: dict, players: int, seed: int, rnd: random.Random, checks=(), counts=None,
         every: int = 1):
    """One game; returns (final state, moves, engine seconds)."""
    clock = time.perf_counter
    t0 = clock()
    state = engine.new_game(options, players, seed).state
    spent = clock() - t0
    moves = 0
    while True:
        t0 = clock()
        if engine.is_over(state):
            spent += clock() - t0
            break
        seats = sorted(engine.pending(state))
        seat = seats[rnd.randrange(len(seats))]
        legal = engine.legal_moves(state, seat)
        move = legal[rnd.randrange(len(legal))]
        state = engine.apply(state, seat, move).state
        spent += clock() - t0
        moves += 1
        if checks and moves % every == 0:
            _run_checks(state, checks, counts)
    if checks:
        _run_checks(state, checks, counts)
    return state, moves, spent


def checks_for(engine: Engine, level: str) -> tuple:
    """The checks run after every move at ``level`` (one of ``CHECKS``)."""
    if level == "none":
        return ()
    invariants = tuple(getattr(engine, "invariants", ()))
    if level == "invariants":
        return invariants

    def json_roundtrip(state):
        text = json.dumps(engine.dump(state), sort_keys=True)
        if json.dumps(engine.dump(engine.load(json.loads(text))), sort_keys=True) != text:
            return "dump/load changed the state"
        return None

    return invariants + (json_roundtrip,)


def _run_checks(state, checks, counts):
    for fn in checks:
        msg = fn(state)
        if msg:
            raise AssertionError(f"invariant {fn.__name__} broken: {msg}")
        counts[fn.__name__] = counts.get(fn.__name__, 0) + 1


def run(engine: Engine, options: dict, players: int, games: int, seed: int,
        checks: str = "invariants") -> dict:
    """``games`` random games (game g from the engine seed ``seed * 1_000_003 + g``; one RNG for the moves,
    seeded with ``seed``), the options validated by the engine first."""
    options = engine.validate_options(options, players)
    fns = checks_for(engine, checks)
    counts: dict[str, int] = {}
    rnd = random.Random(seed)
    total_moves = 0
    engine_seconds = 0.0
    wall = time.perf_counter()
    for g in range(games):
        _state, moves, spent = play(engine, options, players, seed * 1_000_003 + g, rnd, fns, counts)
        total_moves += moves
        engine_seconds += spent
    wall = time.perf_counter() - wall
    return {
        "game": engine.slug, "games": games, "players": players, **options, "moves": total_moves,
        "seconds": round(engine_seconds, 3), "wall_seconds": round(wall, 3),
        "games_per_second": round(games / engine_seconds, 1) if engine_seconds else None,
        "ms_per_game": round(1000 * engine_seconds / games, 2) if games else None,
        "checks_passed": counts,
    }
