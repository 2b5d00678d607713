"""Turning engine log entries and moves into sentences, in the reader's language.

Engines give message keys and parameters; each game's definition in the registry
has a catalog (``texts``) that maps keys to translatable templates. Parameters
named ``seat`` or ending in ``_seat`` (or listed in the catalog's ``SEAT_PARAMS``)
are replaced by the player's name; a catalog may translate other parameters
(building names…) with its ``param`` function."""

from __future__ import annotations

from threading import Lock
from typing import Any

from cachetools import LRUCache
from django.utils.translation import get_language, gettext_lazy, pgettext
from django.utils.translation import gettext as _

from . import registry
from .bots import level_label as bot_level_name  # bot levels as players read them: one table


class _WithReplies:
    """An undo's line: the move alone, or the move with the bots' replies taken back with it (``last``)."""

    def __init__(self, alone, with_replies):
        self.alone, self.with_replies = alone, with_replies

    def __mod__(self, params: dict) -> str:
        return str((self.with_replies if params.get("last") else self.alone) % params)

    def __str__(self) -> str:
        return str(self.alone)


# Platform events (play.services.log_event and the moderation services), common to every game.
SITE_MESSAGES = {
    "site.resign": gettext_lazy("%(seat)s resigned; a bot finishes their moves."),
    "site.forfeit": gettext_lazy("%(seat)s ran out of time and forfeits; a bot finishes their moves."),
    "site.timeout": gettext_lazy("%(seat)s ran out of time; a bot (%(bot)s) plays for them until they return."),
    "site.take_back": gettext_lazy("%(seat)s is back and plays again."),
    "site.abort": gettext_lazy("A moderator aborted the game."),
    "site.replaced": gettext_lazy("A moderator gave %(seat)s's seat to a bot (%(bot)s)."),
    # What opponents need, no more: never whether the absence is a sanction.
    "site.deactivated": gettext_lazy("%(seat)s is away; a bot plays for them."),
    # Players read only this line: the undone moves and the reason are for staff.
    "site.rollback": gettext_lazy("A moderator took back moves %(first)s–%(last)s."),
    "site.adjudicate": gettext_lazy("A moderator ended the game and set its result."),
    "site.seat_given": gettext_lazy("A moderator gave %(seat)s's seat to %(player)s."),
    "site.annul": gettext_lazy("A moderator annulled the game: its result no longer counts."),
    "site.undo": _WithReplies(gettext_lazy("%(seat)s took back their move %(seq)s."),
                              gettext_lazy("%(seat)s took back their move %(seq)s and the bots' replies to it "
                                           "(up to move %(last)s).")),
    # A solo game's outcome when its player left it (GameResult.solo's label otherwise is the game's).
    "site.solo_left": gettext_lazy("Left before the end"),
}


def catalog(game_type: str):
    """The game's texts (None for a game type no installed app registers: its lines show their keys)."""
    try:
        return registry.definition(game_type).texts
    except KeyError:
        return None


def _format(template, params: dict[str, Any]) -> str | None:
    """``template`` is a string, a lazy translation, or a lazy plural whose number is one of the
    parameters (``ngettext_lazy(singular, plural, "count")``: a log line says "1 round", "3 rounds",
    never "round(s)"); the proxy picks the form from ``params`` itself. None: a plural whose number is
    missing or no number (the caller shows the raw entry)."""
    try:
        return str(template % params)
    except (KeyError, TypeError, ValueError):
        try:
            return str(template) or None  # (a lazy plural alone is an empty string)
        except (KeyError, TypeError, ValueError):
            return None


def _raw(key: str, params: dict[str, Any]) -> str:
    shown = ", ".join(f"{k}={v}" for k, v in sorted(params.items()))
    return f"{key} ({shown})" if shown else key


def _names_in(params: dict, names: list[str], cat, options: dict | None = None) -> dict:
    out = {}
    for key, value in params.items():
        is_seat = key == "seat" or key.endswith("_seat") or key in getattr(cat, "SEAT_PARAMS", ())
        if is_seat and isinstance(value, int) and 0 <= value < len(names):
            out[key] = names[value]
        elif is_seat and isinstance(value, list) and value and all(
                isinstance(v, int) and not isinstance(v, bool) and 0 <= v < len(names) for v in value):
            out[key] = _names_list([names[v] for v in value])  # several seats: "bob and carol"
        elif cat is not None and hasattr(cat, "param"):
            try:
                out[key] = cat.param(key, value, options or {})
            except (TypeError, KeyError, ValueError, AttributeError):
                out[key] = _printable(value)  # an odd value (a list where a name belongs): shown as it is
        else:
            out[key] = _printable(value)
    return out


