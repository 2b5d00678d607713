"""Read-side queries for pages and the API. Nothing here writes.

Everything a seat sees of a running game goes through ``game_view_for``: it
asks the engine for ``view(state, seat)`` and filters the move log the same
way (boardgame.io's ``playerView`` + ``redactLog``)."""

from __future__ import annotations

from dataclasses import dataclass, field

from django.core.paginator import Page, Paginator
from django.db.models import Exists, OuterRef, Prefetch, Q, QuerySet, Subquery, prefetch_related_objects
from django.utils import timezone

from kit.base import may_act

from . import legal_cache, registry, snapshots
from .models import Game, Move, Seat, Vacation


def version_and_status(game_id: int) -> tuple[int, str, bool] | None:
    """The game's version, status and privacy, for the poll every open game page
    sends every few seconds: one statement by primary key."""
    rows = Game.objects.filter(pk=game_id).order_by().values_list("version", "status", "is_private")[:1]
    return next(iter(rows), None)


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


def _seats_prefetch(*, vacations: bool = False) -> Prefetch:
    seats = Seat.objects.select_related("user", "user__profile").order_by("index")  # the bot accounts' badge
    if vacations:
        # Each seat's player's current vacation: begun, not ended, the one ending last.
        now = timezone.now()
        current = Vacation.objects.filter(user=OuterRef("user_id"), starts_at__lte=now, ends_at__gt=now)
        seats = seats.annotate(vacation_until=Subquery(current.order_by("-ends_at").values("ends_at")[:1]))
    return Prefetch("seats", queryset=seats)


def games_with_seats() -> QuerySet[Game]:
    """Games with their seats and the seats' users: two queries whatever the count."""
    return Game.objects.prefetch_related(_seats_prefetch())


def games_opened_in_the_last_hour(user) -> list:
    """When ``user`` opened each game of the last hour, oldest first: the creation limit (``game_create``'s
    ``max_per_hour``) counts these, and the API's RateLimit headers are read from them."""
    from datetime import timedelta

    from django.utils import timezone

    since = timezone.now() - timedelta(hours=1)
    return list(Game.objects.filter(created_by=user, created_at__gte=since).order_by("created_at")
                .values_list("created_at", flat=True))


def game_with_seats(game_id: int) -> Game | None:
    """One game to show (page, poll, chat, API), or None: ``game.seats.all()`` loaded
    (by index) with each seat's user and ``vacation_until`` (the end of its player's
    current vacation, or None). Two statements."""
    games = Game.objects.filter(pk=game_id).order_by().prefetch_related(_seats_prefetch(vacations=True))[:1]
    return next(iter(games), None)


def _games_with(user) -> QuerySet[Game]:
    """Games where the user has a seat or an invitation, without their snapshots."""
    return Game.objects.filter(Exists(Seat.objects.filter(game=OuterRef("pk"), user=user))).defer("state")


def _owes(user) -> Exists:
    return Exists(Seat.objects.filter(game=OuterRef("pk"), user=user, kind=Seat.Kind.HUMAN, owes_move=True,
                                      substitute_bot=""))


def _answer_waits(user) -> Exists:
    """Something addressed to the user waits for their answer though they owe nothing (``Seat.answer_waits``,
    from the engine's ``kit.base.answers``: an offer made to them)."""
    return Exists(Seat.objects.filter(game=OuterRef("pk"), user=user, kind=Seat.Kind.HUMAN, answer_waits=True,
                                      substitute_bot=""))


def my_turn_games(user, limit: int) -> list[Game]:
    """The latest games waiting for the user's move or answer (the lobby's short list, as "my games" has them:
    a row whose answer waits says so, in the game's words)."""
    waiting = (_games_with(user).filter(Q(_owes(user)) | Q(_answer_waits(user)), status=Game.Status.ACTIVE)
               .annotate(answer_waits=_answer_waits(user)))
    games = list(waiting.order_by("-updated_at", "-pk")[:limit])
    prefetch_related_objects(games, _seats_prefetch())
    return games


def my_games_queries(user) -> dict[str, QuerySet]:
    """What the "my games" page asks the database (``bench/scale.py --explain``
    prints their plans): one light row per seat of the user in a running or
    waiting game, and the latest finished games."""
    return {
        "seats in running and waiting games": Seat.objects.filter(
            user=user, game__status__in=[Game.Status.ACTIVE, Game.Status.OPEN]
        ).order_by().values_list("game_id", "game__status", "game__updated_at", "game__created_at", "kind",
                                 "owes_move", "substitute_bot", "answer_waits"),
        "finished": _games_with(user).filter(status__in=[Game.Status.FINISHED, Game.Status.ABORTED])
        .order_by("-finished_at"),
    }


