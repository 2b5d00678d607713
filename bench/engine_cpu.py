"""La Città engine CPU per random game, this tree against a git revision (A/B).

    .venv/bin/python bench/engine_cpu.py [--rev 60e3f12] [--games 20] [--rounds 5] [--repeat 2]
    .venv/bin/python bench/engine_cpu.py --instructions [--rev 60e3f12] [--games 10]

The selfplay workload (4 players, new edition + Cocagne + advanced setup, the games of
``selfplay --seed 1``: new_game, pending, legal_moves, apply) is timed in CPU seconds
(``time.process_time``), best of ``--rounds``, for the revision (exported with ``git
archive`` to a temporary directory) and for this tree, alternately ``--repeat`` times. CPU
time and best-of-N because this machine is shared: wall time varies by ±30 % minute to
minute, CPU time much less. Also checks that both play exactly the same games (moves).

``--instructions`` counts machine instructions instead (``valgrind --tool=callgrind``, needs
valgrind; ``perf stat`` has no counters on this virtual machine): the workload of ``--games``
games once, minus the same process with no game (start-up and imports), per game. Counts
do not depend on what else runs on the machine (they vary by well under 1 % run to run), so
they are the figure for A/B; under valgrind each game takes ~50× longer."""

from __future__ import annotations

import argparse
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
WORKLOAD = r'''
import importlib, random, sys, time
ENGINE = importlib.import_module(sys.argv[3]).ENGINE
games, rounds = int(sys.argv[1]), int(sys.argv[2])
opts = ENGINE.validate_options({"edition": "modern", "expansion": "cocagne", "setup": "advanced"}, 4)
def once():
    rnd, moves = random.Random(1), 0
    t0 = time.process_time()
    for g in range(games):
        s = ENGINE.new_game(opts, 4, 1_000_003 + g).state
        while not ENGINE.is_over(s):
            seats = sorted(ENGINE.pending(s))
            seat = seats[rnd.randrange(len(seats))]
            legal = ENGINE.legal_moves(s, seat)
            s = ENGINE.apply(s, seat, legal[rnd.randrange(len(legal))]).state
            moves += 1
    return time.process_time() - t0, moves
runs = [once() for _ in range(rounds)]
print(1000 * min(r[0] for r in runs) / max(games, 1), runs[0][1])
'''


# Where the engine module is: its own folder since the games moved into one app each.
ENGINE_MODULES = {"games/lacitta/engine/engine.py": "games.lacitta.engine.engine",
                  "kit/lacitta/engine.py": "kit.lacitta.engine"}


def engine_module(root: Path) -> str:
    return next(module for path, module in ENGINE_MODULES.items() if (root / path).is_file())


def measure(root: Path, games: int, rounds: int) -> tuple[float, int]:
    env = {"PYTHONPATH": str(root), "PATH": "/usr/bin:/bin"}
    out = subprocess.run([sys.executable, "-c", WORKLOAD, str(games), str(rounds), engine_module(root)], cwd=root,
                         check=True, capture_output=True, text=True, env=env)
    ms, moves = out.stdout.split()
    return float(ms), int(moves)


def instructions(root: Path, games: int) -> tuple[float, int]:
    """Millions of instructions per game (callgrind), and the moves played."""

    def run(n: int) -> tuple[int, str]:
        # A fixed hash seed: set orders, and so the instructions, are the same every run.
        env = {"PYTHONPATH": str(root), "PATH": "/usr/bin:/bin", "PYTHONHASHSEED": "0"}
        out = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null",
                              sys.executable, "-c", WORKLOAD, str(n), "1", engine_module(root)], cwd=root, check=True,
                             capture_output=True, text=True, env=env)
        collected = [line for line in out.stderr.splitlines() if "Collected :" in line]
        return int(collected[-1].split(":")[-1]), out.stdout

    measure(root, 1, 1)  # compiles the modules first: the two counted runs then load the same files
    empty, _ = run(0)
    full, stdout = run(games)
    return (full - empty) / games / 1e6, int(stdout.split()[1])


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rev", default="742e77a",
                    help="the revision to compare with (default: today's rules, before the speed work)")
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--repeat", type=int, default=2)
    ap.add_argument("--instructions", action="store_true",
                    help="count instructions under valgrind (callgrind) instead of timing")
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        # The kit was games/engines/ before the platform moved to play/ (older revisions have that).
        folders = subprocess.run(["git", "ls-tree", "--name-only", args.rev, "kit", "games/engines", "games/lacitta"],
                                 cwd=ROOT, check=True, capture_output=True, text=True).stdout.split()
        archive = subprocess.run(["git", "archive", args.rev, *folders], cwd=ROOT, check=True,
                                 capture_output=True).stdout
        subprocess.run(["tar", "-x", "-C", tmp], input=archive, check=True)
        (Path(tmp) / "games" / "__init__.py").touch()
        if args.instructions:
            old, old_moves = instructions(Path(tmp), args.games)
            new, new_moves = instructions(ROOT, args.games)
            print(f"{args.rev}: {old:.1f} M instructions/game   this tree: {new:.1f} M instructions/game"
                  f"   ratio {old / new:.2f}   moves {old_moves} / {new_moves}")
            return 0
        for _ in range(args.repeat):
            old, old_moves = measure(Path(tmp), args.games, args.rounds)
            new, new_moves = measure(ROOT, args.games, args.rounds)
            print(f"{args.rev}: {old:.2f} ms/game   this tree: {new:.2f} ms/game   ratio {old / new:.2f}"
                  f"   moves {old_moves} / {new_moves}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
