"""Politics cards (R40–R45): take a face-up card, pay, use it at once.

A card can only be taken if it can be paid (R23) and used (ruling: a card with no
legal use — e.g. a Palace with nowhere to build — cannot be taken)."""

from __future__ import annotations

from kit.base import LogEntry

from .builds import build_moves, do_build, do_roads
from .cards import take_from_row
from .cities import cities, cities_of, city_limit, produce
from .constants import (
    BREAD_AND_GAMES,
    BUILD_CARDS,
    CLOSE_TO_PEOPLE,
    GOLDEN_TIMES,
    HARVESTABLE,
    MASTER_BUILDER,
    MASTER_COST,
    PEEK_COST,
    RICH_HARVEST,
    ROAD,
    SERVICES_OF,
    SIZE,
    TIER_COST,
    buildings_of_size,
)
from .errors import illegal
from .state import State

LOOKS = ([0, 1], [0, 2], [1, 2])


def politics_moves(s: State, seat: int, out: list, rows: list | None = None) -> None:
    """``rows``: ``builds.seat_sites(s, seat)`` if the caller has it."""
    for slot, card in enumerate(s.pol_row):
        if card is not None:
            card_moves(s, seat, slot, card, out, rows)


def card_moves(s: State, seat: int, slot: int, card: str, out: list, rows: list | None = None) -> None:
    p = s.players[seat]
    gold = p["gold"]
    if card in BUILD_CARDS:
        building, cost = BUILD_CARDS[card]
        if gold >= cost:
            build_moves(s, seat, (building,), {"type": "politics", "slot": slot}, out, rows)
    elif card == MASTER_BUILDER:
        expansion = s.expansion == "cocagne"
        for tier, cost in MASTER_COST.items():
            if gold >= cost:
                build_moves(s, seat, buildings_of_size(tier, expansion), {"type": "politics", "slot": slot,
                                                                          "tier": tier}, out, rows)
    elif card == BREAD_AND_GAMES:
        all_cities = cities(s)
        targets = [c for cid in cities_of(s, seat) for c in all_cities[cid] if s.kind[c] in SERVICES_OF]
        for n, cost in TIER_COST.items():
            if gold >= cost and p["cubes"] >= n:
                for cell in targets:
                    for svc in SERVICES_OF[s.kind[cell]]:
                        out.append({"type": "politics", "slot": slot, "cubes": n, "cell": cell, "service": svc})
    elif card == GOLDEN_TIMES:
        for n, cost in TIER_COST.items():
            if gold >= cost:
                for cid in cities_of(s, seat):
                    if _blessed(s, cid, n) > 0:
                        out.append({"type": "politics", "slot": slot, "citizens": n, "city": cid})
    elif card == RICH_HARVEST:
        if not s.final and p["cubes"] >= 1:
            done = {cell for _seat, cell, _x in s.harvest}
            ok = _harvestable(s)
            all_cities = cities(s)
            for cid in cities_of(s, seat):
                for cell in all_cities[cid]:
                    if s.kind[cell] in ok and cell not in done:
                        out.append({"type": "politics", "slot": slot, "cell": cell})
    elif card == CLOSE_TO_PEOPLE:
        for look in LOOKS:
            out.append({"type": "politics", "slot": slot, "look": list(look)})
        if gold >= PEEK_COST[3]:
            out.append({"type": "politics", "slot": slot, "look": [0, 1, 2]})


def _harvestable(s: State):
    return HARVESTABLE if s.expansion == "cocagne" else ("farm",)


def _blessed(s: State, cid: int, n: int) -> int:
    """R43 ruling: citizens beyond the limit (or the empty pool) are not placed."""
    return max(0, min(n, city_limit(s, cid) - s.pop[cid], s.pool))


def _int(move: dict, key: str):
    v = move.get(key)
    if isinstance(v, bool) or not isinstance(v, int):
        raise illegal("bad_fields", "That move is not possible now", fields=sorted(move))
    return v


def _expect(move: dict, keys) -> None:
    if set(move) != set(keys):
        raise illegal("bad_fields", "That move is not possible now", fields=sorted(move))


def _pay(s: State, seat: int, cost: int) -> None:
    p = s.players[seat]
    if p["gold"] < cost:
        raise illegal("no_gold", f"You need {cost} gold for that", cost=cost)
    p["gold"] -= cost


