"""kit.params: moves whose fields are given as ranges (issue 27: moves with parameters)."""

import random

import pytest

from kit import params

OFFER = {"type": "offer", "to": "all", "ranges": {
    "give": {"kind": "bundle", "of": {"wood": 2, "stone": 1}, "min_total": 1, "max_total": 3},
    "want": {"kind": "subset", "of": [0, 2, 3], "min": 1, "max": 2},
    "count": {"kind": "int", "min": 1, "max": 3},
    "shape": {"kind": "choice", "of": ["I", "L"]},
}}


def test_a_sampled_move_conforms_and_covers_every_field():
    rng = random.Random(4)
    for _ in range(300):
        move = params.sample(OFFER, rng)
        assert "ranges" not in move and move["type"] == "offer" and move["to"] == "all"
        assert params.conforms(OFFER, move), move


@pytest.mark.parametrize("change", [
    {"give": {}},                              # total below min_total
    {"give": {"wood": 3}},                     # more than held
    {"give": {"gold": 1}},                     # a name not in the bundle
    {"give": {"wood": True}},                  # a boolean is not a count
    {"give": ["wood"]},                        # wrong type
    {"want": [0, 0]},                          # not distinct
    {"want": [1]},                             # not offered
    {"want": []},                              # too few
    {"want": "0"},                             # wrong type
    {"count": 4}, {"count": 1.0}, {"count": True},
    {"shape": "Z"},
    {"to": "bob"},                             # a fixed field changed
    {"extra": 1},                              # a field the legal move does not have
])
def test_a_move_outside_the_ranges_does_not_conform(change):
    move = {"type": "offer", "to": "all", "give": {"wood": 1}, "want": [2], "count": 2, "shape": "L"}
    assert params.conforms(OFFER, move)
    assert not params.conforms(OFFER, {**move, **change})


def test_expand_lists_every_concrete_move_when_few():
    legal = {"type": "pay", "ranges": {"coins": {"kind": "bundle", "of": {"a": 1, "b": 2}, "min_total": 2}}}
    moves = params.expand(legal)
    assert sorted(sorted(m["coins"].items()) for m in moves) == [
        [("a", 1), ("b", 1)], [("a", 1), ("b", 2)], [("b", 2)]]
    assert all(params.conforms(legal, m) for m in moves)
    big = {"type": "x", "ranges": {"n": {"kind": "int", "min": 0, "max": 10_000}}}
    assert params.expand(big, limit=50) is None


def test_find_legal_matches_plain_and_ranged_moves():
    plain = {"type": "done"}
    legal = [plain, OFFER]
    assert params.find_legal(legal, {"type": "done"}) is plain
    move = {"type": "offer", "to": "all", "give": {"stone": 1}, "want": [3], "count": 1, "shape": "I"}
    assert params.find_legal(legal, move) is OFFER
    assert params.find_legal(legal, {"type": "offer"}) is None
    assert params.find_legal(legal, ["done"]) is None


def test_a_ranged_field_written_with_a_default_is_still_the_range():
    from kit import params

    legal = {"type": "buy", "squares": 1, "ranges": {"squares": {"kind": "int", "min": 1, "max": 3}}}
    assert params.fixed_part(legal) == {"type": "buy"}
    assert params.conforms(legal, {"type": "buy", "squares": 3})
    assert not params.conforms(legal, {"type": "buy", "squares": 4})
    assert params.find_legal([legal], {"type": "buy", "squares": 2}) is legal