def clauses(parts) -> str:
    """The parts of one sentence, one after another: "a; b" in English, "a ; b" in French (whose typography
    spaces a semicolon on both sides)."""
    return pgettext("between the clauses of one sentence", "; ").join(parts)


def _names_list(names: list[str]) -> str:
    if len(names) == 1:
        return names[0]
    return _("%(names)s and %(last)s") % {"names": ", ".join(names[:-1]), "last": names[-1]}


def _printable(value):
    """A parameter that can always be written out: a lone surrogate (no UTF-8 for it) becomes "?"."""
    if isinstance(value, str):
        return value.encode("utf-8", "replace").decode("utf-8")
    return value if isinstance(value, int | float | bool) or value is None else _printable(str(value))


def is_hidden(game_type: str, entry: dict) -> bool:
    cat = catalog(game_type)
    return bool(cat is not None and hasattr(cat, "hidden") and cat.hidden(entry))


def log_line(game_type: str, entry: dict, names: list[str], options: dict | None = None) -> str:
    """One log entry as a sentence (``options``: the game's, for names that
    differ between editions)."""
    cat = catalog(game_type)
    key = entry.get("key", "")
    params = dict(entry.get("params") or {})
    if "seat" not in params and entry.get("seat") is not None:
        params["seat"] = entry["seat"]
    template = SITE_MESSAGES.get(key) or (getattr(cat, "MESSAGES", {}).get(key) if cat else None)
    if template is None:
        return _raw(key, params)
    line = _format(template, _names_in(params, names, cat, options))
    return _raw(key, params) if line is None else line


ROWS_KEPT = 20_000  # move rows whose sentences a process keeps (a few MB)
_row_sentences: LRUCache = LRUCache(maxsize=ROWS_KEPT)
_row_sentences_lock = Lock()  # cachetools' caches are not thread-safe (gunicorn runs threads)


# --- who is named: the author recorded per move, not the seat's occupant now -------------------

# Platform events after which someone else sits in the seat; their payload's
# "former" ({"user": id} or {"bot": level}) records who sat there before.
SEAT_CHANGES = ("replaced", "seat_given")


def occupant_of(seat) -> dict:
    """Who sits in a seat now, in the form a seat change records the former occupant."""
    if seat.kind == "bot":
        return {"bot": seat.bot_level}
    return {"user": seat.user_id} if seat.user_id else {}


def _bot_name(colour: str, level: str) -> str:
    from .models import Seat

    return Seat(kind=Seat.Kind.BOT, colour=colour, bot_level=level).display_name


def _legacy_former(game, seat: int, before_seq: int) -> dict:
    """A seat change written before "former" was recorded: the last move made from that seat."""
    from .models import Move

    row = (Move.objects.filter(game_id=game.pk, seat=seat, seq__lt=before_seq, kind="move")
           .order_by("-seq").values("by_user_id", "by_bot").first())
    if row is None:
        return {}
    return {"user": row["by_user_id"]} if row["by_user_id"] else {"bot": row["by_bot"]}


def names_at_rows(game, rows, names: list[str]) -> None:
    """Set ``row.names`` on each move row: the seat names as they were when the row
    was written. A seat given to a bot or to another player after the row keeps the
    former occupant's name in it, and a move names the author recorded with it (a
    user, or the bot that played it) rather than whoever holds the seat today.
    One query for the game's seat changes (few), one for authors no longer seated."""
    from django.contrib.auth import get_user_model

    from .models import Move

    rows = [row for row in rows if not hasattr(row, "names")]  # (a row the request has named already)
    if not rows:
        return
    seats = list(game.seats.all())
    now = [occupant_of(s) for s in seats]
    first = min(r.seq for r in rows)
    changes = list(Move.objects.filter(game_id=game.pk, kind__in=SEAT_CHANGES, seq__gte=first)
                   .order_by("-seq").values_list("seq", "seat", "payload"))
    formers = []
    for seq, seat, payload in changes:
        former = (payload or {}).get("former")
        formers.append((seq, seat, former if former is not None else _legacy_former(game, seat, seq)))
    # Who sat where at each row: walk back from now, undoing the seat changes made after it.
    occupants: dict[int, list[dict]] = {}
    current, i = list(now), 0
    for row in sorted(rows, key=lambda r: -r.seq):
        while i < len(formers) and formers[i][0] >= row.seq:
            _seq, seat, former = formers[i]
            if seat is not None and 0 <= seat < len(current):
                current[seat] = former
            i += 1
        at = list(current)
        if row.kind == "move" and row.seat is not None and 0 <= row.seat < len(at):
            if row.by_user_id:
                at[row.seat] = {"user": row.by_user_id}
            elif row.by_bot and "bot" in at[row.seat]:
                at[row.seat] = {"bot": row.by_bot}
            elif row.by_bot:
                at[row.seat] = {**at[row.seat], "stand_in": row.by_bot}
        occupants[row.seq] = at
    usernames = {s.user_id: s.user.get_username() for s in seats if s.user_id}
    wanted = {o["user"] for at in occupants.values() for o in at if o.get("user")} - set(usernames)
    if wanted:
        usernames.update(get_user_model().objects.filter(pk__in=wanted).values_list("pk", "username"))
    for row in rows:
        row.names = [_occupant_name(occupant, seats[i], names[i], usernames)
                     for i, occupant in enumerate(occupants[row.seq])]


