"""Hand-drawn boards for the rule tests (see fixture_board.HexBoard for the notation)."""

from __future__ import annotations

from functools import cache

from tests.lacitta.engine.fixture_board import HexBoard

LEGEND = {
    "t": ("farm", 3), "w": ("farm", 2), "o": ("farm", 1), "f": ("farm", 1),
    "M": ("mountain", 0), "N": ("mountain", 0), "L": ("lake", 0), "K": ("lake", 0), "x": ("wasteland", 0),
    "T": ("farm", 3), "W": ("farm", 2),
}


@cache
def walk() -> HexBoard:
    """The classic rulebook's first-year example: a castle at (2,1) touching farmland of
    3 and 1 symbols, a farm site (2,2) touching the same, a quarry site (1,2) by the
    mountain, a bathhouse site (2,3) by the lake, a market site (2,0). Far away, (6,10)
    touches farmland of 3 and 2 symbols (T, W) for another player."""
    return HexBoard([
        "tttMM.........",
        "tt............",
        "..............",
        "ooLL..........",
        "o.L...........",
        ".........TTWW.",
        "........TT.WW.",
    ], LEGEND)


@cache
def line() -> HexBoard:
    """One straight path of 24 hexes, row 1 (each hex touches only its two path
    neighbours); farmland of 2 above, a lake below for the first 12 hexes,
    mountains below the rest."""
    return HexBoard([
        "wwwwwwwwwwwwwwwwwwwwwwwww",
        "........................",
        "LLLLLLLLLLLLMMMMMMMMMMMMM",
    ], LEGEND)


@cache
def hairpin() -> HexBoard:
    """Two parallel paths (rows 0 and 2) joined only at the right end (row 1, col 19):
    hexes one above the other are close on the map but far along the path (R04)."""
    return HexBoard([
        "....................",
        "ooooooooooooooooooo.",
        "....................",
        "LLLLLLLLLLLLLLLLLLLLL",
    ], LEGEND)


@cache
def field() -> HexBoard:
    """An open field with every landscape: farmland t(3) w(2) o(1), mountains M and N
    side by side, a lake L; zones: core '.', second ring '+', outer '-'."""
    return HexBoard([
        "----------------------",
        "-tt........++++++++++-",
        "-t.........+MN+++++++-",
        "-..........+M.N++++++-",
        "-...LL.....+++N++++++-",
        "-...L......++++++++++-",
        "-..........+++++++ww+-",
        "-oo........+++++++w++-",
        "-o.........++++++++++-",
        "----------------------",
    ], LEGEND)
