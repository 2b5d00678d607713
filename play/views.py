"""Pages. Thin: parse input, call a service or selector, render.

The game page waits on its game's stream (``play.stream_page``) and asks ``game_poll`` for its new body
when the stream tells a newer version; without the stream it polls ``game_poll`` with the version it
shows: an unchanged game answers 204 after one indexed query; a changed one answers the new
partials; a finished one answers 286 so htmx stops polling."""

from __future__ import annotations

import json
from collections.abc import Sequence
from functools import cached_property, lru_cache, partial

from django.conf import settings
from django.contrib import messages
from django.contrib.auth import SESSION_KEY
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.cache import patch_vary_headers
from django.utils.crypto import constant_time_compare
from django.utils.html import format_html, format_html_join
from django.utils.safestring import mark_safe
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST
from django_htmx.http import replace_url
from django_ratelimit.decorators import ratelimit

from kit import params as move_params

from . import (
    body_cache,
    end_screen,
    json_input,
    move_builder,
    page_cache,
    page_input,
    presence,
    registry,
    replay,
    selectors,
    services,
    texts,
    undo,
)
from .api_errors import RefusedMoveLimit, UndoLimit
from .forms import GameCreateForm
from .http_errors import form_status, status_of, text_of
from .models import Game

HTMX_STOP_POLLING = 286
LOG_TAIL = 60
LOBBY_MY_TURN = 10
TAKEN_BACK_CLASS = mark_safe(' class="taken-back"')


def _line_class(marks: dict, key: str) -> str:
    """The class attribute of a log line the game marks (a year's border, a phase's start)."""
    css = marks.get(key)
    return _class_attribute(css) if css else ""


@lru_cache(maxsize=64)
def _class_attribute(css: str) -> str:
    return format_html(' class="{}"', css)


def _page_parts(game: Game, page: page_input.PageInput | None) -> dict:
    """What the game's definition adds to its page: its context (from the page input alone: the game
    reads no database), templates and stylesheets."""
    definition = registry.definition(game.game_type)
    extra = {}
    if definition.page is not None and page is not None and page.view is not None:
        extra = definition.page(page)
    return {
        **extra,
        "board_template": definition.template("board"),
        "moves_template": definition.template("moves"),
        "replay_template": definition.template("replay"),
        "stylesheets": definition.stylesheets,
    }


def _result_rows(game: Game, seats: list) -> list[dict]:
    """The final ranks, best first (seat order among equals)."""
    result = game.result or {}
    ranks, scores, left = result.get("ranks") or [], result.get("scores") or [], result.get("left") or []
    rows = [{"seat": s, "rank": ranks[s.index] if s.index < len(ranks) else "",
             "score": scores[s.index] if s.index < len(scores) else None, "left": s.index in left}
            for s in seats]
    return sorted(rows, key=lambda r: (r["rank"] if isinstance(r["rank"], int) else 1_000, r["seat"].index))


def lobby(request: HttpRequest) -> HttpResponse:
    context = {"open_games": selectors.games_open_for(request.user)[:50]}
    if request.user.is_authenticated:
        context["my_turn"] = selectors.my_turn_games(request.user, LOBBY_MY_TURN)
    return render(request, "games/lobby.html", context)


@login_required
def my_games(request: HttpRequest) -> HttpResponse:
    pages = {key: request.GET.get(key) for key in ("my_turn", "their_turn", "waiting")}
    return render(request, "games/my_games.html", {"mine": selectors.games_of(request.user, pages=pages)})


