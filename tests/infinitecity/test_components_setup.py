"""Components (IC01–IC03) and setup (IC10–IC12)."""

from __future__ import annotations

from collections import Counter

import pytest

from games.infinitecity.engine import tiles as T
from games.infinitecity.engine.city import adjacent_tiles, placement_cells
from games.infinitecity.engine.engine import ENGINE
from games.infinitecity.engine.setup import CROSS
from kit.base import InvalidOptions

from .helpers import act, build, moves, play

OPTIONS = {"marks": "known-only"}

# IC01: the counts printed in the rule sheet.
SHEET = {"arboretum": 4, "bank": 6, "capitol": 1, "construction_site": 7, "disaster_site": 3, "embassy": 8,
         "factory": 5, "hotel": 4, "housing": 10, "library": 6, "mausoleum": 6, "plaza": 6, "police_hq": 3,
         "port": 8, "post_office": 8, "power_station": 5, "security_guard": 9, "shopping_complex": 4,
         "stadium": 5, "temple": 4, "transit_station": 8}


def test_IC01_the_box_holds_120_tiles_of_21_kinds_with_the_sheet_counts():
    per_kind = Counter(T.KIND_OF[t] for t in T.full_set())
    assert dict(per_kind) == SHEET
    assert sum(per_kind.values()) == 120 == T.TOTAL_TILES
    for row in T.TILES:
        assert row.instruction == f"infinitecity.instruction.{row.kind}"
        assert row.source in T.SOURCES


def test_IC01_a_new_game_has_every_tile_once():
    for players in range(2, 7):
        s = ENGINE.new_game(OPTIONS, players, players).state
        every = s.pile + [t for h in s.hands for t in h] + [c[0] for c in s.cells.values()]
        assert Counter(every) == Counter(T.full_set())


def test_IC02_fifteen_tokens_per_player_two_to_six_players():
    assert (ENGINE.min_players, ENGINE.max_players) == (2, 6)
    for players in range(2, 7):
        assert ENGINE.new_game(OPTIONS, players, 1).state.supply == [15] * players
    for bad in (1, 7, True, "4"):
        with pytest.raises(InvalidOptions):
            ENGINE.validate_options(OPTIONS, bad)


def test_IC03_adjacent_means_a_full_shared_side_and_the_city_has_no_bounds():
    s = build({(0, 0): "housing", (1, 1): "bank", (100, -50): "hotel", (101, -50): "port"})
    assert adjacent_tiles(s, (0, 0)) == []  # (1, 1) only touches a corner
    assert adjacent_tiles(s, (100, -50)) == [(101, -50)]
    cells = placement_cells(s)
    assert (0, 1) in cells and (1, 0) in cells and (102, -50) in cells and (100, -49) in cells
    assert (2, 2) not in cells  # a corner is not adjacent


def test_IC10_five_hidden_tiles_each_the_rest_shuffled_into_the_pile():
    res = ENGINE.new_game(OPTIONS, 4, 11)
    s = res.state
    assert [len(h) for h in s.hands] == [5] * 4
    assert len(s.pile) == 120 - 20 - 5
    assert not any(s.pile_known) and all(not k for row in s.hand_known for k in row)
    other = ENGINE.new_game(OPTIONS, 4, 12).state
    assert s.pile != other.pile, "the seed shuffles"
    dealt = [e for e in res.log if e.key == "infinitecity.dealt"]
    assert [e.visible_to for e in dealt] == [(0,), (1,), (2,), (3,)]
    for seat in range(4):
        v = ENGINE.view(s, seat)
        assert [p["hand"] is None for p in v["players"]] == [p != seat for p in range(4)]
        assert [p["hand_count"] for p in v["players"]] == [5] * 4


def test_IC11_five_tiles_face_down_in_a_plus():
    s = ENGINE.new_game(OPTIONS, 3, 5).state
    assert sorted(s.cells) == sorted(CROSS)
    assert set(CROSS) == {(0, 0), (1, 0), (-1, 0), (0, 1), (0, -1)}
    assert all(not c[1] and not any(c[2]) and c[3] == 0 for c in s.cells.values())
    assert all(cell["tile"] is None for cell in ENGINE.view(s, 0)["cells"])


def test_IC12_random_first_player_then_clockwise():
    firsts = {ENGINE.new_game(OPTIONS, 5, seed).state.first for seed in range(40)}
    assert firsts == set(range(5))
    s = build({(0, 0): "plaza"}, players=3, hands=[["housing"], ["housing"], ["housing"]], turn=2)
    s, _ = act(s, play("housing", 1, 0))
    assert s.turn == 0, "seat 2 is followed by seat 0"
    assert moves(s)
