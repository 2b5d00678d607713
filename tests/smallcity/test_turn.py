"""The turn: phases 1 and 3-8 (SC20-SC22, SC40-SC75) and rulings G3, G4, G8-G12."""

from __future__ import annotations

import pytest

from games.smallcity.engine import build as B
from games.smallcity.engine import citizens as Z
from games.smallcity.engine import flow as F
from games.smallcity.engine import grid as G
from games.smallcity.engine.engine import ENGINE
from kit.base import IllegalMove

from .helpers import put, setup_done, to_phase


def test_sc20_mayor_street_blocks_the_hosts_two_squares():
    state = setup_done(3, seed=2)
    assert state.phase == "mayor"
    decider = F.pending(state).pop()
    assert decider != state.host
    state = ENGINE.apply(state, decider, {"type": "place_mayor", "street": [G.sq(5, 5), G.sq(6, 5)]}).state
    state.phase = "plan"
    assert B.blocked(state, state.host) == {G.sq(5, 5), G.sq(6, 5)}
    state.seats[state.host]["money"] = 9
    with pytest.raises(IllegalMove, match="Mayor"):
        B.build(state, state.host, {"kind": "park", "level": 1, "squares": [G.sq(5, 5)]})


def test_sc20_street_in_the_next_strip_when_the_zone_is_full():
    state = setup_done(2)
    h = state.host
    for y in range(7):
        for x in range(7):
            if G.sq(x, y) not in G.occupied(state, h):
                state.seats[h]["cemeteries"].append(G.sq(x, y))
    streets = F.street_choices(state)
    assert streets and all(not G.in_side(a, 7) and not G.in_side(b, 7) for a, b in streets)


def test_g3_turn_one_decider_is_last_in_order():
    state = setup_done(4, seed=5)
    assert F.pending(state) == {F.order(state)[-1]}


def test_sc21_pick_costs_a_dollar_per_free_card_skipped():
    state = to_phase(setup_done(4, seed=3), "pick")
    state.circle = list("ABCDEFGH")
    state.step["prev"] = None
    assert all(F.pick_cost(state, c) == 0 for c in state.circle)  # the host: any card free
    state.picks = {"A": 0}
    state.step["prev"] = 0
    assert [F.pick_cost(state, c) for c in "BCDEFGH"] == [0, 1, 2, 3, 2, 1, 0]
    state.picks["C"] = 1
    state.step["prev"] = 2
    # taken cards are not counted: from C, H is 1 free card away (B; A is taken), G two
    assert (F.pick_cost(state, "E"), F.pick_cost(state, "H"), F.pick_cost(state, "G")) == (1, 1, 2)


def test_sc22_supporter_urban_planner_and_councillor():
    state = to_phase(setup_done(1, seed=3), "pick")
    state.circle = list("HEFG")
    state.picks = {"H": -1}
    s0 = dict(state.seats[0])
    after = ENGINE.apply(state, 0, {"type": "pick", "card": "E", "gain": "votes"}).state
    assert after.seats[0]["votes"] == s0["votes"] + 2
    after = ENGINE.apply(state, 0, {"type": "pick", "card": "G"}).state
    assert F.subs(after) and F.subs(after)[-1]["kind"] == "councillor"
    state.circle = list("HGEF")
    state.seats[0]["money"] = 5
    after = ENGINE.apply(state, 0, {"type": "pick", "card": "E", "gain": "money"}).state
    assert after.seats[0]["money"] == 5 - 2 + 1  # the opposite card costs $2 in solo (SC111)


def test_sc22_engineer_means_no_pollution_for_materials():
    state = setup_done(1)
    state.seats[0]["produced"] = 3
    state.seats[0]["card"] = "D"
    F.pollution_phase(state, [])
    assert state.seats[0]["generated"] == 0


