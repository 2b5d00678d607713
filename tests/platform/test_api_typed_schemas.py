"""A game's JSON Schema 2020-12 turned into OpenAPI 3.0 components (play/api_typed_schemas.py): what a game
may write, and what a generated client needs (issue 31.7)."""

from __future__ import annotations

import pytest

from play import api_typed_schemas, registry
from play.api_typed_schemas import to_openapi


def test_const_becomes_a_one_value_enum_that_is_also_the_default():
    converted, whole = to_openapi({"type": "object", "properties": {"type": {"const": "place"}},
                                   "required": ["type"], "additionalProperties": False})
    assert whole and converted["properties"]["type"] == {"enum": ["place"], "default": "place", "type": "string"}
    assert converted["additionalProperties"] is False and converted["required"] == ["type"]


def test_a_type_with_null_is_nullable_and_several_types_say_nothing_false():
    assert to_openapi({"type": ["integer", "null"]}) == ({"type": "integer", "nullable": True}, True)
    converted, whole = to_openapi({"type": ["integer", "string"]})
    assert "type" not in converted and not whole


def test_drafted_enums_are_words_not_a_closed_type():
    """A field's enum was drafted from random games: no promise that no other value is legal."""
    converted, whole = to_openapi({"type": "string", "enum": ["farm", "road"], "description": "A building."})
    assert converted == {"type": "string", "description": "A building. Values seen: farm, road."} and whole


def test_what_openapi_30_cannot_say_is_left_to_the_games_own_schema():
    converted, whole = to_openapi({"type": "array", "prefixItems": [{"type": "integer"}, {"type": "string"}]})
    assert converted == {"type": "array", "items": {}} and not whole  # every array has items in 3.0


def test_a_field_named_d_turns_its_object_into_a_map():
    """openapi-python-client's from_dict keeps its input in ``d``: a field named D overwrote it."""
    converted, whole = to_openapi({"type": "object", "properties": {"A": {"type": "integer"},
                                                                    "D": {"type": "integer"}},
                                   "required": ["A", "D"], "description": "Picks."})
    assert converted == {"type": "object", "additionalProperties": {"type": "integer"},
                         "description": "Picks. Keys: A, D."} and not whole


@pytest.mark.parametrize("slug", [d.slug for d in registry.definitions()])
def test_every_move_type_of_every_game_is_a_component(slug):
    definition = registry.definition(slug)
    components = api_typed_schemas.components()
    game = api_typed_schemas.pascal(slug)
    kinds = [v["properties"]["type"]["const"] for v in definition.schemas.move["oneOf"]]
    names = [f"{game}Move{api_typed_schemas.pascal(kind)}" for kind in kinds]
    assert all(components[name]["title"] == name for name in names)  # generators name classes by title
    assert components[f"{game}Move"]["oneOf"] == [{"$ref": f"#/components/schemas/{n}"} for n in names]
    assert {"$ref": f"#/components/schemas/{names[0]}"} in components["Move"]["oneOf"]
    assert components[f"{game}View"]["type"] == "object"
