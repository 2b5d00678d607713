"""Board data of La Città (games/lacitta/engine/board.py): the properties of board.md.

Test names carry the rule they check (RULES.md): R01 board and spaces, R02 tiles,
R03 zones, R04 path distance, R10 beginner setup, R11 castle distance, R70 expansion.
"""

from __future__ import annotations

import dataclasses
from collections import Counter, deque

import pytest

from games.lacitta.engine import board_data
from games.lacitta.engine.board import BOARD, BeginnerLayout, Board, Cell, Space

PLAYERS = (2, 3, 4, 5)
HEX_DIRECTIONS = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))


def hex_neighbours(h):
    q, r = h
    return {(q + dq, r + dr) for dq, dr in HEX_DIRECTIONS}


def steps_from(start, allowed):
    """BFS steps from a cell to every cell reachable through ``allowed`` cells."""
    dist = {start: 0}
    todo = deque([start])
    while todo:
        c = todo.popleft()
        for n in BOARD.neighbours[c]:
            if n in allowed and n not in dist:
                dist[n] = dist[c] + 1
                todo.append(n)
    return dist


def empty_between(a, b, players):
    """R04/R11 distance: empty cells on the shortest route through active cells."""
    return steps_from(a, BOARD.active_cells(players))[b] - 1


def connected(cells):
    cells = set(cells)
    if not cells:
        return False
    start = next(iter(cells))
    return set(steps_from(start, cells)) == cells


def space_hex_owner():
    return {h: sp.id for sp in BOARD.spaces for h in sp.hexes}


def seat_food(layout, seat):
    return sum(BOARD.food(s, layout.tiles) for c in layout.castles[seat] for s in BOARD.touches[c])


def landscape_of(layout, space):
    sp = BOARD.spaces[space]
    return layout.tiles[space] if sp.kind == "tile" else sp.printed


# -- structure ----------------------------------------------------------------------------


def test_module_exposes_one_board():
    assert isinstance(BOARD, Board)
    assert all(isinstance(c, Cell) for c in BOARD.cells)
    assert all(isinstance(s, Space) for s in BOARD.spaces)
    assert [c.id for c in BOARD.cells] == list(range(len(BOARD.cells)))
    assert [s.id for s in BOARD.spaces] == list(range(len(BOARD.spaces)))
    with pytest.raises(dataclasses.FrozenInstanceError):
        BOARD.cells[0].zone = 4  # type: ignore[misc]


def test_R01_space_counts_22_tile_and_2_wasteland():
    kinds = Counter(s.kind for s in BOARD.spaces)
    assert kinds["tile"] == 22
    assert kinds["wasteland"] == 2
    assert set(kinds) == {"tile", "wasteland", "printed"}
    assert BOARD.tile_spaces == tuple(s.id for s in BOARD.spaces if s.kind == "tile")
    assert len(BOARD.wasteland_spaces) == 2
    assert {BOARD.spaces[s].kind for s in BOARD.wasteland_spaces} == {"wasteland"}
    for s in BOARD.spaces:
        if s.kind == "tile":
            assert s.printed is None
        elif s.kind == "wasteland":
            assert s.printed == ("wasteland", 0)
        else:
            assert s.printed in {("farm", 1), ("farm", 2), ("farm", 3), ("lake", 0), ("mountain", 0)}


def is_triangle(hexes):
    """6 hexes in a 3+2+1 triangle: 3 corners with 2 inner neighbours, 3 with 4."""
    hexes = set(hexes)
    if len(hexes) != 6:
        return False
    degrees = sorted(len(hex_neighbours(h) & hexes) for h in hexes)
    return degrees == [2, 2, 2, 4, 4, 4]


def test_R01_inner_spaces_are_triangles_of_six_hexes():
    for s in BOARD.spaces:
        if s.kind in ("tile", "wasteland"):
            assert is_triangle(s.hexes), s
        else:
            assert 1 <= len(s.hexes) <= 6


