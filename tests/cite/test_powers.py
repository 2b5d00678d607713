"""Production and the buildings' powers across quarter borders: CT21, CT23, G5-G9."""

from __future__ import annotations

import pytest

from games.cite.engine.engine import ENGINE
from games.cite.engine.powers import build_cost, guild_squares, production, transform_yield
from kit.base import IllegalMove

from .helpers import all_done_but, apply, give, put, res_of, seat_in, window

SQ = [(0, 0), (1, 0), (0, 1), (1, 1)]


def square_at(x, y):
    return [(x + dx, y + dy) for dx, dy in SQ]


def own(s, seat):
    return {"sawyer": "wood", "stonecutter": "stone", "smith": "metal", "weaver": "cloth"}[s.seats[seat]["profession"]]


def two_neighbours():
    """Seats A (quarter 0: x < 0, y >= 0) and B (quarter 1: x >= 0, y >= 0) across the border x = -1 | 0."""
    s = window()
    return s, seat_in(s, 0), seat_in(s, 1)


def test_ct21_production_of_shops_comptoir_and_bank():
    s, a, _b = two_neighbours()
    put(s, a, "small_shop", [(-1, 0)])
    put(s, a, "small_shop", [(-2, 0)])
    put(s, a, "large_shop", square_at(-4, 0))
    put(s, a, "comptoir", [(-1, 1)])
    assert production(s, a) == {own(s, a): 7, "gold": 1}
    s.seats[a]["bank"] = {**s.seats[a]["bank"], "metal": 1, "cloth": 1, "gold": 1}
    gains = production(s, a)
    assert gains["gold"] == 2 and gains["cloth"] >= 1


def test_ct21_production_arrives_when_the_next_round_opens():
    s, a, _b = two_neighbours()
    put(s, a, "small_shop", [(-1, 0)])
    all_done_but(s, a)
    s = apply(s, a, {"type": "done"}).state
    assert s.round == 3 and res_of(s, a) == {own(s, a): 1}


def test_ct23_mill_across_the_border_doubles_the_neighbours_shop():
    """The book's example: Albert's Mill on the border doubles Béa's shop on the other side."""
    s, a, b = two_neighbours()
    put(s, b, "mill", square_at(0, 0))
    put(s, a, "small_shop", [(-1, 0)])
    put(s, a, "large_shop", square_at(-3, 1))  # not touching the mill
    assert production(s, a) == {own(s, a): 2 + 5}
    put(s, b, "large_shop", square_at(2, 0))
    assert production(s, b) == {own(s, b): 10}  # a Mill doubles large shops too


def test_ct23_build_only_in_own_quarter_own_colour_adjacent_to_own():
    s, a, b = two_neighbours()
    put(s, a, "small_shop", [(-1, 0)])
    put(s, b, "small_shop", [(0, 0)])
    give(s, a, wood=1, stone=1, metal=1, cloth=1)
    with pytest.raises(IllegalMove) as e:  # across the border: B's quarter
        apply(s, a, {"type": "build", "kind": "bank", "cells": [[0, 1]], "pay": [{"wood": 1, "stone": 1, "metal": 1,
                                                                                   "cloth": 1}]})
    assert e.value.key == "cite.error.outside_quarter"
    with pytest.raises(IllegalMove) as e:  # touching only B's building
        apply(s, a, {"type": "build", "kind": "bank", "cells": [[-3, 3]], "pay": [{"wood": 1, "stone": 1, "metal": 1,
                                                                                   "cloth": 1}]})
    assert e.value.key == "cite.error.not_adjacent"
    with pytest.raises(IllegalMove) as e:
        apply(s, a, {"type": "build", "kind": "palace", "cells": [[-2, 0]], "pay": []})
    assert e.value.key == "cite.error.unknown_building"
    done = apply(s, a, {"type": "build", "kind": "bank", "cells": [[-2, 0]],
                        "pay": [{"wood": 1, "stone": 1, "metal": 1, "cloth": 1}]}).state
    assert done.cells[(-2, 0)] and res_of(done, a) == {}


