"""The only code that changes a competition: create, register, withdraw, start, pair and close rounds,
roll a league's season over. Games are opened and ended only through ``play.services`` (the one write
path of games). Refusals are ``play.errors.ServiceError`` (a message a person can act on).

Every write locks the competition row first (``select_for_update``): a round is paired once, whatever
the retries of the periodic task (``competitions.tasks.advance``), and the unique constraint on
(competition, season, number) stands behind it."""

from __future__ import annotations

import logging
from datetime import timedelta
from itertools import combinations
from math import comb

from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from kit.base import InvalidOptions
from play import events, registry
from play import services as game_services
from play.errors import BadOptions, NotAllowed, ServiceError
from play.models import Game

from . import mails, pairing, scoring
from .models import Bye, Competition, CompetitionEvent, Entry, Round, SeasonResult, Table

log = logging.getLogger(__name__)

# A player who is not staff may open competitions within these limits.
PLAYER_LIMITS = {"open_competitions": 2, "max_players": 32, "rounds": 9}
MAX_ROUND_DAYS = 60
# Every table of a round robin (every pair at 2 seats) is played once: a group whose tables are too many is
# refused (30 players at 2 seats make 435 games).
MAX_ROUND_ROBIN_TABLES = 435


def _log(competition, kind: str, *, by_user=None, entry=None, **details) -> None:
    CompetitionEvent.objects.create(competition=competition, kind=kind, by_user=by_user, entry=entry,
                                    details=details)


def _lock(competition_id: int) -> Competition:
    try:
        return Competition.objects.select_for_update().get(pk=competition_id)
    except (Competition.DoesNotExist, ValueError, TypeError):
        raise ServiceError(_("There is no such competition.")) from None


# --- creating ---------------------------------------------------------------------------------------


