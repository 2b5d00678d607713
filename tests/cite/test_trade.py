"""Trading by post (CT22, G12): offers, answers, atomic trades, contracts and breaches, limits, who
may act, time-outs, concurrent moves re-applied on a newer state."""

from __future__ import annotations

import pytest

from games.cite.engine.engine import ENGINE
from games.cite.engine.invariants import CHEAP
from games.cite.engine.limits import MAX_OFFERS_PER_ROUND, MAX_OPEN_OFFERS
from kit.base import IllegalMove

from .helpers import all_done_but, apply, give, put, res_of, window


def market():
    s = window()
    give(s, 0, wood=6)
    give(s, 1, stone=6)
    give(s, 2, metal=6)
    give(s, 3, cloth=6)
    return s


def offer(s, seat, to, give_=None, get=None, **later):
    r = apply(s, seat, {"type": "offer", "to": to, "give": give_ or {}, "get": get or {}, **later})
    return r.state, r.state.offers[-1]["id"], r


def test_ct22_offer_to_one_player_is_public_and_notified():
    s, oid, r = offer(market(), 0, [1], {"wood": 2}, {"stone": 1})
    assert [(n.seat, n.key) for n in r.notices] == [(1, "cite.offer_made")]
    assert r.log[-1].key == "cite.offer" and r.log[-1].params["give"] == {"wood": 2}
    for seat in range(4):  # offers are public like table talk
        assert ENGINE.view(s, seat)["offers"][0]["id"] == oid
    assert res_of(s, 0) == {"wood": 6}  # nothing moves before it is accepted


def test_ct22_trade_at_any_rate_moves_both_sides_at_once():
    s, oid, _ = offer(market(), 0, [1], {"wood": 4}, {"stone": 2})
    r = apply(s, 1, {"type": "accept", "offer": oid})
    assert res_of(r.state, 0) == {"wood": 2, "stone": 2} and res_of(r.state, 1) == {"stone": 4, "wood": 4}
    assert r.state.offers == []
    assert [(n.seat, n.key) for n in r.notices] == [(0, "cite.offer_accepted")]


def test_ct22_offer_to_all_first_acceptance_wins():
    s, oid, r = offer(market(), 0, [1, 2, 3], {"wood": 1}, {})
    assert sorted(n.seat for n in r.notices) == [1, 2, 3]
    r2 = apply(s, 2, {"type": "accept", "offer": oid})
    assert {(n.seat, n.key) for n in r2.notices} == {(0, "cite.offer_accepted"), (1, "cite.offer_taken"),
                                                      (3, "cite.offer_taken")}
    with pytest.raises(IllegalMove) as e:  # seat 3 answers a moment later, on the newer state
        apply(r2.state, 3, {"type": "accept", "offer": oid})
    assert e.value.key == "cite.error.offer_gone"


def test_trade_withdrawn_offer_gives_a_clear_reason():
    s, oid, _ = offer(market(), 0, [1], {"wood": 1}, {"stone": 1})
    r = apply(s, 0, {"type": "cancel", "offer": oid})
    assert [(n.seat, n.key) for n in r.notices] == [(1, "cite.offer_cancelled")]
    with pytest.raises(IllegalMove) as e:
        apply(r.state, 1, {"type": "accept", "offer": oid})
    assert e.value.key == "cite.error.offer_gone" and "withdrawn" in e.value.message


def test_trade_is_atomic_when_the_author_can_no_longer_pay():
    s, oid, _ = offer(market(), 0, [1], {"wood": 5}, {"stone": 1})
    s2, other, _ = offer(s, 0, [2], {"wood": 5}, {"metal": 1})
    s3 = apply(s2, 2, {"type": "accept", "offer": other}).state  # the wood went to seat 2
    before = s3.to_json()
    with pytest.raises(IllegalMove) as e:
        apply(s3, 1, {"type": "accept", "offer": oid})
    assert e.value.key == "cite.error.offerer_cannot_pay" and e.value.params["lacks"] == {"wood": 4}
    assert s3.to_json() == before  # nothing changed
    assert not any(m["type"] == "accept" for m in ENGINE.legal_moves(s3, 1))