@login_required
def game_new(request: HttpRequest) -> HttpResponse:
    game_type = request.POST.get("game_type") or request.GET.get("game")
    if request.method == "POST" and "reload" not in request.POST:
        form = GameCreateForm(request.POST, game_type=game_type)
        if form.is_valid():
            data = form.cleaned_data
            try:
                game = services.game_create(
                    creator=request.user,
                    game_type=data["game_type"],
                    options=data["options"],
                    seats=data["seats"],
                    is_private=data["is_private"],
                    initial_seconds=data["initial_days"] * 86400,
                    increment_seconds=data["increment_days"] * 86400,
                    max_seconds=data["max_days"] * 86400,
                    timeout_rule=data["timeout_rule"],
                    timeout_bot_level=data["timeout_bot_level"],
                    max_per_hour=settings.GAMES_PER_HOUR,
                )
            except services.ServiceError as exc:
                form.add_error(None, text_of(exc))
                return render(request, "games/new.html", {"form": form}, status=form_status(exc))
            else:
                # A table full at once (bots, a solo game) has started: "open" would say it waits for players.
                messages.success(request, _("Your game has started.") if game.status == Game.Status.ACTIVE
                                 else _("Your game is open."))
                return redirect("games:detail", pk=game.pk)
        return render(request, "games/new.html", {"form": form}, status=400)
    # "Show its options" (a reload without JavaScript) keeps what was chosen so far.
    posted = request.POST.items() if request.method == "POST" else ()
    initial = {k: v for k, v in posted if k != "csrfmiddlewaretoken"}
    form = GameCreateForm(game_type=game_type, initial=initial)
    return render(request, "games/new.html", {"form": form})


def _game_or_404(request, pk: int) -> Game:
    game = selectors.game_with_seats(pk)
    if game is None or not selectors.can_view(game, request.user):
        # Private games do not admit they exist to outsiders.
        raise Http404
    return game


def _visible_or_404(request, pk: int, *, invite_token: str | None = None) -> None:
    """Before any page action: a game the user may not see answers exactly as one
    that does not exist (no status, no version, no "you are not in this game").
    The invitation token opens a private game to the person who holds it."""
    game = selectors.game_with_seats(pk)
    if game is None:
        raise Http404
    if not selectors.can_view(game, request.user) and not (
            invite_token and constant_time_compare(invite_token, game.invite_token)):
        raise Http404


def _page_key(request, game: Game) -> page_input.PageKey:
    return page_input.page_key(game, request.user, step=request.GET.get("m", ""))


def _context(request, game: Game, key: page_input.PageKey | None = None, part: str = "body") -> dict:
    """The game body's template context; for a ``part`` (``body_cache.PARTS``) that shows no log, without it."""
    key = key or _page_key(request, game)
    gv = selectors.game_view_for(game, request.user)
    seats = list(game.seats.all())
    names = [s.display_name for s in seats]
    seat_index = gv.seat.index if gv.seat else None
    # The newest rows, undone ones too: the page's input takes its "latest move" from them (no query of
    # its own); the log shows undone moves to those who may read them.
    newest = selectors.moves_for(game, seat_index, limit=LOG_TAIL, include_undone=True)
    tail = newest if selectors.reads_undone_moves(request.user, gv.seat) else [
        row for row in newest if row.undone_at is None or row.taken_back]
    texts.names_at_rows(game, tail, names)
    marks = registry.definition(game.game_type).log_marks
    log_lines = [] if part != "body" else [
        (TAKEN_BACK_CLASS if row.undone_at else _line_class(marks, entry.get("key", "")),
         # whose move it was: site.js reads the other seats' new lines out to screen readers
         "" if row.seat is None else row.seat, row.seq,
         format_html("{} <i>({})</i>", text, _("taken back") if row.taken_back else _("undone by a moderator"))
         if row.undone_at else text)
        for row in reversed(tail) for entry, text in reversed(texts.visible_lines(game, row, names))
    ]
    moves = MoveChoices(game.game_type, gv.legal_moves, names)
    base_url = reverse("games:detail", args=[game.pk])
    same_seat = key.seat == seat_index
    page = page_input.build(key, game, gv, base_url=base_url, latest=newest[-1:] if same_seat else None,
                            rows_read=newest if same_seat else None, rows_read_limit=LOG_TAIL) \
        if gv.view is not None else None
    return {
        **_page_parts(game, page),
        "game": game,
        "gv": gv,
        "since_visit": page.since_visit if page is not None else None,
        "seats": seats,
        "names": names,
        # Built here, not by a template loop: a busy game page shows ~160 lines, and
        # Django's template engine spent several ms on them (bench/page_cpu.py).
        "log_items": format_html_join("", '<li{} data-seat="{}"><span class="seq">{}</span> {}</li>', log_lines),
        "legal_moves": moves,
        # A callable: only the generic board shows it, and templates call it when they do.
        "view_json": partial(json.dumps, gv.view, indent=1, sort_keys=True, ensure_ascii=False) if gv.view else "",
        "result_rows": _result_rows(game, seats) if game.result else [],
        # The end table's frame for a game whose board draws none of its own (generic_board.html, the test games).
        "end_frame": end_screen.frame(game.game_type, game.result, names, [s.colour for s in seats])
        if game.result else {},
        "solo_result": texts.solo_label(game),
        "poll_ms": settings.GAME_POLL_INTERVAL_MS,
        # The page waits on its game's stream and polls only without it (static/js/game_live.js).
        "stream_url": reverse("stream-page", args=[game.pk]) if settings.GAME_PAGE_STREAM else "",
        # The newest rows, undone ones included, end at the game's last: whether to offer "take back" (with
        # the bots' replies) costs no query.
        "undo_rows": undo.undoable_moves(game, gv.seat, newest),
        "seat_sig": _seat_signature(game),
        "invite_url": request.build_absolute_uri(reverse("games:invite", args=[game.invite_token]))
        if request.user.is_authenticated and game.created_by_id == request.user.pk else "",
    }