@transaction.atomic
def competition_create(*, creator, name: str, kind: str, game_type: str, options: dict | None = None,
                       seats: int = 2, rounds: int = 3, max_players: int = 8, round_days: int = 14,
                       initial_seconds: int = 3 * 86400, increment_seconds: int = 86400,
                       max_seconds: int = 7 * 86400, starts_at=None, start_when_full: bool = True,
                       invite_only: bool = False, min_rating=None, max_rating=None, bots_allowed: bool = True,
                       rated: bool = True, division_size: int = 8, moves: int = 2, seasons: int = 1
                       ) -> Competition:
    """Open a competition for registration. Staff may open any; a player opens at most
    ``PLAYER_LIMITS['open_competitions']`` not yet finished, of at most so many players and rounds."""
    name = (name or "").strip()
    if not name:
        raise ServiceError(_("Give the competition a name."))
    if kind not in Competition.Kind.values:
        raise ServiceError(_("Unknown kind of competition “%(kind)s”."), {"kind": kind})
    try:
        engine = registry.get(game_type)
    except KeyError:
        raise ServiceError(_("Unknown game “%(game)s”."), {"game": game_type}) from None
    if not engine.min_players <= seats <= engine.max_players or seats < 2:
        raise ServiceError(_("%(game)s is played by %(min)d to %(max)d players."),
                           {"game": engine.name, "min": max(engine.min_players, 2), "max": engine.max_players})
    try:
        options = engine.validate_options(options or {}, seats)
    except InvalidOptions as exc:
        # The engine's refusal, worded by the game's texts (as for an ordinary game's options).
        raise BadOptions(exc.key or "invalid_options", exc.params, game_type=game_type, default=str(exc)) from None
    if not 2 <= max_players <= 1000 or max_players < seats:
        raise ServiceError(_("A competition takes from %(min)d to 1000 players."), {"min": seats})
    if not 1 <= rounds <= 30 or not 1 <= round_days <= MAX_ROUND_DAYS:
        raise ServiceError(_("From 1 to 30 rounds, each of 1 to %(days)d days."), {"days": MAX_ROUND_DAYS})
    if not (3600 <= initial_seconds <= game_services.MAX_BANK_SECONDS
            and 0 <= increment_seconds <= game_services.MAX_INCREMENT_SECONDS
            and initial_seconds <= max_seconds <= game_services.MAX_BANK_SECONDS):
        raise ServiceError(_("The time bank must be between 1 hour and 60 days, the increment at most 30 days."))
    if min_rating is not None and max_rating is not None and min_rating > max_rating:
        raise ServiceError(_("The lowest rating is above the highest."))
    if kind == Competition.Kind.LEAGUE and not (seats <= division_size <= 50 and moves * 2 < division_size
                                                 and 1 <= seasons <= 20):
        raise ServiceError(_("A division holds from one table to 50 players, and fewer than half of them "
                             "go up or down."))
    group = division_size if kind == Competition.Kind.LEAGUE else max_players
    if kind in (Competition.Kind.ROUND_ROBIN, Competition.Kind.LEAGUE) and comb(group, seats) > MAX_ROUND_ROBIN_TABLES:
        raise ServiceError(_("A round robin of %(players)d players at tables of %(seats)d would need %(tables)d "
                             "tables each; at most %(most)d: fewer players or fewer seats."),
                           {"players": group, "seats": seats, "tables": comb(group, seats),
                            "most": MAX_ROUND_ROBIN_TABLES})
    if not creator.is_staff:
        running = Competition.objects.filter(created_by=creator, status__in=[
            Competition.Status.REGISTRATION, Competition.Status.RUNNING]).count()
        if running >= PLAYER_LIMITS["open_competitions"]:
            raise NotAllowed(_("You already run %(n)d competitions, the most a player may."),
                             {"n": PLAYER_LIMITS["open_competitions"]})
        if max_players > PLAYER_LIMITS["max_players"] or rounds > PLAYER_LIMITS["rounds"]:
            raise NotAllowed(_("A player's competition takes at most %(players)d players and %(rounds)d "
                               "rounds."), {"players": PLAYER_LIMITS["max_players"],
                                            "rounds": PLAYER_LIMITS["rounds"]})
    competition = Competition.objects.create(
        name=name[:80], kind=kind, game_type=game_type, options=options, seats=seats, rounds=rounds,
        max_players=max_players, round_days=round_days, initial_seconds=initial_seconds,
        increment_seconds=increment_seconds, max_seconds=max_seconds, starts_at=starts_at,
        start_when_full=start_when_full, invite_only=invite_only, min_rating=min_rating, max_rating=max_rating,
        bots_allowed=bots_allowed, rated=rated, division_size=division_size, moves=moves, seasons=seasons,
        created_by=creator,
    )
    _log(competition, "created", by_user=creator)
    return competition


# --- registering ------------------------------------------------------------------------------------


def _rating_of(user, game_type: str) -> float:
    from ratings.models import Rating
    from ratings.skill import DEFAULT_MU, DEFAULT_SIGMA, ordinal

    found = Rating.objects.filter(user=user, game_type=game_type).values_list("ordinal", flat=True).first()
    return found if found is not None else ordinal(DEFAULT_MU, DEFAULT_SIGMA)


