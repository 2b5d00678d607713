"""The year (R20–R23, R50–R64): phase order per edition and the loop that runs
automatic phases and forced decisions until someone has a real choice.

Classic:  year start · first player passes left (not in year 1) · Voice cards · income ·
          growth · 5 rounds · Voice revealed · migration · demolition · feeding ·
          demolition · year end.
Modern:   year start · Voice cards · income · growth · 5 turns · Voice count · migration ·
          relodging · feeding · relodging · first player passes left · year end.
"""

from __future__ import annotations

from kit.base import LogEntry

from . import demolition, feeding, migration
from .cities import castle_sites, cities, cities_of, city_limit, income
from .constants import (
    ACTION_CARDS,
    ADVANCED,
    CLASSIC,
    CUBES,
    MODERN,
    TURNS_PER_YEAR,
    VOICE_DRAW,
    VOICE_LEFT_IN_FINAL_YEAR,
    YEARS,
)
from .moves import DECISION_PHASES, apply_decision, find_forced, pending
from .scoring import compute_result
from .state import State

SEQUENCE = {
    CLASSIC: ("year_start", "first_player", "voice", "income", "growth", "actions", "reveal", "choice",
              "migration", "demolish_migration", "feeding", "demolish_feeding", "year_end"),
    MODERN: ("year_start", "voice", "income", "growth", "actions", "reveal", "choice", "migration",
             "demolish_migration", "feeding", "demolish_feeding", "first_player", "year_end"),
}


def advance(s: State, log: list) -> None:
    """Run the game on until a seat owes a choice with more than one answer, or the end."""
    while s.phase != "over":
        if s.phase in DECISION_PHASES:
            if s.phase == "setup" and s.qi < len(s.queue) and not castle_sites(s):
                # No hex keeps R11's distance any more: that castle cannot be placed.
                log.append(LogEntry("lacitta.castle_skipped", {"seat": s.queue[s.qi]}, s.queue[s.qi]))
                s.qi += 1
                continue
            waiting = pending(s)
            forced = find_forced(s, waiting)
            if forced is not None:
                seat, move = forced
                apply_decision(s, seat, move, log, auto=True)
                continue
            if waiting:
                return
            if s.phase == "choice" and migration.step(s, log):
                continue  # in turn: one seat migrated, the next seat's turn opens
        _next(s, log)


def _next(s: State, log: list) -> None:
    seq = SEQUENCE[s.edition]
    if s.phase == "setup":
        if s.setup == ADVANCED:
            # R11: after placement the first-player marker passes to the left.
            s.first = (s.setup_first + 1) % s.nplayers
            log.append(LogEntry("lacitta.first_player", {"seat": s.first}))
        nxt = "year_start"
    elif s.phase == "year_end":
        nxt = "year_start"
    else:
        if s.phase in ("demolish_migration", "demolish_feeding"):
            _eliminate(s, log)
        nxt = seq[seq.index(s.phase) + 1]
    s.phase = nxt
    START[nxt](s, log)


def _year_start(s: State, log: list) -> None:
    s.year += 1
    log.append(LogEntry("lacitta.year_start", {"year": s.year}))


def _first_player(s: State, log: list) -> None:
    # Classic: at the start of every year but the first; modern: at the end of the year.
    if s.edition == CLASSIC and s.year == 1:
        return
    if s.edition == MODERN and s.final:
        return
    s.first = (s.first + 1) % s.nplayers
    log.append(LogEntry("lacitta.first_player", {"seat": s.first}))


def _voice(s: State, log: list) -> None:
    """R20: 4 cards, the first face up. Modern R64: the year that leaves 3 cards in the
    deck is the last; classic: year 6 (both coincide with 27 cards)."""
    drawn = s.voice_deck[-VOICE_DRAW:][::-1]
    s.voice_deck = s.voice_deck[:-VOICE_DRAW]
    s.voice = drawn
    s.voice_revealed = False
    s.voice_winners = []
    if s.edition == MODERN:
        s.final = len(s.voice_deck) <= VOICE_LEFT_IN_FINAL_YEAR
    else:
        s.final = s.year >= YEARS
    for p in s.players:
        p["peeks"] = (None, None, None)
    log.append(LogEntry("lacitta.voice_drawn", {"face_up": drawn[0], "deck": len(s.voice_deck),
                                                "final_year": s.final}))


