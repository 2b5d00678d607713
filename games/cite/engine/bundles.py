"""Bundles of resources ({kind: count}) as moves carry them: checked, added, compared."""

from __future__ import annotations

from .components import RESOURCES
from .errors import illegal

MAX_COUNT = 999  # no bundle entry above this: a typo, not a trade


def check_bundle(value, field: str) -> dict[str, int]:
    """The bundle without zero entries, or IllegalMove naming the field."""
    if value is None:
        return {}
    if not isinstance(value, dict):
        raise illegal("bad_bundle", f"{field} must be a mapping of resource -> count", field=field)
    out = {}
    for kind, n in value.items():
        if kind not in RESOURCES:
            raise illegal("unknown_resource", f"{field}: unknown resource {kind!r}", field=field, kind=str(kind))
        if isinstance(n, bool) or not isinstance(n, int) or n < 0 or n > MAX_COUNT:
            raise illegal("bad_count", f"{field}: {kind} must be a whole number from 0 to {MAX_COUNT}",
                          field=field, kind=kind)
        if n:
            out[kind] = n
    return out


def total(bundle: dict) -> int:
    return sum(bundle.values())


def covers(res: dict, bundle: dict) -> bool:
    return all(res.get(k, 0) >= n for k, n in bundle.items())


def missing(res: dict, bundle: dict) -> dict:
    return {k: n - res.get(k, 0) for k, n in bundle.items() if res.get(k, 0) < n}


def add(res: dict, bundle: dict, sign: int = 1) -> None:
    for k, n in bundle.items():
        res[k] = res.get(k, 0) + sign * n


def text(bundle: dict) -> str:
    return ", ".join(f"{n} {k}" for k, n in bundle.items()) or "nothing"
