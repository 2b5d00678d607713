"""A turn (IC20–IC27)."""

from __future__ import annotations

import pytest

from games.infinitecity.engine.engine import ENGINE
from games.infinitecity.engine.scoring import breakdown
from kit.base import IllegalMove

from .helpers import act, build, entry, keys, moves, play, target, targets, top

OTHER = ["bank", "transit_station"]  # seat 1 holds two tiles: its turn is a real choice


def test_IC20_a_tile_goes_face_up_next_to_the_city_with_a_token_then_its_instruction():
    s = build({(0, 0): ("plaza", "down")}, hands=[["security_guard", "hotel"], OTHER])
    assert targets(s) == {(1, 0), (-1, 0), (0, 1), (0, -1)}
    assert {m["tile"] for m in moves(s)} == {"security_guard", "hotel"}
    s2, log = act(s, play("hotel", 0, 1))
    assert s2.cells[(0, 1)] == ["hotel", True, [1, 0], 0]
    assert s2.supply == [14, 15]
    assert s2.hands[0][:1] == ["security_guard"]
    assert entry(log, "play").params == {"seat": 0, "tile": "hotel", "kind": "hotel", "x": 0, "y": 1,
                                         "via": "turn", "auto": False}
    # The instruction follows: a Security Guard must return the tokens of a tile (itself here).
    s3, log = act(s, play("security_guard", 1, 0))
    assert "security" in keys(log) and s3.cells[(1, 0)][2] == [0, 0]


@pytest.mark.parametrize("cell", [(2, 0), (1, 1), (0, 0)])
def test_IC20_not_next_to_the_city_or_on_a_tile_is_refused(cell):
    s = build({(0, 0): ("plaza", "down")}, hands=[["hotel"], OTHER])
    with pytest.raises(IllegalMove) as err:
        act(s, play("hotel", *cell))
    assert err.value.key in ("infinitecity.error.not_adjacent", "infinitecity.error.cell_taken")
    with pytest.raises(IllegalMove) as err:
        act(s, play("bank", 1, 0))
    assert err.value.key == "infinitecity.error.not_in_hand"


def test_IC21_a_token_on_a_face_down_tile_flips_it_and_resolves_it():
    s = build({(0, 0): ("port", "down"), (5, 5): "bank"}, hands=[["embassy"], OTHER], pile_top=["bank"])
    s, log = act(s, play("embassy", 1, 0))  # Embassy: the only adjacent tile is the Port: forced
    assert s.cells[(0, 0)][:3] == ["port", True, [1, 0]]
    assert entry(log, "flip").params["tile"] == "port"
    assert top(s) == "port", "the flipped Port's instruction is now due"


def test_IC21_a_token_on_a_face_up_tile_never_resolves_it():
    s = build({(0, 0): "port", (1, 0): ("plaza", "down")}, hands=[["housing"], OTHER], pile_top=["bank"])
    s, log = act(s, play("housing", -1, 0))
    assert set(targets(s)) == {(0, 0), (1, 0)}
    s, log = act(s, target(0, 0))
    assert s.cells[(0, 0)][2] == [1, 0]
    assert "port" not in keys(log) and s.stage == "turn" and s.turn == 1


def test_IC22_a_tile_played_by_an_instruction_gets_a_token_and_is_resolved():
    s = build({(0, 0): "plaza"}, hands=[["construction_site", "port"], OTHER], pile_top=["bank"])
    s, log = act(s, play("construction_site", 1, 0))
    assert top(s) == "play"
    s, log = act(s, play("port", 0, 1))
    assert s.cells[(0, 1)][2] == [1, 0] and s.supply[0] == 13
    assert top(s) == "port"


def test_IC23_draw_up_to_five_and_none_with_five_or_more():
    s = build({(0, 0): "plaza"}, hands=[["hotel", "bank"], OTHER], pile_top=["housing"] * 5)
    s, log = act(s, play("hotel", 1, 0))
    assert len(s.hands[0]) == 5 and s.hands[0][1:] == ["housing"] * 4
    assert entry(log, "draw").params == {"seat": 0, "count": 4}
    assert entry(log, "drawn").visible_to == (0,)
    full = build({(0, 0): "plaza"}, hands=[["hotel"] + ["bank"] * 5, OTHER])
    full, log = act(full, play("hotel", 1, 0))
    assert len(full.hands[0]) == 5 and "draw" not in keys(log)


def test_IC24_hotel_instead_of_a_tile_only_without_a_token_there():
    s = build({(0, 0): ("hotel", {1: 1}), (1, 0): ("hotel", {0: 1})}, hands=[["bank"] * 5, OTHER])
    assert {"type": "hotel", "x": 0, "y": 0} in moves(s)
    assert {"type": "hotel", "x": 1, "y": 0} not in moves(s)
    s, log = act(s, {"type": "hotel", "x": 0, "y": 0})
    assert s.cells[(0, 0)][2] == [1, 1] and s.supply[0] == 13 and s.turn == 1
    assert "flip" not in keys(log) and keys(log)[0] == "hotel"


def test_IC25_plaza_every_placement_next_to_a_plaza_while_possible():
    s = build({(0, 0): "plaza", (1, 0): "bank", (2, 0): "bank", (3, 0): ("plaza", "down")},
              hands=[["hotel"], OTHER])
    assert targets(s) == {(-1, 0), (0, 1), (0, -1)}, "a face-down Plaza does not count"
    with pytest.raises(IllegalMove) as err:
        act(s, play("hotel", 4, 0))
    assert err.value.key == "infinitecity.error.plaza"
    closed = build({(0, 0): "plaza", (1, 0): "bank", (-1, 0): "bank", (0, 1): "bank", (0, -1): "bank"},
                   hands=[["hotel"], OTHER])
    assert len(targets(closed)) == 8, "a Plaza with no free side constrains nothing"


def test_IC25_plaza_rules_a_port_placement():
    s = build({(0, 0): "plaza", (3, 0): "hotel", (2, 0): "bank", (1, 0): "bank"},
              hands=[["port"], OTHER], pile_top=["housing"])
    s, _ = act(s, play("port", 0, 1))
    assert targets(s) == {(-1, 0), (0, -1)}


def test_IC26_control_is_any_token_whatever_the_count():
    s = build({(0, 0): ("bank", {0: 3, 1: 1}), (1, 0): ("bank", {1: 1}), (2, 0): ("bank", {0: 1, 1: 1})})
    d = breakdown(s)
    assert d[0]["tiles"] == 2 and d[1]["tiles"] == 3
    assert d[1]["groups"] == [3] and d[0]["groups"] == []


def test_IC27_returned_tokens_go_back_to_their_owners_supplies():
    s = build({(0, 0): ("bank", {0: 2, 1: 3}), (1, 0): ("plaza", "down")}, hands=[["security_guard"], OTHER])
    s, log = act(s, play("security_guard", 0, 1))
    s, log = act(s, target(0, 0))
    assert s.cells[(0, 0)][2] == [0, 0]
    assert s.supply == [15 - 1, 15], "the Security Guard's own token stays"
    assert entry(log, "security").params["returned"] == [2, 3]
    again = ENGINE.legal_moves(s, s.turn)
    assert again
