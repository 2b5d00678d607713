"""Small City's evaluation learned from self-play (kit.learn): the features of a position for one seat, the
pipeline's specs, and the stored models (``value_<n>p.json``) the expert reads at its horizon.

    python -m kit.learn games.smallcity.bots.learned:specs --players 3 --games 300 --seed 47002   # value_3p.json
    python -m kit.learn games.smallcity.bots.learned:specs --players 1 --games 600 --seed 47102   # value_1p.json

``features(state, seat)`` reads the seat's own district and Promise (its Phase-2 plan applied: its own position)
and only the public side of every other seat (votes, money, pollution, tiles: never their Promises, offers or
plans), so it gives the same numbers on the real state and on any world sampled from the seat's view
(tests/smallcity/test_learned.py checks it along whole games)."""

from __future__ import annotations

import random
from functools import cache
from pathlib import Path

from kit.learn import Model, Spec

from ..engine import build as B
from ..engine import citizens as Z
from ..engine import components as C
from ..engine.engine import ENGINE
from ..engine.promises import promise_kept
from .determinize import sample_state
from .heuristics import pollution_rate, position_value, promise_value, seat_view_state

HERE = Path(__file__).resolve().parent

PUBLIC = ("votes", "money", "pollution", "size", "pollution_rate", "residents", "res_levels", "com_levels",
          "fac_levels", "cultural_sq", "park_sq", "other_tiles", "stored", "citizens", "citizen_total")
NAMES = (("left",) + tuple(f"me_{n}" for n in PUBLIC) + tuple(f"me_{n}_x_left" for n in PUBLIC)
         + tuple(f"others_{n}" for n in PUBLIC) + ("best_other_votes_less_pollution", "promise_value",
                                                    "promise_kept_now", "heuristic", "heuristic_x_left"))


def public(t, s: int) -> list[float]:
    """What everybody sees of seat ``s``'s district."""
    seat = t.seats[s]
    res = res_levels = com = fac = cult = park = other = 0
    for tile in B.tiles_of(t, s):
        kind = tile["kind"]
        if kind == "residential":
            res += sum(1 for o in tile["slots"] if o == s)
            res_levels += tile["level"]
        elif kind == "commercial":
            com += tile["level"]
        elif kind == "factory":
            fac += tile["level"]
        elif kind in C.CULTURAL:
            cult += len(tile["sq"])
        elif kind == "park":
            park += len(tile["sq"])
        else:
            other += 1
    return [seat["votes"], seat["money"], seat["pollution"], seat["size"], pollution_rate(t, s), res, res_levels,
            com, fac, cult, park, other, sum(B.stored(t, s).values()), len(Z.citizens_of(t, s)),
            seat["citizen_total"]]


def features(t, seat: int) -> list[float]:
    left = max(0, C.TURNS - t.turn) / C.TURNS
    own = seat_view_state(t, seat)  # the seat's own plan is its position; the others' are hidden
    me = public(own, seat)
    others = [public(t, s) for s in range(t.n) if s != seat]
    mean = [sum(col) / len(others) for col in zip(*others)] if others else [0.0] * len(PUBLIC)
    best = max((o[0] - o[2] for o in others), default=0.0)
    promise = own.seats[seat]["promise"]
    pv = promise_value(own, seat, promise) if promise is not None else 0.0
    kept = float(promise is not None and promise_kept(own, seat, promise))
    h = position_value(own, seat) if t.phase != "over" else 0.0
    return [left, *me, *(x * left for x in me), *mean, best, pv, kept, h, h * left]


def view_features(view: dict, seat: int) -> list[float]:
    """The pipeline's features: from the seat's view (a world drawn from it: ``features`` reads nothing the
    draw made up)."""
    return features(sample_state(view, seat, random.Random(0)), seat)


NOISE = 0.25  # the share of a noisy seat's decisions played at random


def choose_noisy(engine, view, legal, seat, rng):
    """Greedy, but a quarter of its decisions at random: the data must also hold the positions greedy avoids
    (pollution, a broken Promise), or the fit cannot tell what they cost (greedy alone keeps pollution at 0,
    and a model fitted on it let the expert pollute)."""
    from .greedy import choose_greedy, choose_random
    pick = choose_random if rng.random() < NOISE else choose_greedy
    return pick(engine, view, legal, seat, rng)


def specs() -> dict[int, Spec]:
    """The pipeline's specs by table size: greedy and noisy seats (the greedy module's, not the package's levels,
    which hold the expert that imports this one)."""
    from .greedy import choose_greedy, choose_random
    choosers = {"random": choose_random, "greedy": choose_greedy, "noisy": choose_noisy}

    def spec(players: int, levels: tuple[str, ...], options: dict) -> Spec:
        return Spec(game="smallcity", engine=ENGINE, players=players, levels=levels, choosers=choosers,
                    features=view_features, names=NAMES, path=HERE / f"value_{players}p.json", options=options)

    return {3: spec(3, ("greedy", "greedy", "noisy"), {}),
            1: spec(1, ("greedy", "noisy"), {"difficulty": "citizen"})}


@cache
def model(players: int) -> Model | None:
    path = HERE / f"value_{players}p.json"
    return Model.load(path) if path.exists() else None


def learned_value(t, seat: int) -> float | None:
    """The stored model's expected final margin for ``seat`` (None: no model for this table size). A game over
    is its real margin."""
    if t.phase == "over":
        scores = t.result["scores"]
        others = [x for i, x in enumerate(scores) if i != seat]
        return float(scores[seat] - max(others)) if others else float(scores[seat])
    m = model(t.n)
    return m.value(features(t, seat)) if m is not None else None
