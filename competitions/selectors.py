"""Read side: the list of competitions, a competition's page (standings with each player's games, rounds,
divisions), the competition and round of games (the lobby's and "My games" rows)."""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _

from play import bots, registry

from . import scoring, services
from .models import Bye, Competition, Entry, Round, SeasonResult, Table

TIE_BREAK_NAMES = {
    "head_to_head": _("Head-to-head"),
    "buchholz": _("Buchholz"),
    "game_score": _("Game score"),
}
TIE_BREAK_HELP = {
    "head_to_head": _("Among the players level on points: the tied players one finished ahead of, less "
                      "those one finished behind, at the tables shared."),
    "buchholz": _("For each table played, the mean final points of the others at it, summed."),
    "game_score": _("The sum of one's own scores in the games."),
}


def game_name(slug: str) -> str:
    try:
        return registry.get(slug).name
    except KeyError:
        return slug


def listed() -> list[tuple[str, list[Competition]]]:
    rows = list(Competition.objects.exclude(status=Competition.Status.CANCELLED).order_by("-created_at")[:200])
    for c in rows:
        c.game_name = game_name(c.game_type)
    return [(label, [c for c in rows if c.status == status]) for status, label in (
        (Competition.Status.REGISTRATION, _("Registration open")),
        (Competition.Status.RUNNING, _("In progress")),
        (Competition.Status.FINISHED, _("Finished")))]


def _standing_rows(competition, entries, rows, tables_by_entry):
    out = []
    for row in rows:
        entry = entries[row.player]
        out.append({"place": row.place, "entry": entry, "points": row.points, "head_to_head": row.head_to_head,
                    "buchholz": round(row.buchholz, 2), "game_score": row.game_score, "played": row.played,
                    "byes": row.byes, "games": tables_by_entry.get(entry.pk, [])})
    return out


def detail(competition: Competition, user) -> dict:
    """Everything the competition's page shows: a few queries, whatever the number of rounds."""
    entries = {e.pk: e for e in competition.entries.select_related("user").order_by("seed")}
    tables = list(Table.objects.filter(round__competition=competition).select_related("game", "round")
                  .order_by("round__season", "round__number", "number"))
    tables_by_entry: dict[int, list] = {}
    for table in tables:
        table.players = [entries[e] for e in table.entries if e in entries]
        for e in table.entries:
            result = table.game.result or {}
            ranks = result.get("ranks") or []
            i = table.entries.index(e)
            tables_by_entry.setdefault(e, []).append({
                "table": table, "rank": ranks[i] if i < len(ranks) and not result.get("annulled") else None,
                "annulled": bool(result.get("annulled"))})
    rounds = list(Round.objects.filter(competition=competition).order_by("season", "number"))
    byes = {}
    for bye in Bye.objects.filter(round__competition=competition):
        byes.setdefault(bye.round_id, []).append(entries.get(bye.entry_id))
    for round_ in rounds:
        round_.table_list = [t for t in tables if t.round_id == round_.pk]
        round_.bye_list = [e for e in byes.get(round_.pk, []) if e]
    if competition.kind == Competition.Kind.LEAGUE:
        divisions = []
        for number in sorted({e.division for e in entries.values() if e.division}):
            rows = services.standings(competition, season=competition.season, division=number)
            divisions.append({"number": number, "rows": _standing_rows(competition, entries, rows,
                                                                         tables_by_entry)})
        standings_rows = []
    else:
        divisions = []
        standings_rows = _standing_rows(competition, entries, services.standings(competition), tables_by_entry)
    mine = next((e for e in entries.values() if user.is_authenticated and e.user_id == user.pk), None)
    organiser = user.is_authenticated and (user.is_staff or user.pk == competition.created_by_id)
    return {
        "competition": competition,
        "game_name": game_name(competition.game_type),
        "entries": list(entries.values()),
        "my_entry": mine,
        "organiser": organiser,
        "bot_levels": bots.levels_for(competition.game_type) if organiser and competition.bots_allowed else [],
        "standings": standings_rows,
        "divisions": divisions,
        "rounds": rounds[::-1],
        "tie_breaks": [(TIE_BREAK_NAMES[k], TIE_BREAK_HELP[k]) for k in scoring.TIE_BREAKS],
        "bye_points": scoring.bye_points(competition.seats),
        "season_results": list(SeasonResult.objects.filter(competition=competition)
                               .select_related("entry__user").order_by("-season", "division", "place")),
        "can_register": (competition.status == Competition.Status.REGISTRATION and competition.registration_open
                         and user.is_authenticated and mine is None),
        "can_withdraw": mine is not None and mine.status == Entry.Status.ACTIVE
                        and competition.status in (Competition.Status.REGISTRATION, Competition.Status.RUNNING),
    }


def rounds_of_games(*game_lists) -> dict:
    """game id → "competition name, round n" for the games of these lists that are a competition's
    tables: one query, for the lobby's and "My games" rows."""
    ids = {g.pk for games in game_lists for g in (games or [])}
    if not ids:
        return {}
    return {t.game_id: t for t in Table.objects.filter(game_id__in=ids).select_related("round__competition")}


def played_by(user, limit: int = 10) -> list[dict]:
    """A player's competitions, newest first (their profile): each with the player's place — the final one
    in a finished tournament, the best season's in a league (division and place) — or where it stands."""
    entries = list(Entry.objects.filter(user=user).select_related("competition")
                   .exclude(competition__status=Competition.Status.CANCELLED).order_by("-competition__created_at")
                   [:limit])
    best = {}
    for result in SeasonResult.objects.filter(entry__in=entries).order_by("division", "place"):
        best.setdefault(result.entry_id, result)
    out = []
    for entry in entries:
        competition = entry.competition
        row = {"competition": competition, "entry": entry, "game_name": game_name(competition.game_type),
               "place": None, "of": None, "season": best.get(entry.pk)}
        if competition.kind != Competition.Kind.LEAGUE and competition.status == Competition.Status.FINISHED:
            rows = services.standings(competition)
            row["place"] = next((r.place for r in rows if r.player == entry.pk), None)
            row["of"] = len(rows)
            if competition.kind == Competition.Kind.KNOCKOUT:
                row["place"] = 1 if entry.status == Entry.Status.ACTIVE else None
        out.append(row)
    return out
