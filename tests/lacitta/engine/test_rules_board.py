"""R01–R07, R10–R12: board, components, setup."""

from __future__ import annotations

from collections import Counter

import pytest

from games.lacitta.engine.cards import politics_deck, voice_deck
from games.lacitta.engine.cities import cities
from games.lacitta.engine.constants import BASE_DECK, EXPANSION_DECK
from games.lacitta.engine.engine import ENGINE
from games.lacitta.engine.geometry import empty_hexes_between
from kit.base import IllegalMove
from tests.lacitta.engine.helpers import (
    act,
    castle,
    enter,
    entries,
    illegal,
    make_state,
    play,
    put,
    set_pop,
    turns,
)
from tests.lacitta.engine.maps import field, hairpin, line, walk


def board():
    from games.lacitta.engine.board import BOARD

    return BOARD


def _zone(cell):
    cells = board().cells
    c = cells[cell] if not isinstance(cells, (list, tuple)) else next(x for x in cells if x.id == cell)
    return c.zone


# ---------------------------------------------------------------- R01 board


def test_R01_hex_touching_two_farmlands_counts_both():
    b = walk()
    s = make_state(b)
    turns(s, 0)
    home = castle(s, 0, b.cell(2, 1), 4)
    assert s.geo.food[home] == 4 and s.players[0]["food"] == 4  # farmland of 3 and of 1 around one hex
    s2, _ = act(s, 0, {"type": "build", "building": "farm", "cell": b.cell(2, 2)})
    assert s2.players[0]["food"] == 8


@pytest.mark.parametrize("expansion", ["none", "cocagne"])
def test_R01_wasteland_yields_nothing_unless_the_expansion_covers_it(expansion):
    s = ENGINE.new_game({"edition": "modern", "expansion": expansion}, 2, 3).state
    lake_space, farm_space = board().wasteland_spaces
    land = s.geo.landscape
    if expansion == "none":
        assert land[lake_space][0] == "wasteland" and land[farm_space][0] == "wasteland"
    else:
        assert land[lake_space] == ("lake", 0) and land[farm_space] == ("farm", 2)


# ---------------------------------------------------------------- R02 tiles


@pytest.mark.parametrize("expansion", ["none", "cocagne"])
def test_R02_advanced_setup_shuffles_the_22_tiles(expansion):
    edition = "modern"
    tiles = {}
    for seed in (1, 2):
        s = ENGINE.new_game({"edition": edition, "expansion": expansion, "setup": "advanced"}, 3, seed).state
        on_tiles = Counter(s.tiles[sp] for sp in board().tile_spaces)
        assert on_tiles == Counter({("farm", 1): 6, ("farm", 2): 6, ("farm", 3): 2, ("mountain", 0): 3,
                                    ("lake", 0): 5})
        extra = Counter(s.tiles[sp] for sp in board().wasteland_spaces if sp in s.tiles)
        assert extra == (Counter({("lake", 0): 1, ("farm", 2): 1}) if expansion == "cocagne" else Counter())
        tiles[seed] = [s.tiles[sp] for sp in board().tile_spaces]
    assert tiles[1] != tiles[2]  # random from the seed …
    again = ENGINE.new_game({"edition": edition, "expansion": expansion, "setup": "advanced"}, 3, 1).state
    assert [again.tiles[sp] for sp in board().tile_spaces] == tiles[1]  # … and reproducible


# ---------------------------------------------------------------- R03 zones


@pytest.mark.parametrize("players,zones", [(2, {2}), (3, {2, 3}), (4, {2, 3, 4}), (5, {2, 3, 4})])
def test_R03_player_count_decides_the_buildable_zones(players, zones):
    s = ENGINE.new_game({"setup": "advanced"}, players, 5).state
    seat = next(iter(ENGINE.pending(s)))
    cells = [m["cell"] for m in ENGINE.legal_moves(s, seat)]
    assert {_zone(c) for c in cells} == zones


