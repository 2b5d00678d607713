"""Tile instructions and their rulings (G5–G12, G14, G15, G18, G19, G22, G23)."""

from __future__ import annotations

import pytest

from games.infinitecity.engine.engine import ENGINE
from kit.base import IllegalMove

from .helpers import act, build, entry, keys, moves, place, play, target, targets, top

OTHER = ["bank", "transit_station"]
PICK = {"type": "pick_token"}


# ------------------------------------------------------------------ G5 face-down tiles

def test_G5_face_down_tiles_count_for_adjacency_are_empty_for_housing_and_are_targets():
    city = {(0, 0): ("bank", "down"), (1, 0): ("hotel", {1: 1}), (5, 5): ("plaza", "down")}
    s = build(city, hands=[["housing", "transit_station", "disaster_site"], OTHER])
    assert (-1, 0) in targets(s), "a face-down tile is part of the city"
    h, _ = act(s, play("housing", 0, 1))
    assert targets(h) == {(0, 0), (5, 5)}, "face-down tiles hold no token: empty"
    t, _ = act(s, play("transit_station", 0, 1))
    assert {((m["x1"], m["y1"]), (m["x2"], m["y2"])) for m in moves(t)} >= {((0, 0), (5, 5))}
    d, _ = act(s, play("disaster_site", 0, 1))
    assert targets(d) == {(0, 0), (1, 0), (5, 5)}
    assert all(not c[1] or c[0] != "bank" or xy != (0, 0) or not any(c[2]) for xy, c in h.cells.items())


def test_G5_nobody_knows_a_face_down_tile():
    s = ENGINE.new_game({}, 3, 4).state
    for seat in (None, 0, 1, 2):
        assert [c["tile"] for c in ENGINE.view(s, seat)["cells"]] == [None] * 5


# ------------------------------------------------------------------ G6 Capitol

def test_G6_capitol_player_picks_the_order_and_each_flip_resolves_before_the_next():
    city = {(1, 0): ("port", "down"), (-1, 0): ("bank", {1: 2}), (0, 1): ("hotel", "down"), (9, 9): "bank"}
    s = build(city, hands=[["capitol"], OTHER], pile_top=["housing"])
    s, _ = act(s, play("capitol", 0, 0))
    assert top(s) == "capitol" and targets(s) == {(1, 0), (-1, 0), (0, 1)}
    s, log = act(s, target(1, 0))
    assert "flip" in keys(log) and top(s) == "port", "the Port resolves before the Capitol goes on"
    s, _ = act(s, place(2, 0))
    assert top(s) == "capitol" and targets(s) == {(-1, 0), (0, 1)}
    s, _ = act(s, target(-1, 0))
    assert s.cells[(-1, 0)][2] == [1, 0] and s.supply[1] == 15
    assert s.cells[(0, 1)][:3] == ["hotel", True, [1, 0]], "the last one was forced"
    assert s.supply[0] == 15 - 4


def test_G6_capitol_with_too_few_tokens_places_what_it_has():
    city = {(1, 0): "bank", (-1, 0): "bank", (0, 1): "hotel", (9, 9): ("bank", {0: 13})}
    s = build(city, hands=[["capitol"], OTHER])
    s, log = act(s, play("capitol", 0, 0))  # the Capitol's token leaves 1 in supply
    assert s.supply[0] == 1 and top(s) == "capitol"
    s, log = act(s, target(0, 1))
    assert s.supply[0] == 0 and s.cells[(1, 0)][2] == [0, 0] and s.cells[(-1, 0)][2] == [0, 0]
    assert "final_round" in keys(log)


# ------------------------------------------------------------------ G7 Bank

def test_G7_bank_swaps_with_a_token_on_a_tile_you_do_not_control_picking_the_owner():
    city = {(1, 0): ("hotel", {1: 1, 2: 2}), (2, 0): ("hotel", {0: 1, 1: 1}), (3, 0): ("plaza", "down")}
    s = build(city, players=3, hands=[["bank"], OTHER, OTHER])
    s, log = act(s, play("bank", 0, 0))
    assert entry(log, "bank_target").params == {"seat": 0, "x": 1, "y": 0, "auto": True}, (
        "the only tile you do not control (face-down ones hold no token) is taken at once")
    assert top(s) == "bank_owner"
    assert moves(s) == [{"type": "pick_token", "owner": 1}, {"type": "pick_token", "owner": 2}]
    s, log = act(s, {"type": "pick_token", "owner": 2})
    assert s.cells[(0, 0)][2] == [0, 0, 1] and s.cells[(1, 0)][2] == [1, 1, 1]
    assert s.supply == [13, 13, 13], "a swap moves tokens, it returns none"


