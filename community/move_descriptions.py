"""Moves in words for staff (the "go back to" list of a rollback): each with its
number, the year it was played in (when the game counts years), the player who
made it at the time and what it did — "#12 · year 2 · alice: alice builds …".
Staff seated nowhere in the game read every entry of the log, private ones included; a seated staff
member (``seats``) reads the lines their seat reads, and another seat's move is worded from its payload
never (``community.seated_staff``)."""

from __future__ import annotations

from django.utils.translation import gettext as _

from play import registry, texts

from .seated_staff import line_visible

MAX_LENGTH = 160


def describe_moves(game, moves, seats: set[int] | None = None) -> dict[int, str]:
    """seq → description, for the given Move rows (any order); ``seats``: the reader's seats in the game
    (None: a staff member seated nowhere, who reads everything)."""
    moves = sorted(moves, key=lambda m: m.seq)
    if not moves:
        return {}
    names = [s.display_name for s in game.seats.all()]
    try:
        year_start = registry.definition(game.game_type).year_start  # None: the game counts no years
    except KeyError:
        year_start = None
    # Years come from the log entries that open them, from the start of the game.
    opened = game.moves.filter(seq__lte=moves[-1].seq).order_by("seq").values_list("seq", "log")
    year_at, year = {}, None
    for seq, log in opened:
        for entry in log or []:
            if year_start and entry.get("key") == year_start:
                year = (entry.get("params") or {}).get("year", year)
        year_at[seq] = year
    texts.names_at_rows(game, moves, names)
    out = {}
    for move in moves:
        row_names = getattr(move, "names", names)
        sentences = [texts.log_line(game.game_type, e, row_names, game.options) for e in move.log or []
                     if not texts.is_hidden(game.game_type, e) and not (year_start and e.get("key") == year_start)
                     and line_visible(e, seats)]
        own = seats is None or move.seat in seats  # a payload holds its seat's hidden choices
        if move.kind == "start":
            what = _("the start of the game")
        elif own:
            what = " ".join(sentences) or texts.move_label(game.game_type, move.payload or {}, row_names)
        else:
            what = " ".join(sentences) or _("a move")
        who = row_names[move.seat] if move.seat is not None and 0 <= move.seat < len(row_names) else ""
        parts = [f"#{move.seq}"]
        if year_at.get(move.seq) is not None:
            parts.append(_("year %(year)s") % {"year": year_at[move.seq]})
        parts.append(f"{who}: {what}" if who else what)
        text = " · ".join(parts)
        out[move.seq] = text if len(text) <= MAX_LENGTH else text[: MAX_LENGTH - 1] + "…"
    return out
