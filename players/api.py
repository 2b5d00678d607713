"""The API about the caller: who I am and what needs me (``/api/me/``), and my tokens
(``/api/tokens/``: several, named, scoped, revocable; ``players.tokens``)."""

from __future__ import annotations

from django.http import Http404
from django.utils.translation import gettext as _
from drf_spectacular.utils import OpenApiResponse, extend_schema, inline_serializer
from rest_framework import serializers, status
from rest_framework.response import Response
from rest_framework.views import APIView

from play.api_auth import scopes_of
from play.api_errors import error_responses
from play.json_input import StrictCharField
from play.models import Game, Seat

from . import bot_accounts, tokens
from .models import ApiToken, Profile


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
    name = StrictCharField(max_length=60)
    scopes = serializers.ListField(child=serializers.ChoiceField(ApiToken.SCOPES), min_length=1)


class TokensView(APIView):
    max_body_bytes = 2 * 1024  # a name of 60 characters and a few scopes (else 413)

    def scope_for(self, request) -> str:
        # Listing needs "read"; making one needs "tokens" (and no more scopes than the caller's, below).
        return "read" if request.method in ("GET", "HEAD", "OPTIONS") else "tokens"

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
        """A new named token with some scopes (at most the caller's own; the caller's token needs the "tokens"
        scope). Its key is in this answer only."""
        body = TokenCreateSerializer(data=request.data)
        body.is_valid(raise_exception=True)
        wanted = set(body.validated_data["scopes"])
        if not wanted <= scopes_of(request.auth):
            raise serializers.ValidationError({"scopes": [_("A token cannot give more than its own scopes.")]})
        token, key = tokens.token_create(user=request.user, name=body.validated_data["name"], scopes=wanted)
        return Response({"token": TokenSerializer(token).data, "key": key}, status=status.HTTP_201_CREATED)


class TokenView(APIView):
    def scope_for(self, request) -> str:
        # A token may always revoke itself; revoking another one needs "tokens" (a bot's read token must
        # not cut its owner's play tokens).
        own = isinstance(request.auth, ApiToken) and str(request.auth.pk) == str(self.kwargs.get("pk"))
        return min(scopes_of(request.auth)) if own else "tokens"

    @extend_schema(
        responses={204: OpenApiResponse(description="Revoked: it no longer works."), **error_responses(404)}
    )
    def delete(self, request, pk: int):
        """Revoke one of my tokens: the one making this call, or another with the "tokens" scope."""
        if not ApiToken.objects.filter(user=request.user, pk=pk, revoked_at__isnull=True).exists():
            raise Http404
        tokens.token_revoke(user=request.user, token_id=pk)
        return Response(status=status.HTTP_204_NO_CONTENT)


class BotAccountView(APIView):
    """``/api/account/bot/``: mark my account as a bot account (issue 45 point 5)."""

    max_body_bytes = 1024

    def scope_for(self, request) -> str:
        return "read" if request.method in ("GET", "HEAD", "OPTIONS") else "tokens"

    @extend_schema(
        responses={200: inline_serializer("BotAccount", {
            "is_bot": serializers.BooleanField(),
            "bot_since": serializers.DateTimeField(allow_null=True)}), **error_responses()})
    def get(self, request):
        """Whether my account is a bot account."""
        return Response(_bot_account(request.user))

    @extend_schema(
        request=inline_serializer("BotAccountMark", {"confirm": serializers.BooleanField(
            help_text="true: you know that you cannot undo it (only the site's staff can).")}),
        responses={200: inline_serializer("BotAccountMarked", {
            "is_bot": serializers.BooleanField(),
            "bot_since": serializers.DateTimeField(allow_null=True)}), **error_responses(400)})
    def post(self, request):
        """Mark my account as a bot account, for good: a badge beside its name in every list (lobby, game
        pages, the API's ``player_is_bot``), its games against people unrated unless they chose otherwise, and
        the bot accounts' move rate. Only the site's staff can undo it. Needs a token with the "tokens" scope."""
        confirm = request.data.get("confirm") is True if isinstance(request.data, dict) else False
        bot_accounts.bot_account_mark(user=request.user, confirm=confirm)
        return Response(_bot_account(request.user))


def _bot_account(user) -> dict:
    profile = Profile.objects.filter(user=user).first()
    return {"is_bot": bool(profile and profile.is_bot), "bot_since": profile.bot_since if profile else None}