def test_g5_paved_street_links_the_buildings_touching_it():
    s, a, b = two_neighbours()
    put(s, a, "paved_street", [(-3, 0), (-2, 0), (-1, 0)])
    put(s, a, "small_shop", [(-3, 1)])
    assert production(s, a) == {own(s, a): 1}
    put(s, b, "inn", square_at(0, 0))  # touches the street's end across the border
    assert production(s, a) == {own(s, a): 2}  # the shop and the Inn both touch the street


def test_g6_a_shop_is_doubled_once_however_many_mills_and_inns():
    s, a, b = two_neighbours()
    put(s, a, "small_shop", [(-1, 1)])
    put(s, a, "mill", square_at(-3, 1))
    put(s, b, "mill", square_at(0, 1))
    put(s, a, "inn", square_at(-2, 2)[:0] or [(-2, 2), (-1, 2), (-2, 3), (-1, 3)])
    assert production(s, a) == {own(s, a): 2}


def test_g6_inn_doubles_small_shops_not_large_ones():
    s, a, _b = two_neighbours()
    put(s, a, "inn", square_at(-2, 0))
    put(s, a, "small_shop", [(-3, 0)])
    put(s, a, "large_shop", square_at(-2, 2))
    assert production(s, a) == {own(s, a): 2 + 5}


def test_g6_manufacture_discount_once_whoever_owns_it_and_at_least_one():
    s, a, b = two_neighbours()
    put(s, b, "manufacture", [(x, y) for x in range(3) for y in range(3)])
    assert build_cost(s, "mill", square_at(-2, 0)) == 2           # 4 - 2, B's Manufacture across the border
    assert build_cost(s, "bank", [(-1, 0)]) == 1                    # at least 1
    assert build_cost(s, "mill", square_at(-4, 0)) == 4             # not adjacent
    put(s, a, "manufacture", [(x, y) for x in range(-5, -2) for y in range(3, 6)])
    assert build_cost(s, "mill", [(-2, 3), (-1, 3), (-2, 4), (-1, 4)]) == 2  # two Manufactures: still 2 less


def test_g6_manufacture_discount_through_a_paved_street():
    s, a, b = two_neighbours()
    put(s, b, "manufacture", [(x, y) for x in range(3) for y in range(3)])
    put(s, a, "paved_street", [(-1, 0), (-1, 1), (-1, 2)])
    assert build_cost(s, "mill", square_at(-3, 0)) == 2


def test_g7_guild_squares_from_the_next_round_lost_if_unused():
    s, a, b = two_neighbours()
    put(s, a, "guild", square_at(-2, 0))
    assert guild_squares(s, a) == 1
    put(s, b, "inn", square_at(0, 0))  # an Inn across the border: +1
    assert guild_squares(s, a) == 2
    all_done_but(s, a)
    s = apply(s, a, {"type": "done"}).state
    assert s.seats[a]["squares"] == 2 and s.seats[a]["ledger"]["granted"] == 2
    m = next(x for x in ENGINE.legal_moves(s, a) if x["type"] == "build" and x["kind"] == "glassmaker")
    assert m["pay"] == []  # the Guild's squares pay for it
    all_done_but(s, a)
    s = apply(s, a, {"type": "done"}).state
    assert s.seats[a]["ledger"]["lost"] == 2 and s.seats[a]["squares"] == 2  # lost, then granted afresh


def test_g7_squares_bought_and_not_built_are_lost():
    s, a, _b = two_neighbours()
    put(s, a, "small_shop", [(-1, 0)])
    give(s, a, wood=1, stone=1, metal=1, cloth=1)
    s = apply(s, a, {"type": "buy", "squares": 1}).state
    all_done_but(s, a)
    s = apply(s, a, {"type": "done"}).state
    assert s.seats[a]["squares"] == 0 and s.seats[a]["ledger"]["lost"] == 1


