"""Hidden information (G16, and G5/G10–G12/G14 as seen from the other seats): hands, the
pile, face-down tiles and what a Library, Temple or Shopping Complex showed stay with the
seat that saw them; hand sizes are public; spectators see counts."""

from __future__ import annotations

import json
from collections import Counter

import pytest

from games.infinitecity.engine.engine import ENGINE
from games.infinitecity.engine.hidden import scramble_unknown
from games.infinitecity.engine.invariants import CHEAP

from .games import positions
from .helpers import act, build, place, play


@pytest.mark.parametrize("players,seed", [(2, 31), (3, 32), (4, 33), (6, 34)])
def test_G16_a_view_does_not_change_when_what_its_seat_may_not_know_changes(players, seed):
    checked = changed = 0
    for n, (state, _move) in enumerate(positions(players, seed, every=2)):
        for viewer in [None, *range(players)]:
            other = scramble_unknown(state, viewer, seed * 1000 + n)
            for fn in CHEAP:
                assert fn(other) is None, (fn.__name__, fn(other))
            assert ENGINE.view(other, viewer) == ENGINE.view(state, viewer), (n, viewer)
            if viewer == state.turn and state.stage != "over":
                assert ENGINE.legal_moves(other, viewer) == ENGINE.legal_moves(state, viewer)
            changed += ENGINE.dump(other) != ENGINE.dump(state)
            checked += 1
    assert checked > 50 and changed > checked // 2, "the scrambles must really change hidden things"


def test_G16_hand_sizes_public_contents_private_spectators_see_counts():
    s = ENGINE.new_game({}, 4, 8).state
    spectator = ENGINE.view(s, None)
    assert [p["hand_count"] for p in spectator["players"]] == [5, 5, 5, 5]
    assert all(p["hand"] is None and p["known"] == [] for p in spectator["players"])
    assert spectator["pile"] == {"count": 95, "known": []}
    text = json.dumps(spectator)
    assert '"key"' not in text, "no tile is named"


def test_G16_the_engine_records_who_has_seen_which_tile():
    s = build({(0, 0): "bank"}, players=3, hands=[["library", "temple"], ["temple", "hotel"], ["plaza"]],
              pile_top=["housing", "factory", "bank", "hotel", "embassy", "security_guard"])
    s, _ = act(s, play("library", 1, 0))
    s, _ = act(s, play("housing", 0, 1))  # its token goes on the only empty tile, the Bank
    assert s.turn == 1 and s.hands[0][:2] == ["temple", "security_guard"], "the refill drew from the top"
    bottom = ENGINE.view(s, 0)["pile"]["known"]
    n = len(s.pile)
    assert [(k["depth"], k["tile"]["key"]) for k in bottom] == [
        (n - 4, "factory"), (n - 3, "bank"), (n - 2, "hotel"), (n - 1, "embassy")]
    assert ENGINE.view(s, 1)["pile"]["known"] == [] and ENGINE.view(s, None)["pile"]["known"] == []
    # Seat 1 takes a look at seat 0's hand with a Temple: it knows it; seat 2 does not.
    s, _ = act(s, play("temple", 2, 0))
    s, _ = act(s, {"type": "pick_player", "seat": 0})
    assert sorted(k["key"] for k in ENGINE.view(s, 1)["players"][0]["known"]) == sorted(s.hands[0])
    assert ENGINE.view(s, 2)["players"][0]["known"] == []


