"""The solo result (contract v2 §6) in ONE place: until the kit's ``SoloOutcome`` is on main this module
defines the same shape; the integrator switches the import below to ``kit.base`` and nothing else changes."""

from __future__ import annotations

from dataclasses import dataclass, field

from . import components as C

try:  # the kit's own, once it has it
    from games.engines.base import SoloOutcome  # type: ignore[attr-defined]
except ImportError:  # pragma: no cover - until contract v2 lands
    @dataclass(frozen=True)
    class SoloOutcome:
        won: bool
        label_key: str
        label_params: dict = field(default_factory=dict)


def solo_rank(score: int) -> str | None:
    """SC113 + G13: the rank reached (below 50: unranked, None)."""
    for floor, name in C.SOLO_RANKS:
        if score >= floor:
            return name
    return None
