"""REST API (DRF). Session auth for the site, token auth for programs: a bot
written by a user plays through these endpoints with its owner's token.

Errors always carry a ``detail`` a person can act on: 400 bad input or an
illegal move (with the engine's ``code``), 403 not your seat, 404 unknown or
private game, 409 the game moved on (stale or repeated submission)."""

from __future__ import annotations

from django.http import Http404
from drf_spectacular.utils import OpenApiParameter, extend_schema, inline_serializer
from rest_framework import mixins, serializers, status, viewsets
from rest_framework.decorators import action
from rest_framework.pagination import PageNumberPagination
from rest_framework.response import Response
from rest_framework.views import exception_handler as drf_exception_handler

from . import selectors, services, texts
from .http_errors import status_of, text_of
from .models import Game, Seat


class UndoSerializer(serializers.Serializer):
    version = serializers.IntegerField(help_text="The game's current version (the one your move made).")


def exception_handler(exc, context):
    if isinstance(exc, services.ServiceError):
        data = {"detail": text_of(exc)}
        if isinstance(exc, services.BadMove):
            data["code"] = exc.key
            data["params"] = exc.params
        return Response(data, status=status_of(exc))
    return drf_exception_handler(exc, context)


class SeatSerializer(serializers.ModelSerializer):
    player = serializers.SerializerMethodField()

    class Meta:
        model = Seat
        fields = ["index", "kind", "player", "bot_level", "colour", "owes_move", "deadline", "resigned",
                  "forfeited", "substitute_bot"]

    def get_player(self, seat) -> str | None:
        return seat.user.get_username() if seat.user_id else None


class GameSummarySerializer(serializers.ModelSerializer):
    seats = SeatSerializer(many=True, read_only=True)

    class Meta:
        model = Game
        fields = ["id", "game_type", "options", "status", "version", "is_private", "created_at", "started_at",
                  "finished_at", "initial_seconds", "increment_seconds", "max_seconds", "timeout_rule", "seats",
                  "result"]


class GameDetailSerializer(GameSummarySerializer):
    my_seat = serializers.SerializerMethodField()
    pending = serializers.SerializerMethodField()
    view = serializers.SerializerMethodField()

    class Meta(GameSummarySerializer.Meta):
        fields = GameSummarySerializer.Meta.fields + ["my_seat", "pending", "view"]

    def get_my_seat(self, game) -> int | None:
        gv = self.context["gv"]
        return gv.seat.index if gv.seat else None

    def get_pending(self, game) -> list[int]:
        return sorted(self.context["gv"].pending)

    def get_view(self, game) -> dict | None:
        return self.context["gv"].view


class MoveSubmitSerializer(serializers.Serializer):
    version = serializers.IntegerField(min_value=0, help_text="The game version the move was chosen at.")
    move = serializers.DictField(help_text='The move, one of the objects from legal-moves, e.g. {"type": "pass"}.')


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


LOG_PAGE = 500  # log rows per answer; the next ones with ?after=<last seq>


