"""JSON from people and programs: small, shallow, read in linear time, refused politely otherwise.

Every JSON we accept (a move, a join, a chat line, a token's name, a step of the move builder in
``?m=``) is small and a few levels deep. A body larger than its endpoint takes is refused before it
is read (413); the rest is parsed by the standard library's C parser, which is linear in the input,
and its nesting is then counted on the parsed value without recursion. The C parser recurses once per
level: input nested past Python's recursion limit raises RecursionError, answered here as "too deep"
(a 400), never a 500. (A regular expression over the text looked shorter and was quadratic on a run
of escaped quotes: 64 KB took 53 s of a web worker.)"""

from __future__ import annotations

import json

from django.utils.translation import gettext as _
from rest_framework import serializers, status
from rest_framework.exceptions import APIException, ParseError
from rest_framework.parsers import JSONParser

MAX_DEPTH = 20
# What an API body may weigh when its view says nothing (a view's ``max_body_bytes`` says otherwise: the
# games' 16 KB, a chat line's 16 KB, a token's 2 KB), and a move sent from a page or carried in the move
# builder's URL: a move is a few hundred bytes.
DEFAULT_MAX_BYTES = 4 * 1024
MOVE_MAX_BYTES = 16 * 1024
MAX_MOVE_CHARS = MOVE_MAX_BYTES


class TooDeep(ValueError):
    """The JSON nests more than MAX_DEPTH levels (a ValueError: callers that refuse
    malformed JSON refuse this too)."""


class TooLarge(ValueError):
    """The JSON text is longer than its caller takes (a ValueError, like TooDeep)."""


class BodyTooLarge(APIException):
    status_code = status.HTTP_413_REQUEST_ENTITY_TOO_LARGE
    default_code = "too_large"


def too_deep_message() -> str:
    return _("The data nests more than %(n)d levels deep; send a plain move.") % {"n": MAX_DEPTH}


def too_large_message(limit: int) -> str:
    return _("The request body is larger than this address takes (at most %(n)d bytes).") % {"n": limit}


def depth_of(value, stop_after: int = MAX_DEPTH) -> int:
    """How deep lists and objects nest in a parsed value (a scalar is 0), counted with a stack of
    its own, not recursion; it stops counting once past ``stop_after``."""
    deepest = 0
    stack = [(value, 1)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, dict):
            children = item.values()
        elif isinstance(item, list):
            children = item
        else:
            continue
        deepest = max(deepest, depth)
        if deepest > stop_after:
            return deepest
        stack.extend((child, depth + 1) for child in children)
    return deepest


def check_depth(value, max_depth: int = MAX_DEPTH) -> None:
    if depth_of(value, max_depth) > max_depth:
        raise TooDeep(too_deep_message())


def _no_constant(name: str):
    raise ValueError(_("%(name)s is not a number JSON allows.") % {"name": name})


def loads(text: str | bytes, max_chars: int = MAX_MOVE_CHARS):
    """``json.loads`` for input from outside, in time linear in its length: TooLarge past
    ``max_chars``, TooDeep (a ValueError) past MAX_DEPTH levels, whatever the input, instead of a
    RecursionError; NaN and Infinity refused as DRF does."""
    if len(text) > max_chars:
        raise TooLarge(too_large_message(max_chars))
    if isinstance(text, (bytes, bytearray)):
        text = text.decode("utf-8")
    try:
        value = json.loads(text, parse_constant=_no_constant)
    except RecursionError:  # nested past the C parser's recursion limit
        raise TooDeep(too_deep_message()) from None
    check_depth(value)
    return value


def body_limit(parser_context: dict | None) -> int:
    view = (parser_context or {}).get("view")
    return getattr(view, "max_body_bytes", None) or DEFAULT_MAX_BYTES


class ShallowJSONParser(JSONParser):
    """DRF's JSON parser with a size limit per view (``max_body_bytes``: 413 before the body is read)
    and the depth check (a 400 with ``detail`` instead of a 500)."""

    def parse(self, stream, media_type=None, parser_context=None):
        encoding = (parser_context or {}).get("encoding", "utf-8")
        limit = body_limit(parser_context)
        request = (parser_context or {}).get("request")
        try:
            announced = int(request.META.get("CONTENT_LENGTH") or 0) if request is not None else 0
        except ValueError:
            announced = 0
        if announced > limit:
            raise BodyTooLarge(too_large_message(limit))
        raw = stream.read(limit + 1) if stream is not None else b""
        if len(raw) > limit:  # no Content-Length, or a wrong one: never more than the limit is read
            raise BodyTooLarge(too_large_message(limit))
        try:
            text = raw.decode(encoding)
        except (UnicodeDecodeError, LookupError):
            raise ParseError(_("The request body is not valid text.")) from None
        if "\x00" in text or "\\u0000" in text:
            # PostgreSQL refuses NUL in text and in JSON values (a 500), and no field takes it.
            raise ParseError(_("The request contains a NUL character, which no field accepts."))
        try:
            return loads(text, max_chars=limit)
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


class EchoCutChoiceField(serializers.ChoiceField):
    """DRF's ChoiceField, whose refusal ("“…” is not a valid choice") repeats the value cut (``errors.cut``)."""

    def to_internal_value(self, data):
        if data == "" and self.allow_blank:
            return ""
        try:
            return self.choice_strings_to_values[str(data)]
        except KeyError:
            from .errors import cut

            self.fail("invalid_choice", input=cut(str(data)))
