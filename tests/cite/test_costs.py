"""CT30 (the cost table, a test per row and the book's three examples), CT24 and the payment helper."""

from __future__ import annotations

import random
import time

import pytest

from games.cite.engine.board import marked_square
from games.cite.engine.components import RESOURCES
from games.cite.engine.costs import COST_TABLE, cheapest_payment, collection_squares, cost_row, max_squares
from kit.base import IllegalMove

from . import reference_payment_search
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


# ------------------------------------------------------------------ issue 39.2: a polynomial payment search
# The holdings that cost the old depth-first search the most (up to ~1 s each, 9-10 s in the engine for richer
# ones), found by a fixed-seed sweep, and the shapes that stress the new one most.
WORST_HOLDINGS = [
    ({"wood": 3, "stone": 3, "metal": 2, "cloth": 2, "gold": 4, "glass": 5, "furniture": 3, "sculpture": 15,
      "jewel": 30, "lock": 30, "weapon": 3}, 34),
    ({"wood": 20, "stone": 10, "metal": 3, "cloth": 2, "gold": 20, "glass": 1, "furniture": 5, "sculpture": 30,
      "jewel": 0, "lock": 8, "weapon": 1}, 40),
    ({"wood": 15, "stone": 20, "metal": 3, "cloth": 4, "gold": 1, "glass": 15, "furniture": 3, "sculpture": 4,
      "jewel": 4, "lock": 15, "weapon": 2}, 37),
    ({k: (i * 7) % 13 + 1 for i, k in enumerate(KINDS)}, 40),
    ({k: 3 for k in KINDS}, 40),
    ({k: 30 for k in KINDS}, 40),
    ({"wood": 200, "stone": 200}, 40),
    ({"wood": 1000, "stone": 1000, "metal": 1000}, 40),
    ({k: 1000 for k in KINDS}, 40),
    ({}, 40),
]


@pytest.mark.parametrize("holdings, squares", WORST_HOLDINGS)
def test_ct30_payment_search_is_fast_on_the_worst_holdings(holdings, squares):
    """Issue 39.2 (CT30): each of the worst holdings is priced (paid or refused, with or without lacks) well
    under the bound (target 50 ms; measured at most ~4 ms); the old search took up to ~1 s on these."""
    for allow_lack in (False, True):
        started = time.process_time()
        cheapest_payment(holdings, squares, allow_lack=allow_lack)
        assert time.process_time() - started < 0.5


@pytest.mark.parametrize("holdings, squares", WORST_HOLDINGS)
def test_ct30_a_refused_buy_costs_no_search(holdings, squares):
    """Issue 39.2 (CT30): a buy of the worst holdings, refused or not, is answered by the engine well under
    the bound (it ran the whole search before; a refusal now never searches)."""
    s = window()
    seat = 0
    put(s, seat, "small_shop", [marked_square(s.seats[seat]["quarter"])])
    give(s, seat, **holdings)
    started = time.process_time()
    try:
        apply(s, seat, {"type": "buy", "squares": squares})
    except IllegalMove as exc:
        assert exc.key == "cite.error.cannot_buy"
    assert time.process_time() - started < 0.5


def test_ct30_payment_search_equals_the_old_search_on_random_holdings():
    """Issue 39.2 (CT30): the polynomial search finds as few missing units and resources as the old
    exhaustive one (kept in ``reference_payment_search``) on 600 random holdings (fixed seed), with and
    without lacks, and every plan buys what it says."""
    rng = random.Random(39)
    for _ in range(300):
        holdings = {k: rng.choice([0, 1, 1, 2, 2, 3, 4, 5, 6, 8, 10, 12, 20])
                    for k in rng.sample(KINDS, rng.randint(1, 11))}
        squares = rng.randint(1, 9)
        for allow_lack in (False, True):
            old = reference_payment_search.cheapest_payment(holdings, squares, allow_lack=allow_lack)
            new = cheapest_payment(holdings, squares, allow_lack=allow_lack)
            assert (old is None) == (new is None), (holdings, squares, allow_lack)
            if new is None:
                continue
            assert (sum(new["lacks"].values()), new["cost"]) == (sum(old["lacks"].values()), old["cost"])
            assert sum(collection_squares(c) for c in new["collections"]) == new["squares"] >= squares
            used: dict = {}
            for c in new["collections"]:
                for k, n in c.items():
                    used[k] = used.get(k, 0) + n
            assert new["cost"] == sum(used.values())
            assert new["lacks"] == {k: n - holdings.get(k, 0) for k, n in used.items() if n > holdings.get(k, 0)}


def test_ct30_max_squares_is_the_most_a_payment_buys():
    """``max_squares`` (the buy move's range and the refusal before any search) is exactly the most the
    payment search can pay, on 400 random holdings (fixed seed)."""
    rng = random.Random(392)
    for _ in range(400):
        holdings = {k: rng.choice([0, 0, 1, 1, 2, 3, 4, 5, 8, 10, 12, 20, 30])
                    for k in rng.sample(KINDS, rng.randint(1, 11))}
        most = max_squares(holdings)
        if most >= 40:
            continue
        assert most == 0 or cheapest_payment(holdings, most, allow_lack=False) is not None, holdings
        assert cheapest_payment(holdings, most + 1, allow_lack=False) is None, holdings
