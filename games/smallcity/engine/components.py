"""THE component data of Small City Deluxe, in one place (G1, G2).

Every value carries its tag — ``seed`` (stated in the rulebook text), ``inferred`` (follows from the
text) or ``substitute`` (invented so the game is playable: NOT the published value) — and its source
(``shared/smallcity/components.md`` / ``RULES.md`` rule ID). Pages must show ``SUBSTITUTE_NOTICE`` and
never present a substitute as published; ``is_substitute(name)`` answers for one entry.

Replace a substitute by the real value (and its tag by ``seed``) when someone reads a physical copy.
"""

from __future__ import annotations

SEED, INFERRED, SUBSTITUTE = "seed", "inferred", "substitute"

# The flag pages show next to any substitute value, the promise texts above all (G1).
SUBSTITUTE_NOTICE = "smallcity.notice.substitutes"
PROMISES_ARE_HOUSE_SUBSTITUTES = True


def _v(value, tag, source):
    return {"value": value, "tag": tag, "source": source}


# ---------------------------------------------------------------- tiles
# Supply by level (index 0 = level 1). Totals are seed (78/40/37/55), the split is substitute.
DATA = {
    "residential_supply": _v((20, 18, 16, 14, 10), SUBSTITUTE, "components.md Tiles (total 78 seed)"),
    "commercial_supply": _v((12, 11, 9, 8), SUBSTITUTE, "components.md Tiles (total 40 seed)"),
    "factory_supply": _v((15, 12, 10), SUBSTITUTE, "components.md Tiles (total 37 seed)"),
    "park_supply": _v((25, 18, 12), SUBSTITUTE, "components.md Tiles (total 55 seed)"),
    "free_shapes": _v(True, SUBSTITUTE, "components.md: any free polyomino, any rotation"),
    "factory_slots": _v({"A": ("wood", "stone", "metal"), "B": ("stone", "wood", "metal")}, SUBSTITUTE,
                        "components.md Factory printed squares"),
    "commercial_slots": _v({"A": ("$1", "mat>$", "$>votes", "mat>votes"),
                            "B": ("$>votes", "$1", "mat>votes", "mat>$")}, SUBSTITUTE,
                           "components.md Commercial printed squares"),
    "warehouses": _v(12, SEED, "rulebook Matériel: 12 Entrepôts"),
    "warehouse_size": _v(1, SUBSTITUTE, "components.md Warehouse"),
    "warehouse_slots": _v(2, SUBSTITUTE, "components.md Warehouse"),
    "refinery_size": _v(1, INFERRED, "components.md: 8-square zone"),
    "police_shape": _v("1x2", INFERRED, "components.md: 10-square zone"),
    "police_slots": _v(1, INFERRED, "components.md (slot: ruling)"),
    "fire_shape": _v("1x3", SUBSTITUTE, "components.md Fire station"),
    "fire_cost": _v(3, SEED, "rulebook: Caserne de Pompiers $3"),
    "police_cost": _v(2, SEED, "rulebook: Commissariat $2"),
    "refinery_cost": _v(1, SEED, "rulebook: Raffinerie $1"),
    "port_cost": _v(2, SEED, "rulebook: Port $2"),
    "port_shape": _v("2x2, building half 1x2 + water half 1x2", INFERRED, "components.md Port"),
    "town_hall_shape": _v("2x2", SUBSTITUTE, "components.md (4 slots seed)"),
    "town_hall_slots": _v(4, SEED, "rulebook: 4 emplacements"),
    "stock_per_players": _v({1: 1, 2: 1, 3: 2, 4: 3}, SEED, "rulebook setup 5: Metro/Clinic/University/Police/Fire"),
    "start_zone": _v({"easy": 7, "expert": 6}, SEED, "rulebook: 7X7 / 6X6"),
    "size_steps": _v(3, SUBSTITUTE, "components.md District board"),
    "materials": _v({"wood": 16, "stone": 8, "metal": 6}, SEED, "rulebook Matériel"),
    "citizens_per_colour": _v(22, SEED, "rulebook Matériel"),
    "start_money": _v((4, 5, 5, 6), SEED, "rulebook setup 7g"),
    "solo_money": _v(4, SEED, "rulebook Solo: $4"),
    "expert_council_rewards": _v("as easy side", SUBSTITUTE, "components.md Council board"),
    "special_draws": _v((4, 3, 2, 1), INFERRED, "SC101 from the example"),
    "promise_pile_split": _v((6, 5, 5), SUBSTITUTE, "components.md Promise cards (ruling)"),
}

