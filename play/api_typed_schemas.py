"""Each game's move and view JSON Schemas as OpenAPI components, so a generated client has typed moves.

A game's schemas (``GameDefinition.schemas``) are JSON Schema 2020-12; the OpenAPI document is 3.0, which
speaks an older dialect. ``to_openapi`` turns the subset the games use into it (``const`` → a one-value
``enum`` that is also the default, ``type: [t, "null"]`` → ``nullable``); a keyword it does not know is left
out and the component says where the full schema is (``x-json-schema``), so a new game never breaks the
document. Components are named from the registry: ``<Game>Move<Type>`` per move type, ``<Game>Move`` (one
of them), ``Move`` (one of every game's), ``<Game>View``."""

from __future__ import annotations

import re
from typing import Any

from django.urls import reverse

from . import registry

# What OpenAPI 3.0's Schema Object takes as is (the rest is converted below or dropped).
_KEPT = {"title", "description", "type", "enum", "default", "minimum", "maximum", "exclusiveMinimum",
         "exclusiveMaximum", "minLength", "maxLength", "pattern", "minItems", "maxItems", "uniqueItems",
         "minProperties", "maxProperties", "required", "format", "example"}
_SUBSCHEMAS = {"items", "not"}
_SCHEMA_LISTS = {"oneOf", "anyOf", "allOf"}


def pascal(text: str) -> str:
    """A component name part: ``place_castle`` → ``PlaceCastle``, ``mygame`` → ``Mygame``."""
    return "".join(part[:1].upper() + part[1:] for part in re.split(r"[^A-Za-z0-9]+", text) if part)


def _python_name(name: str) -> str:
    return re.sub(r"[^a-z0-9]+", "_", re.sub(r"([a-z0-9])([A-Z])", r"\1_\2", name).lower()).strip("_")


ID_MAP_MIN = 8  # an object with at least this many properties, all of one shape and named like ids, is a map
_ID = re.compile(r"[A-Za-z]{0,3}\d+")


def _id_map(properties: Any) -> bool:
    """Properties that are the keys of a map (ids such as b1, b2…, each value of one shape), not fields."""
    if not isinstance(properties, dict) or len(properties) < ID_MAP_MIN:
        return False
    shapes = list(properties.values())
    return all(_ID.fullmatch(name) for name in properties) and all(shape == shapes[0] for shape in shapes)


def to_openapi(schema: Any) -> tuple[Any, bool]:
    """(the OpenAPI 3.0 form of a JSON Schema 2020-12, whether all of it was kept)."""
    if not isinstance(schema, dict):
        return {}, schema is True
    out: dict[str, Any] = {}
    whole = True
    note = ""
    for key, value in schema.items():
        if key in ("$schema", "$id", "$comment") or (key == "description" and "enum" in schema):
            continue
        if key == "required" and (any(_python_name(n) == "d" for n in schema.get("properties", {}))
                                  or _id_map(schema.get("properties", {}))):
            continue  # given as a map (below): no named fields to require
        if key == "const":
            out["enum"] = [value]
            out["default"] = value
        elif key == "type" and isinstance(value, list):
            kinds = [t for t in value if t != "null"]
            if len(kinds) == 1:
                out["type"] = kinds[0]
            else:
                whole = False  # several non-null types: say nothing of the type rather than something false
            if "null" in value:
                out["nullable"] = True
        elif key == "enum":
            # Drafted from random games (kit.schemas.infer_moves): names a bot's author reads, not a promise
            # that no other value is legal (play.move_input checks no enum either), so no closed type.
            listed = ", ".join(str(v) for v in value)
            out["description"] = f"{schema.get('description', '').strip()} Values seen: {listed}.".strip()
        elif key in _KEPT:
            out[key] = value
        elif key in _SUBSCHEMAS:
            out[key], kept = to_openapi(value)
            whole &= kept
        elif key == "properties" and _id_map(value):
            # Keyed by ids (a game's pieces b1…b54, drafted from games: each id a property of one shape): a
            # map of that shape, not one class per id (a generated client made 54 classes of one shape).
            out["additionalProperties"], kept = to_openapi(next(iter(value.values())))
            whole &= kept
            note = f"Keyed by id ({', '.join(list(value)[:3])}…)."
        elif key == "properties" and any(_python_name(name) == "d" for name in value):
            # openapi-python-client's from_dict keeps the input in a variable named d, which a field named
            # "d" overwrites (the class then cannot read any value): such an object is given as a map.
            merged = [to_openapi(sub)[0] for sub in value.values()]
            out["additionalProperties"] = merged[0] if all(m == merged[0] for m in merged) else {}
            note = f"Keys: {', '.join(value)}."
            whole = False
        elif key == "properties":
            out[key] = {}
            for name, sub in value.items():
                out[key][name], kept = to_openapi(sub)
                whole &= kept
        elif key == "additionalProperties":
            if isinstance(value, bool):
                out[key] = value
            else:
                out[key], kept = to_openapi(value)
                whole &= kept
        elif key in _SCHEMA_LISTS:
            out[key] = []
            for sub in value:
                converted, kept = to_openapi(sub)
                out[key].append(converted)
                whole &= kept
        else:
            whole = False  # prefixItems, $ref, if/then…: the game's own schema says it (x-json-schema)
    if note:
        out["description"] = f"{out.get('description', '')} {note}".strip()
    if out.get("type") == "array" and "items" not in out:
        out["items"] = {}  # OpenAPI 3.0 wants items on every array (a tuple's prefixItems: anything)
    if "enum" in out and "type" not in out and out["enum"] and out["enum"][0] is not None:
        out["type"] = {str: "string", bool: "boolean", int: "integer", float: "number"}.get(
            type(out["enum"][0]), "string")
    return out, whole