def test_g4_plans_are_hidden_until_every_plan_is_in_then_applied_in_order():
    state = to_phase(setup_done(2, seed=7), "plan")
    a, b = F.order(state)
    state.seats[a]["money"] = state.seats[b]["money"] = 9
    state.supply["park"][0] = 1  # one small park left: both want it
    move = {"type": "build", "kind": "park", "level": 1, "squares": [G.sq(6, 6)]}
    state = ENGINE.apply(state, b, move).state
    state = ENGINE.apply(state, a, move).state
    assert ENGINE.view(state, a)["step"]["plans"][str(b)] is None
    assert ENGINE.view(state, b)["my_plan"] == [move]
    state = ENGINE.apply(state, b, {"type": "done"}).state
    assert b in ENGINE.may_act(state)  # a plan can still be taken back
    state = ENGINE.apply(state, b, {"type": "reopen"}).state
    state = ENGINE.apply(state, b, {"type": "done"}).state
    state = ENGINE.apply(state, a, {"type": "done"}).state
    # a (first in order) got the park; b's plan broke on the shortage and comes back to b
    assert state.phase == "repair" and ENGINE.pending(state) == {b}
    assert any(t["kind"] == "park" for t in B.tiles_of(state, a))
    state = ENGINE.apply(state, b, {"type": "done"}).state
    assert state.phase != "repair"


def test_sc40_citizens_must_move_to_a_new_slot_not_their_own_nor_held_ones():
    state = setup_done(1)
    c = put(state, 0, "commercial", [G.sq(5, 5), G.sq(5, 6)], occupants=[0])
    park = put(state, 0, "park", [G.sq(3, 5)])
    state.phase = "citizens"
    state.step = {"queue": [0]}
    F.start_citizen_seat(state)
    dests = Z.destinations(state, 0, c, 0, set(state.step["held"]))
    assert Z.key(c["id"], 0) not in dests and Z.key(c["id"], 1) in dests and Z.key(park["id"], 0) in dests
    moves = ENGINE.legal_moves(state, 0)
    assert {"type": "done"} not in moves  # the commercial citizen owes a move


def test_sc41_tourists_limit_and_forbidden_buildings():
    state = setup_done(2)
    put(state, 1, "residential", [G.sq(5, 5)])
    park = put(state, 1, "park", [G.sq(3, 5), G.sq(3, 6)])
    src = put(state, 0, "park", [G.sq(5, 5)], occupants=[0])
    dests = Z.destinations(state, 0, src, 0, set())
    assert Z.key(park["id"], 0) in dests
    assert not any(state.tiles[d.split(":")[0]]["kind"] == "residential" and state.tiles[d.split(":")[0]]["d"] == 1
                   for d in dests)
    park["slots"][1] = 0  # already one tourist there: the limit is 1 without a Metro
    assert Z.key(park["id"], 0) not in Z.destinations(state, 0, src, 0, set())
    put(state, 0, "metro", [G.sq(3, 3), G.sq(4, 3), G.sq(3, 4), G.sq(4, 4)])
    assert Z.key(park["id"], 0) in Z.destinations(state, 0, src, 0, set())


def test_sc42_town_hall_citizens_fill_empty_level_one_residentials():
    state = setup_done(1)
    r = put(state, 0, "residential", [G.sq(5, 5)])
    r["slots"][0] = None
    B.town_hall(state, 0)["slots"][0] = 0
    assert Z.fill_level1(state, 0) == 1 and r["slots"] == [0]


def test_sc43_empty_factory_slots_bring_quarry_citizens():
    state = setup_done(1)
    put(state, 0, "factory", [G.sq(5, 5), G.sq(5, 6)])
    q = state.seats[0]["quarry"]
    assert Z.factory_arrivals(state, 0) == 1  # G10: the town hall had one free slot only
    assert state.seats[0]["quarry"] == q - 1


def test_sc44_clinic_university_one_slot_active_while_occupied():
    state = setup_done(1)
    u = put(state, 0, "university", [G.sq(5, 5), G.sq(5, 6), G.sq(6, 5), G.sq(6, 6)])
    assert len(u["slots"]) == 1 and Z.active(state, 0, "university") is None
    u["slots"][0] = 0
    assert Z.active(state, 0, "university") is not None


