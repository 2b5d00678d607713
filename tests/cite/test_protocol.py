"""The engine contract: JSON round trip, checked loading, views (nothing hidden), legal moves with
ranges that ``apply`` accepts once filled, refusals that change nothing."""

from __future__ import annotations

import json
import random

import pytest

from games.cite.engine.engine import ENGINE
from games.cite.engine.params import conforms, sample
from kit.base import IllegalMove, InvalidState
from kit.params import expand, find_legal

from .helpers import apply, give, new, window


def _random_state(seed, moves=150):
    s = ENGINE.new_game({}, 4, seed).state
    rnd = random.Random(seed)
    for _ in range(moves):
        if ENGINE.is_over(s):
            break
        seat = rnd.choice(sorted(ENGINE.pending(s) | ENGINE.may_act(s)))
        legal = ENGINE.legal_moves(s, seat)
        s = ENGINE.apply(s, seat, ENGINE.sample_move(s, seat, rnd.choice(legal), rnd)).state
    return s


def test_json_round_trip():
    for seed in range(5):
        s = _random_state(seed)
        text = json.dumps(ENGINE.dump(s), sort_keys=True)
        again = ENGINE.load(json.loads(text))
        assert json.dumps(ENGINE.dump(again), sort_keys=True) == text
        assert again.cells == s.cells


def test_load_refuses_a_broken_state():
    data = ENGINE.dump(_random_state(3))
    data["seats"][0]["res"]["wood"] += 5  # resources out of nowhere
    with pytest.raises(InvalidState) as e:
        ENGINE.load(data)
    assert "resources_conserved" in str(e.value)
    with pytest.raises(InvalidState):
        ENGINE.load({"schema_version": 99})
    with pytest.raises(InvalidState):
        ENGINE.load({"schema_version": 1, "players": 3})


def test_views_hide_nothing_and_are_the_same_for_every_seat():
    """Cité has no hidden information: resources are open (CT01), offers public (ruling)."""
    s = _random_state(4)
    views = [ENGINE.view(s, seat) for seat in (0, 1, 2, 3, None)]
    for v in views:
        v.pop("viewer")
    assert all(v == views[0] for v in views)
    assert ENGINE.move_reveals_hidden(new(), s) is False


def test_every_legal_move_filled_from_its_ranges_is_accepted():
    rnd = random.Random(9)
    checked = 0
    for seed in range(10):
        s = _random_state(seed, moves=30 + 10 * seed)
        for seat in sorted(ENGINE.pending(s) | ENGINE.may_act(s)):
            legal_moves = ENGINE.legal_moves(s, seat)
            for legal in legal_moves:
                move = ENGINE.sample_move(s, seat, legal, rnd)
                assert conforms(legal, move) and find_legal(legal_moves, move) is not None
                ENGINE.apply(s, seat, move)
                if legal["type"] not in ("offer", "counter"):
                    uniform = sample(legal, rnd)
                    assert conforms(legal, uniform)
                    ENGINE.apply(s, seat, uniform)
                checked += 1
    assert checked > 50


def test_ranges_have_the_v2_shapes():
    first = next(m for m in ENGINE.legal_moves(new(), 0) if m["type"] == "place" and m["kind"] == "bank")
    assert expand(first) == [{"type": "place", "kind": "bank", "cells": c} for c in first["ranges"]["cells"]["of"]]
    s = window()
    give(s, 0, wood=5, stone=2)
    offer = next(m for m in ENGINE.legal_moves(s, 0) if m["type"] == "offer")
    assert offer["ranges"]["to"] == {"kind": "subset", "of": [1, 2, 3], "min": 1, "max": 3}
    assert offer["ranges"]["give"] == {"kind": "bundle", "of": {"wood": 5, "stone": 2}, "min_total": 0, "max_total": 7}
    assert not conforms(offer, {"type": "offer", "to": [1], "give": {"wood": 6}, "get": {}, "later_give": {},
                                "later_get": {}})


def test_bad_input_is_refused_and_changes_nothing():
    s = window()
    give(s, 0, wood=5)
    before = json.dumps(ENGINE.dump(s), sort_keys=True)
    for bad in [None, {}, {"type": 3}, {"type": "fly"}, {"type": "done", "ranges": {}}, {"type": "build"},
                {"type": "build", "kind": "mill", "cells": "here"}, {"type": "buy", "squares": 0},
                {"type": "buy", "squares": True}, {"type": "bank", "deposit": {"wood": 1}},
                {"type": "convert", "building": "b1", "times": 1}, {"type": "market", "give": {}, "get": "wood"},
                {"type": "accept", "offer": "o999"}, {"type": "done", "extra": 1}]:
        with pytest.raises(IllegalMove) as e:
            apply(s, 0, bad)
        assert e.value.key.startswith("cite.error.") and e.value.message
    with pytest.raises(IllegalMove):
        apply(s, 7, {"type": "done"})
    assert json.dumps(ENGINE.dump(s), sort_keys=True) == before


def test_payment_helper_for_the_pages():
    s = window()
    give(s, 0, wood=1, stone=1, metal=1, cloth=1, gold=1)
    p = ENGINE.payment(s, 0, "glassmaker", [[-9, 9], [-8, 9]])
    assert p["cost_squares"] == 2 and p["lacks"] == {} and p["cost"] == 5
    p = ENGINE.payment(s, 0, "manufacture", [[x, y] for x in range(3) for y in range(3)])
    assert p["lacks"] and p["cost_squares"] == 9


GARBAGE = [None, True, -1, 0, 10**12, "x", "o1", [], [1], [[0, 0]], [[0, "a"]], {}, {"wood": "1"}, {"wood": 1.5},
           {"x": 1}, [{"wood": 10}], [{"wood": 3}], {"wood": 10**6}, 2.5]


def test_fuzzed_fields_are_refused_with_illegal_move_never_a_crash():
    """Every field of every legal move replaced by junk: apply accepts it or raises IllegalMove."""
    rnd = random.Random(3)
    tried = 0
    for seed in range(4):
        s = _random_state(seed, moves=30 + 40 * seed)
        for seat in sorted(ENGINE.pending(s) | ENGINE.may_act(s)):
            for legal in ENGINE.legal_moves(s, seat):
                move = ENGINE.sample_move(s, seat, legal, rnd)
                for field in [k for k in move if k != "type"] + ["type"]:
                    for junk in GARBAGE:
                        try:
                            ENGINE.apply(s, seat, {**move, field: junk})
                        except IllegalMove:
                            pass
                        tried += 1
    assert tried > 500
