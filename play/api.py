"""REST API (DRF): the games. Tokens for programs (``play.api_auth``: named, scoped, revocable),
the session for the site's own pages. Bodies are JSON only.

Errors have one shape (``play.api_errors``): a stable ``code``, a ``detail`` a person can act
on, ``params``, and the game's current ``version`` where one is named: 400 bad input or an
illegal move (the engine's key as code), 401 no or bad token, 403 not your seat or not in the
token's scopes, 404 unknown or private game, 409 the game moved on, 429 too many moves.
Waiting for one's turn without polling: ``play.stream``.

Concurrent moves: a move carries the version it was chosen at. When only OTHER seats moved since, it is
checked again on the position as it is now and lands if the engine accepts it; a move after which the
caller's own seat acted (the same move sent twice), or a platform event (undo, time-out, moderator), is a
409 ``stale_version``; a move the engine no longer accepts is a 409 with the engine's key as code. A move of
the wrong shape, or a filling that was never legal (refused on the very position its author saw: outside its
ranges, against the rules), is a 400 whatever the version: 400 means "fill it again", 409 "read the game"."""

from __future__ import annotations

from datetime import timedelta

from django.core.exceptions import ObjectDoesNotExist
from django.http import Http404
from django.utils import timezone
from django.utils.translation import gettext_lazy as _
from drf_spectacular.utils import (
    OpenApiParameter,
    OpenApiResponse,
    PolymorphicProxySerializer,
    extend_schema,
    extend_schema_field,
    inline_serializer,
)
from rest_framework import exceptions, mixins, serializers, status, viewsets
from rest_framework.decorators import action
from rest_framework.response import Response

from . import (
    api_examples,
    api_schema,  # noqa: F401  (the token's OpenAPI security scheme)
    move_input,
    selectors,
    services,
    texts,
)
from .api_errors import (
    CheckLimit,
    MoveLimit,
    ReadLimit,
    RefusedMoveLimit,
    UndoLimit,
    error_responses,
    games_per_hour,
    with_limit_headers,
)
from .api_errors import exception_handler as exception_handler  # settings name it here
from .api_serializers import (
    LEGAL_MOVES_SCHEMA,
    CompactAnswerSerializer,
    GameCreateSerializer,
    GameDetailSerializer,
    GamePages,
    GameSummarySerializer,
    JoinSerializer,
    LogLineSerializer,
    MoveSubmitSerializer,
    UndoSerializer,
)
from .json_input import MOVE_MAX_BYTES
from .limits import limit_headers
from .models import Game

# What the answer= query parameter picks; the answer's own "answer" field says which it is (the discriminator).
ANSWER_PARAMETER = OpenApiParameter(
    "answer", str, enum=["full", "compact"],
    description="The answer's shape: full (default) the game as GameDetail; compact the CompactAnswer (the new "
                "version, who owes a move and your next legal moves, without the view). The answer's own "
                "“answer” field says which it is.")
EXAMPLES_PARAMETER = OpenApiParameter(
    "examples", bool,
    description="true: each legal move with “ranges” also carries an “example”, one filling the game's rules "
                "accept on this position (send it as it is, or fill the ranges yourself). Default false.")
GAME_ANSWER = PolymorphicProxySerializer(
    component_name="GameAnswer", resource_type_field_name="answer",
    serializers={"full": GameDetailSerializer, "compact": CompactAnswerSerializer})


LOG_PAGE = 500  # log rows per answer; the next ones with ?after=<last seq>
def _flag(request, name: str) -> bool:
    """A boolean query parameter: true or false (absent: false); anything else is a 400."""
    value = request.query_params.get(name)
    if value is None or value == "false":
        return False
    if value == "true":
        return True
    raise serializers.ValidationError({name: [_("true or false.")]})


def _answer(request) -> str:
    value = request.query_params.get("answer", "full")
    if value not in ("full", "compact"):
        raise serializers.ValidationError({"answer": [_("full or compact.")]})
    return value


