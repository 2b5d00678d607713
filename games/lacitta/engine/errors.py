"""IllegalMove with a translation key; the English message is only a fallback."""

from __future__ import annotations

from kit.base import IllegalMove


def illegal(key: str, message: str, **params) -> IllegalMove:
    return IllegalMove(message, key=f"lacitta.error.{key}", params=params)
