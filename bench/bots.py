"""La Città bot targets (a benchmark, not a test; nothing here runs in CI).

    .venv/bin/python bench/bots.py [--games 100] [--seed 1] [--jobs 1] [--only greedy|expert]

1. greedy wins at least 90 % of 4-player games against three random bots;
2. expert wins at least 45 % of 4-player games against three greedy bots;
3. expert's median move takes at most 2 s on one core.

Each target runs ``manage.py arena``'s games (engine only, no database; seats rotated
every game; a shared win counts as a win for each winner) and prints the arena's JSON
line, then one JSON line with the verdicts. ``--jobs 2`` plays two games at a time
(one core each): results are the same, move times are per core but suffer if the
machine is busy. The equivalent commands:

    python manage.py arena --game lacitta --players 4 --seats greedy,random,random,random --games 100 --seed 1
    python manage.py arena --game lacitta --players 4 --seats expert,greedy,greedy,greedy --games 100 --seed 1 --jobs 2

A game with the expert takes ~20–25 s of one core (its median move is ~0.5–0.8 s), so the
100 expert games take ~20 min with ``--jobs 2``; the greedy games take a few seconds each.
Last figures: bench/README.md, "La Città bots".
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "lacitta_site.settings.base")

from play.management.commands.arena import run_arena  # noqa: E402

OPTIONS = {"edition": "modern", "expansion": "none", "setup": "beginner"}


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--only", choices=("greedy", "expert"), default=None)
    args = ap.parse_args(argv)

    verdict = {}
    if args.only in (None, "greedy"):
        greedy = run_arena("lacitta", ["greedy", "random", "random", "random"], args.games, args.seed, OPTIONS,
                           args.jobs)
        print(json.dumps(greedy), flush=True)
        rate = greedy["levels"]["greedy"]["win_rate"]
        verdict["greedy_vs_random"] = {"win_rate": rate, "target": 0.9, "met": rate >= 0.9}
    if args.only in (None, "expert"):
        expert = run_arena("lacitta", ["expert", "greedy", "greedy", "greedy"], args.games, args.seed, OPTIONS,
                           args.jobs)
        print(json.dumps(expert), flush=True)
        rate = expert["levels"]["expert"]["win_rate"]
        median = expert["levels"]["expert"]["move_ms"]["median"]
        verdict["expert_vs_greedy"] = {"win_rate": rate, "target": 0.45, "met": rate >= 0.45}
        verdict["expert_median_move_ms"] = {"median": median, "target": 2000, "met": median <= 2000}
    print(json.dumps({"targets": verdict}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
