"""Moves with parameters (contract v2, item 4): ``conforms(legal_move, move)`` and
``sample(legal_move, rng)``. The kit's ``kit.params`` is being written at the same time; this is the
same contract for Cité's own tests and bots until it lands (then these two names point to it)."""

from __future__ import annotations


def _check_range(r, value) -> bool:
    kind = r["kind"]
    if kind == "int":
        return isinstance(value, int) and not isinstance(value, bool) and r["min"] <= value <= r["max"]
    if kind == "choice":
        return value in r["of"]
    if kind == "subset":
        return (isinstance(value, list) and len(set(map(repr, value))) == len(value)
                and all(v in r["of"] for v in value) and r["min"] <= len(value) <= r["max"])
    if kind == "bundle":
        if not isinstance(value, dict):
            return False
        for k, n in value.items():
            if k not in r["of"] or isinstance(n, bool) or not isinstance(n, int) or not 0 <= n <= r["of"][k]:
                return False
        return r.get("min_total", 0) <= sum(value.values()) <= r.get("max_total", sum(r["of"].values()))
    return False


def conforms(legal: dict, move: dict) -> bool:
    """Is ``move`` the legal move with every ranged field filled within its range?"""
    ranges = legal.get("ranges", {})
    fixed = {k: v for k, v in legal.items() if k != "ranges" and k not in ranges}
    if set(move) != set(fixed) | set(ranges):
        return False
    if any(move[k] != v for k, v in fixed.items()):
        return False
    return all(_check_range(r, move[k]) for k, r in ranges.items())


def sample(legal: dict, rng) -> dict:
    """A concrete move drawn uniformly-ish from the legal move's ranges (``rng``: ``random.Random``)."""
    move = {k: v for k, v in legal.items() if k != "ranges"}
    for field, r in legal.get("ranges", {}).items():
        kind = r["kind"]
        if kind == "int":
            move[field] = rng.randint(r["min"], r["max"])
        elif kind == "choice":
            move[field] = r["of"][rng.randrange(len(r["of"]))]
        elif kind == "subset":
            n = rng.randint(r["min"], r["max"])
            move[field] = rng.sample(list(r["of"]), n)
        elif kind == "bundle":
            move[field] = _sample_bundle(r, rng)
    return move


def _sample_bundle(r, rng) -> dict:
    of = {k: n for k, n in r["of"].items() if n > 0}
    lo, hi = r.get("min_total", 0), min(r.get("max_total", sum(of.values())), sum(of.values()))
    target = rng.randint(lo, hi) if hi >= lo else lo
    out: dict = {}
    room = {k: n for k, n in of.items()}
    for _ in range(target):
        keys = [k for k, n in room.items() if n > 0]
        if not keys:
            break
        k = keys[rng.randrange(len(keys))]
        out[k] = out.get(k, 0) + 1
        room[k] -= 1
    return out
