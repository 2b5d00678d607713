"""Infinite City's evaluation learned from self-play (kit.learn): the features of a position for one seat, the
pipeline's specs and the stored models (``value_<n>p.json``).

    python -m kit.learn games.infinitecity.bots.learned:specs --players 4 --games 149 --seed 47201   # value_4p.json

``features(state, seat)`` reads the board, the token supplies and the hand sizes (public) and only the seat's own
hand (the attack tiles it holds: Security Guard, Embassy, Bank, Capitol, Disaster Site undo a lead, issue 34), so
it gives the same numbers on the real state and on any world drawn from the seat's view."""

from __future__ import annotations

import random
from functools import cache
from pathlib import Path

from kit.learn import Model, Spec

from ..engine.engine import ENGINE
from ..engine.state import State
from ..engine.tiles import BANK, CAPITOL, DISASTER_SITE, EMBASSY, KIND_OF, POWER_STATION, SECURITY_GUARD
from .determinize import sample_state
from .heuristics import MARKS, _group_sizes

HERE = Path(__file__).resolve().parent
ATTACKS = (SECURITY_GUARD, EMBASSY, BANK, CAPITOL, DISASTER_SITE)
BOARD = ("score", "pairs", "singles", "supply", "silver", "largest", "tiles")
NAMES = (("left",) + tuple(f"me_{n}" for n in BOARD) + tuple(f"me_{n}_x_left" for n in BOARD)
         + tuple(f"others_{n}" for n in BOARD) + ("best_other_score", "hand", "hand_attacks", "hand_power",
                                                 "hand_attacks_x_left", "others_hand"))


def board(s: State) -> list[list[float]]:
    """Per seat: ``BOARD``'s facts (bench/ic_fit.py's first ones)."""
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
                bonus[i] += b
                silver[i] += sv
    most = max(silver)
    out = []
    for i in range(n):
        sizes = _group_sizes(set(owned[i]))
        score = sum(g for g in sizes if g >= 3) + bonus[i] + (silver[i] if most >= 1 and silver[i] == most else 0)
        out.append([score, sum(1 for g in sizes if g == 2), sum(1 for g in sizes if g == 1), s.supply[i], silver[i],
                    max(sizes, default=0), len(owned[i])])
    return out


def features(s: State, seat: int) -> list[float]:
    left = min(s.supply) / 15.0
    rows = board(s)
    me = rows[seat]
    others = [r for i, r in enumerate(rows) if i != seat]
    mean = [sum(col) / len(others) for col in zip(*others)] if others else [0.0] * len(BOARD)
    hand = s.hands[seat]
    attacks = sum(1 for k in hand if KIND_OF[k] in ATTACKS)
    power = sum(1 for k in hand if KIND_OF[k] == POWER_STATION)
    others_hand = sum(len(s.hands[i]) for i in range(s.nplayers) if i != seat) / max(1, s.nplayers - 1)
    return [left, *me, *(x * left for x in me), *mean, max((r[0] for r in others), default=0.0), len(hand),
            attacks, power, attacks * left, others_hand]


def view_features(view: dict, seat: int) -> list[float]:
    return features(sample_state(view, random.Random(0)), seat)


def specs() -> dict[int, Spec]:
    """The pipeline's specs by table size: greedy seats (their module, not the package's levels, which hold the
    expert that imports this one)."""
    from .greedy import choose_greedy

    def spec(players: int) -> Spec:
        return Spec(game="infinitecity", engine=ENGINE, players=players, levels=("greedy",) * players,
                    choosers={"greedy": choose_greedy}, features=view_features, names=NAMES,
                    path=HERE / f"value_{players}p.json")

    return {2: spec(2), 4: spec(4)}


@cache
def model(players: int) -> Model | None:
    path = HERE / f"value_{players}p.json"
    return Model.load(path) if path.exists() else None


def learned_value(s: State, seat: int) -> float | None:
    """The stored model's expected final margin (None: no model for the table's size); a game over: its real
    margin."""
    if s.stage == "over" and s.result is not None:
        scores = s.result["scores"]
        return float(scores[seat] - max(x for i, x in enumerate(scores) if i != seat))
    m = model(s.nplayers)
    return m.value(features(s, seat)) if m is not None else None
