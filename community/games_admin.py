"""The games app's models in the Django admin, with moderation actions (imported by
``community.admin``: the games app does not know moderation). Every action goes
through this app's moderation services: the move log records what happened, the
moderation log who did it and why, and open pages refresh. (The reasoned,
one-at-a-time versions of these actions are on the moderation pages.)"""

from datetime import timedelta

from django.contrib import admin, messages
from django.contrib.auth import get_user_model
from django.contrib.auth.admin import UserAdmin
from django.http import HttpResponseForbidden
from django.utils import timezone
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext

from play.errors import ServiceError
from play.models import Game, Move, Seat

from . import game_moderation, moderation, seated_staff, tiers

User = get_user_model()

# Bulk list actions take no typed reason; this one goes to the moderation log.
BULK_REASON = "bulk action from the admin list"


class TieredActions:
    """List actions by staff tier: an action above the user's tier is not offered; posted anyway, it is
    refused and the attempt written in the moderation log for the seniors (as on the moderation pages)."""

    action_tiers: dict[str, str] = {}  # action name -> the tier's permission (community/tiers.py)

    def get_actions(self, request):
        actions = super().get_actions(request)
        for name, perm in self.action_tiers.items():
            if not tiers.may(request.user, perm):
                actions.pop(name, None)
        return actions

    def changelist_view(self, request, extra_context=None):
        name = request.POST.get("action", "") if request.method == "POST" else ""
        perm = self.action_tiers.get(name)
        if perm and not tiers.may(request.user, perm):
            message = _("Your moderator role does not allow this.")
            moderation.refusal_log(moderator=request.user, op=name, message=message)
            return HttpResponseForbidden(message)
        return super().changelist_view(request, extra_context)


class SeatInline(admin.TabularInline):
    model = Seat
    extra = 0
    can_delete = False
    fields = ["index", "kind", "user", "bot_level", "substitute_bot", "owes_move", "deadline", "resigned",
              "forfeited"]
    readonly_fields = fields


@admin.register(Game)
class GameAdmin(TieredActions, admin.ModelAdmin):
    list_display = ["id", "game_type", "status", "version", "is_private", "created_by", "created_at",
                    "finished_at"]
    list_filter = ["status", "game_type", "is_private"]
    search_fields = ["id", "created_by__username", "seats__user__username"]
    # Not the engine's state: every staff tier reads this page (``games.view_game``), while the full
    # state (hands, deck order) is for game moderators through the moderation page, which logs who
    # looked and why (``community.game_moderation.game_state_viewed``).
    readonly_fields = ["game_type", "options", "status", "version", "created_by", "created_at", "started_at",
                       "finished_at", "result", "abort_reason"]
    inlines = [SeatInline]
    actions = ["abort_games"]
    action_tiers = {"abort_games": tiers.MODERATE_GAMES}

    @admin.action(description=_("Abort the selected games"))
    def abort_games(self, request, queryset):
        done = 0
        for game in queryset:
            try:
                game_moderation.game_abort(moderator=request.user, game_id=game.pk, reason=BULK_REASON)
                done += 1
            except ServiceError as exc:
                self.message_user(request, f"#{game.pk}: {exc.message}", messages.WARNING)
        self.message_user(request, ngettext("%(n)d game aborted.", "%(n)d games aborted.", done) % {"n": done})


class LateFilter(admin.SimpleListFilter):
    title = _("deadline")
    parameter_name = "late"

    def lookups(self, request, model_admin):
        return [("yes", _("past its deadline")), ("soon", _("due within a day"))]

    def queryset(self, request, queryset):
        now = timezone.now()
        if self.value() == "yes":
            return queryset.filter(owes_move=True, deadline__lt=now, game__status=Game.Status.ACTIVE)
        if self.value() == "soon":
            return queryset.filter(owes_move=True, deadline__gte=now, deadline__lt=now + timedelta(days=1),
                                   game__status=Game.Status.ACTIVE)
        return queryset


