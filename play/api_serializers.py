"""The REST API's shapes (DRF serializers, the JSON schemas drf-spectacular publishes, the games list's pages):
what a game, a seat, a move and a result look like on the wire. The views are ``play.api``."""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _
from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers
from rest_framework.pagination import PageNumberPagination

from . import registry
from .json_input import EchoCutChoiceField, StrictCharField
from .models import Game, Seat
from .services import MAX_BANK_SECONDS, MAX_INCREMENT_SECONDS

RANGE_SCHEMA = {
    "type": "object", "required": ["kind"],
    "description": "A field's range: int {min, max}; choice {of: [values]} (one of them); subset "
                   "{of: [values], min, max} (a list of min..max distinct values); bundle {of: {name: most}, "
                   "min_total, max_total} (an object name -> count, 0..most each, total within bounds).",
    "properties": {"kind": {"type": "string", "enum": ["int", "choice", "subset", "bundle"]},
                   "min": {"type": "integer"}, "max": {"type": "integer"},
                   "of": {"description": "choice and subset: the list of values; bundle: an object "
                                         "name -> the most of it."},
                   "min_total": {"type": "integer"}, "max_total": {"type": "integer"}},
}
LEGAL_MOVES_SCHEMA = {
    "type": "array",
    "items": {"type": "object", "additionalProperties": True, "required": ["type"],
              "properties": {"type": {"type": "string"},
                             "ranges": {"type": "object", "additionalProperties": RANGE_SCHEMA,
                                        "description": "Optional: field -> range. The move to send is this "
                                                       "object without “ranges”, each named field filled "
                                                       "with a value within its range (the game's rules "
                                                       "may still refuse a filling: a 400)."},
                             "example": {"type": "object", "additionalProperties": True, "required": ["type"],
                                         "description": "Asked with examples=true (the API) or examples=1 "
                                                        "(the streams); with “ranges”: one filling the game "
                                                        "accepts on "
                                                        "this position (drawn as the site's bots draw, "
                                                        "checked by the rules), to send as it is when "
                                                        "you have no better one. Absent when none was "
                                                        "found quickly: fill the ranges yourself."}}},
    "description": "The caller's legal moves now, when its seat owes a decision or may act without owing "
                   "(empty otherwise): objects of the game's move schema (/api/game-types/{slug}/). A move "
                   "with “ranges” stands for the moves made by filling its fields within their ranges; the "
                   "game's rules still judge the filled move (a subset may have to be connected squares): one "
                   "they refuse is a 400 with the game's code and changes nothing, so fill it again.",
}


RESULT_SCHEMA = {
    "type": "object", "nullable": True,
    "description": "How the game ended: null until it is over. Every list is per seat, in seat order. When "
                   "the rules end the game, scores are the game's. When players leave (resign, or time out "
                   "under the forfeit rule) and more than one player or bot is left, a bot plays the leaver's "
                   "seat to the end: scores are the game's, every leaver ranked after every seat that stayed. "
                   "When at most one is left the game ends at once: every score null, the stayer ranked 1, "
                   "the leavers after. A one-seat game left: scores [null], ranks [null], solo.won false.",
    "properties": {
        "scores": {"type": "array", "items": {"type": "number", "nullable": True},
                   "description": "The game's score of each seat; null when the game ended because players "
                                  "left (see above)."},
        "ranks": {"type": "array", "items": {"type": "integer", "nullable": True},
                  "description": "1 for a winner; equal ranks share; seats that left rank after every seat "
                                 "that stayed."},
        "details": {"type": "array", "items": {"type": "object", "additionalProperties": True},
                    "description": "The game's breakdown of each score (empty objects when players left)."},
        "tiebreak": {"type": "string", "nullable": True,
                     "description": "The key of the tie-break the game applied, if any."},
        "left": {"type": "array", "items": {"type": "integer"},
                 "description": "The seats that resigned or forfeited."},
        "solo": {"type": "object", "description": "A one-seat game: won or lost against the game itself, "
                                                  "and the rank reached (a key of the game's texts).",
                 "properties": {"won": {"type": "boolean"}, "label_key": {"type": "string"},
                                "label_params": {"type": "object", "additionalProperties": True}}},
        "adjudicated": {"type": "boolean", "description": "A moderator decided the result."},
        "rated": {"type": "boolean", "description": "An adjudicated game: whether it counts for ratings."},
    },
}