def _address(kind: str, slug: str) -> str:
    return reverse(f"game-type-{kind}-schema", kwargs={"slug": slug})


def move_components(definition) -> dict[str, dict]:
    """``<Game>Move<Type>`` for each move type of one game, in its schema's order."""
    out = {}
    game = pascal(definition.slug)
    for variant in definition.schemas.move.get("oneOf", []):
        kind = (variant.get("properties", {}).get("type") or {}).get("const") or variant.get("title", "")
        converted, whole = to_openapi(variant)
        name = f"{game}Move{pascal(kind)}"
        converted["title"] = name  # generators name the class after the title: the component's own name
        converted["description"] = (
            f"{variant.get('description', '').strip()} ({definition.name}, POST /api/games/{{id}}/moves/ of "
            f"a game of type {definition.slug}.)".strip()
        )
        if not whole:
            converted["x-json-schema"] = _address("move", definition.slug)
        out[name] = converted
    return out


def view_component(definition) -> tuple[str, dict]:
    converted, whole = to_openapi(definition.schemas.view)
    name = f"{pascal(definition.slug)}View"
    converted["title"] = name
    converted["description"] = (
        f"What a seat or a spectator sees of a game of {definition.name} (GameDetail.view of a game of type "
        f"{definition.slug}): parse GameDetail.view with it."
    )
    if not whole:
        converted["x-json-schema"] = _address("view", definition.slug)
    return name, converted


def components() -> dict[str, dict]:
    """Every game's move types, ``<Game>Move``, ``Move`` and ``<Game>View`` (games without schemas skipped)."""
    out: dict[str, dict] = {}
    every: list[dict] = []
    for definition in registry.definitions():
        if definition.schemas is None:
            continue
        moves = move_components(definition)
        out.update(moves)
        refs = [{"$ref": f"#/components/schemas/{name}"} for name in moves]
        out[f"{pascal(definition.slug)}Move"] = {
            "description": f"A move of {definition.name} (game type {definition.slug}): one of its move types.",
            "oneOf": refs,
        }
        every += refs
        name, view = view_component(definition)
        out[name] = view
    # One flat list (not a list of lists) so generators make one union of the move classes; no discriminator:
    # two games may both have a "pass" move, and the game is known from the address.
    out["Move"] = {
        "description": "A move: one of the move types of the game's type (`<Game>Move<Type>`). The game's own "
        "JSON Schema is /api/game-types/{slug}/move-schema/.",
        "oneOf": every,
    }
    return out
