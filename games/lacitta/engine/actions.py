"""One turn of the action phase (R23–R28, R46): play an action/player card (take 2 gold,
found a city, build a small building), take a politics card (politics.py), or pass."""

from __future__ import annotations

from kit.base import LogEntry

from .builds import build_moves, do_build, do_roads, found_sources, place_castle, seat_sites
from .cards import draw_politics
from .cities import castle_citizens, castle_sites, cities
from .constants import ROAD, SMALL, buildings_of_size
from .errors import illegal
from .geometry import castle_cell_ok
from .state import State


def small_buildings(s: State) -> tuple[str, ...]:
    return buildings_of_size(SMALL, s.expansion == "cocagne")


def can_found(s: State, seat: int) -> bool:
    p = s.players[seat]
    return p["cards_up"] > 0 and not p["founded"] and p["castles"] > 0


def turn_moves(s: State, seat: int, out: list) -> None:
    """Append every legal turn; cheap moves first, so that "is this turn forced?" can
    stop after two."""
    out.append({"type": "pass"})
    p = s.players[seat]
    cards = p["cards_up"] > 0
    if cards:
        out.append({"type": "take_gold"})
    from .politics import politics_moves  # politics imports this module

    # Shared by the action card and the politics cards (without cards up, only a politics
    # card builds: "is this turn forced?" then stops at the first one it finds).
    rows = seat_sites(s, seat) if cards else None
    politics_moves(s, seat, out, rows)
    if cards:
        build_moves(s, seat, small_buildings(s), BUILD, out, rows)
        if not p["founded"] and p["castles"] > 0:  # can_found
            sources = found_sources(s, seat)
            if sources:
                out += [{"type": "found", "cell": cell, "from": src} for cell in castle_sites(s) for src in sources]


BUILD = {"type": "build"}


def _use_card(s: State, seat: int) -> None:
    p = s.players[seat]
    if p["cards_up"] <= 0:
        raise illegal("no_action_card", "All your action cards are used this year", rulebook=s.edition)
    p["cards_up"] -= 1


def apply_turn(s: State, seat: int, move: dict, log: list) -> None:
    t = move["type"]
    if t == "pass":
        _expect(move, ("type",))
        card = draw_politics(s, log)
        p = s.players[seat]
        if card is not None:
            p["passed"] = p["passed"] + (card,)
        # The card is face down and unseen by everyone, the passer included (R80).
        log.append(LogEntry("lacitta.pass", {"seat": seat, "drew": card is not None}, seat))
    elif t == "take_gold":
        _expect(move, ("type",))
        _use_card(s, seat)
        s.players[seat]["gold"] += 2
        log.append(LogEntry("lacitta.take_gold", {"seat": seat, "gold": 2}, seat))
    elif t == "build":
        building = move.get("building")
        if building == ROAD and s.expansion == "cocagne":
            _expect(move, ("type", "building", "cells"))
            _use_card(s, seat)
            do_roads(s, seat, move["cells"], log, via="action")
        else:
            _expect(move, ("type", "building", "cell"))
            if building not in small_buildings(s) or building == ROAD:
                raise illegal("not_small", "An action card builds only a small building", building=building,
                              rulebook=s.edition)
            _use_card(s, seat)
            do_build(s, seat, building, move["cell"], log, via="action")
    elif t == "found":
        _expect(move, ("type", "cell", "from"))
        found_city(s, seat, move["cell"], move["from"], log)
    else:
        raise illegal("unknown_move", "That move is not possible now", type=t)
    s.players[seat]["turns_done"] += 1


def found_city(s: State, seat: int, cell, src, log: list) -> None:
    """R25: a castle with 1 citizen from one of yours and 2 from the pool."""
    p = s.players[seat]
    _use_card(s, seat)
    if p["founded"]:
        raise illegal("found_once", "You can found only one city a year")
    if p["castles"] <= 0:
        raise illegal("no_castle", "All four of your castles are on the board")
    if not isinstance(src, int) or isinstance(src, bool) or src not in cities(s) or s.owner[src] != seat:
        raise illegal("bad_source", "The citizen must come from one of your castles", cell=src)
    if castle_citizens(s, src) < 2:
        raise illegal("source_needs_two", "That castle needs two or more citizens to give one", city=src)
    if isinstance(cell, bool) or not isinstance(cell, int) or not castle_cell_ok(s.geo, s.kind, cell):
        raise illegal("castle_distance", "A new city needs at least 3 empty hexes along a path to every "
                      "other city", cell=cell)
    added = min(2, s.pool)
    s.pool -= added
    s.pop[src] -= 1
    food = place_castle(s, seat, cell, 1 + added)
    p["founded"] = True
    log.append(LogEntry("lacitta.found", {"seat": seat, "cell": cell, "from": src, "citizens": 1 + added,
                                          "food": food}, seat))


def _expect(move: dict, keys: tuple[str, ...]) -> None:
    if set(move) != set(keys):
        raise illegal("bad_fields", "That move is not possible now", fields=sorted(move))
