"""CT30 (the cost table, a test per row and the book's three examples), CT24 and the payment helper."""

from __future__ import annotations

import pytest

from games.cite.engine.components import RESOURCES
from games.cite.engine.costs import COST_TABLE, cheapest_payment, collection_squares, cost_row, max_squares

from .helpers import apply, give, put, res_of, window

KINDS = list(RESOURCES)


@pytest.mark.parametrize("distinct, paid, squares", [
    (1, 10, 1), (2, 8, 1), (3, 6, 1), (4, 4, 1), (5, 5, 2), (6, 6, 3), (7, 7, 4), (8, 8, 5), (9, 9, 6),
    (10, 10, 7), (11, 11, 8)])
def test_ct30_cost_table_row(distinct, paid, squares):
    """CT30: each row of the book's table, as the function and as a collection."""
    assert cost_row(distinct) == (paid, squares)
    each = paid // distinct
    assert collection_squares({k: each for k in KINDS[:distinct]}) == squares


def test_ct30_table_has_the_books_eleven_rows():
    assert [row[0] for row in COST_TABLE] == list(range(1, 12))
    with pytest.raises(ValueError):
        cost_row(12)


@pytest.mark.parametrize("collection", [
    {"wood": 9}, {"wood": 4, "stone": 3}, {"wood": 2, "stone": 2, "metal": 1}, {"wood": 1, "stone": 1, "metal": 1},
    {"wood": 2, "stone": 1, "metal": 1, "cloth": 1}, {"wood": 10, "stone": 10}, {}, {"diamond": 10}, {"wood": -10}])
def test_ct30_anything_else_is_not_a_collection(collection):
    with pytest.raises(ValueError):
        collection_squares(collection)


def test_ct30_book_example_stone_and_metal_cost_four_and_four_per_square():
    """John holds only Stone and Metal: each square costs 4 Stone + 4 Metal."""
    plan = cheapest_payment({"stone": 20, "metal": 20}, 1)
    assert plan["collections"] == [{"stone": 4, "metal": 4}] and plan["lacks"] == {}
    assert cheapest_payment({"stone": 20, "metal": 20}, 2)["cost"] == 16


def test_ct30_book_example_eight_distinct_buy_five_squares():
    """8 different resources buy 5 squares: a Bank and a Mill, for 8 resources."""
    holdings = {k: 1 for k in KINDS[:8]}
    plan = cheapest_payment(holdings, 5)
    assert plan == {"squares": 5, "collections": [holdings], "cost": 8, "lacks": {}}


def test_ct30_book_example_manufacture_is_eleven_distinct_and_ten_alike():
    holdings = {k: 1 for k in KINDS}
    holdings["wood"] += 10
    plan = cheapest_payment(holdings, 9)
    assert sorted(map(len, plan["collections"])) == [1, 11]
    assert {"wood": 10} in plan["collections"] and plan["cost"] == 21 and plan["lacks"] == {}


def test_payment_helper_prefers_the_widest_collection():
    plan = cheapest_payment({"wood": 5, "stone": 5, "metal": 5, "cloth": 5, "gold": 5}, 2)
    assert plan["cost"] == 5 and plan["collections"] == [{"wood": 1, "stone": 1, "metal": 1, "cloth": 1, "gold": 1}]


def test_payment_helper_says_what_is_lacking():
    plan = cheapest_payment({"wood": 3, "stone": 1}, 1)
    assert plan["lacks"] and sum(plan["lacks"].values()) == 2  # 4 distinct: metal and cloth (say) are missing
    assert len(plan["collections"][0]) == 4
    assert cheapest_payment({"wood": 3, "stone": 1}, 1, allow_lack=False) is None


def test_payment_helper_zero_squares_costs_nothing():
    assert cheapest_payment({}, 0) == {"squares": 0, "collections": [], "cost": 0, "lacks": {}}


def test_max_squares_counts_what_a_heap_can_buy():
    assert max_squares({k: 1 for k in KINDS}) == 8
    assert max_squares({"wood": 25}) == 2
    assert max_squares({"wood": 3, "stone": 3}) == 0


def test_ct24_one_collection_funds_several_buildings_of_the_round():
    """CT24: 8 distinct buy 5 squares: a Bank (1) then a Mill (4) from the same payment."""
    s = window()
    seat = 0
    q = s.seats[seat]["quarter"]
    from games.cite.engine.board import marked_square
    put(s, seat, "small_shop", [marked_square(q)])
    give(s, seat, **{k: 1 for k in KINDS[:8]})
    s = apply(s, seat, {"type": "buy", "squares": 5}).state
    assert s.seats[seat]["squares"] == 5 and res_of(s, seat) == {}
    from games.cite.engine.engine import ENGINE
    builds = [m for m in ENGINE.legal_moves(s, seat) if m["type"] == "build"]
    bank = next(m for m in builds if m["kind"] == "bank")
    assert bank["pay"] == []
    s = apply(s, seat, {"type": "build", "kind": "bank", "cells": bank["ranges"]["cells"]["of"][0], "pay": []}).state
    mill = next(m for m in ENGINE.legal_moves(s, seat) if m["type"] == "build" and m["kind"] == "mill")
    s = apply(s, seat, {"type": "build", "kind": "mill", "cells": mill["ranges"]["cells"]["of"][0], "pay": []}).state
    assert s.seats[seat]["squares"] == 0 and s.seats[seat]["ledger"]["built"] == 5
