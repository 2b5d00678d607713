"""The 120 tiles (IC01): one row per kind of physical tile, in ONE table.

Each row: the tile's key (what the state stores and moves name), its kind (which
instruction it carries, IC01 table), how many such tiles the box holds, the printed
bonus points, whether it has the silver border with rings, and where those marks
come from (``source``).

The rule sheet gives the kind and count of all 21 kinds but shows the printed marks
only in pictures (G1). Known from the scoring example: Power Station 1 point + silver,
Police HQ 1 point, Construction Site silver. Every other row says "not transcribed":
its bonus 0 / no silver is a placeholder, not the published value.

To correct the marks from a physical set, edit this table only: change ``bonus`` /
``silver`` and set ``source`` to ``PHYSICAL``. If copies of one kind differ (say 3
Power Stations with 1 point and 2 with 2), split the row: two rows of the same kind
with different keys (e.g. "power_station" ×3 and "power_station_2pt" ×2) and counts
that add up. Scoring reads the marks of every tile through ``marks_of``; the rules
read only ``kind``. The option ``marks`` says which rows' marks count:
``known-only`` (default, G1): rows whose source is the rulebook example or a physical
copy; ``none``: no printed marks at all (groups only).
"""

from __future__ import annotations

from dataclasses import dataclass

RULEBOOK_EXAMPLE = "rulebook example"
NOT_TRANSCRIBED = "not transcribed"
PHYSICAL = "physical copy"  # for rows transcribed from a real set
SOURCES = (RULEBOOK_EXAMPLE, NOT_TRANSCRIBED, PHYSICAL)

# The 21 kinds (the names printed on the tiles, as keys).
ARBORETUM = "arboretum"
BANK = "bank"
CAPITOL = "capitol"
CONSTRUCTION_SITE = "construction_site"
DISASTER_SITE = "disaster_site"
EMBASSY = "embassy"
FACTORY = "factory"
HOTEL = "hotel"
HOUSING = "housing"
LIBRARY = "library"
MAUSOLEUM = "mausoleum"
PLAZA = "plaza"
POLICE_HQ = "police_hq"
PORT = "port"
POST_OFFICE = "post_office"
POWER_STATION = "power_station"
SECURITY_GUARD = "security_guard"
SHOPPING_COMPLEX = "shopping_complex"
STADIUM = "stadium"
TEMPLE = "temple"
TRANSIT_STATION = "transit_station"


@dataclass(frozen=True)
class TileRow:
    key: str          # unique per row; stored in states and named by moves
    kind: str         # one of the 21 kinds above
    count: int        # tiles of this row in the box
    instruction: str  # message key of the printed instruction (the site translates it)
    bonus: int        # printed bonus points (IC51)
    silver: bool      # silver border with rings (IC52)
    source: str       # where bonus/silver come from (SOURCES)


def _row(kind: str, count: int, bonus: int = 0, silver: bool = False, source: str = NOT_TRANSCRIBED) -> TileRow:
    return TileRow(kind, kind, count, f"infinitecity.instruction.{kind}", bonus, silver, source)


TILES: tuple[TileRow, ...] = (
    _row(ARBORETUM, 4),
    _row(BANK, 6),
    _row(CAPITOL, 1),
    _row(CONSTRUCTION_SITE, 7, silver=True, source=RULEBOOK_EXAMPLE),
    _row(DISASTER_SITE, 3),
    _row(EMBASSY, 8),
    _row(FACTORY, 5),
    _row(HOTEL, 4),
    _row(HOUSING, 10),
    _row(LIBRARY, 6),
    _row(MAUSOLEUM, 6),
    _row(PLAZA, 6),
    _row(POLICE_HQ, 3, bonus=1, source=RULEBOOK_EXAMPLE),
    _row(PORT, 8),
    _row(POST_OFFICE, 8),
    _row(POWER_STATION, 5, bonus=1, silver=True, source=RULEBOOK_EXAMPLE),
    _row(SECURITY_GUARD, 9),
    _row(SHOPPING_COMPLEX, 4),
    _row(STADIUM, 5),
    _row(TEMPLE, 4),
    _row(TRANSIT_STATION, 8),
)

KINDS: tuple[str, ...] = (
    ARBORETUM, BANK, CAPITOL, CONSTRUCTION_SITE, DISASTER_SITE, EMBASSY, FACTORY, HOTEL, HOUSING, LIBRARY,
    MAUSOLEUM, PLAZA, POLICE_HQ, PORT, POST_OFFICE, POWER_STATION, SECURITY_GUARD, SHOPPING_COMPLEX, STADIUM,
    TEMPLE, TRANSIT_STATION,
)

ROWS: dict[str, TileRow] = {row.key: row for row in TILES}
KIND_OF: dict[str, str] = {row.key: row.kind for row in TILES}
TOTAL_TILES = 120
POWER_STATIONS_TO_END = sum(row.count for row in TILES if row.kind == POWER_STATION)  # IC41: all of them

MARKS_KNOWN_ONLY = "known-only"
MARKS_NONE = "none"
MARKS_CHOICES = (MARKS_KNOWN_ONLY, MARKS_NONE)
_COUNTED_SOURCES = {MARKS_KNOWN_ONLY: (RULEBOOK_EXAMPLE, PHYSICAL), MARKS_NONE: ()}


def full_set() -> list[str]:
    """Every tile of the box, as keys, in table order."""
    return [row.key for row in TILES for _ in range(row.count)]


def marks_of(key: str, marks: str) -> tuple[int, bool]:
    """(bonus, silver) of a tile under the ``marks`` option."""
    row = ROWS[key]
    if row.source in _COUNTED_SOURCES[marks]:
        return row.bonus, row.silver
    return 0, False


def tile_info(key: str, marks: str) -> dict:
    """A tile as views show it."""
    bonus, silver = marks_of(key, marks)
    return {"key": key, "kind": KIND_OF[key], "bonus": bonus, "silver": silver}


def _check_table() -> None:
    assert sum(row.count for row in TILES) == TOTAL_TILES, "IC01: 120 tiles"
    assert len(ROWS) == len(TILES), "row keys are unique"
    assert {row.kind for row in TILES} == set(KINDS), "every kind has a row"
    assert all(row.source in SOURCES for row in TILES)


_check_table()
