"""The games the site has, with their options, bot levels and JSON Schemas (``/api/game-types/``)."""

from __future__ import annotations

from django.http import Http404, JsonResponse
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_GET
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import serializers
from rest_framework.permissions import AllowAny
from rest_framework.response import Response
from rest_framework.views import APIView

from . import bots, registry


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

    @csrf_exempt  # a read: nothing to forge; other methods get a 405, not a CSRF page
    @require_GET
    def view(request, slug: str):
        try:
            definition = registry.definition(slug)
        except KeyError:
            raise Http404 from None
        return JsonResponse(getattr(definition.schemas, kind), content_type="application/schema+json")

    return view
