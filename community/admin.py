"""Moderation in the Django admin (staff only; ``admin_view`` sends anyone
else to the admin login).

Three working pages — a report, a game, a member — each show the context and
small forms; every form calls a service in ``community.moderation`` or
``community.game_moderation``, which needs a reason and writes the
moderation log. The log itself, sanctions and chat are read-only lists."""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass

from django.contrib import admin, messages
from django.contrib.admin.helpers import ACTION_CHECKBOX_NAME
from django.core.exceptions import ValidationError
from django.db.models import Count, Q
from django.http import HttpResponseBadRequest, HttpResponseForbidden, HttpResponseRedirect
from django.template.response import TemplateResponse
from django.urls import reverse
from django.utils.html import format_html, format_html_join
from django.utils.timesince import timesince
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from play import bots
from play.errors import NotAllowed, ServiceError
from play.forms import options_words
from play.models import Move, Seat, SeatDeparture
from ratings.models import Rating

from . import (
    addresses,
    evidence,
    forms,
    game_moderation,
    games_admin,  # the games app's models (Game, Seat, Move, the User admin) and the tiered list actions
    moderation,
    move_descriptions,
    queue,
    seated_staff,
    selectors,
    signup_policy,
    tiers,
)
from .account_forms import SanctionAwareAdminLoginForm
from .models import (
    ChatMessage,
    Member,
    MemberSettings,
    ModeratedGame,
    ModerationAction,
    Report,
    Sanction,
    SeatOffer,
    StaffNote,
)

# A locked-out staff member is told why (reason, end, appeal), not "wrong password".
admin.site.login_form = SanctionAwareAdminLoginForm


class StaffOnlyAdmin(admin.ModelAdmin):
    """Any active staff member moderates; nobody adds or deletes rows here."""

    def _staff(self, request) -> bool:
        return request.user.is_active and request.user.is_staff

    def has_module_permission(self, request):
        return self._staff(request)

    def has_view_permission(self, request, obj=None):
        return self._staff(request)

    def has_change_permission(self, request, obj=None):
        return self._staff(request)

    def has_add_permission(self, request):
        return False

    def has_delete_permission(self, request, obj=None):
        return False


class ReadOnlyAdmin(StaffOnlyAdmin):
    def has_change_permission(self, request, obj=None):
        return False


@dataclass
class Op:
    """One moderation form on a page: its title, how to build the form, what it runs."""

    title: str
    form: Callable  # (obj, data) -> Form
    run: Callable  # (request, obj, cleaned_data, form) -> None, or a dict of things to show
    done: str
    danger: bool = False
    # The staff tier that may run it (community/tiers.py); None: any staff member.
    perm: str | None = tiers.MODERATE_CHAT
    # Besides the tier, whether this staff member may run it on this object (None: anyone of the tier).
    allowed: Callable | None = None  # (user) -> bool


class ActionPageAdmin(StaffOnlyAdmin):
    """The change page is a moderation page: context + one form per action."""

    page_template = ""

    def ops(self, obj) -> dict[str, Op]:
        return {}

    def ops_for(self, request, obj) -> dict[str, Op]:
        """The page's forms for this staff member (a seated one reads a game as its player)."""
        return self.ops(obj)

    def shown(self, request, obj, name: str) -> bool:
        """Whether the panel is shown now (a sanction on a senior, an appeal of one's own decision:
        not shown; posted anyway, the service refuses it and the refusal is logged)."""
        return True

    def refusal_targets(self, obj) -> dict:
        """What a refused attempt on this page is about, for the moderation log."""
        return {}

    def page_context(self, request, obj) -> dict:
        return {}

    def on_open(self, request, obj) -> None:
        """Opening the page for action (a report is claimed)."""

    def _refused(self, request, obj, name: str, message: str) -> None:
        moderation.refusal_log(moderator=request.user, op=name, message=message, **self.refusal_targets(obj))

    def change_view(self, request, object_id, form_url="", extra_context=None):
        obj = self.get_object(request, object_id)
        if obj is None:
            return self._get_obj_does_not_exist_redirect(request, self.opts, object_id)
        if request.method != "POST":
            self.on_open(request, obj)
            obj = self.get_object(request, object_id)
        every = self.ops_for(request, obj)
        in_tier = {name: op for name, op in every.items() if op.perm is None or tiers.may(request.user, op.perm)}
        ops = {name: op for name, op in in_tier.items() if op.allowed is None or op.allowed(request.user)}
        bound, status, extra = {}, 200, {}
        if request.method == "POST":
            name = request.POST.get("op", "")
            if name in every and name not in in_tier:  # a junior trying a senior's action: seniors read it
                self._refused(request, obj, name, _("Your moderator role does not allow this."))
                return HttpResponseForbidden(_("Your moderator role does not allow this."))
            if name not in ops:
                return HttpResponseBadRequest(_("Unknown moderation action."))
            op = ops[name]
            form = op.form(obj, request.POST)
            if form.is_valid():
                try:
                    result = op.run(request, obj, form.cleaned_data, form)
                    extra = result if isinstance(result, dict) else {}  # a page to show, not a redirect
                except NotAllowed as exc:
                    form.add_error(None, exc.message)
                    self._refused(request, obj, name, exc.message)
                except ServiceError as exc:
                    form.add_error(None, exc.message)
                except ValidationError as exc:
                    form.add_error(None, exc)
                else:
                    if not extra:
                        messages.success(request, op.done)
                        return HttpResponseRedirect(request.path)
            if not extra:
                bound[name], status = form, 400
            obj = self.get_object(request, object_id)
        panels = [
            {
                "name": name,
                "title": op.title,
                "danger": op.danger,
                "form": bound.get(name) or op.form(obj, None),
            }
            for name, op in ops.items()
            if name in bound or self.shown(request, obj, name)
        ]
        context = {
            **self.admin_site.each_context(request),
            "opts": self.opts,
            "original": obj,
            "title": str(obj),
            "panels": panels,
            **self.page_context(request, obj),
            **extra,
        }
        return TemplateResponse(request, self.page_template, context, status=status)


