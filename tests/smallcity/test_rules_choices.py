"""Issue 41, Rules: growth judged on the building as a whole (SC34), the player's own choices (SC42, SC52),
the Architect's waiver (SC22, G6)."""

from __future__ import annotations

import pytest

from games.smallcity.engine import build as B
from games.smallcity.engine import grid as G
from games.smallcity.engine.engine import ENGINE
from kit.base import IllegalMove

from .helpers import put, setup_done


def _plan_state(players=1, **opts):
    state = setup_done(players, **opts)
    state.phase = "plan"
    state.step = {"plans": {str(s): [] for s in range(players)}, "done": []}
    state.street = None
    return state


def _grow_by_touching_a_school():
    """A level-1 Residential at (2, 2) seen by the town hall only; a School touching only (3, 2)."""
    state = _plan_state()
    t = put(state, 0, "residential", [G.sq(2, 2)], occupants=[0])
    put(state, 0, "school", [G.sq(4, 3)])
    return state, t


def test_sc34_growth_needs_the_influences_on_the_existing_tile_not_on_the_new_square():
    state, t = _grow_by_touching_a_school()
    with pytest.raises(IllegalMove, match="conditions"):
        B.expand(state, 0, {"tile": t["id"], "square": G.sq(3, 2)})
    assert t["level"] == 1


def test_sc34_growth_not_offered_and_a_plan_opening_with_it_refused():
    state, t = _grow_by_touching_a_school()
    moves = ENGINE.legal_moves(state, 0)
    assert {"type": "expand", "tile": t["id"], "square": G.sq(3, 2)} not in moves
    with pytest.raises(IllegalMove):
        ENGINE.apply(state, 0, {"type": "expand", "tile": t["id"], "square": G.sq(3, 2)})


def test_sc34_the_new_square_still_may_not_touch_industry():
    state = _plan_state()
    t = put(state, 0, "residential", [G.sq(2, 2)], occupants=[0])
    put(state, 0, "school", [G.sq(3, 3)])  # the whole existing tile sees 2 cultural buildings
    put(state, 0, "refinery", [G.sq(5, 2)])  # touches only the new square (4, 2)... not (3, 2)
    B.expand(state.copy(), 0, {"tile": t["id"], "square": G.sq(3, 2)})
    put(state, 0, "warehouse", [G.sq(4, 1)])  # touches (3, 2)
    with pytest.raises(IllegalMove, match="conditions"):
        B.expand(state, 0, {"tile": t["id"], "square": G.sq(3, 2)})


# ---------------------------------------------------------------- the Architect (SC22 B, G6)
def _architect_state():
    state = _plan_state()
    state.seats[0]["card"] = "B"
    put(state, 0, "warehouse", [G.sq(6, 0)])
    put(state, 0, "warehouse", [G.sq(6, 2)])
    for mat in ("wood", "wood", "stone"):
        B.store(state, 0, mat)
    return state


def test_sc22_architect_the_player_names_the_building_that_gets_the_waiver():
    state = _architect_state()
    school = {"type": "build", "kind": "school", "level": 1, "squares": [G.sq(5, 5)], "waive": "none"}
    state = ENGINE.apply(state, 0, school).state
    library = {"type": "build", "kind": "library", "level": 1, "squares": [G.sq(3, 5), G.sq(3, 6)],
               "waive": "stone"}
    state = ENGINE.apply(state, 0, library).state
    from games.smallcity.engine.flow import scratch
    t = scratch(state, 0)
    # the School paid its wood, the Library its wood only: one stone is left
    assert B.stored(t, 0) == {"wood": 0, "stone": 1, "metal": 0} and t.seats[0]["architect_used"]


def test_sc22_architect_waiver_offered_with_a_none_choice():
    state = _architect_state()
    school = next(m for m in ENGINE.legal_moves(state, 0) if m.get("kind") == "school")
    assert school["ranges"]["waive"]["of"] == ["none", "wood"]


