"""The OpenAPI document points to each game's own JSON Schemas (``GameDefinition.schemas``).

The schemas themselves are JSON Schema 2020-12, served at ``/api/game-types/<slug>/move-schema/``
and ``…/view-schema/``; the OpenAPI document (3.0) links them from the fields that carry moves and
views (``x-json-schemas``: slug → address) rather than inlining a dialect it does not speak."""

from __future__ import annotations

from django.urls import reverse
from drf_spectacular.extensions import OpenApiAuthenticationExtension

from . import api_typed_schemas, registry


class BearerTokenScheme(OpenApiAuthenticationExtension):
    target_class = "play.api_auth.BearerTokenAuthentication"
    name = "bearerAuth"

    def get_security_definition(self, auto_schema):
        return {
            "type": "http",
            "scheme": "bearer",
            "description": "An API token (account page or POST /api/tokens/): Authorization: Bearer <key> "
            "(Authorization: Token <key> is taken too). "
            "Scopes: read, play, chat, tokens (make and revoke tokens). A new password revokes every token.",
        }


def links(kind: str) -> dict[str, str]:
    return {
        d.slug: reverse(f"game-type-{kind}-schema", kwargs={"slug": d.slug}) for d in registry.definitions()
    }


def _move_requests(plain: dict) -> dict[str, dict]:
    """The move request as one class per game, ``<Game>MoveSubmitRequest`` (its ``game_type``, the version, the
    move as one of ``<Game>Move``), and ``MoveSubmitRequest`` one of them, discriminated by ``game_type``: a
    generated client parses ``{"type": "done"}`` of one game's request as that game's, never as the first game's "done"
    (each class's ``game_type`` is its one value, so a generator without discriminators still tells them apart)."""
    props = plain.get("properties", {})
    version = props.get("version", {"type": "integer", "minimum": 0})
    out: dict[str, dict] = {}
    mapping: dict[str, str] = {}
    for definition in registry.definitions():
        if definition.schemas is None:
            continue
        game = api_typed_schemas.pascal(definition.slug)
        name = f"{game}MoveSubmitRequest"
        move = {"$ref": f"#/components/schemas/{game}Move"}  # alone: OpenAPI 3.0 reads no sibling of a $ref
        out[name] = {
            "type": "object", "title": name, "required": ["game_type", "version", "move"],
            "description": f"A move of a game of {definition.name} (POST /api/games/{{id}}/moves/ and "
                           f"…/moves/check/ of a game of type {definition.slug}; its JSON Schema: "
                           f"{reverse('game-type-move-schema', kwargs={'slug': definition.slug})}).",
            "properties": {
                "game_type": {"type": "string", "enum": [definition.slug], "default": definition.slug,
                              "description": "The game's type: it says which game's moves “move” is one of "
                                             "(the server refuses a game_type that is not the game's)."},
                "version": version,
                "move": move,
            },
        }
        mapping[definition.slug] = f"#/components/schemas/{name}"
    out["MoveSubmitRequest"] = {
        "description": "A move with the version it was chosen at, by game: the one of <Game>MoveSubmitRequest "
                       "that its game_type names. (A body without game_type is taken too: the game is known "
                       "from the address.)",
        "oneOf": [{"$ref": ref} for ref in mapping.values()],
        "discriminator": {"propertyName": "game_type", "mapping": mapping},
    }
    return out


def add_game_schemas(result, generator, request, public):
    components = result.setdefault("components", {}).setdefault("schemas", {})
    typed = api_typed_schemas.components()
    components.update(typed)
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
            typed_as = {"move": "Typed here as `<Game>Move<Type>` (one of Move).",
                        "view": "Typed here as `<Game>View`: parse the view with the one of its game type."}[kind]
            prop["description"] = f"{prop.get('description', '')} {typed_as} JSON Schema per game: {listed}".strip()
    if "MoveSubmitRequest" in components:  # typed and discriminated by game (issue 45 point 6)
        components.update(_move_requests(components["MoveSubmitRequest"]))
    components.update(LEGAL_MOVE_COMPONENTS)
    for component, field in (("GameDetail", "legal_moves"), ("CompactAnswer", "legal_moves"),
                             ("LegalMoves", "moves")):
        listed = components.get(component, {}).get("properties", {}).get(field)
        if listed is not None:  # typed: LegalMove, its ranges each a Range
            listed["items"] = {"$ref": "#/components/schemas/LegalMove"}
    detail = components.get("GameDetail", {}).get("properties", {}).get("legal_moves")
    if detail is not None:
        detail["x-json-schemas"] = links("move")
        detail["description"] += (" Each item without ranges is one of its game's `<Game>Move<Type>` (e.g. "
                                  "MygameMovePlace.from_dict(item) for a game mygame and its move type place).")
    # The answer's shape follows answer=: each shape's "answer" is the one value that picks it (the
    # discriminator), so a generated client parses a compact answer as CompactAnswer and a full one as GameDetail.
    for component, value in (("GameDetail", "full"), ("CompactAnswer", "compact")):
        if component in components:
            answer = components[component]["properties"]["answer"]
            answer.update({"type": "string", "enum": [value]})
            answer.pop("readOnly", None)
            components[component].setdefault("required", [])
            if "answer" not in components[component]["required"]:
                components[component]["required"].append("answer")
    if "CompactAnswer" in components:  # exactly one of GameDetail and CompactAnswer fits an answer (oneOf)
        components["CompactAnswer"]["additionalProperties"] = False
    cookie = result["components"].get("securitySchemes", {}).get("cookieAuth")
    if cookie is not None:
        cookie["description"] = ("The site's session (its own pages' calls): writes also need the "
                                 "X-CSRFToken header. Programs use a token (bearerAuth).")
    _limit_headers(result.get("paths", {}))
    components["StreamEvent"] = STREAM_EVENT
    result.setdefault("paths", {}).update(_stream_paths())
    return result


