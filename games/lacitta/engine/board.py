"""The La Città board: path hexes, landscape spaces, zones and beginner layouts.

The rulebooks show the board only in pictures, so we draw our own (see
``../shared/lacitta/board.md``). Everything is read once, at import, from the
declarative data in ``board_data.py`` (an ASCII map of the hex grid plus small
tables), and frozen into tuples; nothing is computed per query.

Geometry
    Pointy-top hexes in axial coordinates ``(q, r)``: ``r`` grows downwards,
    ``q`` grows to the right along a row, and the six neighbours of ``(q, r)``
    are ``(q±1, r)``, ``(q, r±1)``, ``(q+1, r-1)`` and ``(q-1, r+1)``. A hex
    centre is at ``x = √3·(q + r/2)``, ``y = 3/2·r`` (times the hex radius). The
    origin ``(0, 0)`` is the centre of the board, a junction hex.

    The landscape spaces are triangles of 6 hexes (3 + 2 + 1) laid in a
    "pinwheel" tiling, separated by paths one hex wide. Every path hex (a
    *cell*, buildable) touches 2 spaces; the 30 junction hexes touch 3
    (R01). Cells are only ever adjacent to cells through a shared hex edge,
    so ``neighbours`` never crosses a landscape (R04).

Spaces (44)
    * ids 0–21: the 22 *tile* spaces (letters A–V on the map) that receive the
      22 landscape tiles (R02: 6 farms of 1, 6 of 2, 2 of 3, 3 mountains,
      5 lakes);
    * ids 22–23: the 2 *wasteland* spaces (W, X), full triangles on the rim of
      the inner area;
    * ids 24–43: 20 *printed* edge spaces (a–t, clockwise from the top), the
      landscapes printed on the board edge: 13 farms (8 of 1 food, 5 of 2),
      6 lakes and 1 mountain (see ``board_data.PRINTED``). Printed spaces are
      drawn as the whole triangle of the tiling even though only the hexes
      next to the rim matter.

Zones (R03)
    The rim is the closed path running between the inner spaces and the
    printed edge; it alone holds 68 of the 166 cells (41 %). Two concentric
    closed rings around the core therefore cannot give the 55/20/25 split, so
    the 3-player and 4-player extensions are the two arcs of the rim:

    * zone 2, the core: every path inside the rim, except the five that lead
      into the southern arc (93 cells, 56 %);
    * zone 3: the southern arc of the rim and those five paths into it
      (32 cells, 19 %; core + zone 3 = 75 %);
    * zone 4: the rest of the rim (41 cells, 25 %).

    Each zone is connected. At 2 players no printed space can be reached.

Rulings (documented here because the board data depends on them)
    * Classic edition and modern edition without the expansion: the two
      wasteland spaces are plain wasteland, ``("wasteland", 0)``: no food, no
      lake, no mountain.
    * Expansion "Pays de Cocagne" (R70), beginner setup: the rulebook puts the
      expansion lake "between the mountain and the farm" and the expansion farm
      "between the lake and the farm". Space W (``wasteland_spaces[0]``) is the
      one next to the printed mountain and a printed farm: it takes the lake;
      space X (``wasteland_spaces[1]``) is next to a printed lake and a printed
      farm: it takes the farm of 2 food. "Next to" means some cell touches both
      spaces. Advanced setup: the two expansion tiles are shuffled onto W and X.
    * Beginner layouts (R10): one fixed tile layout for all player counts and
      two castles per seat. No castle touches a wasteland space, so the
      starting food is the same in every edition. Every seat's castles touch
      8 food symbols in total (3 to 5 per castle, every castle touches a
      farm), enough for the seat's 8 citizens after the first growth of year
      1; every seat has a lake and a mountain (tile or printed) within 4 steps
      of one of its castles through active cells; every two castles are at
      least 3 empty cells apart along a path (R11), a seat's own two castles at
      least 6, and each castle's nearest opponent castle is 3 to 5 empty cells
      away. The layouts were found by a small simulated-annealing search and
      are stored as literal data.
"""

from __future__ import annotations

from dataclasses import dataclass

from . import board_data as _data

Landscape = tuple[str, int]  # (kind, food): ("farm", 1|2|3), ("mountain", 0), ("lake", 0), ("wasteland", 0)

FARM = "farm"
MOUNTAIN = "mountain"
LAKE = "lake"
WASTELAND = "wasteland"

TILE = "tile"
PRINTED = "printed"

# Axial directions, clockwise from east (pointy-top hexes, r grows downwards).
HEX_DIRECTIONS: tuple[tuple[int, int], ...] = ((1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1), (1, -1))

PLAYER_COUNTS = (2, 3, 4, 5)


@dataclass(frozen=True, slots=True)
class Cell:
    """A buildable path hex."""

    id: int  # 0..N-1, dense, in reading order of the map (by r, then q)
    q: int
    r: int
    zone: int  # 2 = core, 3 = second ring (3+ players), 4 = outer ring (4-5 players)


