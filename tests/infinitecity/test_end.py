"""End of the game (IC40, IC41, G2, G3, G4, G13, G20)."""

from __future__ import annotations

from games.infinitecity.engine.engine import ENGINE

from .helpers import act, build, entry, keys, place, play, target, top

QUIET = ["hotel", "plaza"]  # tiles without an instruction when played: a turn is one move


def lines(log, key):
    return [e.params for e in log if e.key == f"infinitecity.{key}"]


def test_IC40_last_token_then_each_other_player_one_turn_then_the_end():
    s = build({(0, 0): ("bank", {0: 14})}, players=3, hands=[["hotel", "port"], QUIET, QUIET])
    s, log = act(s, play("hotel", 1, 0))
    assert entry(log, "final_round").params == {"seat": 0, "queue": [1, 2]}
    assert s.turn == 1 and len(s.hands[0]) == 5, "the turn ends normally, with the refill"
    s, _ = act(s, play("hotel", 2, 0))
    assert s.turn == 2 and not ENGINE.is_over(s)
    s, log = act(s, play("hotel", 3, 0))
    assert ENGINE.is_over(s) and s.over_reason == "last_token"
    assert entry(log, "game_over").params["reason"] == "last_token"


def test_IC40_the_instruction_being_resolved_is_finished():
    s = build({(0, 0): ("bank", {0: 14}), (1, 0): ("hotel", {1: 1})}, hands=[["security_guard"], QUIET])
    s, log = act(s, play("security_guard", 0, 1))
    assert "final_round" in keys(log) and top(s) == "security", "the Security Guard still acts"


def test_IC40_a_player_without_token_when_the_last_turn_comes_passes():
    # G2 + G3: seat 0 plays a Police HQ; seats 1 and 2 put their last tokens on it.
    s = build({(0, 0): ("bank", {1: 14, 2: 14})}, players=3, hands=[["police_hq", "port"], QUIET, QUIET])
    s, log = act(s, play("police_hq", 1, 0))
    assert s.cells[(1, 0)][2] == [1, 1, 1] and s.supply == [14, 0, 0]
    assert entry(log, "final_round").params == {"seat": 1, "queue": [2, 0]}, "G3: from the next seat, minus seat 1"
    assert entry(log, "last_token").params == {"seat": 2}, "a second player running out changes nothing"
    assert lines(log, "pass") == [{"seat": 2, "tokens": 0, "auto": True}], "seat 2's last turn: no token"
    assert s.turn == 0 and s.end["queue"] == []


def test_G2_police_hq_everyone_with_a_token_puts_one_automatically():
    s = build({(0, 0): ("bank", {2: 15})}, players=4, hands=[["police_hq"], QUIET, QUIET, QUIET],
              end={"mode": "final", "trigger": 2, "queue": [1, 3]})
    s, log = act(s, play("police_hq", 1, 0))
    assert s.cells[(1, 0)][2] == [1, 1, 0, 1], "seat 2 has no token in supply"
    assert entry(log, "police").params == {"seat": 0, "x": 1, "y": 0, "seats": [1, 3]}


def test_G3_non_active_runs_out_the_active_turn_ends_then_everyone_else_the_active_last():
    s = build({(0, 0): ("bank", {2: 14})}, players=4, hands=[["police_hq", "hotel"], QUIET, QUIET, QUIET])
    s, log = act(s, play("police_hq", 1, 0))
    assert entry(log, "final_round").params == {"seat": 2, "queue": [1, 3, 0]}
    played = []
    x = 2
    while not ENGINE.is_over(s):
        played.append(s.turn)
        s, _ = act(s, play("hotel", x, 0))
        x += 1
    assert played == [1, 3, 0], "seat 2 (out of tokens) gets no turn; the interrupted seat 0 plays last"


def test_G3_no_further_tile_is_played_after_a_non_active_player_runs_out():
    city = {(0, 0): ("bank", {1: 14}), (1, 0): ("police_hq", "down"), (1, 2): ("construction_site", "down")}
    s = build(city, hands=[["capitol", "port", "hotel"], QUIET])
    s, _ = act(s, play("capitol", 1, 1))
    s, log = act(s, target(1, 0))  # the Police HQ first: seat 1 puts its last token
    assert entry(log, "final_round").params == {"seat": 1, "queue": [0]}
    assert lines(log, "no_effect") == [{"seat": 0, "kind": "construction_site"}], "flipped, but no tile played"
    assert s.turn == 0 and s.end["queue"] == [], "2 players: only the interrupted seat 0 plays once more"


def test_G4_tokens_coming_back_after_the_trigger_do_not_cancel_it():
    s = build({(0, 0): ("bank", {0: 14}), (1, 0): "port"}, hands=[["arboretum", "hotel"], QUIET])
    s, log = act(s, play("arboretum", 0, 1))
    assert "final_round" in keys(log)
    for xy in ((0, 0), (0, 0), (0, 1)):
        s, _ = act(s, target(*xy))
    assert s.supply[0] == 3 and s.end == {"mode": "final", "trigger": 0, "queue": []}
    assert s.turn == 1
    s, log = act(s, play("hotel", 2, 0))
    assert ENGINE.is_over(s), "seat 0 gets no further turn though it holds tokens again"


