"""REST API (DRF, like ``play.api``): competitions listed, a competition, register / withdraw, its
standings and its pairings. Errors in the API's one shape (``play.api_errors``: ``ServiceError`` raised by
the services becomes a 400/403/409 with a stable code); an unknown competition is a 404. Bot accounts
register as any player (their token's "play" scope)."""

from __future__ import annotations

import re

from django.http import Http404
from drf_spectacular.utils import extend_schema, extend_schema_view, inline_serializer
from rest_framework import mixins, serializers, viewsets
from rest_framework.decorators import action
from rest_framework.pagination import PageNumberPagination
from rest_framework.response import Response

from play.api_errors import error_responses

from . import scoring, services
from .models import Bye, Competition, Round, Table


class CompetitionSerializer(serializers.ModelSerializer):
    entries = serializers.IntegerField(source="entries.count", read_only=True)

    class Meta:
        model = Competition
        fields = ["id", "name", "kind", "game_type", "options", "seats", "rounds", "status", "registration_open",
                  "invite_only", "bots_allowed", "rated", "max_players", "round_days", "starts_at", "season",
                  "division_size", "moves", "seasons", "initial_seconds", "increment_seconds", "max_seconds",
                  "entries"]


class Pages(PageNumberPagination):
    page_size = 50

    def get_page_number(self, request, paginator):
        """A page is a whole number from 1 written in ASCII digits (Python's int() takes "١" or " 2"): anything
        else is said to be wrong (400), not quietly read."""
        raw = request.query_params.get(self.page_query_param, "1")
        if raw not in self.last_page_strings and not re.fullmatch(r"[1-9][0-9]{0,8}", raw):
            raise serializers.ValidationError({self.page_query_param: "A whole number from 1."})
        return raw

    def get_schema_operation_parameters(self, view):
        parameters = super().get_schema_operation_parameters(view)
        for parameter in parameters:
            parameter["schema"]["minimum"] = 1
        return parameters


RegisterBody = inline_serializer("CompetitionRegister", fields={"token": serializers.CharField(required=False)})
StandingRow = inline_serializer("CompetitionStanding", many=True, fields={
    "place": serializers.IntegerField(), "entry": serializers.IntegerField(), "name": serializers.CharField(),
    "points": serializers.FloatField(), "head_to_head": serializers.FloatField(),
    "buchholz": serializers.FloatField(), "game_score": serializers.FloatField(),
    "played": serializers.IntegerField(), "byes": serializers.IntegerField(),
    "division": serializers.IntegerField(allow_null=True)})
PairingRound = inline_serializer("CompetitionRound", many=True, fields={
    "season": serializers.IntegerField(), "round": serializers.IntegerField(), "status": serializers.CharField(),
    "deadline": serializers.DateTimeField(),
    "tables": serializers.ListField(child=serializers.DictField()),
    "byes": serializers.ListField(child=serializers.IntegerField())})


@extend_schema_view(list=extend_schema(responses={200: CompetitionSerializer(many=True), **error_responses()}),
                    retrieve=extend_schema(responses={200: CompetitionSerializer, **error_responses(404)}))
class CompetitionViewSet(mixins.ListModelMixin, mixins.RetrieveModelMixin, viewsets.GenericViewSet):
    serializer_class = CompetitionSerializer
    pagination_class = Pages
    queryset = Competition.objects.exclude(status=Competition.Status.CANCELLED).order_by("-created_at", "-pk")

    def scope_for(self, request) -> str:
        return "read" if request.method in ("GET", "HEAD", "OPTIONS") else "play"

    def get_queryset(self):
        queryset = super().get_queryset()
        for name in ("status", "kind", "game_type"):
            value = self.request.query_params.get(name)
            if value:
                queryset = queryset.filter(**{name: value})
        return queryset

    def _competition(self) -> Competition:
        try:
            found = Competition.objects.filter(pk=int(self.kwargs["pk"])).first()
        except ValueError:
            found = None
        if found is None:
            raise Http404
        return found

    @extend_schema(request=RegisterBody, responses={201: CompetitionSerializer, **error_responses(400, 404)})
    @action(detail=True, methods=["post"])
    def register(self, request, pk=None):
        competition = self._competition()
        token = request.data.get("token") if isinstance(request.data, dict) else None
        services.entry_register(competition_id=competition.pk, user=request.user,
                                invite_token=token if isinstance(token, str) else None)
        competition.refresh_from_db()
        return Response(CompetitionSerializer(competition).data, status=201)

    @extend_schema(request=None, responses={200: CompetitionSerializer, **error_responses(400, 404)})
    @action(detail=True, methods=["post"])
    def withdraw(self, request, pk=None):
        competition = self._competition()
        services.entry_withdraw(competition_id=competition.pk, user=request.user)
        competition.refresh_from_db()
        return Response(CompetitionSerializer(competition).data)

    @extend_schema(responses={200: StandingRow, **error_responses(404)})
    @action(detail=True, methods=["get"])
    def standings(self, request, pk=None):
        competition = self._competition()
        entries = {e.pk: e for e in competition.entries.select_related("user")}
        if competition.kind == Competition.Kind.LEAGUE:
            divisions = sorted({e.division for e in entries.values() if e.division})
            rows = [(d, r) for d in divisions
                    for r in services.standings(competition, season=competition.season, division=d)]
        else:
            rows = [(None, r) for r in services.standings(competition)]
        return Response([_row(entries[r.player], r, d) for d, r in rows])

    @extend_schema(responses={200: PairingRound, **error_responses(404)})
    @action(detail=True, methods=["get"])
    def pairings(self, request, pk=None):
        competition = self._competition()
        rounds = list(Round.objects.filter(competition=competition).order_by("season", "number"))
        tables = list(Table.objects.filter(round__competition=competition).order_by("number"))
        byes = list(Bye.objects.filter(round__competition=competition))
        return Response([{
            "season": r.season, "round": r.number, "status": r.status, "deadline": r.deadline,
            "tables": [{"table": t.number, "game": t.game_id, "entries": t.entries, "division": t.division}
                       for t in tables if t.round_id == r.pk],
            "byes": [b.entry_id for b in byes if b.round_id == r.pk],
        } for r in rounds])


def _row(entry, row: scoring.Row, division) -> dict:
    return {"place": row.place, "entry": entry.pk, "name": entry.name, "points": row.points,
            "head_to_head": row.head_to_head, "buchholz": row.buchholz, "game_score": row.game_score,
            "played": row.played, "byes": row.byes, "division": division}