def test_G7_bank_without_a_target_has_no_effect():
    s = build({(1, 0): ("hotel", {0: 1}), (2, 0): "port"}, hands=[["bank"], OTHER])
    s, log = act(s, play("bank", 0, 0))
    assert entry(log, "no_effect").params == {"seat": 0, "kind": "bank"}
    assert s.cells[(0, 0)][2] == [1, 0] and s.turn == 1


# ------------------------------------------------------------------ G8 Disaster Site

def test_G8_disaster_site_any_other_tile_to_the_bottom_even_face_down_city_may_split():
    city = {(1, 0): ("port", {1: 2}), (2, 0): "hotel", (-5, 0): ("library", "down")}
    s = build(city, hands=[["disaster_site"], OTHER])
    s, _ = act(s, play("disaster_site", 0, 0))
    assert targets(s) == {(1, 0), (2, 0), (-5, 0)}, "not itself"
    split, log = act(s, target(1, 0))
    assert (1, 0) not in split.cells and split.supply[1] == 15
    assert split.pile[0] == "port" and split.pile_known[0] == 0b11, "face up: everyone knows it"
    assert entry(log, "disaster").params["tile"] == "port"
    down, log = act(s, target(-5, 0))
    assert down.pile[0] == "library" and down.pile_known[0] == 0
    assert "tile" not in entry(log, "disaster").params, "a face-down tile stays unknown"


# ------------------------------------------------------------------ G9 Post Office and Transit Station

def test_G9_post_office_moves_a_tile_with_tokens_next_to_another_tile_obeying_plaza():
    city = {(1, 0): ("hotel", {1: 2}), (2, 0): "bank", (-1, 0): "plaza"}
    s = build(city, hands=[["post_office"], OTHER])
    s, _ = act(s, play("post_office", 0, 0))  # next to the Plaza
    assert {(0, 0), (1, 0), (2, 0), (-1, 0)} == targets(s), "itself allowed"
    s, _ = act(s, target(1, 0))
    assert targets(s) == {(-2, 0), (-1, 1), (-1, -1)}
    with pytest.raises(IllegalMove):
        act(s, place(3, 0))
    s, log = act(s, place(-2, 0))
    assert (1, 0) not in s.cells and s.cells[(-2, 0)][:3] == ["hotel", True, [0, 2]]


def test_G9_post_office_destination_must_touch_another_tile():
    s = build({(1, 0): "hotel", (5, 5): "bank"}, hands=[["post_office"], OTHER])
    s, _ = act(s, play("post_office", 0, 0))
    s, _ = act(s, target(1, 0))
    assert (2, 0) not in targets(s) and (1, 0) not in targets(s)
    assert (0, 1) in targets(s) and (5, 4) in targets(s)


def test_G9_transit_swaps_any_two_tiles_with_tokens_ignoring_plaza():
    city = {(1, 0): ("hotel", {1: 2}), (2, 0): "plaza", (7, 7): ("bank", "down")}
    s = build(city, hands=[["transit_station"], OTHER])
    s, _ = act(s, play("transit_station", 0, 0)) if False else act(s, play("transit_station", 3, 0))
    s, log = act(s, {"type": "target2", "x1": 7, "y1": 7, "x2": 1, "y2": 0})  # either order
    assert s.cells[(7, 7)][:3] == ["hotel", True, [0, 2]] and s.cells[(1, 0)][:2] == ["bank", False]
    assert entry(log, "transit").params["x1"] == 1


# ------------------------------------------------------------------ G10, G19 Library

def test_G10_library_looks_at_five_plays_one_non_library_the_rest_to_the_bottom_in_order():
    s = build({(0, 0): "bank"}, hands=[["library"], OTHER],
              pile_top=["library", "hotel", "port", "housing", "bank", "factory"])
    s, log = act(s, play("library", 1, 0))
    assert entry(log, "library_seen").visible_to == (0,)
    assert entry(log, "library_seen").params["tiles"] == ["library", "hotel", "port", "housing", "bank"]
    assert {m["tile"] for m in moves(s)} == {"hotel", "port", "housing", "bank"}
    assert s.pile[-1] == "factory"
    s, log = act(s, play("hotel", 2, 0))
    assert s.pile[:4] == ["bank", "housing", "port", "library"], "first seen highest, last at the very bottom"
    assert all(k == 1 for k in s.pile_known[:4]), "only the Library's player knows them"


def test_G10_library_with_fewer_than_five_in_the_pile_looks_at_all():
    s = build({(0, 0): "bank"}, hands=[["library"], OTHER], pile_top=["hotel", "plaza"], rest_to=1)
    s, log = act(s, play("library", 1, 0))
    assert entry(log, "library_look").params["count"] == 2
    assert {m["tile"] for m in moves(s)} == {"hotel", "plaza"} and s.pile == []


