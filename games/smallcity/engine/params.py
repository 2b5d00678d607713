"""Moves with parameters (contract v2 §4): ``conforms`` and ``sample`` as ``kit.params`` will give them, kept
here in one place until the kit has them (the integrator switches ``from kit.params import ...``), plus
this game's ``sample_move``: uniform subsets of squares are rarely a legal polyomino, so a build is
sampled among connected shapes that pass the engine's own checks."""

from __future__ import annotations

import random

try:
    from kit.params import conforms, sample  # type: ignore[import-not-found]
except ImportError:  # until contract v2 lands
    def _fits(rng_spec: dict, value) -> bool:
        kind = rng_spec.get("kind")
        if kind == "int":
            return (isinstance(value, int) and not isinstance(value, bool)
                    and rng_spec["min"] <= value <= rng_spec["max"])
        if kind == "choice":
            return value in rng_spec["of"]
        if kind == "subset":
            return (isinstance(value, list) and len(set(map(repr, value))) == len(value)
                    and all(v in rng_spec["of"] for v in value) and rng_spec["min"] <= len(value) <= rng_spec["max"])
        if kind == "bundle":
            if not isinstance(value, dict):
                return False
            total = sum(value.values())
            return all(k in rng_spec["of"] and 0 <= n <= rng_spec["of"][k] for k, n in value.items()) and \
                rng_spec.get("min_total", 0) <= total <= rng_spec.get("max_total", total)
        return False

    def conforms(legal_move: dict, move: dict) -> bool:
        ranges = legal_move.get("ranges", {})
        fixed = {k: v for k, v in legal_move.items() if k != "ranges"}
        if any(move.get(k) != v for k, v in fixed.items()):
            return False
        if set(move) - set(fixed) - set(ranges):
            return False
        return all(k in move and _fits(spec, move[k]) for k, spec in ranges.items())

    def sample(legal_move: dict, rng) -> dict:
        move = {k: v for k, v in legal_move.items() if k != "ranges"}
        for name, spec in legal_move.get("ranges", {}).items():
            kind = spec["kind"]
            if kind == "int":
                move[name] = spec["min"] + rng.randrange(spec["max"] - spec["min"] + 1)
            elif kind == "choice":
                move[name] = spec["of"][rng.randrange(len(spec["of"]))]
            elif kind == "subset":
                k = spec["min"] + rng.randrange(spec["max"] - spec["min"] + 1)
                move[name] = rng.sample(list(spec["of"]), k)
            else:
                bundle, left = {}, rng.randint(spec.get("min_total", 0), spec.get("max_total", 0))
                for key in sorted(spec["of"]):
                    n = min(spec["of"][key], left)
                    if n:
                        bundle[key] = n
                        left -= n
                move[name] = bundle
        return move


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
        if move is not None:
            if "side" in legal_move["ranges"]:
                move["side"] = rng.choice(["A", "B"])
            for name, spec in legal_move["ranges"].items():
                if name not in move:  # e.g. SC35's activating citizen
                    move[name] = sample({"ranges": {name: spec}}, rng)[name]
            del B, G
            return move
    return sample(legal_move, rng)
