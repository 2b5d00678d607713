"""The solo result (contract v2 §6): the kit's ``SoloOutcome`` and the rank reached (SC113, G13)."""

from __future__ import annotations

from kit.base import SoloOutcome

from . import components as C

__all__ = ["SoloOutcome", "solo_rank"]


def solo_rank(score: int) -> str | None:
    """SC113 + G13: the rank reached (below 50: unranked, None)."""
    for floor, name in C.SOLO_RANKS:
        if score >= floor:
            return name
    return None