class MoveChoices(Sequence):
    """The legal moves as the generic move list shows them. Labelled only when a template
    lists them: a game with its own move builder (a city game can offer ~160 moves a turn) reads only
    whether there are any."""

    def __init__(self, game_type: str, moves: list[dict], names: list[str]):
        self.game_type, self.moves, self.names = game_type, moves, names

    def __len__(self) -> int:
        return len(self.moves)

    def __getitem__(self, index):
        return self._choices[index]

    @cached_property
    def _choices(self) -> list[dict]:
        return [{"json": json.dumps(m, separators=(",", ":"), sort_keys=True),
                 "label": texts.move_label(self.game_type, move_params.fixed_part(m), self.names),
                 "fields": self._fields(m)} for m in self.moves]

    def _fields(self, move: dict) -> list[dict]:
        """A move with ranges (``kit.params``): a form field per range, labelled by the game's texts."""
        return [{"field": f, "label": texts.field_label(self.game_type, f.name),
                 # (as posted, in words, the value; a bundle: the item, in words, how many at most)
                 "choices": [(posted, texts.value_label(self.game_type, f.name,
                                                        posted if f.kind == "bundle" else value, self.names), value)
                             for posted, value in f.choices]}
                for f in move_builder.range_fields(move)]

    @property
    def plain(self) -> list[dict]:
        return [c for c in self._choices if not c["fields"]]

    @property
    def ranged(self) -> list[dict]:
        return [c for c in self._choices if c["fields"]]


def _mark_present(request, game_id: int) -> None:
    if request.user.is_authenticated:
        presence.mark_present(game_id, request.user.pk)


def _body(request, game: Game, *, move_error: str = "") -> body_cache.Body:
    """The game body for this viewer, kept between requests while nothing it shows
    changes (play/body_cache.py); one that carries a refused move's message is not kept."""
    key = _page_key(request, game)
    if move_error:
        return body_cache.render_body(request, {**_context(request, game, key), "move_error": move_error})
    return body_cache.body_for(request, key, lambda: _context(request, game, key))


def _shows_this_version(request, game: Game) -> bool:
    """A step of the move being built, asked from inside a page that shows the game's version (its body says
    which, ``X-Game-Version``) by a player of the running game: the page's heading and side hold already."""
    return (request.headers.get("X-Game-Version") == str(game.version) and game.status == Game.Status.ACTIVE
            and selectors.seat_of(game, request.user) is not None)


