"""Who may be invited into a game. The platform keeps no privacy settings: an app that
does (community: a player's invitation choice, the players they block) registers a check
here when it starts, and ``services.game_create`` asks every check before seating an
invitee. A check refuses by raising ``play.errors.NotAllowed``."""

from __future__ import annotations

from collections.abc import Callable

Check = Callable[..., None]  # check(*, inviter, invitee) -> None, or raises NotAllowed

_checks: list[Check] = []


def register(check: Check) -> None:
    if check not in _checks:
        _checks.append(check)


def check(*, inviter, invitee) -> None:
    for one in _checks:
        one(inviter=inviter, invitee=invitee)