def test_R03_hexes_outside_the_zone_cannot_be_built():
    b = field()
    s = make_state(b, 2)
    turns(s, 0)
    home = castle(s, 0, b.cell(3, 9), 4)
    assert b.cells[b.cell(3, 10)].zone == 2 and b.cells[b.cell(2, 11)].zone == 3
    put(s, 0, "statue", b.cell(3, 10))
    err = illegal(s, 0, {"type": "build", "building": "farm", "cell": b.cell(2, 11)})
    assert err.key == "lacitta.error.not_buildable"
    s3 = make_state(b, 3)
    turns(s3, 0)
    castle(s3, 0, home, 4)
    put(s3, 0, "statue", b.cell(3, 10))
    act(s3, 0, {"type": "build", "building": "farm", "cell": b.cell(2, 11)})


# ---------------------------------------------------------------- R04 distance


def test_R04_distance_counts_empty_hexes_along_the_path_never_across_landscape():
    b = hairpin()
    s = make_state(b, 2)
    top = castle(s, 0, b.cell(0, 2))
    bottom = castle(s, 1, b.cell(2, 2))  # two rows apart on the map …
    near = empty_hexes_between(s.geo, s.kind, s.city, cities(s)[top], 50)
    # … but the path runs to column 19 and back: 17 + 1 + 17 empty hexes.
    assert near[bottom] == 35
    b = line()
    s = make_state(b, 2)
    a = castle(s, 0, b.cell(1, 0))
    put(s, 0, "farm", b.cell(1, 1))
    c = castle(s, 1, b.cell(1, 5))
    assert empty_hexes_between(s.geo, s.kind, s.city, cities(s)[a], 5) == {c: 3}


# ---------------------------------------------------------------- R05 supply


def test_R05_double_sided_pairs_share_one_supply():
    b = walk()
    s = make_state(b)
    turns(s, 0, 0, 0)
    castle(s, 0, b.cell(2, 1), 5)
    s.supply["farm_quarry"] = 1
    s2, _ = act(s, 0, {"type": "build", "building": "farm", "cell": b.cell(2, 2)})  # the last farm/quarry tile
    assert s2.supply["farm_quarry"] == 0
    err = illegal(s2, 0, {"type": "build", "building": "quarry", "cell": b.cell(1, 2)})
    assert err.key == "lacitta.error.supply_empty"
    assert not [m for m in ENGINE.legal_moves(s2, 0) if m.get("building") in ("farm", "quarry")]


def test_R05_demolished_tiles_return_to_the_supply_and_castles_are_four():
    b = line()
    s = make_state(b)
    home = castle(s, 0, b.cell(1, 0), 3)
    put(s, 0, "farm", b.cell(1, 1))
    put(s, 0, "school", b.cell(1, 2))
    assert s.supply["farm_quarry"] == 39
    set_pop(s, home, 2)
    s, _ = enter(s, "demolish_migration", run=True)
    assert s.kind[b.cell(1, 2)] is None and s.supply["school_university"] == 15
    for q in (4, 8, 12):
        castle(s, 0, b.cell(1, q))
    assert s.players[0]["castles"] == 0
    turns(s, 0)
    err = illegal(s, 0, {"type": "found", "cell": b.cell(1, 20), "from": home})
    assert err.key == "lacitta.error.no_castle"


# ---------------------------------------------------------------- R06 citizens


def test_R06_an_empty_pool_adds_no_citizen():
    b = line()
    s = make_state(b, 2)
    a = castle(s, 0, b.cell(1, 0), 2)
    c = castle(s, 1, b.cell(1, 10), 2)
    s.pool = 1
    s, log = enter(s, "growth")
    assert (s.pop[a], s.pop[c], s.pool) == (3, 2, 0)  # first player first, then nothing is left
    turns(s, 0)
    err = illegal(s, 0, {"type": "build", "building": "market", "cell": b.cell(1, 1)})
    assert err.key == "lacitta.error.pool_empty"


def test_R06_citizens_are_130_in_all():
    s = ENGINE.new_game({}, 4, 11).state
    assert s.pool + sum(s.pop[c] for c in cities(s)) == 130
    assert s.pool == 130 - 4 * 2 * 3 - 4 * 2  # castles placed, then year 1 growth


# ---------------------------------------------------------------- R07 decks