def games_of(user, *, finished_limit: int = 20, pages: dict | None = None) -> MyGames:
    """The "my games" page: my move first, then others', open ones, then finished.

    Whose turn it is comes from one light row per seat of the user (the seats'
    ``owes_move`` column, never the game states); the three lists are sorted and
    paged from those rows, and only the games on the pages shown are loaded, with
    their seats: four queries whatever the number of games, and a cost that does
    not depend on how long the games are. ``pages`` maps ``my_turn``/
    ``their_turn``/``waiting`` to the page asked for (a bad one gives the nearest)."""
    pages = pages or {}
    queries = my_games_queries(user)
    status_of, newest, mine_to_play, to_answer = {}, {}, set(), set()
    for game_id, status, updated_at, created_at, kind, owes_move, substitute_bot, answer_waits in queries[
            "seats in running and waiting games"]:
        status_of[game_id] = status
        newest[game_id] = (updated_at if status == Game.Status.ACTIVE else created_at, game_id)
        if status == Game.Status.ACTIVE and kind == Seat.Kind.HUMAN and not substitute_bot:
            if owes_move or answer_waits:  # an offer waiting for my answer is something to do too
                mine_to_play.add(game_id)
            if answer_waits:
                to_answer.add(game_id)

    def listed(ids) -> list[int]:
        return sorted(ids, key=newest.__getitem__, reverse=True)

    active = [g for g, st in status_of.items() if st == Game.Status.ACTIVE]
    lists = {
        "my_turn": Paginator(listed(g for g in active if g in mine_to_play), MY_TURN_PAGE),
        "their_turn": Paginator(listed(g for g in active if g not in mine_to_play), THEIR_TURN_PAGE),
        "waiting": Paginator(listed(g for g, st in status_of.items() if st == Game.Status.OPEN),
                             WAITING_PAGE),
    }
    shown = {key: paginator.get_page(pages.get(key)) for key, paginator in lists.items()}
    wanted = [game_id for page in shown.values() for game_id in page.object_list]
    loaded = Game.objects.filter(pk__in=wanted).defer("state").prefetch_related(_seats_prefetch())
    games = {g.pk: g for g in loaded}
    for game_id, game in games.items():
        game.answer_waits = game_id in to_answer  # the row says "an offer waits for you" (the game's words)
    for page in shown.values():
        page.object_list = [games[g] for g in page.object_list if g in games]
    finished = list(queries["finished"][:finished_limit])
    prefetch_related_objects(finished, _seats_prefetch())
    return MyGames(my_turn=shown["my_turn"], their_turn=shown["their_turn"], waiting=shown["waiting"],
                   finished=finished)


def visible_log(entries: list[dict], seat: int | None) -> list[dict]:
    """Drop private log lines the seat may not read."""
    return [e for e in entries if "visible_to" not in e or (seat is not None and seat in e["visible_to"])]


def moves_for(game: Game, seat: int | None, *, after_seq: int = 0, limit: int | None = None,
              first: int | None = None, include_undone: bool = False) -> list[Move]:
    """Move rows with each row's log filtered for the seat; newest last.
    ``limit`` keeps only the latest ones (the game page shows the tail), ``first``
    only the earliest ones (the API's pages). Moves a moderator's rollback undid are
    left out (their rollback's line says which) unless ``include_undone`` (staff):
    they may have shown cards whose order is hidden again. A move its player took
    back (``taken_back``) stays for everyone, marked: it revealed nothing."""
    if limit is not None:
        tail = Move.objects.filter(game=game, seq__gt=after_seq).order_by("-seq")[:limit]
        rows = list(tail)[::-1]
        if not include_undone:
            rows = [row for row in rows if row.undone_at is None or row.taken_back]
    else:
        qs = Move.objects.filter(game=game, seq__gt=after_seq).order_by("seq")
        if not include_undone:
            qs = qs.filter(Q(undone_at__isnull=True) | Q(taken_back=True))
        rows = list(qs[:first] if first is not None else qs)
    for row in rows:
        row.visible = visible_log(row.log, seat)
    return rows


@dataclass
class Unseen:
    """The move rows a player has not seen (each row's log filtered for the seat, newest last),
    after ``start``; ``earlier``: more rows than ``limit`` were unseen (the oldest are left out)."""

    rows: list[Move]
    start: int
    earlier: bool


