"""Random self-play of any engine: every pending seat answers with a uniformly random legal move,
and the engine's own ``invariants`` are checked after every move (``--checks all``: also a JSON round trip of
every state, and that ``apply`` left the state it was given unchanged).

    python manage.py selfplay --game SLUG --players 4 --option key=value … --games 200 --seed 1
    python manage.py selfplay --game SLUG --players 2-6 --games 1000      # games cycle through 2…6 seats

Pure Python (never imports Django): ``run`` takes the engine itself; the management command finds
it in the registry. The result is one JSON-able dict: games, moves, seconds (engine CPU time only:
new_game, pending, legal_moves, apply — CPU time, so the figure holds on a busy machine),
wall_seconds (including the checks), games_per_second, ms_per_game, how the games ended (when the
engine has an ``ending(state)``) and how many times each check passed."""

from __future__ import annotations

import json
import random
import time
from collections import Counter

from . import contract, params
from .base import Engine, may_act

CHECKS = ("none", "invariants", "all")  # all: the invariants, a JSON round trip, apply leaving its input alone
MAX_MOVES = 20_000  # a game still running after this many moves is a bug (a loop), not a long game


class ApplyChangedItsInput(AssertionError):
    """``apply`` changed the state it was given (a copy that shares what the move changes)."""


def frozen(engine: Engine, state) -> str:
    """The state's dump as text: what must not change when a move is applied to it (text, because a dump
    may share lists with the state it came from)."""
    return json.dumps(engine.dump(state), sort_keys=True)


def apply_leaving_input(engine: Engine, state, seat: int, move: dict):
    """``engine.apply(state, seat, move)``, checked to leave ``state`` as it was (``dump`` unchanged): the
    platform re-applies moves to old and scrambled states (undo, overtaken moves, search bots)."""
    before = frozen(engine, state)
    applied = engine.apply(state, seat, move)
    _check_unchanged(engine, state, before, seat, move)
    return applied


def _check_unchanged(engine: Engine, state, before: str, seat: int, move: dict) -> None:
    if frozen(engine, state) != before:
        raise ApplyChangedItsInput(f"{engine.slug}: applying {move} for seat {seat} changed the state it was given "
                                   "(copy_state shares what the move changes)")


def play(engine: Engine, options: dict, players: int, seed: int, rnd: random.Random, checks=(), counts=None,
         every: int = 1, check_input: bool = False):
    """One game from engine seed ``seed``; returns (final state, moves, engine CPU seconds).
    ``checks`` run on the new game, after every ``every``-th move and on the final state; ``check_input``:
    every move is applied through ``apply_leaving_input`` (its time counts as the engine's)."""
    clock = time.process_time
    t0 = clock()
    state = engine.new_game(options, players, seed).state
    spent = clock() - t0
    moves = 0
    if checks:
        _run_checks(state, checks, counts, seed, moves)
    while True:
        t0 = clock()
        if engine.is_over(state):
            spent += clock() - t0
            break
        seat = _next_seat(engine, state, rnd)
        legal = engine.legal_moves(state, seat)
        move = params.concrete(engine, state, seat, legal[rnd.randrange(len(legal))], rnd)
        if check_input:  # the dumps are the check's time, not the engine's
            spent += clock() - t0
            before = frozen(engine, state)
            t0 = clock()
        new = engine.apply(state, seat, move).state
        spent += clock() - t0
        if check_input:
            _check_unchanged(engine, state, before, seat, move)
            if counts is not None:
                counts["apply_leaves_input"] = counts.get("apply_leaves_input", 0) + 1
        state = new
        moves += 1
        if checks and moves % every == 0:
            _run_checks(state, checks, counts, seed, moves)
        if moves > MAX_MOVES:
            raise AssertionError(f"game seed {seed} did not end in {MAX_MOVES} moves")
    if checks:
        _run_checks(state, checks, counts, seed, moves)
    return state, moves, spent


def _next_seat(engine: Engine, state, rnd: random.Random) -> int:
    """A seat that owes a decision; half the time, when some seats may act without owing, one of those
    (so their moves are played too, and the game still ends: the seats that owe move it on)."""
    owing = sorted(engine.pending(state))
    # A seat may be allowed to act and have nothing to do (no offer to answer, nothing to offer).
    optional = [s for s in sorted(may_act(engine, state) - set(owing)) if engine.legal_moves(state, s)]
    if optional and (not owing or rnd.random() < 0.5):
        return optional[rnd.randrange(len(optional))]
    return owing[rnd.randrange(len(owing))]


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


def _run_checks(state, checks, counts, seed, moves):
    for fn in checks:
        msg = fn(state)
        if msg:
            raise AssertionError(f"game seed {seed}, move {moves}: invariant {fn.__name__} broken: {msg}")
        counts[fn.__name__] = counts.get(fn.__name__, 0) + 1


def player_counts(text) -> list[int]:
    """``4`` or ``"4"`` -> [4]; ``"2-6"`` -> [2, 3, 4, 5, 6]; ValueError for anything else."""
    if isinstance(text, int) and not isinstance(text, bool):
        return [text]
    lo, sep, hi = str(text).partition("-")
    try:
        first, last = int(lo), int(hi) if sep else int(lo)
    except ValueError:
        raise ValueError(f"--players takes a count or a range such as 2-6 (got {text!r})") from None
    if last < first:
        raise ValueError(f"--players: the range {text!r} is empty")
    return list(range(first, last + 1))


def run(engine: Engine, options: dict, players, games: int, seed: int, checks: str = "invariants") -> dict:
    """``games`` random games (game g from the engine seed ``seed * 1_000_003 + g``, with the g-th
    of ``player_counts(players)`` in turn; one RNG for the moves, seeded with ``seed``), the
    options validated by the engine first (for every player count)."""
    warnings = contract.require(engine)  # the engine contract first (errors raise), as the system checks run it
    counts_of = player_counts(players)
    valid = {n: engine.validate_options(options, n) for n in counts_of}
    fns = checks_for(engine, checks)
    ending = getattr(engine, "ending", None)
    counts: dict[str, int] = {}
    endings: Counter = Counter()
    rnd = random.Random(seed)
    total_moves = 0
    engine_seconds = 0.0
    wall = time.perf_counter()
    for g in range(games):
        n = counts_of[g % len(counts_of)]
        state, moves, spent = play(engine, valid[n], n, seed * 1_000_003 + g, rnd, fns, counts,
                                   check_input=checks == "all")
        if ending is not None:
            endings[ending(state)] += 1
        total_moves += moves
        engine_seconds += spent
    wall = time.perf_counter() - wall
    summary = {
        "game": engine.slug, "games": games,
        "players": counts_of[0] if len(counts_of) == 1 else f"{counts_of[0]}-{counts_of[-1]}",
        **valid[counts_of[0]], "moves": total_moves,
        "seconds": round(engine_seconds, 3), "wall_seconds": round(wall, 3),
        "games_per_second": round(games / engine_seconds, 1) if engine_seconds else None,
        "ms_per_game": round(1000 * engine_seconds / games, 2) if games else None,
        "checks_passed": counts,
    }
    if ending is not None:
        summary["endings"] = dict(endings)
    if warnings:
        summary["contract_warnings"] = [f.message for f in warnings]
    return summary
