"""How much of an Infinite City seat's final score the board shows during the game (an evaluation fitted to
self-play, issue 34).

    .venv/bin/python bench/ic_fit.py gen --players 4 --games 300 --seed 7001 --out /tmp/ic4.jsonl --jobs 2
    .venv/bin/python bench/ic_fit.py fit /tmp/ic4.jsonl            # coefficients and R² against the old evaluation

``gen`` plays greedy bots against each other (the level the expert meets in its targets) and writes, for every
position where a turn is due, each seat's ``features`` and, once the game ends, its final score.
``fit`` solves the least squares of final score on those features (plus a constant) on the even games and
reports R² on the odd ones, beside the R² of ``heuristics.evaluate`` (scaled by its own best line).
Pure Python, no database, no numpy."""

from __future__ import annotations

import argparse
import json
import random
import sys
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from games.infinitecity.bots import choose_greedy, heuristics, learned
from games.infinitecity.engine.engine import ENGINE
from games.infinitecity.engine.state import State

NAMES = ("score", "pairs", "singles", "supply", "silver", "largest", "tiles",
         "pairs_left", "singles_left", "supply_left", "tiles_left", "left")


def features(s: State) -> list[list[float]]:
    """Per seat: the facts ``NAMES`` lists (the ``*_left`` ones times the share of the game left); the board's
    facts are the learned evaluation's own (``learned.board``)."""
    left = min(s.supply) / 15.0
    return [[score, pairs, singles, supply, silver, largest, tiles,
             pairs * left, singles * left, supply * left, tiles * left, left]
            for score, pairs, singles, supply, silver, largest, tiles in learned.board(s)]


def one_game(task) -> dict:
    players, seed, g = task
    state = ENGINE.new_game(ENGINE.validate_options({}, players), players, seed * 1_000_003 + g).state
    rows = []
    decision = 0
    while not ENGINE.is_over(state):
        seat = min(ENGINE.pending(state))
        if state.stage == "turn":
            rows.append({"f": features(state), "old": heuristics.evaluate(state)})
        rng = random.Random((seed * 1_000_003 + g) * 100_003 + decision)
        move = choose_greedy(ENGINE, ENGINE.view(state, seat), ENGINE.legal_moves(state, seat), seat, rng)
        state = ENGINE.apply(state, seat, move).state
        decision += 1
    return {"g": g, "players": players, "final": list(ENGINE.result(state).scores), "rows": rows}


def gen(args) -> None:
    with open(args.out, "w") as out, ProcessPoolExecutor(args.jobs) as pool:
        for game in pool.map(one_game, [(args.players, args.seed, g) for g in range(args.games)]):
            out.write(json.dumps(game) + "\n")
            out.flush()


def solve(xtx: list[list[float]], xty: list[float]) -> list[float]:
    """Gaussian elimination with a small ridge (some features can be nearly collinear)."""
    n = len(xty)
    a = [row[:] + [xty[i]] for i, row in enumerate(xtx)]
    for i in range(n):
        a[i][i] += 1e-3
    for c in range(n):
        p = max(range(c, n), key=lambda r: abs(a[r][c]))
        a[c], a[p] = a[p], a[c]
        for r in range(n):
            if r != c and a[r][c]:
                k = a[r][c] / a[c][c]
                a[r] = [x - k * y for x, y in zip(a[r], a[c])]
    return [a[i][n] / a[i][i] for i in range(n)]


def samples(games: list[dict]):
    """Per position and seat: features, old value and final score, each minus the position's mean over the
    seats (only differences between seats decide a game; a game's own level of scoring is noise here)."""
    for game in games:
        n = len(game["final"])
        final = [y - sum(game["final"]) / n for y in game["final"]]
        for row in game["rows"]:
            means = [sum(f[k] for f in row["f"]) / n for k in range(len(row["f"][0]))]
            old_mean = sum(row["old"]) / n
            for seat, f in enumerate(row["f"]):
                yield [1.0] + [x - m for x, m in zip(f, means)], row["old"][seat] - old_mean, final[seat]


def r2(pairs: list[tuple[float, float]]) -> float:
    ys = [y for _p, y in pairs]
    mean = sum(ys) / len(ys)
    tot = sum((y - mean) ** 2 for y in ys)
    return 1 - sum((y - p) ** 2 for p, y in pairs) / tot


def fit(args) -> None:
    games = [json.loads(line) for path in args.files for line in open(path)]
    train = [g for g in games if g["g"] % 2 == 0]
    test = [g for g in games if g["g"] % 2 == 1]
    k = len(NAMES) + 1
    xtx = [[0.0] * k for _ in range(k)]
    xty = [0.0] * k
    old_xy = [0.0, 0.0, 0.0, 0.0, 0.0]  # n, sx, sy, sxx, sxy for the old evaluation's line
    for x, old, y in samples(train):
        for i in range(k):
            xty[i] += x[i] * y
            for j in range(k):
                xtx[i][j] += x[i] * x[j]
        old_xy = [old_xy[0] + 1, old_xy[1] + old, old_xy[2] + y, old_xy[3] + old * old, old_xy[4] + old * y]
    coef = solve(xtx, xty)
    n, sx, sy, sxx, sxy = old_xy
    slope = (n * sxy - sx * sy) / (n * sxx - sx * sx)
    icpt = (sy - slope * sx) / n
    new = [(sum(c * f for c, f in zip(coef, x)), y) for x, _o, y in samples(test)]
    old = [(icpt + slope * o, y) for _x, o, y in samples(test)]
    print(json.dumps({"games": len(games), "train_positions": int(n), "names": ("const",) + NAMES,
                      "coef": [round(c, 4) for c in coef], "r2_test_fitted": round(r2(new), 4),
                      "r2_test_old_scaled": round(r2(old), 4)}))


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    g = sub.add_parser("gen")
    g.add_argument("--players", type=int, default=4)
    g.add_argument("--games", type=int, default=200)
    g.add_argument("--seed", type=int, default=7001)
    g.add_argument("--jobs", type=int, default=1)
    g.add_argument("--out", required=True)
    f = sub.add_parser("fit")
    f.add_argument("files", nargs="+")
    args = ap.parse_args(argv)
    gen(args) if args.cmd == "gen" else fit(args)
    return 0


if __name__ == "__main__":
    sys.exit(main())