def apply_politics(s: State, seat: int, move: dict, log: list) -> None:
    slot = _int(move, "slot")
    if not 0 <= slot < len(s.pol_row) or s.pol_row[slot] is None:
        raise illegal("no_card", "There is no politics card in that place", slot=slot)
    card = s.pol_row[slot]
    p = s.players[seat]
    # The whole use is validated on this (already copied) state; on error it is discarded.
    if card in BUILD_CARDS:
        building, cost = BUILD_CARDS[card]
        _expect(move, ("type", "slot", "building", "cell"))
        if move["building"] != building:
            raise illegal("wrong_building", "This card builds another building", building=building)
        _take(s, seat, slot, card, cost, log)
        do_build(s, seat, building, move["cell"], log, via=card)
    elif card == MASTER_BUILDER:
        tier = _int(move, "tier")
        building = move.get("building")
        if tier not in MASTER_COST:
            raise illegal("bad_tier", "Choose small, medium or large", tier=tier)
        if building not in SIZE or SIZE[building] != tier or building not in buildings_of_size(
                tier, s.expansion == "cocagne"):
            raise illegal("wrong_size", "The Master builder builds a building of the size paid for",
                          building=building, tier=tier)
        _take(s, seat, slot, card, MASTER_COST[tier], log)
        if building == ROAD:
            _expect(move, ("type", "slot", "tier", "building", "cells"))
            do_roads(s, seat, move["cells"], log, via=card)
        else:
            _expect(move, ("type", "slot", "tier", "building", "cell"))
            do_build(s, seat, building, move["cell"], log, via=card)
    elif card == BREAD_AND_GAMES:
        _expect(move, ("type", "slot", "cubes", "cell", "service"))
        n, cell, svc = _int(move, "cubes"), _int(move, "cell"), move["service"]
        if n not in TIER_COST:
            raise illegal("bad_tier", "Place 1, 2 or 3 cubes", cubes=n)
        if p["cubes"] < n:
            raise illegal("no_cubes", "You do not have that many cubes left this year", cubes=n)
        if not (0 <= cell < s.geo.n) or s.owner[cell] != seat or s.kind[cell] not in SERVICES_OF:
            raise illegal("no_service_building", "Cubes go on a building with a service in one of your cities",
                          cell=cell)
        if svc not in SERVICES_OF[s.kind[cell]]:
            raise illegal("wrong_service", "That building does not offer this service", service=svc)
        _take(s, seat, slot, card, TIER_COST[n], log)
        p["cubes"] -= n
        s.cubes = s.cubes + [(seat, cell, svc, n)]
        log.append(LogEntry("lacitta.bread_and_games", {"seat": seat, "cell": cell, "city": s.city[cell],
                                                        "service": svc, "cubes": n}, seat))
    elif card == GOLDEN_TIMES:
        _expect(move, ("type", "slot", "citizens", "city"))
        n, cid = _int(move, "citizens"), _int(move, "city")
        if n not in TIER_COST:
            raise illegal("bad_tier", "Choose 1, 2 or 3 citizens", citizens=n)
        if cid not in cities(s) or s.owner[cid] != seat:
            raise illegal("not_your_city", "Choose the castle of one of your cities", city=cid)
        placed = _blessed(s, cid, n)
        if placed <= 0:
            raise illegal("city_full", "This city is at its population limit", city=cid)
        _take(s, seat, slot, card, TIER_COST[n], log)
        s.pop[cid] += placed
        s.pool -= placed
        log.append(LogEntry("lacitta.golden_times", {"seat": seat, "city": cid, "requested": n,
                                                     "placed": placed}, seat))
    elif card == RICH_HARVEST:
        _expect(move, ("type", "slot", "cell"))
        cell = _int(move, "cell")
        if s.final:
            raise illegal("harvest_final_year", "Rich harvest cannot be played in the last year")
        if p["cubes"] < 1:
            raise illegal("no_cubes", "You do not have that many cubes left this year", cubes=1)
        if not (0 <= cell < s.geo.n) or s.owner[cell] != seat or s.kind[cell] not in _harvestable(s):
            raise illegal("not_a_farm", "Rich harvest goes on one of your farms", cell=cell)
        if any(h[1] == cell for h in s.harvest):
            raise illegal("harvest_twice", "This farm already has a rich harvest this year", cell=cell)
        _take(s, seat, slot, card, 0, log)
        extra = produce(s, s.kind[cell], cell)
        p["cubes"] -= 1
        p["food"] += extra
        s.harvest = s.harvest + [(seat, cell, extra)]
        log.append(LogEntry("lacitta.rich_harvest", {"seat": seat, "cell": cell, "food": extra}, seat))
    elif card == CLOSE_TO_PEOPLE:
        _expect(move, ("type", "slot", "look"))
        look = move["look"]
        if look not in LOOKS and look != [0, 1, 2]:
            raise illegal("bad_look", "Look at two of the face-down cards, or at all three")
        _take(s, seat, slot, card, PEEK_COST[len(look)], log)
        peeks = list(p["peeks"])
        seen = {}
        for i in look:
            peeks[i] = s.voice[1 + i]
            seen[str(i)] = s.voice[1 + i]
        p["peeks"] = tuple(peeks)
        log.append(LogEntry("lacitta.peek", {"seat": seat, "positions": list(look)}, seat))
        log.append(LogEntry("lacitta.peek_seen", {"seat": seat, "cards": seen}, seat, visible_to=(seat,)))
    else:  # pragma: no cover - every card of both decks is handled above
        raise illegal("unknown_card", "That card cannot be played", card=card)
    p["turns_done"] += 1


def _take(s: State, seat: int, slot: int, card: str, cost: int, log: list) -> None:
    _pay(s, seat, cost)
    take_from_row(s, slot, log)
    p = s.players[seat]
    p["taken"] = p["taken"] + (card,)
    log.append(LogEntry("lacitta.politics", {"seat": seat, "card": card, "slot": slot, "cost": cost}, seat))