def test_sc22_architect_offers_only_the_waivers_the_stored_materials_then_pay_for():
    """A Library costs 1 wood + 1 stone (substitute): with 2 wood and no stone only the stone can be waived (the
    page offered "none" and "wood" too, and the engine refused them: "You do not have those raw materials")."""
    state = _plan_state()
    state.seats[0]["card"] = "B"
    put(state, 0, "warehouse", [G.sq(6, 0)])
    for mat in ("wood", "wood"):
        B.store(state, 0, mat)
    library = next(m for m in ENGINE.legal_moves(state, 0) if m.get("kind") == "library")
    assert library["ranges"]["waive"]["of"] == ["stone"]
    squares = [G.sq(3, 5), G.sq(3, 6)]
    ENGINE.apply(state.copy(), 0, {"type": "build", "kind": "library", "level": 1, "squares": squares,
                                   "waive": "stone"})
    for refused in ("none", "wood"):
        with pytest.raises(IllegalMove, match="raw materials"):
            ENGINE.apply(state.copy(), 0, {"type": "build", "kind": "library", "level": 1, "squares": squares,
                                           "waive": refused})


def test_sc22_architect_a_second_waiver_in_the_same_turn_is_refused_with_the_reason():
    state = _architect_state()
    state = ENGINE.apply(state, 0, {"type": "build", "kind": "school", "level": 1, "squares": [G.sq(5, 5)],
                                    "waive": "wood"}).state
    with pytest.raises(IllegalMove, match="already used") as err:
        ENGINE.apply(state, 0, {"type": "build", "kind": "library", "level": 1,
                                "squares": [G.sq(3, 5), G.sq(3, 6)], "waive": "stone"})
    assert err.value.key.endswith("architect_used")


def test_g6_a_waiver_without_the_architect_is_refused():
    state = _plan_state()
    B.store(state, 0, "wood")
    with pytest.raises(IllegalMove, match="Architect"):
        ENGINE.apply(state, 0, {"type": "build", "kind": "school", "level": 1, "squares": [G.sq(5, 5)],
                                "waive": "wood"})


# ---------------------------------------------------------------- SC42: the player chooses new homes
def _citizens_state(homes=3, in_hall=2):
    """Seat 0 of a solo game at the end of its Phase-3 moves with ``homes`` empty L1 Residential zones and
    ``in_hall`` citizens in its town hall."""
    state = setup_done(1)
    tiles = [put(state, 0, "residential", [G.sq(2 + 2 * i, 4)]) for i in range(homes)]
    th = B.town_hall(state, 0)
    for t in tiles:  # the tile took a town-hall citizen: back to the town hall
        if t["slots"][0] == 0:
            t["slots"][0] = None
            th["slots"][th["slots"].index(None)] = 0
    state.seats[0]["quarry"] += th["slots"].count(0) - in_hall  # citizens conserved
    th["slots"] = [0] * in_hall + [None] * (4 - in_hall)
    state.phase = "citizens"
    state.step = {"queue": [0], "held": [], "moved": []}
    return state, [t["id"] for t in tiles]


def test_sc42_more_homes_than_citizens_the_player_chooses_the_destination():
    state, ids = _citizens_state(homes=3, in_hall=2)
    state = ENGINE.apply(state, 0, {"type": "done"}).state
    assert ENGINE.pending(state) == {0}
    assert ENGINE.legal_moves(state, 0) == [{"type": "new_home", "tile": i} for i in ids]
    state = ENGINE.apply(state, 0, {"type": "new_home", "tile": ids[2]}).state
    assert [m["tile"] for m in ENGINE.legal_moves(state, 0)] == ids[:2]
    state = ENGINE.apply(state, 0, {"type": "new_home", "tile": ids[1]}).state
    assert [state.tiles[i]["slots"][0] for i in ids] == [None, 0, 0]
    assert state.phase != "citizens" or state.step["queue"] == []


def test_sc42_as_many_citizens_as_homes_no_choice_asked():
    state, ids = _citizens_state(homes=2, in_hall=3)
    state = ENGINE.apply(state, 0, {"type": "done"}).state
    assert [state.tiles[i]["slots"][0] for i in ids] == [0, 0]
    assert not any(m["type"] == "new_home" for s in ENGINE.pending(state) for m in ENGINE.legal_moves(state, s))