class AppealFilter(admin.SimpleListFilter):
    title = gettext_lazy("appeal")
    parameter_name = "appeal"

    def lookups(self, request, model_admin):
        return [("pending", gettext_lazy("waiting for a decision")), ("decided", gettext_lazy("decided")),
                ("none", gettext_lazy("no appeal"))]

    def queryset(self, request, queryset):
        if self.value() == "pending":
            return queryset.filter(appealed_at__isnull=False, appeal_decision="")
        if self.value() == "decided":
            return queryset.filter(appealed_at__isnull=False).exclude(appeal_decision="")
        if self.value() == "none":
            return queryset.filter(appealed_at__isnull=True)
        return queryset


class SeatsFilter(admin.SimpleListFilter):
    """Games with a seat past its deadline, or with someone to move."""

    title = gettext_lazy("seats")
    parameter_name = "seats"

    def lookups(self, request, model_admin):
        return [("late", gettext_lazy("a seat is past its deadline")),
                ("owes", gettext_lazy("someone owes a move"))]

    def queryset(self, request, queryset):
        if self.value() == "late":
            return queryset.filter(pk__in=queue.late_seats().values("game_id"))
        if self.value() == "owes":
            return queryset.filter(status="active", seats__owes_move=True).distinct()
        return queryset


# --- reports ------------------------------------------------------------------------------------


