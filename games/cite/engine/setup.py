"""A new game (CT10, CT13, G4): professions and quarters drawn by lot, the inventories, round 1."""

from __future__ import annotations

from kit import rng
from kit.base import LogEntry

from .components import GIFT_GOLD, PROFESSION_ORDER, inventory_for
from .state import State, zero


def new_state(options: dict, players: int, seed: int, log: list) -> State:
    s = State()
    s.players = players
    s.options = dict(options)
    s.rng = rng.seed_state(seed)
    # CT10: 3 players: no Weaver; the quarters are drawn among the four (G4: one stays empty).
    professions = [p for p in PROFESSION_ORDER if players == 4 or p != "weaver"]
    s.rng = rng.shuffle(s.rng, professions)
    quarters = [0, 1, 2, 3]
    rng.shuffle(s.rng, quarters)
    s.rng = 0  # spent: nothing else is drawn, and the seed is not kept where a page could show it (issue 39.9)
    gift = GIFT_GOLD if options.get("first_game_gift") == "yes" else 0
    for seat in range(players):
        res = zero()
        res["gold"] = gift
        s.flow["gift"]["gold"] += gift
        s.seats.append({
            "profession": professions[seat], "quarter": quarters[seat], "res": res, "bank": zero(),
            "squares": 0, "flea_used": 0, "left": inventory_for(players), "done": False, "offers_made": 0,
            "ledger": {"bought": 0, "granted": 0, "built": 0, "lost": 0},
        })
        log.append(LogEntry("cite.drawn", {"seat": seat, "profession": professions[seat],
                                           "quarter": quarters[seat]}, seat))
    s.stage = "layout"
    s.round = 1
    log.append(LogEntry("cite.round", {"round": 1}))
    return s