def test_g8_bank_deposit_pays_a_copy_at_production_and_is_not_spendable():
    s, a, _b = two_neighbours()
    put(s, a, "bank", [(-1, 0)])
    give(s, a, gold=2, glass=1, wood=4)
    with pytest.raises(IllegalMove) as e:
        apply(s, a, {"type": "bank", "deposit": {"wood": 4}})
    assert e.value.key == "cite.error.bank_full"
    s = apply(s, a, {"type": "bank", "deposit": {"gold": 2, "glass": 1}}).state
    assert res_of(s, a) == {"wood": 4}
    s = apply(s, a, {"type": "bank", "deposit": {"gold": 1, "wood": 2}}).state  # changed at will
    assert res_of(s, a) == {"wood": 2, "gold": 1, "glass": 1}
    all_done_but(s, a)
    s = apply(s, a, {"type": "done"}).state
    assert res_of(s, a) == {"wood": 4, "gold": 2, "glass": 1} and s.seats[a]["bank"]["wood"] == 2


def test_g9_market_four_for_one_any_number_of_times():
    s, a, _b = two_neighbours()
    put(s, a, "market", square_at(-2, 0))
    give(s, a, wood=6, stone=2)
    s = apply(s, a, {"type": "market", "give": {"wood": 3, "stone": 1}, "get": "jewel"}).state
    s = apply(s, a, {"type": "market", "give": {"wood": 3, "stone": 1}, "get": "jewel"}).state
    assert res_of(s, a) == {"jewel": 2}
    with pytest.raises(IllegalMove) as e:
        apply(s, a, {"type": "market", "give": {"jewel": 2}, "get": "wood"})
    assert e.value.key == "cite.error.market_four"


def test_g9_flea_market_once_per_round_for_one_gold():
    s, a, _b = two_neighbours()
    put(s, a, "flea_market", [(-1, 0)])
    give(s, a, wood=3)
    s = apply(s, a, {"type": "flea", "give": "wood"}).state
    assert res_of(s, a) == {"wood": 2, "gold": 1}
    with pytest.raises(IllegalMove) as e:
        apply(s, a, {"type": "flea", "give": "wood"})
    assert e.value.key == "cite.error.flea_used"


def test_transformers_and_the_inns_bonus_per_inn():
    """The book: a Sculptor touching 2 Inns turns 1 Cloth + 1 Stone into 3 Sculptures."""
    s, a, b = two_neighbours()
    sculptor = put(s, a, "sculptor", [(-1, 1), (-1, 2)])
    give(s, a, cloth=3, stone=2)
    s2 = apply(s, a, {"type": "convert", "building": sculptor, "times": 2}).state
    assert res_of(s2, a) == {"cloth": 1, "sculpture": 2}
    put(s, a, "inn", square_at(-3, 1))
    put(s, b, "inn", square_at(0, 1))
    assert transform_yield(s, sculptor) == 3
    s3 = apply(s, a, {"type": "convert", "building": sculptor, "times": 1}).state
    assert res_of(s3, a) == {"cloth": 2, "stone": 1, "sculpture": 3}
    with pytest.raises(IllegalMove) as e:
        apply(s, a, {"type": "convert", "building": sculptor, "times": 3})
    assert e.value.key == "cite.error.cannot_pay"


def test_built_buildings_work_the_round_they_are_built():
    """Market, Flea market and transformers work the round they are built (the book); shops wait."""
    s, a, _b = two_neighbours()
    put(s, a, "small_shop", [(-1, 0)])
    give(s, a, wood=2, stone=1, metal=1, cloth=1)
    s = apply(s, a, {"type": "build", "kind": "flea_market", "cells": [[-2, 0]],
                     "pay": [{"wood": 1, "stone": 1, "metal": 1, "cloth": 1}]}).state
    with pytest.raises(IllegalMove):
        apply(s, a, {"type": "flea", "give": "gold"})
    s = apply(s, a, {"type": "flea", "give": "wood"}).state
    assert res_of(s, a) == {"gold": 1}
