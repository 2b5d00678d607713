"""What a game's page is given: plain data, built here once for every game.

A game's page function (``GameDefinition.page``) receives one ``PageInput`` and turns it into its
template context. It never reads the database: the viewer's seat, the engine's view and legal moves,
the log lines this viewer may read (moves a moderator's rollback undid left out), the moves they have
not seen and their summary ("since your last visit", grouped by ``play.visit_summary``), the latest
move's lines, the result and each seat as plain values are all here. The game only draws them.

Two parts, so that the rendered body can be kept (play/body_cache.py):
- ``PageKey``: what identifies the input, read from the game and seat rows already loaded (no
  query): the game's id, version and row, the viewer (their seat, or the spectator's kind), the
  language, the step of the move being built, the seats as they sit now. Everything else the input
  holds is a function of these at that version, so the body cache's key is the key's digest;
- ``PageInput``: the key and what follows from it (the view, legal moves, log lines…).
tests/platform/test_page_input.py checks that a change of anything the input holds changes the key.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field, is_dataclass
from typing import Any

from django.utils.timesince import timeuntil
from django.utils.translation import get_language

from . import registry, selectors, texts, visit_summary
from .models import Game, Move, Seat

UNSEEN_ROWS = 40  # move rows "since your last visit" reads at most (a long absence says "and earlier moves")


@dataclass(frozen=True)
class SeatSummary:
    """A seat as the page shows it."""

    index: int
    name: str
    colour: str
    kind: str  # human, bot, open, invited
    played_by_bot: str  # the bot level playing it now ("" for a person)
    owes_move: bool
    resigned: bool
    forfeited: bool
    clock: str  # "3 days, 2 hours" left on the seat's clock while it owes a move, else ""
    row: tuple  # every column of the seat's row, its player's name and current vacation (the key's)


@dataclass(frozen=True)
class LogLine:
    """One log line this viewer may read: the engine's key and parameters, and its sentence."""

    seq: int  # the move row it belongs to (its game version)
    seat: int | None  # who moved (None: the site's own event, a resignation, a time-out)
    key: str
    params: dict
    text: str

    @property
    def entry(self) -> dict:
        """As the engine wrote it (without its readers)."""
        return {"key": self.key, "params": self.params}


@dataclass(frozen=True)
class Unseen:
    """ "Since your last visit": the lines of the moves after the later of the seat's own last move and
    the summary it dismissed (its own moves' lines included, the game decides what to show);
    ``earlier``: more moves than were read."""

    lines: tuple[LogLine, ...]
    earlier: bool


@dataclass(frozen=True)
class PageKey:
    """What identifies a page input; its digest is the rendered body's cache key."""

    game_id: int
    game_type: str
    version: int
    status: str
    viewer: tuple  # ("seat", index) | ("user", user id) in an open game | ("spectator", signed in, reads undone)
    language: str
    step: str  # ?m=: the parts of the move being built, as the URL carries them
    replay: bool
    game_row: tuple  # every column of the game's row but the snapshot (which changes only with the version)
    seats: tuple[SeatSummary, ...]

    @property
    def seat(self) -> int | None:
        return self.viewer[1] if self.viewer[0] == "seat" else None

    def digest(self, *extra) -> str:
        # The seats' summaries as their fields (what ``dataclasses.asdict`` gives, without its deep copy).
        data = [self, *extra]
        return hashlib.sha256(json.dumps(data, default=_fields_or_text, sort_keys=True).encode()).hexdigest()


def _fields_or_text(value: Any) -> Any:
    return vars(value) if is_dataclass(value) else str(value)


@dataclass(frozen=True)
class PageInput:
    key: PageKey
    view: dict | None  # the engine's view for the viewer's seat (a spectator's for anyone else)
    legal_moves: list[dict]  # the viewer's, when they owe a move
    base_url: str  # where the move builder's links go (the page, or the replay)
    last_move: tuple[LogLine, ...]  # the latest kept move's lines this viewer may read
    unseen: Unseen | None  # for a human seat of a running game, when others moved since
    public_log: tuple[LogLine, ...] = field(default=())  # every kept move's public lines (ended games, replays)
    # "Since your last visit" as the page shows it (``play.visit_summary``): groups and the places they name
    since_visit: visit_summary.Summary | None = None

    @property
    def seat(self) -> int | None:
        return self.key.seat

    @property
    def names(self) -> list[str]:
        return [s.name for s in self.key.seats]

    @property
    def colours(self) -> list[str]:
        return [s.colour for s in self.key.seats]

    @property
    def step(self) -> str:
        return self.key.step

    @property
    def active(self) -> bool:
        return self.key.status == Game.Status.ACTIVE

    @property
    def finished(self) -> bool:
        return self.key.status == Game.Status.FINISHED

    @property
    def replay(self) -> bool:
        return self.key.replay

    @property
    def replay_seat(self) -> int | None:
        """In a replay, the seat whose view is shown (None: a spectator's)."""
        return self.key.viewer[1] if self.key.viewer[0] == "replay" else None

    @property
    def options(self) -> dict:
        return dict(self.key.game_row)["options"] or {}

    @property
    def result(self) -> dict | None:
        return dict(self.key.game_row)["result"] or None