def test_trade_is_atomic_when_the_accepter_cannot_pay():
    s, oid, _ = offer(market(), 0, [1], {"wood": 1}, {"stone": 7})
    with pytest.raises(IllegalMove) as e:
        apply(s, 1, {"type": "accept", "offer": oid})
    assert e.value.key == "cite.error.cannot_pay" and res_of(s, 1) == {"stone": 6}


def test_trade_offer_must_be_payable_and_well_formed():
    s = market()
    for bad, key in [({"to": [1], "give": {"wood": 7}}, "cannot_pay"), ({"to": [0], "give": {"wood": 1}},
                     "bad_recipients"), ({"to": [], "give": {"wood": 1}}, "bad_recipients"),
                     ({"to": [1, 1], "give": {"wood": 1}}, "bad_recipients"), ({"to": [1]}, "empty_offer"),
                     ({"to": [1], "give": {"gems": 1}}, "unknown_resource"),
                     ({"to": [1], "give": {"wood": -1}}, "bad_count"), ({"to": [1], "gift": 1}, "unknown_field")]:
        with pytest.raises(IllegalMove) as e:
            apply(s, 0, {"type": "offer", **bad})
        assert e.value.key == f"cite.error.{key}", bad


def test_trade_decline_and_counter():
    s, oid, _ = offer(market(), 0, [1, 2], {"wood": 2}, {"stone": 2})
    r = apply(s, 1, {"type": "decline", "offer": oid})
    assert r.state.offers[0]["to"] == [2] and [(n.seat, n.key) for n in r.notices] == [(0, "cite.offer_declined")]
    r = apply(r.state, 2, {"type": "counter", "offer": oid, "give": {"metal": 1}, "get": {"wood": 2}})
    (counter,) = r.state.offers
    assert counter["from"] == 2 and counter["to"] == [0] and counter["counter_of"] == oid
    assert {(n.seat, n.key) for n in r.notices} == {(0, "cite.offer_declined"), (0, "cite.offer_made")}
    r = apply(r.state, 0, {"type": "accept", "offer": counter["id"]})
    assert res_of(r.state, 0) == {"wood": 4, "metal": 1}


def test_trade_only_recipients_answer_and_only_the_author_cancels():
    s, oid, _ = offer(market(), 0, [1], {"wood": 1}, {})
    for seat, kind, key in [(2, "accept", "not_for_you"), (2, "decline", "not_for_you"), (1, "cancel", "not_yours")]:
        with pytest.raises(IllegalMove) as e:
            apply(s, seat, {"type": kind, "offer": oid})
        assert e.value.key == f"cite.error.{key}"


def test_trade_limits_open_offers_and_offers_per_round():
    s = market()
    for _ in range(MAX_OPEN_OFFERS):
        s, _oid, _ = offer(s, 0, [1], {"wood": 1}, {})
    assert not any(m["type"] == "offer" for m in ENGINE.legal_moves(s, 0))
    with pytest.raises(IllegalMove) as e:
        offer(s, 0, [1], {"wood": 1}, {})
    assert e.value.key == "cite.error.too_many_open" and "cancel one" in e.value.message
    made = MAX_OPEN_OFFERS
    while made < MAX_OFFERS_PER_ROUND:
        s = apply(s, 0, {"type": "cancel", "offer": s.offers[0]["id"]}).state
        s, _oid, _ = offer(s, 0, [1], {"wood": 1}, {})
        made += 1
    s = apply(s, 0, {"type": "cancel", "offer": s.offers[0]["id"]}).state
    with pytest.raises(IllegalMove) as e:
        offer(s, 0, [1], {"wood": 1}, {})
    assert e.value.key == "cite.error.too_many_offers"


