"""Ratings are read-only here; a reset goes through the member moderation page
(community), which logs who did it and why."""

from django.contrib import admin

from .models import Rating, RatingChange


class ReadOnlyStaffAdmin(admin.ModelAdmin):
    def has_module_permission(self, request):
        return request.user.is_active and request.user.is_staff

    def has_view_permission(self, request, obj=None):
        return request.user.is_active and request.user.is_staff

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False


@admin.register(Rating)
class RatingAdmin(ReadOnlyStaffAdmin):
    list_display = ["game_type", "user", "bot_level", "ordinal", "mu", "sigma", "games", "wins", "updated_at"]
    list_filter = ["game_type"]
    search_fields = ["user__username", "bot_level"]


@admin.register(RatingChange)
class RatingChangeAdmin(ReadOnlyStaffAdmin):
    list_display = ["rating", "game", "reason", "rank", "mu_before", "mu_after", "created_at"]
    list_filter = ["reason"]
    search_fields = ["rating__user__username", "game__id"]
