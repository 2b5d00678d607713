"""Bots against bots, pure Python: win rates with a 95% interval and time per move.

    python -m games.infinitecity.bots.arena --bot greedy --vs random --players 4 --games 200 --seed 1
    python -m games.infinitecity.bots.arena --bot expert --vs greedy --players 4 --games 200 --jobs 2

One seat plays ``--bot``, the others ``--vs``; the bot's seat turns round with the games
(game g: seat g mod players). A win is rank 1 (a shared first place counts, and is also
reported apart). Prints one JSON line: games, wins, shared, win_rate, ci95 (Wilson), the
bot's mean score and the others', and the bot's time per move (median, p90, max, in ms):
wall-clock (``ms_per_move``, on whatever else the machine is doing) and the process's CPU
time (``cpu_ms_per_move``: what the move costs on an idle core).
"""

from __future__ import annotations

import argparse
import json
import math
import random
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor

from ..engine.engine import ENGINE
from . import LEVELS


def _chooser(level: str):
    if level == "random":
        return lambda engine, view, legal, seat, rng: rng.choice(legal)
    return LEVELS[level]


def play_game(args: tuple) -> dict:
    g, bot, vs, players, seed, marks = args
    seat_of_bot = g % players
    choosers = [_chooser(bot if i == seat_of_bot else vs) for i in range(players)]
    state = ENGINE.new_game({"marks": marks}, players, seed * 100_003 + g).state
    times: list[float] = []
    cpu: list[float] = []
    moves = 0
    while not ENGINE.is_over(state):
        seat = state.turn
        legal = ENGINE.legal_moves(state, seat)
        rng = random.Random(hash((seed, g, moves)) & 0xFFFFFFFF)
        t0, c0 = time.perf_counter(), time.process_time()
        move = choosers[seat](ENGINE, ENGINE.view(state, seat), legal, seat, rng)
        if seat == seat_of_bot:
            times.append(time.perf_counter() - t0)
            cpu.append(time.process_time() - c0)
        state = ENGINE.apply(state, seat, move).state
        moves += 1
    result = ENGINE.result(state)
    ranks = result.ranks
    return {"win": ranks[seat_of_bot] == 1, "shared": ranks[seat_of_bot] == 1 and ranks.count(1) > 1,
            "score": result.scores[seat_of_bot],
            "others": sum(sc for i, sc in enumerate(result.scores) if i != seat_of_bot) / (players - 1),
            "times": times, "cpu": cpu, "moves": moves, "reason": state.over_reason}


def _spread(times: list[float]) -> dict | None:
    if not times:
        return None
    return {"median": round(1000 * statistics.median(times), 1),
            "p90": round(1000 * times[int(0.9 * (len(times) - 1))], 1), "max": round(1000 * times[-1], 1)}


def wilson(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    den = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / den
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / den
    return round(centre - half, 3), round(centre + half, 3)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--bot", default="greedy")
    ap.add_argument("--vs", default="random")
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--marks", default="known-only")
    ap.add_argument("--jobs", type=int, default=1, help="games played in parallel processes")
    args = ap.parse_args(argv)
    jobs = [(g, args.bot, args.vs, args.players, args.seed, args.marks) for g in range(args.games)]
    wall = time.perf_counter()
    if args.jobs > 1:
        with ProcessPoolExecutor(args.jobs) as pool:
            games = list(pool.map(play_game, jobs))
    else:
        games = [play_game(j) for j in jobs]
    wall = time.perf_counter() - wall
    wins = sum(g["win"] for g in games)
    times = sorted(t for g in games for t in g["times"])
    cpu = sorted(t for g in games for t in g["cpu"])
    print(json.dumps({
        "bot": args.bot, "vs": args.vs, "players": args.players, "games": args.games, "seed": args.seed,
        "wins": wins, "shared": sum(g["shared"] for g in games), "win_rate": round(wins / len(games), 3),
        "ci95": wilson(wins, len(games)),
        "bot_mean_score": round(statistics.mean(g["score"] for g in games), 2),
        "others_mean_score": round(statistics.mean(g["others"] for g in games), 2),
        "bot_moves": len(times),
        "ms_per_move": _spread(times), "cpu_ms_per_move": _spread(cpu),
        "wall_seconds": round(wall, 1),
    }))
    return 0


if __name__ == "__main__":
    sys.exit(main())