def unseen_moves(game: Game, seat: Seat | None, limit: int, *, newest: list[Move] | None = None,
                 newest_limit: int = 0) -> Unseen | None:
    """"Since your last visit": the seat's own last move and the moves after it, or the moves after
    the summary it dismissed (``Seat.seen_seq``) when that came later, for a human seat; None when
    there is none. The own move is read for what followed it in the same row (a year's end that it
    brought: ``play.visit_summary`` shows those lines and leaves out the mover's own).

    ``newest``: the game's newest rows the caller has read already (``moves_for(game, seat.index,
    limit=newest_limit, include_undone=True)``, the page's log tail): what they cover is taken from
    them, not read again (the page's body then costs no statement here in the usual case: the seat's
    own move and the rows after it are in the tail); the same rows, the same objects."""
    if seat is None or seat.kind != Seat.Kind.HUMAN:
        return None
    whole = newest is not None and len(newest) < newest_limit  # the tail is every row of the game
    own = None
    if newest is not None:
        own = max((row.seq for row in newest if row.seat == seat.index), default=None)
    if own is None and not whole:
        own = (Move.objects.filter(game=game, seat=seat.index).order_by("-seq")
               .values_list("seq", flat=True).first())
    start = max(seat.seen_seq, own - 1 if own else 0)
    if start >= game.version:
        return None
    if newest is not None and (whole or (newest and newest[0].seq <= start + 1)):
        # Every row after ``start`` is in the tail: as moves_for(after_seq=start, limit=limit) reads them
        # (the latest ``limit`` rows, undone ones counted, then those a player reads).
        after = [row for row in newest if row.seq > start][-limit:]
        rows = [row for row in after if row.undone_at is None or row.taken_back]
    else:
        rows = moves_for(game, seat.index, after_seq=start, limit=limit)
    return Unseen(rows, start, len(rows) == limit and bool(rows) and rows[0].seq > start + 1)



def reads_undone_moves(user, seat) -> bool:
    """Who reads the moves a moderator's rollback undid: game moderators (and administrators)
    holding no seat in the game. A seated staff member is a player there: the undone moves may
    show a face-down Voice card that a seat peeked at, which the rollback keeps where it is (R80);
    a chat moderator's tier does not include a game's hidden information."""
    return (seat is None and bool(getattr(user, "is_staff", False)) and user.is_active
            and user.has_perm("community.moderate_games"))


@dataclass
class GameView:
    game: Game
    seat: Seat | None  # the viewer's seat, None for a spectator
    view: dict | None  # engine view for that seat (None before the start)
    legal_moves: list[dict]
    pending: set[int]  # the seats that owe a decision (a clock runs)
    engine: object
    may_act: set[int] = field(default_factory=set)  # the seats that may act without owing (no clock)

    @property
    def can_act(self) -> bool:
        """The viewer's seat has moves now: it owes a decision or may act without owing."""
        return bool(self.legal_moves)

    @property
    def owes(self) -> bool:
        """The viewer's seat owes a decision (its clock runs), not only may act."""
        return self.seat is not None and self.seat.index in self.pending


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
    state = snapshots.state_load(engine=engine, game=game)  # refuses a snapshot the engine rejects
    active = game.status == Game.Status.ACTIVE
    pending = set(engine.pending(state)) if active else set()
    may = may_act(engine, state) - pending if active else set()
    legal = []
    if (seat is not None and seat.index in pending | may and not seat.played_by_bot
            and not (seat.resigned or seat.forfeited)):
        legal = legal_cache.legal_moves(engine, game, state, seat.index)
    return GameView(game, seat, engine.view(state, index), legal, pending, engine, may)


def game_search(*, user, game_type: str | None = None, status: str | None = None, mine: bool = False,
                my_turn: bool = False) -> QuerySet[Game]:
    """Games a user may list through the API: public ones and their own (``mine``: only their own;
    ``my_turn``: only those in progress where they owe a move or an answer waits for them, as the lobby
    lists them)."""
    qs = Game.objects.all()
    if my_turn and user.is_authenticated:
        qs = qs.filter(Q(_owes(user)) | Q(_answer_waits(user)), status=Game.Status.ACTIVE)
    elif mine and user.is_authenticated:
        qs = qs.filter(Exists(Seat.objects.filter(game=OuterRef("pk"), user=user)))
    if user.is_authenticated and not user.is_staff:
        qs = qs.filter(Q(is_private=False) | Q(seats__user=user)).distinct()
    elif not user.is_authenticated:
        qs = qs.filter(is_private=False)
    if game_type:
        qs = qs.filter(game_type=game_type)
    if status:
        qs = qs.filter(status=status)
    return qs.prefetch_related(Prefetch("seats", queryset=Seat.objects.select_related("user")))
