"""JSON from people and programs, refused politely when nested too deeply.

Python's json module recurses once per level: 5,000 nested brackets raise
RecursionError, which no view expects (a 500). Every JSON we accept (a move, a
join, a step of the move builder in ``?m=``) is a few levels deep, so nesting is
counted first, without recursion, and anything deeper than ``MAX_DEPTH`` is refused
with a message a person can act on."""

from __future__ import annotations

import json
import re

from django.utils.translation import gettext as _
from rest_framework import serializers
from rest_framework.exceptions import ParseError
from rest_framework.parsers import JSONParser

MAX_DEPTH = 20
_STRING = re.compile(r'"(?:[^"\\]|\\.)*"', re.DOTALL)
_BRACKET = re.compile(r"[\[\]{}]")


class TooDeep(ValueError):
    """The JSON nests more than MAX_DEPTH levels (a ValueError: callers that refuse
    malformed JSON refuse this too)."""


def too_deep_message() -> str:
    return _("The data nests more than %(n)d levels deep; send a plain move.") % {"n": MAX_DEPTH}


def check_depth(text: str, max_depth: int = MAX_DEPTH) -> None:
    depth = 0
    for bracket in _BRACKET.findall(_STRING.sub("", text)):  # brackets inside strings do not count
        if bracket in "[{":
            depth += 1
            if depth > max_depth:
                raise TooDeep(too_deep_message())
        else:
            depth -= 1


def _no_constant(name: str):
    raise ValueError(_("%(name)s is not a number JSON allows.") % {"name": name})


def loads(text: str | bytes):
    """``json.loads`` for input from outside: TooDeep (a ValueError) instead of a
    RecursionError, whatever the input; NaN and Infinity refused as DRF does."""
    if isinstance(text, (bytes, bytearray)):
        text = text.decode("utf-8")
    check_depth(text)
    try:
        return json.loads(text, parse_constant=_no_constant)
    except RecursionError:  # the count above should make this unreachable
        raise TooDeep(too_deep_message()) from None


class ShallowJSONParser(JSONParser):
    """DRF's JSON parser with the depth check: a 400 with ``detail`` instead of a 500."""

    def parse(self, stream, media_type=None, parser_context=None):
        encoding = (parser_context or {}).get("encoding", "utf-8")
        raw = stream.read() if stream is not None else b""
        try:
            text = raw.decode(encoding)
        except (UnicodeDecodeError, LookupError):
            raise ParseError(_("The request body is not valid text.")) from None
        if "\x00" in text or "\\u0000" in text:
            # PostgreSQL refuses NUL in text and in JSON values (a 500), and no field takes it.
            raise ParseError(_("The request contains a NUL character, which no field accepts."))
        try:
            return loads(text)
        except TooDeep as exc:
            raise ParseError(str(exc)) from None
        except ValueError as exc:
            raise ParseError(_("The request body is not valid JSON: %(error)s") % {"error": exc}) from None


class StrictCharField(serializers.CharField):
    """A string, and only a string: DRF's CharField would take 0 for "0" (a schema says string)."""

    def to_internal_value(self, data):
        if not isinstance(data, str):
            self.fail("invalid")
        return super().to_internal_value(data)
