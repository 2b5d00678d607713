"""Measurements for issue 28 (pure Python; ``manage.py selfplay``/``arena`` need the game registered):

    python -m games.smallcity.scripts.measure selfplay --players 1-4 --games 1000 --every 5
    python -m games.smallcity.scripts.measure arena --seats greedy,random,random --games 100
    python -m games.smallcity.scripts.measure solo --level greedy --games 50

Random games: every pending seat is picked at random, a uniformly random legal move, its parameters
sampled by the game's ``sample_move`` (a sampled move the engine refuses is drawn again); the engine's
invariants and a JSON round trip run every ``--every`` moves and at the end. Times are CPU seconds.
"""

from __future__ import annotations

import argparse
import functools
import json
import random
import statistics
import time

from kit.base import IllegalMove

from ..bots import LEVELS
from ..bots.expert import Budget, choose_expert
from ..engine.components import DIFFICULTIES
from ..engine.engine import ENGINE


def random_game(players, seed, options=None, every=1):
    rnd = random.Random(seed)
    state = ENGINE.new_game(options or {}, players, seed).state
    moves = refused = 0
    while not ENGINE.is_over(state):
        seat = rnd.choice(sorted(ENGINE.pending(state)))
        lm = rnd.choice(ENGINE.legal_moves(state, seat))
        move = ENGINE.sample_move(state, seat, lm, rnd) if "ranges" in lm else lm
        try:
            state = ENGINE.apply(state, seat, move).state
        except IllegalMove:
            refused += 1
            continue
        moves += 1
        if every and moves % every == 0:
            check(state, seed, moves)
        if moves > 20_000:
            raise AssertionError(f"seed {seed}: no end after 20,000 moves")
    check(state, seed, moves)
    return state, moves, refused


def check(state, seed, moves):
    for fn in ENGINE.invariants:
        msg = fn(state)
        if msg:
            raise AssertionError(f"seed {seed} move {moves}: {fn.__name__}: {msg}")
    text = json.dumps(ENGINE.dump(state), sort_keys=True)
    if json.dumps(ENGINE.dump(ENGINE.load(json.loads(text))), sort_keys=True) != text:
        raise AssertionError(f"seed {seed} move {moves}: JSON round trip changed the state")


def bot_game(levels, seed, options=None, choosers=LEVELS):
    rnd = random.Random(seed)
    state = ENGINE.new_game(options or {}, len(levels), seed).state
    times = []
    while not ENGINE.is_over(state):
        seat = min(ENGINE.pending(state))
        legal = ENGINE.legal_moves(state, seat)
        t0 = time.process_time()
        move = choosers[levels[seat]](ENGINE, ENGINE.view(state, seat), legal, seat, rnd)
        times.append((levels[seat], time.process_time() - t0))
        state = ENGINE.apply(state, seat, move).state
    return state, times


def main(argv=None):
    ap = argparse.ArgumentParser()
    ap.add_argument("what", choices=("selfplay", "arena", "solo"))
    ap.add_argument("--players", default="1-4")
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--every", type=int, default=1)
    ap.add_argument("--seats", default="greedy,random,random")
    ap.add_argument("--level", default="greedy")
    ap.add_argument("--option", action="append", default=[])
    ap.add_argument("--difficulty", action="append", default=None, help="solo: only these (default: all five)")
    ap.add_argument("--budget", default=None, help='the expert\'s Budget, e.g. {"policy": "greedy"} (default: the '
                    "expert's own: the learned one where a model is stored for the table)")
    a = ap.parse_args(argv)
    budget = None if a.budget is None else Budget(**json.loads(a.budget))
    choosers = {**LEVELS, "expert": functools.partial(choose_expert, budget=budget)}
    options = dict(o.split("=", 1) for o in a.option)
    if a.what == "selfplay":
        lo, _, hi = a.players.partition("-")
        for players in range(int(lo), int(hi or lo) + 1):
            t0 = time.process_time()
            total = refused = 0
            for g in range(a.games):
                _, moves, r = random_game(players, a.seed + g, options, a.every)
                total += moves
                refused += r
                if (g + 1) % 25 == 0 or g + 1 == a.games:  # cumulative lines: a cut run still reports
                    spent = time.process_time() - t0
                    print(json.dumps({"players": players, "games": g + 1, "failures": 0, "moves": total,
                                      "refused_samples": refused, "cpu_s": round(spent, 1),
                                      "ms_per_game": round(1000 * spent / (g + 1), 1)}), flush=True)
    elif a.what == "arena":
        levels = a.seats.split(",")
        wins = [0.0] * len(levels)
        per_level: dict = {}
        for g in range(a.games):
            rot = g % len(levels)  # every level sits in every seat in turn
            seats = levels[rot:] + levels[:rot]
            state, times = bot_game(seats, a.seed + g, options, choosers)
            ranks = state.result["ranks"]
            firsts = [i for i, r in enumerate(ranks) if r == 1]
            for i in firsts:
                wins[(i + rot) % len(levels)] += 1 / len(firsts)
            for lvl, t in times:
                per_level.setdefault(lvl, []).append(t)
            n = g + 1  # cumulative line after every game: a cut run still reports
            print(json.dumps({"seats": levels, "games": n, "wins": [round(w, 1) for w in wins],
                              "win_rate": [round(w / n, 3) for w in wins],
                              "median_s": {k: round(statistics.median(v), 4) for k, v in per_level.items()},
                              "max_s": {k: round(max(v), 2) for k, v in per_level.items()}}), flush=True)
    else:
        for diff in a.difficulty or DIFFICULTIES:
            scores = []
            times = []
            for g in range(a.games):
                state, t = bot_game([a.level], a.seed + g, {**options, "difficulty": diff}, choosers)
                scores.append(state.result["scores"][0])
                times.extend(x for _lvl, x in t)
                if (g + 1) % 10 == 0 or g + 1 == a.games:  # cumulative lines: a cut run still reports
                    print(json.dumps({"level": a.level, "difficulty": diff, "games": g + 1,
                                      "mean": round(statistics.mean(scores), 2), "median": statistics.median(scores),
                                      "sd": round(statistics.pstdev(scores), 2), "min": min(scores),
                                      "max": max(scores), "median_s": round(statistics.median(times), 4),
                                      "max_s": round(max(times), 2)}), flush=True)


if __name__ == "__main__":
    main()