@admin.register(Report)
class ReportAdmin(ActionPageAdmin):
    page_template = "admin/community/report_page.html"
    list_display = ["id", "created_at", "age", "status", "category", "flags", "about", "reported_user", "reporter",
                    "claimed_by", "short_reason"]
    list_filter = ["status", "category", "urgent"]
    # The inbox: the urgent first, then the oldest first (nobody's report waits behind newer ones).
    ordering = ["-urgent", "created_at"]
    search_fields = ["reported_user__username", "reporter__username", "reason", "message__text",
                     "reported_user__closed_account__former_username"]
    list_select_related = ["reported_user", "reporter", "message", "claimed_by"]

    @admin.display(description=gettext_lazy("about"))
    def about(self, obj):
        if obj.category == Report.Category.GAME:
            return _("game #%(id)s") % {"id": obj.game_id}
        return _("a chat message") if obj.message_id else _("a player")

    @admin.display(description=gettext_lazy("waiting for"))
    def age(self, obj):
        return timesince(obj.created_at) if obj.status == Report.Status.OPEN else "—"

    @admin.display(description=gettext_lazy("flags"))
    def flags(self, obj):
        marks = [_("urgent")] if obj.urgent else []
        if obj.escalated_at:
            marks.append(_("escalated"))
        return ", ".join(str(m) for m in marks) or "—"

    @admin.display(description=gettext_lazy("reason"))
    def short_reason(self, obj):
        return obj.reason[:80]

    def ops(self, report):
        ops = self._ops(report)
        perm = moderation.report_perm(report)  # the game moderators' reports, the escalated ones…
        for op in ops.values():
            op.perm = perm
        return ops

    def _ops(self, report):
        user_id = report.reported_user_id
        ops = {}
        if report.category == Report.Category.GAME:
            ops["resolve"] = Op(
                _("Close: the game's problem is handled"),
                lambda o, d: forms.ReasonForm(d, prefix="resolve"),
                lambda r, o, c, f: moderation.report_resolve(moderator=r.user, report_id=o.pk, reason=c["reason"]),
                _("The report is closed."),
            )
        if report.message_id:
            ops["hide"] = Op(
                _("Hide the message"),
                lambda o, d: forms.ReasonForm(d, prefix="hide"),
                lambda r, o, c, f: moderation.message_hide(
                    moderator=r.user, message_id=o.message_id, reason=c["reason"], report_id=o.pk
                ),
                _("The message is hidden."),
            )
        if user_id:
            ops["warn"] = Op(
                _("Warn the player"),
                lambda o, d: forms.ReasonForm(d, prefix="warn"),
                lambda r, o, c, f: moderation.user_warn(
                    moderator=r.user, user_id=user_id, reason=c["reason"],
                    public_reason=c["public_reason"], report_id=o.pk
                ),
                _("The player is warned."),
            )
            ops["timeout"] = Op(
                _("Time out from chat (minutes)"),
                lambda o, d: forms.MinutesReasonForm(d, prefix="timeout"),
                lambda r, o, c, f: moderation.user_timeout(
                    moderator=r.user, user_id=user_id, minutes=c["minutes"], reason=c["reason"],
                    public_reason=c["public_reason"],
                    report_id=o.pk,
                ),
                _("The player is timed out from the chat."),
            )
            ops["mute"] = Op(
                _("Mute from chat"),
                lambda o, d: forms.DaysReasonForm(d, prefix="mute"),
                lambda r, o, c, f: moderation.user_mute(
                    moderator=r.user, user_id=user_id, days=c["days"], reason=c["reason"],
                    public_reason=c["public_reason"], report_id=o.pk
                ),
                _("The player is muted."),
            )
            ops["suspend"] = Op(
                _("Suspend"),
                lambda o, d: forms.DaysReasonForm(d, prefix="suspend"),
                lambda r, o, c, f: moderation.user_suspend(
                    moderator=r.user, user_id=user_id, days=c["days"], reason=c["reason"],
                    public_reason=c["public_reason"], report_id=o.pk
                ),
                _("The player is suspended."),
                danger=True,
            )
            ops["ban"] = Op(
                _("Ban"),
                lambda o, d: forms.ReasonForm(d, prefix="ban"),
                lambda r, o, c, f: moderation.user_ban(
                    moderator=r.user, user_id=user_id, reason=c["reason"],
                    public_reason=c["public_reason"], report_id=o.pk
                ),
                _("The player is banned."),
                danger=True,
            )
        ops["dismiss"] = Op(
            _("Dismiss the report"),
            lambda o, d: forms.ReasonForm(d, prefix="dismiss"),
            lambda r, o, c, f: moderation.report_dismiss(
                moderator=r.user, report_id=o.pk, reason=c["reason"]
            ),
            _("The report is dismissed."),
        )
        ops["escalate"] = Op(
            _("Escalate to the administrators"),
            lambda o, d: forms.ReasonForm(d, prefix="escalate"),
            lambda r, o, c, f: moderation.report_escalate(moderator=r.user, report_id=o.pk, reason=c["reason"]),
            _("The administrators are told; the report is theirs now."),
        )
        if user_id:
            ops["note"] = Op(
                _("Add a staff note about the reported player"),
                lambda o, d: forms.NoteForm(d, prefix="note"),
                lambda r, o, c, f: moderation.member_note_add(moderator=r.user, user_id=user_id, text=c["text"]),
                _("The note is kept."),
            )
            notes = list(StaffNote.objects.filter(user_id=user_id).select_related("author")[:50])
            if notes:
                ops["edit_note"] = Op(
                    _("Correct a staff note"),
                    lambda o, d: forms.NoteEditForm(d, prefix="edit_note", notes=notes),
                    lambda r, o, c, f: moderation.member_note_edit(moderator=r.user, note_id=c["note"],
                                                                   text=c["text"]),
                    _("The note is corrected."),
                )
        ops["take_over"] = Op(
            _("Take the report over (another moderator claimed it)"),
            lambda o, d: forms.ReasonForm(d, prefix="take_over"),
            lambda r, o, c, f: moderation.report_take_over(moderator=r.user, report_id=o.pk, reason=c["reason"]),
            _("The report is yours now."),
        )
        return ops

    def on_open(self, request, report):
        moderation.report_claim(moderator=request.user, report_id=report.pk)

    def shown(self, request, report, name):
        if name in ("note", "edit_note"):
            return True
        if name == "escalate" and report.escalated_at is not None:
            return False
        mine = report.claimed_by_id in (None, request.user.pk)
        if report.status == Report.Status.OPEN:
            return (name == "take_over") != mine
        # Decided: whoever took action may add one (hide, then warn); nobody else acts.
        return (report.status == Report.Status.ACTIONED and report.handled_by_id == request.user.pk
                and name not in ("take_over", "dismiss"))

    def refusal_targets(self, report):
        return {"report": report, "target_user_id": report.reported_user_id}

    def page_context(self, request, report):
        context = {"report": report, "conversation": [], "sanctions": [], "other_reports": []}
        if report.message_id:
            m = report.message
            around = ChatMessage.objects.filter(game_id=m.game_id).select_related("author")
            before = list(around.filter(pk__lt=m.pk).order_by("-pk")[:8])[::-1]
            after = list(around.filter(pk__gt=m.pk).order_by("pk")[:8])
            context["conversation"] = before + [m] + after
        if report.reported_user_id:
            context["sanctions"] = Sanction.objects.filter(user_id=report.reported_user_id)
            context["other_reports"] = Report.objects.filter(
                reported_user_id=report.reported_user_id
            ).exclude(pk=report.pk)[:20]
        context["actions"] = report.actions.select_related("moderator")
        context["notes"] = (StaffNote.objects.filter(user_id=report.reported_user_id).select_related("author")
                            if report.reported_user_id else [])
        return context


