"""Bot-only games straight on an engine, for measuring bot levels (``manage.py arena``).

Pure Python (never imports Django): ``run`` takes the engine and the levels' choosers
(``chooser(engine, view, legal_moves, seat, rng) -> move``); the management command finds both
in the registry. Seats are rotated every game (game g gives seat i the level
``seats[(i + g) % players]``) so every level plays every position. Every bot sees only its
seat's view and legal moves, exactly as on the site. Game g uses the engine seed
``seed * 1_000_003 + g`` and a fresh RNG per decision, so a run is reproducible and does not
depend on ``jobs``.

The summary: per level {wins, win_rate, ci95 (Wilson 95 % interval of the win rate; a shared
win counts as a win for every winner), mean_score, games, move_ms, cpu_ms}, shared_wins and
seconds. ``move_ms`` is wall-clock per bot decision (whatever else the machine does);
``cpu_ms`` the process's CPU time for it (what the decision costs on an idle core). Forced
moves are played by the engine and never timed.

Seats that MAY act without owing (``may_act``: answer an offer made to them) are bots too: when some
seat may act, half the decisions go to one of those (drawn from the game's own RNG), the others to the
lowest seat that owes, so offers are answered and the game still ends (the owing seats move it on).
An engine's ``arena_counts`` ({name: log key}) are counted per game and reported per game
(``counts_per_game``: trades, offers… of a game of negotiation)."""

from __future__ import annotations

import math
import multiprocessing
import random
import time

from . import params
from .base import Engine, may_act

MAY_ACT_SHARE = 0.5  # the share of decisions given to seats that may act, when some may
MAX_DECISIONS = 50_000  # a bot-only game still running after this many decisions is a loop (a bot bug)


class IllegalChoice(Exception):
    """A level chose a move that is not among the legal ones (a bot bug)."""


def play_game(engine: Engine, choosers: dict, options: dict, levels: list[str], seed: int, index: int) -> dict:
    """One bot-only game; ``levels[seat]`` plays each seat. Returns scores, ranks and, per seat,
    the wall and CPU seconds each decision took."""
    players = len(levels)
    state = engine.new_game(options, players, seed * 1_000_003 + index).state
    times: list[list[float]] = [[] for _ in range(players)]
    cpu: list[list[float]] = [[] for _ in range(players)]
    counted = dict(getattr(engine, "arena_counts", {}) or {})
    counts = dict.fromkeys(counted, 0)
    turns = random.Random(seed * 1_000_003 + index)
    decision = 0
    while not engine.is_over(state):
        seat = _next_seat(engine, state, turns)
        legal = engine.legal_moves(state, seat)
        view = engine.view(state, seat)
        rng = random.Random((seed * 1_000_003 + index) * 100_003 + decision)
        start, start_cpu = time.perf_counter(), time.process_time()
        move = choosers[levels[seat]](engine, view, legal, seat, rng)
        if params.has_ranges(move):  # a chooser may pick a legal move with ranges: it is drawn
            move = params.concrete(engine, state, seat, move, rng)
        times[seat].append(time.perf_counter() - start)
        cpu[seat].append(time.process_time() - start_cpu)
        if params.find_legal(legal, move) is None:
            raise IllegalChoice(f"level {levels[seat]} chose an illegal move: {move!r}")
        applied = engine.apply(state, seat, move)
        for entry in applied.log if counted else ():
            for name, key in counted.items():
                counts[name] += entry.key == key
        state = applied.state
        decision += 1
        if decision > MAX_DECISIONS:
            raise AssertionError(f"game {index} did not end in {MAX_DECISIONS} decisions (a bot loops)")
    result = engine.result(state)
    return {"index": index, "levels": levels, "scores": list(result.scores), "ranks": list(result.ranks),
            "times": times, "cpu": cpu, "counts": counts}


def _next_seat(engine: Engine, state, turns: random.Random) -> int:
    """The lowest seat that owes; with ``MAY_ACT_SHARE`` chance, when some seats may act without owing
    (and have a move), one of those instead (always, when nobody owes)."""
    owing = sorted(engine.pending(state))
    optional = [s for s in sorted(may_act(engine, state) - set(owing)) if engine.legal_moves(state, s)]
    if optional and (not owing or turns.random() < MAY_ACT_SHARE):
        return optional[turns.randrange(len(optional))]
    return owing[0]