@transaction.atomic
def entry_register(*, competition_id: int, user, bot_level: str = "", invite_token: str | None = None) -> Entry:
    """Enter a player (or, for the organiser and staff, one of the site's bots where bots may enter).
    A competition that starts when full starts with its last entry."""
    from play import bots

    competition = _lock(competition_id)
    if competition.status != Competition.Status.REGISTRATION or not competition.registration_open:
        raise ServiceError(_("Registration for this competition is closed."))
    entries = list(competition.entries.all())
    if len(entries) >= competition.max_players:
        raise ServiceError(_("This competition is full."))
    if bot_level:
        if not competition.bots_allowed:
            raise NotAllowed(_("Bots may not enter this competition."))
        if not (user.is_staff or user.pk == competition.created_by_id):
            raise NotAllowed(_("Only the organiser enters the site's bots."))
        if bot_level not in bots.levels_for(competition.game_type):
            raise ServiceError(_("Unknown bot level “%(level)s”."), {"level": bot_level})
        entry_user = None
    else:
        if competition.invite_only and invite_token != competition.invite_token \
                and user.pk != competition.created_by_id:
            raise NotAllowed(_("This competition is by invitation: you need its invitation link."))
        if any(e.user_id == user.pk for e in entries):
            raise ServiceError(_("You are already registered."))
        rating = _rating_of(user, competition.game_type)
        if (competition.min_rating is not None and rating < competition.min_rating) or (
                competition.max_rating is not None and rating > competition.max_rating):
            raise NotAllowed(_("Your rating (%(rating).1f) is outside this competition's bounds."),
                             {"rating": rating})
        entry_user = user
    seed = max((e.seed for e in entries), default=0) + 1
    entry = Entry.objects.create(competition=competition, user=entry_user, bot_level=bot_level, seed=seed)
    _log(competition, "registered", by_user=user, entry=entry)
    if competition.start_when_full and len(entries) + 1 == competition.max_players:
        _start(competition)
    return entry


@transaction.atomic
def entry_withdraw(*, competition_id: int, user, entry_id: int | None = None) -> Entry:
    """Leave a competition. Before the start the entry is removed; later it is marked withdrawn: it is
    paired no more, and its seats in games under way are played out by the rules' time-out (its clocks
    run out as anyone's). The organiser and staff may withdraw a bot entry (``entry_id``)."""
    competition = _lock(competition_id)
    if entry_id is not None:
        entry = competition.entries.filter(pk=entry_id).first()
        if entry is not None and entry.user_id != user.pk and not (
                user.is_staff or user.pk == competition.created_by_id):
            entry = None
    else:
        entry = competition.entries.filter(user=user).first()
    if entry is None:
        raise ServiceError(_("You are not registered in this competition."))
    if competition.status == Competition.Status.REGISTRATION:
        _log(competition, "withdrawn", by_user=user, details_name=entry.name)
        entry.delete()
        return entry
    if competition.status != Competition.Status.RUNNING or not entry.is_in:
        raise ServiceError(_("You are no longer playing in this competition."))
    entry.status = Entry.Status.WITHDRAWN
    entry.save(update_fields=["status"])
    _log(competition, "withdrawn", by_user=user, entry=entry)
    return entry


# --- starting and the rounds ------------------------------------------------------------------------


@transaction.atomic
def competition_start(*, competition_id: int, by_user=None) -> Competition:
    """Close registration and pair the first round (the organiser, staff, or the task at the start date)."""
    competition = _lock(competition_id)
    if by_user is not None and not (by_user.is_staff or by_user.pk == competition.created_by_id):
        raise NotAllowed(_("Only the organiser starts the competition."))
    if competition.status != Competition.Status.REGISTRATION:
        raise ServiceError(_("This competition has already started."))
    _start(competition)
    return competition


def _start(competition: Competition) -> None:
    entries = list(competition.entries.order_by("seed"))
    if len(entries) < max(competition.seats, 2):
        raise ServiceError(_("At least %(n)d players are needed to start."), {"n": max(competition.seats, 2)})
    competition.status = Competition.Status.RUNNING
    competition.registration_open = False
    competition.started_at = timezone.now()
    competition.save()
    if competition.kind == Competition.Kind.LEAGUE:
        for index, entry in enumerate(entries):
            entry.division = index // competition.division_size + 1
        _merge_small_last_division(entries, competition)
        Entry.objects.bulk_update(entries, ["division"])
    _log(competition, "started", entries=len(entries))
    _open_next(competition)


def _merge_small_last_division(entries, competition) -> None:
    last = max(e.division for e in entries)
    if last > 1 and sum(1 for e in entries if e.division == last) < competition.seats:
        for e in entries:
            if e.division == last:
                e.division = last - 1


