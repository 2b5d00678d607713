"""Core, setup and construction rules (SC01-SC04, SC10-SC12, SC30-SC36) and rulings G2, G5-G7, G14."""

from __future__ import annotations

import pytest

from games.smallcity.engine import build as B
from games.smallcity.engine import components as C
from games.smallcity.engine import grid as G
from games.smallcity.engine.engine import ENGINE
from kit.base import IllegalMove

from .helpers import TH, put, setup_done


def _plan_state(players=1, **opts):
    state = setup_done(players, **opts)
    state.phase = "plan"
    state.step = {"plans": {str(s): [] for s in range(players)}, "done": []}
    state.street = None
    return state


def test_sc01_influence_zone_is_the_eight_neighbourhood_never_itself():
    assert G.zone_of([G.sq(3, 3)]) == {G.sq(x, y) for x in (2, 3, 4) for y in (2, 3, 4)} - {G.sq(3, 3)}
    assert len(G.zone_of([G.sq(3, 3), G.sq(4, 3)])) == 10  # a level-2 tile: 10 squares (rulebook)


def test_sc01_port_water_half_neither_influences_nor_is_influenced():
    state = _plan_state()
    put(state, 0, "port", [G.sq(4, 4), G.sq(5, 4), G.sq(4, 5), G.sq(5, 5)], water=[G.sq(4, 5), G.sq(5, 5)])
    # a residential next to the water half only is fine; next to the building half it is not
    assert B.conditions(state, 0, "residential", 1, [G.sq(4, 6)]) is None
    assert B.conditions(state, 0, "residential", 1, [G.sq(4, 3)]) == "residential_industry"


def test_sc02_same_kind_tiles_touch_but_stay_separate():
    state = _plan_state()
    state.seats[0]["money"] = 20
    B.build(state, 0, {"kind": "park", "level": 1, "squares": [G.sq(5, 5)]})
    B.build(state, 0, {"kind": "park", "level": 1, "squares": [G.sq(5, 6)]})
    parks = [t for t in B.tiles_of(state, 0) if t["kind"] == "park"]
    assert len(parks) == 2 and all(t["level"] == 1 for t in parks)


def test_sc03_buildable_zone_grows_up_and_right_and_tiles_stay_inside():
    state = _plan_state()
    state.seats[0]["money"] = 20
    with pytest.raises(IllegalMove):
        B.build(state, 0, {"kind": "park", "level": 1, "squares": [G.sq(7, 0)]})
    B.extend(state, 0)
    B.build(state, 0, {"kind": "park", "level": 1, "squares": [G.sq(7, 0)]})
    assert G.side(state, 0) == 8
    expert = _plan_state(board="expert")
    assert G.side(expert, 0) == 6


def test_sc04_town_hall_has_four_slots_and_is_cultural():
    state = setup_done(1)
    th = B.town_hall(state, 0)
    assert len(th["slots"]) == 4 and th["slots"].count(0) == 3 and "town_hall" in C.CULTURAL_KINDS


def test_sc10_setup_turn_one_promise_piles_and_stock():
    state = ENGINE.new_game({}, 3, 4).state
    assert state.turn == 1
    assert state.supply["metro"] == 2 and state.supply["police"] == 2  # 3 players: 2
    assert sum(len(state.decks[p]) for p in C.PILES) == 16 - 3 * 3


def test_sc11_random_host_and_clockwise_order():
    hosts = {ENGINE.new_game({}, 4, seed).state.host for seed in range(20)}
    assert len(hosts) > 1
    state = ENGINE.new_game({}, 4, 3).state
    from games.smallcity.engine.flow import order
    assert order(state) == [(state.host + i) % 4 for i in range(4)]