@pytest.mark.parametrize("expansion", [False, True])
def test_R07_decks_and_the_row_of_seven(expansion):
    assert Counter(voice_deck()) == {"culture": 9, "education": 9, "health": 9}
    deck = politics_deck(expansion)
    assert len(deck) == 32 and Counter(deck) == (EXPANSION_DECK if expansion else BASE_DECK)
    s = ENGINE.new_game({"expansion": "cocagne" if expansion else "none"}, 3, 2).state
    assert len(s.pol_row) == 7 and len(s.pol_deck) == 25
    assert Counter(s.pol_row + s.pol_deck) == Counter(deck)


def test_R07_empty_politics_deck_is_rebuilt_from_the_discard():
    b = walk()
    s = make_state(b, 2)
    castle(s, 0, b.cell(2, 1), 4)
    turns(s, 0)
    s.pol_discard, s.pol_deck = s.pol_deck, []
    s2, log = act(s, 0, {"type": "pass"})
    assert entries(log, "lacitta.politics_reshuffled") == [{"cards": 25}]
    assert len(s2.pol_deck) == 24 and not s2.pol_discard and len(s2.players[0]["passed"]) == 1
    s.pol_discard = []
    s3, _ = act(s, 0, {"type": "pass"})  # ruling: nothing left anywhere, the pass takes nothing
    assert s3.players[0]["passed"] == ()


# ---------------------------------------------------------------- R10 beginner setup


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_R10_beginner_setup_places_the_layout(players):
    res = ENGINE.new_game({"setup": "beginner", "edition": "classic"}, players, 4)
    s = res.state
    layout = board().beginner_layout(players)
    for seat, cells in enumerate(layout.castles):
        for cell in cells:
            assert s.kind[cell] == "castle" and s.owner[cell] == seat
    placed = entries(res.log, "lacitta.castle_placed")
    assert len(placed) == 2 * players
    for seat in range(players):
        food = sum(e["food"] for e in placed if e["seat"] == seat)
        assert food == sum(s.geo.food[c] for c in layout.castles[seat]) == s.players[seat]["food"]
        assert s.players[seat]["gold"] == 1
    # 3 citizens each, then the first growth of year 1 adds one.
    assert all(s.pop[c] == 4 for cells in layout.castles for c in cells)


# ---------------------------------------------------------------- R11 advanced setup


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_R11_castle_order_distance_food_and_first_player(players):
    res = ENGINE.new_game({"setup": "advanced", "edition": "modern"}, players, 8)
    s = res.state
    first = s.setup_first
    order = [(first - i) % players for i in range(players)]
    assert s.queue == order + order[::-1]
    for expected in order + order[::-1]:
        assert ENGINE.pending(s) == {expected}
        moves = ENGINE.legal_moves(s, expected)
        move = moves[len(moves) // 2]
        s, log = play(s, expected, move)
        assert entries(log, "lacitta.castle_placed")[0]["food"] == s.geo.food[move["cell"]]
    assert s.first == (first + 1) % players  # the marker passes to the left
    assert s.phase == "actions" and s.year == 1
    castles = sorted(cities(s))
    for c in castles:
        others = set(castles) - {c}
        near = empty_hexes_between(s.geo, s.kind, s.city, [c], 2)
        assert not (set(near) & others)
    for seat in range(players):
        assert s.players[seat]["food"] == sum(s.geo.food[c] for c in castles if s.owner[c] == seat)


def test_R11_castle_too_close_is_refused():
    res = ENGINE.new_game({"setup": "advanced"}, 2, 8)
    s = res.state
    seat = next(iter(ENGINE.pending(s)))
    cell = ENGINE.legal_moves(s, seat)[0]["cell"]
    s, _ = play(s, seat, {"type": "place_castle", "cell": cell})
    seat = next(iter(ENGINE.pending(s)))
    close = [d for d in s.geo.nbr[cell]][0]
    with pytest.raises(IllegalMove) as err:
        ENGINE.apply(s, seat, {"type": "place_castle", "cell": close})
    assert err.value.key == "lacitta.error.castle_distance"


# ---------------------------------------------------------------- R12 cards and cubes


@pytest.mark.parametrize("edition", ["classic", "modern"])
def test_R12_three_action_cards_and_four_cubes(edition):
    s = ENGINE.new_game({"edition": edition}, 2, 1).state
    for p in ENGINE.view(s, 0)["players"]:
        assert (p["cards_up"], p["cards_down"], p["cubes_left"], p["castles_in_hand"]) == (3, 0, 4, 2)
