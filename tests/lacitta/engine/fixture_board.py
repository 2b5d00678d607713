"""Small hand-drawn boards for rule tests (exact geometry) with the same API as
``games.lacitta.engine.board.BOARD``.

A map is a list of rows of an "odd-r" hex grid, one character per hex (spaces between
characters are ignored): ``.`` buildable core hex (zone 2), ``+`` zone 3, ``-`` zone 4,
``#`` nothing, a letter a landscape hex (hexes with the same letter form one space).
The legend gives each letter's landscape; letters listed in ``tiles`` are tile spaces,
in ``wasteland`` wasteland spaces, all others are printed landscapes."""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class Cell:
    id: int
    q: int
    r: int
    zone: int


@dataclass(frozen=True)
class Space:
    id: str
    kind: str
    printed: tuple | None
    hexes: tuple
    zone: int


@dataclass(frozen=True)
class BeginnerLayout:
    tiles: dict
    castles: tuple


def _neighbours(q: int, r: int):
    if r % 2 == 0:
        deltas = ((1, 0), (-1, 0), (-1, -1), (0, -1), (-1, 1), (0, 1))
    else:
        deltas = ((1, 0), (-1, 0), (0, -1), (1, -1), (0, 1), (1, 1))
    return [(q + dq, r + dr) for dq, dr in deltas]


@dataclass
class HexBoard:
    rows: list
    legend: dict
    tiles: tuple = ()
    wasteland: tuple = ()
    layouts: dict = field(default_factory=dict)
    tile_landscapes: tuple = ()

    def __post_init__(self):
        grid = {}
        for r, row in enumerate(self.rows):
            for q, ch in enumerate(row.replace(" ", "")):
                grid[(q, r)] = ch
        self.grid = grid
        self.cells = {}
        self.at = {}
        zone_of = {".": 2, "+": 3, "-": 4}
        for (q, r), ch in sorted(grid.items(), key=lambda kv: (kv[0][1], kv[0][0])):
            if ch in zone_of:
                cid = len(self.cells)
                self.cells[cid] = Cell(cid, q, r, zone_of[ch])
                self.at[(r, q)] = cid
        hexes: dict = {}
        for pos, ch in grid.items():
            if ch.isalpha():
                hexes.setdefault(ch, []).append(pos)
        self.spaces = {}
        for letter, hs in sorted(hexes.items()):
            if letter in self.tiles:
                kind, printed = "tile", None
            elif letter in self.wasteland:
                kind, printed = "wasteland", ("wasteland", 0)
            else:
                kind, printed = "printed", tuple(self.legend[letter])
            self.spaces[letter] = Space(letter, kind, printed, tuple(sorted(hs)), 2)
        self.neighbours = {}
        self.touches = {}
        for cid, cell in self.cells.items():
            nb, ts = [], []
            for pos in _neighbours(cell.q, cell.r):
                ch = grid.get(pos)
                if ch is None:
                    continue
                if ch in zone_of:
                    nb.append(self.at[(pos[1], pos[0])])
                elif ch.isalpha() and ch not in ts:
                    ts.append(ch)
            self.neighbours[cid] = tuple(nb)
            self.touches[cid] = tuple(ts)
        self.tile_spaces = tuple(sorted(self.tiles))
        self.wasteland_spaces = tuple(self.wasteland)

    def cell(self, r: int, q: int) -> int:
        """Cell id of the hex in row r, column q (columns count every character but spaces)."""
        return self.at[(r, q)]

    def active_cells(self, players: int) -> frozenset:
        top = 2 if players == 2 else 3 if players == 3 else 4
        return frozenset(c for c, cell in self.cells.items() if cell.zone <= top)

    def beginner_layout(self, players: int) -> BeginnerLayout:
        tiles, castles = self.layouts[players]
        return BeginnerLayout(dict(tiles), tuple(castles))

    def tile_set(self, expansion: bool):
        return list(self.tile_landscapes)

    def expansion_tiles(self):
        return [("lake", 0), ("farm", 2)]
