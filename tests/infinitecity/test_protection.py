"""Power Station protection (IC30–IC33, G21)."""

from __future__ import annotations

import pytest

from games.infinitecity.engine.city import protected_cells
from games.infinitecity.engine.invariants import protection_respected
from kit.base import IllegalMove

from .helpers import act, build, moves, play, target, targets, top

OTHER = ["bank", "transit_station"]


def test_IC30_a_face_up_power_station_protects_itself_and_its_neighbours():
    s = build({(0, 0): "power_station", (1, 0): "bank", (2, 0): "bank", (1, 1): "bank",
               (5, 5): ("power_station", "down"), (5, 6): "bank"})
    assert protected_cells(s) == {(0, 0), (1, 0)}, "diagonal and face-down do not protect"


def test_IC30_instructions_may_not_target_protected_tiles():
    city = {(0, 0): "power_station", (1, 0): ("bank", {1: 1}), (-1, 0): ("bank", {1: 1}),
            (0, 1): ("hotel", {1: 1}), (3, 0): ("bank", {1: 1}), (2, 0): ("plaza", "down")}
    s = build(city, hands=[["security_guard"], OTHER])
    s, _ = act(s, play("security_guard", 3, 1))
    assert top(s) == "security"
    assert targets(s) == {(3, 0), (3, 1)}, "the guard itself and the unprotected bank"
    with pytest.raises(IllegalMove) as err:
        act(s, target(1, 0))
    assert err.value.key == "infinitecity.error.protected"
    assert protection_respected(s) is None


def test_IC30_transit_station_may_not_swap_a_protected_tile():
    city = {(0, 0): "power_station", (1, 0): "bank", (2, 0): "hotel", (3, 0): "port"}
    s = build(city, hands=[["transit_station"], OTHER])
    s, _ = act(s, play("transit_station", 3, 1))
    pairs = {((m["x1"], m["y1"]), (m["x2"], m["y2"])) for m in moves(s)}
    assert pairs == {((2, 0), (3, 0)), ((2, 0), (3, 1)), ((3, 0), (3, 1))}


def test_IC31_capitol_ignores_protection():
    city = {(0, 0): "power_station", (1, 0): ("bank", {1: 2}), (1, 1): ("hotel", {1: 1})}
    s = build(city, hands=[["capitol"], OTHER])
    s, _ = act(s, play("capitol", 2, 0))  # next to the protected Bank and nothing else
    assert s.cells[(1, 0)][2] == [1, 0]
    assert s.supply == [13, 14]


def test_IC32_a_tiles_own_instruction_acts_on_itself_even_protected():
    # Security Guard next to a Power Station may still empty itself.
    s = build({(0, 0): "power_station", (2, 0): ("bank", {1: 1})}, hands=[["security_guard"], OTHER])
    s, _ = act(s, play("security_guard", 1, 0))
    assert targets(s) == {(1, 0), (2, 0)}, "itself (protected) and the unprotected Bank"
    # A protected Hotel still takes Hotel tokens.
    h = build({(0, 0): "power_station", (1, 0): ("hotel", {1: 1})}, hands=[["bank"] * 5, OTHER])
    assert {"type": "hotel", "x": 1, "y": 0} in moves(h)
    # A protected Police HQ still gets everyone's token.
    p = build({(0, 0): "power_station"}, players=3, hands=[["police_hq"], OTHER, OTHER])
    p, _ = act(p, play("police_hq", 1, 0))
    assert p.cells[(1, 0)][2] == [1, 1, 1]
    # A protected Stadium still receives tokens (from an unprotected neighbour).
    st = build({(0, 0): "power_station", (2, 0): ("bank", {1: 1}), (2, 1): "bank"},
               hands=[["stadium"], OTHER])
    st, _ = act(st, play("stadium", 1, 0))
    assert st.cells[(1, 0)][2] == [1, 1] and st.cells[(2, 0)][2] == [0, 0]
    # A protected Bank still gives away the token on itself (to an unprotected tile).
    b = build({(0, 0): "power_station", (2, 0): ("hotel", {1: 1}), (2, 1): "hotel"}, hands=[["bank"], OTHER])
    b, _ = act(b, play("bank", 1, 0))
    assert b.cells[(1, 0)][2] == [0, 1] and b.cells[(2, 0)][2] == [1, 0]


def test_IC32_but_not_on_other_protected_tiles():
    # A Stadium may not take tokens from a protected neighbour.
    st = build({(0, 0): "power_station", (1, 0): ("bank", {1: 1}), (1, 1): ("bank", {1: 1})},
               hands=[["stadium"], OTHER])
    st, _ = act(st, play("stadium", 2, 1))  # touches (1, 1) only... and (2, 0) is empty
    assert st.cells[(2, 1)][2] == [1, 1]
    st2 = build({(0, 0): "power_station", (1, 0): ("bank", {1: 1}), (5, 0): "bank"}, hands=[["stadium"], OTHER])
    st2, log = act(st2, play("stadium", 2, 0))  # touches only the protected Bank
    assert st2.cells[(1, 0)][2] == [0, 1] and any(e.key == "infinitecity.no_effect" for e in log)


def test_IC33_placing_next_to_a_protected_tile_is_allowed():
    s = build({(0, 0): "power_station", (1, 0): "bank"}, hands=[["hotel"], OTHER])
    assert {(2, 0), (1, 1), (1, -1), (-1, 0), (0, 1), (0, -1)} <= targets(s)


def test_G21_moving_or_swapping_a_protected_tile_is_forbidden_but_moving_next_to_one_is_allowed():
    city = {(0, 0): "power_station", (1, 0): "bank", (3, 0): "hotel", (4, 0): "port"}
    s = build(city, hands=[["post_office"], OTHER])
    s, _ = act(s, play("post_office", 2, 0))
    assert (1, 0) not in targets(s) and (0, 0) not in targets(s)
    assert {(2, 0), (3, 0), (4, 0)} <= targets(s)
    s, _ = act(s, target(4, 0))
    assert (0, 1) in targets(s) and (-1, 0) in targets(s)
    s, _ = act(s, {"type": "place", "x": -1, "y": 0})
    assert (-1, 0) in protected_cells(s) and s.cells[(-1, 0)][0] == "port"


def test_G21_a_plaza_next_to_a_power_station_still_constrains_placement():
    s = build({(0, 0): "power_station", (1, 0): "plaza", (5, 0): "bank"}, hands=[["hotel"], OTHER])
    assert targets(s) == {(2, 0), (1, 1), (1, -1)}
