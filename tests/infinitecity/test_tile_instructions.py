"""IC01: the instructions of the tiles whose rules have no ruling of their own (Embassy, Factory);
the other kinds are tested under their rule or ruling (test_tiles.py, test_turn.py, test_protection.py)."""

from __future__ import annotations

from .helpers import act, build, entry, keys, play, target, targets, top

OTHER = ["bank", "transit_station"]


def test_IC01_embassy_puts_your_token_on_an_adjacent_tile_and_the_tokens_there_go_home():
    city = {(0, 0): ("bank", {1: 2}), (2, 0): ("hotel", {0: 1}), (0, 5): ("port", {1: 1})}
    s = build(city, hands=[["embassy"], OTHER])
    s, _ = act(s, play("embassy", 1, 0))
    assert top(s) == "embassy" and targets(s) == {(0, 0), (2, 0)}, "adjacent tiles only, never itself"
    s, log = act(s, target(0, 0))
    assert s.cells[(0, 0)][2] == [1, 0] and s.supply[1] == 15 - 1, "Blue's two tokens went back (its Port token stays)"
    assert s.supply[0] == 15 - 3 and s.cells[(0, 5)][2] == [0, 1]
    assert entry(log, "embassy").params["returned"] and s.turn == 1


def test_IC01_embassy_on_a_tile_of_its_own_player_sends_every_token_there_home_then_puts_one():
    s = build({(0, 0): ("bank", {0: 2}), (0, 5): "port"}, hands=[["embassy"], OTHER])
    s, log = act(s, play("embassy", 1, 0))  # the only adjacent tile: taken automatically
    assert s.cells[(0, 0)][2] == [1, 0] and s.supply[0] == 15 - 2, "one on the Embassy, one on the Bank"
    assert entry(log, "embassy").params["auto"] is True


def test_IC01_factory_after_the_refill_draws_five_more():
    s = build({(0, 0): "plaza"}, hands=[["factory", "bank"], ["hotel"]], pile_top=["housing"] * 4 + ["port"] * 8)
    s, log = act(s, play("factory", 1, 0))
    assert entry(log, "factory").params == {"seat": 0, "draws": 5}
    assert len(s.hands[0]) == 10 and entry(log, "draw").params == {"seat": 0, "count": 9}
    assert s.turn == 1 and s.factory == 0, "only this turn's draw"
    s, _ = act(s, play("hotel", -1, 0))
    # That player's next refill: ten tiles in hand, so none (IC23).
    s, log = act(s, play("housing", 0, 1))
    assert len(s.hands[0]) == 9 and "draw" not in keys(log)


def test_IC01_factory_draws_what_the_pile_holds():
    s = build({(0, 0): "plaza"}, hands=[["factory", "bank"], OTHER], pile_top=["housing"] * 6, rest_to=1)
    s, log = act(s, play("factory", 1, 0))
    assert len(s.pile) == 0 and len(s.hands[0]) == 1 + 6 and entry(log, "draw").params["count"] == 6