def _results(competition: Competition, season: int | None = None) -> tuple[list, dict, list]:
    """The finished tables (``scoring.TableResult`` of entry ids, annulled games left out), the byes per
    entry and every table with its game: two queries, whatever the size."""
    tables = Table.objects.filter(round__competition=competition).select_related("game", "round")
    if season is not None:
        tables = tables.filter(round__season=season)
    tables = list(tables)
    results = []
    for table in tables:
        game = table.game
        result = game.result or {}
        if game.status != Game.Status.FINISHED or result.get("annulled") or not result.get("ranks"):
            continue
        results.append(scoring.TableResult(tuple(table.entries), tuple(result["ranks"]),
                                           tuple(result.get("scores") or ())))
    byes: dict = {}
    bye_rows = Bye.objects.filter(round__competition=competition)
    if season is not None:
        bye_rows = bye_rows.filter(round__season=season)
    for entry_id in bye_rows.values_list("entry_id", flat=True):
        byes[entry_id] = byes.get(entry_id, 0) + 1
    return results, byes, tables


def standings(competition: Competition, *, season: int | None = None, division: int | None = None
              ) -> list[scoring.Row]:
    """The standings (``scoring``), of a league's season and division when given."""
    entries = list(competition.entries.order_by("seed"))
    if division is not None:
        entries = [e for e in entries if e.division == division]
    results, byes, _tables = _results(competition, season)
    return scoring.standings([e.pk for e in entries], results, byes, competition.seats)


def _open_next(competition: Competition) -> list[Round]:
    """Pair and open what comes next: the next round (a league: every round of the season at once,
    Little Golem style). Returns the rounds opened."""
    kind = competition.kind
    season = competition.season
    done = Round.objects.filter(competition=competition, season=season).count()
    active = list(competition.entries.filter(status=Entry.Status.ACTIVE).order_by("seed"))
    if kind == Competition.Kind.LEAGUE:
        opened = []
        divisions = sorted({e.division for e in active})
        schedules = {d: pairing.round_robin([e.pk for e in active if e.division == d], competition.seats)
                     for d in divisions}
        count = max((len(s) for s in schedules.values()), default=0)
        for number in range(1, count + 1):
            plan = [(d, schedules[d][number - 1]) for d in divisions if number <= len(schedules[d])]
            # Played side by side, the season's rounds share its whole length.
            opened.append(_open_round(competition, season, number, plan, days=competition.round_days * count))
        return opened
    number = done + 1
    if kind == Competition.Kind.SWISS:
        order = [row.player for row in standings(competition) if row.player in {e.pk for e in active}]
        _finished, byes, tables = _results(competition)
        # Every table played counts as a meeting, whatever its game's end (annulled, aborted included).
        met = {frozenset(p) for t in tables for p in combinations(t.entries, 2)}
        plan = [(None, pairing.swiss(order, competition.seats, met, set(byes)))]
    elif kind == Competition.Kind.ROUND_ROBIN:
        everyone = [e.pk for e in competition.entries.order_by("seed")]
        schedule = pairing.round_robin(everyone, competition.seats)
        plan = [(None, _without_leavers(schedule[number - 1], {e.pk for e in active}, competition))]
    else:
        plan = [(None, pairing.knockout([e.pk for e in active], competition.seats))]
    return [_open_round(competition, season, number, plan)]


def _without_leavers(round_: pairing.Pairing, still_in: set, competition) -> pairing.Pairing:
    """A planned round robin round without the players who left: their table is played by the others if
    enough remain for the game, else the others have a bye."""
    min_players = max(registry.get(competition.game_type).min_players, 2)
    tables, byes = [], [p for p in round_.byes if p in still_in]
    for table in round_.tables:
        kept = [p for p in table if p in still_in]
        if len(kept) >= min_players:
            tables.append(kept)
        else:
            byes.extend(kept)
    return pairing.Pairing(tables=tables, byes=byes)


