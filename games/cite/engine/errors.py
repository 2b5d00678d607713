"""Refusals: ``IllegalMove`` with a key the texts catalog translates (``cite.error.<key>``). Nothing in
Cité is hidden, so messages may name resources and seats."""

from __future__ import annotations

from kit.base import IllegalMove


def illegal(key: str, message: str, **params) -> IllegalMove:
    return IllegalMove(message, key=f"cite.error.{key}", params=params)
