"""The end screen's frame, the same in every game (issue 40): the final table's rank, player and score columns,
ranks best first, a solo game's outcome in place of its rank (a solo game never says "Rank 1"), and the tie-break
the result names (``GameResult.tiebreak``) in the game's words. A game adds its own breakdown: per seat, the keys
its cells template reads (``templates/games/partials/end_frame.html``).

The tie-break's sentence comes from the game's texts catalog, ``TIEBREAKS`` (key -> sentence); a key the catalog
lacks is a fault of the game that ``tests/platform/test_end_frame.py`` finds, and shows as nothing here."""

from __future__ import annotations

from django.utils.translation import gettext as _

from . import texts


def tiebreak_text(game_type: str, key: str | None) -> str:
    """The sentence for the tie-break ``key`` the game applied, in the reader's language ("" for none)."""
    if not key:
        return ""
    table = getattr(texts.catalog(game_type), "TIEBREAKS", None) or {}
    return str(table.get(key, ""))


def solo_text(game_type: str, solo: dict | None) -> str:
    """A solo game's outcome in words ("Won: Close to the target (14)"), from the result's label key."""
    if not solo:
        return ""
    label = texts.log_line(game_type, {"key": solo.get("label_key", ""), "params": solo.get("label_params") or {}},
                           [])
    return (_("Won: %(label)s") if solo.get("won") else _("Lost: %(label)s")) % {"label": label}


def frame(game_type: str, result: dict | None, names: list[str], colours: list[str],
          breakdown: list[dict] | None = None, *, solo_label: str = "") -> dict:
    """The end table's rows (best first) and its sentences; ``breakdown``: the game's own per-seat dicts (each
    with its ``seat``), merged into the rows; ``solo_label``: a solo game's outcome when the game words it
    itself. Nothing before the game has a result."""
    if not result or not result.get("ranks"):
        return {}
    ranks, scores = result["ranks"], result.get("scores") or []
    solo = (solo_label or solo_text(game_type, result.get("solo"))) if result.get("solo") else ""
    by_seat = {row["seat"]: row for row in breakdown or []}
    rows = [{**by_seat.get(seat, {}), "seat": seat, "name": names[seat] if seat < len(names) else "",
             "colour": colours[seat] if seat < len(colours) else "", "rank": rank,
             "rank_label": solo or rank, "score": scores[seat] if seat < len(scores) else None}
            for seat, rank in enumerate(ranks)]
    rows.sort(key=lambda r: (r["rank"] if isinstance(r["rank"], int) else 1_000, r["seat"]))
    return {"rows": rows, "solo": bool(solo), "tiebreak": tiebreak_text(game_type, result.get("tiebreak"))}
