"""The bots: random (never offers), greedy (answers by its valuation, builds greedily), expert (offers
toward its plan); each decides from the view and the legal moves only; none loops on offers."""

from __future__ import annotations

import random

import pytest

from games.cite.bots import LEVELS
from games.cite.bots.common import state_from_view
from games.cite.bots.expert import OFFERS_PER_ROUND, evaluate, honourable_promise, playout, playout_policy, sample_state
from games.cite.engine.engine import ENGINE
from games.cite.engine.params import conforms
from games.cite.measure import play_game

from .helpers import give, put, seat_in, window


@pytest.mark.parametrize("levels", [["random", "random", "random"], ["greedy", "greedy", "expert", "greedy"],
                                    ["expert", "random", "greedy"]])
def test_bots_play_whole_games_with_legal_moves(levels):
    r = play_game(ENGINE, LEVELS, {}, levels, 7, 0)  # raises on a move outside the legal ones or a loop
    assert len(r["scores"]) == len(levels) and r["moves"] < 2000


def test_no_bot_loops_on_offers():
    """Across games, each seat makes few offers per round: random and greedy none, expert at most its cap."""
    for g in range(4):
        levels = ["expert", "greedy", "random", "expert"][: 3 + g % 2]
        s = ENGINE.new_game({}, len(levels), 40 + g).state
        made: dict = {}
        rnd = random.Random(g)
        steps = 0
        while not ENGINE.is_over(s):
            seat = rnd.choice(sorted(ENGINE.pending(s) | ENGINE.may_act(s)))
            legal = ENGINE.legal_moves(s, seat)
            move = LEVELS[levels[seat]](ENGINE, ENGINE.view(s, seat), legal, seat, random.Random(steps))
            assert any(conforms(m, move) for m in legal)
            if move["type"] in ("offer", "counter"):
                made[(seat, s.round)] = made.get((seat, s.round), 0) + 1
            s = ENGINE.apply(s, seat, move).state
            steps += 1
            assert steps < 3000
        for (seat, _round), n in made.items():
            assert levels[seat] == "expert" and n <= OFFERS_PER_ROUND


def test_random_never_offers():
    s = window()
    give(s, 0, wood=5)
    legal = ENGINE.legal_moves(s, 0)
    for i in range(50):
        move = LEVELS["random"](ENGINE, ENGINE.view(s, 0), legal, 0, random.Random(i))
        assert move["type"] not in ("offer", "counter")


def _offered(s, frm, to, give_, get):
    return ENGINE.apply(s, frm, {"type": "offer", "to": [to], "give": give_, "get": get, "later_give": {},
                                 "later_get": {}}).state


def test_greedy_accepts_a_trade_it_values_and_declines_a_bad_one():
    s = window()
    give(s, 0, wood=8)
    give(s, 1, stone=8, wood=1, metal=1)
    good = _offered(s, 0, 2, {"wood": 1}, {})
    move = LEVELS["greedy"](ENGINE, ENGINE.view(good, 2), ENGINE.legal_moves(good, 2), 2, random.Random(0))
    assert move["type"] == "accept"  # a gift
    swap = _offered(s, 1, 0, {"stone": 2}, {"wood": 2})  # seat 0 holds only wood: stone is a new kind
    move = LEVELS["greedy"](ENGINE, ENGINE.view(swap, 0), ENGINE.legal_moves(swap, 0), 0, random.Random(0))
    assert move["type"] == "accept"
    bad = _offered(s, 1, 0, {"stone": 1}, {"wood": 8})
    move = LEVELS["greedy"](ENGINE, ENGINE.view(bad, 0), ENGINE.legal_moves(bad, 0), 0, random.Random(0))
    assert move["type"] == "decline"


def test_greedy_never_offers_and_builds_when_it_can():
    s = window()
    a = seat_in(s, 0)
    put(s, a, "small_shop", [(-1, 0)])
    give(s, a, wood=2, stone=2, metal=2, cloth=2, gold=2)
    move = LEVELS["greedy"](ENGINE, ENGINE.view(s, a), ENGINE.legal_moves(s, a), a, random.Random(1))
    assert move["type"] == "build"