def test_sc50_sc51_income_tourists_and_commercial_slots():
    state = setup_done(2)
    put(state, 0, "park", [G.sq(5, 5)], occupants=[1])
    c = put(state, 1, "commercial", [G.sq(5, 5), G.sq(5, 6), G.sq(6, 6), G.sq(6, 5)], occupants=[1, 1, 1, 1])
    put(state, 1, "warehouse", [G.sq(0, 5)])
    assert B.store(state, 1, "stone") and B.store(state, 1, "wood")
    m0, m1 = state.seats[0]["money"], state.seats[1]["money"]
    state.phase = "citizens"
    F.enter_income(state, [])
    assert state.seats[0]["money"] == m0 + 1  # SC50
    st = state
    st = ENGINE.apply(st, 1, {"type": "income", "slot": Z.key(c["id"], 0)}).state
    st = ENGINE.apply(st, 1, {"type": "income", "slot": Z.key(c["id"], 1), "material": "stone"}).state
    st = ENGINE.apply(st, 1, {"type": "income", "slot": Z.key(c["id"], 2), "amount": 4}).state
    st = ENGINE.apply(st, 1, {"type": "income", "slot": Z.key(c["id"], 3), "material": "wood"}).state
    assert st.seats[1]["money"] == m1 + 1 + 3 - 4
    assert st.seats[1]["votes"] == 5 + 3


def test_sc52_factory_citizens_produce_into_storage():
    state = setup_done(1)
    put(state, 0, "factory", [G.sq(5, 5)], occupants=[0])
    put(state, 0, "warehouse", [G.sq(5, 6)])
    F.production(state, [])
    assert B.stored(state, 0)["wood"] == 1 and state.seats[0]["produced"] == 1


def test_sc55_kth_citizen_gives_k_votes_and_university_three():
    state = setup_done(1)
    put(state, 0, "residential", [G.sq(2, 2), G.sq(2, 3), G.sq(2, 4)], occupants=[0, 0, 0])
    u = put(state, 0, "university", [G.sq(5, 5), G.sq(5, 6), G.sq(6, 5), G.sq(6, 6)])
    u["slots"][0] = 0
    F.votes_phase(state, [])
    assert state.seats[0]["votes"] == 6 + 3


def test_sc60_generated_pollution_citizens_materials_minus_parks():
    state = setup_done(1)
    put(state, 0, "park", [G.sq(5, 5)], occupants=[0])
    put(state, 0, "residential", [G.sq(3, 5)], occupants=[0])
    state.seats[0]["produced"] = 2
    F.pollution_phase(state, [])
    assert state.seats[0]["generated"] == 2 + 2 - 1


def test_sc61_top_generator_loses_a_citizen_si_possible():
    state = setup_done(3)
    for s in range(3):
        state.seats[s]["pollution"] = 9
    put(state, 1, "park", [G.sq(5, 5)], occupants=[1])
    put(state, 1, "commercial", [G.sq(3, 5)], occupants=[1])
    put(state, 2, "park", [G.sq(5, 5)], occupants=[2])
    F.pollution_phase(state, [])
    assert state.step["deaths"] == [1]
    state.phase = "pollution"
    log = []
    ENGINE.advance(state, log)
    assert ENGINE.pending(state) == {1}


def test_sc62_clinic_protects_own_citizens_only():
    state = setup_done(2)
    p = put(state, 0, "park", [G.sq(5, 5), G.sq(5, 6)], occupants=[0, 1])
    clinic = put(state, 0, "clinic", [G.sq(3, 4), G.sq(3, 5), G.sq(3, 6)])
    clinic["slots"][0] = 0
    assert F.victims(state, 0) == [Z.key(p["id"], 1)]


def test_sc63_cemetery_next_to_an_existing_one_if_possible():
    state = setup_done(1)
    state.seats[0]["cemeteries"] = [G.sq(5, 5)]
    assert set(F.cemetery_choices(state, 0)) == {G.sq(4, 5), G.sq(6, 5), G.sq(5, 4), G.sq(5, 6)}


