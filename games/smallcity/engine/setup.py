"""A new game (SC10-SC12, SC100, SC103, SC104, SC110)."""

from __future__ import annotations

from kit.rng import randbelow, seed_state, shuffle

from . import components as C
from .state import State


def new_seat(state: State, position: int) -> dict:
    citizen_victory = state.options["victory"] == "citizen"
    money = C.value("solo_money") if state.n == 1 else C.value("start_money")[position]
    return {
        "money": money, "votes": 0, "pollution": 0, "generated": 0, "pollution_start": 0, "size": 0,
        "cemeteries": [], "dead": 0,
        "quarry": 19 if citizen_victory else 11,       # SC12 / SC103
        "reserve": 0 if citizen_victory else 8,
        "town_hall_due": 3,                            # citizens waiting for the town hall to be built
        "discs": [[None, 0], [None, 0]],               # [row, column]; column 0 = before column 1
        "promise": None, "offer": [], "specials": [], "special_offer": [],
        "card": None, "architect_used": False, "demolished": [], "demolitions": 0,
        "eliminated": False, "real_estate": 0, "citizen_total": 0, "produced": 0,
    }


def new_state(options: dict, players: int, seed: int, log: list) -> State:
    from .logs import log_line
    s = State()
    s.options = dict(options)
    s.n = players
    s.turn = 1
    s.rng = seed_state(seed)
    s.host, s.rng = randbelow(s.rng, players)  # SC11
    s.next_host = None
    s.street = None
    s.circle, s.picks, s.hidden_cards = [], {}, []
    s.tiles, s.next_id = {}, 1
    stock = C.value("stock_per_players")[players]
    s.supply = {k: list(C.supply_of(k)) for k in C.LEVELS}
    s.supply["warehouse"] = C.value("warehouses")
    for k in ("police", "fire", "metro", "clinic", "university"):
        s.supply[k] = stock
    s.removed = {}
    s.materials = dict(C.value("materials"))
    order = [(s.host + i) % players for i in range(players)]
    s.seats = [None] * players
    for pos, seat in enumerate(order):
        s.seats[seat] = new_seat(s, pos)
    s.decks = {"easy": [], "medium": [], "hard": [], "special": []}
    if options["promises"] == "on":
        for num, pile in C.PROMISES.items():
            if not (num == 11 and options["victory"] == "citizen"):  # SC103
                s.decks[pile].append(num)
        if options["council"] == "expert":  # SC100
            gone = {"economic": 14, "cultural": 16}.get(options["victory"])  # SC102, SC104
            s.decks["special"] = [n for n in C.SPECIAL_PROMISES if n != gone]
        for pile in s.decks:
            s.rng = shuffle(s.rng, s.decks[pile])
        for seat in order:  # SC12: one of each pile, keep one
            s.seats[seat]["offer"] = [s.decks[p].pop() for p in C.PILES]
    s.revealed = 0
    s.result = None
    s.over_reason = None
    s.phase = "setup"
    s.step = {}
    # SC111: in solo no one takes the Mayor, who visits the VIPs of the action cards
    log.append(log_line("setup_solo" if players == 1 else "setup", players=players, host=s.host,
                        options=s.options))
    return s