def wilson(wins: int, n: int, z: float = 1.96) -> list[float] | None:
    """Wilson score interval (95 %) of a win rate: honest for small samples and rates near 0/1."""
    if n <= 0:
        return None
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return [round(max(0.0, centre - half), 4), round(min(1.0, centre + half), 4)]


def ms_stats(seconds: list[float]) -> dict:
    if not seconds:
        return {"median": None, "p95": None, "max": None, "moves": 0}
    xs = sorted(seconds)
    n = len(xs)
    median = xs[n // 2] if n % 2 else (xs[n // 2 - 1] + xs[n // 2]) / 2
    return {"median": round(1000 * median, 1), "p95": round(1000 * xs[min(n - 1, int(0.95 * n))], 1),
            "max": round(1000 * xs[-1], 1), "moves": n}


# The pool's processes are forked after this is set: engines and choosers need not pickle.
_CONTEXT: tuple = ()


def _play(task):
    engine, choosers, options = _CONTEXT
    levels, seed, index = task
    return play_game(engine, choosers, options, levels, seed, index)


def run(engine: Engine, choosers: dict, seats: list[str], games: int, seed: int, options: dict | None = None,
        jobs: int = 1, on_game=None) -> dict:
    """Play ``games`` rotated games and return the summary; ``on_game(result)`` after each game, in
    order (a long run read while it goes, or cut short, keeps every game). ValueError for a level
    without a chooser or options the engine refuses."""
    global _CONTEXT
    players = len(seats)
    options = engine.validate_options(options or {}, players)
    unknown = sorted(set(seats) - set(choosers))
    if unknown:
        raise ValueError(f"unknown level(s) for {engine.slug}: {', '.join(unknown)} (known: {', '.join(choosers)})")
    tasks = [([seats[(i + g) % players] for i in range(players)], seed, g) for g in range(games)]
    _CONTEXT = (engine, choosers, options)
    started = time.perf_counter()
    results = []
    if jobs > 1 and games > 1:
        with multiprocessing.get_context("fork").Pool(min(jobs, games)) as pool:
            for r in pool.imap(_play, tasks):
                results.append(r)
                if on_game:
                    on_game(r)
    else:
        for t in tasks:
            r = _play(t)
            results.append(r)
            if on_game:
                on_game(r)
    seconds = time.perf_counter() - started
    return summarise(engine.slug, seats, seed, options, jobs, results, seconds)


def summarise(slug: str, seats: list[str], seed: int, options: dict, jobs: int, results: list, seconds: float) -> dict:
    per: dict[str, dict] = {lvl: {"wins": 0, "games": 0, "score": 0.0, "times": [], "cpu": []}
                            for lvl in dict.fromkeys(seats)}
    shared = 0
    for r in results:
        if r["ranks"].count(1) > 1:
            shared += 1
        for seat, lvl in enumerate(r["levels"]):
            d = per[lvl]
            d["games"] += 1
            d["score"] += r["scores"][seat]
            d["wins"] += r["ranks"][seat] == 1
            d["times"].extend(r["times"][seat])
            d["cpu"].extend(r["cpu"][seat])
    levels = {}
    for lvl, d in per.items():
        levels[lvl] = {
            "wins": d["wins"], "games": d["games"],
            "win_rate": round(d["wins"] / d["games"], 4) if d["games"] else None,
            "ci95": wilson(d["wins"], d["games"]),
            "mean_score": round(d["score"] / d["games"], 3) if d["games"] else None,
            "move_ms": ms_stats(d["times"]), "cpu_ms": ms_stats(d["cpu"]),
        }
    names = sorted({name for r in results for name in r.get("counts", {})})
    counts = {name: round(sum(r.get("counts", {}).get(name, 0) for r in results) / len(results), 2)
              for name in names} if results else {}
    return {"game": slug, "games": len(results), "players": len(seats), "options": options, "seats": seats,
            "seed": seed, "jobs": jobs, "levels": levels, "shared_wins": shared, "counts_per_game": counts,
            "seconds": round(seconds, 2)}
