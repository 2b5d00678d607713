"""The random level: a uniformly random legal move (its parameters sampled), never an offer."""

from __future__ import annotations

from ..engine.params import sample


def choose_random(engine, view, legal, seat, rng):
    choices = [m for m in legal if m["type"] not in ("offer", "counter")] or legal
    move = choices[rng.randrange(len(choices))]
    return sample(move, rng)