# --- building them ----------------------------------------------------------------------------------


def viewer_of(game: Game, user) -> tuple:
    seat = selectors.seat_of(game, user)
    if seat is not None:
        return ("seat", seat.index)
    if game.status == Game.Status.OPEN:
        return ("user", user.pk if user.is_authenticated else None)
    return ("spectator", user.is_authenticated, selectors.reads_undone_moves(user, None))


def _plain(value: Any) -> Any:
    return value if isinstance(value, (str, int, float, bool, type(None), dict, list)) else str(value)


def _seat_summary(seat: Seat) -> SeatSummary:
    row = tuple(_plain(getattr(seat, f.attname)) for f in Seat._meta.concrete_fields) + (
        seat.user.get_username() if seat.user_id else "", _plain(getattr(seat, "vacation_until", None)),
        seat.is_bot_account)  # the bot account's badge
    return SeatSummary(
        index=seat.index, name=seat.display_name, colour=seat.colour, kind=seat.kind,
        played_by_bot=seat.played_by_bot or "", owes_move=seat.owes_move, resigned=seat.resigned,
        forfeited=seat.forfeited,
        # "3 days, 2 hours left": as it reads at the moment the page is made.
        clock=timeuntil(seat.deadline) if seat.owes_move and seat.deadline else "",
        row=row)


def page_key(game: Game, user, *, step: str = "", replay: bool = False, viewer: tuple | None = None) -> PageKey:
    """From the game and seats already loaded (``selectors.game_with_seats``): no query."""
    return PageKey(
        game_id=game.pk, game_type=game.game_type, version=game.version, status=game.status,
        viewer=viewer if viewer is not None else viewer_of(game, user), language=get_language() or "",
        step=step, replay=replay,
        game_row=tuple((f.attname, _plain(getattr(game, f.attname))) for f in Game._meta.concrete_fields
                       if f.attname != "state"),
        seats=tuple(_seat_summary(s) for s in game.seats.all()))


def lines_of(game: Game, rows: list[Move], names: list[str]) -> tuple[LogLine, ...]:
    """The sentences of move rows (``selectors.moves_for``: filtered for the reader), in order."""
    texts.names_at_rows(game, rows, names)
    return tuple(LogLine(seq=row.seq, seat=row.seat, key=entry.get("key", ""), params=entry.get("params") or {},
                         text=text)
                 for row in rows for entry, text in texts.visible_lines(game, row, names))


def public_log(game: Game, names: list[str]) -> tuple[LogLine, ...]:
    """Every kept move's public lines: moves a moderator's rollback undid and moves their player took
    back are no steps of the game."""
    rows = [row for row in selectors.moves_for(game, None) if row.undone_at is None]
    return lines_of(game, rows, names)


def build(key: PageKey, game: Game, gv: selectors.GameView, *, base_url: str, view: dict | None = None,
          upto: int | None = None, latest: list[Move] | None = None, rows_read: list[Move] | None = None,
          rows_read_limit: int = 0) -> PageInput:
    """The input of the game's page for ``key``'s viewer. ``view``/``upto``: a replay's view at move
    ``upto`` (no legal moves, no "since your last visit"). ``latest``: the game's newest move row (undone
    or not, filtered for the viewer's seat) when the caller has read it already (or [] for none);
    ``rows_read``: the caller's tail of the game's rows (its ``rows_read_limit`` newest), the same way
    (``selectors.unseen_moves`` takes what it covers from it)."""
    names = [s.name for s in key.seats]
    seat = key.seat if not key.replay else None
    last_move, unseen, log = (), None, ()
    if key.replay:
        log = tuple(line for line in public_log(game, names) if upto is None or line.seq <= upto)
    else:
        # The latest kept move (a move its player took back or a moderator undid marks nothing).
        newest = latest if latest is not None else selectors.moves_for(game, seat, limit=1, include_undone=True)
        tail = [row for row in newest if row.undone_at is None]
        last_move = lines_of(game, tail, names)
        if key.status == Game.Status.ACTIVE and gv.seat is not None:
            found = selectors.unseen_moves(game, gv.seat, UNSEEN_ROWS, newest=rows_read,
                                           newest_limit=rows_read_limit)
            if found is not None:
                rows = [row for row in found.rows if row.undone_at is None]
                unseen = Unseen(lines=lines_of(game, rows, names), earlier=found.earlier)
        if key.status == Game.Status.FINISHED:
            log = public_log(game, names)
    view = gv.view if view is None else view
    since_visit = None
    if unseen is not None:
        definition = registry.definition(key.game_type)
        period_now = definition.visit_summary.period_now
        since_visit = visit_summary.build(
            definition, unseen, seat=key.seat, names=names, version=key.version,
            period_now=period_now(view) if period_now is not None and view is not None else None)
    return PageInput(key=key, view=view, legal_moves=[] if key.replay else list(gv.legal_moves),
                     base_url=base_url, last_move=last_move, unseen=unseen, public_log=log,
                     since_visit=since_visit)