def test_G16_a_library_look_is_shown_to_its_player_only_while_it_is_deciding():
    s = build({(0, 0): "bank"}, hands=[["library"], ["hotel", "plaza"]],
              pile_top=["port", "hotel", "factory", "plaza", "bank"])
    s, log = act(s, play("library", 1, 0))
    mine, theirs = ENGINE.view(s, 0)["stack"][-1], ENGINE.view(s, 1)["stack"][-1]
    assert [t["key"] for t in mine["tiles"]] == ["port", "hotel", "factory", "plaza", "bank"]
    assert theirs["tiles"] == [None] * 5 and theirs["kind"] == "play" and theirs["via"] == "library"
    s, _ = act(s, play("port", 2, 0))
    assert [t["key"] for t in ENGINE.view(s, 0)["stack"][0]["tiles"]] == ["hotel", "factory", "plaza", "bank"]
    assert ENGINE.view(s, None)["stack"][0]["tiles"] == [None] * 4
    s, _ = act(s, place(3, 0))
    assert ENGINE.view(s, 0)["cells"][-1]["tile"] is None, "the Port's tile: face down, unseen"
    known = ENGINE.view(s, 0)["pile"]["known"]
    assert [k["tile"]["key"] for k in known] == ["hotel", "factory", "plaza", "bank"]
    assert [k["depth"] for k in known] == [len(s.pile) - 4 + i for i in range(4)], "first seen highest"


def test_G16_private_log_lines_are_marked_for_their_seat():
    seen = Counter()
    for state, move in positions(3, 41):
        if move is None:
            break
        for e in ENGINE.apply(state, state.turn, move).log:
            if any(k in e.params for k in ("tiles",)) and e.key != "infinitecity.setup":
                assert e.visible_to == (e.params["seat"],), e
                seen[e.key] += 1
            if e.key in ("infinitecity.disaster", "infinitecity.mausoleum") and "tile" in e.params:
                assert e.visible_to is None
    assert seen["infinitecity.drawn"] > 5


def test_G16_move_reveals_hidden_for_draws_flips_and_looks_only():
    hands = [["embassy"] * 6 + ["port"], ["hotel"] * 2]
    flip = build({(1, 0): ("port", "down"), (9, 9): "bank"}, hands=hands)
    after, _ = act(flip, play("embassy", 0, 0))
    assert ENGINE.move_reveals_hidden(flip, after), "a flip"
    city = {(1, 0): ("hotel", {1: 1}), (-1, 0): ("bank", {1: 1})}
    full = build(city, hands=hands)
    a, _ = act(full, play("embassy", 0, 0))
    assert not ENGINE.move_reveals_hidden(full, a), "a tile played, its target still to choose"
    b, _ = act(a, {"type": "target", "x": 1, "y": 0})
    assert b.turn == 1 and not ENGINE.move_reveals_hidden(a, b), "six tiles left: no draw, nothing shown"
    short = build(city, hands=[["embassy", "port"], ["hotel"] * 2])
    a, _ = act(short, play("embassy", 0, 0))
    b, _ = act(a, {"type": "target", "x": 1, "y": 0})
    assert ENGINE.move_reveals_hidden(a, b), "the turn ended with a draw"
    lib = build({(0, 0): "bank"}, hands=[["library"] + hands[0][1:], hands[1]])
    c, _ = act(lib, play("library", 1, 0))
    assert ENGINE.move_reveals_hidden(lib, c), "a look"


@pytest.mark.parametrize("players,seed", [(3, 51), (5, 52)])
def test_G16_redraw_changes_only_what_nobody_knows(players, seed):
    checked = 0
    for n, (state, _move) in enumerate(positions(players, seed, every=3)):
        new = ENGINE.redraw_hidden(state, 99 + n)
        for seat in [None, *range(players)]:
            assert ENGINE.view(new, seat) == ENGINE.view(state, seat)
        if state.stage != "over":
            assert ENGINE.legal_moves(new, state.turn) == ENGINE.legal_moves(state, state.turn)
        for fn in CHEAP:
            assert fn(new) is None
        assert Counter(new.pile) == Counter(state.pile) or state.cells != new.cells
        checked += 1
    assert checked > 20
    s = ENGINE.new_game({}, 4, 3).state
    one, again, other = (ENGINE.redraw_hidden(s, k) for k in (5, 5, 6))
    assert ENGINE.dump(one) == ENGINE.dump(again) and ENGINE.dump(one) != ENGINE.dump(other)
    assert one.hands == s.hands, "hands are known to their holders"