def _open_round(competition: Competition, season: int, number: int, plan, days: int | None = None) -> Round:
    """One round's games, opened together with the competition's time control; the round ends at the latest
    ``days`` (the competition's days per round) after it opens."""
    now = timezone.now()
    try:
        with transaction.atomic():
            round_ = Round.objects.create(competition=competition, season=season, number=number, opened_at=now,
                                          deadline=now + timedelta(days=days or competition.round_days))
    except IntegrityError:
        raise ServiceError(_("This round is already paired.")) from None
    entries = {e.pk: e for e in competition.entries.select_related("user")}
    rows, told = [], []
    table_number = 0
    for division, round_plan in plan:
        for seat_entries in round_plan.tables:
            table_number += 1
            specs = [game_services.SeatSpec("player", username=entries[e].user.get_username())
                     if entries[e].user_id else game_services.SeatSpec("bot", bot_level=entries[e].bot_level)
                     for e in seat_entries]
            game = game_services.game_create(
                creator=competition.created_by, creator_seated=False, game_type=competition.game_type,
                options=competition.options, seats=specs, initial_seconds=competition.initial_seconds,
                increment_seconds=competition.increment_seconds, max_seconds=competition.max_seconds,
                rated=competition.rated)
            rows.append(Table(round=round_, number=table_number, division=division, game=game,
                              entries=list(seat_entries)))
            told.extend((entries[e], game) for e in seat_entries if entries[e].user_id)
        Bye.objects.bulk_create([Bye(round=round_, entry_id=e) for e in round_plan.byes])
    Table.objects.bulk_create(rows)
    _log(competition, "round_opened", season=season, round=number, tables=len(rows))
    for entry, game in told:
        mails.round_started(entry=entry, round_=round_, game=game)
    messages = [(events.user_channel(entry.user_id), {
        "type": "roundStarted", "competition": competition.pk, "season": season, "round": number,
        "game": game.pk}) for entry, game in told]
    transaction.on_commit(lambda: events.publish_many(messages))
    return round_


def _adjudicate_late(game: Game) -> None:
    """A game still running at its round's deadline ends as the clock says: the seats that owe a
    decision lose (ranked after every seat that does not), the others share first place."""
    seats = list(game.seats.order_by("index"))
    late = {s.index for s in seats if s.owes_move}
    on_time = len(seats) - len(late)
    ranks = [(on_time + 1 if on_time else 1) if s.index in late else 1 for s in seats]
    game_services.game_adjudicate(game_id=game.pk, ranks=ranks, by_user=None)


def _close_round(competition: Competition, round_: Round, tables: list[Table], now) -> None:
    round_.status, round_.closed_at = Round.Status.CLOSED, now
    round_.save(update_fields=["status", "closed_at"])
    _log(competition, "round_closed", season=round_.season, round=round_.number)
    if competition.kind != Competition.Kind.KNOCKOUT:
        return
    seed = {e.pk: e.seed for e in competition.entries.all()}
    out = []
    for table in tables:
        game = Game.objects.get(pk=table.game_id)
        result = game.result or {}
        if result.get("annulled") or not result.get("ranks"):
            continue
        winner = scoring.table_winner(scoring.TableResult(tuple(table.entries), tuple(result["ranks"])), seed)
        out.extend(e for e in table.entries if e != winner)
        entry = competition.entries.select_related("user").get(pk=winner)
        mails.advanced(entry=entry, round_=round_)
    competition.entries.filter(pk__in=out, status=Entry.Status.ACTIVE).update(status=Entry.Status.ELIMINATED)