def test_G13_empty_pile_no_draw_a_player_with_nothing_passes_a_round_of_passes_ends():
    s = build({(0, 0): "bank"}, players=3, hands=[["hotel", "plaza"], [], []], rest_to="city")
    assert s.pile == []
    s, log = act(s, play("hotel", 1, 0))
    assert s.hands[0] == ["plaza"] and "draw" not in keys(log), "nothing to draw"
    assert [p["seat"] for p in lines(log, "hotel")] == [1, 2], "seats 1 and 2 can only use the Hotel"
    assert s.turn == 0 and not ENGINE.is_over(s)
    s, log = act(s, play("plaza", 2, 0))
    assert lines(log, "pass") == [{"seat": s2, "tokens": 14, "auto": True} for s2 in (1, 2)] + [
        {"seat": 0, "tokens": 13, "auto": True}]
    assert ENGINE.is_over(s) and s.over_reason == "all_passed"


def test_G20_after_a_last_token_no_tile_enters_through_construction_site_library_or_temple():
    cs = build({(0, 0): ("bank", {0: 14})}, hands=[["construction_site", "hotel"], QUIET])
    cs, log = act(cs, play("construction_site", 1, 0))
    assert entry(log, "no_effect").params["kind"] == "construction_site" and cs.turn == 1
    lib = build({(0, 0): ("bank", {0: 14})}, hands=[["library"], QUIET], pile_top=["hotel", "port", "bank"])
    lib, log = act(lib, play("library", 1, 0))
    assert entry(log, "library_seen").params["tiles"][:3] == ["hotel", "port", "bank"], "it still looks"
    assert entry(log, "library_bottom").params == {"seat": 0, "count": 5, "played": False}
    tem = build({(0, 0): ("bank", {0: 14})}, hands=[["temple"], QUIET])
    tem, log = act(tem, play("temple", 1, 0))
    assert "temple_seen" in keys(log), "the look still happens"
    assert entry(log, "no_effect").params["kind"] == "temple" and tem.hands[1] == QUIET, "nothing taken"
    assert "draw" not in [k for k, e in zip(keys(log), log) if e.params.get("seat") == 1]


def test_G20_a_port_is_still_laid_and_a_post_office_still_moves():
    port = build({(0, 0): ("bank", {0: 14})}, hands=[["port"], QUIET], pile_top=["hotel"])
    port, _ = act(port, play("port", 1, 0))
    assert top(port) == "port"
    port, log = act(port, place(2, 0))
    assert port.cells[(2, 0)][:2] == ["hotel", False]
    post = build({(0, 0): ("bank", {0: 14}), (5, 0): "hotel"}, hands=[["post_office"], QUIET])
    post, _ = act(post, play("post_office", 1, 0))
    post, _ = act(post, target(5, 0))
    post, log = act(post, place(2, 0))
    assert post.cells[(2, 0)][0] == "hotel" and (5, 0) not in post.cells


def test_G20_a_library_chosen_tile_that_takes_the_last_token_still_sends_the_rest_down():
    s = build({(0, 0): ("bank", {0: 13})}, hands=[["library"], QUIET], pile_top=["construction_site", "hotel"])
    s, _ = act(s, play("library", 1, 0))
    s, log = act(s, play("construction_site", 2, 0))
    assert "final_round" in keys(log) and entry(log, "no_effect").params["kind"] == "construction_site"
    assert entry(log, "library_bottom").params["played"] is True


def test_IC41_all_five_power_stations_in_play_end_the_game_at_once():
    city = {(0, 0): "power_station", (4, 0): "power_station", (8, 0): "power_station",
            (12, 0): "power_station", (1, 0): ("bank", {1: 2})}
    s = build(city, hands=[["power_station", "port"], QUIET])
    s, log = act(s, play("power_station", 0, 1))
    assert ENGINE.is_over(s) and s.over_reason == "power_stations"
    assert "draw" not in keys(log) and "final_round" not in keys(log)
    assert ENGINE.result(s) is not None


def test_IC41_a_face_down_one_counts_once_flipped():
    city = {(0, 0): "power_station", (4, 0): "power_station", (8, 0): "power_station",
            (12, 0): ("power_station", "down"), (16, 0): ("power_station", "down"), (20, 0): "bank"}
    s = build(city, hands=[["housing", "port"], QUIET])
    assert not ENGINE.is_over(s)
    s, _ = act(s, play("housing", 13, 0))
    s, log = act(s, target(12, 0))
    assert not ENGINE.is_over(s) and s.cells[(12, 0)][1], "four face up"
    e = build(city | {(12, 0): "power_station"}, hands=[["embassy"], QUIET])
    e, log = act(e, play("embassy", 16, 1))
    assert entry(log, "flip").params["kind"] == "power_station"
    assert ENGINE.is_over(e) and e.over_reason == "power_stations"


def test_IC41_a_game_ending_inside_a_library_chain_keeps_the_tiles_set_aside():
    city = {(0, 0): "power_station", (4, 0): "power_station", (8, 0): "power_station",
            (12, 0): "power_station", (1, 0): ("bank", {1: 2})}
    s = build(city, hands=[["library"], QUIET], pile_top=["power_station", "hotel", "port"])
    s, _ = act(s, play("library", 1, 1))
    s, log = act(s, play("power_station", 0, 1))
    assert ENGINE.is_over(s) and s.over_reason == "power_stations"
    assert s.pile[2:4] == ["port", "hotel"] and len(s.pile) == 120 - 7 - 2, "city 7, seat 1 holds 2"
