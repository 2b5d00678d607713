"""JSON Schemas of a game's moves and views (pure Python, no Django).

Each game publishes two schemas through its definition (``GameDefinition.schemas``): the moves
``legal_moves`` gives (one object per move ``type``) and the ``view`` of a seat or a spectator.
They are files in the game's folder (``schemas/move.json``, ``schemas/view.json``); ``infer``
drafts them from random games (``scripts/game_schemas.py``) and the author keeps or edits the
result. ``tests/engines/test_game_schemas.py`` validates every legal move and every view of
random games of every registered game against them."""

from __future__ import annotations

import json
import random
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from . import params
from .base import Engine, may_act

DIALECT = "https://json-schema.org/draft/2020-12/schema"
MAP_KEYS = 24  # more distinct keys than this, not all names: a map (cell → value), not a record
ENUM_MAX = 40  # a move's string field with at most this many values seen is a list of names (buildings, tiles…)


@dataclass(frozen=True)
class GameSchemas:
    """The move schema (``oneOf`` per ``type``) and the view schema of one game."""

    move: dict
    view: dict

    @classmethod
    def from_folder(cls, folder: Path | str) -> GameSchemas | None:
        """The two files of ``folder``; None while neither is there yet (a new game, before
        ``scripts/game_schemas.py`` drafts them: the site still starts, and ``manage.py check`` says
        what is missing). One file without the other is an error."""
        folder = Path(folder)
        if not (folder / "move.json").exists() and not (folder / "view.json").exists():
            return None
        return cls(
            move=json.loads((folder / "move.json").read_text()),
            view=json.loads((folder / "view.json").read_text()),
        )


class _Shape:
    """What was seen at one place of the samples: its JSON types, and below it."""

    def __init__(self):
        self.types: set[str] = set()
        self.keys: dict[str, _Shape] = {}
        self.key_seen: dict[str, int] = {}
        self.objects = 0
        self.items: _Shape | None = None
        self.strings: set[str] = set()  # the values seen (up to ENUM_MAX + 1)

    def add(self, value: Any) -> None:
        if value is None:
            self.types.add("null")
        elif isinstance(value, bool):
            self.types.add("boolean")
        elif isinstance(value, int):
            self.types.add("integer")
        elif isinstance(value, float):
            self.types.add("number")
        elif isinstance(value, str):
            self.types.add("string")
            if len(self.strings) <= ENUM_MAX:
                self.strings.add(value)
        elif isinstance(value, list | tuple):
            self.types.add("array")
            self.items = self.items or _Shape()
            for item in value:
                self.items.add(item)
        elif isinstance(value, dict):
            self.types.add("object")
            self.objects += 1
            for key, item in value.items():
                self.keys.setdefault(key, _Shape()).add(item)
                self.key_seen[key] = self.key_seen.get(key, 0) + 1
        else:
            raise TypeError(f"not a JSON value: {value!r}")

    def schema(self, *, closed: bool = False, enums: bool = False) -> dict:
        types = set(self.types)
        if {"integer", "number"} <= types:
            types.discard("integer")
        out: dict[str, Any] = {}
        if not types:
            return out  # never seen (an always-empty list's items): anything
        out["type"] = sorted(types)[0] if len(types) == 1 else sorted(types)
        if enums and types == {"string"} and len(self.strings) <= ENUM_MAX:
            out["enum"] = sorted(self.strings)
        if "array" in types and self.items is not None and self.items.types:
            out["items"] = self.items.schema(closed=closed, enums=enums)
        if "object" in types and self.keys:
            if all(k.lstrip("-").isdigit() for k in self.keys) or (
                len(self.keys) > MAP_KEYS and not all(k.isidentifier() for k in self.keys)
            ):
                merged = _Shape()
                for shape in self.keys.values():
                    merged.merge(shape)
                out["additionalProperties"] = merged.schema(closed=closed, enums=enums)
            else:
                out["properties"] = {k: s.schema(closed=closed, enums=enums) for k, s in sorted(self.keys.items())}
                required = sorted(k for k, n in self.key_seen.items() if n == self.objects)
                if required:
                    out["required"] = required
                if closed:
                    out["additionalProperties"] = False
        return out

    def merge(self, other: _Shape) -> None:
        self.types |= other.types
        self.strings |= other.strings
        self.objects += other.objects
        for key, shape in other.keys.items():
            self.keys.setdefault(key, _Shape()).merge(shape)
            self.key_seen[key] = self.key_seen.get(key, 0) + other.key_seen.get(key, 0)
        if other.items is not None:
            self.items = self.items or _Shape()
            self.items.merge(other.items)


