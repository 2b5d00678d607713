"""The API's one error shape, and the move rate limit.

Every refusal is ``{"code", "detail", "params"}``, plus ``"version"`` (the game's current one) when
the request named a game the caller may see, and ``"fields"`` (field → messages) for a body that
does not fit. ``code`` is stable: programs branch on it, people read ``detail`` (in their
language). An illegal move's code is the engine's own key (``race.bad_add``…)."""

from __future__ import annotations

from django.conf import settings
from drf_spectacular.utils import OpenApiResponse
from rest_framework import exceptions, serializers
from rest_framework.response import Response
from rest_framework.views import exception_handler as drf_exception_handler

from .errors import BadMove, Conflict, DamagedGame, NotAllowed, ServiceError, StaleVersion, TooMany
from .http_errors import status_of, text_of
from .limits import SlidingLimit

# The kind of refusal when its raise site gave no code of its own (most specific first).
CODES = (
    (StaleVersion, "stale_version"),
    (DamagedGame, "damaged_game"),
    (TooMany, "rate_limited"),
    (Conflict, "conflict"),
    (NotAllowed, "not_allowed"),
    (ServiceError, "invalid"),
)


# Every code the API sends, and what it means (the schema lists them; tests/platform/test_api_errors.py
# walks the codes raised in the code base and finds each here). An illegal move's code is the engine's key.
API_CODES = {
    "invalid": "Bad input: a field (named in fields and detail) or a value out of range.",
    "parse_error": "The body is not valid JSON.",
    "unsupported_media_type": "Send JSON (Content-Type: application/json).",
    "invalid_options": "The game refused these options (or a game's own key, e.g. race.bad_target).",
    "bad_move_shape": "The move is not an object with a known type and fields of the right types.",
    "unknown_move_type": "No move of this type in this game (params.known lists them).",
    "not_authenticated": "No credentials: send Authorization: Bearer <key>.",
    "authentication_failed": "An unknown, expired or revoked token, or a malformed Authorization header.",
    "permission_denied": "The token's scopes do not allow this.",
    "not_allowed": "Not yours to do (not your seat, not your game).",
    "not_found": "No such game or address (a game you may not see is answered the same way).",
    "method_not_allowed": "This address does not take this HTTP method.",
    "not_acceptable": "The Accept header asks for a format the API does not serve.",
    "stale_version": "The game moved on since the version you sent: read it again (version is the current).",
    "not_your_turn": "Your seat owes no decision and may not act now.",
    "game_not_in_progress": "The game has not started or is over (moving, resigning...).",
    "conflict": "The game's state does not allow this now.",
    "damaged_game": "The game's stored state cannot be read: staff were told.",
    "rate_limited": "Too many requests: wait Retry-After seconds (RateLimit-* headers).",
    "error": "Any other refusal.",
}


class ErrorSerializer(serializers.Serializer):
    code = serializers.CharField(
        help_text="Stable, for programs to branch on. "
        + " ".join(f"{code}: {meaning}" for code, meaning in API_CODES.items())
        + " Otherwise, the engine's key of an illegal move (e.g. <game>.not_enough_gold)."
    )
    detail = serializers.CharField(help_text="The refusal in words, in the caller's language.")
    params = serializers.DictField(help_text="The values the message names (e.g. seen and now versions).")
    version = serializers.IntegerField(required=False, help_text="The game's current version.")
    fields = serializers.DictField(
        child=serializers.ListField(child=serializers.CharField()),
        required=False,
        help_text="A body that does not fit: field → what is wrong.",
    )


def error_responses(*statuses: int) -> dict:
    """The documented refusals of an operation (every operation has 401 and 403)."""
    words = {
        400: "Bad input or an illegal move.",
        401: "No token, or an unknown or revoked one.",
        403: "Not allowed (not your seat, or the token's scopes).",
        404: "No such game (or not yours to see).",
        409: "The game moved on: stale version (your own seat or the platform acted since, or a repeated "
             "move), a move no longer legal after other seats moved (the engine's key), not your turn, "
             "not in progress.",
        429: "Too many moves: wait (Retry-After, RateLimit-* headers).",
    }
    return {s: OpenApiResponse(ErrorSerializer, description=words[s]) for s in sorted({401, 403, *statuses})}


def code_of(exc: ServiceError) -> str:
    if isinstance(exc, BadMove):
        return exc.key
    return getattr(exc, "code", None) or next(code for kind, code in CODES if isinstance(exc, kind))


def exception_handler(exc, context):
    view = context.get("view")
    version = getattr(view, "visible_version", None)
    if isinstance(exc, ServiceError):
        data = {"code": code_of(exc), "detail": text_of(exc), "params": exc.params}
        if version is not None:
            data["version"] = version()
        response = Response(data, status=status_of(exc))
    else:
        response = drf_exception_handler(exc, context)
        if response is None:
            return None
        response.data = _shape(exc, response.data)
    if isinstance(exc, exceptions.NotAuthenticated | exceptions.AuthenticationFailed):
        response.status_code = 401
        response["WWW-Authenticate"] = 'Bearer realm="api"'
    return response