def test_sc12_each_player_starts_with_citizens_money_and_three_promises():
    state = ENGINE.new_game({}, 4, 2).state
    from games.smallcity.engine.flow import order
    for pos, seat in enumerate(order(state)):
        s = state.seats[seat]
        assert s["money"] == (4, 5, 5, 6)[pos]
        assert (s["quarry"], s["reserve"], s["town_hall_due"]) == (11, 8, 3)
        assert len(s["offer"]) == 3 and [C.PROMISES[c] for c in s["offer"]] == list(C.PILES)
    state = ENGINE.apply(state, 0, {"type": "place_town_hall", "squares": TH}).state
    card = state.seats[0]["offer"][1]
    state = ENGINE.apply(state, 0, {"type": "keep_promise", "card": card}).state
    assert state.seats[0]["promise"] == card and state.decks[C.PROMISES[state.seats[0]["promise"]]]


def test_sc30_up_to_three_builds_or_one_and_a_size_step():
    state = _plan_state()
    state.seats[0]["money"] = 30
    from games.smallcity.engine.flow import plan_step
    for x in (5, 6):
        plan_step(state, 0, {"type": "build", "kind": "park", "level": 1, "squares": [G.sq(x, 5)]})
    with pytest.raises(IllegalMove):
        plan_step(state, 0, {"type": "extend"})
    plan_step(state, 0, {"type": "build", "kind": "park", "level": 1, "squares": [G.sq(6, 6)]})
    with pytest.raises(IllegalMove):
        plan_step(state, 0, {"type": "build", "kind": "park", "level": 1, "squares": [G.sq(5, 6)]})
    other = _plan_state()
    plan_step(other, 0, {"type": "extend"})
    plan_step(other, 0, {"type": "build", "kind": "park", "level": 1, "squares": [G.sq(5, 5)]})
    with pytest.raises(IllegalMove):
        plan_step(other, 0, {"type": "build", "kind": "park", "level": 1, "squares": [G.sq(6, 5)]})


def test_sc31_a_dollar_per_square_and_cultural_costs_materials():
    state = _plan_state()
    state.seats[0]["money"] = 10
    B.build(state, 0, {"kind": "park", "level": 3, "squares": [G.sq(5, 5), G.sq(5, 6), G.sq(6, 6)]})
    assert state.seats[0]["money"] == 7
    with pytest.raises(IllegalMove):
        B.build(state, 0, {"kind": "school", "squares": [G.sq(3, 3)]})
    B.store(state, 0, "wood")
    B.build(state, 0, {"kind": "school", "squares": [G.sq(3, 3)]})
    assert state.seats[0]["money"] == 7 and B.stored(state, 0)["wood"] == 0


def test_sc32_one_square_must_carry_every_influence():
    state = _plan_state()
    put(state, 0, "school", [G.sq(4, 2)])
    # L2 residential needs 2 cultural buildings: no single square here sees the town hall and the school
    assert B.conditions(state, 0, "residential", 2, [G.sq(2, 1), G.sq(3, 1)]) == "influence"
    # but the whole tile does (the expansion test is weaker, SC34)
    assert B.conditions(state, 0, "residential", 2, [G.sq(2, 1), G.sq(3, 1)], mode="expand") is None
    put(state, 0, "library", [G.sq(3, 3), G.sq(3, 4)])
    assert B.conditions(state, 0, "residential", 2, [G.sq(2, 2), G.sq(2, 3)]) is None


def test_sc33_conditions_of_every_kind():
    state = _plan_state()
    put(state, 0, "residential", [G.sq(5, 5)])
    assert B.conditions(state, 0, "commercial", 1, [G.sq(5, 6)]) is None
    assert B.conditions(state, 0, "commercial", 2, [G.sq(5, 6), G.sq(6, 6)]) == "influence"
    assert B.conditions(state, 0, "factory", 1, [G.sq(6, 6)]) == "residential_industry"
    assert B.conditions(state, 0, "factory", 2, [G.sq(0, 5), G.sq(0, 6)]) == "influence"
    put(state, 0, "refinery", [G.sq(1, 4)])
    assert B.conditions(state, 0, "factory", 2, [G.sq(0, 5), G.sq(0, 6)]) is None
    assert B.conditions(state, 0, "factory", 3, [G.sq(0, 5), G.sq(0, 6), G.sq(1, 6)]) == "influence"
    assert B.conditions(state, 0, "park", 1, [G.sq(6, 5)]) is None