def _occupant_name(occupant: dict, seat, fallback: str, usernames: dict) -> str:
    if "bot" in occupant:
        return _bot_name(seat.colour, occupant["bot"])
    if occupant.get("user"):
        name = usernames.get(occupant["user"], fallback)
        if occupant.get("stand_in"):
            level = bot_level_name(occupant["stand_in"])
            return _("Bot (%(level)s) for %(name)s") % {"level": level, "name": name}
        return name
    return fallback


def visible_lines(game, row, names: list[str]) -> list[tuple[dict, str]]:
    """(entry, sentence) for each log entry of a move row that the reader may see
    (``row.visible``, from ``selectors.moves_for``) and the catalog does not hide.

    A move row never changes once written, and a game page shows the last 60 on
    every view and every refresh (~160 sentences in a busy game): a row's sentences
    are written once per language and set of player names, for all its entries,
    and only the visible ones are handed out. The names are the row's own
    (``row.names`` from ``names_at_rows``) when it has them: the key holds them."""
    names = getattr(row, "names", None) or names
    key = (game.pk, row.seq, row.created_at, get_language(), tuple(names))
    with _row_sentences_lock:
        sentences = _row_sentences.get(key)
    if sentences is None:
        sentences = [(log_line(game.game_type, e, names, game.options), is_hidden(game.game_type, e))
                     for e in row.log]
        with _row_sentences_lock:
            _row_sentences[key] = sentences  # the least recently read row goes first
    shown = {id(e) for e in row.visible}  # the same dicts as row.log, those the reader may see
    return [(e, text) for e, (text, hidden) in zip(row.log, sentences) if id(e) in shown and not hidden]


def move_label(game_type: str, move: dict, names: list[str]) -> str:
    """A legal move as a button label."""
    cat = catalog(game_type)
    if cat is not None and hasattr(cat, "move_label"):
        return cat.move_label(move, names)
    detail = ", ".join(f"{k}: {v}" for k, v in move.items() if k != "type")
    return f"{move.get('type', _('move'))} ({detail})" if detail else str(move.get("type", _("move")))


def solo_label(game) -> str:
    """A finished solo game's outcome in words ("Won: Close to the target (14)"), or "" for any other game."""
    solo = (game.result or {}).get("solo")
    if not solo:
        return ""
    label = log_line(game.game_type, {"key": solo.get("label_key", ""), "params": solo.get("label_params") or {}},
                     [])
    return (_("Won: %(label)s") if solo.get("won") else _("Lost: %(label)s")) % {"label": label}


def field_label(game_type: str, name: str) -> str:
    """A move field's name as a form label (the catalog's ``FIELD_LABELS``; else the name itself)."""
    cat = catalog(game_type)
    label = getattr(cat, "FIELD_LABELS", {}).get(name) if cat is not None else None
    return str(label) if label is not None else name


def value_label(game_type: str, name: str, value, names: list[str]) -> str:
    """One value of a move field with a range (a checkbox's, a list's, a bundle's item) in words: the
    catalog's ``value_label(field, value, names)`` if it has one, else the value itself."""
    cat = catalog(game_type)
    if cat is not None and hasattr(cat, "value_label"):
        return cat.value_label(name, value, names)
    return str(value)


def error_text(game_type: str, key: str, params: dict, fallback: str) -> str:
    """An engine's IllegalMove in the reader's language (English fallback)."""
    cat = catalog(game_type)
    template = getattr(cat, "ERRORS", {}).get(key) if cat is not None else None
    if template is None:
        return fallback
    return _format(template, _names_in(params, [], cat)) or fallback