# The operations under a sliding-window limit (play/limits.py) and what each limit is.
LIMITED = {
    "games_create": "games opened an hour (GAMES_PER_HOUR)",
    "games_moves_create": "accepted moves a minute",
    "games_undo_create": "moves taken back an hour, the pages' included",
    "games_chat_create": "chat lines a minute, the pages' included",
}


def _limit_headers(paths: dict) -> None:
    """Each limited operation's answers document the RateLimit headers they carry, a 429 also Retry-After."""
    for item in paths.values():
        for operation in item.values():
            what = LIMITED.get(operation.get("operationId"))
            if what is None:
                continue
            headers = {
                "RateLimit-Limit": {"schema": {"type": "integer"}, "description": f"The limit: {what}."},
                "RateLimit-Remaining": {"schema": {"type": "integer"}, "description": "What is left of it now."},
                "RateLimit-Reset": {"schema": {"type": "integer"},
                                    "description": "Seconds until the oldest counted request stops counting."},
            }
            for code, response in operation["responses"].items():
                if code.startswith(("2", "4")) and code not in ("401", "403", "404", "413"):
                    response["headers"] = dict(headers)
                    if code == "429":
                        response["headers"]["Retry-After"] = {
                            "schema": {"type": "integer"}, "description": "Seconds to wait before asking again."}


LEGAL_MOVE_COMPONENTS = {
    "Range": {
        "type": "object", "required": ["kind"],
        "description": "A field's range: int {min, max}; choice {of: [values]} (one of them); subset {of: [values], "
                       "min, max} (a list of min..max distinct values); bundle {of: {name: most}, min_total, "
                       "max_total} (an object name -> count, 0..most each, total within bounds).",
        "properties": {
            "kind": {"type": "string", "enum": ["int", "choice", "subset", "bundle"]},
            "min": {"type": "integer"}, "max": {"type": "integer"},
            "of": {"description": "choice and subset: the list of values; bundle: an object name -> the most."},
            "min_total": {"type": "integer"}, "max_total": {"type": "integer"},
        },
    },
    "LegalMove": {
        "type": "object", "required": ["type"], "additionalProperties": True,
        "description": "A legal move: without ranges, one of its game's <Game>Move<Type> (parse it with that "
                       "class); with ranges, it stands for the moves made by filling each named field within "
                       "its Range (send it without ranges and example). Its other fields are the move's.",
        "properties": {
            "type": {"type": "string", "description": "The move's type (its game's <Game>Move<Type>)."},
            "ranges": {"type": "object", "additionalProperties": {"$ref": "#/components/schemas/Range"},
                       "description": "field -> Range, for a move with parameters."},
            "example": {"type": "object", "additionalProperties": True,
                        "description": "With examples=true (examples=1 on the streams): one filling the "
                                       "game's rules accept on this position."},
        },
    },
}


