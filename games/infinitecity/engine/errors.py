"""IllegalMove with an "infinitecity.error.*" key; the English message is only a fallback."""

from __future__ import annotations

from kit.base import IllegalMove


def illegal(key: str, message: str, **params) -> IllegalMove:
    return IllegalMove(message, key=f"infinitecity.error.{key}", params=params)
