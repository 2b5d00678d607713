"""Bot-only games straight on the engine (no database), for measuring bot levels.

    python manage.py arena --game SLUG --players 4 --seats expert,greedy,greedy,greedy \
        --games 100 --seed 1 [--option key=value …] [--jobs 2]

Any registered game (``--game``); ``--option key=value`` (repeatable) sets any option the
game's engine declares; the levels are ``random`` and those of the game's definition.

Seats are rotated every game (game g gives seat i the level ``seats[(i + g) % players]``)
so every level plays every position. Every bot sees only its seat's view and legal
moves, exactly as on the site (``games.bots``). Game g uses the engine seed
``seed * 1_000_003 + g`` and a fresh RNG per decision, so a run is reproducible and
does not depend on ``--jobs``.

Prints one line per game (with --verbosity 2), then per level: win rate (wins / seats
played; a shared win counts as a win for every winner) and mean score, and finally one
JSON line: games, players, options, seats, seed, per-level {wins, win_rate, ci95 (Wilson
95 % interval of the win rate), mean_score, games, move_ms {median, p95, max, moves}},
shared_wins and seconds. Move times are
wall-clock per bot decision; forced moves are played by the engine and never timed.
"""

from __future__ import annotations

import json
import math
import multiprocessing
import random
import time

from django.core.management.base import BaseCommand, CommandError

from games import registry
from games.bots import choosers_for


def play_game(game: str, options: dict, levels: list[str], seed: int, index: int) -> dict:
    """One bot-only game; ``levels[seat]`` plays each seat. Returns scores, ranks and,
    per seat, the seconds each decision took."""
    engine = registry.get(game)
    choosers = choosers_for(game)
    players = len(levels)
    state = engine.new_game(options, players, seed * 1_000_003 + index).state
    times: list[list[float]] = [[] for _ in range(players)]
    decision = 0
    while not engine.is_over(state):
        seat = min(engine.pending(state))
        legal = engine.legal_moves(state, seat)
        view = engine.view(state, seat)
        rng = random.Random((seed * 1_000_003 + index) * 100_003 + decision)
        start = time.perf_counter()
        move = choosers[levels[seat]](engine, view, legal, seat, rng)
        times[seat].append(time.perf_counter() - start)
        if move not in legal:
            raise CommandError(f"level {levels[seat]} chose an illegal move: {move!r}")
        state = engine.apply(state, seat, move).state
        decision += 1
    result = engine.result(state)
    return {"index": index, "levels": levels, "scores": list(result.scores), "ranks": list(result.ranks),
            "times": times}


def _play(args):
    return play_game(*args)


def wilson(wins: int, n: int, z: float = 1.96) -> list[float] | None:
    """Wilson score interval (95 %) of a win rate: honest for small samples and rates near 0/1."""
    if n <= 0:
        return None
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return [round(max(0.0, centre - half), 4), round(min(1.0, centre + half), 4)]


def parse_options(pairs: list[str]) -> dict:
    """``["pile=21", "last=loses"]`` -> dict; CommandError for a malformed pair."""
    out = {}
    for pair in pairs or ():
        key, sep, value = pair.partition("=")
        if not sep or not key.strip() or not value.strip():
            raise CommandError(f"--option takes key=value (got {pair!r})")
        out[key.strip()] = value.strip()
    return out


