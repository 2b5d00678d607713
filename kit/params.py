"""Moves with parameters: a legal move may describe a field's range instead of listing every value.

A legal move with ``"ranges"`` stands for every concrete move made by removing ``"ranges"`` and giving each
named field a value within its range (the other keys are fixed). The shapes (plain JSON):

- ``{"kind": "int", "min": a, "max": b}``: an integer a..b;
- ``{"kind": "choice", "of": [v, ...]}``: one of the values;
- ``{"kind": "subset", "of": [v, ...], "min": m, "max": n}``: a list of m..n distinct values of ``of``
  (order is not meaningful; the engine may ask for a shape, e.g. connected squares, and check it in apply);
- ``{"kind": "bundle", "of": {name: most, ...}, "min_total": m, "max_total": n}``: a dict name -> count,
  0 <= count <= most, the counts' total within m..n (zero counts may be left out).

A range is a description for interfaces and random play, not the rule: ``apply`` validates the concrete move.
``conforms`` says whether a concrete move is one that a legal move stands for; ``sample`` draws one
(``rng``: a ``random.Random``). ``expand`` lists them all when there are few (the move builder's choices).
"""

from __future__ import annotations

from itertools import combinations, product
from typing import Any

RANGES = "ranges"
KINDS = ("int", "choice", "subset", "bundle")


def has_ranges(legal: dict) -> bool:
    return bool(legal.get(RANGES))


def fixed_part(legal: dict) -> dict:
    """The legal move without its ranges: what every concrete move it stands for shares (a ranged field
    also written as a plain key, a default, is the range's, not fixed)."""
    ranged = legal.get(RANGES) or {}
    return {k: v for k, v in legal.items() if k != RANGES and k not in ranged}


def _hashable(value: Any) -> Any:
    return repr(value) if isinstance(value, (dict, list)) else value


def value_fits(spec: dict, value: Any) -> bool:
    kind = spec.get("kind")
    if kind == "int":
        return isinstance(value, int) and not isinstance(value, bool) and spec["min"] <= value <= spec["max"]
    if kind == "choice":
        return any(type(value) is type(v) and value == v for v in spec["of"])
    if kind == "subset":
        if not isinstance(value, list) or not spec.get("min", 0) <= len(value) <= spec.get("max", len(spec["of"])):
            return False
        keys = [_hashable(v) for v in value]
        allowed = {_hashable(v) for v in spec["of"]}
        return len(set(keys)) == len(keys) and all(k in allowed for k in keys)
    if kind == "bundle":
        if not isinstance(value, dict):
            return False
        most = spec["of"]
        total = 0
        for name, count in value.items():
            counts = isinstance(count, int) and not isinstance(count, bool)
            if name not in most or not counts or not 0 <= count <= most[name]:
                return False
            total += count
        return spec.get("min_total", 0) <= total <= spec.get("max_total", sum(most.values()))
    return False


def _empty(spec: dict) -> Any:
    """The value a ranged field left out of a move stands for, when an empty one fits (a bundle of nothing,
    an empty subset); None when it must be given."""
    kind = spec.get("kind")
    empty = {} if kind == "bundle" else [] if kind == "subset" else None
    return empty if empty is not None and value_fits(spec, empty) else None


def completed(legal_moves: list[dict], move: Any) -> Any:
    """``move`` with the ranged fields it leaves out filled with their empty value where that fits (an offer
    sent without its optional contract: ``later_give`` = {}), taken from the first legal move of its type
    that it then conforms to; ``move`` itself otherwise."""
    if not isinstance(move, dict):
        return move
    for legal in legal_moves:
        ranges = legal.get(RANGES) or {}
        missing = {k: _empty(spec) for k, spec in ranges.items() if k not in move}
        if legal.get("type") != move.get("type") or not missing or any(v is None for v in missing.values()):
            continue
        full = {**move, **missing}
        if conforms(legal, full):
            return full
    return move


def conforms(legal: dict, move: Any) -> bool:
    """Is ``move`` one of the concrete moves that ``legal`` stands for?"""
    if not isinstance(move, dict):
        return False
    ranges = legal.get(RANGES) or {}
    fixed = fixed_part(legal)
    if set(move) != set(fixed) | set(ranges):
        return False
    if any(move[k] != v for k, v in fixed.items()):
        return False
    return all(value_fits(spec, move[name]) for name, spec in ranges.items())


def sample_value(spec: dict, rng) -> Any:
    kind = spec["kind"]
    if kind == "int":
        return rng.randint(spec["min"], spec["max"])
    if kind == "choice":
        return rng.choice(spec["of"])
    if kind == "subset":
        size = rng.randint(spec.get("min", 0), spec.get("max", len(spec["of"])))
        return rng.sample(list(spec["of"]), size)
    if kind == "bundle":
        low, high = spec.get("min_total", 0), spec.get("max_total", sum(spec["of"].values()))
        pool = [name for name, most in spec["of"].items() for _ in range(most)]
        picked = rng.sample(pool, rng.randint(low, min(high, len(pool))))
        bundle: dict[str, int] = {}
        for name in picked:
            bundle[name] = bundle.get(name, 0) + 1
        return bundle
    raise ValueError(f"unknown range kind {kind!r}")


def sample(legal: dict, rng) -> dict:
    """A concrete move drawn from ``legal`` (itself when it has no ranges)."""
    move = fixed_part(legal)
    for name, spec in (legal.get(RANGES) or {}).items():
        move[name] = sample_value(spec, rng)
    return move


def _values(spec: dict, limit: int) -> list:
    kind = spec["kind"]
    if kind == "int":
        return list(range(spec["min"], spec["max"] + 1))[:limit + 1]
    if kind == "choice":
        return list(spec["of"])
    if kind == "subset":
        out: list = []
        for size in range(spec.get("min", 0), spec.get("max", len(spec["of"])) + 1):
            for combo in combinations(spec["of"], size):
                out.append(list(combo))
                if len(out) > limit:
                    return out
        return out
    if kind == "bundle":
        names = list(spec["of"])
        low, high = spec.get("min_total", 0), spec.get("max_total", sum(spec["of"].values()))
        out = []
        for counts in product(*(range(spec["of"][n] + 1) for n in names)):
            if low <= sum(counts) <= high:
                out.append({n: c for n, c in zip(names, counts) if c})
                if len(out) > limit:
                    return out
        return out
    raise ValueError(f"unknown range kind {kind!r}")


def expand(legal: dict, limit: int = 200) -> list[dict] | None:
    """Every concrete move ``legal`` stands for, or None when there are more than ``limit``."""
    ranges = legal.get(RANGES) or {}
    moves = [fixed_part(legal)]
    for name, spec in ranges.items():
        values = _values(spec, limit)
        if len(values) > limit:
            return None
        moves = [{**m, name: v} for m in moves for v in values]
        if len(moves) > limit:
            return None
    return moves


def find_legal(legal_moves: list[dict], move: Any) -> dict | None:
    """The legal move (plain or with ranges) that ``move`` is one of, or None."""
    for legal in legal_moves:
        if (conforms(legal, move) if RANGES in legal else legal == move):
            return legal
    return None


def concrete(engine, state, seat: int, legal: dict, rng) -> dict:
    """The move to send for ``legal``: itself when plain; with ranges, the engine's ``sample_move(state, seat,
    legal, rng)`` when it has one (uniform sampling can play poorly), else ``sample``. Selfplay, the arena,
    the schema drafts and the site's bots all draw through here."""
    if not has_ranges(legal):
        return legal
    method = getattr(engine, "sample_move", None)
    return method(state, seat, legal, rng) if method is not None else sample(legal, rng)