@extend_schema_field(RESULT_SCHEMA)
class ResultField(serializers.JSONField):
    """``Game.result``, documented (a resigned game's scores included)."""


class UndoSerializer(serializers.Serializer):
    version = serializers.IntegerField(help_text="The game's current version (the one your move made).")


class SeatSerializer(serializers.ModelSerializer):
    player = serializers.SerializerMethodField()
    player_is_bot = serializers.SerializerMethodField(
        help_text="The player's account is a bot account (marked by its owner: a program plays it).")

    class Meta:
        model = Seat
        fields = ["index", "kind", "player", "player_is_bot", "bot_level", "colour", "owes_move", "deadline",
                  "resigned", "forfeited", "substitute_bot"]

    def get_player(self, seat) -> str | None:
        return seat.user.get_username() if seat.user_id else None

    def get_player_is_bot(self, seat) -> bool:
        return seat.is_bot_account


class GameSummarySerializer(serializers.ModelSerializer):
    seats = SeatSerializer(many=True, read_only=True)
    result = ResultField(read_only=True, allow_null=True)

    class Meta:
        model = Game
        fields = ["id", "game_type", "options", "status", "version", "is_private", "created_at", "started_at",
                  "finished_at", "initial_seconds", "increment_seconds", "max_seconds", "timeout_rule", "seats",
                  "result"]


class GameDetailSerializer(GameSummarySerializer):
    my_seat = serializers.SerializerMethodField()
    pending = serializers.SerializerMethodField()
    may_act = serializers.SerializerMethodField()
    legal_moves = serializers.SerializerMethodField()
    view = serializers.SerializerMethodField()
    answer = serializers.SerializerMethodField(help_text="full: this shape (the answer= you sent, or none).")

    class Meta(GameSummarySerializer.Meta):
        fields = GameSummarySerializer.Meta.fields + ["my_seat", "pending", "may_act", "legal_moves", "view",
                                                      "answer"]

    def get_answer(self, game) -> str:
        return "full"

    def get_my_seat(self, game) -> int | None:
        gv = self.context["gv"]
        return gv.seat.index if gv.seat else None

    @extend_schema_field({"type": "array", "items": {"type": "integer"},
                          "description": "The seats that OWE a decision: their clocks run, they are sent "
                                         "“your turn”, they can time out."})
    def get_pending(self, game) -> list[int]:
        return sorted(self.context["gv"].pending)

    @extend_schema_field({"type": "array", "items": {"type": "integer"},
                          "description": "The seats that MAY act now without owing (make or answer an offer): "
                                         "no clock runs for them."})
    def get_may_act(self, game) -> list[int]:
        return sorted(self.context["gv"].may_act)

    @extend_schema_field(LEGAL_MOVES_SCHEMA)
    def get_legal_moves(self, game):
        return self.context["gv"].legal_moves

    @extend_schema_field({"type": "object", "additionalProperties": True, "nullable": True,
                          "description": "What the caller's seat (or a spectator) sees: the game's view "
                                         "schema (/api/game-types/{slug}/)."})
    def get_view(self, game):
        return self.context["gv"].view


class CompactAnswerSerializer(serializers.Serializer):
    """A move's answer without the view (``?answer=compact``): enough to play on."""

    answer = serializers.CharField(help_text="compact: this shape (you sent answer=compact).")
    id = serializers.IntegerField()
    version = serializers.IntegerField()
    status = serializers.ChoiceField(choices=Game.Status.choices)  # the same StatusEnum as GameDetail's
    my_seat = serializers.IntegerField(allow_null=True)
    pending = serializers.ListField(child=serializers.IntegerField())
    may_act = serializers.ListField(child=serializers.IntegerField())
    legal_moves = serializers.ListField(child=serializers.DictField())
    result = ResultField(allow_null=True)


class MoveSubmitSerializer(serializers.Serializer):
    game_type = StrictCharField(required=False, max_length=40,
                                help_text="The game's type (optional): a typed client's request names it.")
    version = serializers.IntegerField(min_value=0, help_text="The game version the move was chosen at.")
    move = serializers.DictField(help_text="The move: one of the objects from legal-moves, e.g. "
                                           '{"type": "pass"}; its shape is the game\'s move schema '
                                           "(/api/game-types/{slug}/).")


