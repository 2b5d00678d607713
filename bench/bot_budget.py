"""Small City's expert, one decision with and without the decision budget (issue 39.3; a benchmark, not a test).

    .venv/bin/python bench/bot_budget.py [--positions 3] [--seconds 3] [--cpu-seconds 2]

Positions: the construction (plan) phase of 4-player games dealt from seeds 8, 9, …, the first seat to plan.
Prints one JSON line per position: wall and CPU seconds of the expert unbounded and bounded, and whether the
bounded search stopped at its budget."""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "lacitta_site.settings.base")

from games.smallcity.bots.expert import choose_expert  # noqa: E402
from games.smallcity.engine.engine import ENGINE  # noqa: E402
from kit.search import Budget, thinking  # noqa: E402
from tests.smallcity.helpers import setup_done, to_phase  # noqa: E402


def timed(view, legal, seat, budget):
    wall, cpu = time.monotonic(), time.process_time()
    with thinking(budget) as spending:
        move = choose_expert(ENGINE, view, legal, seat, random.Random(3))
    return move, round(time.monotonic() - wall, 2), round(time.process_time() - cpu, 2), spending.hit


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--positions", type=int, default=3)
    ap.add_argument("--seconds", type=float, default=3.0)
    ap.add_argument("--cpu-seconds", type=float, default=2.0)
    args = ap.parse_args(argv)
    for seed in range(8, 8 + args.positions):
        state = to_phase(setup_done(players=4, seed=seed), "plan")
        seat = min(ENGINE.pending(state))
        view, legal = ENGINE.view(state, seat), ENGINE.legal_moves(state, seat)
        free = timed(view, legal, seat, Budget())
        bounded = timed(view, legal, seat, Budget(seconds=args.seconds, cpu_seconds=args.cpu_seconds))
        print(json.dumps({"seed": seed, "unbounded": {"wall": free[1], "cpu": free[2]},
                          "bounded": {"wall": bounded[1], "cpu": bounded[2], "stopped": bounded[3]},
                          "same_move": free[0] == bounded[0]}), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