def test_sc42_a_home_not_empty_is_refused():
    state, ids = _citizens_state(homes=3, in_hall=1)
    state.tiles[ids[0]]["slots"][0] = 0
    state.tiles[ids[0]]["level"] = 1
    state.seats[0]["quarry"] -= 1
    state = ENGINE.apply(state, 0, {"type": "done"}).state
    with pytest.raises(IllegalMove):
        ENGINE.apply(state, 0, {"type": "new_home", "tile": ids[0]})


# ---------------------------------------------------------------- SC52: the player's order of storing
def _factory_state(room_left=1):
    """Solo: a level-3 Factory (side A: wood, stone, metal) worked by three citizens from the quarry, the
    town hall with ``room_left`` empty slots and no warehouse; Phase 4 with no commercial income."""
    state = setup_done(1)
    f = put(state, 0, "factory", [G.sq(5, 5), G.sq(5, 6), G.sq(6, 6)], occupants=[0, 0, 0])
    state.seats[0]["quarry"] -= 3
    th = B.town_hall(state, 0)
    for i in range(4):
        th["slots"][i] = 0 if i < 4 - room_left else None
    state.seats[0]["quarry"] -= (4 - room_left) - 3
    state.phase = "income"
    state.step = {"used": [], "done": []}
    return state, f


def test_sc52_more_products_than_room_the_player_chooses_what_is_stored():
    state, f = _factory_state(room_left=1)
    before = dict(state.materials)
    state = ENGINE.apply(state, 0, {"type": "income_done"}).state
    assert ENGINE.pending(state) == {0}
    keys = [f"{f['id']}:{i}" for i in range(3)]
    assert ENGINE.legal_moves(state, 0) == [{"type": "store", "slot": k, "material": m}
                                            for k, m in zip(keys, ("wood", "stone", "metal"), strict=True)]
    state = ENGINE.apply(state, 0, {"type": "store", "slot": keys[2], "material": "metal"}).state  # the metal
    assert B.stored(state, 0) == {"wood": 0, "stone": 0, "metal": 1}
    assert state.materials == {**before, "metal": before["metal"] - 1}  # wood and stone lost (back to supply)
    assert state.phase != "income"


def test_sc52_enough_room_no_choice_asked():
    state, f = _factory_state(room_left=4)
    state = ENGINE.apply(state, 0, {"type": "income_done"}).state
    assert B.stored(state, 0) == {"wood": 1, "stone": 1, "metal": 1}
    assert state.phase != "income"


def test_sc52_a_product_not_yours_to_store_is_refused():
    state, f = _factory_state(room_left=1)
    state = ENGINE.apply(state, 0, {"type": "income_done"}).state
    with pytest.raises(IllegalMove):
        ENGINE.apply(state, 0, {"type": "store", "slot": "t1:0"})


@pytest.mark.parametrize("level", ["random", "greedy", "expert"])
def test_sc42_sc52_every_bot_level_makes_the_players_choices(level):
    """The bots choose too (issue 41): from the view, one of the legal new_home / store moves, accepted."""
    import random

    from games.smallcity.bots import LEVELS
    from games.smallcity.bots.expert import Budget
    for make, opening in ((lambda: _citizens_state(homes=3, in_hall=2)[0], {"type": "done"}),
                          (lambda: _factory_state(room_left=1)[0], {"type": "income_done"})):
        state = ENGINE.apply(make(), 0, opening).state
        legal = ENGINE.legal_moves(state, 0)
        assert legal and {m["type"] for m in legal} <= {"new_home", "store"}
        kwargs = {"budget": Budget(worlds=1, horizon=10)} if level == "expert" else {}
        move = LEVELS[level](ENGINE, ENGINE.view(state, 0), legal, 0, random.Random(1), **kwargs)
        assert move in legal
        ENGINE.apply(state, 0, move)
