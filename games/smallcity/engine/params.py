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


def legal_squares(state, seat: int, legal_move: dict, chosen: dict) -> set[int]:
    """The squares of a ranged build's ``squares`` range that the move panel may light next: every square
    ``q`` (not chosen yet, beside the chosen ones) such that some whole build holding the chosen squares and
    ``q`` passes the engine's own ``check_place`` (issue 41: a factory once lit squares touching a Residential
    zone, a Commercial zone squares far from any). Shapes are only looked for on the squares
    ``influence_filter`` allows and must hold one of its carriers; a shape found lights all its squares."""
    if legal_move.get("type") not in ("build", "council_build") or "ranges" not in legal_move:
        return set()
    from . import build as B
    from .flow import scratch
    from .moves import fill

    kind, level = legal_move["kind"], legal_move["level"]
    council = state.step["sub"][-1]["column"] if legal_move["type"] == "council_build" else 0
    t = scratch(state, seat) if legal_move["type"] == "build" else state
    free = set(legal_move["ranges"]["squares"]["of"])
    have = [q for q in chosen.get("squares") or [] if q in free]
    n = B.size_of(kind, level)
    ok, carriers = B.influence_filter(t, seat, kind, level, free, waived=council == 4)
    if len(have) >= n or not carriers or not set(have) <= ok:
        return set()
    near = {q + d for q in have for d in (1, -1, 10, -10)}
    candidates = sorted(q for q in ok if q not in have and (not have or q in near))
    extra = {k: v for k, v in chosen.items() if k != "squares" and k in legal_move["ranges"]}
    lit: set[int] = set()
    refused: set[tuple[int, ...]] = set()
    for q in candidates:
        if q in lit:
            continue
        for shape in _shapes_with(ok, have + [q], n, limit=20000):
            if shape in refused or not carriers.intersection(shape):
                continue
            if not _fits(t, seat, legal_move, kind, level, shape, free, council, extra, fill, B):
                refused.add(shape)
                continue
            lit.update(s for s in shape if s not in have)
            break
    return lit


def _fits(t, seat, legal_move, kind, level, shape, free, council, extra, fill, B) -> bool:
    from . import grid as G

    if not G.shape_ok(kind, shape):
        return False
    move = fill(t, seat, kind, level, list(shape), free, council)
    move.update(extra)
    try:
        B.check_place(t, seat, kind, level, move["squares"], side=move.get("side", "A"),
                      water=move.get("water", []), warehouse=move.get("warehouse"), council=council)
        return True
    except Exception:
        pass
    if kind == "port":  # another water half of the same squares
        for water in ([a, b] for a in shape for b in shape if a < b and G.connected([a, b])):
            try:
                B.check_place(t, seat, kind, level, list(shape), water=water, council=council)
            except Exception:
                continue
            return True
    return False


def legal_places(state, seat: int, legal_move: dict, chosen: dict, name: str) -> set[int]:
    """Once a build's squares are chosen: the squares its ``water`` half (a Port) or its ``warehouse`` (a
    Factory) may take next, each judged by the engine's own ``check_place`` with the squares chosen."""
    if legal_move.get("type") not in ("build", "council_build") or name not in (legal_move.get("ranges") or {}):
        return set()
    from . import build as B
    from . import grid as G
    from .flow import scratch

    kind, level = legal_move["kind"], legal_move["level"]
    council = state.step["sub"][-1]["column"] if legal_move["type"] == "council_build" else 0
    t = scratch(state, seat) if legal_move["type"] == "build" else state
    squares = list(chosen.get("squares") or [])
    spec = legal_move["ranges"][name]

    def accepted(**kw) -> bool:
        try:
            B.check_place(t, seat, kind, level, squares, side=chosen.get("side", "A"), council=council, **kw)
        except Exception:
            return False
        return True

    if name == "warehouse":
        return {w for w in spec["of"] if accepted(warehouse=w)}
    have = [q for q in chosen.get("water") or [] if q in squares]
    out = set()
    for q in squares:
        if q in have:
            continue
        pairs = [have + [q]] if have else [[q, m] for m in squares if m != q]
        if any(len(p) == 2 and G.connected(p) and accepted(water=sorted(p)) for p in pairs):
            out.add(q)
    return out
