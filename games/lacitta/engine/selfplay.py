"""Random self-play: every pending seat answers with a uniformly random legal move.

    python -m games.lacitta.engine.selfplay --players 4 --edition modern \
        --expansion cocagne --setup advanced --games 200 --seed 1

Prints one JSON line: games, moves, seconds (engine time only: new_game, pending,
legal_moves, apply), wall_seconds (including the invariant checks), games_per_second,
ms_per_game, and how many times each invariant check passed."""

from __future__ import annotations

import argparse
import json
import random
import sys
import time

from .engine import ENGINE
from .invariants import ALL, CHEAP


def play(options: dict, players: int, seed: int, rnd: random.Random, checks=(), counts=None, every: int = 1):
    """One game; returns (final state, moves, engine seconds)."""
    clock = time.perf_counter
    t0 = clock()
    state = ENGINE.new_game(options, players, seed).state
    spent = clock() - t0
    moves = 0
    while True:
        t0 = clock()
        if ENGINE.is_over(state):
            spent += clock() - t0
            break
        seats = sorted(ENGINE.pending(state))
        seat = seats[rnd.randrange(len(seats))]
        legal = ENGINE.legal_moves(state, seat)
        move = legal[rnd.randrange(len(legal))]
        state = ENGINE.apply(state, seat, move).state
        spent += clock() - t0
        moves += 1
        if checks and moves % every == 0:
            _run_checks(state, checks, counts)
    if checks:
        _run_checks(state, checks, counts)
    return state, moves, spent


def _run_checks(state, checks, counts):
    for fn in checks:
        msg = fn(state)
        if msg:
            raise AssertionError(f"invariant {fn.__name__} broken: {msg}")
        counts[fn.__name__] = counts.get(fn.__name__, 0) + 1


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--edition", default="modern")
    ap.add_argument("--expansion", default="none")
    ap.add_argument("--setup", default="beginner")
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--checks", choices=("none", "cheap", "all"), default="cheap",
                    help="invariants checked after every move (all adds a JSON round-trip)")
    args = ap.parse_args(argv)
    options = ENGINE.validate_options({"edition": args.edition, "expansion": args.expansion,
                                       "setup": args.setup}, args.players)
    checks = {"none": (), "cheap": CHEAP, "all": ALL}[args.checks]
    counts: dict[str, int] = {}
    rnd = random.Random(args.seed)
    total_moves = 0
    engine_seconds = 0.0
    wall = time.perf_counter()
    for g in range(args.games):
        _state, moves, spent = play(options, args.players, args.seed * 1_000_003 + g, rnd, checks, counts)
        total_moves += moves
        engine_seconds += spent
    wall = time.perf_counter() - wall
    print(json.dumps({
        "games": args.games, "players": args.players, **options, "moves": total_moves,
        "seconds": round(engine_seconds, 3), "wall_seconds": round(wall, 3),
        "games_per_second": round(args.games / engine_seconds, 1) if engine_seconds else None,
        "ms_per_game": round(1000 * engine_seconds / args.games, 2) if args.games else None,
        "checks_passed": counts,
    }))
    return 0


if __name__ == "__main__":
    sys.exit(main())
