"""What the page reads from the log lines: the hexes a move changed, the lines that end a year, and
the replay's year starts."""

from __future__ import annotations

from django.utils.translation import gettext as _


def latest_move_marks(page) -> tuple[dict[int, str], dict[int, str]]:
    """The hexes the latest move touched (from the log lines this seat may see)."""
    marks, titles = {}, {}
    for line in page.last_move:
        for cell in changed_cells(line.entry):
            marks[cell] = "last"
            titles[cell] = _("The latest move")
    return marks, titles


def changed_cells(entry: dict) -> list[int]:
    """Hexes a log line changed: a building placed or demolished, a city that gained or lost citizens."""
    params = entry.get("params") or {}
    key = entry.get("key", "")
    cells = []
    if key in ("lacitta.castle_placed", "lacitta.found", "lacitta.build", "lacitta.demolish",
               "lacitta.bread_and_games", "lacitta.rich_harvest"):
        cells.append(params.get("cell"))
    if key in ("lacitta.migration", "lacitta.golden_times", "lacitta.feeding_loss", "lacitta.city_lost",
               "lacitta.limit_excess"):
        cells.append(params.get("city"))
    if key == "lacitta.migration":
        cells.append(params.get("from_city"))
    if key == "lacitta.roads":
        cells += [r.get("cell") for r in params.get("roads", []) if isinstance(r, dict)]
    return [c for c in cells if isinstance(c, int) and not isinstance(c, bool)]


# What follows the year's moves: "since your last visit" shows these even when the viewer's own move
# ended the year (play.visit_summary), under "Year N ends".
YEAR_END_KEYS = (
    "lacitta.voice_revealed", "lacitta.voice_choice", "lacitta.migration", "lacitta.migration_done",
    "lacitta.demolish", "lacitta.city_lost", "lacitta.limit_excess", "lacitta.famine", "lacitta.fed",
    "lacitta.feeding_loss", "lacitta.eliminated", "lacitta.year_end", "lacitta.game_over",
)


def replay_years(page) -> list[dict]:
    """Where each year begins, for the replay's "jump to year" links (year starts are public; the
    platform's public log holds only the kept moves, the steps of the game)."""
    from urllib.parse import urlencode

    viewer = "" if page.replay_seat is None else str(page.replay_seat)
    return [{"year": line.params.get("year"), "url": "?" + urlencode({"at": line.seq, "seat": viewer})}
            for line in page.public_log if line.key == "lacitta.year_start"]

