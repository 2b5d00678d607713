"""Competitions in the Django admin, to read: every change goes through ``competitions.services`` (the
pages, the API, the moderators' tools), so the admin neither adds, edits nor deletes."""

from django.contrib import admin

from .models import Competition, CompetitionEvent, Entry, Round, Table


class ReadOnly(admin.ModelAdmin):
    def has_add_permission(self, request, obj=None):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False


@admin.register(Competition)
class CompetitionAdmin(ReadOnly):
    list_display = ("name", "kind", "game_type", "seats", "status", "season", "created_by", "created_at")
    list_filter = ("kind", "status", "game_type")
    search_fields = ("name",)


@admin.register(Entry)
class EntryAdmin(ReadOnly):
    list_display = ("competition", "seed", "user", "bot_level", "status", "division")
    list_filter = ("status",)
    raw_id_fields = ("competition", "user")


@admin.register(Round)
class RoundAdmin(ReadOnly):
    list_display = ("competition", "season", "number", "status", "opened_at", "deadline", "closed_at")


@admin.register(Table)
class TableAdmin(ReadOnly):
    list_display = ("round", "number", "division", "game", "entries")
    raw_id_fields = ("round", "game")


@admin.register(CompetitionEvent)
class CompetitionEventAdmin(ReadOnly):
    list_display = ("competition", "kind", "by_user", "entry", "created_at")
    list_filter = ("kind",)
