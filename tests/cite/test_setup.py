"""Components and setup: CT01, CT02, CT10-CT13, G1-G4, G13, and the data file's tags."""

from __future__ import annotations

import pytest

from games.cite.engine.board import fits_shape, marked_square, orientations, quarter_of
from games.cite.engine.components import (
    BUILDINGS,
    DATA,
    INVENTORY,
    RESOURCES,
    SQUARES,
    inventory_for,
    produced_resource,
    tag_of,
)
from games.cite.engine.engine import ENGINE
from kit.base import InvalidOptions

from .helpers import new


def test_ct01_eleven_resources_open_to_all():
    assert len(RESOURCES) == 11 and set(RESOURCES) >= {"wood", "stone", "metal", "cloth", "gold", "glass",
                                                       "furniture", "sculpture", "jewel", "lock", "weapon"}
    s = new()
    view = ENGINE.view(s, 0)
    assert all(set(seat["res"]) == set(RESOURCES) for seat in view["seats"])  # everybody's counts are shown


def test_ct02_each_profession_has_its_resource_and_builds_its_colour():
    s = new(4, 3)
    assert sorted(seat["profession"] for seat in s.seats) == ["sawyer", "smith", "stonecutter", "weaver"]
    for seat in s.seats:
        own = {"sawyer": "wood", "stonecutter": "stone", "smith": "metal", "weaver": "cloth"}[seat["profession"]]
        assert produced_resource("small_shop", seat["profession"]) == own
        assert produced_resource("large_shop", seat["profession"]) == own


def test_ct10_quarters_and_professions_drawn_by_lot():
    draws = {tuple((s["profession"], s["quarter"]) for s in new(4, seed).seats) for seed in range(20)}
    assert len(draws) > 10
    assert all(sorted(q for _p, q in d) == [0, 1, 2, 3] for d in draws)


def test_ct10_three_players_no_weaver_and_one_weaver_shop_each():
    for seed in range(10):
        s = new(3, seed)
        assert "weaver" not in [seat["profession"] for seat in s.seats]
        assert all(seat["left"]["weaver_shop"] == 1 for seat in s.seats)
        assert len({seat["quarter"] for seat in s.seats}) == 3  # G4: the fourth quarter stays empty
    assert "weaver_shop" not in new(4).seats[0]["left"]
    assert produced_resource("weaver_shop", "smith") == "cloth"


def test_ct11_four_quarters_split_by_two_borders_without_end():
    assert quarter_of((-1, 0)) == 0 and quarter_of((-1000, 5000)) == 0
    assert quarter_of((0, 0)) == 1 and quarter_of((9999, 1)) == 1
    assert quarter_of((-1, -1)) == 2 and quarter_of((0, -1)) == 3
    assert [quarter_of(marked_square(q)) for q in range(4)] == [0, 1, 2, 3]


def test_g4_marked_squares_touch_the_central_point():
    for q in range(4):
        x, y = marked_square(q)
        assert x in (-1, 0) and y in (-1, 0)


def test_ct12_introductory_game_only_one_option():
    assert [o.name for o in ENGINE.options] == ["first_game_gift"]
    with pytest.raises(InvalidOptions):
        ENGINE.validate_options({"ports": "yes"}, 4)


def test_g13_advanced_modules_are_not_offered():
    assert DATA["advanced_game"]["available"] is False
    assert not {"port", "canal", "grand_place", "rue_commercante"} & set(BUILDINGS)


def test_ct13_first_game_gift_three_gold():
    assert all(s["res"]["gold"] == 3 for s in new(4, 1, first_game_gift="yes").seats)
    assert all(s["res"]["gold"] == 0 for s in new(4, 1).seats)


def test_players_three_to_four():
    for n in (2, 5):
        with pytest.raises(InvalidOptions):
            ENGINE.new_game({}, n, 1)


def test_g1_inventory_substitute_is_52_squares():
    assert sum(SQUARES[k] * n for k, n in INVENTORY.items()) == 52
    assert INVENTORY["small_shop"] == 5 and INVENTORY["large_shop"] == 1 and INVENTORY["comptoir"] == 1
    assert all(INVENTORY[k] == 1 for k in ("glassmaker", "cabinetmaker", "sculptor", "jeweller", "locksmith",
                                           "armourer"))
    assert inventory_for(3)["weaver_shop"] == 1
    assert tag_of("inventory") == "substitute"


def test_g2_shapes_any_rotation():
    assert fits_shape("glassmaker", [(0, 0), (0, 1)]) and fits_shape("glassmaker", [(0, 0), (1, 0)])
    assert fits_shape("paved_street", [(5, 5), (5, 6), (5, 7)])
    assert not fits_shape("paved_street", [(0, 0), (1, 0), (1, 1)])
    assert fits_shape("mill", [(0, 0), (1, 0), (0, 1), (1, 1)]) and not fits_shape("mill", [(0, 0), (1, 0), (2, 0),
                                                                                             (3, 0)])
    assert len(orientations("manufacture")) == 1 and len(orientations("paved_street")) == 2
    assert tag_of("shapes") == "substitute"


def test_g3_comptoir_is_a_small_gold_shop():
    assert produced_resource("comptoir", "smith") == "gold"
    assert BUILDINGS["comptoir"]["shop"] == "small" and BUILDINGS["comptoir"]["tag"] == "substitute"
    assert "grand_comptoir" not in BUILDINGS


def test_data_file_tags_every_entry_and_flags_substitutes():
    assert DATA["show_substitute_notice"] is True
    assert all(b["tag"] in ("seed", "inferred", "substitute") for b in BUILDINGS.values())
    for entry in ("inventory", "shapes", "district_sheet"):
        assert DATA[entry]["tag"] == "substitute"
    assert DATA["resources"]["tag"] == "seed"
