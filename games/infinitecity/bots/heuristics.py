"""A heuristic value of an Infinite City position for every seat, in "expected final points".

``evaluate(s, w)`` gives one number per seat, built from what the final score counts
(IC50–IC52) and what the rest of the game can still add:

groups        a group of 3+ controlled tiles scores its size now; a pair and a lone tile
              are worth a part of what one more tile would make of them;
marks         printed bonus and the silver majority (under the game's ``marks`` option);
tokens        tokens still in supply: every one is a tile still to claim (and the player
              who runs out ends the game);
protection    controlled tiles a face-up Power Station protects cannot be attacked.

``relative`` turns the numbers into one value for a seat: its own minus a mix of the best
and the mean of the others. Once the game is over the real result counts, with a bonus for
a (shared) win. The state is only ever one a bot sampled from its view (``determinize``)
or reached from one; nothing hidden is read from a real game.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..engine.city import protected_cells
from ..engine.state import State
from ..engine.tiles import MARKS_CHOICES, ROWS, marks_of

# (bonus, silver) of every tile under every ``marks`` option, looked up once.
MARKS = {m: {key: marks_of(key, m) for key in ROWS} for m in MARKS_CHOICES}


@dataclass(frozen=True)
class Weights:
    pair: float = 1.6        # a group of 2 (one more tile makes 3 points)
    single: float = 0.5      # a lone controlled tile
    supply: float = 0.35     # per token in supply
    protected: float = 0.15  # per controlled tile under a Power Station's protection
    rel_max: float = 0.5     # weight of the best opponent in ``relative``
    rel_mean: float = 0.5    # weight of the opponents' mean
    win: float = 3.0         # bonus for a (shared) win once the game is over


DEFAULT = Weights()


def _group_sizes(cells: set) -> list[int]:
    left = set(cells)
    sizes = []
    while left:
        todo = [left.pop()]
        size = 1
        while todo:
            x, y = todo.pop()
            for m in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
                if m in left:
                    left.remove(m)
                    todo.append(m)
                    size += 1
        sizes.append(size)
    return sizes


def evaluate(s: State, w: Weights = DEFAULT) -> list[float]:
    n = s.nplayers
    if s.stage == "over" and s.result is not None:
        scores = s.result["scores"]
        return [float(scores[i]) + (w.win if s.result["ranks"][i] == 1 else 0.0) for i in range(n)]
    owned: list[set] = [set() for _ in range(n)]
    bonus = [0] * n
    silver = [0] * n
    marks = MARKS[s.marks]
    seats = range(n)
    for xy, c in s.cells.items():
        tokens = c[2]
        b, sv = marks[c[0]]
        for i in seats:
            if tokens[i]:
                owned[i].add(xy)
                if b or sv:
                    bonus[i] += b
                    silver[i] += sv
    prot = protected_cells(s) if w.protected else ()
    most = max(silver)
    out = []
    for i in range(n):
        v = 0.0
        for g in _group_sizes(owned[i]):
            v += g if g >= 3 else (w.pair if g == 2 else w.single)
        v += bonus[i] + (silver[i] if most >= 1 and silver[i] == most else 0)
        v += w.supply * s.supply[i]
        if prot:
            v += w.protected * len(owned[i] & prot)
        out.append(v)
    return out


def relative(values: list[float], seat: int, w: Weights = DEFAULT) -> float:
    others = [v for i, v in enumerate(values) if i != seat]
    if not others:
        return values[seat]
    return values[seat] - w.rel_max * max(others) - w.rel_mean * sum(others) / len(others)


def value(s: State, seat: int, w: Weights = DEFAULT) -> float:
    return relative(evaluate(s, w), seat, w)
