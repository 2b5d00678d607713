"""The OpenAPI document points to each game's own JSON Schemas (``GameDefinition.schemas``).

The schemas themselves are JSON Schema 2020-12, served at ``/api/game-types/<slug>/move-schema/``
and ``…/view-schema/``; the OpenAPI document (3.0) links them from the fields that carry moves and
views (``x-json-schemas``: slug → address) rather than inlining a dialect it does not speak."""

from __future__ import annotations

from django.urls import reverse
from drf_spectacular.extensions import OpenApiAuthenticationExtension

from . import registry


class BearerTokenScheme(OpenApiAuthenticationExtension):
    target_class = "play.api_auth.BearerTokenAuthentication"
    name = "bearerAuth"

    def get_security_definition(self, auto_schema):
        return {
            "type": "http",
            "scheme": "bearer",
            "description": "An API token (account page or POST /api/tokens/): Authorization: Bearer <key>. "
            "Scopes: read, play, chat, tokens (make and revoke tokens). A new password revokes every token.",
        }


def links(kind: str) -> dict[str, str]:
    return {
        d.slug: reverse(f"game-type-{kind}-schema", kwargs={"slug": d.slug}) for d in registry.definitions()
    }


def add_game_schemas(result, generator, request, public):
    components = result.get("components", {}).get("schemas", {})
    where = {
        "MoveSubmitRequest": ("move", "move"),
        "MoveSubmit": ("move", "move"),
        "GameDetail": ("view", "view"),
    }
    for component, (field, kind) in where.items():
        prop = components.get(component, {}).get("properties", {}).get(field)
        if prop is not None:
            prop["x-json-schemas"] = links(kind)
            listed = ", ".join(f"{slug}: {url}" for slug, url in links(kind).items())
            prop["description"] = f"{prop.get('description', '')} JSON Schema per game: {listed}".strip()
    detail = components.get("GameDetail", {}).get("properties", {}).get("legal_moves")
    if detail is not None:
        detail["x-json-schemas"] = links("move")
    if "CompactAnswer" in components:  # exactly one of GameDetail and CompactAnswer fits an answer (oneOf)
        components["CompactAnswer"]["additionalProperties"] = False
    components["StreamEvent"] = STREAM_EVENT
    result.setdefault("paths", {}).update(_stream_paths())
    return result


STREAM_EVENT = {
    "type": "object",
    "description": "One line of a stream (play/stream.py). Carries no hidden information: read the game "
    "(GET /api/games/{id}/) for the position.",
    "required": ["type", "game"],
    "properties": {
        "type": {
            "type": "string",
            "enum": ["gameStart", "myTurn", "gameState", "gameFinish", "challenge", "chat", "notice"],
        },
        "game": {"type": "integer"},
        "game_type": {"type": "string"},
        "version": {"type": "integer"},
        "status": {"type": "string"},
        "pending": {"type": "array", "items": {"type": "integer"}, "description": "Seats that owe a move."},
        "seat": {"type": "integer", "description": "Your seat (user stream)."},
        "my_turn": {"type": "boolean", "description": "Your seat owes a move (its clock runs)."},
        "may_act": {"description": "gameState of the game: the seats that may act without owing (a list); "
                                   "of your stream: whether your seat may (a boolean)."},
        "key": {"type": "string", "description": "notice: what the game tells your seat (its texts' key)."},
        "params": {"type": "object", "description": "notice: the key's parameters."},
        "author": {"type": "string"},
        "text": {"type": "string"},
        "id": {"type": "integer"},
    },
}


def _error(description: str) -> dict:
    return {
        "description": description,
        "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}},
    }


def _stream_paths() -> dict:
    event = {"$ref": "#/components/schemas/StreamEvent"}
    stream = {"application/x-ndjson": {"schema": event}, "text/event-stream": {"schema": {"type": "string"}}}
    security = [{"bearerAuth": []}, {"cookieAuth": []}]
    refusals = {
        "401": _error("No token, or an unknown or revoked one."),
        "403": _error("The token lacks the read scope."),
    }
    return {
        "/api/stream/events/": {
            "get": {
                "operationId": "stream_events",
                "tags": ["stream"],
                "security": security,
                "description": "Your events as they happen, one JSON object per line "
                "(Accept: text/event-stream for server-sent events): first one per game that needs you "
                "or is in progress, then gameStart, myTurn, gameState, gameFinish, challenge, chat. "
                "An empty line every 20 s.",
                "responses": {"200": {"description": "A stream of events.", "content": stream}, **refusals},
            }
        },
        "/api/stream/games/{id}/": {
            "get": {
                "operationId": "stream_game",
                "tags": ["stream"],
                "security": security,
                "parameters": [{"in": "path", "name": "id", "required": True, "schema": {"type": "integer"}}],
                "description": "One game's gameState now and at every change; "
                "ends when it is over.",
                "responses": {
                    "200": {"description": "A stream of events.", "content": stream},
                    **refusals,
                    "404": _error("No such game (or not yours to see)."),
                },
            }
        },
        "/api/stream/wait/": {
            "get": {
                "operationId": "stream_wait",
                "tags": ["stream"],
                "security": security,
                "description": "Long-poll. With game and version: the game's gameState as soon as its "
                "version is not that one (at the timeout, the unchanged state). Without: as soon as you "
                "owe a move anywhere (my_turn) or an event comes.",
                "parameters": [
                    {"in": "query", "name": "game", "schema": {"type": "integer"}},
                    {"in": "query", "name": "version", "schema": {"type": "integer"}},
                    {
                        "in": "query",
                        "name": "timeout",
                        "schema": {"type": "number", "maximum": 60, "minimum": 0},
                        "description": "Seconds to wait at most (default 25).",
                    },
                ],
                "responses": {
                    "200": {
                        "description": "A gameState event, or my_turn and events.",
                        "content": {
                            "application/json": {
                                "schema": {
                                    "oneOf": [
                                        event,
                                        {
                                            "type": "object",
                                            "properties": {
                                                "my_turn": {"type": "array", "items": {"type": "integer"}},
                                                "events": {"type": "array", "items": event},
                                            },
                                        },
                                    ]
                                }
                            }
                        },
                    },
                    "400": _error("game, version or timeout is not a number."),
                    **refusals,
                    "404": _error("No such game (or not yours to see)."),
                },
            }
        },
        "/api/game-types/{slug}/move-schema/": {
            "get": {
                "operationId": "game_type_move_schema",
                "tags": ["game-types"],
                "security": [{}],
                "parameters": [
                    {"in": "path", "name": "slug", "required": True, "schema": {"type": "string"}}
                ],
                "description": "The JSON Schema (2020-12) of the game's moves: one object per move type.",
                "responses": {
                    "200": {
                        "description": "A JSON Schema.",
                        "content": {"application/schema+json": {"schema": {"type": "object"}}},
                    },
                    "404": {"description": "No such game."},
                },
            }
        },
        "/api/game-types/{slug}/view-schema/": {
            "get": {
                "operationId": "game_type_view_schema",
                "tags": ["game-types"],
                "security": [{}],
                "parameters": [
                    {"in": "path", "name": "slug", "required": True, "schema": {"type": "string"}}
                ],
                "description": "The JSON Schema (2020-12) of what a seat or a spectator sees of the game.",
                "responses": {
                    "200": {
                        "description": "A JSON Schema.",
                        "content": {"application/schema+json": {"schema": {"type": "object"}}},
                    },
                    "404": {"description": "No such game."},
                },
            }
        },
    }