def test_G19_all_libraries_seen_none_played_all_to_the_bottom_in_order():
    s = build({(0, 0): "bank"}, hands=[["library"], OTHER],
              pile_top=["library", "library", "library", "library", "library", "hotel"])
    s, log = act(s, play("library", 1, 0))
    assert entry(log, "library_bottom").params == {"seat": 0, "count": 5, "played": False}
    assert s.pile[:5] == ["library"] * 5
    assert s.hands[0][0] == "hotel", "the refill draws from the top: the tile under the five"
    assert s.turn == 1


def test_G19_the_rest_goes_to_the_bottom_only_after_the_played_tile_is_resolved():
    s = build({(0, 0): "bank"}, hands=[["library"], OTHER], pile_top=["port", "hotel", "factory", "plaza", "bank"])
    s, _ = act(s, play("library", 1, 0))
    s, _ = act(s, play("port", 2, 0))
    assert top(s) == "port" and s.stack[0]["k"] == "library_rest"
    assert len(s.pile) == 120 - 1 - 1 - 2 - 5 - 0  # box − city − hand − other hand − seen
    s, _ = act(s, place(3, 0))
    assert s.cells[(3, 0)][1] is False
    assert s.pile[:4] == ["bank", "plaza", "factory", "hotel"]


# ------------------------------------------------------------------ G11, G18 Temple

def test_G11_G18_temple_look_take_play_then_the_robbed_player_draws_after_the_chain():
    s = build({(0, 0): "bank"}, players=3, hands=[["temple"], ["port", "hotel"], []],
              pile_top=["housing", "plaza"])
    s.hands[2] = ["bank", "bank"]
    s, log = act(s, play("temple", 1, 0))
    assert moves(s) == [{"type": "pick_player", "seat": 1}, {"type": "pick_player", "seat": 2}]
    s, log = act(s, {"type": "pick_player", "seat": 1})
    assert entry(log, "temple_seen").visible_to == (0,) and entry(log, "temple_seen").params["tiles"] == [
        "hotel", "port"]
    assert ENGINE.view(s, 0)["players"][1]["known"] == [
        {"key": "hotel", "kind": "hotel", "bonus": 0, "silver": False},
        {"key": "port", "kind": "port", "bonus": 0, "silver": False}]
    assert ENGINE.view(s, 2)["players"][1]["known"] == []
    s, log = act(s, play("port", 2, 0))
    assert s.hands[1] == ["hotel"], "the robbed player has not drawn yet: the Port is resolving"
    assert top(s) == "port"
    s, log = act(s, place(3, 0))
    assert s.hands[1] == ["hotel", "plaza"], "the Port laid 'housing' face down; the draw came after"
    assert s.cells[(3, 0)][0] == "housing"


def test_G11_temple_only_players_holding_tiles():
    s = build({(0, 0): "bank"}, players=3, hands=[["temple"], [], ["port", "hotel"]])
    s, log = act(s, play("temple", 1, 0))
    assert entry(log, "temple").params == {"seat": 0, "holder": 2, "auto": True}, "seat 1 holds nothing"
    assert top(s) == "play" and {m["tile"] for m in moves(s)} == {"port", "hotel"}


# ------------------------------------------------------------------ G12 Mausoleum, Construction Site

def test_G12_mausoleum_face_up_tile_into_hand_everyone_knows_it():
    s = build({(1, 0): ("hotel", {1: 2}), (9, 9): "bank"}, hands=[["mausoleum"], OTHER])
    s, log = act(s, play("mausoleum", 0, 0))
    assert "hotel" in s.hands[0] and (1, 0) not in s.cells and s.supply[1] == 15
    assert ENGINE.view(s, 1)["players"][0]["known"][0]["key"] == "hotel"
    assert entry(log, "mausoleum").params["tile"] == "hotel"


def test_G12_mausoleum_face_down_tile_only_the_taker_sees_it():
    s = build({(1, 0): ("plaza", "down"), (9, 9): "bank"}, hands=[["mausoleum"], OTHER])
    s, log = act(s, play("mausoleum", 0, 0))
    assert "plaza" in s.hands[0]
    assert ENGINE.view(s, 1)["players"][0]["known"] == []
    assert "tile" not in entry(log, "mausoleum").params
    assert entry(log, "mausoleum_seen").visible_to == (0,)


def test_G12_construction_site_with_an_empty_hand_has_no_effect():
    s = build({(0, 0): "bank"}, hands=[["construction_site"], OTHER], pile_top=["hotel"])
    s, log = act(s, play("construction_site", 1, 0))
    assert entry(log, "no_effect").params["kind"] == "construction_site"


