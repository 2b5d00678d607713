"""Moves with parameters (contract v2 §4): the kit's ``conforms`` / ``sample``, and this game's ``sample_move``:
uniform subsets of squares are rarely a legal polyomino, so a build is sampled among connected shapes that
pass the engine's own checks."""

from __future__ import annotations

import random

from kit.params import conforms, sample

__all__ = ["conforms", "sample", "sample_move"]


def sample_move(state, seat: int, legal_move: dict, rng) -> dict:
    """A concrete move for ``legal_move``: builds get a random legal shape (the engine's checks decide)."""
    if not isinstance(rng, random.Random):
        rng = random.Random(rng)
    if legal_move.get("type") in ("build", "council_build") and "ranges" in legal_move:
        from . import build as B
        from . import grid as G
        from .flow import scratch
        from .moves import sample_shape
        t = scratch(state, seat) if legal_move["type"] == "build" else state
        free = set(legal_move["ranges"]["squares"]["of"])
        council = 0
        if legal_move["type"] == "council_build":
            council = state.step["sub"][-1]["column"]
        move = sample_shape(t, seat, legal_move["kind"], legal_move["level"], free, council, rng=rng)
        if move is None:  # few legal shapes among many: try them all (the legal move promises one fits)
            move = sample_shape(t, seat, legal_move["kind"], legal_move["level"], free, council)
        if move is not None:
            if "side" in legal_move["ranges"]:
                move["side"] = rng.choice(["A", "B"])
            for name, spec in legal_move["ranges"].items():
                if name not in move:  # e.g. SC35's activating citizen
                    move[name] = sample({"ranges": {name: spec}}, rng)[name]
            del B, G
            return move
    return sample(legal_move, rng)
