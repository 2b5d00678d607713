"""Turning engine log entries and moves into sentences, in the reader's language.

Engines give message keys and parameters; each game has a catalog module that
maps keys to translatable templates (``games/texts_<slug>.py``, registered in
``CATALOGS``). Parameters named ``seat`` or ending in ``_seat`` (or listed in the
catalog's ``SEAT_PARAMS``) are replaced by the player's name; a catalog may
translate other parameters (building names…) with its ``param`` function."""

from __future__ import annotations

from importlib import import_module
from threading import Lock
from typing import Any

from django.utils.translation import get_language, gettext_lazy
from django.utils.translation import gettext as _

# Platform events (games.services.log_event), common to every game.
SITE_MESSAGES = {
    "site.resign": gettext_lazy("%(seat)s resigned; a bot finishes their moves."),
    "site.forfeit": gettext_lazy("%(seat)s ran out of time and forfeits; a bot finishes their moves."),
    "site.timeout": gettext_lazy("%(seat)s ran out of time; a bot (%(bot)s) plays for them until they return."),
    "site.take_back": gettext_lazy("%(seat)s is back and plays again."),
    "site.abort": gettext_lazy("A moderator aborted the game."),
    "site.replaced": gettext_lazy("A moderator gave %(seat)s's seat to a bot (%(bot)s)."),
    "site.deactivated": gettext_lazy("%(seat)s's account was closed; a bot plays for them."),
}

CATALOGS: dict[str, str] = {
    "lacitta": "games.texts_lacitta",
}
_extra: dict[str, Any] = {}


def register_catalog(game_type: str, catalog) -> None:
    """For games whose catalog is not a module listed above (tests)."""
    _extra[game_type] = catalog


def catalog(game_type: str):
    if game_type in _extra:
        return _extra[game_type]
    path = CATALOGS.get(game_type)
    if path is None:
        return None
    try:
        return import_module(path)
    except ImportError:
        return None


def _format(template, params: dict[str, Any]) -> str:
    try:
        return str(template) % params
    except (KeyError, TypeError, ValueError):
        return str(template)


def _names_in(params: dict, names: list[str], cat, options: dict | None = None) -> dict:
    out = {}
    for key, value in params.items():
        is_seat = key == "seat" or key.endswith("_seat") or key in getattr(cat, "SEAT_PARAMS", ())
        if is_seat and isinstance(value, int) and 0 <= value < len(names):
            out[key] = names[value]
        elif cat is not None and hasattr(cat, "param"):
            out[key] = cat.param(key, value, options or {})
        else:
            out[key] = value
    return out


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
        shown = ", ".join(f"{k}={v}" for k, v in sorted(params.items()))
        return f"{key} ({shown})" if shown else key
    return _format(template, _names_in(params, names, cat, options))


ROWS_KEPT = 20_000  # move rows whose sentences a process keeps (a few MB)
_row_sentences: dict[tuple, list[tuple[str, bool]]] = {}
_row_sentences_lock = Lock()


def visible_lines(game, row, names: list[str]) -> list[tuple[dict, str]]:
    """(entry, sentence) for each log entry of a move row that the reader may see
    (``row.visible``, from ``selectors.moves_for``) and the catalog does not hide.

    A move row never changes once written, and a game page shows the last 60 on
    every view and every refresh (~160 sentences in La Città): a row's sentences
    are written once per language and set of player names, for all its entries,
    and only the visible ones are handed out."""
    key = (game.pk, row.seq, row.created_at, get_language(), tuple(names))
    sentences = _row_sentences.get(key)
    if sentences is None:
        sentences = [(log_line(game.game_type, e, names, game.options), is_hidden(game.game_type, e))
                     for e in row.log]
        with _row_sentences_lock:
            _row_sentences[key] = sentences
            while len(_row_sentences) > ROWS_KEPT:
                del _row_sentences[next(iter(_row_sentences))]  # the oldest first
    shown = {id(e) for e in row.visible}  # the same dicts as row.log, those the reader may see
    return [(e, text) for e, (text, hidden) in zip(row.log, sentences) if id(e) in shown and not hidden]


def move_label(game_type: str, move: dict, names: list[str]) -> str:
    """A legal move as a button label."""
    cat = catalog(game_type)
    if cat is not None and hasattr(cat, "move_label"):
        return cat.move_label(move, names)
    detail = ", ".join(f"{k}: {v}" for k, v in move.items() if k != "type")
    return f"{move.get('type', _('move'))} ({detail})" if detail else str(move.get("type", _("move")))


def error_text(game_type: str, key: str, params: dict, fallback: str) -> str:
    """An engine's IllegalMove in the reader's language (English fallback)."""
    cat = catalog(game_type)
    template = getattr(cat, "ERRORS", {}).get(key) if cat is not None else None
    if template is None:
        return fallback
    return _format(template, _names_in(params, [], cat))