def _play_response(request, game: Game) -> HttpResponse:
    """The move panel and the board alone (games/partials/game_play_answer.html): a step changes nothing else,
    and the page puts its own heading and side back around them (static/js/site.js) before htmx swaps."""
    key = _page_key(request, game)
    part = body_cache.body_for(request, key, lambda: _context(request, game, key, part="play"), part="play")
    return HttpResponse(part.html)


def _body_response(request, game: Game, *, move_error: str = "", status: int = 200) -> HttpResponse:
    """The game body alone, for htmx to swap in."""
    return render(request, "games/partials/game_body_swap.html",
                  {"body": _body(request, game, move_error=move_error)}, status=status)


def _page(request, game: Game, *, status: int = 200, move_error: str = "") -> HttpResponse:
    rules_url = reverse("games:game_rules", args=[game.pk]) if registry.definition(game.game_type).rules else ""
    # The skip link's target (#move-panel) is the move panel for a player of an active game, else the board.
    plays = game.status == Game.Status.ACTIVE and selectors.seat_of(game, request.user) is not None
    return render(request, "games/game.html", {"game": game, "body": _body(request, game, move_error=move_error),
                                               "rules_url": rules_url,
                                               "stylesheets": registry.definition(game.game_type).stylesheets,
                                               "scripts": registry.definition(game.game_type).scripts,
                                               "plays": plays},
                  status=status)


def game_detail(request: HttpRequest, pk: int) -> HttpResponse:
    game = _game_or_404(request, pk)
    _mark_present(request, pk)
    if request.htmx and not request.htmx.history_restore_request:
        # A step of a move being built: only the game part changes (the move panel and the board, when the
        # page shows the game's version).
        response = _play_response(request, game) if _shows_this_version(request, game) else \
            _body_response(request, game)
        patch_vary_headers(response, ("HX-Request", "X-Game-Version"))
        return response
    return _page(request, game)


@require_GET
def game_poll(request: HttpRequest, pk: int) -> HttpResponse:
    try:
        seen = int(request.GET.get("v", "-1"))
    except ValueError:
        return HttpResponse(_("The version must be a number."), status=400)
    row = selectors.version_and_status(pk)
    if row is None:
        raise Http404
    version, status, private = row
    if private:
        _game_or_404(request, pk)  # outsiders learn nothing, not even that it exists or moved
    if request.GET.get("here"):
        # Every few polls the page says the player is still looking (site.js), once
        # we know they may see the game; the others cost one indexed query and nothing
        # else. The session's user id, not request.user: no user query.
        user_id = request.session.get(SESSION_KEY)
        if user_id:
            presence.mark_present(pk, int(user_id))
    if version == seen and status != Game.Status.OPEN:
        over = status in (Game.Status.FINISHED, Game.Status.ABORTED, Game.Status.CANCELLED)
        return HttpResponse(status=HTMX_STOP_POLLING if over else 204)
    game = _game_or_404(request, pk)
    if game.status == Game.Status.OPEN and version == seen:
        # Seats may have filled without a version change: compare who sits.
        sig = request.GET.get("s", "")
        if sig == _seat_signature(game):
            return HttpResponse(status=204)
    _mark_present(request, pk)
    return _body_response(request, game)


def _seat_signature(game: Game) -> str:
    return "-".join(f"{s.kind[0]}{s.user_id or ''}" for s in game.seats.all())


@require_POST
@login_required
@ratelimit(key="user", rate=lambda group, request: settings.MOVE_RATE, block=False)
def move_submit(request: HttpRequest, pk: int) -> HttpResponse:
    _visible_or_404(request, pk)
    if getattr(request, "limited", False):
        return _error(request, pk, _("Too many moves in a short time; wait a minute and try again."), 429)
    refused = RefusedMoveLimit(request.user.pk)  # shared with the API's moves (issue 39.2)
    if refused.full():
        return _error(request, pk, _("Too many refused moves in a short time; wait a minute and try again."), 429)
    response = _submitted(request, pk)
    if response.status_code >= 400:
        refused.record()
    return response


