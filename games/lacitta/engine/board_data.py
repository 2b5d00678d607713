"""Declarative data of the La Città board; ``board.py`` reads it once at import.

Edit with care: the tests in ``tests/lacitta/engine/test_board.py`` check every
property the rules need (counts, zones, adjacency, fairness of the beginner layouts).
"""

# The board, one character per hex, pointy-top hexes. Every line is a row of hexes
# (axial r grows downwards); a row is shifted half a hex (one column) to the right of
# the row above, so the text has the board's true shape. The hex at line y, column x
# has r = y - ORIGIN_LINE and q = (x - ORIGIN_COLUMN - r) / 2 (always a whole number).
#
#   2 3 4   a buildable path hex (a cell) of that zone: 2 = core (every player count),
#           3 = second ring (3+ players), 4 = outer ring (4-5 players)
#   A-V     the 22 tile spaces (a landscape tile goes on each), 6 hexes each
#   W X     the 2 wasteland spaces: W takes the expansion lake (it lies between the
#           printed mountain c and farm d), X the expansion farm (between lake p and farm q)
#   a-t     landscapes printed on the board edge, clockwise from the top (see PRINTED)
#   blank   off the board
BOARD_MAP = """
                           b b b
                    a a a   b b
             t t t   a a 4 4 b   c
      s s s   t t 4 4 a 4 A 4   c c
       s s 4 4 t 4 B 4 4 A A 4 c c c
        s 4 C 4 4 B B 2 A A A 4 4 4 4 d d d
     r   4 C C 2 B B B 2 2 2 2 W W W 4 d d
    r r 4 C C C 2 2 2 2 D D D 2 W W 2 4 d   e
   r r r 4 2 2 2 E E E 2 D D 2 2 W 2 F 4   e e
        4 G G G 2 E E 2 2 D 2 H 2 2 F F 4 e e e
   q q q 4 G G 2 2 E 2 I 2 2 H H 2 F F F 4
    q q 4 2 G 2 J 2 2 I I 2 H H H 2 2 2 4 f f f
     q 4 X 2 2 J J 2 I I I 2 2 2 2 K K K 4 f f
  p   4 X X 2 J J J 2 2 2 2 L L L 2 K K 4   f
 p p 4 X X X 2 2 2 2 M M M 2 L L 2 2 K 4 g
p p p 4 2 2 2 N N N 2 M M 2 2 L 2 O 2 4 g g
     3 P P P 2 N N 2 2 M 2 Q 2 2 O O 4 g g g
o o o 3 P P 2 2 N 2 R 2 2 Q Q 2 O O O 4
 o o   3 P 2 S 2 2 R R 2 Q Q Q 2 2 3 3 h h h
  o   n 3 3 S S 2 R R R 2 2 2 2 T T T 3 h h
     n n 3 S S S 3 2 2 2 U U U 3 T T 3   h
    n n n 3 3 3 3 V V V 3 U U 3 3 T 3 i
           m m m 3 V V 3 3 U 3 j 3 3 i i
            m m   3 V 3 k 3 3 j j   i i i
             m   l 3 3 k k   j j j
                l l   k k k
               l l l
"""
ORIGIN_LINE, ORIGIN_COLUMN = 13, 22  # the centre of the board, a junction hex, is (q, r) = (0, 0)

# Landscape codes used below.
LANDSCAPE_CODES = {
    "1": ("farm", 1),
    "2": ("farm", 2),
    "3": ("farm", 3),
    "M": ("mountain", 0),
    "L": ("lake", 0),
}

WASTELAND_LAKE = "W"  # gets the expansion lake in the beginner setup (R70)
WASTELAND_FARM = "X"  # gets the expansion farm (2 food) in the beginner setup (R70)

# The printed edge landscapes: 13 farms (8 of 1 food, 5 of 2), 6 lakes, 1 mountain.
PRINTED = {
    "a": "1", "b": "L", "c": "M", "d": "2", "e": "1", "f": "L", "g": "2",
    "h": "1", "i": "L", "j": "1", "k": "2", "l": "L", "m": "1", "n": "2",
    "o": "1", "p": "L", "q": "2", "r": "1", "s": "L", "t": "1",
}

# The 22 landscape tiles (R02, cards.md): code -> how many.
TILE_SET = (("1", 6), ("2", 6), ("3", 2), ("M", 3), ("L", 5))

# Beginner setup (R10): the tile on each tile space, the same for every player count.
BEGINNER_TILES = (
    "A1 BL C1 D2 E2 F1 GL HL I3 JM KM "
    "L1 M1 NL O3 PM Q2 R2 S2 T1 UL V2"
)

# Beginner castles (R10): per player count, per seat, the (q, r) of its two castles.
# Every seat's castles touch 8 food symbols in total (3 to 5 per castle), at every player
# count: a seat starts with 8 food, enough for its 8 citizens after the first growth.
# See board.py for the other guarantees.
BEGINNER_CASTLES = {
    2: (
        ((2, 4), (5, -7)),
        ((2, -4), (-1, 4)),
    ),
    3: (
        ((-2, 6), (5, 1)),
        ((3, -5), (3, 5)),
        ((3, -1), (-5, 10)),
    ),
    4: (
        ((-1, -5), (2, 4)),
        ((6, 3), (-7, 9)),
        ((-10, 7), (0, 0)),
        ((0, 3), (2, -4)),
    ),
    5: (
        ((4, 2), (-1, 0)),
        ((3, -1), (-5, 10)),
        ((-10, 8), (-1, 4)),
        ((-6, 6), (3, -6)),
        ((6, 3), (-1, -5)),
    ),
}
