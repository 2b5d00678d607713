"""What one seat (or a spectator) may see (R80). The only way state leaves the engine.

Never included: face-down Voice cards (except the ones this seat peeked at this year),
the Voice and politics deck order or contents, the cards taken face down by a pass,
other seats' undisclosed 2–2 choices, the RNG state."""

from __future__ import annotations

from . import demolition
from .cities import base_services, building_count, cities, city_limit, has_service_bonus, services
from .constants import (
    ACTION_CARDS,
    CASTLE,
    CASTLES,
    IN_TURN,
    MARKET,
    PAIR_OF,
    ROAD,
    SERVICES,
    SIZE,
    TURNS_PER_YEAR,
    UNLIMITED,
    WAVE,
)
from .migration import in_turn, neighbours
from .moves import pending
from .setup import landscape_of, space_id
from .state import State


def _halves(h: list[int]) -> dict:
    return {svc: h[i] / 2 for i, svc in enumerate(SERVICES)}


def view(s: State, seat: int | None) -> dict:
    me = seat if isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < s.nplayers else None
    all_cities = cities(s)
    waiting = pending(s)
    current = s.queue[s.qi] if s.phase in ("setup", "actions") and s.qi < len(s.queue) else None

    buildings = []
    cubes_on: dict[int, list] = {}
    for owner, cell, svc, n in s.cubes:
        cubes_on.setdefault(cell, []).append({"seat": owner, "service": svc, "count": n})
    harvested = {cell for _seat, cell, _extra in s.harvest}
    city_views = []
    near = neighbours(s)
    for cid in sorted(all_cities):
        members = all_cities[cid]
        count = building_count(s, members)
        lim = city_limit(s, cid)
        kinds = {s.kind[c] for c in members}
        in_castle = s.pop[cid] - (count - 1)
        for c in members:
            k = s.kind[c]
            buildings.append({
                "cell": c, "kind": k, "owner": s.owner[c], "city": cid,
                "citizens": max(in_castle, min(1, s.pop[cid])) if k == CASTLE else (0 if k == ROAD else 1),
                "cubes": cubes_on.get(c, []), "rich_harvest": c in harvested,
            })
        city_views.append({
            "id": cid, "owner": s.owner[cid], "castle": cid, "cells": list(members),
            "population": s.pop[cid], "limit": None if lim >= UNLIMITED else lim,
            "room": None if lim >= UNLIMITED else max(0, lim - s.pop[cid]),
            "buildings": count, "roads": len(members) - count,
            "services": _halves(services(s, cid)), "base_services": _halves(base_services(s, members)),
            "has_market": MARKET in kinds, "has_wave": bool(kinds & WAVE),
            "service_bonus": has_service_bonus(s, members),
            "must_demolish": demolition.shortfall(s, cid) if s.phase.startswith("demolish") else 0,
            "neighbours": list(near.get(cid, ())),
        })
    buildings.sort(key=lambda b: b["cell"])

    players = []
    for i, p in enumerate(s.players):
        mine = sorted(c for c in all_cities if s.owner[c] == i)
        if s.phase == "actions":
            turns_left = s.queue[s.qi:].count(i)
        elif s.phase in ("setup", "year_start", "first_player", "voice", "income", "growth"):
            turns_left = 0 if p["eliminated"] else TURNS_PER_YEAR - (1 if p["penalty"] else 0)
        else:
            turns_left = 0
        players.append({
            "seat": i, "gold": p["gold"], "food": p["food"], "citizens": sum(s.pop[c] for c in mine),
            "cards_up": p["cards_up"], "cards_down": ACTION_CARDS - p["cards_up"],
            "turns_done": p["turns_done"], "turns_left": turns_left,
            "cubes_left": p["cubes"], "castles_in_hand": p["castles"], "castles_on_board": CASTLES - p["castles"],
            "founded_this_year": p["founded"], "penalized_this_year": p["penalized"],
            "penalty_next_year": p["penalty"], "famine_lost": s.famine[i], "eliminated": p["eliminated"],
            "politics_used": list(p["taken"]), "passed_cards": len(p["passed"]), "cities": mine,
        })

    landscape = []
    board = s.geo.board
    kinds_of = {space_id(sp): getattr(sp, "kind", "tile") for sp in
                (board.spaces.values() if hasattr(board.spaces, "values") else board.spaces)}
    land = landscape_of(board, s.tiles)
    try:
        order = sorted(land)
    except TypeError:  # mixed id types: any stable order will do
        order = sorted(land, key=str)
    for sid in order:
        k, n = land[sid]
        landscape.append({"space": sid, "kind": k, "symbols": n, "space_kind": kinds_of.get(sid)})

    voice = {
        "face_up": s.voice[0] if s.voice else None,
        "face_down": (len(s.voice) - 1) if s.voice and not s.voice_revealed else 0,
        "known": {},
        "revealed": list(s.voice) if s.voice_revealed else None,
        "voice": list(s.voice_winners) if s.voice_revealed else None,
        # 2–2 choices everybody may see: in turn as they are made, at once after migration.
        "choices": [{"seat": seat, "city": cid, "service": svc} for cid, seat, svc in s.choice_made
                    if s.voice_tie == IN_TURN or s.phase != "choice"],
        "deck": len(s.voice_deck),
        "discard": len(s.voice_discard),
    }
    if me is not None and s.voice and not s.voice_revealed:
        voice["known"] = {str(i): svc for i, svc in enumerate(s.players[me]["peeks"]) if svc is not None}

    supply = dict(s.supply)
    available = {b: s.supply.get(PAIR_OF[b], 0) for b in SIZE if PAIR_OF[b] in s.supply}

    data = {
        "game": "lacitta", "edition": s.edition, "expansion": s.expansion, "setup": s.setup,
        "voice_tie": s.voice_tie,
        # In turn 2–2: the seat whose migration turn it is.
        "migrating": s.queue[s.qi] if in_turn(s) and s.phase == "choice" and s.qi < len(s.queue) else None,
        "players_count": s.nplayers, "viewer": me,
        "year": s.year, "final_year": s.final, "phase": s.phase, "first_player": s.first,
        "turn": current, "pending": sorted(waiting),
        "pool": s.pool, "supply": supply, "available": available,
        "landscape": landscape,
        "players": players, "buildings": buildings, "cities": city_views,
        "politics": {"row": list(s.pol_row), "deck": len(s.pol_deck), "discard": len(s.pol_discard)},
        "voice": voice,
        "famine": list(s.famine),
        "decision": _decision(s, me, waiting),
        "result": _result(s),
    }
    return data