def competition_advance(*, competition_id: int, now=None) -> str:
    """The periodic step of one competition: start it at its date; close the rounds whose games are all
    over (or whose deadline passed: games still running adjudicated); then pair what comes next, roll a
    league's season over, or finish. Idempotent: run twice, the second run finds nothing to do.
    Returns what it did, for the task's log."""
    now = now or timezone.now()
    with transaction.atomic():
        competition = _lock(competition_id)
        if competition.status == Competition.Status.REGISTRATION:
            if competition.starts_at and competition.starts_at <= now:
                try:
                    _start(competition)
                except ServiceError:
                    competition.status = Competition.Status.CANCELLED
                    competition.save(update_fields=["status"])
                    _log(competition, "cancelled", reason="too few players")
                    return "cancelled"
                return "started"
            return "waiting"
        if competition.status != Competition.Status.RUNNING:
            return "over"
        open_rounds = list(competition.round_set.filter(status=Round.Status.OPEN))
    did = []
    for round_ in open_rounds:
        tables = list(round_.tables.select_related("game"))
        if round_.deadline <= now:
            for table in tables:
                if table.game.status == Game.Status.ACTIVE:
                    _adjudicate_late(table.game)
        with transaction.atomic():
            competition = _lock(competition_id)
            round_ = Round.objects.select_for_update().get(pk=round_.pk)
            if round_.status != Round.Status.OPEN:
                continue
            running = [Game.Status.OPEN, Game.Status.ACTIVE]
            if not Game.objects.filter(pk__in=[t.game_id for t in tables], status__in=running).exists():
                _close_round(competition, round_, tables, now)
                did.append("closed")
    with transaction.atomic():
        competition = _lock(competition_id)
        if competition.round_set.filter(status=Round.Status.OPEN).exists():
            return ",".join(did) or "playing"
        if _season_over(competition):
            if competition.kind == Competition.Kind.LEAGUE and competition.season < competition.seasons:
                season_roll_over(competition)
                return ",".join([*did, "new season"])
            _finish(competition, now)
            return ",".join([*did, "finished"])
        _open_next(competition)
        return ",".join([*did, "paired"])


def _season_over(competition: Competition) -> bool:
    played = competition.round_set.filter(season=competition.season).count()
    kind = competition.kind
    if kind == Competition.Kind.SWISS:
        return played >= competition.rounds
    if kind == Competition.Kind.KNOCKOUT:
        return competition.entries.filter(status=Entry.Status.ACTIVE).count() <= 1
    if kind == Competition.Kind.ROUND_ROBIN:
        everyone = competition.entries.count()
        return played >= len(pairing.round_robin(list(range(everyone)), competition.seats))
    return played > 0  # a league opens all of a season's rounds at once


def _finish(competition: Competition, now) -> None:
    if competition.kind == Competition.Kind.LEAGUE:
        _season_results(competition)
    competition.status, competition.finished_at = Competition.Status.FINISHED, now
    competition.save(update_fields=["status", "finished_at"])
    _log(competition, "finished")


def _season_results(competition: Competition) -> list[list[int]]:
    """Each division's final order, kept as ``SeasonResult`` rows; returns the divisions' orders."""
    entries = list(competition.entries.all())
    results, byes, _tables = _results(competition, competition.season)
    divisions = sorted({e.division for e in entries if e.division})
    division_of = {e.pk: e.division for e in entries}
    by_division: dict = {}
    for result in results:  # a division's tables hold only its players
        by_division.setdefault(division_of.get(result.players[0]), []).append(result)
    orders, rows = [], []
    for division in divisions:
        members = [e.pk for e in sorted(entries, key=lambda e: e.seed) if e.division == division]
        table = scoring.standings(members, by_division.get(division, []), byes, competition.seats)
        orders.append([row.player for row in table])
        rows.extend(SeasonResult(competition=competition, season=competition.season, entry_id=row.player,
                                 division=division, place=row.place, points=row.points) for row in table)
    SeasonResult.objects.bulk_create(rows, ignore_conflicts=True)
    return orders