def test_g12_contract_is_executed_at_the_next_production():
    s = market()
    s, oid, _ = offer(s, 0, [1], {"wood": 1}, {"stone": 1}, later_give={"wood": 3}, later_get={"stone": 2})
    r = apply(s, 1, {"type": "accept", "offer": oid})
    (c,) = r.state.contracts
    assert (c["a"], c["b"], c["rounds"], c["a_pays"], c["b_pays"]) == (0, 1, [3], {"wood": 3}, {"stone": 2})
    s = r.state
    all_done_but(s, 0)
    r = apply(s, 0, {"type": "done"})
    assert res_of(r.state, 0) == {"wood": 2, "stone": 3} and res_of(r.state, 1) == {"stone": 3, "wood": 4}
    assert r.state.contracts[0]["breached"] is False
    assert {(n.seat, n.key) for n in r.notices} == {(0, "cite.contract_paid"), (1, "cite.contract_paid")}


def test_g12_shortfall_pays_what_it_can_and_the_breach_is_public():
    s = market()
    s, oid, _ = offer(s, 0, [1], {"wood": 1}, {}, later_get={"stone": 9})
    s = apply(s, 1, {"type": "accept", "offer": oid}).state
    all_done_but(s, 0)
    r = apply(s, 0, {"type": "done"})
    c = r.state.contracts[0]
    assert c["breached"] and c["payments"]["3"]["b_pays"] == {"paid": {"stone": 6}, "short": {"stone": 3}}
    assert res_of(r.state, 1) == {"wood": 1} and res_of(r.state, 0)["stone"] == 6
    line = next(e for e in r.log if e.key == "cite.contract_breached")
    assert line.visible_to is None and line.params["short"] == {"stone": 3}  # shown to everyone
    assert (0, "cite.contract_breached") in {(n.seat, n.key) for n in r.notices}
    assert all(v["contracts"][0]["breached"] for v in (ENGINE.view(r.state, i) for i in range(4)))


def test_g12_no_contract_in_the_last_round():
    s = window(round_=7)
    give(s, 0, wood=2)
    with pytest.raises(IllegalMove) as e:
        apply(s, 0, {"type": "offer", "to": [1], "give": {"wood": 1}, "get": {}, "later_get": {"stone": 1}})
    assert e.value.key == "cite.error.no_next_round"
    assert all("later_give" not in m["ranges"] for m in ENGINE.legal_moves(s, 0) if m["type"] == "offer")


def _close(s):
    """Every seat says done: the round closes and the next opens with its Production."""
    for seat in range(s.players):
        s.seats[seat]["done"] = seat != 0
    return apply(s, 0, {"type": "done"})


def test_g12_a_contract_pays_at_each_production_it_names_and_each_breach_stays_public():
    """G12 (« vous pouvez demander le versement de 3 Ressources à chaque tour », issue 42): a contract names
    several later Productions (here every round to the end, from round 2: 3 to 7); the engine pays it at
    each, as far as the payer can; a breach in one round is shown to all for that round and stays in the
    contract's record, the later rounds still paid."""
    s = market()
    every = list(range(3, 8))
    s, oid, r = offer(s, 0, [1], {"wood": 1}, {}, later_get={"stone": 2}, later_rounds=every)
    assert r.log[-1].params["later_rounds"] == every and s.offers[0]["later_rounds"] == every
    s = apply(s, 1, {"type": "accept", "offer": oid}).state
    (c,) = s.contracts
    assert c["rounds"] == every and c["payments"] == {}
    r = _close(s)  # round 3: seat 1 holds 6 Stone, pays 2
    assert [e.key for e in r.log if e.key.startswith("cite.contract")] == ["cite.contract_paid"]
    s = r.state
    s.seats[1]["res"]["stone"] = 1  # spent elsewhere (kept conserved below)
    s.flow["paid"]["stone"] += 3
    r = _close(s)  # round 4: 1 of 2 paid, a breach
    breach = next(e for e in r.log if e.key == "cite.contract_breached")
    assert breach.visible_to is None and breach.params["round"] == 4 and breach.params["short"] == {"stone": 1}
    s = r.state
    give(s, 1, stone=2)
    r = _close(s)  # round 5: paid again
    assert [e.key for e in r.log if e.key.startswith("cite.contract")] == ["cite.contract_paid"]
    c = r.state.contracts[0]
    assert sorted(c["payments"]) == ["3", "4", "5"] and c["breached"]
    assert c["payments"]["4"]["b_pays"] == {"paid": {"stone": 1}, "short": {"stone": 1}}
    assert c["payments"]["5"]["b_pays"]["short"] == {}
    for seat in (None, 0, 1, 2, 3):
        assert ENGINE.view(r.state, seat)["contracts"][0]["payments"]["4"]["b_pays"]["short"] == {"stone": 1}
    assert [check(r.state) for check in CHEAP] == [None] * len(CHEAP)


