"""The reads behind every game page, changed poll and move answer, in plain SQL.

They return the very model instances the ORM would (``Model.from_db``, each
field's own database converters, the same related-object caches), but skip
composing the query on every request: on a game page the ORM spent more CPU
building these statements than the database spent running them (bench/README.md,
"Load"). Only these hot reads live here; everything else stays on the ORM.
The SQL is written from the models' ``_meta``, so a new field needs no change."""

from __future__ import annotations

from django.contrib.auth import get_user_model
from django.db import connection
from django.db.models import Model
from django.utils import timezone

from players.models import Profile, Vacation

from .models import Game, Move, Seat


class _Rows:
    """Turns the columns of one model in a row into an instance of it."""

    def __init__(self, model: type[Model], alias: str):
        self.model = model
        self.fields = list(model._meta.concrete_fields)
        self.attnames = [f.attname for f in self.fields]
        self._converters: dict[str, list] = {}
        self.alias = alias

    def select(self, quote) -> str:
        return ", ".join(f"{self.alias}.{quote(f.column)}" for f in self.fields)

    def converters(self) -> list:
        # Per database vendor: SQLite, for one, hands datetimes back as text.
        key = connection.vendor
        if key not in self._converters:
            found = []
            for i, field in enumerate(self.fields):
                col = field.get_col(self.model._meta.db_table)
                convs = connection.ops.get_db_converters(col) + field.get_db_converters(connection)
                if convs:
                    found.append((i, convs, col))
            self._converters[key] = found
        return self._converters[key]

    def build(self, values) -> Model:
        values = list(values)
        for i, convs, col in self.converters():
            value = values[i]
            for convert in convs:
                value = convert(value, col, connection)
            values[i] = value
        return self.model.from_db(connection.alias, self.attnames, values)


_GAME = _Rows(Game, "g")
_SEAT = _Rows(Seat, "s")
_USER = _Rows(get_user_model(), "u")
_MOVE = _Rows(Move, "m")
_PROFILE = _Rows(Profile, "p")
_SQL: dict[str, str] = {}


def _sql(name: str) -> str:
    """The statements, written once per process from the models."""
    if not _SQL:
        q = connection.ops.quote_name
        game, seat, user, move = (m._meta.db_table for m in (Game, Seat, get_user_model(), Move))
        vacation = Vacation._meta.db_table
        _SQL["game"] = f"SELECT {_GAME.select(q)} FROM {q(game)} g WHERE g.{q('id')} = %s"
        # Each seat's player's current vacation: begun, not ended, the one ending last.
        _SQL["seats"] = (
            f"SELECT {_SEAT.select(q)}, {_USER.select(q)}, "
            f"(SELECT v.{q('ends_at')} FROM {q(vacation)} v WHERE v.{q('user_id')} = s.{q('user_id')} "
            f"AND v.{q('starts_at')} <= %s AND v.{q('ends_at')} > %s ORDER BY v.{q('ends_at')} DESC LIMIT 1) "
            f"FROM {q(seat)} s LEFT OUTER JOIN {q(user)} u ON u.{q('id')} = s.{q('user_id')} "
            f"WHERE s.{q('game_id')} = %s ORDER BY s.{q('index')}"
        )
        _SQL["game_lock"] = _SQL["game"] + _for_update("g")
        profile = Profile._meta.db_table
        _SQL["seats_lock"] = (
            f"SELECT {_SEAT.select(q)}, {_USER.select(q)}, {_PROFILE.select(q)} "
            f"FROM {q(seat)} s LEFT OUTER JOIN {q(user)} u ON u.{q('id')} = s.{q('user_id')} "
            f"LEFT OUTER JOIN {q(profile)} p ON p.{q('user_id')} = u.{q('id')} "
            f"WHERE s.{q('game_id')} = %s ORDER BY s.{q('index')}" + _for_update("s")
        )
        _SQL["tail"] = (
            f"SELECT {_MOVE.select(q)} FROM {q(move)} m WHERE m.{q('game_id')} = %s AND m.{q('seq')} > %s "
            f"ORDER BY m.{q('seq')} DESC LIMIT %s"
        )
    return _SQL[name]


def is_row_id(value: int) -> bool:
    """Whether ``value`` can be a primary key at all. An address like
    /games/2000000000000000000000/ must find nothing, not overflow the driver
    (SQLite refuses integers past 64 bits; the ORM checks this itself)."""
    low, high = connection.ops.integer_field_range(Game._meta.pk.get_internal_type())
    return (low is None or value >= low) and (high is None or value <= high)