# Cultural buildings: size (squares), material cost, slots. Town hall's cost: given (seed).
CULTURAL = {
    "town_hall": {"size": 4, "cost": {}, "slots": 4, "tag": SUBSTITUTE, "source": "components.md (4 slots seed)"},
    "school": {"size": 1, "cost": {"wood": 1}, "slots": 1, "tag": SUBSTITUTE,
               "source": "components.md (size substitute, cost seed)"},
    "library": {"size": 2, "cost": {"wood": 1, "stone": 1}, "slots": 2, "tag": SUBSTITUTE,
                "source": "components.md"},
    "museum": {"size": 3, "cost": {"wood": 2, "stone": 1}, "slots": 3, "tag": SUBSTITUTE,
               "source": "components.md (size substitute, cost seed)"},
    "metro": {"size": 4, "cost": {"wood": 2, "stone": 1, "metal": 1}, "slots": 4, "tag": SUBSTITUTE,
              "source": "components.md (size seed, cost substitute)"},
    "clinic": {"size": 3, "cost": {"wood": 1, "stone": 1, "metal": 1}, "slots": 1, "tag": SUBSTITUTE,
               "source": "components.md"},
    "university": {"size": 4, "cost": {"wood": 1, "stone": 1, "metal": 2}, "slots": 1, "tag": SUBSTITUTE,
                   "source": "components.md"},
}
OWN_CULTURAL = ("school", "library", "museum")          # every player has one (SC12)
STOCK_CULTURAL = ("metro", "clinic", "university")       # shared stock 1/1/2/3 (setup 5)

# Non-cultural single buildings: size, cost in $, slots, shape ("free", "line", "square").
SPECIAL = {
    "refinery": {"size": 1, "cost": 1, "slots": 0, "shape": "free"},
    "port": {"size": 4, "cost": 2, "slots": 0, "shape": "square"},
    "police": {"size": 2, "cost": 2, "slots": 1, "shape": "line"},
    "fire": {"size": 3, "cost": 3, "slots": 1, "shape": "line"},
}
SQUARE_SHAPED = {"port", "metro", "town_hall"}  # 2x2 (components.md)

LEVELS = {"residential": 5, "commercial": 4, "factory": 3, "park": 3}
GROWABLE = ("residential", "commercial", "factory")
INDUSTRIAL = {"factory", "warehouse", "refinery", "port"}
CULTURAL_KINDS = set(CULTURAL)
ACTIVATED = {"fire", "police", "clinic", "university"}   # a citizen on it activates it (SC35, SC44)
RESTING = {"park", "school", "library", "museum", "metro"}  # citizens there do nothing (SC44)
NO_TOURIST = {"residential", "fire", "police", "clinic", "university"}  # SC41

MATERIALS = ("wood", "stone", "metal")
SELL_PRICE = {"wood": 2, "stone": 3, "metal": 5}        # SC51 seed
MAT_VOTES = {"wood": 3, "stone": 5, "metal": 7}         # SC51 seed
MONEY_VOTES = {1: 2, 2: 3, 3: 4, 4: 5}                  # SC51 seed

# SC22: the 8 action cards (seed).
CARDS = ("A", "B", "C", "D", "E", "F", "G", "H")
CARD_NAMES = {"A": "mayor", "B": "architect", "C": "mediator", "D": "engineer", "E": "supporter",
              "F": "urban_planner", "G": "councillor", "H": "opponent"}

# SC70-71 council rows (seed; the expert side's rewards are a substitute: the same).
ROWS = ("industry", "construction", "economy", "tourism")
INDUSTRY = {1: ({"wood": 1},), 2: ({"wood": 2}, {"stone": 1}), 3: ({"stone": 2}, {"metal": 1}),
            4: ({"metal": 2},)}
ECONOMY = {1: 2, 2: 3, 3: 5, 4: 8}
TOURISM = {1: 1, 2: 1, 3: 2, 4: 2}

# SC90: promise piles and values (seed); SC101 special promises kept +0 / failed -5 (seed).
PILES = ("easy", "medium", "hard")
PROMISE_VALUE = {"easy": (6, -3), "medium": (12, -6), "hard": (18, -12)}
SPECIAL_FAIL = -5

# House substitute promise texts (G1): number -> (pile, condition key). Conditions in promises.py.
PROMISES = {
    1: "easy", 2: "easy", 3: "easy", 4: "easy", 5: "easy", 6: "easy",
    7: "medium", 8: "medium", 9: "medium", 10: "medium", 11: "medium",
    12: "hard", 13: "hard", 14: "hard", 15: "hard", 16: "hard",
}
SPECIAL_PROMISES = tuple(range(1, 17))

# SC110 / SC112 / SC113 solo (seed).
DIFFICULTIES = ("citizen", "mayor", "deputy", "senator", "president")
SOLO_RANKS = ((150, "megalopole"), (135, "capitale"), (120, "metropole"), (110, "ville"), (100, "banlieue"),
              (90, "cite"), (80, "bourg"), (70, "village"), (60, "hameau"), (50, "lieu_dit"))

TURNS = 8


def value(name: str):
    return DATA[name]["value"]


def is_substitute(name: str) -> bool:
    entry = DATA.get(name) or CULTURAL.get(name)
    return entry is not None and entry["tag"] == SUBSTITUTE


def supply_of(kind: str) -> tuple:
    return value(f"{kind}_supply")


def substitutes() -> list[dict]:
    """Every substitute value with its source: what the rules page lists as not published."""
    out = [{"name": k, **v} for k, v in DATA.items() if v["tag"] == SUBSTITUTE]
    out += [{"name": k, "value": {"size": v["size"], "cost": v["cost"]}, "tag": v["tag"], "source": v["source"]}
            for k, v in CULTURAL.items() if v["tag"] == SUBSTITUTE]
    out.append({"name": "promises", "value": "house texts", "tag": SUBSTITUTE, "source": "components.md G1"})
    return out
