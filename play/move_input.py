"""A move someone sent, checked against its game's move schema (``games/<slug>/schemas/move.json``) before
the engine sees it (issue 26 point 9): a list where a name belongs, a lone surrogate, a field the move does not
take are refused with a 400 that says what is wrong, in words that never repeat the sender's odd values (a
name it repeats is cut past ``errors.MAX_ECHO`` characters, "(cut)"). The values themselves (which building,
which cell) are the engine's to judge."""

from __future__ import annotations

from functools import cache

from django.utils.translation import gettext_lazy as _

from kit.schemas import MoveChecker

from . import registry
from .errors import ServiceError, Whole

EXPECTED = {
    "integer": _("a whole number"), "number": _("a number"), "string": _("a text"), "array": _("a list"),
    "object": _("an object"), "boolean": _("true or false"), "null": _("empty (null)"),
}


@cache
def _checker(game_type: str) -> MoveChecker | None:
    schemas = registry.definition(game_type).schemas
    return MoveChecker(schemas.move) if schemas is not None else None


def check(game_type: str, move) -> None:
    """Raise ServiceError (400) when ``move`` does not have the shape of one of the game's moves."""
    if not isinstance(move, dict) or not isinstance(move.get("type"), str):
        if isinstance(move, dict) and "type" in move and not isinstance(move["type"], str):
            raise ServiceError(_("A move's “type” must be a text."), code="bad_move_shape")
        raise ServiceError(_("A move must be an object with a “type”."), code="bad_move_shape")
    checker = _checker(game_type)
    if checker is None:
        return
    problem = checker.problem(move)
    if problem is None:
        return
    if problem.kind == "bad_text":
        raise ServiceError(_("The move contains text that is not valid Unicode."), code="bad_move_shape")
    if problem.kind == "unknown_type":
        raise ServiceError(_("This game has no move of type “%(type)s” (its moves: %(known)s)."),
                           {"type": move["type"], "known": Whole(", ".join(checker.types))}, code="unknown_move_type")
    if problem.kind == "missing":
        raise ServiceError(_("The move lacks its field “%(field)s”."), {"field": problem.field},
                           code="bad_move_shape")
    if problem.kind == "unknown_field":
        raise ServiceError(_("The move has a field that a move of type “%(type)s” does not take."),
                           {"type": move["type"]}, code="bad_move_shape")
    if problem.field and problem.expected in EXPECTED:
        raise ServiceError(_("The move's field “%(field)s” must be %(expected)s."),
                           {"field": problem.field, "expected": str(EXPECTED[problem.expected])},
                           code="bad_move_shape")
    raise ServiceError(_("The move does not have the shape of this game's moves (see its move schema)."),
                       code="bad_move_shape")