def test_g12_a_contract_names_future_rounds_only_and_skips_the_others():
    """G12: named rounds only (here 3 and 5: nothing at 4); a round past, the present one, one after the last,
    or the same twice is refused with a reason; without a schedule a contract is next round's; rounds
    named with nothing to pay make no contract."""
    s = market()
    for bad in ([2], [8], [3, 3], ["3"], 3):
        with pytest.raises(IllegalMove) as e:
            offer(s, 0, [1], {"wood": 1}, {}, later_get={"stone": 1}, later_rounds=bad)
        assert e.value.key == "cite.error.bad_rounds"
    plain, _oid, _ = offer(s, 0, [1], {"wood": 1}, {}, later_rounds=[3])  # nothing to pay: no contract
    assert plain.offers[0]["later_rounds"] == []
    s, oid, _ = offer(s, 0, [1], {"wood": 1}, {}, later_get={"stone": 1}, later_rounds=[5, 3])
    s = apply(s, 1, {"type": "accept", "offer": oid}).state
    assert s.contracts[0]["rounds"] == [3, 5]
    s = _close(s).state
    s = _close(s).state
    assert sorted(s.contracts[0]["payments"]) == ["3"] and s.round == 4
    s = _close(s).state
    assert sorted(s.contracts[0]["payments"]) == ["3", "5"]
    s2, oid2, _ = offer(market(), 0, [1], {"wood": 1}, {}, later_get={"stone": 1})
    assert s2.offers[0]["later_rounds"] == [3]


def test_g12_a_contract_may_be_made_in_round_6_for_round_7_and_the_form_offers_every_later_round():
    """G12: "no contract" only where no Production follows (round 7); in round 6 one may name round 7; the
    offer's ranges list the rounds still to come."""
    s = window(round_=6)
    give(s, 0, wood=2)
    (o,) = [m for m in ENGINE.legal_moves(s, 0) if m["type"] == "offer"]
    assert o["ranges"]["later_rounds"]["of"] == [7]
    s = apply(s, 0, {"type": "offer", "to": [1], "give": {"wood": 1}, "get": {}, "later_get": {"stone": 1},
                     "later_rounds": [7]}).state
    assert s.offers[0]["later_rounds"] == [7]
    (o,) = [m for m in ENGINE.legal_moves(window(round_=3), 0) if m["type"] == "offer"]
    assert o["ranges"]["later_rounds"]["of"] == [4, 5, 6, 7]


def test_g12_a_stored_contract_of_one_production_still_loads():
    """A state stored before schedules (a contract's "round" and "paid") loads as a one-round schedule."""
    s = market()
    s, oid, _ = offer(s, 0, [1], {"wood": 1}, {}, later_get={"stone": 1})
    s = apply(s, 1, {"type": "accept", "offer": oid}).state
    data = ENGINE.dump(s)
    c = data["contracts"][0]
    c["round"] = c.pop("rounds")[0]
    c["paid"] = None
    del c["payments"]
    again = ENGINE.load(data)
    assert again.contracts[0]["rounds"] == [3] and again.contracts[0]["payments"] == {}


def test_g12_placement_promises_are_not_enforced():
    """Only resources move by the engine: an offer carries no building place."""
    with pytest.raises(IllegalMove) as e:
        apply(market(), 0, {"type": "offer", "to": [1], "give": {"wood": 1}, "place": [[0, 0]]})
    assert e.value.key == "cite.error.unknown_field"