def _submitted(request: HttpRequest, pk: int) -> HttpResponse:
    try:
        version = int(request.POST["version"])
        move = json_input.loads(request.POST["move"])
        if isinstance(move, dict) and move_params.has_ranges(move):
            move = move_builder.move_from_form(move, request.POST)  # the fields the form filled
    except (json_input.TooDeep, json_input.TooLarge, move_builder.FormError) as exc:
        return _error(request, pk, str(exc), 400)
    except (KeyError, ValueError, TypeError, AttributeError):
        return _error(request, pk, _("The move could not be read; reload the page and try again."), 400)
    try:
        services.move_apply(game_id=pk, user=request.user, move=move, expected_version=version)
    except services.StaleVersion:
        # The page was behind: show the game as it is now, not version numbers.
        return _error(request, pk, _("Someone moved first — here is the game as it is now."), 409, fresh=True)
    except services.MoveOvertaken as exc:
        # Others moved since and the move is no longer possible: the engine's reason, and the game as it is.
        return _error(request, pk, text_of(exc), 409, fresh=True)
    except services.ServiceError as exc:
        return _error(request, pk, text_of(exc), status_of(exc))
    return _after_move(request, pk)


def _after_move(request: HttpRequest, pk: int) -> HttpResponse:
    """The new game body; the address becomes the plain game page, so that
    a reload on a later turn does not reopen the move just made (``?m=``). Without htmx (a game's plain
    form, or htmx not loaded) the page opens at its move panel, where site.js puts the focus on the
    next question, as after a swap."""
    if request.htmx:
        game = _game_or_404(request, pk)
        return replace_url(_body_response(request, game), reverse("games:detail", args=[pk]))
    return redirect(reverse("games:detail", args=[pk]) + "#move-panel")


@require_POST
@login_required
def move_undo(request: HttpRequest, pk: int) -> HttpResponse:
    """Take back my last move (offered by partials/undo.html only when allowed)."""
    _game_or_404(request, pk)  # outsiders: as for a game that does not exist
    try:
        version = int(request.POST["version"])
    except (KeyError, ValueError):
        return _error(request, pk, _("The request could not be read; reload the page and try again."), 400)
    limit = UndoLimit(request.user.pk)  # shared with the API's undo
    if limit.full():
        return _error(request, pk, _("Too many moves taken back in a short time; wait a while and try again."), 429)
    try:
        services.move_undo(game_id=pk, user=request.user, expected_version=version)
    except services.StaleVersion:
        return _error(request, pk, _("Someone moved first — here is the game as it is now."), 409, fresh=True)
    except services.ServiceError as exc:
        return _error(request, pk, text_of(exc), status_of(exc))
    limit.record()
    if not request.htmx:
        messages.success(request, _("Your move was taken back."))
    return _after_move(request, pk)


def _error(request, pk: int, message: str, status: int, *, fresh: bool = False) -> HttpResponse:
    """A refused move: with htmx the message goes into the move panel's message box, the forms left as they
    are (``fresh``: the whole game body as it is now, message included); without, the game page is shown with
    the message in its move panel (site.js puts the focus on it in both cases)."""
    plain_url = reverse("games:detail", args=[pk])
    if request.htmx and not fresh:
        response = render(request, "games/partials/move_error.html", {"message": message}, status=status)
        response["HX-Retarget"] = "#move-error"
        response["HX-Reswap"] = "innerHTML"
        return response
    game = _game_or_404(request, pk)
    if request.htmx:
        return replace_url(_body_response(request, game, move_error=message, status=status), plain_url)
    if _shows_move_panel(request, game):
        return _page(request, game, status=status, move_error=message)  # said in the move panel, as with htmx
    messages.error(request, message)
    return _page(request, game, status=status)


