"""Read side of the community pages: who may see a profile, a player's
numbers, match history, head-to-head, the chat feed. Nothing here writes.

Game lists only ever show games the viewer may open (``can_view``: public
games, or private ones they sit in), so a private game never shows up on
someone else's page."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from datetime import date

from django.db.models import F, Max, Prefetch, Q
from django.utils import timezone

from play import registry, texts
from play import selectors as game_selectors
from play.models import Game, Move, Seat, SeatDeparture

from . import tiers
from .account import is_deleted
from .models import ChatMessage, MemberSettings

CHAT_FEED_MESSAGES = 60
CHAT_FEED_MOVES = 40


# --- who sees what ------------------------------------------------------------------------------


def played_together(a, b) -> bool:
    """Both sat as players in the same started game."""
    if a is None or b is None or not a.is_authenticated:
        return False
    return Seat.objects.filter(
        user=a,
        kind=Seat.Kind.HUMAN,
        game__started_at__isnull=False,
        game__seats__user=b,
        game__seats__kind=Seat.Kind.HUMAN,
    ).exists()


def profile_visible(owner, viewer) -> bool:
    if viewer is not None and viewer.is_authenticated and (viewer.pk == owner.pk or viewer.is_staff):
        return True
    if not owner.is_active:
        return False
    visibility = (
        MemberSettings.objects.filter(user=owner).values_list("visibility", flat=True).first()
        or MemberSettings.Visibility.PUBLIC
    )
    if visibility == MemberSettings.Visibility.PUBLIC:
        return True
    if visibility == MemberSettings.Visibility.PLAYED_WITH:
        return played_together(viewer, owner)
    return False


def user_ids_hidden_from_lists() -> list[int]:
    """Users whose profile is not public: leaderboards leave them out."""
    return list(
        MemberSettings.objects.exclude(visibility=MemberSettings.Visibility.PUBLIC).values_list(
            "user_id", flat=True
        )
    )


def visible_games(viewer):
    """A filter on Game: what the viewer may open."""
    if viewer is not None and viewer.is_authenticated:
        if viewer.is_staff:
            return Q()
        return Q(is_private=False) | Q(seats__user=viewer)
    return Q(is_private=False)


def display_name(user) -> str:
    name = MemberSettings.objects.filter(user=user).values_list("display_name", flat=True).first()
    return name or user.get_username()


# --- numbers ------------------------------------------------------------------------------------


def options_key(options: dict) -> str:
    """An option set as a short stable label: "pile=21, last=wins"."""
    return ", ".join(f"{k}={v}" for k, v in sorted((options or {}).items()))


def engine_name(game_type: str) -> str:
    try:
        return registry.get(game_type).name
    except KeyError:
        return game_type


@dataclass
class SeatResult:
    """One finished game from one player's side."""

    game: Game
    seat: Seat
    rank: int | None
    left: bool
    opponents: list[Seat] = field(default_factory=list)
    abandoned: bool = False  # the player left the seat before the end (a moderator gave it on)

    @property
    def adjudicated(self) -> bool:
        return bool((self.game.result or {}).get("adjudicated"))

    @property
    def unrated(self) -> bool:
        return (self.game.result or {}).get("rated") is False

    @property
    def annulled(self) -> bool:
        return bool((self.game.result or {}).get("annulled"))

    @property
    def won(self) -> bool:
        return self.rank == 1 and not self.left and counts_as_win(self.game.result)

    @property
    def outcome(self) -> str:
        if self.abandoned:
            return "abandoned"
        if self.left:
            return "left"
        solo = (self.game.result or {}).get("solo")
        if solo is not None:
            return "solo_won" if solo.get("won") else "solo_lost"
        return "won" if self.rank == 1 else "lost"


def _seat_result(seat: Seat) -> SeatResult:
    game = seat.game
    result = game.result or {}
    ranks = result.get("ranks") or []
    rank = ranks[seat.index] if seat.index < len(ranks) else None
    return SeatResult(
        game=game,
        seat=seat,
        rank=rank,
        left=seat.index in (result.get("left") or []),
        opponents=[s for s in game.seats.all() if s.index != seat.index],
    )


