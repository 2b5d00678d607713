"""The API beyond one game: who I am (``/api/me/``), my tokens (``/api/tokens/``), and the games
the site has with their options, bot levels and JSON Schemas (``/api/game-types/``)."""

from __future__ import annotations

from django.http import Http404, JsonResponse
from drf_spectacular.utils import OpenApiResponse, extend_schema, inline_serializer
from rest_framework import serializers, status
from rest_framework.permissions import AllowAny
from rest_framework.response import Response
from rest_framework.views import APIView

from players import tokens
from players.models import ApiToken

from . import bots, registry
from .api_auth import scopes_of
from .api_errors import error_responses
from .models import Game, Seat


class MeView(APIView):
    @extend_schema(
        responses={
            200: inline_serializer(
                "Me",
                {
                    "username": serializers.CharField(),
                    "scopes": serializers.ListField(child=serializers.CharField()),
                    "my_turn": serializers.ListField(
                        child=serializers.IntegerField(), help_text="Games where I owe a move."
                    ),
                    "active": serializers.ListField(
                        child=serializers.IntegerField(), help_text="My games in progress."
                    ),
                    "challenges": serializers.ListField(
                        child=serializers.IntegerField(), help_text="Games I am invited to (join or decline)."
                    ),
                },
            ),
            **error_responses(),
        }
    )
    def get(self, request):
        """The caller, its token's scopes, and its games that need attention."""
        seats = Seat.objects.filter(
            user=request.user, game__status__in=[Game.Status.OPEN, Game.Status.ACTIVE]
        ).values_list("game_id", "game__status", "kind", "owes_move", "substitute_bot")
        mine = [(g, s, k, o and not bot) for g, s, k, o, bot in seats]
        return Response(
            {
                "username": request.user.get_username(),
                "scopes": sorted(scopes_of(request.auth)),
                "my_turn": sorted(
                    g for g, s, k, owes in mine if s == Game.Status.ACTIVE and k == Seat.Kind.HUMAN and owes
                ),
                "active": sorted(
                    g for g, s, k, _o in mine if s == Game.Status.ACTIVE and k == Seat.Kind.HUMAN
                ),
                "challenges": sorted(
                    g for g, s, k, _o in mine if s == Game.Status.OPEN and k == Seat.Kind.INVITED
                ),
            }
        )


class TokenSerializer(serializers.ModelSerializer):
    class Meta:
        model = ApiToken
        fields = ["id", "name", "prefix", "scopes", "created_at", "last_used_at"]


class TokenCreateSerializer(serializers.Serializer):
    name = serializers.CharField(max_length=60)
    scopes = serializers.ListField(child=serializers.ChoiceField(ApiToken.SCOPES), min_length=1)


class TokensView(APIView):
    scope_for = staticmethod(lambda request: "read")  # what a new token may do is checked below

    @extend_schema(responses={200: TokenSerializer(many=True), **error_responses()})
    def get(self, request):
        """My active tokens (never their keys)."""
        active = ApiToken.objects.filter(user=request.user, revoked_at__isnull=True)
        return Response(TokenSerializer(active, many=True).data)

    @extend_schema(
        request=TokenCreateSerializer,
        responses={
            201: inline_serializer(
                "NewToken",
                {
                    "token": TokenSerializer(),
                    "key": serializers.CharField(
                        help_text="Send as Authorization: Bearer <key>. Shown this once only."
                    ),
                },
            ),
            **error_responses(400),
        },
    )
    def post(self, request):
        """A new named token with some scopes (at most the caller's own). Its key is in this answer only."""
        body = TokenCreateSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        wanted = set(body.validated_data["scopes"])
        if not wanted <= scopes_of(request.auth):
            raise serializers.ValidationError({"scopes": ["A token cannot give more than its own scopes."]})
        token, key = tokens.token_create(user=request.user, name=body.validated_data["name"], scopes=wanted)
        return Response({"token": TokenSerializer(token).data, "key": key}, status=status.HTTP_201_CREATED)


class TokenView(APIView):
    scope_for = staticmethod(lambda request: "read")

    @extend_schema(
        responses={204: OpenApiResponse(description="Revoked: it no longer works."), **error_responses(404)}
    )
    def delete(self, request, pk: int):
        """Revoke one of my tokens (it may be the one making this call)."""
        if not ApiToken.objects.filter(user=request.user, pk=pk, revoked_at__isnull=True).exists():
            raise Http404
        tokens.token_revoke(user=request.user, token_id=pk)
        return Response(status=status.HTTP_204_NO_CONTENT)


def _game_type(definition) -> dict:
    engine = definition.engine
    return {
        "slug": engine.slug,
        "name": engine.name,
        "min_players": engine.min_players,
        "max_players": engine.max_players,
        "options": [
            {"name": o.name, "choices": list(o.choices), "default": o.default} for o in engine.options
        ],
        "bot_levels": bots.levels_for(engine.slug),
        "move_schema": f"/api/game-types/{engine.slug}/move-schema/",
        "view_schema": f"/api/game-types/{engine.slug}/view-schema/",
    }


class GameTypeSerializer(serializers.Serializer):
    slug = serializers.CharField()
    name = serializers.CharField()
    min_players = serializers.IntegerField()
    max_players = serializers.IntegerField()
    options = serializers.ListField(child=serializers.DictField())
    bot_levels = serializers.ListField(child=serializers.CharField())
    move_schema = serializers.CharField(help_text="Address of the JSON Schema of its moves.")
    view_schema = serializers.CharField(help_text="Address of the JSON Schema of its view.")


class GameTypesView(APIView):
    permission_classes = [AllowAny]
    authentication_classes = []

    @extend_schema(responses={200: GameTypeSerializer(many=True)}, auth=[])
    def get(self, request):
        """The games of this site: options, bot levels, and the JSON Schemas of their moves and views."""
        return Response([_game_type(d) for d in registry.definitions()])


class GameTypeView(APIView):
    permission_classes = [AllowAny]
    authentication_classes = []

    @extend_schema(
        responses={200: GameTypeSerializer, 404: OpenApiResponse(description="No such game.")}, auth=[]
    )
    def get(self, request, slug: str):
        try:
            return Response(_game_type(registry.definition(slug)))
        except KeyError:
            raise Http404 from None


def schema_view(kind: str):
    """The raw JSON Schema (2020-12) of a game's moves or view, as the game wrote it."""

    def view(request, slug: str):
        try:
            definition = registry.definition(slug)
        except KeyError:
            raise Http404 from None
        return JsonResponse(getattr(definition.schemas, kind), content_type="application/schema+json")

    return view