# --- games --------------------------------------------------------------------------------------


@admin.register(ModeratedGame)
class ModeratedGameAdmin(games_admin.TieredActions, ActionPageAdmin):
    page_template = "admin/community/game_page.html"
    # Columns named here: the games app's fields have no translated names of their own.
    list_display = ["id", "game_type", "state_label", "moves", "is_private", "players", "next_deadline",
                    "created", "finished"]
    list_filter = [SeatsFilter, "status", "game_type", "is_private"]
    search_fields = ["=id", "seats__user__username"]

    actions = ["annul_selected"]
    action_tiers = {"annul_selected": tiers.ADMINISTER}

    def get_queryset(self, request):
        return super().get_queryset(request).prefetch_related("seats__user")

    @admin.action(description=gettext_lazy("Annul the selected finished games (with a reason)"))
    def annul_selected(self, request, queryset):
        """Farmed games in bulk: a page asks the reason once, then each game is annulled and logged."""
        form = forms.ReasonForm(request.POST if "reason" in request.POST else None)
        if form.is_bound and form.is_valid():
            done, refused = 0, []
            for game in queryset:
                try:
                    game_moderation.game_annul(moderator=request.user, game_id=game.pk,
                                               reason=form.cleaned_data["reason"])
                    done += 1
                except ServiceError as exc:
                    refused.append(f"#{game.pk}: {exc.message}")
            self.message_user(request, ngettext("%(n)d game annulled.", "%(n)d games annulled.", done) % {"n": done})
            for line in refused:
                self.message_user(request, line, messages.WARNING)
            return None
        context = {**self.admin_site.each_context(request), "opts": self.opts, "games": queryset, "form": form,
                   "title": _("Annul the selected finished games"),
                   "action_checkbox_name": ACTION_CHECKBOX_NAME}
        return TemplateResponse(request, "admin/community/annul_games.html", context,
                                status=400 if form.is_bound else 200)

    @admin.display(description=gettext_lazy("players"))
    def players(self, obj):
        return ", ".join(s.display_name for s in obj.seats.all())

    @admin.display(description=gettext_lazy("status"), ordering="status")
    def state_label(self, obj):
        return obj.get_status_display()

    @admin.display(description=gettext_lazy("moves"), ordering="version")
    def moves(self, obj):
        return obj.version

    @admin.display(description=gettext_lazy("created at"), ordering="created_at")
    def created(self, obj):
        return obj.created_at

    @admin.display(description=gettext_lazy("finished at"), ordering="finished_at")
    def finished(self, obj):
        return obj.finished_at

    @admin.display(description=gettext_lazy("next deadline"))
    def next_deadline(self, obj):
        deadlines = [s.deadline for s in obj.seats.all() if s.owes_move and s.deadline]
        return min(deadlines) if deadlines else "—"

    def ops_for(self, request, game):
        return self.ops(game, reader_seats=None if seated_staff.reads_hidden(request.user, game.pk)
                        else seated_staff.seats_held(request.user, game.pk))

    def ops(self, game, reader_seats: set[int] | None = None):
        """``reader_seats``: the seats the staff member holds in the game (their rollback labels read as
        that player's log); None: seated nowhere."""
        seats = list(game.seats.select_related("user").order_by("index"))
        moves = list(game.moves.filter(undone_at__isnull=True, kind__in=["start", "move"]).order_by("seq"))

        def adjudicate(r, o, c, f):
            game_moderation.game_adjudicate(
                moderator=r.user,
                game_id=o.pk,
                ranks=f.ranks(),
                scores=f.scores(),
                rated=c["rated"],
                reason=c["reason"],
            )

        def state(r, o, c, f):
            data = game_moderation.game_state_viewed(moderator=r.user, game_id=o.pk, reason=c["reason"])
            return {"full_state": json.dumps(data, indent=1, sort_keys=True, ensure_ascii=False)}

        annul = {
            "annul": Op(
                _("Annul the finished game (it no longer counts; ratings recomputed)"),
                lambda o, d: forms.ReasonForm(d, prefix="annul"),
                lambda r, o, c, f: game_moderation.game_annul(
                    moderator=r.user, game_id=o.pk, reason=c["reason"]
                ),
                _("The game is annulled and the ratings it moved are recomputed."),
                danger=True,
                perm=tiers.ADMINISTER,
            )
        } if game.status == "finished" and not (game.result or {}).get("annulled") else {}
        return annul | self._game_ops(game, seats, moves, adjudicate, state, reader_seats)

    def shown(self, request, game, name):
        """Panels that no longer apply are not offered: a finished game is not aborted or rolled back
        (posted anyway, the service says why)."""
        if name in ("adjudicate", "seat_bot", "seat_user", "rollback"):
            return game.status == "active"
        if name == "abort":
            return game.status in ("open", "active")
        return True

    def _game_ops(self, game, seats, moves, adjudicate, state, reader_seats):
        return {
            "state": Op(
                _("Show the full state (hidden information included; logged)"),
                lambda o, d: forms.ReasonForm(d, prefix="state"),
                state,
                "",
                perm=tiers.MODERATE_GAMES,
                # Seated staff are players: no button (and the service refuses them too).
                allowed=lambda user: not any(s.user_id == user.pk for s in seats),
            ),
            "abort": Op(
                _("Abort"),
                lambda o, d: forms.ReasonForm(d, prefix="abort"),
                lambda r, o, c, f: game_moderation.game_abort(
                    moderator=r.user, game_id=o.pk, reason=c["reason"]
                ),
                _("The game is aborted."),
                danger=True,
                perm=tiers.MODERATE_GAMES,
            ),
            "adjudicate": Op(
                _("Adjudicate: end the game with this result"),
                lambda o, d: forms.AdjudicateForm(d, prefix="adj", seats=seats),
                adjudicate,
                _("The game is over with the result you set."),
                danger=True,
                perm=tiers.MODERATE_GAMES,
            ),
            "seat_bot": Op(
                _("Give a seat to a bot"),
                lambda o, d: forms.SeatBotForm(
                    d, prefix="bot", seats=seats, levels=bots.levels_for(o.game_type)
                ),
                lambda r, o, c, f: game_moderation.seat_give_to_bot(
                    moderator=r.user,
                    game_id=o.pk,
                    seat_index=c["seat"],
                    bot_level=c["bot_level"],
                    reason=c["reason"],
                ),
                _("A bot plays the seat."),
                perm=tiers.MODERATE_GAMES,
            ),
            "seat_user": Op(
                _("Offer a seat to another player (it is theirs when they accept)"),
                lambda o, d: forms.SeatUserForm(d, prefix="user", seats=seats),
                lambda r, o, c, f: game_moderation.seat_offer(
                    moderator=r.user,
                    game_id=o.pk,
                    seat_index=c["seat"],
                    username=c["username"],
                    reason=c["reason"],
                ),
                _("The player is mailed the offer; the seat is theirs when they accept."),
                perm=tiers.MODERATE_GAMES,
            ),
            "rollback": Op(
                _("Roll back to a move"),
                lambda o, d: forms.RollbackForm(
                    d, prefix="rb", moves=moves[:-1] or moves,
                    labels=move_descriptions.describe_moves(o, moves[:-1] or moves, seats=reader_seats),
                ),
                lambda r, o, c, f: game_moderation.game_rollback(
                    moderator=r.user, game_id=o.pk, to_seq=c["to_seq"], reason=c["reason"]
                ),
                _("The game is back at the chosen move; the later moves are marked undone."),
                danger=True,
                perm=tiers.MODERATE_GAMES,
            ),
        }

    def page_context(self, request, game):
        seats = list(game.seats.select_related("user").order_by("index"))
        return {
            "title": _("Game #%(id)s: %(name)s, %(status)s") % {
                "id": game.pk, "name": selectors.engine_name(game.game_type), "status": game.get_status_display()},
            "game_name": selectors.engine_name(game.game_type),
            "options_words": options_words(game.options, game.game_type),
            "result_lines": result_lines(game, seats),
            "game": game,
            "seats": list(game.seats.select_related("user").order_by("index")),
            "moves": Move.objects.filter(game=game).select_related("by_user").order_by("-seq")[:200],
            "chat": ChatMessage.objects.filter(game=game).select_related("author").order_by("-pk")[:50],
            "history": ModerationAction.objects.filter(game=game).select_related("moderator", "target_user"),
            "seat_offers": SeatOffer.objects.filter(game=game).select_related("user", "offered_by"),
            # Payloads hold hidden information (a rollback's redraw seed, a seat's plan): game moderators
            # who hold no seat in this game only.
            "may_read_payloads": seated_staff.reads_hidden(request.user, game.pk),
        }