class GameViewSet(mixins.ListModelMixin, mixins.RetrieveModelMixin, viewsets.GenericViewSet):
    serializer_class = GameSummarySerializer
    queryset = Game.objects.none()
    pagination_class = GamePages
    visible_version = None  # set once the caller may see the game: errors then carry its version
    max_body_bytes = MOVE_MAX_BYTES  # a move, a join, a new game's options and seats: small (else 413)

    def scope_for(self, request) -> str:
        return "read" if request.method in ("GET", "HEAD", "OPTIONS") else "play"

    def initial(self, request, *args, **kwargs):
        super().initial(request, *args, **kwargs)
        _answer(request)  # a bad ?answer= (or ?examples=) is refused before anything changes
        _flag(request, "examples")

    def get_queryset(self):
        params = self.request.query_params
        return selectors.game_search(
            user=self.request.user,
            game_type=params.get("game_type") or params.get("game"),
            status=params.get("status"),
            mine=_flag(self.request, "mine"),
            my_turn=_flag(self.request, "my_turn"),
        ).order_by("-updated_at", "-pk")

    def _game(self) -> Game:
        try:
            game = selectors.game_with_seats(int(self.kwargs["pk"]))
        except ValueError:
            raise Http404 from None
        if game is None or not selectors.can_view(game, self.request.user):
            raise Http404
        game_id = game.pk
        self.visible_version = lambda: Game.objects.filter(pk=game_id).values_list("version", flat=True).first()
        return game

    def _detail(self, request, status_code=200) -> Response:
        game = self._game()
        gv = _with_examples(selectors.game_view_for(game, request.user), request)
        if _answer(request) == "compact":
            data = {"answer": "compact", "id": game.pk, "version": game.version, "status": game.status,
                    "my_seat": gv.seat.index if gv.seat else None, "pending": sorted(gv.pending),
                    "may_act": sorted(gv.may_act),
                    "legal_moves": gv.legal_moves, "result": game.result}
        else:
            data = GameDetailSerializer(game, context={"gv": gv, "request": request}).data
        return Response(data, status=status_code)

    @extend_schema(
        parameters=[
            OpenApiParameter("game_type", str, description="Only games of this type (a game's slug)."),
            OpenApiParameter("game", str, description="The same as game_type."),
            OpenApiParameter("status", str, description="open, active, finished, cancelled or aborted."),
            OpenApiParameter("mine", bool, description="Only games where I have a seat or an invitation."),
            OpenApiParameter("my_turn", bool, description="Only games in progress where I owe a move or where "
                             "something addressed to me waits for my answer (an offer made to me)."),
        ],
        responses={200: GameSummarySerializer(many=True), **error_responses(400, 404)},
    )
    def list(self, request, *args, **kwargs):
        """Games I may see (public ones and mine), the most recently changed first, in pages."""
        return super().list(request, *args, **kwargs)

    @extend_schema(request=GameCreateSerializer, parameters=[ANSWER_PARAMETER, EXAMPLES_PARAMETER],
                   responses={201: GAME_ANSWER, **error_responses(400, 429)})
    def create(self, request, *args, **kwargs):
        """Open a game: against site bots (seats of kind bot: it starts at once), a challenge to players
        (invite: they accept with join or decline), or open seats anyone may join. At most GAMES_PER_HOUR
        (12; a bot account BOT_ACCOUNT_GAMES_PER_HOUR, 60) games opened per hour: every answer carries
        RateLimit-Limit, -Remaining, -Reset, a 429 also
        Retry-After."""
        body = GameCreateSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        data = body.validated_data
        game = services.game_create(
            creator=request.user, game_type=data["game_type"], options=data["options"],
            seats=[services.SeatSpec(kind=s["kind"], username=s["username"], bot_level=s["bot_level"])
                   for s in data["seats"]],
            is_private=data["private"], initial_seconds=data["initial_seconds"],
            increment_seconds=data["increment_seconds"], max_seconds=data["max_seconds"],
            max_per_hour=games_per_hour(_is_bot_account(request.user)),
        )
        self.kwargs["pk"] = game.pk
        return self._detail(request, status.HTTP_201_CREATED)

    def finalize_response(self, request, response, *args, **kwargs):
        response = super().finalize_response(request, response, *args, **kwargs)
        if self.action == "create" and request.user.is_authenticated:
            opened = selectors.games_opened_in_the_last_hour(request.user)
            reset = int((opened[0] - (timezone.now() - timedelta(hours=1))).total_seconds()) + 1 if opened else 0
            most = games_per_hour(_is_bot_account(request.user))
            with_limit_headers(response, limit_headers(most, len(opened), reset))
        return response

    @extend_schema(parameters=[ANSWER_PARAMETER, EXAMPLES_PARAMETER],
                   responses={200: GAME_ANSWER, **error_responses(404, 429)})
    def retrieve(self, request, *args, **kwargs):
        """The game as the caller's seat sees it (a spectator's view for others), with its legal moves. Reads of
        games and legal moves: at most 600 a minute per player (RateLimit-Limit, -Remaining, -Reset)."""
        return self._limited_read(request, lambda: self._detail(request))

    def _limited_read(self, request, read) -> Response:
        limit = ReadLimit(request.user.pk)
        try:
            limit.check()
            response = read()
        except Exception as exc:
            response = self.handle_exception(exc)
        return with_limit_headers(response, limit.headers())

    @extend_schema(
        parameters=[EXAMPLES_PARAMETER],
        responses={200: inline_serializer(
            "LegalMoves",
            {"version": serializers.IntegerField(), "seat": serializers.IntegerField(allow_null=True),
             "owes": serializers.BooleanField(help_text="The seat owes a decision (its clock runs); false "
                                                        "with moves: it may act, without a clock."),
             "moves": extend_schema_field(LEGAL_MOVES_SCHEMA)(serializers.ListField(child=serializers.DictField()))},
        ), **error_responses(404, 429)}
    )
    @action(detail=True, methods=["get"], url_path="legal-moves")
    def legal_moves(self, request, pk=None):
        """Every move the caller's seat may make now: when it owes a decision (``owes``) or may act without
        owing (empty otherwise). A move with ``ranges`` stands for many: fill each named field within its
        range; the game's rules may still refuse a filling (a 400 with the game's code: fill it again). Counted
        with the game reads (600 a minute per player)."""
        def read():
            game = self._game()
            gv = _with_examples(selectors.game_view_for(game, request.user), request)
            return Response({"version": game.version, "seat": gv.seat.index if gv.seat else None,
                             "owes": gv.owes, "moves": gv.legal_moves})
        return self._limited_read(request, read)

    @extend_schema(
        request=MoveSubmitSerializer,
        parameters=[ANSWER_PARAMETER, EXAMPLES_PARAMETER],
        responses={200: OpenApiResponse(GAME_ANSWER, description="The game after the move, with your next "
                                        "legal moves: GameDetail, or CompactAnswer with answer=compact."),
                   **error_responses(400, 404, 409, 429)},
    )
    @action(detail=True, methods=["post"])
    def moves(self, request, pk=None):
        """Submit a move with the version it was chosen at. When only other seats moved since that version,
        the move is checked on the game as it is now and lands if still legal (simultaneous decisions never
        collide); 409 stale_version if your own seat acted since (or the move was sent twice) or the platform
        did (undo, time-out, moderator); 409 with the engine's key if the move is no longer legal. A move of the
        wrong shape, or a filling refused on the position you chose it at (never legal), is a 400 whatever the
        version: fill it again. A legal move with ``ranges`` is sent with each named field filled. At most 120
        accepted moves a minute per player (RateLimit-Limit, -Remaining, -Reset), and 60 refused ones (the
        pages' counted too: 429 past it)."""
        game = self._game()
        bot = _is_bot_account(request.user)
        limit, refused = MoveLimit(request.user.pk, bot=bot), RefusedMoveLimit(request.user.pk)
        shown = limit  # the limit whose headers the answer carries: the one that refused, on a 429
        try:
            limit.check()
            shown = refused
            refused.check()
            shown = limit
            move, version = _submitted_move(game, request.data)
            services.move_apply(game_id=game.pk, user=request.user, move=move, expected_version=version)
            limit.record()
            response = self._detail(request)
        except Exception as exc:
            if not isinstance(exc, exceptions.Throttled):
                refused.record()  # a refused move counts too (issue 39.2)
            response = self.handle_exception(exc)
        return with_limit_headers(response, shown.headers())

    @extend_schema(
        request=MoveSubmitSerializer,
        responses={200: OpenApiResponse(inline_serializer("MoveCheck", {
            "accepted": serializers.BooleanField(help_text="Always true: a refusal is the error a move gets."),
            "version": serializers.IntegerField(help_text="The version the move was judged at.")}),
            description="The move would land now."), **error_responses(400, 404, 409, 429)},
    )
    @action(detail=True, methods=["post"], url_path="moves/check")
    def check_move(self, request, pk=None):
        """A dry run: the move judged as ``moves`` would judge it (shape, version, your turn, the game's rules
        on the position as it is now), and nothing changes. 200 ``accepted`` when it would land; else the very
        refusal the move would get (400 fill it again, 409 read the game, with the game's code). At most 120
        checks a minute per player, each counted: RateLimit-Limit, -Remaining, -Reset."""
        game = self._game()
        limit = CheckLimit(request.user.pk, bot=_is_bot_account(request.user))
        try:
            limit.check()
            limit.record()
            move, version = _submitted_move(game, request.data)
            version = services.move_check(game_id=game.pk, user=request.user, move=move, expected_version=version)
            response = Response({"accepted": True, "version": version})
        except Exception as exc:
            response = self.handle_exception(exc)
        return with_limit_headers(response, limit.headers())

    @extend_schema(
        parameters=[OpenApiParameter("after", int, description="Only moves after this sequence number.")],
        responses={200: LogLineSerializer(many=True), **error_responses(400, 404)},
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
            raise serializers.ValidationError({"after": ["“after” must be a number."]}) from None
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

    @extend_schema(request=None, parameters=[ANSWER_PARAMETER, EXAMPLES_PARAMETER],
                   responses={200: GAME_ANSWER, **error_responses(400, 404, 409)})
    @action(detail=True, methods=["post"])
    def resign(self, request, pk=None):
        game = self._game()
        services.game_resign(game_id=game.pk, user=request.user)
        return self._detail(request)

    @extend_schema(request=UndoSerializer, parameters=[ANSWER_PARAMETER, EXAMPLES_PARAMETER],
                   responses={200: GAME_ANSWER, **error_responses(400, 403, 404, 409, 429)})
    @action(detail=True, methods=["post"])
    def undo(self, request, pk=None):
        """Take back your own last move (version: the game's current one), with the bots' replies to it.
        Allowed only while no person and no platform event has acted since, only bot seats replied, and
        neither the move nor a reply showed you anything hidden; 403 otherwise, 409 if the game moved on.
        At most 30 a hour per player, pages included (429 past it): RateLimit-Limit, -Remaining, -Reset."""
        game = self._game()
        limit = UndoLimit(request.user.pk)  # shared with the pages' undo
        try:
            limit.check()
            body = UndoSerializer(data=request.data)
            body.is_valid(raise_exception=True)
            services.move_undo(game_id=game.pk, user=request.user,
                               expected_version=body.validated_data["version"])
            limit.record()
            response = self._detail(request)
        except Exception as exc:
            response = self.handle_exception(exc)
        return with_limit_headers(response, limit.headers())

    @extend_schema(
        request=JoinSerializer, parameters=[ANSWER_PARAMETER, EXAMPLES_PARAMETER],
        responses={200: GAME_ANSWER, **error_responses(400, 404)},
    )
    @action(detail=True, methods=["post"])
    def join(self, request, pk=None):
        """Take an open seat, or accept a challenge (an invitation). Private games need the invitation token."""
        try:
            game = Game.objects.get(pk=int(pk))
        except (Game.DoesNotExist, ValueError):
            raise Http404 from None
        body = JoinSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        token = body.validated_data.get("token")
        if game.is_private and token != game.invite_token and not game.seats.filter(user=request.user).exists():
            raise Http404
        services.game_join(game_id=game.pk, user=request.user, invite_token=token)
        return self._detail(request)

    @extend_schema(
        request=inline_serializer("DeclineRequest", {"reason": serializers.ChoiceField(
            choices=services.DECLINE_REASONS, required=False, default="generic",
            help_text="Told to the challenger: generic (none given), later (not now), game (not this game), "
                      "options (not these options), pace (not this turn time), bots (not against bots).")}),
        responses={200: inline_serializer("Declined", {"id": serializers.IntegerField(),
                                                       "reason": serializers.CharField()}),
                   **error_responses(400, 404)})
    @action(detail=True, methods=["post"])
    def decline(self, request, pk=None):
        """Decline a challenge (your invitation). The seat reopens only for those holding the game's
        invitation link (a challenge never becomes a public game); the challenger hears
        ``challengeDeclined`` with the reason. The answer is not the game: you may no longer see it."""
        game = self._game()
        reason = request.data.get("reason", "generic") if isinstance(request.data, dict) else "generic"
        services.game_decline(game_id=game.pk, user=request.user, reason=str(reason))
        return Response({"id": game.pk, "reason": reason})

    @extend_schema(request=None, parameters=[ANSWER_PARAMETER, EXAMPLES_PARAMETER],
                   responses={200: GAME_ANSWER, **error_responses(400, 404)})
    @action(detail=True, methods=["post"])
    def cancel(self, request, pk=None):
        """Cancel a game you opened, before it starts (a challenge nobody accepted yet)."""
        game = self._game()
        services.game_cancel(game_id=game.pk, user=request.user)
        return self._detail(request)


def _is_bot_account(user) -> bool:
    """The caller's account is a bot account (its own move rate): read through the user's profile."""
    try:
        return bool(user.profile.is_bot)
    except ObjectDoesNotExist:
        return False


def _with_examples(gv, request):
    """With ``?examples=true``, the seat's legal moves with an engine-checked ``example`` on each ranged one
    (``play.api_examples``). Asked for, so that a client that sends a legal move without its ``ranges`` (as
    the documents said before) never sends an ``example`` it did not know of."""
    if _flag(request, "examples"):
        gv.legal_moves = api_examples.with_examples(gv.game, gv.seat.index if gv.seat else None, gv.legal_moves)
    return gv


def _submitted_move(game: Game, data) -> tuple[dict, int]:
    """The move and its version from a move request; a ``game_type`` that is not the game's is a 400 (a typed
    client built the move from another game's classes)."""
    body = MoveSubmitSerializer(data=data)
    body.is_valid(raise_exception=True)
    named = body.validated_data.get("game_type")
    if named is not None and named != game.game_type:
        raise serializers.ValidationError({"game_type": [_("This game is of type %(slug)s.")
                                                         % {"slug": game.game_type}]})
    move = body.validated_data["move"]
    _known_type(game.game_type, move)
    return move, body.validated_data["version"]


def _known_type(game_type: str, move: dict) -> None:
    """The move's shape against the game's move schema (``play.move_input``; the service checks it too)."""
    move_input.check(game_type, move)