STREAM_EVENT = {
    "type": "object",
    "description": "One line of a stream. Carries no hidden information, except your own seat's legal moves "
    "on your streams (see legal_moves); read the game (GET /api/games/{id}/) for the position.",
    "required": ["type", "game"],
    "properties": {
        "type": {
            "type": "string",
            "enum": ["gameStart", "myTurn", "gameState", "gameFinish", "challenge", "challengeDeclined",
                     "challengeCanceled", "chat", "chatHidden", "notice", "resync", "roundStarted"],
        },
        "event_id": {"type": "integer", "description": "Grows with time. Send the last one you received to "
                     "resume after a drop (?after=, or Last-Event-ID for server-sent events, which also carry "
                     "it as their id: line)."},
        "snapshot": {"type": "boolean", "description": "Part of the first batch after connecting: the present "
                     "state, not a change (same fields as the live events)."},
        "view": {"type": "object", "additionalProperties": True,
                 "description": "With ?view=1: what you may see at this version (your seat's view, the game's "
                                "<Game>View; a spectator's view on a game you do not play)."},
        "result": {"type": "object", "additionalProperties": True, "nullable": True,
                   "description": "gameFinish on a stream with ?moves=1 or ?view=1: how the game ended (as "
                                  "GameDetail.result)."},
        "legal_moves": {"type": "array", "items": {"$ref": "#/components/schemas/LegalMove"},
                        "description": "Your seat's legal moves at "
                        "this version: on a game's stream when you have a seat, on your own stream with ?moves=1. "
                        "Play one with POST /api/games/{id}/moves/ and this version: one request per move."},
        "reason": {"type": "string", "enum": ["generic", "later", "game", "options", "pace", "bots"],
                   "description": "challengeDeclined: why."},
        "created_at": {"type": "string", "format": "date-time", "description": "chat: when it was written."},
        "game": {"type": "integer"},
        "game_type": {"type": "string"},
        "version": {"type": "integer"},
        "status": {"type": "string"},
        "pending": {"type": "array", "items": {"type": "integer"}, "description": "Seats that owe a move."},
        "seat": {"type": "integer", "description": "Your seat (user stream)."},
        "my_turn": {"type": "boolean", "description": "Your seat owes a move (its clock runs)."},
        "answer_waits": {"type": "boolean", "description": "Something addressed to your seat waits for its "
                         "answer (an offer made to it) though it owes no move; the event is a myTurn then too."},
        "may_act": {"description": "gameState of the game: the seats that may act without owing (a list); "
                                   "of your stream: whether your seat may (a boolean)."},
        "key": {"type": "string", "description": "notice: what the game tells your seat (its texts' key)."},
        "params": {"type": "object", "description": "notice: the key's parameters."},
        "author": {"type": "string"},
        "text": {"type": "string"},
        "id": {"type": "integer", "description": "chat: the message's id."},
        "competition": {"type": "integer", "description": "roundStarted: the competition (/api/competitions/{id}/) "
                        "whose round opened your game (game)."},
        "season": {"type": "integer", "description": "roundStarted: the league's season (1 for a tournament)."},
        "round": {"type": "integer", "description": "roundStarted: the round's number."},
    },
}


def _error(description: str) -> dict:
    return {
        "description": description,
        "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}},
    }


_AFTER = {"in": "query", "name": "after", "schema": {"type": "integer"},
          "description": "Resume: the event_id of the last event you received (400 if not a whole number)."}


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
                "or is in progress (snapshot: true), then gameStart, myTurn, gameState, gameFinish, challenge, "
                "challengeDeclined, challengeCanceled, chat, notice, roundStarted (a competition's round opened "
                "a game of yours). An empty line every 20 s. After a drop, "
                "reconnect with ?after=<the last event_id> (or Last-Event-ID): the events you missed come "
                "first, or a resync line then the present state when some are no longer kept (the last 200 "
                "per channel, 10 minutes). Generated clients need a line reader for this answer.",
                "parameters": [_AFTER, {"in": "query", "name": "moves", "schema": {"type": "boolean"},
                                        "description": "Add your seat's legal_moves to each event of a game."},
                                       {"in": "query", "name": "view", "schema": {"type": "boolean"},
                                        "description": "1: also your seat's view (and gameFinish's result)."},
                                       {"in": "query", "name": "examples", "schema": {"type": "boolean"},
                                        "description": "1: an example filling on each legal move with ranges."}],
                "responses": {"200": {"description": "A stream of events.", "content": stream}, **refusals},
            }
        },
        "/api/stream/games/{id}/": {
            "get": {
                "operationId": "stream_game",
                "tags": ["stream"],
                "security": security,
                "parameters": [{"in": "path", "name": "id", "required": True, "schema": {"type": "integer"}},
                               _AFTER, {"in": "query", "name": "view", "schema": {"type": "boolean"},
                                        "description": "1: also your seat's view (and gameFinish's result)."},
                                       {"in": "query", "name": "examples", "schema": {"type": "boolean"},
                                        "description": "1: an example filling on each legal move with ranges."}],
                "description": "One game's gameState now and at every change; "
                "ends when it is over. With a seat in the game, each event carries your seat, my_turn and "
                "legal_moves (a spectator's carries none). Resumes as /api/stream/events/ does.",
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
                "owe a move or an answer anywhere (my_turn) or an event comes.",
                "parameters": [
                    {"in": "query", "name": "game", "schema": {"type": "integer"}},
                    {"in": "query", "name": "version", "schema": {"type": "integer"}},
                    {
                        "in": "query",
                        "name": "timeout",
                        "schema": {"type": "number", "maximum": 60, "minimum": 0},
                        "description": "Seconds to wait at most (default 25; over 60 is refused with a 400).",
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