class JoinSerializer(serializers.Serializer):
    token = StrictCharField(required=False, help_text="A private game's invitation token.")


class SeatRequestSerializer(serializers.Serializer):
    kind = EchoCutChoiceField(["me", "open", "invite", "bot"],
                              help_text="me (exactly one), open (anyone may join), invite (a player, "
                                        "by username), bot (a site bot, by level).")
    username = StrictCharField(required=False, default="", allow_blank=True, max_length=150)
    bot_level = StrictCharField(required=False, default="", allow_blank=True, max_length=20)


class GameCreateSerializer(serializers.Serializer):
    game_type = StrictCharField(max_length=40, help_text="A game's slug (/api/game-types/).")
    options = serializers.DictField(required=False, default=dict,
                                    help_text="The game's options (/api/game-types/); missing ones take "
                                              "their defaults.")
    seats = SeatRequestSerializer(many=True, help_text="One entry per seat, in seat order.")
    private = serializers.BooleanField(required=False, default=False)
    # The service's own ranges (1 hour to 60 days, at most 30 days a move), so a number past any database
    # column is a 400 here, never an overflow.
    initial_seconds = serializers.IntegerField(required=False, default=3 * 86400, min_value=3600,
                                               max_value=MAX_BANK_SECONDS)
    increment_seconds = serializers.IntegerField(required=False, default=86400, min_value=0,
                                                 max_value=MAX_INCREMENT_SECONDS)
    max_seconds = serializers.IntegerField(required=False, default=7 * 86400, min_value=3600,
                                           max_value=MAX_BANK_SECONDS)

    def validate(self, data):
        """Each option named and valued as /api/game-types/ lists them; a refusal names its field
        (``options.<name>``, or ``options`` for a name the game does not have: never the sender's text)."""
        try:
            engine = registry.definition(data["game_type"]).engine
        except KeyError:
            message = _("No game of this type (see /api/game-types/).")
            raise serializers.ValidationError({"game_type": [message]}) from None
        specs = {spec.name: spec for spec in engine.options}
        problems = {}
        for name, value in data["options"].items():
            spec = specs.get(name)
            if spec is None:
                problems["options"] = [_("Unknown option; the options of this game: %(names)s.")
                                       % {"names": ", ".join(specs) or "-"}]
            elif isinstance(value, bool) or value not in spec.choices:
                problems[f"options.{name}"] = [_("One of: %(choices)s.")
                                               % {"choices": ", ".join(str(c) for c in spec.choices)}]
        if problems:
            raise serializers.ValidationError(problems)
        return data


class LogLineSerializer(serializers.Serializer):
    seq = serializers.IntegerField()
    seat = serializers.IntegerField(allow_null=True)
    kind = serializers.CharField()
    created_at = serializers.DateTimeField()
    entries = serializers.ListField(child=serializers.DictField())
    text = serializers.ListField(child=serializers.CharField())


class GamePages(PageNumberPagination):
    """The games list comes in pages (``count``, ``next``, ``previous``, ``results``):
    its cost must not grow with the site. ``page_size`` may be asked, up to the maximum."""

    page_size = 50
    page_size_query_param = "page_size"
    max_page_size = 200

    def get_page_size(self, request):
        raw = request.query_params.get(self.page_size_query_param)
        if raw is not None:
            try:
                size = int(raw)
            except ValueError:
                size = 0
            if size < 1:  # DRF would quietly use the default: say what is wrong instead
                message = f"A whole number from 1 (at most {self.max_page_size} are given)."
                raise serializers.ValidationError({self.page_size_query_param: message})
        return super().get_page_size(request)

    def get_schema_operation_parameters(self, view):
        parameters = super().get_schema_operation_parameters(view)
        for parameter in parameters:
            parameter["schema"]["minimum"] = 1
            if parameter["name"] == self.page_size_query_param:
                parameter["description"] = (f"Games per page (default {self.page_size}; more than "
                                            f"{self.max_page_size} gives {self.max_page_size}).")
        return parameters