@admin.register(Seat)
class SeatAdmin(TieredActions, admin.ModelAdmin):
    """Staff of every tier see it (the groups have ``games.view_seat``): the way to late seats."""

    list_display = ["game", "index", "kind", "user", "bot_level", "substitute_bot", "owes_move", "owes_since",
                    "deadline"]
    list_filter = [LateFilter, "kind", "owes_move"]
    ordering = ["deadline"]
    search_fields = ["user__username", "game__id"]
    raw_id_fields = ["game", "user"]
    exclude = ["draft"]  # a seat's private steps (a hidden plan, issue 39.5): hidden information, no staff page
    actions = ["replace_by_bot"]
    action_tiers = {"replace_by_bot": tiers.MODERATE_GAMES}

    @admin.action(description=_("Replace the seat's player by a bot (the game's timeout bot level)"))
    def replace_by_bot(self, request, queryset):
        done = 0
        for seat in queryset.select_related("game"):
            try:
                game_moderation.seat_give_to_bot(moderator=request.user, game_id=seat.game_id, seat_index=seat.index,
                                                 bot_level=seat.game.timeout_bot_level, reason=BULK_REASON)
                done += 1
            except ServiceError as exc:
                self.message_user(request, f"{seat}: {exc.message}", messages.WARNING)
        self.message_user(request, ngettext("%(n)d seat given to a bot.", "%(n)d seats given to a bot.", done)
                          % {"n": done})


@admin.register(Move)
class MoveAdmin(admin.ModelAdmin):
    """Read-only: the log is append-only."""

    list_display = ["game", "seq", "seat", "kind", "by_user", "by_bot", "created_at"]
    list_filter = ["kind"]
    search_fields = ["game__id"]
    readonly_fields = [f.name for f in Move._meta.fields]
    # A row's payload (a rollback's redraw seed, a player's hidden choices) and its log (lines only
    # one seat may read, such as a peek) are hidden information: game moderators who hold no seat in
    # the game only (``community.seated_staff``); so are a row's private plan steps.
    HIDDEN_FIELDS = ("payload", "log", "steps_before")

    def get_fields(self, request, obj=None):
        fields = super().get_fields(request, obj)
        if obj is not None and seated_staff.reads_hidden(request.user, obj.game_id):
            return fields
        return [f for f in fields if f not in self.HIDDEN_FIELDS]

    def lookup_allowed(self, lookup, value, request=None):
        """No filtering the list by what a payload or a log holds (``?payload__contains=``): an oracle on
        hidden information, whoever asks."""
        if lookup.split("__")[0] in self.HIDDEN_FIELDS:
            return False
        return super().lookup_allowed(lookup, value, request)

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False


admin.site.unregister(User)


@admin.register(User)
class ModeratedUserAdmin(TieredActions, UserAdmin):
    actions = ["deactivate_users"]
    action_tiers = {"deactivate_users": tiers.ADMINISTER}

    def save_model(self, request, obj, form, change):
        """An account made here has its address vouched for by staff: it logs in on the site at once
        (the site's login wants a verified address)."""
        super().save_model(request, obj, form, change)
        if obj.email:
            from allauth.account.models import EmailAddress

            EmailAddress.objects.update_or_create(user=obj, email__iexact=obj.email,
                                                  defaults={"email": obj.email, "verified": True, "primary": True})

    @admin.action(description=_("Deactivate the selected users (bots take their running games)"))
    def deactivate_users(self, request, queryset):
        done = 0
        for user in queryset:
            if user == request.user:
                self.message_user(request, _("You cannot deactivate yourself."), messages.WARNING)
                continue
            try:
                moderation.member_deactivate(moderator=request.user, user_id=user.pk, reason=BULK_REASON)
                done += 1
            except ServiceError as exc:
                self.message_user(request, f"{user}: {exc.message}", messages.WARNING)
        self.message_user(request, ngettext("%(n)d user deactivated.", "%(n)d users deactivated.", done) % {"n": done})
