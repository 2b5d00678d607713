"""The game's working page in the admin: seats, the move log (payloads for game moderators who hold no
seat in the game: ``community.seated_staff``), chat, history, and the game tools (abort, adjudicate, seats,
roll back, annul, the logged look at the full state)."""

from __future__ import annotations

import json

from django.contrib import admin, messages
from django.contrib.admin.helpers import ACTION_CHECKBOX_NAME
from django.template.response import TemplateResponse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from play import bots
from play.errors import ServiceError
from play.forms import options_words
from play.models import Move

from . import (
    forms,
    game_moderation,
    games_admin,  # the games app's models (Game, Seat, Move, the User admin) and the tiered list actions
    move_descriptions,
    queue,
    seated_staff,
    selectors,
    tiers,
)
from .admin_pages import ActionPageAdmin, Op
from .models import (
    ChatMessage,
    ModeratedGame,
    ModerationAction,
    SeatOffer,
)


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