def result_lines(game, seats) -> list[str]:
    """A finished game's result as words, one line per seat: "1st: alice (12 points)"."""
    result = game.result or {}
    ranks, scores = result.get("ranks") or [], result.get("scores") or []
    lines = []
    for seat in seats:
        rank = ranks[seat.index] if seat.index < len(ranks) else None
        score = scores[seat.index] if seat.index < len(scores) else None
        line = _("rank %(rank)s: %(name)s") % {"rank": rank if rank is not None else "—", "name": seat.display_name}
        if score is not None:
            line += " " + _("(%(score)s points)") % {"score": score}
        if seat.index in (result.get("left") or []):
            line += " · " + _("left the game")
        lines.append(line)
    marks = [(result.get("annulled"), _("annulled: it no longer counts")),
             (result.get("adjudicated"), _("adjudicated by a moderator")),
             (result.get("rated") is False, _("not rated"))]
    return lines + [str(text) for on, text in marks if on]


# --- members ------------------------------------------------------------------------------------


@admin.register(Member)
class MemberAdmin(ActionPageAdmin):
    page_template = "admin/community/member_page.html"
    list_display = ["username", "email", "is_active", "is_staff", "date_joined", "last_login", "open_reports"]
    list_filter = ["is_active", "is_staff"]
    search_fields = ["username", "email", "closed_account__former_username"]

    def get_queryset(self, request):
        return (
            super()
            .get_queryset(request)
            .annotate(
                open_count=Count("reports_received", filter=Q(reports_received__status=Report.Status.OPEN))
            )
        )

    @admin.display(description=gettext_lazy("open reports"), ordering="open_count")
    def open_reports(self, obj):
        return obj.open_count

    def ops(self, member):
        uid = member.pk
        active = [s for s in Sanction.objects.filter(user=member) if s.is_active()]
        appeals = list(Sanction.objects.filter(user=member, appealed_at__isnull=False, appeal_decision=""))
        standing = list(Sanction.objects.filter(user=member, lifted_at__isnull=True))
        ratings = list(Rating.objects.filter(user=member))
        ops = {
            "warn": Op(
                _("Warn"),
                lambda o, d: forms.ReasonForm(d, prefix="warn"),
                lambda r, o, c, f: moderation.user_warn(moderator=r.user, user_id=uid, reason=c["reason"],
                    public_reason=c["public_reason"]),
                _("The player is warned."),
            ),
            "note": Op(
                _("Add a staff note"),
                lambda o, d: forms.NoteForm(d, prefix="note"),
                lambda r, o, c, f: moderation.member_note_add(moderator=r.user, user_id=uid, text=c["text"]),
                _("The note is kept."),
                perm=None,
            ),
            "timeout": Op(
                _("Time out from chat (minutes)"),
                lambda o, d: forms.MinutesReasonForm(d, prefix="timeout"),
                lambda r, o, c, f: moderation.user_timeout(
                    moderator=r.user, user_id=uid, minutes=c["minutes"], reason=c["reason"],
                    public_reason=c["public_reason"]
                ),
                _("The player is timed out from the chat."),
            ),
            "mute": Op(
                _("Mute from chat"),
                lambda o, d: forms.DaysReasonForm(d, prefix="mute"),
                lambda r, o, c, f: moderation.user_mute(
                    moderator=r.user, user_id=uid, days=c["days"], reason=c["reason"],
                    public_reason=c["public_reason"]
                ),
                _("The player is muted."),
            ),
            "suspend": Op(
                _("Suspend"),
                lambda o, d: forms.DaysReasonForm(d, prefix="suspend"),
                lambda r, o, c, f: moderation.user_suspend(
                    moderator=r.user, user_id=uid, days=c["days"], reason=c["reason"],
                    public_reason=c["public_reason"]
                ),
                _("The player is suspended."),
                danger=True,
            ),
            "ban": Op(
                _("Ban"),
                lambda o, d: forms.ReasonForm(d, prefix="ban"),
                lambda r, o, c, f: moderation.user_ban(moderator=r.user, user_id=uid, reason=c["reason"],
                    public_reason=c["public_reason"]),
                _("The player is banned."),
                danger=True,
            ),
            "deactivate": Op(
                _("Deactivate the account (bots take its running games)"),
                lambda o, d: forms.ReasonForm(d, prefix="deact"),
                lambda r, o, c, f: moderation.member_deactivate(
                    moderator=r.user, user_id=uid, reason=c["reason"]
                ),
                _("The account is deactivated."),
                danger=True,
                perm=tiers.ADMINISTER,
            ),
        }
        if active:
            ops["lift"] = Op(
                _("Lift a sanction"),
                lambda o, d: forms.SanctionChoiceForm(d, prefix="lift", sanctions=active),
                lambda r, o, c, f: moderation.sanction_lift(
                    moderator=r.user, sanction_id=c["sanction"], reason=c["reason"]
                ),
                _("The sanction is lifted."),
            )
        ops["staff_role"] = Op(
            _("Appoint or demote (staff role)"),
            lambda o, d: forms.StaffRoleForm(d, prefix="staff_role"),
            lambda r, o, c, f: moderation.staff_role_set(moderator=r.user, user_id=uid, role=c["role"],
                                                         reason=c["reason"]),
            _("The staff role is changed."),
            perm=tiers.ADMINISTER,
        )
        if MemberSettings.objects.filter(user=member).exclude(display_name="").exists():
            ops["reset_name"] = Op(
                _("Reset the display name (back to the username)"),
                lambda o, d: forms.ReasonForm(d, prefix="reset_name"),
                lambda r, o, c, f: moderation.member_display_name_reset(moderator=r.user, user_id=uid,
                                                                        reason=c["reason"]),
                _("The display name is reset."),
            )
        if standing:
            ops["withdraw"] = Op(
                _("Withdraw a sanction (a warning too: it no longer counts)"),
                lambda o, d: forms.SanctionChoiceForm(d, prefix="withdraw", sanctions=standing),
                lambda r, o, c, f: moderation.sanction_withdraw(
                    moderator=r.user, sanction_id=c["sanction"], reason=c["reason"]
                ),
                _("The sanction is withdrawn."),
            )
        changeable = [s for s in active if s.kind != Sanction.Kind.WARN]
        if changeable:
            ops["change_end"] = Op(
                _("Shorten or extend a sanction (it ends this many days from now)"),
                lambda o, d: forms.SanctionDaysForm(d, prefix="change_end", sanctions=changeable),
                lambda r, o, c, f: moderation.sanction_change_end(
                    moderator=r.user, sanction_id=c["sanction"], days=c["days"], reason=c["reason"]
                ),
                _("The sanction's end is changed."),
            )
        if appeals:
            ops["appeal"] = Op(
                _("Decide an appeal"),
                lambda o, d: forms.AppealDecisionForm(d, prefix="appeal", sanctions=appeals),
                lambda r, o, c, f: moderation.appeal_decide(
                    moderator=r.user, sanction_id=c["sanction"], lift=c["lift"], reason=c["reason"]
                ),
                _("The appeal is decided."),
            )
        if ratings:
            ops["reset_rating"] = Op(
                _("Reset a rating"),
                lambda o, d: forms.RatingResetForm(d, prefix="rating", ratings=ratings),
                lambda r, o, c, f: moderation.member_rating_reset(
                    moderator=r.user, rating_id=c["rating"], reason=c["reason"]
                ),
                _("The rating is reset."),
                danger=True,
                perm=tiers.ADMINISTER,
            )
        return ops

    SANCTIONS = ("warn", "timeout", "mute", "suspend", "ban", "deactivate", "reset_rating", "reset_name",
                 "staff_role")

    def shown(self, request, member, name):
        if name in self.SANCTIONS:  # nobody acts against their own tier or above: no panel either
            return tiers.tier(member) < tiers.tier(request.user) and member.pk != request.user.pk
        if name in ("lift", "withdraw", "change_end"):
            standing = Sanction.objects.filter(user=member, lifted_at__isnull=True).select_related("by", "user")
            candidates = [s for s in standing if name == "withdraw" or (s.is_active() and s.kind != "warn")]
            return any(moderation.may_undo(request.user, s) for s in candidates)
        if name == "appeal":
            return any(moderation.may_decide_appeal(request.user, s)
                       for s in Sanction.objects.filter(user=member, appealed_at__isnull=False, appeal_decision=""))
        return True

    def refusal_targets(self, member):
        return {"target_user": member}

    def page_context(self, request, member):
        return {
            "member": member,
            "former_name": signup_policy.former_name(member),
            "settings": MemberSettings.objects.filter(user=member).first(),
            "seats": Seat.objects.filter(user=member).select_related("game").order_by("-game_id")[:50],
            "reports_received": Report.objects.filter(reported_user=member).select_related("reporter")[:50],
            "reports_made": Report.objects.filter(reporter=member).select_related("reported_user")[:50],
            "sanctions": Sanction.objects.filter(user=member).select_related("by"),
            "history": ModerationAction.objects.filter(
                Q(target_user=member) | Q(moderator=member)
            ).select_related("moderator", "target_user")[:100],
            "ratings": Rating.objects.filter(user=member),
            "may_see_ips": tiers.may(request.user, tiers.VIEW_IP_RECORDS),
            "pairs": evidence.pair_stats(member),
            "shared_addresses": (evidence.shared_addresses(member)
                                 if tiers.may(request.user, tiers.VIEW_IP_RECORDS) else []),
            "own_addresses": (addresses.addresses_of(member)[:50]
                              if tiers.may(request.user, tiers.VIEW_IP_RECORDS) else []),
            "seat_departures": SeatDeparture.objects.filter(user=member).select_related("game")[:50],
            "retention": addresses.RETENTION_DAYS,
            "notes": StaffNote.objects.filter(user=member).select_related("author"),
            "chat_count": ChatMessage.objects.filter(author=member).count(),
        }