def season_roll_over(competition: Competition) -> None:
    """A league's season ends: results kept, promotion and relegation, the next season's divisions
    formed and its rounds opened, all in the caller's transaction (one task, whatever the size)."""
    orders = _season_results(competition)
    leaving = set(competition.entries.exclude(status=Entry.Status.ACTIVE).values_list("pk", flat=True))
    divisions = pairing.league_next(orders, competition.division_size, competition.moves, leaving=leaving)
    new_division = {pk: d for d, members in enumerate(divisions, start=1) for pk in members}
    entries = list(competition.entries.select_related("user"))
    for entry in entries:
        entry.division = new_division.get(entry.pk)
    Entry.objects.bulk_update(entries, ["division"])
    results = list(SeasonResult.objects.filter(competition=competition, season=competition.season))
    for result in results:
        result.next_division = new_division.get(result.entry_id)
    SeasonResult.objects.bulk_update(results, ["next_division"])
    by_entry = {e.pk: e for e in entries}
    for result in results:
        mails.season_ended(entry=by_entry[result.entry_id], result=result)
    _log(competition, "season_over", season=competition.season)
    competition.season += 1
    competition.save(update_fields=["season"])
    _open_next(competition)


def competitions_advance(*, now=None) -> dict:
    """Every competition that may have something to do (the beat task): those running, and those
    waiting for their start date. One competition's failure does not stop the others."""
    now = now or timezone.now()
    ids = list(Competition.objects.filter(status=Competition.Status.RUNNING).values_list("pk", flat=True))
    ids += list(Competition.objects.filter(status=Competition.Status.REGISTRATION, starts_at__lte=now)
                .values_list("pk", flat=True))
    done = {}
    for pk in ids:
        try:
            done[pk] = competition_advance(competition_id=pk, now=now)
        except Exception:  # logged; the next run tries it again, the others go on meanwhile
            log.exception("competition %s could not advance", pk)
            done[pk] = "failed"
    return done


# --- moderation -------------------------------------------------------------------------------------


def entry_disqualify(*, moderator, competition_id: int, entry_id: int, reason: str) -> Entry:
    """A moderator disqualifies an entry: it is paired no more and each of its games under way is
    adjudicated with it last (``community.game_moderation.game_adjudicate``: tier, reason, its log)."""
    from community import game_moderation

    with transaction.atomic():
        competition = _lock(competition_id)
        entry = competition.entries.filter(pk=entry_id).first()
        if entry is None:
            raise ServiceError(_("There is no such entry."))
        game_moderation.require_moderator(moderator)
        tables = [t for t in Table.objects.filter(round__competition=competition).select_related("game")
                  if entry.pk in t.entries and t.game.status == Game.Status.ACTIVE]
        for table in tables:
            index = table.entries.index(entry.pk)
            ranks = [len(table.entries) if i == index else 1 for i in range(len(table.entries))]
            game_moderation.game_adjudicate(moderator=moderator, game_id=table.game_id, ranks=ranks,
                                            reason=reason)
        entry.status = Entry.Status.DISQUALIFIED
        entry.save(update_fields=["status"])
        _log(competition, "disqualified", by_user=moderator, entry=entry, reason=reason,
             games=[t.game_id for t in tables])
    return entry


def table_seat_to_bot(*, moderator, table_id: int, seat_index: int, bot_level: str, reason: str) -> Table:
    """A moderator replaces a seat of a competition's game by a bot (``community.game_moderation``):
    the seat's points still go to its entry."""
    from community import game_moderation

    table = Table.objects.select_related("round__competition").filter(pk=table_id).first()
    if table is None:
        raise ServiceError(_("There is no such table."))
    with transaction.atomic():
        game_moderation.seat_give_to_bot(moderator=moderator, game_id=table.game_id, seat_index=seat_index,
                                         bot_level=bot_level, reason=reason)
        _log(table.round.competition, "seat_replaced", by_user=moderator, game=table.game_id, seat=seat_index,
             bot=bot_level, reason=reason)
    return table


def table_annul(*, moderator, table_id: int, reason: str) -> Table:
    """An administrator annuls a competition's finished game (``community.game_moderation.game_annul``):
    it then counts for nobody in the standings."""
    from community import game_moderation

    table = Table.objects.select_related("round__competition").filter(pk=table_id).first()
    if table is None:
        raise ServiceError(_("There is no such table."))
    game_moderation.game_annul(moderator=moderator, game_id=table.game_id, reason=reason)
    _log(table.round.competition, "annulled", by_user=moderator, game=table.game_id, reason=reason)
    return table
