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


def example_move(state, seat: int, legal_move: dict, chosen: dict) -> dict | None:
    """One concrete legal move for a ranged build that keeps the values already ``chosen`` (its squares so
    far, a side…): the move panel offers its values first, so the first choice always leads to a move the
    engine takes. None when the choices made so far fit no legal move (or it is not a build)."""
    if legal_move.get("type") not in ("build", "council_build") or "ranges" not in legal_move:
        return None
    from . import build as B
    from . import grid as G
    from .flow import scratch
    from .moves import fill

    kind, level = legal_move["kind"], legal_move["level"]
    council = state.step["sub"][-1]["column"] if legal_move["type"] == "council_build" else 0
    t = scratch(state, seat) if legal_move["type"] == "build" else state
    free = set(legal_move["ranges"]["squares"]["of"])
    have = [q for q in chosen.get("squares") or [] if q in free]
    for shape in _shapes_with(free, have, B.size_of(kind, level)):
        if not G.shape_ok(kind, shape):
            continue
        move = fill(t, seat, kind, level, list(shape), free, council)
        move.update({k: v for k, v in chosen.items() if k != "squares" and k in legal_move["ranges"]})
        try:
            B.check_place(t, seat, kind, level, move["squares"], side=move.get("side", "A"),
                          water=move.get("water", []), warehouse=move.get("warehouse"), council=council)
        except Exception:
            continue
        for name, spec in legal_move["ranges"].items():  # a range fill leaves open: its first value
            if name not in move and spec["kind"] == "choice":
                move[name] = spec["of"][0]
        return move
    return None


def _shapes_with(free: set[int], have: list[int], n: int, limit: int = 3000):
    """Connected sets of ``n`` squares of ``free`` that hold every square of ``have`` (smallest first)."""
    from . import grid as G

    if len(have) > n:
        return
    if not have:
        yield from G.polyominoes(free, n, limit)
        return
    frontier = {tuple(sorted(have))}
    for _ in range(n - len(have)):
        nxt = set()
        for shape in frontier:
            for q in shape:
                for m in G.n4(q):
                    if m in free and m not in shape:
                        nxt.add(tuple(sorted((*shape, m))))
            if len(nxt) > limit:
                break
        frontier = nxt
    yield from sorted(frontier)[:limit]