def finished_seats(
    owner,
    *,
    viewer=None,
    game_type: str = "",
    options: dict | None = None,
    opponent=None,
    date_from: date | None = None,
    date_to: date | None = None,
) -> list[SeatResult]:
    """The owner's finished games, newest first; with ``viewer``, only games
    the viewer may open. Filters run in the database; the result filter is the
    caller's (ranks live in the result JSON)."""
    qs = Seat.objects.filter(user=owner, kind=Seat.Kind.HUMAN, game__status=Game.Status.FINISHED)
    if viewer is not None:
        games = Game.objects.filter(visible_games(viewer)).values("pk")
        qs = qs.filter(game__in=games)
    if game_type:
        qs = qs.filter(game__game_type=game_type)
    for key, value in (options or {}).items():
        qs = qs.filter(**{f"game__options__{key}": value})
    if opponent is not None:
        qs = qs.filter(game__in=Seat.objects.filter(user=opponent, kind=Seat.Kind.HUMAN).values("game_id"))
    if date_from:
        qs = qs.filter(game__finished_at__date__gte=date_from)
    if date_to:
        qs = qs.filter(game__finished_at__date__lte=date_to)
    qs = (
        qs.select_related("game")
        .prefetch_related(
            Prefetch("game__seats", queryset=Seat.objects.select_related("user").order_by("index"))
        )
        .order_by("-game__finished_at", "-game_id")
    )
    rows = [_seat_result(seat) for seat in qs]
    left = _abandoned(owner, viewer=viewer, game_type=game_type, options=options, opponent=opponent,
                      date_from=date_from, date_to=date_to)
    if not left:
        return rows
    return sorted(rows + left, key=lambda r: (r.game.finished_at, r.game.pk), reverse=True)


def _abandoned(owner, *, viewer, game_type, options, opponent, date_from, date_to) -> list[SeatResult]:
    """The finished games the owner left before their end (``SeatDeparture``), with the same filters."""
    games = Game.objects.filter(status=Game.Status.FINISHED,
                                pk__in=SeatDeparture.objects.filter(user=owner).values("game_id"))
    if viewer is not None:  # by id: the visibility rule joins seats, and a game must come once
        games = games.filter(pk__in=Game.objects.filter(visible_games(viewer)).values("pk"))
    if game_type:
        games = games.filter(game_type=game_type)
    for key, value in (options or {}).items():
        games = games.filter(**{f"options__{key}": value})
    if opponent is not None:
        games = games.filter(pk__in=Seat.objects.filter(user=opponent, kind=Seat.Kind.HUMAN).values("game_id"))
    if date_from:
        games = games.filter(finished_at__date__gte=date_from)
    if date_to:
        games = games.filter(finished_at__date__lte=date_to)
    games = games.prefetch_related(
        Prefetch("seats", queryset=Seat.objects.select_related("user").order_by("index")),
        Prefetch("departures", queryset=SeatDeparture.objects.filter(user=owner), to_attr="owner_left"))
    rows = []
    for game in games:
        index = game.owner_left[0].seat_index
        seat = next(s for s in game.seats.all() if s.index == index)
        if seat.user_id == owner.pk:
            continue  # given the seat back later: the game is theirs as usual
        rows.append(SeatResult(game=game, seat=seat, rank=None, left=True, abandoned=True,
                               opponents=[s for s in game.seats.all() if s.index != index]))
    return rows