def test_R01_hexes_are_used_once():
    cell_hexes = [(c.q, c.r) for c in BOARD.cells]
    space_hexes = [h for s in BOARD.spaces for h in s.hexes]
    assert len(set(cell_hexes)) == len(cell_hexes)
    assert len(set(space_hexes)) == len(space_hexes)
    assert not set(cell_hexes) & set(space_hexes)
    assert BOARD.cell_at == {(c.q, c.r): c.id for c in BOARD.cells}


def test_R01_cell_count_in_target():
    assert 160 <= len(BOARD.cells) <= 220


def test_R01_every_cell_touches_a_space_and_junctions_touch_three():
    counts = Counter(len(t) for t in BOARD.touches)
    assert min(counts) >= 1
    assert max(counts) == 3
    assert counts[3] >= 10


def test_R01_touches_match_geometry():
    owner = space_hex_owner()
    for c in BOARD.cells:
        expected = {owner[h] for h in hex_neighbours((c.q, c.r)) if h in owner}
        assert set(BOARD.touches[c.id]) == expected
        assert len(BOARD.touches[c.id]) == len(expected)
    for s in BOARD.spaces:
        assert set(BOARD.space_cells[s.id]) == {c for c in range(len(BOARD.cells)) if s.id in BOARD.touches[c]}


def test_R01_every_space_is_touched_and_matters_from_its_zone():
    for s in BOARD.spaces:
        touching = BOARD.space_cells[s.id]
        assert touching, s
        assert s.zone == min(BOARD.cells[c].zone for c in touching)


def test_R01_printed_edge_faces_the_outermost_paths():
    printed = [s for s in BOARD.spaces if s.kind == "printed"]
    kinds = Counter(s.printed[0] for s in printed)
    assert kinds["mountain"] == 1
    assert kinds["lake"] >= 1 and kinds["farm"] >= 1
    printed_ids = {s.id for s in printed}
    rim = {c for c in range(len(BOARD.cells)) if printed_ids & set(BOARD.touches[c])}
    # Only the rim touches the printed edge, and the rim is one closed path around the inner spaces.
    assert all(BOARD.cells[c].zone >= 3 for c in rim)
    assert connected(rim)
    assert all(sum(n in rim for n in BOARD.neighbours[c]) >= 2 for c in rim)
    # Inner spaces (tiles, wasteland) never face the board edge directly.
    owner = space_hex_owner()
    for s in BOARD.spaces:
        if s.kind != "printed":
            for h in s.hexes:
                for n in hex_neighbours(h):
                    assert n in BOARD.cell_at or owner.get(n) == s.id


# -- R02 tiles ------------------------------------------------------------------------------


def test_R02_tile_set_composition():
    expected = Counter({("farm", 1): 6, ("farm", 2): 6, ("farm", 3): 2, ("mountain", 0): 3, ("lake", 0): 5})
    assert Counter(BOARD.tile_set(False)) == expected
    assert Counter(BOARD.tile_set(True)) == expected
    assert len(BOARD.tile_set(False)) == len(BOARD.tile_spaces) == 22
    assert sum(1 for kind, _ in BOARD.tile_set(False) if kind == "farm") == 14


def test_R02_expansion_tiles():
    assert BOARD.expansion_tiles() == [("lake", 0), ("farm", 2)]


# -- R03 zones -------------------------------------------------------------------------------


def test_R03_zones_proportions():
    n = len(BOARD.cells)
    zones = Counter(c.zone for c in BOARD.cells)
    assert set(zones) == {2, 3, 4}
    assert 0.50 <= zones[2] / n <= 0.60
    assert 0.70 <= (zones[2] + zones[3]) / n <= 0.80


@pytest.mark.parametrize("zone", (2, 3, 4))
def test_R03_zones_each_band_is_connected(zone):
    assert connected(c.id for c in BOARD.cells if c.zone == zone)