def _income(s: State, log: list) -> None:
    for seat in migration.seat_order(s):
        gold, quarries, ports = income(s, seat)
        if gold:
            s.players[seat]["gold"] += gold
        log.append(LogEntry("lacitta.income", {"seat": seat, "gold": gold, "quarries": quarries, "ports": ports},
                            seat))


def _growth(s: State, log: list) -> None:
    """R22: one citizen per city from the pool, unless at the limit (or the pool is empty)."""
    for seat in migration.seat_order(s):
        grown, full = [], []
        for cid in cities_of(s, seat):
            if s.pop[cid] < city_limit(s, cid) and s.pool > 0:
                s.pop[cid] += 1
                s.pool -= 1
                grown.append(cid)
            else:
                full.append(cid)
        log.append(LogEntry("lacitta.growth", {"seat": seat, "cities": grown, "full": full}, seat))


def _actions(s: State, log: list) -> None:
    """R23 turn order; R62: a famine penalty costs the first turn and one card; R65: the
    eliminated play no more."""
    order = migration.seat_order(s)
    for seat in order:
        p = s.players[seat]
        p["penalized"] = p["penalty"]
        p["penalty"] = False
        if p["penalized"] and not p["eliminated"]:
            p["cards_up"] = ACTION_CARDS - 1
            p["turns_done"] = 1
            log.append(LogEntry("lacitta.famine_penalty", {"seat": seat}, seat))
    s.queue = [seat for r in range(TURNS_PER_YEAR) for seat in order
               if not s.players[seat]["eliminated"] and not (r == 0 and s.players[seat]["penalized"])]
    s.qi = 0


def _reveal(s: State, log: list) -> None:
    s.voice_revealed = True
    s.voice_winners = migration.voice_winners(s.voice)
    log.append(LogEntry("lacitta.voice_revealed", {"cards": list(s.voice), "voice": list(s.voice_winners)}))


def _choice(s: State, log: list) -> None:
    migration.open_choices(s, log)


def _migration(s: State, log: list) -> None:
    migration.migrate(s, log)


def _demolish_migration(s: State, log: list) -> None:
    demolition.enter(s, "migration", log)


def _feeding(s: State, log: list) -> None:
    feeding.enter(s, log)


def _demolish_feeding(s: State, log: list) -> None:
    demolition.enter(s, "feeding", log)


def _year_end(s: State, log: list) -> None:
    """R63: Voice cards to the discard, cubes and extra harvest food back, used politics
    cards to the discard, action cards face up; R62 penalty noted for next year."""
    s.voice_discard = s.voice_discard + s.voice
    s.voice = []
    for _seat, _cell, extra in s.harvest:
        s.players[_seat]["food"] -= extra
    s.harvest = []
    s.cubes = []
    s.choice_open, s.choice_made = [], []
    for seat, p in enumerate(s.players):
        s.pol_discard = s.pol_discard + list(p["taken"]) + list(p["passed"])
        p.update(taken=(), passed=(), cards_up=ACTION_CARDS, cubes=CUBES, founded=False, turns_done=0,
                 penalized=False, peeks=(None, None, None), penalty=s.famine[seat] > 0)
    s.queue, s.qi = [], 0
    log.append(LogEntry("lacitta.year_end", {"year": s.year}))
    if s.final:
        s.result = compute_result(s)
        s.phase = "over"
        log.append(LogEntry("lacitta.game_over", {"scores": list(s.result["scores"]),
                                                  "ranks": list(s.result["ranks"]),
                                                  "tiebreak": s.result["tiebreak"]}))


def _eliminate(s: State, log: list) -> None:
    """R65 (modern): a player with no building left on the board loses."""
    if s.edition != MODERN:
        return
    owned = {s.owner[cid] for cid in cities(s)}
    for seat, p in enumerate(s.players):
        if not p["eliminated"] and seat not in owned:
            p["eliminated"] = True
            log.append(LogEntry("lacitta.eliminated", {"seat": seat}, seat))


START = {
    "year_start": _year_start, "first_player": _first_player, "voice": _voice, "income": _income,
    "growth": _growth, "actions": _actions, "reveal": _reveal, "choice": _choice, "migration": _migration,
    "demolish_migration": _demolish_migration, "feeding": _feeding, "demolish_feeding": _demolish_feeding,
    "year_end": _year_end,
}