# --- read-only lists ----------------------------------------------------------------------------


class ModeratorFilter(admin.SimpleListFilter):
    title = gettext_lazy("moderator")
    parameter_name = "moderator"

    def lookups(self, request, model_admin):
        acted = ModerationAction.objects.values("moderator_id")
        staff = Member.objects.filter(pk__in=acted).order_by("username")
        return [(str(u.pk), u.get_username()) for u in staff]

    def queryset(self, request, queryset):
        return queryset.filter(moderator_id=self.value()) if self.value() else queryset


@admin.register(ModerationAction)
class ModerationActionAdmin(ReadOnlyAdmin):
    list_display = ["created_at", "moderator", "action", "target_user", "game", "reason", "about"]
    list_filter = ["action", ModeratorFilter, "created_at"]
    date_hierarchy = "created_at"
    search_fields = ["moderator__username", "target_user__username", "reason", "=game__id",
                     "target_user__closed_account__former_username"]
    list_select_related = ["moderator", "target_user"]

    @admin.display(description=gettext_lazy("report or sanction"))
    def about(self, obj):
        links = []
        if obj.report_id:
            links.append(format_html('<a href="{}">{}</a>',
                                     reverse("admin:community_report_change", args=[obj.report_id]),
                                     _("report #%(id)s") % {"id": obj.report_id}))
        if obj.sanction_id:
            links.append(format_html('<a href="{}">{}</a>',
                                     reverse("admin:community_sanction_change", args=[obj.sanction_id]),
                                     _("sanction #%(id)s") % {"id": obj.sanction_id}))
        if obj.message_id:
            links.append(format_html('<a href="{}">{}</a>',
                                     reverse("admin:community_chatmessage_change", args=[obj.message_id]),
                                     _("message #%(id)s") % {"id": obj.message_id}))
        return format_html_join(" · ", "{}", ((link,) for link in links)) or "—"