def infer_moves(moves, *, title: str) -> dict:
    """One closed object per move ``type`` (``type`` itself a constant), under ``oneOf``; a string field
    with few values (a building, a service, a tile) lists them (``enum``), so a bot author reads the names."""
    by_type: dict[str, _Shape] = {}
    for move in moves:
        by_type.setdefault(move["type"], _Shape()).add(move)
    variants = []
    for kind, shape in sorted(by_type.items()):
        schema = shape.schema(closed=True, enums=True)
        schema["properties"]["type"] = {"const": kind}
        schema["title"] = kind
        variants.append(schema)
    return {"$schema": DIALECT, "title": title, "oneOf": variants}


def infer_view(views, *, title: str) -> dict:
    shape = _Shape()
    for view in views:
        shape.add(view)
    return {"$schema": DIALECT, "title": title, **shape.schema()}


def samples(engine: Engine, option_sets, *, games: int, seed: int, views_every: int = 1):
    """Legal moves and views (every seat's and a spectator's) of random games: (moves, views)."""
    moves, views = [], []
    for n, (options, players) in enumerate(option_sets):
        for g in range(games):
            rng = random.Random(seed + 1000 * n + g)
            state = engine.new_game(options, players, rng.randrange(2**31)).state
            step = 0
            while True:
                if step % views_every == 0 or engine.is_over(state):
                    views += [engine.view(state, s) for s in [None, *range(players)]]
                if engine.is_over(state):
                    break
                # The moves a seat sends: a legal move with ranges stands for the moves drawn from it.
                acting = sorted(engine.pending(state) | may_act(engine, state))
                for seat in acting:
                    moves += [params.concrete(engine, state, seat, legal, rng)
                              for legal in engine.legal_moves(state, seat)]
                owing = sorted(engine.pending(state))
                seat = rng.choice(owing if owing and (acting == owing or rng.random() < 0.5) else acting)
                legal = rng.choice(engine.legal_moves(state, seat))
                state = engine.apply(state, seat, params.concrete(engine, state, seat, legal, rng)).state
                step += 1
    return moves, views


# --- checking a move someone sent against the move schema (before the engine sees it) -----------------


@dataclass(frozen=True)
class MoveProblem:
    """Why a move does not have the shape of the game's moves. ``kind``: not_object, bad_text (a string that
    is not valid Unicode: a lone surrogate), unknown_type, missing, unknown_field, wrong_type. ``field`` is
    always a name from the schema (never the sender's own text), ``expected`` a JSON type name."""

    kind: str
    field: str = ""
    expected: str = ""


def _without_enums(schema: Any) -> Any:
    # The enums were drafted from random games (``infer_moves``): a list of names a bot's author reads, not a
    # promise that every legal value was seen. Only the shape is checked here; the engine judges the values.
    if isinstance(schema, dict):
        return {k: _without_enums(v) for k, v in schema.items() if k != "enum"}
    if isinstance(schema, list):
        return [_without_enums(v) for v in schema]
    return schema


def _valid_text(value: Any) -> bool:
    if isinstance(value, str):
        try:
            value.encode("utf-8")
        except UnicodeEncodeError:
            return False
        return True
    if isinstance(value, dict):
        return all(_valid_text(k) and _valid_text(v) for k, v in value.items())
    if isinstance(value, list | tuple):
        return all(_valid_text(v) for v in value)
    return True


class MoveChecker:
    """The move schema of one game, ready to check moves: one validator per move ``type``."""

    def __init__(self, move_schema: dict):
        from jsonschema import Draft202012Validator

        self.types: list[str] = []
        self._validators = {}
        for variant in move_schema.get("oneOf", ()):
            kind = variant["properties"]["type"]["const"]
            self.types.append(kind)
            self._validators[kind] = Draft202012Validator(_without_enums(variant))
        self._fields = {kind: set(v.schema.get("properties", {})) for kind, v in self._validators.items()}

    def problem(self, move: Any) -> MoveProblem | None:
        if not isinstance(move, dict):
            return MoveProblem("not_object")
        if not _valid_text(move):
            return MoveProblem("bad_text")
        kind = move.get("type")
        if not isinstance(kind, str):
            return MoveProblem("wrong_type" if "type" in move else "missing", "type", "string")
        validator = self._validators.get(kind)
        if validator is None:
            return MoveProblem("unknown_type")
        errors = sorted(validator.iter_errors(move), key=lambda e: (len(e.path), list(map(str, e.path))))
        if not errors:
            return None
        error = errors[0]
        if error.validator == "required":
            missing = next((name for name in error.validator_value if name not in move), "")
            return MoveProblem("missing", missing)
        if error.validator == "additionalProperties" and not error.path:
            return MoveProblem("unknown_field")
        field = next((p for p in error.path if isinstance(p, str) and p in self._fields[kind]), "")
        expected = error.validator_value if error.validator == "type" else ""
        if isinstance(expected, list):
            expected = expected[0]
        return MoveProblem("wrong_type", field, expected if isinstance(expected, str) else "")