def test_expert_offers_toward_what_its_plan_lacks_priced_by_worth_to_both_sides():
    """Issue 42 (CT22: trades at any rate): the expert prices a unit by what it is worth to it and to the other
    side: its ninth Wood is worth less than a Cloth it lacks, so it gives more Wood than the Cloth it asks
    (it swapped one for one and sweetened the swap with a promise), and both sides gain by it."""
    from games.cite.bots.common import trade_gain
    s = window()
    a = seat_in(s, 0)
    put(s, a, "small_shop", [(-1, 0)])
    give(s, a, wood=9, stone=1, metal=1)
    other = (a + 1) % 4
    give(s, other, cloth=6)
    move = LEVELS["expert"](ENGINE, ENGINE.view(s, a), ENGINE.legal_moves(s, a), a, random.Random(1))
    assert move["type"] == "offer" and move["to"] == [other] and list(move["get"]) == ["cloth"]
    assert list(move["give"]) == ["wood"] and move["give"]["wood"] > move["get"]["cloth"] and move["get"]["cloth"] <= 6
    assert move["later_give"] == {}  # no promise needed: the price itself makes it worth their while
    assert trade_gain(s.seats[other]["res"], move["give"], move["get"], {}, {}) > 0
    assert trade_gain(s.seats[a]["res"], move["get"], move["give"], {}, {}) > 0


def pays_ten(collections) -> bool:
    return any([n for n in c.values() if n] == [10] for c in collections or [])


def _heap_of_wood():
    """Round 2: the expert (seat 0) holds 14 Wood and 1 Gold (it could pay ten Wood for a square); the two
    others hold the Stone, Metal and Cloth it lacks."""
    from games.cite.engine.components import MARKED
    s = window(players=3)
    put(s, 0, "small_shop", [MARKED[s.seats[0]["quarter"]]])
    give(s, 0, wood=14, gold=1)
    give(s, 1, stone=3, metal=2)
    give(s, 2, cloth=3, metal=1)
    return s


def test_expert_prefers_a_fair_trade_to_the_banks_ten_for_one_and_leaves_its_offers_open():
    """Issue 42: with ten Wood it could buy a square at the cost table's dearest rate (10 of one kind, CT30);
    it offers its Wood to each seat holding what it lacks (one open offer per seat, both open at once) and,
    while they wait for an answer, pays no ten-of-a-kind collection out of the Wood they would give (14 held,
    8 offered); it says done with them open (they lapse at the round's end, or are answered first)."""
    s = _heap_of_wood()
    assert any(m["type"] == "build" and pays_ten(m["pay"]) for m in ENGINE.legal_moves(s, 0))
    s, chosen = _expert_turn(s, moves=6)
    offers = [m for m in chosen if m["type"] == "offer"]
    assert sorted(r for m in offers for r in m["to"]) == [1, 2]
    assert not any(m["type"] == "build" and pays_ten(m["pay"]) for m in chosen) and chosen[-1] == {"type": "done"}
    assert not any(m["type"] in ("cancel", "buy") for m in chosen)
    assert sorted(o["to"][0] for o in s.offers) == [1, 2]  # still open, for the others to answer


def test_expert_pays_ten_of_a_kind_only_from_what_its_waiting_offers_do_not_give():
    """Issue 42 (CT30's 10-of-one-kind collection; CT22): the hold on the bank's 10-for-1 keeps only what its open
    offers would give: with 24 Wood and two offers giving 4 Wood each, it still pays ten Wood for a square from the
    rest and keeps the Wood its offers give (a seat nobody trades with no longer hoards one kind all game)."""
    from games.cite.bots.expert import promised
    s = _heap_of_wood()
    give(s, 0, wood=10)
    s, chosen = _expert_turn(s, moves=8)
    offers = [m for m in chosen if m["type"] == "offer"]
    assert sorted(r for m in offers for r in m["to"]) == [1, 2] and chosen[-1] == {"type": "done"}
    tens = [m for m in chosen if m["type"] == "build" and pays_ten(m["pay"])]
    assert len(tens) == 1 and chosen.index(tens[0]) > chosen.index(offers[-1])  # paid while both offers wait
    assert promised(s, 0)["wood"] == sum(m["give"]["wood"] for m in offers) <= s.seats[0]["res"]["wood"]
    assert sorted(o["to"][0] for o in s.offers) == [1, 2]


