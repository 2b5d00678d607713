"""Read-side queries for pages and the API. Nothing here writes.

Everything a seat sees of a running game goes through ``game_view_for``: it
asks the engine for ``view(state, seat)`` and filters the move log the same
way (boardgame.io's ``playerView`` + ``redactLog``)."""

from __future__ import annotations

from dataclasses import dataclass

from django.core.paginator import Page, Paginator
from django.db import connection
from django.db.models import Exists, OuterRef, Prefetch, Q, QuerySet, prefetch_related_objects

from .engines import registry
from .models import Game, Move, Seat


def version_and_status(game_id: int) -> tuple[int, str] | None:
    """The game's version and status, for the poll every open game page sends every
    few seconds. Plain SQL: building the ORM query costs ten times the query itself."""
    with connection.cursor() as cursor:
        cursor.execute(_VERSION_SQL, [game_id])
        return cursor.fetchone()


_VERSION_SQL = f'SELECT "version", "status" FROM "{Game._meta.db_table}" WHERE "id" = %s'


def seat_of(game: Game, user) -> Seat | None:
    """The user's seat in the game (a player's, not an open invitation)."""
    if user is None or not user.is_authenticated:
        return None
    for seat in game.seats.all():
        if seat.user_id == user.pk and seat.kind == Seat.Kind.HUMAN:
            return seat
    return None


def can_view(game: Game, user) -> bool:
    """Public games are open to everyone; private ones to their players, invitees and staff."""
    if not game.is_private:
        return True
    if user is None or not user.is_authenticated:
        return False
    return user.is_staff or any(s.user_id == user.pk for s in game.seats.all())


def games_open_for(user) -> QuerySet[Game]:
    """Public games waiting for players, newest first (the lobby)."""
    qs = Game.objects.filter(status=Game.Status.OPEN, is_private=False).prefetch_related(
        Prefetch("seats", queryset=Seat.objects.select_related("user"))
    )
    return qs.order_by("-created_at")


@dataclass
class MyGames:
    my_turn: Page
    their_turn: Page
    waiting: Page  # not started yet (mine or invitations)
    finished: list[Game]


MY_TURN_PAGE = 50
THEIR_TURN_PAGE = 25
WAITING_PAGE = 25


def _seats_prefetch() -> Prefetch:
    return Prefetch("seats", queryset=Seat.objects.select_related("user").order_by("index"))


def games_with_seats() -> QuerySet[Game]:
    """Games with their seats and the seats' users: two queries whatever the count."""
    return Game.objects.prefetch_related(_seats_prefetch())


def _games_with(user) -> QuerySet[Game]:
    """Games where the user has a seat or an invitation, without their snapshots."""
    return Game.objects.filter(Exists(Seat.objects.filter(game=OuterRef("pk"), user=user))).defer("state")


def _owes(user) -> Exists:
    return Exists(Seat.objects.filter(game=OuterRef("pk"), user=user, kind=Seat.Kind.HUMAN, owes_move=True,
                                      substitute_bot=""))


def my_turn_games(user, limit: int) -> list[Game]:
    """The latest games waiting for the user's move (the lobby's short list)."""
    games = list(_games_with(user).filter(_owes(user), status=Game.Status.ACTIVE).order_by("-updated_at", "-pk")[:limit])
    prefetch_related_objects(games, _seats_prefetch())
    return games


def games_of(user, *, finished_limit: int = 20, pages: dict | None = None) -> MyGames:
    """The "my games" page: my move first, then others', open ones, then finished.

    Each list is a page (a COUNT and a LIMIT query), so a user in thousands of
    games costs what one page shows. The seats' ``owes_move`` column decides whose
    turn it is and the snapshots are never loaded, so the cost does not depend on
    how long the games are either. ``pages`` maps ``my_turn``/``their_turn``/
    ``waiting`` to the page number asked for (a bad one gives the nearest page)."""
    pages = pages or {}
    seats = _seats_prefetch()
    mine = _games_with(user)
    active = mine.filter(status=Game.Status.ACTIVE)
    owes = _owes(user)

    def page(qs, key: str, size: int) -> Page:
        result = Paginator(qs, size).get_page(pages.get(key))
        result.object_list = list(result.object_list)
        prefetch_related_objects(result.object_list, seats)
        return result

    finished = list(mine.filter(status__in=[Game.Status.FINISHED, Game.Status.ABORTED])
                    .order_by("-finished_at")[:finished_limit])
    prefetch_related_objects(finished, seats)
    return MyGames(
        my_turn=page(active.filter(owes).order_by("-updated_at", "-pk"), "my_turn", MY_TURN_PAGE),
        their_turn=page(active.filter(~owes).order_by("-updated_at", "-pk"), "their_turn", THEIR_TURN_PAGE),
        waiting=page(mine.filter(status=Game.Status.OPEN).order_by("-created_at", "-pk"), "waiting", WAITING_PAGE),
        finished=finished,
    )


def visible_log(entries: list[dict], seat: int | None) -> list[dict]:
    """Drop private log lines the seat may not read."""
    return [e for e in entries if "visible_to" not in e or (seat is not None and seat in e["visible_to"])]


def moves_for(game: Game, seat: int | None, *, after_seq: int = 0, limit: int | None = None) -> list[Move]:
    """Move rows with each row's log filtered for the seat; newest last.
    ``limit`` keeps only the latest ones (the game page shows the tail)."""
    qs = Move.objects.filter(game=game, seq__gt=after_seq)
    if limit is not None:
        rows = list(qs.order_by("-seq")[:limit])[::-1]
    else:
        rows = list(qs.order_by("seq"))
    for row in rows:
        row.visible = visible_log(row.log, seat)
    return rows


@dataclass
class GameView:
    game: Game
    seat: Seat | None  # the viewer's seat, None for a spectator
    view: dict | None  # engine view for that seat (None before the start)
    legal_moves: list[dict]
    pending: set[int]
    engine: object

    @property
    def my_turn(self) -> bool:
        return bool(self.legal_moves)


def game_view_for(game: Game, user, *, as_seat: int | None = None) -> GameView:
    """What ``user`` may see of the game. ``as_seat`` is for replays of
    finished games (any seat's view may then be shown)."""
    engine = registry.get(game.game_type)
    seat = seat_of(game, user)
    index = seat.index if seat else None
    if as_seat is not None and game.is_over:
        index = as_seat
    if game.state is None:
        return GameView(game, seat, None, [], set(), engine)
    state = engine.load(game.state)
    pending = engine.pending(state) if game.status == Game.Status.ACTIVE else set()
    legal = []
    if seat is not None and seat.index in pending and not seat.played_by_bot and not (seat.resigned or seat.forfeited):
        legal = engine.legal_moves(state, seat.index)
    return GameView(game, seat, engine.view(state, index), legal, pending, engine)


def game_search(*, user, game_type: str | None = None, status: str | None = None) -> QuerySet[Game]:
    """Games a user may list through the API: public ones and their own."""
    qs = Game.objects.all()
    if user.is_authenticated and not user.is_staff:
        qs = qs.filter(Q(is_private=False) | Q(seats__user=user)).distinct()
    elif not user.is_authenticated:
        qs = qs.filter(is_private=False)
    if game_type:
        qs = qs.filter(game_type=game_type)
    if status:
        qs = qs.filter(status=status)
    return qs.prefetch_related(Prefetch("seats", queryset=Seat.objects.select_related("user")))