def _ms_stats(seconds: list[float]) -> dict:
    if not seconds:
        return {"median": None, "p95": None, "max": None, "moves": 0}
    xs = sorted(seconds)
    n = len(xs)
    median = xs[n // 2] if n % 2 else (xs[n // 2 - 1] + xs[n // 2]) / 2
    return {"median": round(1000 * median, 1), "p95": round(1000 * xs[min(n - 1, int(0.95 * n))], 1),
            "max": round(1000 * xs[-1], 1), "moves": n}


def run_arena(game: str, seats: list[str], games: int, seed: int, options: dict | None = None, jobs: int = 1,
              on_game=None) -> dict:
    """Play ``games`` rotated games and return the summary (the command's JSON line)."""
    engine = registry.get(game)
    players = len(seats)
    options = engine.validate_options(options or {}, players)
    known = choosers_for(game)
    unknown = sorted(set(seats) - set(known))
    if unknown:
        raise CommandError(f"unknown level(s) for {game}: {', '.join(unknown)} (known: {', '.join(known)})")
    tasks = [(game, options, [seats[(i + g) % players] for i in range(players)], seed, g) for g in range(games)]
    started = time.perf_counter()
    if jobs > 1 and games > 1:
        with multiprocessing.get_context("fork").Pool(min(jobs, games)) as pool:
            results = []
            for r in pool.imap(_play, tasks):
                results.append(r)
                if on_game:
                    on_game(r)
    else:
        results = []
        for t in tasks:
            r = _play(t)
            results.append(r)
            if on_game:
                on_game(r)
    seconds = time.perf_counter() - started

    per: dict[str, dict] = {lvl: {"wins": 0, "games": 0, "score": 0.0, "times": []} for lvl in dict.fromkeys(seats)}
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
    levels = {}
    for lvl, d in per.items():
        levels[lvl] = {
            "wins": d["wins"], "games": d["games"],
            "win_rate": round(d["wins"] / d["games"], 4) if d["games"] else None,
            "ci95": wilson(d["wins"], d["games"]),
            "mean_score": round(d["score"] / d["games"], 3) if d["games"] else None,
            "move_ms": _ms_stats(d["times"]),
        }
    return {"game": game, "games": games, "players": players, "options": options, "seats": seats, "seed": seed,
            "jobs": jobs, "levels": levels, "shared_wins": shared, "seconds": round(seconds, 2)}


class Command(BaseCommand):
    help = "Play bot-only games on the engine (no database) and report each level's wins, scores and move times."

    def add_arguments(self, parser):
        parser.add_argument("--game", required=True, help="A registered game's slug.")
        parser.add_argument("--players", type=int, default=None, help="Number of seats (default: len(--seats)).")
        parser.add_argument("--seats", required=True, help="Comma-separated levels, one per seat, e.g. greedy,random.")
        parser.add_argument("--games", type=int, default=10)
        parser.add_argument("--seed", type=int, default=1)
        parser.add_argument("--option", action="append", default=[], metavar="KEY=VALUE",
                            help="Any option of the game's engine, e.g. --option pile=21 (repeatable).")
        parser.add_argument("--jobs", type=int, default=1, help="Games played in parallel processes.")

    def handle(self, *args, **opts):
        seats = [s.strip() for s in opts["seats"].split(",") if s.strip()]
        players = opts["players"] or len(seats)
        if len(seats) != players:
            raise CommandError(f"--seats names {len(seats)} level(s) for {players} players")
        try:
            engine = registry.get(opts["game"])
        except KeyError as exc:
            raise CommandError(str(exc)) from None
        options = parse_options(opts["option"])  # unknown names: refused by validate_options
        try:
            options = engine.validate_options(options, players)
        except ValueError as exc:
            raise CommandError(str(exc)) from None
        if opts["games"] < 1:
            raise CommandError("--games must be at least 1")

        verbose = opts["verbosity"] >= 2

        def on_game(r):
            if verbose:
                self.stdout.write(f"game {r['index']}: " + ", ".join(
                    f"{lvl} {sc}{' (won)' if rk == 1 else ''}"
                    for lvl, sc, rk in zip(r["levels"], r["scores"], r["ranks"])))
                self.stdout.flush()  # a long run read while it goes (or cut short) keeps every game

        summary = run_arena(opts["game"], seats, opts["games"], opts["seed"], options, opts["jobs"], on_game)
        self.stdout.write(
            f"{summary['games']} games of {opts['game']} ({', '.join(f'{k}={v}' for k, v in options.items())}), "
            f"{players} players, seats rotated every game; {summary['seconds']} s")
        self.stdout.write("win rate = wins / seats played; a shared win counts as a win for each winner "
                          f"({summary['shared_wins']} shared)")
        for lvl, d in summary["levels"].items():
            ms = d["move_ms"]
            self.stdout.write(
                f"  {lvl:>8}: win rate {100 * d['win_rate']:.1f}% ({d['wins']}/{d['games']}; 95% "
                f"{100 * d['ci95'][0]:.1f}–{100 * d['ci95'][1]:.1f}%), "
                f"mean score {d['mean_score']:.2f}, move ms median {ms['median']} p95 {ms['p95']} max {ms['max']}")
        self.stdout.write(json.dumps(summary))