def test_sc33_level_one_residential_takes_a_town_hall_citizen_at_once():
    state = _plan_state()
    state.seats[0]["money"] = 5
    t = B.build(state, 0, {"kind": "residential", "level": 1, "squares": [G.sq(5, 5)]})
    assert t["slots"] == [0] and B.town_hall(state, 0)["slots"].count(0) == 2


def test_sc33_factory_needs_a_warehouse_in_its_zone():
    state = _plan_state()
    state.seats[0]["money"] = 5
    move = {"kind": "factory", "level": 1, "squares": [G.sq(5, 5)], "side": "A"}
    with pytest.raises(IllegalMove):
        B.build(state, 0, dict(move, warehouse=G.sq(2, 5)))
    B.build(state, 0, dict(move, warehouse=G.sq(5, 6)))
    assert state.supply["warehouse"] == 11 and state.seats[0]["money"] == 4


def test_sc34_expansion_one_level_up_same_footprint_not_when_just_built():
    state = _plan_state()
    t = put(state, 0, "residential", [G.sq(2, 2)], occupants=[0])
    with pytest.raises(IllegalMove):  # only the town hall influences it: no level 2 yet
        B.expand(state, 0, {"tile": t["id"], "square": G.sq(3, 2)})
    put(state, 0, "school", [G.sq(3, 3)])  # touches the existing square (2, 2): the tile as a whole
    B.expand(state, 0, {"tile": t["id"], "square": G.sq(3, 2)})
    assert t["level"] == 2 and t["sq"] == [G.sq(2, 2), G.sq(3, 2)] and t["slots"][0] == 0
    assert state.supply["residential"][0] == 20 and state.supply["residential"][1] == 17
    state.seats[0]["money"] = 9
    u = B.build(state, 0, {"kind": "park", "level": 1, "squares": [G.sq(6, 6)]})
    assert u["new"]
    fresh = B.build(state, 0, {"kind": "residential", "level": 1, "squares": [G.sq(4, 4)]})
    with pytest.raises(IllegalMove, match="cannot grow"):
        B.expand(state, 0, {"tile": fresh["id"], "square": G.sq(4, 5)})


def test_sc34_commercial_printed_squares_keep_their_places():
    state = _plan_state()
    put(state, 0, "residential", [G.sq(5, 5)])
    put(state, 0, "residential", [G.sq(6, 3)])
    c = put(state, 0, "commercial", [G.sq(5, 4)])
    B.expand(state, 0, {"tile": c["id"], "square": G.sq(6, 4)})
    assert c["types"] == list(C.value("commercial_slots")["A"][:2])


def test_sc35_police_activation_sends_tourists_home_and_bars_its_zone():
    state = setup_done(2)
    police = put(state, 0, "police", [G.sq(5, 5), G.sq(5, 6)])
    park = put(state, 0, "park", [G.sq(6, 5)], occupants=[1])
    from games.smallcity.engine import citizens as Z
    police["slots"][0] = 0
    Z.police_activation(state, 0, lambda *a, **k: None)
    assert park["slots"] == [None] and B.town_hall(state, 1)["slots"].count(1) == 4
    assert G.sq(6, 5) in Z.police_zone(state, 0)


def test_sc36_demolition_costs_money_and_pollution_and_sends_citizens_home():
    state = _plan_state()
    t = put(state, 0, "park", [G.sq(5, 5), G.sq(5, 6)], occupants=[0])
    B.town_hall(state, 0)["slots"][0] = None
    state.seats[0]["money"] = 5
    B.demolish(state, 0, {"tile": t["id"]})
    s = state.seats[0]
    assert (s["money"], s["pollution"]) == (3, 2) and state.removed["park"] == 1
    assert B.town_hall(state, 0)["slots"].count(0) == 3


def test_sc36_demolition_impossible_without_town_hall_room():
    state = _plan_state()
    t = put(state, 0, "park", [G.sq(5, 5), G.sq(5, 6)], occupants=[0, 0])
    state.seats[0]["money"] = 5
    with pytest.raises(IllegalMove, match="no room"):
        B.demolish(state, 0, {"tile": t["id"]})