@dataclass(frozen=True, slots=True)
class Space:
    """A landscape space, never built on."""

    id: int
    kind: str  # "tile", "wasteland" or "printed"
    printed: Landscape | None  # the printed landscape; ("wasteland", 0) for wasteland; None for tile spaces
    hexes: tuple[tuple[int, int], ...]  # axial coordinates of the hexes it covers
    zone: int  # smallest zone of the cells touching it: the space matters from that player count on
    letter: str = ""  # its letter on the ASCII map (for debugging and the data file)


@dataclass(frozen=True)
class BeginnerLayout:
    tiles: dict[int, Landscape]  # space id -> landscape tile, for every "tile" space
    castles: tuple[tuple[int, int], ...]  # per seat: the two castle cell ids


def max_zone(players: int) -> int:
    """The highest zone buildable at this player count (R03)."""
    if players == 2:
        return 2
    if players == 3:
        return 3
    if players in (4, 5):
        return 4
    raise ValueError(f"La Città is played by 2 to 5 players, not {players}")


def _landscape(code: str) -> Landscape:
    try:
        return _data.LANDSCAPE_CODES[code]
    except KeyError:
        raise ValueError(f"unknown landscape code {code!r}") from None


def _parse_map(text: str) -> dict[tuple[int, int], str]:
    """Map text -> {(q, r): char}. See ``board_data.BOARD_MAP`` for the format."""
    lines = text.strip("\n").split("\n")
    o_line, o_col = _data.ORIGIN_LINE, _data.ORIGIN_COLUMN
    hexes: dict[tuple[int, int], str] = {}
    for y, line in enumerate(lines):
        for x, ch in enumerate(line):
            if ch == " ":
                continue
            r = y - o_line
            dx = x - o_col - r
            if dx % 2:
                raise ValueError(f"board map: {ch!r} at line {y}, column {x} is off the hex grid")
            hexes[(dx // 2, r)] = ch
    return hexes


class Board:
    """The one La Città board. All attributes are tuples built once; treat them as read-only."""

    __slots__ = (
        "cells",
        "spaces",
        "neighbours",
        "touches",
        "tile_spaces",
        "wasteland_spaces",
        "printed_spaces",
        "space_cells",
        "cell_at",
        "space_by_letter",
        "_active",
        "_layouts",
    )

    def __init__(self) -> None:
        hexes = _parse_map(_data.BOARD_MAP)
        zones = {str(z) for z in (2, 3, 4)}

        # Cells, in reading order.
        cell_coords = sorted((h for h, ch in hexes.items() if ch in zones), key=lambda h: (h[1], h[0]))
        self.cells: tuple[Cell, ...] = tuple(
            Cell(i, q, r, int(hexes[(q, r)])) for i, (q, r) in enumerate(cell_coords)
        )
        self.cell_at: dict[tuple[int, int], int] = {(c.q, c.r): c.id for c in self.cells}

        # Spaces: tile letters, then the two wasteland letters (lake, farm), then printed letters.
        letters = {ch for ch in hexes.values() if ch not in zones}
        wl_lake, wl_farm = _data.WASTELAND_LAKE, _data.WASTELAND_FARM
        tile_letters = sorted(ch for ch in letters if ch.isupper() and ch not in (wl_lake, wl_farm))
        printed_letters = sorted(ch for ch in letters if ch.islower())
        if set(printed_letters) != set(_data.PRINTED) or wl_lake not in letters or wl_farm not in letters:
            raise ValueError("board map and board_data.PRINTED / WASTELAND_* disagree")
        order = tile_letters + [wl_lake, wl_farm] + printed_letters
        space_id = {ch: i for i, ch in enumerate(order)}
        owner = {h: space_id[ch] for h, ch in hexes.items() if ch not in zones}

        touches = []
        neighbours = []
        for c in self.cells:
            near = [(c.q + dq, c.r + dr) for dq, dr in HEX_DIRECTIONS]
            neighbours.append(tuple(self.cell_at[h] for h in near if h in self.cell_at))
            touches.append(tuple(sorted({owner[h] for h in near if h in owner})))
        self.neighbours: tuple[tuple[int, ...], ...] = tuple(neighbours)
        self.touches: tuple[tuple[int, ...], ...] = tuple(touches)

        space_cells: list[list[int]] = [[] for _ in order]
        for c in self.cells:
            for s in self.touches[c.id]:
                space_cells[s].append(c.id)
        self.space_cells: tuple[tuple[int, ...], ...] = tuple(tuple(cs) for cs in space_cells)

        spaces = []
        for sid, ch in enumerate(order):
            if ch in (wl_lake, wl_farm):
                kind, printed = WASTELAND, (WASTELAND, 0)
            elif ch.islower():
                kind, printed = PRINTED, _landscape(_data.PRINTED[ch])
            else:
                kind, printed = TILE, None
            own_hexes = tuple(sorted((h for h, o in owner.items() if o == sid), key=lambda h: (h[1], h[0])))
            zone = min((self.cells[c].zone for c in self.space_cells[sid]), default=4)
            spaces.append(Space(sid, kind, printed, own_hexes, zone, ch))
        self.spaces: tuple[Space, ...] = tuple(spaces)
        self.space_by_letter: dict[str, int] = dict(space_id)
        self.tile_spaces: tuple[int, ...] = tuple(space_id[ch] for ch in tile_letters)
        self.wasteland_spaces: tuple[int, int] = (space_id[wl_lake], space_id[wl_farm])
        self.printed_spaces: tuple[int, ...] = tuple(space_id[ch] for ch in printed_letters)

        self._active = {
            p: frozenset(c.id for c in self.cells if c.zone <= max_zone(p)) for p in PLAYER_COUNTS
        }

        tiles = {}
        for item in _data.BEGINNER_TILES.split():
            letter, code = item[0], item[1:]
            tiles[space_id[letter]] = _landscape(code)
        self._layouts = {}
        for p in PLAYER_COUNTS:
            castles = tuple(
                tuple(self.cell_at[tuple(h)] for h in seat) for seat in _data.BEGINNER_CASTLES[p]
            )
            self._layouts[p] = (tiles, castles)

    # -- queries -----------------------------------------------------------------------

    def active_cells(self, players: int) -> frozenset[int]:
        """The buildable cells at this player count (R03): 2 -> zone 2, 3 -> zones 2-3, 4/5 -> all."""
        try:
            return self._active[players]
        except KeyError:
            raise ValueError(f"La Città is played by 2 to 5 players, not {players}") from None

    def beginner_layout(self, players: int) -> BeginnerLayout:
        """The fixed tiles and castles of the beginner setup (R10) for this player count."""
        if players not in self._layouts:
            raise ValueError(f"La Città is played by 2 to 5 players, not {players}")
        tiles, castles = self._layouts[players]
        return BeginnerLayout(dict(tiles), castles)

    def tile_set(self, expansion: bool = False) -> list[Landscape]:
        """The 22 landscape tiles of the base game (R02, cards.md), one per tile space.

        The expansion adds no tile spaces: its two tiles go on the wasteland spaces
        (see ``expansion_tiles``), so ``expansion`` does not change this list."""
        return [_landscape(code) for code, n in _data.TILE_SET for _ in range(n)]

    def expansion_tiles(self) -> list[Landscape]:
        """The expansion's lake and farm, in the order of ``wasteland_spaces`` (R70)."""
        return [(LAKE, 0), (FARM, 2)]

    def food(self, space: int, tiles: dict[int, Landscape] | None = None) -> int:
        """Food symbols of a space: the tile on it (from ``tiles``) or its printed landscape."""
        sp = self.spaces[space]
        land = sp.printed if sp.kind == PRINTED else (tiles or {}).get(space, sp.printed)
        return land[1] if land and land[0] == FARM else 0

    # -- debugging ---------------------------------------------------------------------

    def render_ascii(self, players: int | None = None, layout: bool = True) -> str:
        """The board as text, laid out like ``board_data.BOARD_MAP``.

        Without ``players`` this is the map itself (zone digits and space letters).
        With ``players``: cells are '.' when active and ',' when not; printed and
        wasteland spaces show their landscape (1/2/3 farm, m mountain, l lake,
        w wasteland); with ``layout`` the tile spaces show the beginner tiles (same
        codes, upper case) and the castles are the seat letters A-E."""
        chars: dict[tuple[int, int], str] = {}
        lay = self.beginner_layout(players) if players and layout else None
        for sp in self.spaces:
            if players is None:
                ch = sp.letter
            elif sp.kind == TILE:
                ch = _code(lay.tiles[sp.id]) if lay else sp.letter
            else:
                ch = _code(sp.printed).lower()
            for h in sp.hexes:
                chars[h] = ch
        active = self.active_cells(players) if players else None
        for c in self.cells:
            chars[(c.q, c.r)] = str(c.zone) if active is None else ("." if c.id in active else ",")
        if lay:
            for seat, pair in enumerate(lay.castles):
                for cid in pair:
                    c = self.cells[cid]
                    chars[(c.q, c.r)] = "ABCDE"[seat]
        cols = {h: 2 * h[0] + h[1] for h in chars}
        cmin, rmin, rmax = min(cols.values()), min(h[1] for h in chars), max(h[1] for h in chars)
        rows = []
        for r in range(rmin, rmax + 1):
            row = {cols[h] - cmin: ch for h, ch in chars.items() if h[1] == r}
            rows.append("".join(row.get(x, " ") for x in range(max(row) + 1)).rstrip() if row else "")
        return "\n".join(rows)


def _code(land: Landscape) -> str:
    kind, food = land
    return {FARM: str(food), MOUNTAIN: "M", LAKE: "L", WASTELAND: "W"}[kind]


BOARD = Board()