def test_sc64_level_100_loses_at_once_and_ranks_last():
    state = setup_done(2)
    put(state, 0, "park", [G.sq(5, 5)], occupants=[0])
    state.seats[0]["pollution"] = 100
    F.check_eliminations(state, [])
    assert state.seats[0]["eliminated"] and state.seats[0]["dead"] == 1
    from games.smallcity.engine.scoring import finish
    state.seats[0]["votes"] = 99
    finish(state, [])
    assert state.result["ranks"][0] == 2


def test_g10_tourists_of_an_eliminated_player_are_replaced_by_the_hosts_citizens():
    state = setup_done(2)
    p = put(state, 1, "park", [G.sq(5, 5)], occupants=[0])
    state.seats[0]["pollution"] = 100
    F.check_eliminations(state, [])
    assert p["slots"] == [1]


def test_g12_fire_protected_tourist_goes_home_instead_of_dying():
    state = setup_done(2)
    p = put(state, 1, "park", [G.sq(5, 5)], occupants=[0])
    fire = put(state, 0, "fire", [G.sq(3, 5), G.sq(4, 5), G.sq(5, 5)])
    fire["slots"][0] = 0
    B.town_hall(state, 0)["slots"][3] = None
    state.phase = "pollution"
    state.step = {"deaths": [], "sub": [{"seat": 1, "kind": "victim"}]}
    after = ENGINE.apply(state, 1, {"type": "kill", "slot": Z.key(p["id"], 0)}).state
    assert after.seats[0]["dead"] == 0 and not after.seats[1]["cemeteries"]


def test_sc70_council_advance_restart_and_rows():
    state = setup_done(1)
    state.seats[0]["money"] = 20
    state.phase = "council"
    state.step = {"queue": [0]}
    move = {"type": "council", "disc": 0, "action": "advance", "row": "economy", "pay": "money", "take": 0}
    state = ENGINE.apply(state, 0, move).state
    assert state.seats[0]["discs"][0] == ["economy", 1]
    state.phase, state.step = "council", {"queue": [0]}
    moves = ENGINE.legal_moves(state, 0)
    assert not any(m.get("disc") == 1 and m.get("row") == "economy" for m in moves)  # never two in a row
    state.seats[0]["discs"][0] = ["economy", 4]
    assert not any(m.get("disc") == 0 for m in F.council_options(state, 0))  # column 4 is fixed


def test_sc71_council_rewards():
    state = setup_done(1)
    F.bonus(state, 0, "industry", 3, 1, [])
    assert B.stored(state, 0)["metal"] == 1
    money = state.seats[0]["money"]
    F.bonus(state, 0, "economy", 4, 0, [])
    assert state.seats[0]["money"] == money + 8
    r = state.seats[0]["reserve"]
    F.bonus(state, 0, "tourism", 3, 0, [])
    assert state.seats[0]["reserve"] == r - 2
    F.bonus(state, 0, "construction", 2, 0, [])
    assert F.subs(state)[-1] == {"seat": 0, "kind": "council_build", "column": 2}


def test_sc75_mayor_goes_to_card_a_else_clockwise_and_turn_advances():
    state = setup_done(3)
    state.phase = "council"
    state.step = {"queue": []}
    h = state.host
    state.next_host = None
    F.end_turn(state, [])
    assert state.host == (h + 1) % 3 and state.turn == 2
    state.next_host = h
    state.phase = "council"
    state.step = {"queue": []}
    F.end_turn(state, [])
    assert state.host == h and state.turn == 3


def test_g8_tourist_with_nowhere_to_go_comes_home():
    state = setup_done(2)
    src = put(state, 1, "park", [G.sq(5, 5)], occupants=[0])
    assert Z.destinations(state, 0, src, 0, set()) == ["home"]


def test_g9_votes_are_never_paid_without_enough():
    state = setup_done(1)
    state.seats[0]["votes"] = 0
    state.seats[0]["money"] = 0
    assert not any(m.get("pay") == "votes" for m in F.council_options(state, 0))
