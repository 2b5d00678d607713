"""Random self-play: the pending seat answers with a uniformly random legal move, and the
engine's invariants are checked after every move.

    python -m games.infinitecity.engine.selfplay --players 2-6 --games 1000 --seed 1

Prints one JSON line: games, moves, seconds (engine CPU time only: new_game, pending,
legal_moves, apply), wall_seconds (with the checks, on a shared machine), ms_per_game (CPU), how each game ended and
how many times each invariant held. Exits non-zero at the first broken invariant."""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections import Counter

from .engine import ENGINE
from .invariants import ALL, CHEAP

MAX_MOVES = 20000


def play(options: dict, players: int, seed: int, rnd: random.Random, checks=(), counts=None):
    """One game; returns (final state, moves, engine seconds)."""
    clock = time.process_time  # CPU time of this process: what the engine costs, whatever the load
    t0 = clock()
    state = ENGINE.new_game(options, players, seed).state
    spent = clock() - t0
    moves = 0
    if checks:
        _run_checks(state, checks, counts, seed, moves)
    while True:
        t0 = clock()
        if ENGINE.is_over(state):
            spent += clock() - t0
            break
        seat = min(ENGINE.pending(state))
        legal = ENGINE.legal_moves(state, seat)
        move = legal[rnd.randrange(len(legal))]
        state = ENGINE.apply(state, seat, move).state
        spent += clock() - t0
        moves += 1
        if checks:
            _run_checks(state, checks, counts, seed, moves)
        if moves > MAX_MOVES:
            raise AssertionError(f"game {seed} did not end in {MAX_MOVES} moves")
    return state, moves, spent


def _run_checks(state, checks, counts, seed, moves):
    for fn in checks:
        msg = fn(state)
        if msg:
            raise AssertionError(f"game seed {seed}, move {moves}: invariant {fn.__name__} broken: {msg}")
        counts[fn.__name__] = counts.get(fn.__name__, 0) + 1


def _players(text: str) -> list[int]:
    lo, _, hi = text.partition("-")
    return list(range(int(lo), int(hi or lo) + 1))


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--players", default="2-6", help="a count or a range, e.g. 4 or 2-6 (games cycle through it)")
    ap.add_argument("--marks", default="known-only")
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--checks", choices=("none", "cheap", "all"), default="all",
                    help="invariants checked after every move (all adds a JSON round trip)")
    args = ap.parse_args(argv)
    counts_of = _players(args.players)
    checks = {"none": (), "cheap": CHEAP, "all": ALL}[args.checks]
    counts: dict[str, int] = {}
    endings: Counter = Counter()
    rnd = random.Random(args.seed)
    total_moves = 0
    engine_seconds = 0.0
    wall = time.perf_counter()
    for g in range(args.games):
        players = counts_of[g % len(counts_of)]
        options = ENGINE.validate_options({"marks": args.marks}, players)
        try:
            state, moves, spent = play(options, players, args.seed * 1_000_003 + g, rnd, checks, counts)
        except AssertionError as exc:
            print(json.dumps({"failed": str(exc)}))
            return 1
        endings[state.over_reason] += 1
        total_moves += moves
        engine_seconds += spent
    wall = time.perf_counter() - wall
    print(json.dumps({
        "games": args.games, "players": args.players, "marks": args.marks, "moves": total_moves,
        "seconds": round(engine_seconds, 3), "wall_seconds": round(wall, 3),
        "ms_per_game": round(1000 * engine_seconds / args.games, 2) if args.games else None,
        "endings": dict(endings), "checks_passed": counts,
    }))
    return 0


if __name__ == "__main__":
    sys.exit(main())