def conduct(owner, *, viewer=None) -> dict[str, int]:
    """How often the owner let a game down, over the games ``viewer`` may open: clocks that ran out
    (a bot then played for them) and seats they left to someone else before the end."""
    games = Game.objects.all() if viewer is None else Game.objects.filter(visible_games(viewer))
    timeouts = Move.objects.filter(kind=Move.Kind.TIMEOUT, game__in=games.values("pk"))
    in_own_seat = timeouts.filter(game__seats__user=owner, game__seats__index=F("seat")).values("pk")
    in_left_seat = timeouts.filter(game__departures__user=owner, game__departures__seat_index=F("seat"),
                                   seq__lte=F("game__departures__version")).values("pk")
    return {
        "timeouts": Move.objects.filter(Q(pk__in=in_own_seat) | Q(pk__in=in_left_seat)).count(),
        "abandoned": SeatDeparture.objects.filter(user=owner, game__in=games.values("pk"))
        .values("game_id").distinct().count(),
    }


def counts_as_win(result: dict | None) -> bool:
    """An annulled game, a result a moderator set as unrated, or a solo game (won or lost against the game
    itself, never against anyone) is nobody's win."""
    result = result or {}
    return (not result.get("annulled") and not (result.get("adjudicated") and result.get("rated") is False)
            and result.get("solo") is None)


@dataclass
class Tally:
    played: int = 0
    won: int = 0


def _finished(owner, viewer):
    """The owner's seats in finished games; with ``viewer``, only games the viewer
    may open (a private game's result is not the business of outsiders, not even
    as one more win in a total)."""
    qs = Seat.objects.filter(user=owner, kind=Seat.Kind.HUMAN, game__status=Game.Status.FINISHED)
    if viewer is not None:
        qs = qs.filter(game__in=Game.objects.filter(visible_games(viewer)).values("pk"))
    return qs


def _left_before_the_end(owner, viewer):
    """(game type, options, result) of the finished games the owner abandoned and does not sit in."""
    games = Game.objects.filter(status=Game.Status.FINISHED,
                                pk__in=SeatDeparture.objects.filter(user=owner).values("game_id"))
    if viewer is not None:
        games = games.filter(pk__in=Game.objects.filter(visible_games(viewer)).values("pk"))
    return games.exclude(seats__user=owner).values_list("game_type", "options", "result")


def stats(owner, *, viewer=None) -> dict[str, dict]:
    """Games played and won per game, and per option set within each game, over the
    finished games ``viewer`` may open (all of them without a viewer)."""
    out: dict[str, dict] = {}
    per_options: dict[tuple[str, str], Tally] = defaultdict(Tally)
    rows = _finished(owner, viewer).values_list("index", "game__game_type", "game__options", "game__result")
    for index, game_type, options, result in rows:
        result = result or {}
        if result.get("annulled"):
            continue  # annulled by a moderator: as if never played
        ranks = result.get("ranks") or []
        won = (index < len(ranks) and ranks[index] == 1 and index not in (result.get("left") or [])
               and counts_as_win(result))
        entry = out.setdefault(game_type, {"name": engine_name(game_type), "total": Tally(), "options": {}})
        entry["total"].played += 1
        entry["total"].won += int(won)
        tally = per_options[(game_type, options_key(options))]
        tally.played += 1
        tally.won += int(won)
    for game_type, options, result in _left_before_the_end(owner, viewer):
        if (result or {}).get("annulled"):
            continue
        entry = out.setdefault(game_type, {"name": engine_name(game_type), "total": Tally(), "options": {}})
        entry["total"].played += 1
        per_options[(game_type, options_key(options))].played += 1
    for (game_type, key), tally in sorted(per_options.items()):
        out[game_type]["options"][key] = tally
    return dict(sorted(out.items()))


def option_sets(owner, *, viewer=None) -> list[tuple[str, dict, str]]:
    """The distinct option sets of the owner's finished games (those ``viewer`` may
    open), as (key, options, the type of a game played with them)."""
    seen: dict[str, tuple[dict, str]] = {}
    rows = _finished(owner, viewer).values_list("game__options", "game__game_type").distinct()
    for options, game_type in rows:
        seen.setdefault(options_key(options), (options or {}, game_type))
    return [(key, options, game_type) for key, (options, game_type) in sorted(seen.items())]