def _for_update(alias: str) -> str:
    """Row locks where the database has them (SQLite serialises writers anyway)."""
    features = connection.features
    if not features.has_select_for_update:
        return ""
    return f" FOR UPDATE OF {alias}" if features.has_select_for_update_of else " FOR UPDATE"


def game_with_seats(game_id: int) -> Game | None:
    """What ``selectors.games_with_seats().get(pk=...)`` gives: the game with
    ``game.seats.all()`` already loaded (ordered by index), each seat with its
    user; and each seat's ``vacation_until`` (the end of its player's current
    vacation, or None). None when there is no such game."""
    if not is_row_id(game_id):
        return None
    with connection.cursor() as cursor:
        cursor.execute(_sql("game"), [game_id])
        row = cursor.fetchone()
        if row is None:
            return None
        game = _GAME.build(row)
        now = timezone.now()
        cursor.execute(_sql("seats"), [now, now, game_id])
        rows = cursor.fetchall()
    n_seat, n_user = len(_SEAT.fields), len(_USER.fields)
    seats = []
    for row in rows:
        seat = _SEAT.build(row[:n_seat])
        user = _USER.build(row[n_seat:n_seat + n_user]) if seat.user_id is not None else None
        Seat.user.field.set_cached_value(seat, user)
        Seat.game.field.set_cached_value(seat, game)  # as prefetch_related does for the reverse side
        seat.vacation_until = _vacation_end(row[n_seat + n_user])
        seats.append(seat)
    _set_prefetched_seats(game, seats)
    return game


def game_for_update(game_id: int) -> Game | None:
    """``Game.objects.select_for_update().get(pk=...)``, or None: inside a transaction."""
    if not is_row_id(game_id):
        return None
    with connection.cursor() as cursor:
        cursor.execute(_sql("game_lock"), [game_id])
        row = cursor.fetchone()
    return None if row is None else _GAME.build(row)


def seats_for_update(game: Game) -> list[Seat]:
    """The game's seats by index, locked (not their users), each with its user and
    the user's profile loaded, as ``select_for_update(of=("self",))
    .select_related("user__profile")`` gives them."""
    with connection.cursor() as cursor:
        cursor.execute(_sql("seats_lock"), [game.pk])
        rows = cursor.fetchall()
    n_seat, n_user = len(_SEAT.fields), len(_USER.fields)
    profile_cache = Profile.user.field.remote_field  # user.profile
    seats = []
    for row in rows:
        seat = _SEAT.build(row[:n_seat])
        user = None
        if seat.user_id is not None:
            user = _USER.build(row[n_seat:n_seat + n_user])
            profile_row = row[n_seat + n_user:]
            profile = _PROFILE.build(profile_row) if profile_row[0] is not None else None
            if profile is not None:
                Profile.user.field.set_cached_value(profile, user)
            profile_cache.set_cached_value(user, profile)  # None: user.profile raises DoesNotExist
        Seat.user.field.set_cached_value(seat, user)
        Seat.game.field.set_cached_value(seat, game)
        seats.append(seat)
    return seats


def _vacation_end(value):
    return from_db(Vacation._meta.get_field("ends_at"), value)


def from_db(field, value):
    """A column's value as the ORM gives it (SQLite, for one, hands datetimes back as text)."""
    col = field.get_col(field.model._meta.db_table)
    for convert in connection.ops.get_db_converters(col) + field.get_db_converters(connection):
        value = convert(value, col, connection)
    return value


def _set_prefetched_seats(game: Game, seats: list[Seat]) -> None:
    # What prefetch_related leaves behind: game.seats.all() answers from memory.
    qs = Seat.objects.filter(game=game)
    qs._result_cache = seats
    qs._prefetch_done = True
    game._prefetched_objects_cache = {Seat.game.field.remote_field.cache_name: qs}


def log_tail(game_id: int, limit: int, *, after_seq: int = 0) -> list[Move]:
    """The game's last ``limit`` move rows after ``after_seq``, oldest first."""
    with connection.cursor() as cursor:
        cursor.execute(_sql("tail"), [game_id, after_seq, limit])
        rows = cursor.fetchall()
    return [_MOVE.build(row) for row in reversed(rows)]
