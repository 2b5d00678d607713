"""Infinite City bot variants against three default greedy bots, one JSON line per game as it ends, then a
summary: for screening a change to a level before a 200-game `manage.py arena` run.

    .venv/bin/python bench/ic_variants.py '{"w": {"supply": 0.15}}' --seed 51 --games 200 --jobs 2
    .venv/bin/python bench/ic_variants.py '{"level": "greedy", "w": {"supply": 0.2}}' --seed 41 --games 200
    .venv/bin/python bench/ic_variants.py '{}' --players 2 --seed 61 --games 100     # 2 players: against one greedy bot
    .venv/bin/python bench/ic_variants.py summarise run1.jsonl run2.jsonl           # several runs' games together

The spec's ``w`` overrides ``heuristics.Weights``, ``b`` the expert's ``Budget``; ``"level": "greedy"`` puts
a greedy bot with those weights in the tested seat instead of the expert. Games, seeds and seat rotation are
``manage.py arena``'s (``kit.arena.play_game``): with an empty spec the expert's results are the
command's. Pure Python, no database."""

from __future__ import annotations

import argparse
import functools
import json
import sys
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from games.infinitecity.bots import choose_greedy, expert, heuristics
from games.infinitecity.engine.engine import ENGINE
from kit import arena

SEATS = ["tested", "greedy", "greedy", "greedy"]  # --players N: the first N


def choosers(spec: dict) -> dict:
    w = heuristics.Weights(**spec.get("w", {}))
    if spec.get("level") == "greedy":
        tested = functools.partial(choose_greedy, w=w)
    else:
        tested = functools.partial(expert.choose_expert, w=w, b=expert.Budget(**spec.get("b", {})))
    return {"greedy": choose_greedy, "tested": tested}


def one(task):
    spec, seed, g, players = task
    seats = SEATS[:players]
    levels = [seats[(i + g) % players] for i in range(players)]
    r = arena.play_game(ENGINE, choosers(spec), ENGINE.validate_options({}, players), levels, seed, g)
    me = levels.index("tested")
    others = [sc for i, sc in enumerate(r["scores"]) if i != me]
    return {"g": g, "win": r["ranks"][me] == 1, "score": r["scores"][me], "others": sum(others) / len(others),
            "best_other": max(others), "cpu": [round(t, 4) for t in r["cpu"][me]],
            "wall": [round(t, 4) for t in r["times"][me]]}, r["cpu"][me]


def summarise(paths: list[str]) -> dict:
    """The games of several runs' files (cut short or not) together: wins, Wilson interval, mean scores, the
    tested seat's CPU and wall time per decision (lines that carry them)."""
    lines = [json.loads(x) for p in paths for x in open(p) if x.startswith('{"g"')]
    n = len(lines)
    wins = sum(x["win"] for x in lines)
    cpu = [t for x in lines for t in x.get("cpu", [])]
    wall = [t for x in lines for t in x.get("wall", [])]
    return {"files": paths, "games": n, "wins": wins, "win_rate": round(wins / n, 4) if n else None,
            "ci95": arena.wilson(wins, n), "mean_score": round(sum(x["score"] for x in lines) / n, 2) if n else None,
            "others_mean": round(sum(x["others"] for x in lines) / n, 2) if n else None,
            "cpu_ms": arena.ms_stats(cpu), "wall_ms_loaded_machine": arena.ms_stats(wall)}


def main(argv=None) -> int:
    if argv is None:
        argv = sys.argv[1:]
    if argv[:1] == ["summarise"]:
        print(json.dumps(summarise(argv[1:])))
        return 0
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("spec", help='JSON, e.g. {"w": {"supply": 0.15}} or {"level": "greedy", "w": {...}}')
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--players", type=int, default=4, choices=(2, 3, 4))
    args = ap.parse_args(argv)
    spec = json.loads(args.spec)
    choosers(spec)  # a bad weight or budget name fails here, before any game
    wins = n = 0
    cpu: list[float] = []
    with ProcessPoolExecutor(args.jobs) as pool:
        for line, times in pool.map(one, [(spec, args.seed, g, args.players) for g in range(args.games)]):
            n += 1
            wins += line["win"]
            cpu += times
            print(json.dumps(line), flush=True)
    print(json.dumps({"spec": spec, "seed": args.seed, "players": args.players, "games": n,
                      "wins": wins, "win_rate": round(wins / n, 4),
                      "ci95": arena.wilson(wins, n), "cpu_ms": arena.ms_stats(cpu)}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
