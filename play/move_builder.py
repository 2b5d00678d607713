"""Building a move step by step from the list of legal moves.

Moves are small dicts (``{"type": "build", "building": "farm", "cell": 42}``).
A page asks for one field at a time: the kind of move, then a building, then
a hex… Each answer narrows the legal moves; a field with a single possible
value is filled in without asking; when one move is left it is shown for
confirmation. The choices made so far travel in the URL (``?m=<json>``), so
every step is a plain link that works without JavaScript, the back button
goes one step back, and a reload shows the same step.

A legal move with ranges (``kit.params``: a bundle of goods, a set of players) is
reached by its fixed fields like any other; its ranged fields are then a form's
fields (``Builder.fields``, ``range_fields``; ``move_from_form`` reads them).

List fields (the two roads of one action) are asked one element at a time,
with "stop here" offered when a shorter list is legal too; a list field named
in ``whole`` (which cards to peek at) is one choice among the legal lists.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from kit.params import RANGES

from . import json_input


@dataclass
class Option:
    value: Any
    partial: dict  # the partial move after choosing this value
    count: int  # legal moves this option keeps open

    @property
    def query(self) -> str:
        return encode(self.partial)


@dataclass
class Step:
    key: str
    index: int | None  # position in a list field, else None
    options: list[Option]
    can_stop: Option | None = None  # list fields: the move may end here


@dataclass
class Builder:
    partial: dict
    remaining: list[dict]
    step: Step | None
    move: dict | None  # complete and legal: ready to confirm
    filled: list[str] = field(default_factory=list)  # keys filled without asking

    @property
    def started(self) -> bool:
        return bool(self.partial)

    @property
    def fields(self) -> list[RangeField]:
        """The move reached is a legal move with ranges (``kit.params``): the form fields that complete it
        (``move_from_form`` reads them back). Empty for a plain move."""
        return range_fields(self.move) if self.move else []


def encode(partial: dict) -> str:
    return json.dumps(partial, separators=(",", ":"), sort_keys=True)


DONE = "_done"  # list fields the player closed ("only one road")


def decode(raw: str | None) -> dict:
    """A partial move from the URL. It travels in links anyone can write and send to
    an opponent, so anything this module would not have made (not an object, a
    ``_done`` that is not a list of field names, nesting deeper than any move, bad
    JSON) is treated as no choice: the builder starts again from the full list."""
    if not raw:
        return {}
    try:
        value = json_input.loads(raw)
    except ValueError:  # json_input.TooDeep included
        return {}
    if not isinstance(value, dict):
        return {}
    closed = value.get(DONE, [])
    if not isinstance(closed, list) or not all(isinstance(key, str) for key in closed):
        return {}
    return value


def _matches(move: dict, partial: dict) -> bool:
    closed = partial.get(DONE, [])
    for key, wanted in partial.items():
        if key == DONE:
            continue
        if key not in move:
            return False
        have = move[key]
        if isinstance(wanted, list):
            if not isinstance(have, list) or have[: len(wanted)] != wanted:
                return False
            if key in closed and len(have) != len(wanted):
                return False
        elif have != wanted:
            return False
    return True


def _complete(move: dict, partial: dict) -> bool:
    # A legal move's ranges are filled by form fields, not by steps.
    return all(k in partial and partial[k] == v for k, v in move.items() if k != RANGES)


def move_of(partial: dict) -> dict:
    return {k: v for k, v in partial.items() if k != DONE}


def _order(moves: list[dict], partial: dict, field_order: dict[str, list[str]]) -> list[str]:
    kind = partial.get("type")
    preferred = field_order.get(kind, []) if kind else []
    keys: list[str] = ["type"] if "type" not in partial else []
    seen = set(keys)
    for key in preferred:
        if key not in seen:
            keys.append(key)
            seen.add(key)
    for move in moves:
        for key in sorted(move):
            if key not in seen and key != RANGES:
                keys.append(key)
                seen.add(key)
    return keys


def build(legal: list[dict], partial: dict, field_order: dict[str, list[str]] | None = None,
          whole: frozenset[str] = frozenset()) -> Builder:
    field_order = field_order or {}
    remaining = [m for m in legal if _matches(m, partial)]
    if not remaining:
        # Stale or hand-made choices: start again from the full list.
        partial, remaining = {}, list(legal)
    partial = dict(partial)
    filled: list[str] = []
    while True:
        if len(remaining) == 1 and _complete(remaining[0], partial):
            return Builder(partial, remaining, None, remaining[0], filled)
        step = _next_step(remaining, partial, field_order, whole)
        if step is None:
            done = [m for m in remaining if _complete(m, partial)]
            return Builder(partial, remaining, None, done[0] if done else None, filled)
        if len(step.options) == 1 and step.can_stop is None:
            # Nothing to choose: fill it in and go on.
            partial = step.options[0].partial
            remaining = [m for m in remaining if _matches(m, partial)]
            filled.append(step.key)
            continue
        return Builder(partial, remaining, step, None, filled)


def _next_step(moves: list[dict], partial: dict, field_order,
               whole: frozenset[str] = frozenset()) -> Step | None:
    for key in _order(moves, partial, field_order):
        values: dict[str, Option] = {}
        is_list = key not in whole and any(isinstance(m.get(key), list) for m in moves)
        if is_list and key in partial.get(DONE, []):
            continue
        if is_list:
            index = len(partial.get(key, []))
            stop = None
            for m in moves:
                if key not in m:
                    continue
                seq = m[key]
                if len(seq) > index:
                    new = dict(partial, **{key: [*partial.get(key, []), seq[index]]})
                    tag = json.dumps(seq[index], sort_keys=True)
                    if tag not in values:
                        values[tag] = Option(seq[index], new, 0)
                    values[tag].count += 1
                elif len(seq) == index and key in partial:
                    stop = Option(None, dict(partial, **{DONE: sorted({*partial.get(DONE, []), key})}), 1)
            if not values:
                continue
            if stop is None and key not in partial and all(len(m.get(key, [])) == 0 for m in moves):
                continue
            return Step(key, index, list(values.values()), stop)
        if key in partial:
            continue
        for m in moves:
            if key in m:
                new = dict(partial, **{key: m[key]})
                if isinstance(m[key], list):
                    # A whole list chosen at once is closed: [0, 1] must not match [0, 1, 2].
                    new[DONE] = sorted({*partial.get(DONE, []), key})
                tag = json.dumps(m[key], sort_keys=True)
                if tag not in values:
                    values[tag] = Option(m[key], new, 0)
                values[tag].count += 1
        if values:
            return Step(key, None, list(values.values()))
    return None


# --- moves with parameters (``kit.params``): a form field per range -------------------------------------

FIELD_PREFIX = "field:"


@dataclass
class RangeField:
    """One field of a legal move with ranges, as a form shows it: ``kind`` is the range's (int: a number
    input; choice: a list to pick one from; subset: checkboxes; bundle: a number input per item)."""

    name: str
    kind: str
    spec: dict
    choices: list[tuple[str, Any]] = field(default_factory=list)  # (the value as posted, the value)

    @property
    def input_name(self) -> str:
        return FIELD_PREFIX + self.name


def range_fields(legal: dict) -> list[RangeField]:
    """The form fields of a legal move with ranges (none for a plain move)."""
    out = []
    for name, spec in (legal.get("ranges") or {}).items():
        choices = []
        if spec.get("kind") in ("choice", "subset"):
            choices = [(json.dumps(v, sort_keys=True), v) for v in spec.get("of", [])]
        elif spec.get("kind") == "bundle":
            choices = [(item, most) for item, most in spec.get("of", {}).items()]
        out.append(RangeField(name, spec.get("kind", ""), spec, choices))
    return out


class FormError(ValueError):
    """A form that does not give a value for every field of a move with ranges (a message for people)."""


def move_from_form(legal: dict, data) -> dict:
    """The concrete move a form made from a legal move with ranges: its fixed part with each range's field
    filled from ``data`` (a QueryDict: ``field:<name>``, several for a subset, ``field:<name>:<item>`` per
    bundle item). Whether the move is legal is the service's (``kit.params.find_legal``, then the engine);
    here only that the values can be read (else ``FormError``)."""
    from django.utils.translation import gettext as _

    move = {k: v for k, v in legal.items() if k != "ranges"}
    for spec_field in range_fields(legal):
        key, kind = spec_field.input_name, spec_field.kind
        try:
            if kind == "int":
                value = int(data.get(key, ""))
            elif kind == "choice":
                value = json_input.loads(data.get(key, ""))
            elif kind == "subset":
                value = [json_input.loads(raw) for raw in data.getlist(key)]
            elif kind == "bundle":
                value = {}
                for item, _most in spec_field.choices:
                    count = int(data.get(f"{key}:{item}", "0") or 0)
                    if count:
                        value[item] = count
            else:
                raise ValueError(kind)
        except ValueError:
            raise FormError(_("Give a value for “%(field)s”.") % {"field": spec_field.name}) from None
        move[spec_field.name] = value
    return move