def _decision(s: State, me: int | None, waiting: set) -> dict | None:
    if me is None:
        return None
    ph = s.phase
    if ph == "choice":
        mine = [{"city": cid, "service": svc} for cid, seat, svc in s.choice_made if seat == me]
        if me not in waiting:
            return {"kind": "voice_choice", "waiting": False, "chosen": mine, "cities": []} if mine else None
        return {"kind": "voice_choice", "waiting": True, "chosen": mine,
                "cities": [{"city": cid, "options": list(opts)} for cid, seat, opts in s.choice_open if seat == me]}
    if me not in waiting:
        return None
    if ph == "setup":
        return {"kind": "place_castle", "castle": 1 + s.queue[:s.qi].count(me)}
    if ph == "actions":
        p = s.players[me]
        return {"kind": "turn", "turns_left": s.queue[s.qi:].count(me), "cards_up": p["cards_up"],
                "can_found": p["cards_up"] > 0 and not p["founded"] and p["castles"] > 0}
    if ph in ("demolish_migration", "demolish_feeding"):
        needy = demolition.needy_cities(s, me)
        out = {"kind": "demolish", "reason": s.demolish_reason,
               "cities": [{"city": cid, "must_demolish": demolition.shortfall(s, cid),
                           "candidates": demolition.candidates(s, cid)} for cid in needy],
               "roads": []}
        if s.relodge_open[me]:
            out["roads"] = [{"city": cid, "removable": demolition.voluntary_roads(s, cid)}
                            for cid in sorted(c for c in cities(s) if s.owner[c] == me) if cid not in needy]
            out["can_finish"] = not needy
        return out
    if ph == "feeding":
        p = s.players[me]
        return {"kind": "feeding", "remove": s.starve[me], "food": p["food"],
                "cities": [{"city": cid, "population": s.pop[cid]}
                           for cid in sorted(c for c in cities(s) if s.owner[c] == me) if s.pop[cid] > 0]}
    return None


def _result(s: State):
    if s.result is None:
        return None
    return {"scores": list(s.result["scores"]), "ranks": list(s.result["ranks"]),
            "details": [dict(d) for d in s.result["details"]], "tiebreak": s.result["tiebreak"]}
