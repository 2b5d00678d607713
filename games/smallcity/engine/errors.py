"""Illegal moves: a key under ``smallcity.error.`` and params, an English message that never names
hidden information (another seat's plan, promise or a deck's order)."""

from __future__ import annotations

from kit.base import IllegalMove

__all__ = ["IllegalMove", "illegal"]


def illegal(name: str, message: str, **params) -> IllegalMove:
    return IllegalMove(message, key=f"smallcity.error.{name}", params=params)