def test_R03_zones_core_in_the_middle_rings_outside():
    centre = BOARD.cell_at[(0, 0)]
    assert BOARD.cells[centre].zone == 2
    printed = {s.id for s in BOARD.spaces if s.kind == "printed"}
    for c in BOARD.cells:
        on_rim = bool(printed & set(BOARD.touches[c.id]))
        if c.zone == 2:
            assert not on_rim
        if c.zone == 4:
            assert on_rim
    # Ring 3 borders the core and ring 4; ring 4 borders ring 3.
    def borders(a, b):
        return any(BOARD.cells[n].zone == b for c in BOARD.cells if c.zone == a for n in BOARD.neighbours[c.id])

    assert borders(3, 2) and borders(3, 4) and borders(4, 2)


@pytest.mark.parametrize("players", PLAYERS)
def test_R03_active_cells(players):
    top = {2: 2, 3: 3, 4: 4, 5: 4}[players]
    active = BOARD.active_cells(players)
    assert isinstance(active, frozenset)
    assert active == {c.id for c in BOARD.cells if c.zone <= top}
    assert connected(active)
    assert BOARD.active_cells(players) is active  # precomputed


def test_R03_active_cells_rejects_other_counts():
    for players in (0, 1, 6):
        with pytest.raises(ValueError):
            BOARD.active_cells(players)
        with pytest.raises(ValueError):
            BOARD.beginner_layout(players)


# -- R04 adjacency ----------------------------------------------------------------------------


def test_R04_neighbours_are_adjacent_cells_and_symmetric():
    assert len(BOARD.neighbours) == len(BOARD.cells)
    for c in BOARD.cells:
        nbrs = BOARD.neighbours[c.id]
        assert isinstance(nbrs, tuple)
        assert len(set(nbrs)) == len(nbrs)
        assert c.id not in nbrs
        expected = {BOARD.cell_at[h] for h in hex_neighbours((c.q, c.r)) if h in BOARD.cell_at}
        assert set(nbrs) == expected
        for n in nbrs:
            assert c.id in BOARD.neighbours[n]


def test_R04_neighbours_never_cross_landscape():
    space_hexes = set(space_hex_owner())
    for c in BOARD.cells:
        for n in BOARD.neighbours[c.id]:
            other = BOARD.cells[n]
            assert (other.q, other.r) in hex_neighbours((c.q, c.r))  # one shared edge, nothing between
            assert (other.q, other.r) not in space_hexes


def test_R04_whole_board_is_one_path_network():
    assert connected(range(len(BOARD.cells)))


# -- R70 wasteland and the expansion ---------------------------------------------------------


def next_to(space, kind):
    """Spaces of this printed landscape kind that share a touching cell with ``space``."""
    return {
        s
        for c in BOARD.space_cells[space]
        for s in BOARD.touches[c]
        if BOARD.spaces[s].kind == "printed" and BOARD.spaces[s].printed[0] == kind
    }


def test_R70_expansion_lake_space_lies_between_mountain_and_farm():
    lake_space, _ = BOARD.wasteland_spaces
    assert next_to(lake_space, "mountain")
    assert next_to(lake_space, "farm")


def test_R70_expansion_farm_space_lies_between_lake_and_farm():
    _, farm_space = BOARD.wasteland_spaces
    assert next_to(farm_space, "lake")
    assert next_to(farm_space, "farm")


def test_R01_wasteland_gives_no_food():
    for s in BOARD.wasteland_spaces:
        assert BOARD.food(s) == 0
        assert BOARD.food(s, BOARD.beginner_layout(2).tiles) == 0


# -- R10 / R11 beginner layouts ---------------------------------------------------------------


@pytest.mark.parametrize("players", PLAYERS)
def test_R10_beginner_tiles_are_exactly_the_22_tiles(players):
    layout = BOARD.beginner_layout(players)
    assert isinstance(layout, BeginnerLayout)
    assert set(layout.tiles) == set(BOARD.tile_spaces)
    assert Counter(layout.tiles.values()) == Counter(BOARD.tile_set(False))


@pytest.mark.parametrize("players", PLAYERS)
def test_R10_beginner_castles_on_active_cells(players):
    layout = BOARD.beginner_layout(players)
    assert len(layout.castles) == players
    castles = [c for pair in layout.castles for c in pair]
    assert all(len(pair) == 2 for pair in layout.castles)
    assert len(set(castles)) == 2 * players
    assert set(castles) <= BOARD.active_cells(players)


