"""The API's side of a game's chat: ``GET /api/games/<id>/chat/`` (the last lines, oldest first, as
the caller may read them) and ``POST`` (players only; the token needs the "chat" scope). New lines also
reach the other players' event streams (``play.events``)."""

from __future__ import annotations

from django.conf import settings
from django.http import Http404
from django.utils.translation import gettext_lazy as _
from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.response import Response
from rest_framework.views import APIView

from play import selectors as game_selectors
from play.api_errors import error_responses, with_limit_headers
from play.errors import TooMany
from play.json_input import StrictCharField
from play.limits import SlidingLimit

from . import selectors, services
from .models import ChatMessage


class ChatLineSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    seat = serializers.IntegerField(allow_null=True)
    author = serializers.CharField()
    text = serializers.CharField(allow_blank=True, help_text="empty when hidden (moderators read it)")
    hidden = serializers.BooleanField(help_text="hidden by a moderator")
    created_at = serializers.DateTimeField()


class ChatPostSerializer(serializers.Serializer):
    text = StrictCharField(max_length=1000, trim_whitespace=True)


def _chat_line(message, text: str | None = None) -> dict:
    """One line; ``text`` as the reader may read it (a hidden line is blank but for the moderators)."""
    return {"id": message.pk, "seat": message.seat, "author": message.author.get_username(),
            "text": message.text if text is None else text, "hidden": message.is_hidden,
            "created_at": message.created_at}


class ChatView(APIView):
    max_body_bytes = 16 * 1024  # 1,000 characters, even each escaped as two \u escapes (else 413)

    def scope_for(self, request) -> str:
        return "chat" if request.method == "POST" else "read"

    def _game(self, pk: int):
        game = game_selectors.game_with_seats(pk)
        if game is None or not game_selectors.can_view(game, self.request.user):
            raise Http404  # a private game does not admit it exists
        return game

    @extend_schema(operation_id="games_chat_list", responses={200: ChatLineSerializer(many=True),
                                                              **error_responses(404)})
    def get(self, request, pk: int):
        """The game's chat, oldest first (the last 200 lines; the players you blocked are not heard)."""
        items = selectors.chat_feed(self._game(pk), request.user)
        return Response([_chat_line(i.message, i.text) for i in items
                         if i.kind == "chat" and isinstance(i.message, ChatMessage) and i.author])

    @extend_schema(operation_id="games_chat_create", request=ChatPostSerializer,
                   responses={201: ChatLineSerializer, **error_responses(400, 404, 429)})
    def post(self, request, pk: int):
        """Write in the game's chat (players only; token scope "chat"). At most CHAT_RATE (8 a minute) lines:
        every answer carries RateLimit-Limit, -Remaining, -Reset, a 429 also Retry-After."""
        game = self._game(pk)
        limit = SlidingLimit("chat", request.user.pk, settings.CHAT_RATE)
        try:
            body = ChatPostSerializer(data=request.data)
            body.is_valid(raise_exception=True)
            if limit.full():
                raise TooMany(_("You are writing too fast; wait a minute."))
            message = services.chat_post(game_id=game.pk, user=request.user, text=body.validated_data["text"])
            limit.record()
            response = Response(_chat_line(message), status=status.HTTP_201_CREATED)
        except Exception as exc:
            response = self.handle_exception(exc)
        return with_limit_headers(response, limit.headers())