@admin.register(Sanction)
class SanctionAdmin(ReadOnlyAdmin):
    list_display = ["user", "kind", "starts_at", "ends_at", "lifted_at", "by", "appealed_at"]
    list_filter = [AppealFilter, "kind"]
    search_fields = ["user__username", "reason", "user__closed_account__former_username"]


@admin.register(ChatMessage)
class ChatMessageAdmin(ActionPageAdmin):
    """Every chat message, searchable, by author (a player's whole chat history); a
    moderator hides one nobody reported from its page."""

    page_template = "admin/community/chat_message_page.html"
    list_display = ["created_at", "game", "author", "text", "hidden_at"]
    list_filter = [("hidden_at", admin.EmptyFieldListFilter)]
    search_fields = ["text", "author__username", "=game__id", "author__closed_account__former_username"]
    list_select_related = ["author"]

    def ops(self, message):
        if message.hidden_at is not None:
            return {}
        return {
            "hide": Op(
                _("Hide the message"),
                lambda o, d: forms.ReasonForm(d, prefix="hide"),
                lambda r, o, c, f: moderation.message_hide(
                    moderator=r.user, message_id=o.pk, reason=c["reason"]
                ),
                _("The message is hidden."),
            )
        }

    def page_context(self, request, message):
        around = ChatMessage.objects.filter(game_id=message.game_id).select_related("author")
        before = list(around.filter(pk__lt=message.pk).order_by("-pk")[:8])[::-1]
        after = list(around.filter(pk__gt=message.pk).order_by("pk")[:8])
        return {"message": message, "conversation": [*before, message, *after],
                "reports": message.reports.select_related("reporter")}