# ------------------------------------------------------------------ G14 Shopping Complex

def test_G14_shopping_complex_swaps_hands_even_with_an_empty_one_and_both_see_them():
    s = build({(0, 0): "bank"}, players=3, hands=[["shopping_complex", "port", "hotel"], [], ["bank", "plaza"]],
              pile_top=["housing"] * 8)
    s, log = act(s, play("shopping_complex", 1, 0))
    assert moves(s) == [{"type": "pick_player", "seat": 1}, {"type": "pick_player", "seat": 2}]
    s2, log = act(s, {"type": "pick_player", "seat": 2})
    assert s2.hands[2] == ["port", "hotel"]
    assert sorted(s2.hands[0][:2]) == ["bank", "plaza"]
    assert {k["key"] for k in ENGINE.view(s2, 0)["players"][2]["known"]} == {"port", "hotel"}
    assert {k["key"] for k in ENGINE.view(s2, 2)["players"][0]["known"]} >= {"bank", "plaza"}
    assert ENGINE.view(s2, 1)["players"][0]["known"] == []
    empty, _ = act(s, {"type": "pick_player", "seat": 1})
    assert empty.hands[1] == ["port", "hotel"] and len(empty.hands[0]) == 5


# ------------------------------------------------------------------ G15 Arboretum, Stadium

def test_G15_arboretum_up_to_three_may_take_its_own_token_and_may_stop():
    city = {(1, 0): ("hotel", {0: 2}), (2, 0): ("bank", {0: 1, 1: 1}), (3, 0): "port"}
    s = build(city, hands=[["arboretum"], OTHER])
    s, _ = act(s, play("arboretum", 0, 0))
    assert targets(s) == {(0, 0), (1, 0), (2, 0)} and {"type": "stop"} in moves(s)
    s, _ = act(s, target(0, 0))
    s, _ = act(s, target(1, 0))
    stopped, log = act(s, {"type": "stop"})
    assert stopped.supply[0] == 15 - 4 + 2 and stopped.turn == 1
    s, _ = act(s, target(1, 0))
    assert s.supply[0] == 15 - 4 + 3 and top(s) is None and s.turn == 1, "three at most"


def test_G15_stadium_one_token_of_any_owner_or_all():
    city = {(1, 0): ("hotel", {0: 1, 1: 2}), (9, 9): "bank"}
    s = build(city, hands=[["stadium"] * 3, OTHER])
    s, _ = act(s, play("stadium", 0, 0))
    assert moves(s) == [{"type": "pick_token", "owner": 0}, {"type": "pick_token", "owner": 1},
                        {"type": "all_tokens"}]
    one, _ = act(s, {"type": "pick_token", "owner": 1})
    assert one.cells[(0, 0)][2] == [1, 1] and one.cells[(1, 0)][2] == [1, 1]
    everything, _ = act(s, {"type": "all_tokens"})
    assert everything.cells[(0, 0)][2] == [2, 2] and everything.cells[(1, 0)][2] == [0, 0]


# ------------------------------------------------------------------ G22 optional and compulsory

def test_G22_compulsory_effects_are_forced_when_possible_optional_ones_may_stop():
    s = build({(1, 0): ("hotel", {1: 1}), (9, 9): "bank"}, hands=[["embassy"], OTHER])
    s, log = act(s, play("embassy", 0, 0))
    assert s.cells[(1, 0)][2] == [1, 0] and entry(log, "embassy").params["auto"] is True
    a = build({(1, 0): ("hotel", {0: 1})}, hands=[["arboretum"], OTHER])
    a, _ = act(a, play("arboretum", 0, 0))
    assert {"type": "stop"} in moves(a)
    with pytest.raises(IllegalMove):
        act(a, {"type": "pass"})


# ------------------------------------------------------------------ G23 Security Guard, Disaster Site

def test_G23_security_guard_needs_a_tile_with_tokens_itself_included():
    s = build({(1, 0): "hotel", (2, 0): ("bank", {1: 1}), (9, 9): ("plaza", "down")},
              hands=[["security_guard"], OTHER])
    s, _ = act(s, play("security_guard", 0, 0))
    assert targets(s) == {(0, 0), (2, 0)}


def test_G23_disaster_site_may_target_a_tile_without_token_not_itself():
    s = build({(1, 0): "hotel"}, hands=[["disaster_site"], OTHER])
    s, log = act(s, play("disaster_site", 0, 0))
    assert entry(log, "disaster").params["x"] == 1 and entry(log, "disaster").params["auto"] is True
    assert list(s.cells) == [(0, 0)]
