"""``Notice(seat, key, params)`` and ``ApplyResult`` with ``notices`` (contract v2, item 2), from the kit."""

from kit.base import ApplyResult, Notice

__all__ = ["ApplyResult", "Notice"]