def current_games(owner, *, limit: int = 20) -> list[Game]:
    """Public games in progress the owner plays in."""
    return list(
        Game.objects.filter(
            status=Game.Status.ACTIVE, is_private=False, seats__user=owner, seats__kind=Seat.Kind.HUMAN
        )
        .prefetch_related(Prefetch("seats", queryset=Seat.objects.select_related("user")))
        .order_by("-updated_at")[:limit]
    )


@dataclass
class HeadToHead:
    ahead: int
    behind: int
    level: int
    games: list[SeatResult]


def head_to_head(a, b, *, viewer) -> HeadToHead:
    """A's record against B over the finished games both played and the viewer may
    open: a private game between them counts only for those who may see it."""
    everything = finished_seats(a, viewer=viewer, opponent=b)
    ahead = behind = level = 0
    for row in everything:
        theirs = next((s for s in row.opponents if s.user_id == b.pk), None)
        ranks = (row.game.result or {}).get("ranks") or []
        if theirs is None or row.rank is None or theirs.index >= len(ranks):
            continue
        if row.rank < ranks[theirs.index]:
            ahead += 1
        elif row.rank > ranks[theirs.index]:
            behind += 1
        else:
            level += 1
    return HeadToHead(ahead, behind, level, everything)


# --- chat ---------------------------------------------------------------------------------------


def chat_stamp(game_id: int) -> str:
    """Changes whenever a message is written or hidden: the chat poll's "nothing new" test."""
    row = chat_privacy_and_stamp(game_id)
    return row[1] if row else "0-0"


def chat_privacy_and_stamp(game_id: int) -> tuple[bool, str] | None:
    """The game's privacy and its chat stamp in one statement, or None when there is
    no such game: every open game page asks every few seconds."""
    rows = (Game.objects.filter(pk=game_id).order_by()
            .annotate(last=Max("chat_messages__id"), hidden=Max("chat_messages__hidden_at"))
            .values_list("is_private", "last", "hidden")[:1])
    row = next(iter(rows), None)
    if row is None:
        return None
    is_private, last, hidden = row
    return bool(is_private), f"{last or 0}-{int(hidden.timestamp() * 1000) if hidden else 0}"


@dataclass
class FeedItem:
    at: object
    kind: str  # "chat" | "move"
    text: str
    message: ChatMessage | None = None
    author: str = ""
    seq: int | None = None
    hidden: bool = False  # hidden by a moderator: its text only for the moderators, marked


def chat_feed(game: Game, viewer) -> list[FeedItem]:
    """The chat with the moves interleaved, oldest first. Move lines are the
    log as the viewer's seat may read it (private lines of others never)."""
    seats = list(game.seats.all())
    names = [s.display_name for s in seats]
    seat = game_selectors.seat_of(game, viewer)
    items: list[FeedItem] = []
    chat = ChatMessage.objects.filter(game=game)
    if getattr(viewer, "is_authenticated", False):  # the players the viewer blocked are not heard
        chat = chat.exclude(author__blocked_by__blocker=viewer)
    messages = list(chat.select_related("author").order_by("-pk")[:CHAT_FEED_MESSAGES])
    moderator = tiers.may(viewer, tiers.MODERATE_CHAT)
    for m in messages:
        shown = m.author is not None and not is_deleted(m.author)
        readable = shown and (not m.is_hidden or moderator)  # hidden: only the moderators read it
        items.append(
            FeedItem(
                at=m.created_at,
                kind="chat",
                text=m.text if readable else "",  # a closed account's kept evidence is for staff only
                message=m,
                author=m.author.get_username() if shown else "",
                hidden=m.is_hidden,
            )
        )
    rows = game_selectors.moves_for(game, seat.index if seat else None, limit=CHAT_FEED_MOVES)
    texts.names_at_rows(game, rows, names)
    for row in rows:
        for _entry, text in texts.visible_lines(game, row, names):
            items.append(FeedItem(at=row.created_at, kind="move", seq=row.seq, text=text))
    # Oldest first; a move and a message at the same instant: the move first.
    items.sort(key=lambda i: (i.at or timezone.now(), 0 if i.kind == "move" else 1))
    return items