def _shape(exc, data) -> dict:
    if isinstance(exc, exceptions.ValidationError):
        fields = data if isinstance(data, dict) else {"non_field_errors": data}
        fields = {k: [str(m) for m in (v if isinstance(v, list) else [v])] for k, v in fields.items()}
        first = next(iter(fields.items()), ("", [""]))
        return {
            "code": "invalid",
            "detail": f"{first[0]}: {first[1][0]}" if first[0] else first[1][0],
            "params": {},
            "fields": fields,
        }
    detail = data.get("detail", "") if isinstance(data, dict) else str(data)
    code = getattr(detail, "code", None) or getattr(exc, "default_code", "error")
    params = {"wait": exc.wait} if isinstance(exc, exceptions.Throttled) and exc.wait is not None else {}
    return {"code": {"throttled": "rate_limited"}.get(code, code), "detail": str(detail), "params": params}


def with_limit_headers(response, headers: dict[str, str]):
    """The limit's headers on any answer; a 429 also says when to come back (``Retry-After``)."""
    for name, value in headers.items():
        response[name] = value
    if response.status_code == 429:
        response["Retry-After"] = str(max(1, int(headers["RateLimit-Reset"])))
    return response


BOT_ACCOUNT_MOVE_RATE = "600/min"  # a bot account's own rate (settings.BOT_ACCOUNT_MOVE_RATE): many games at once


def move_rate(bot: bool) -> str:
    """The moves' rate: a person's (REST_FRAMEWORK "moves", 120/min) or a bot account's."""
    if bot:
        return getattr(settings, "BOT_ACCOUNT_MOVE_RATE", BOT_ACCOUNT_MOVE_RATE)
    return settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"]["moves"]


BOT_ACCOUNT_GAMES_PER_HOUR = 60  # settings.BOT_ACCOUNT_GAMES_PER_HOUR: a bot plays many games


def games_per_hour(bot: bool) -> int:
    """How many games a player may open in an hour: a person's (GAMES_PER_HOUR) or a bot account's."""
    if bot:
        return getattr(settings, "BOT_ACCOUNT_GAMES_PER_HOUR", BOT_ACCOUNT_GAMES_PER_HOUR)
    return settings.GAMES_PER_HOUR


class MoveLimit(SlidingLimit):
    def __init__(self, user_id: int, *, bot: bool = False):
        super().__init__("bot-moves" if bot else "moves", user_id, move_rate(bot))

    def check(self) -> None:
        if self.full():
            raise exceptions.Throttled(wait=self.reset())


class CheckLimit(SlidingLimit):
    """Dry-run checks of a move per player (``POST …/moves/check/``), at the moves' rate: each one counts,
    accepted or refused (a probe changes nothing, but each costs the engine a move's work)."""

    def __init__(self, user_id: int, *, bot: bool = False):
        super().__init__("bot-move-checks" if bot else "move_checks", user_id, move_rate(bot))

    def check(self) -> None:
        if self.full():
            raise exceptions.Throttled(wait=self.reset())


class ReadLimit(SlidingLimit):
    """Reads of a game that compute its view and legal moves (GET a game, its legal moves), per player (rate
    "reads", 600/min): each can cost an engine tens of milliseconds (issue 39.7), so a script looping on them
    is held back like one looping on moves. Every read counts, refused ones included (they cost a lookup)."""

    def __init__(self, user_id: int):
        super().__init__("reads", user_id, settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"]["reads"])

    def check(self) -> None:
        if self.full():
            raise exceptions.Throttled(wait=self.reset())
        self.record()


class RefusedMoveLimit(SlidingLimit):
    """Refused moves per player, the pages and the API counted together (rate "refused_moves", 60/min; issue
    39.2): a refusal costs the server a game load and the engine's check, so a script sending moves that
    cannot land is slowed as one that lands too many. The accepted ones count against ``MoveLimit``."""

    def __init__(self, user_id: int):
        super().__init__("refused-moves", user_id,
                         settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"]["refused_moves"])

    def check(self) -> None:
        if self.full():
            raise exceptions.Throttled(wait=self.reset())


class UndoLimit(SlidingLimit):
    """Moves taken back per player, the pages and the API counted together (rate "undos", 30/hour): each
    one adds two rows to the game's log (the undo and the move made again), so a script looping on it grew a
    log by thousands of rows an hour. A refused undo costs nothing."""

    def __init__(self, user_id: int):
        super().__init__("undos", user_id, settings.REST_FRAMEWORK["DEFAULT_THROTTLE_RATES"]["undos"])

    def check(self) -> None:
        if self.full():
            raise exceptions.Throttled(wait=self.reset())