class GameViewSet(mixins.ListModelMixin, mixins.RetrieveModelMixin, viewsets.GenericViewSet):
    serializer_class = GameSummarySerializer
    queryset = Game.objects.none()
    pagination_class = GamePages

    def get_throttles(self):
        # Only move submissions are throttled (ScopedRateThrottle, rate "moves").
        self.throttle_scope = "moves" if self.action == "moves" else None
        return super().get_throttles()

    def get_queryset(self):
        return selectors.game_search(
            user=self.request.user,
            game_type=self.request.query_params.get("game_type"),
            status=self.request.query_params.get("status"),
        ).order_by("-updated_at")

    def _game(self) -> Game:
        try:
            game = selectors.game_with_seats(int(self.kwargs["pk"]))
        except ValueError:
            raise Http404 from None
        if game is None or not selectors.can_view(game, self.request.user):
            raise Http404
        return game

    @extend_schema(
        parameters=[
            OpenApiParameter("game_type", str, description="Only games of this type (a game's slug)."),
            OpenApiParameter("status", str, description="open, active, finished, cancelled or aborted."),
        ]
    )
    def list(self, request, *args, **kwargs):
        return super().list(request, *args, **kwargs)

    @extend_schema(responses=GameDetailSerializer)
    def retrieve(self, request, *args, **kwargs):
        """The game as the caller's seat sees it (a spectator's view for others)."""
        game = self._game()
        gv = selectors.game_view_for(game, request.user)
        return Response(GameDetailSerializer(game, context={"gv": gv, "request": request}).data)

    @extend_schema(
        responses=inline_serializer(
            "LegalMoves",
            {"version": serializers.IntegerField(), "seat": serializers.IntegerField(allow_null=True),
             "moves": serializers.ListField(child=serializers.DictField())},
        )
    )
    @action(detail=True, methods=["get"], url_path="legal-moves")
    def legal_moves(self, request, pk=None):
        """Every move the caller's seat may make now (empty when it owes nothing)."""
        game = self._game()
        gv = selectors.game_view_for(game, request.user)
        return Response({"version": game.version, "seat": gv.seat.index if gv.seat else None,
                         "moves": gv.legal_moves})

    @extend_schema(request=MoveSubmitSerializer, responses={200: GameDetailSerializer})
    @action(detail=True, methods=["post"])
    def moves(self, request, pk=None):
        """Submit a move with the version it was chosen at. 409 if the game moved on."""
        game = self._game()
        body = MoveSubmitSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        services.move_apply(game_id=game.pk, user=request.user, move=body.validated_data["move"],
                            expected_version=body.validated_data["version"])
        game = self._game()
        gv = selectors.game_view_for(game, request.user)
        return Response(GameDetailSerializer(game, context={"gv": gv, "request": request}).data)

    @extend_schema(
        parameters=[OpenApiParameter("after", int, description="Only moves after this sequence number.")],
        responses=LogLineSerializer(many=True),
    )
    @action(detail=True, methods=["get"], pagination_class=None)  # pages by ``after``, not page numbers
    def log(self, request, pk=None):
        """The move log as the caller's seat may read it, with sentences in the caller's language.
        At most 500 rows per answer, oldest first: ask again with ``after`` = the last ``seq`` for more."""
        game = self._game()
        seat = selectors.seat_of(game, request.user)
        try:
            after = int(request.query_params.get("after", "0"))
        except ValueError:
            return Response({"detail": "“after” must be a number."}, status=status.HTTP_400_BAD_REQUEST)
        names = [s.display_name for s in game.seats.all()]
        undone = selectors.reads_undone_moves(request.user, seat)
        rows = selectors.moves_for(game, seat.index if seat else None, after_seq=after,
                                   first=LOG_PAGE, include_undone=undone)
        texts.names_at_rows(game, rows, names)
        return Response([
            {"seq": r.seq, "seat": r.seat, "kind": r.kind, "created_at": r.created_at, "entries": r.visible,
             "text": [texts.log_line(game.game_type, e, r.names, game.options) for e in r.visible]}
            for r in rows
        ])

    @extend_schema(request=None, responses={200: GameDetailSerializer})
    @action(detail=True, methods=["post"])
    def resign(self, request, pk=None):
        game = self._game()
        services.game_resign(game_id=game.pk, user=request.user)
        game = self._game()
        gv = selectors.game_view_for(game, request.user)
        return Response(GameDetailSerializer(game, context={"gv": gv, "request": request}).data)

    @extend_schema(request=UndoSerializer, responses={200: GameDetailSerializer})
    @action(detail=True, methods=["post"])
    def undo(self, request, pk=None):
        """Take back your own last move (version: the game's current one). Allowed only while nobody
        else has moved since and the move showed nothing hidden; 403 otherwise, 409 if the game moved on."""
        game = self._game()
        body = UndoSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        services.move_undo(game_id=game.pk, user=request.user,
                           expected_version=body.validated_data["version"])
        game = self._game()
        gv = selectors.game_view_for(game, request.user)
        return Response(GameDetailSerializer(game, context={"gv": gv, "request": request}).data)

    @extend_schema(
        request=inline_serializer("Join", {"token": serializers.CharField(required=False)}),
        responses={200: GameDetailSerializer},
    )
    @action(detail=True, methods=["post"])
    def join(self, request, pk=None):
        """Take an open seat (private games need the invitation token)."""
        try:
            game = Game.objects.get(pk=int(pk))
        except (Game.DoesNotExist, ValueError):
            raise Http404 from None
        token = request.data.get("token") if hasattr(request.data, "get") else None
        if game.is_private and token != game.invite_token and not game.seats.filter(user=request.user).exists():
            raise Http404
        services.game_join(game_id=game.pk, user=request.user, invite_token=token)
        game = self._game()
        gv = selectors.game_view_for(game, request.user)
        return Response(GameDetailSerializer(game, context={"gv": gv, "request": request}).data)