def _shows_move_panel(request, game: Game) -> bool:
    """Whether this viewer's game page has a move panel (and so its message box): a player of an active game."""
    return game.status == Game.Status.ACTIVE and selectors.seat_of(game, request.user) is not None


def _simple_action(request: HttpRequest, pk: int, action, success: str) -> HttpResponse:
    try:
        action()
    except services.ServiceError as exc:
        text = text_of(exc)
        messages.error(request, text)
        if request.htmx:
            return _error(request, pk, text, status_of(exc))
    else:
        messages.success(request, success)
    return redirect("games:detail", pk=pk)


@require_POST
@login_required
def summary_seen(request: HttpRequest, pk: int) -> HttpResponse:
    """ "Since your last visit": the player has read it."""
    game = _game_or_404(request, pk)
    try:
        version = int(request.POST.get("version", ""))
        services.seat_summary_seen(game_id=pk, user=request.user, version=version)
    except ValueError:
        return _error(request, pk, _("The version must be a number."), 400)
    except services.ServiceError as exc:
        return _error(request, pk, text_of(exc), status_of(exc))
    if request.htmx:
        game = _game_or_404(request, pk)
        return _body_response(request, game)
    return redirect("games:detail", pk=game.pk)


@require_POST
@login_required
def game_join(request: HttpRequest, pk: int) -> HttpResponse:
    token = request.POST.get("token") or None
    _visible_or_404(request, pk, invite_token=token)
    return _simple_action(
        request, pk, lambda: services.game_join(game_id=pk, user=request.user, invite_token=token),
        _("You have a seat in this game."),
    )


@require_POST
@login_required
def game_cancel(request: HttpRequest, pk: int) -> HttpResponse:
    _visible_or_404(request, pk)
    return _simple_action(request, pk, lambda: services.game_cancel(game_id=pk, user=request.user),
                          _("The game was cancelled."))


@require_POST
@login_required
def game_decline(request: HttpRequest, pk: int) -> HttpResponse:
    _visible_or_404(request, pk)
    try:
        services.game_decline(game_id=pk, user=request.user)
    except services.ServiceError as exc:
        text = text_of(exc)
        messages.error(request, text)
        if request.htmx:
            return _error(request, pk, text, status_of(exc))
        return redirect("games:detail", pk=pk)
    messages.success(request, _("You declined the invitation."))
    return redirect("games:mine")  # the game may be private now: no longer the decliner's to see


@require_POST
@login_required
def game_leave(request: HttpRequest, pk: int) -> HttpResponse:
    _visible_or_404(request, pk)
    return _simple_action(request, pk, lambda: services.game_leave(game_id=pk, user=request.user),
                          _("You left the game."))


@require_POST
@login_required
def game_resign(request: HttpRequest, pk: int) -> HttpResponse:
    _visible_or_404(request, pk)
    return _simple_action(request, pk, lambda: services.game_resign(game_id=pk, user=request.user),
                          _("You resigned."))


@require_POST
@login_required
def seat_take_back(request: HttpRequest, pk: int) -> HttpResponse:
    _visible_or_404(request, pk)
    return _simple_action(request, pk, lambda: services.seat_take_back(game_id=pk, user=request.user),
                          _("You play your seat again."))


def game_invite(request: HttpRequest, token: str) -> HttpResponse:
    game = get_object_or_404(selectors.games_with_seats(), invite_token=token)
    return render(request, "games/invite.html", {"game": game, "seats": list(game.seats.all()), "token": token})


