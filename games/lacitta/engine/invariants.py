"""Checks that must hold after every move (used by selfplay and the property tests).
Each check returns None when it holds, else a short description of the breach."""

from __future__ import annotations

from .cities import board_food, building_count, cities, city_limit
from .constants import CASTLE, CASTLES, CITIZENS, PAIR_OF, SUPPLY_BASE, SUPPLY_EXPANSION
from .geometry import connected
from .migration import in_turn
from .state import State

UNMANNED_PHASES = frozenset({"demolish_migration", "feeding", "demolish_feeding"})


def _unmanned(s: State) -> bool:
    """Buildings may lack citizens until the next demolition (in-turn 2–2: migration
    runs during the choice phase)."""
    return s.phase in UNMANNED_PHASES or (s.phase == "choice" and in_turn(s))


def citizens_conserved(s: State):
    total = sum(s.pop[cid] for cid in cities(s)) + s.pool
    if total != CITIZENS or s.pool < 0:
        return f"citizens on board + pool = {total}"


def food_matches_board(s: State):
    for seat, p in enumerate(s.players):
        if p["food"] != board_food(s, seat):
            return f"seat {seat} food {p['food']} != board {board_food(s, seat)}"


def cities_within_limit(s: State):
    for cid in cities(s):
        if s.pop[cid] > city_limit(s, cid):
            return f"city {cid} has {s.pop[cid]} > limit"


def cities_never_touch(s: State):
    nbr, city = s.geo.nbr, s.city
    for c in s.geo.active_cells:
        if city[c] >= 0:
            for d in nbr[c]:
                if city[d] >= 0 and city[d] != city[c]:
                    return f"cities {city[c]} and {city[d]} touch"


def cities_whole(s: State):
    for cid, members in cities(s).items():
        if s.kind[cid] != CASTLE or sum(1 for c in members if s.kind[c] == CASTLE) != 1:
            return f"city {cid} has no single castle"
        if not connected(s.geo, set(members)):
            return f"city {cid} is split"
        if s.pop[cid] <= 0 and not _unmanned(s):
            return f"city {cid} is empty"


def buildings_manned(s: State):
    if _unmanned(s):
        return None
    for cid, members in cities(s).items():
        if s.pop[cid] < building_count(s, members):
            return f"city {cid}: {s.pop[cid]} citizens for {building_count(s, members)} buildings"


def supply_conserved(s: State):
    full = dict(SUPPLY_BASE, **(SUPPLY_EXPANSION if s.expansion == "cocagne" else {}))
    used = dict.fromkeys(full, 0)
    for c in s.geo.active_cells:
        k = s.kind[c]
        if k is not None and k != CASTLE:
            used[PAIR_OF[k]] += 1
    for pair, n in full.items():
        if s.supply[pair] + used[pair] != n or s.supply[pair] < 0:
            return f"supply {pair}: {s.supply[pair]} + {used[pair]} != {n}"
    for seat, p in enumerate(s.players):
        on_board = sum(1 for cid in cities(s) if s.owner[cid] == seat)
        if on_board + p["castles"] != CASTLES:
            return f"seat {seat} castles {on_board} + {p['castles']}"


def cards_conserved(s: State):
    held = sum(len(p["taken"]) + len(p["passed"]) for p in s.players)
    total = len(s.pol_deck) + len(s.pol_discard) + sum(1 for c in s.pol_row if c is not None) + held
    if total != 32:
        return f"politics cards {total}"
    if len(s.voice_deck) + len(s.voice) + len(s.voice_discard) != 27:
        return "voice cards"


def cubes_conserved(s: State):
    for seat, p in enumerate(s.players):
        placed = sum(n for owner, _c, _svc, n in s.cubes if owner == seat)
        placed += sum(1 for owner, _c, _x in s.harvest if owner == seat)
        if p["cubes"] + placed != 4 or p["cubes"] < 0:
            return f"seat {seat}: {p['cubes']} cubes in hand, {placed} on the board"
    for owner, cell, _svc, _n in s.cubes:
        if s.owner[cell] != owner:
            return f"cube of seat {owner} on a building it does not own"


CHEAP = (citizens_conserved, food_matches_board, cities_within_limit, cities_never_touch, cities_whole,
         buildings_manned, supply_conserved, cards_conserved, cubes_conserved)


def check(s: State, checks=CHEAP) -> dict[str, str]:
    """Name -> breach for every failed check (empty when all hold)."""
    out = {}
    for fn in checks:
        msg = fn(s)
        if msg:
            out[fn.__name__] = msg
    return out