def test_g2_substitute_values_are_tagged_and_listed():
    subs = {e["name"] for e in C.substitutes()}
    assert {"residential_supply", "size_steps", "promises", "museum"} <= subs
    assert C.is_substitute("fire_shape") and not C.is_substitute("warehouses")
    assert sum(C.supply_of("residential")) == 78 and sum(C.supply_of("park")) == 55


def test_g5_expansion_is_one_level_and_a_col4_factory_needs_no_warehouse():
    state = _plan_state()
    t = put(state, 0, "residential", [G.sq(2, 2)])
    with pytest.raises(IllegalMove):
        B.expand(state, 0, {"tile": t["id"], "square": G.sq(4, 2)})  # not touching: not one piece
    B.build(state, 0, {"kind": "factory", "level": 3, "squares": [G.sq(6, 0), G.sq(6, 1), G.sq(5, 0)],
                       "side": "A"}, council=4)
    assert state.supply["warehouse"] == 12


def test_g6_mediator_takes_a_dollar_off_each_tile_never_below_one():
    state = _plan_state()
    state.seats[0]["card"] = "C"
    assert B.money_cost(state, 0, "park", 1) == 1 and B.money_cost(state, 0, "park", 3) == 2
    assert B.money_cost(state, 0, "fire", 1) == 2 and B.money_cost(state, 0, "warehouse", 1) == 0


def test_g6_architect_waives_one_material_of_one_cultural_building():
    state = _plan_state()
    state.seats[0]["card"] = "B"
    B.store(state, 0, "wood")
    B.build(state, 0, {"kind": "library", "squares": [G.sq(5, 5), G.sq(5, 6)], "waive": "stone"})
    assert B.stored(state, 0)["wood"] == 0 and state.seats[0]["architect_used"]


def test_g7_town_hall_not_demolished_and_warehouse_materials_return():
    state = _plan_state()
    state.seats[0]["money"] = 9
    with pytest.raises(IllegalMove):
        B.demolish(state, 0, {"tile": B.town_hall(state, 0)["id"]})
    w = put(state, 0, "warehouse", [G.sq(5, 5)])
    w["slots"][0] = "metal"
    state.materials["metal"] -= 1
    B.demolish(state, 0, {"tile": w["id"]})
    assert state.materials["metal"] == 6


def test_g14_col4_waives_influence_but_not_one_per_player_or_the_industry_exclusion():
    state = _plan_state()
    B.build(state, 0, {"kind": "residential", "level": 3, "squares": [G.sq(5, 5), G.sq(5, 6), G.sq(6, 6)]},
            council=4)
    with pytest.raises(IllegalMove):
        B.build(state, 0, {"kind": "refinery", "squares": [G.sq(4, 5)]}, council=4)
    B.build(state, 0, {"kind": "refinery", "squares": [G.sq(0, 6)]}, council=4)
    with pytest.raises(IllegalMove, match="only one"):
        B.build(state, 0, {"kind": "refinery", "squares": [G.sq(0, 4)]}, council=4)


def test_sc35_fire_or_police_activated_when_built_by_a_district_citizen():
    state = _plan_state(players=2)
    park = put(state, 0, "park", [G.sq(5, 5)], occupants=[0])
    visitor = put(state, 0, "park", [G.sq(3, 5)], occupants=[1])
    state.seats[0]["money"] = 9
    police = B.build(state, 0, {"kind": "police", "squares": [G.sq(4, 4), G.sq(4, 5)],
                                "activate": f"{park['id']}:0"})
    assert police["slots"] == [0] and park["slots"] == [None] and visitor["slots"] == [None]
    with pytest.raises(IllegalMove):
        B.build(state, 0, {"kind": "fire", "squares": [G.sq(6, 0), G.sq(6, 1), G.sq(6, 2)],
                           "activate": f"{B.town_hall(state, 0)['id']}:0"})