def game_log(request: HttpRequest, pk: int) -> HttpResponse:
    game = _game_or_404(request, pk)
    seat = selectors.seat_of(game, request.user)
    names = [s.display_name for s in game.seats.all()]
    undone = selectors.reads_undone_moves(request.user, seat)

    def render_lines() -> str:
        rows = selectors.moves_for(game, seat.index if seat else None, include_undone=undone)
        texts.names_at_rows(game, rows, names)
        marks = registry.definition(game.game_type).log_marks
        lines = [
            {"seq": row.seq, "at": row.created_at, "cls": _line_class(marks, entry.get("key", "")),
             "undone": row.undone_at is not None and not row.taken_back, "taken_back": row.taken_back,
             "text": texts.log_line(game.game_type, entry, row.names, game.options)}
            for row in rows for entry in row.visible if not texts.is_hidden(game.game_type, entry)
        ]
        return render_to_string("games/partials/full_log_lines.html", {"lines": lines}, request=request)

    # Kept per version and visibility (the seat, or a spectator, reading undone moves or not): play/page_cache.py.
    lines_html = page_cache.fragment("log", game, [seat.index if seat else None, undone], [names], render_lines)
    return render(request, "games/log.html", {"game": game, "lines_html": lines_html})


def game_replay(request: HttpRequest, pk: int) -> HttpResponse:
    """Step through a finished game move by move, as any seat saw it or as a spectator."""
    game = _game_or_404(request, pk)
    if not game.is_over or game.state is None:
        messages.info(request, _("A game can be replayed once it is over."))
        return redirect("games:detail", pk=pk)
    seats = list(game.seats.all())
    names = [s.display_name for s in seats]
    # Moves a moderator's rollback undid are not steps of the game any more.
    seqs = list(game.moves.filter(undone_at__isnull=True).order_by("seq").values_list("seq", flat=True))
    try:
        at = int(request.GET.get("at", seqs[-1]))
        viewer = request.GET.get("seat", "")
        seat = int(viewer) if viewer != "" else None
    except ValueError:
        return HttpResponse(_("“at” and “seat” must be numbers."), status=400)
    if seat is not None and not 0 <= seat < len(seats):
        return HttpResponse(_("There is no such seat."), status=400)
    at = max(min(at, seqs[-1]), seqs[0])
    mine = selectors.seat_of(game, request.user)
    undone = selectors.reads_undone_moves(request.user, mine)

    def render_content() -> str:
        engine, state = replay.replay_final_state(game, upto=at)
        view = engine.view(state, seat)
        gv = selectors.GameView(game, None, view, [], set(), engine)
        rows = [r for r in selectors.moves_for(game, seat, include_undone=undone) if r.seq <= at]
        texts.names_at_rows(game, rows, names)
        log_lines = [{"seq": r.seq, "text": texts.log_line(game.game_type, e, r.names, game.options)}
                     for r in reversed(rows) for e in reversed(r.visible)
                     if not texts.is_hidden(game.game_type, e)]
        index = seqs.index(at) if at in seqs else len(seqs) - 1
        nav = {
            "first": seqs[0], "prev": seqs[max(index - 1, 0)], "next": seqs[min(index + 1, len(seqs) - 1)],
            "last": seqs[-1], "at": at, "count": len(seqs), "position": index + 1,
        }
        key = page_input.page_key(game, request.user, replay=True, viewer=("replay", seat))
        page = page_input.build(key, game, gv, base_url=reverse("games:replay", args=[pk]), upto=at)
        context = {
            **_page_parts(game, page),
            "game": game, "gv": gv, "seats": seats, "names": names, "nav": nav, "viewer": seat,
            "log_lines": log_lines[:LOG_TAIL],
            "view_json": json.dumps(view, indent=1, sort_keys=True, ensure_ascii=False),
        }
        return render_to_string("games/partials/replay_content.html", context, request=request)

    # Kept per version, move, point of view and the reader's own class (their seat, undone moves): the
    # replay of a finished game; play/page_cache.py.
    content = page_cache.fragment("replay", game, [mine.index if mine else None, undone], [at, seat, names],
                                  render_content)
    return render(request, "games/replay.html", {"game": game, "content": content,
                                                 "stylesheets": registry.definition(game.game_type).stylesheets})