@pytest.mark.parametrize("players", PLAYERS)
def test_R10_beginner_castles_touch_equal_food(players):
    """8 food (±1) per seat: its 6 citizens, 8 after the first growth, do not starve in year 1."""
    layout = BOARD.beginner_layout(players)
    foods = [seat_food(layout, seat) for seat in range(players)]
    assert max(foods) - min(foods) <= 1, foods
    assert all(7 <= f <= 9 for f in foods), foods


@pytest.mark.parametrize("players", PLAYERS)
def test_R10_beginner_every_castle_touches_a_farm(players):
    layout = BOARD.beginner_layout(players)
    for pair in layout.castles:
        for c in pair:
            assert any(BOARD.food(s, layout.tiles) for s in BOARD.touches[c]), c


@pytest.mark.parametrize("players", PLAYERS)
def test_R10_beginner_own_castles_six_empty_hexes_apart(players):
    for seat, (a, b) in enumerate(BOARD.beginner_layout(players).castles):
        assert empty_between(a, b, players) >= 6, seat


@pytest.mark.parametrize("players", PLAYERS)
def test_R10_beginner_castles_never_touch_wasteland(players):
    """So the starting food is the same in the classic, modern and expansion games."""
    layout = BOARD.beginner_layout(players)
    for pair in layout.castles:
        for c in pair:
            assert not set(BOARD.touches[c]) & set(BOARD.wasteland_spaces)


@pytest.mark.parametrize("players", PLAYERS)
@pytest.mark.parametrize("kind", ("lake", "mountain"))
def test_R10_beginner_every_seat_has_lake_and_mountain_within_4_steps(players, kind):
    layout = BOARD.beginner_layout(players)
    active = BOARD.active_cells(players)
    for seat, pair in enumerate(layout.castles):
        reach = {c for castle in pair for c, d in steps_from(castle, active).items() if d <= 4}
        touched = {s for c in reach for s in BOARD.touches[c] if BOARD.spaces[s].kind != "wasteland"}
        assert any(landscape_of(layout, s)[0] == kind for s in touched), (seat, kind)


@pytest.mark.parametrize("players", PLAYERS)
def test_R11_beginner_castles_three_empty_hexes_apart(players):
    castles = [c for pair in BOARD.beginner_layout(players).castles for c in pair]
    for i, a in enumerate(castles):
        for b in castles[i + 1 :]:
            assert empty_between(a, b, players) >= 3, (a, b)


@pytest.mark.parametrize("players", PLAYERS)
def test_R10_beginner_seats_are_tight_neighbours(players):
    """Each castle's nearest opponent castle is 3 to 5 empty cells away (R51 is 2 or fewer)."""
    layout = BOARD.beginner_layout(players)
    for seat, pair in enumerate(layout.castles):
        others = [c for s, p in enumerate(layout.castles) if s != seat for c in p]
        for castle in pair:
            nearest = min(empty_between(castle, o, players) for o in others)
            assert 3 <= nearest <= 5, (seat, castle, nearest)


def test_R10_beginner_layout_is_a_fresh_copy():
    layout = BOARD.beginner_layout(4)
    layout.tiles.clear()
    assert len(BOARD.beginner_layout(4).tiles) == 22


# -- data file and engine hygiene ------------------------------------------------------------


def test_map_round_trips_through_render_ascii():
    assert BOARD.render_ascii() == board_data.BOARD_MAP.strip("\n")
    for players in PLAYERS:
        text = BOARD.render_ascii(players)
        assert sum(text.count(ch) for ch in "ABCDE") >= 2 * players


def test_queries_are_precomputed_tuples():
    assert isinstance(BOARD.neighbours, tuple) and isinstance(BOARD.touches, tuple)
    assert all(isinstance(t, tuple) for t in BOARD.neighbours)
    assert all(isinstance(t, tuple) for t in BOARD.touches)
    assert isinstance(BOARD.cells, tuple) and isinstance(BOARD.spaces, tuple)