def test_expert_search_parts_are_separate_functions():
    s = ENGINE.new_game({}, 3, 12).state
    view = ENGINE.view(s, 0)
    assert sample_state(view).to_json() == s.to_json() == state_from_view(view).to_json()
    end = playout(ENGINE, s, random.Random(0))
    assert ENGINE.is_over(end)
    assert evaluate(end, 0) == ENGINE.result(end).scores[0]
    assert playout_policy(ENGINE, s, 1, random.Random(0))["type"] == "place"


def test_expert_promises_only_what_its_next_production_pays():
    """The expert honours contracts: its sweetener is one unit of what it will produce, after what it owes."""
    s = window()
    a = seat_in(s, 0)
    put(s, a, "small_shop", [(-1, 0)])
    own = produced(s, a)
    assert honourable_promise(s, a) == {own: 1}
    s.contracts.append({"id": "c9", "offer": "o9", "a": a, "b": (a + 1) % 4, "rounds": [3, 4], "a_pays": {own: 1},
                        "b_pays": {}, "payments": {}, "breached": False})
    assert honourable_promise(s, a) == {}  # its one unit is already promised


def test_expert_contracts_are_never_breached_in_bot_games():
    games = [play_game(ENGINE, LEVELS, {}, ["expert", "greedy", "greedy"], 21, i) for i in (1, 5, 6)]
    assert sum(g["contracts"] for g in games) >= 1 and sum(g["breaches"] for g in games) == 0


def produced(s, seat):
    from games.cite.engine.powers import production
    (kind,) = production(s, seat)
    return kind


def test_arena_summary_counts_trades_per_game():
    from games.cite.measure import run_arena
    summary = run_arena(["expert", "greedy", "greedy"], 3, 4)
    assert summary["games"] == 3 and set(summary["levels"]) == {"expert", "greedy"}
    assert summary["levels"]["expert"]["games"] == 3 and summary["levels"]["greedy"]["games"] == 6
    assert summary["trades_per_game"] >= 0 and summary["offers_per_game"] > 0


def test_measure_counts_the_trades_a_person_like_seat_makes_with_bots():
    """``measure.py arena --seats person,expert,expert``: a scripted person-like seat (asks for what it lacks,
    answers by whether a trade helps it) trades with the expert bots; the summary counts those trades."""
    from games.cite.measure import run_arena
    summary = run_arena(["person", "expert", "expert"], 2, 11)
    assert summary["levels"]["person"]["games"] == 2
    assert summary["person_trades_per_game"] >= 2 and summary["trades_per_game"] >= summary["person_trades_per_game"]
    assert "bank_ten_per_game" in summary


def test_expert_parts_plug_into_the_kit_search():
    from games.cite.bots.expert import playout_value, sample_world
    from kit.search import search
    s = window()
    a = seat_in(s, 0)
    put(s, a, "small_shop", [(-1, 0)])
    give(s, a, wood=4, stone=4, metal=4, cloth=4)
    view = ENGINE.view(s, a)
    builds = [m for m in ENGINE.legal_moves(s, a) if m["type"] == "build" and m["kind"] in ("mill", "bank")]
    candidates = [(0.0, {"type": "build", "kind": m["kind"], "cells": m["ranges"]["cells"]["of"][0],
                         "cost": m["cost"], "pay": m["pay"]}) for m in builds]
    assert len(candidates) == 2
    value = playout_value(sample_world(view, random.Random(0)), a, candidates[0][1], random.Random(0), horizon=1)
    assert value > 0
    chosen = search(view=view, seat=a, rng=random.Random(1), candidates=candidates, sample_world=sample_world,
                    playout=lambda w, seat, m, rng: playout_value(w, seat, m, rng, horizon=1), worlds=lambda n: 1)
    assert chosen in [m for _v, m in candidates]


def _expert_turn(s, *, moves: int):
    """Seat 0's expert moves (seeded 0, 1, …) until it says done or ``moves`` are made: the state and its moves."""
    chosen = []
    for i in range(moves):
        m = LEVELS["expert"](ENGINE, ENGINE.view(s, 0), ENGINE.legal_moves(s, 0), 0, random.Random(i))
        chosen.append(m)
        s = ENGINE.apply(s, 0, m).state
        if m["type"] == "done":
            break
    return s, chosen