def test_done_seat_owes_nothing_but_may_answer_offers():
    s, oid, _ = offer(market(), 0, [1], {"wood": 1}, {"stone": 1})
    s = apply(s, 1, {"type": "done"}).state
    assert 1 not in ENGINE.pending(s) and 1 in ENGINE.may_act(s)
    assert {m["type"] for m in ENGINE.legal_moves(s, 1)} == {"accept", "decline", "counter"}
    with pytest.raises(IllegalMove) as e:
        apply(s, 1, {"type": "buy", "squares": 1})
    assert e.value.key == "cite.error.already_done"
    s = apply(s, 1, {"type": "accept", "offer": oid}).state
    assert 1 not in ENGINE.may_act(s) and 1 not in ENGINE.pending(s)


def test_window_closes_when_every_seat_is_done_and_offers_lapse():
    s, oid, _ = offer(market(), 0, [1], {"wood": 1}, {})
    all_done_but(s, 0)
    r = apply(s, 0, {"type": "done"})
    assert r.state.round == 3 and r.state.offers == [] and any(e.key == "cite.lapsed" for e in r.log)


def test_time_out_marks_done_and_lapses_open_offers():
    s, oid, _ = offer(market(), 0, [1, 2], {"wood": 1}, {})
    r = ENGINE.time_out(s, 0)
    assert r.state.seats[0]["done"] and r.state.offers == []
    assert {(n.seat, n.key) for n in r.notices} == {(1, "cite.offer_lapsed"), (2, "cite.offer_lapsed")}
    for seat in (0, 9, "0"):
        with pytest.raises(IllegalMove):
            ENGINE.time_out(r.state, seat)
    all_done_but(s, 0)
    assert ENGINE.time_out(s, 0).state.round == 3  # the last seat's time-out closes the window


def test_concurrent_moves_both_land_when_both_still_legal():
    """Seats 1 and 2 act on the same version; seat 2's move is re-applied on the state after seat 1's."""
    s = market()
    s, oid, _ = offer(s, 0, [1], {"wood": 1}, {"stone": 1})
    after_1 = apply(s, 1, {"type": "accept", "offer": oid}).state
    move_2 = {"type": "offer", "to": [3], "give": {"metal": 2}, "get": {"cloth": 1}}
    apply(s, 2, move_2)  # legal on the old version...
    r = apply(after_1, 2, move_2)  # ...and on the new one: it lands
    assert r.state.offers[-1]["from"] == 2 and res_of(r.state, 0) == {"wood": 5, "stone": 1}


def test_concurrent_build_gets_the_new_manufacture_discount_never_a_higher_cost():
    s = window()
    from .helpers import seat_in
    a, b = seat_in(s, 0), seat_in(s, 1)
    put(s, a, "small_shop", [(-1, 3)])
    put(s, b, "small_shop", [(0, 0)])
    give(s, a, wood=1, stone=1, metal=1, cloth=1, gold=1, glass=1, furniture=1)
    mill = {"type": "build", "kind": "mill", "cells": [[-2, 1], [-1, 1], [-2, 2], [-1, 2]], "cost": 4,
            "pay": [{"wood": 1, "stone": 1, "metal": 1, "cloth": 1, "gold": 1, "glass": 1, "furniture": 1}]}
    put(s, b, "manufacture", [(x, y) for x in range(3) for y in range(1, 4)])  # B built it meanwhile
    r = apply(s, a, mill)
    line = next(e for e in r.log if e.key == "cite.built")
    assert line.params["cost"] == 2 and r.state.seats[a]["squares"] == 2  # charged at the new cost
    with pytest.raises(IllegalMove) as e:
        apply(s, a, {**mill, "cost": 1})
    assert e.value.key == "cite.error.cost_rose"


def test_concurrent_buy_never_costs_more_resources_than_told():
    s = market()
    give(s, 0, wood=4, stone=1, metal=1, cloth=1)
    assert apply(s, 0, {"type": "buy", "squares": 1, "resources": 4}).state.seats[0]["squares"] == 1
    s, oid, _ = offer(s, 0, [1], {"metal": 1}, {})
    s = apply(s, 1, {"type": "accept", "offer": oid}).state  # the metal went meanwhile
    with pytest.raises(IllegalMove) as e:
        apply(s, 0, {"type": "buy", "squares": 1, "resources": 4})
    assert e.value.key == "cite.error.price_rose" and e.value.params["resources"] == 10
