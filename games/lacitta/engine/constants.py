"""Buildings, services, supply pairs, politics cards: the fixed tables of the game.

Services are counted in *half points* everywhere inside the engine (a theatre gives
½ Culture + ½ Education, R31/R75), so all arithmetic stays in ints; views divide by 2.
"""

from __future__ import annotations

CULTURE, EDUCATION, HEALTH = "culture", "education", "health"
SERVICES = (CULTURE, EDUCATION, HEALTH)
SVC_INDEX = {CULTURE: 0, EDUCATION: 1, HEALTH: 2}

CLASSIC, MODERN = "classic", "modern"
NO_EXPANSION, COCAGNE = "none", "cocagne"
BEGINNER, ADVANCED = "beginner", "advanced"
# 2–2 Voice (R50): each seat chooses on its own migration turn (the books), or all at once beforehand.
IN_TURN, AT_ONCE = "in_turn", "at_once"

YEARS = 6
TURNS_PER_YEAR = 5
ACTION_CARDS = 3
CUBES = 4
CASTLES = 4
CITIZENS = 130  # R06: one shared pool
START_GOLD = 1
START_CITIZENS = 3

CASTLE = "castle"
FARM, QUARRY, SCHOOL, STATUE, FOUNTAIN, MARKET = "farm", "quarry", "school", "statue", "fountain", "market"
PALACE, BATHHOUSE, HOSPITAL = "palace", "bathhouse", "hospital"
CATHEDRAL, UNIVERSITY = "cathedral", "university"
ROAD, THEATRE, PORT, LARGE_FARMHOUSE, DOMAIN = "road", "theatre", "port", "large_farmhouse", "domain"

SMALL, MEDIUM, LARGE = 1, 2, 3  # building size = Master builder tier

# size of every building (castle has none: it is never built from a card)
SIZE = {
    FARM: SMALL, QUARRY: SMALL, SCHOOL: SMALL, STATUE: SMALL, FOUNTAIN: SMALL, MARKET: SMALL,
    ROAD: SMALL, THEATRE: SMALL,
    PALACE: MEDIUM, BATHHOUSE: MEDIUM, HOSPITAL: MEDIUM, PORT: MEDIUM, LARGE_FARMHOUSE: MEDIUM,
    CATHEDRAL: LARGE, UNIVERSITY: LARGE, DOMAIN: LARGE,
}
EXPANSION_BUILDINGS = frozenset({ROAD, THEATRE, PORT, LARGE_FARMHOUSE, DOMAIN})
# (size, expansion) -> buildings of that size, in SIZE order (asked on every turn).
_OF_SIZE = {(size, expansion): tuple(b for b, s in SIZE.items()
                                     if s == size and (expansion or b not in EXPANSION_BUILDINGS))
            for size in set(SIZE.values()) for expansion in (False, True)}
BASE_BUILDINGS = tuple(b for b in SIZE if b not in EXPANSION_BUILDINGS)


def buildings_of_size(size: int, expansion: bool) -> tuple[str, ...]:
    return _OF_SIZE[size, expansion]


# R31/R75 service points in halves: (culture, education, health)
SERVICE_HALVES = {
    SCHOOL: (0, 2, 0),
    STATUE: (2, 0, 0),
    FOUNTAIN: (0, 0, 2),
    PALACE: (4, 0, 0),
    BATHHOUSE: (0, 0, 4),
    HOSPITAL: (0, 2, 2),
    CATHEDRAL: (6, 0, 0),
    UNIVERSITY: (0, 6, 0),
    THEATRE: (1, 1, 0),
}
# services a Bread-and-games cube may go on (R42: a service the building has)
SERVICES_OF = {b: tuple(s for s, v in zip(SERVICES, h) if v) for b, h in SERVICE_HALVES.items()}

WAVE = frozenset({FOUNTAIN, BATHHOUSE, PORT})  # R29: must touch a lake; R30: lifts the limit with a market
HARVESTABLE = frozenset({FARM, LARGE_FARMHOUSE})  # R44 (+ ruling for the large farmhouse)
NEEDS_NO_CITIZEN = frozenset({ROAD})  # R71

LIMIT_BASE, LIMIT_MARKET = 5, 8
UNLIMITED = 1 << 30

# R05 supply: double-sided pairs share one count
PAIR_OF = {
    FARM: "farm_quarry", QUARRY: "farm_quarry",
    PALACE: "palace_hospital", HOSPITAL: "palace_hospital",
    STATUE: "statue_cathedral", CATHEDRAL: "statue_cathedral",
    SCHOOL: "school_university", UNIVERSITY: "school_university",
    FOUNTAIN: "fountain_bathhouse", BATHHOUSE: "fountain_bathhouse",
    MARKET: "market",
    ROAD: "road_theatre", THEATRE: "road_theatre",
    DOMAIN: "domain",
    PORT: "port_large_farmhouse", LARGE_FARMHOUSE: "port_large_farmhouse",
}
SUPPLY_BASE = {
    "farm_quarry": 40, "market": 16, "palace_hospital": 20, "statue_cathedral": 15,
    "school_university": 15, "fountain_bathhouse": 15,
}
SUPPLY_EXPANSION = {"road_theatre": 12, "domain": 5, "port_large_farmhouse": 15}

# Politics cards (cards.md). Building cards: card -> (building, cost)
BUILD_CARDS = {
    "palace": (PALACE, 1), "hospital": (HOSPITAL, 1), "bathhouse": (BATHHOUSE, 1),
    "cathedral": (CATHEDRAL, 3), "university": (UNIVERSITY, 3),
    "port": (PORT, 1), "large_farmhouse": (LARGE_FARMHOUSE, 1), "domain": (DOMAIN, 3),
}
MASTER_BUILDER, BREAD_AND_GAMES, GOLDEN_TIMES = "master_builder", "bread_and_games", "golden_times"
RICH_HARVEST, CLOSE_TO_PEOPLE = "rich_harvest", "close_to_people"
MASTER_COST = {SMALL: 1, MEDIUM: 2, LARGE: 4}  # R41
TIER_COST = {1: 0, 2: 2, 3: 5}  # R42/R43: 1/2/3 cubes or citizens
PEEK_COST = {2: 0, 3: 2}  # R45: 2 cards free, all 3 for 2 gold

BASE_DECK = {
    "palace": 4, "hospital": 4, "bathhouse": 4, "cathedral": 2, "university": 2,
    MASTER_BUILDER: 4, BREAD_AND_GAMES: 4, GOLDEN_TIMES: 4, RICH_HARVEST: 2, CLOSE_TO_PEOPLE: 2,
}
EXPANSION_DECK = {
    "palace": 3, "hospital": 3, "bathhouse": 3, "cathedral": 2, "university": 2,
    "port": 2, "large_farmhouse": 3, "domain": 2,
    MASTER_BUILDER: 4, BREAD_AND_GAMES: 3, GOLDEN_TIMES: 2, RICH_HARVEST: 1, CLOSE_TO_PEOPLE: 2,
}
VOICE_DECK = {CULTURE: 9, EDUCATION: 9, HEALTH: 9}
ROW_SIZE = 7
VOICE_DRAW = 4
VOICE_LEFT_IN_FINAL_YEAR = 3  # modern R64: year 6 begins when 3 cards remain

SERVICE_BONUS = 3  # R64
FAMINE_PENALTY = 5  # R64
