"""The end and the score: CT40, CT41, G10."""

from __future__ import annotations

from games.cite.engine.components import OPTIONAL_FOR_END
from games.cite.engine.engine import ENGINE
from games.cite.engine.scoring import breakdown

from .helpers import all_done_but, apply, give, put, window


def test_ct40_game_ends_after_round_seven():
    s = window(round_=6)
    all_done_but(s, 0)
    s = apply(s, 0, {"type": "done"}).state
    assert s.round == 7 and not ENGINE.is_over(s)
    all_done_but(s, 0)
    s = apply(s, 0, {"type": "done"}).state
    assert ENGINE.is_over(s) and ENGINE.ending(s) == "last_round" and ENGINE.pending(s) == set()
    assert ENGINE.legal_moves(s, 0) == [] and ENGINE.may_act(s) == set()


def test_ct40_game_ends_at_the_end_of_the_round_a_player_built_everything():
    s = window(round_=3)
    s.seats[1]["left"] = {k: 0 for k in s.seats[1]["left"]}
    all_done_but(s, 0)
    s = apply(s, 0, {"type": "done"}).state
    assert ENGINE.is_over(s) and ENGINE.ending(s) == "all_built" and s.round == 3


def test_ct40_three_players_weaver_shop_is_optional():
    s = window(players=3, round_=3)
    s.seats[1]["left"] = {k: (1 if k in OPTIONAL_FOR_END else 0) for k in s.seats[1]["left"]}
    all_done_but(s, 0)
    s = apply(s, 0, {"type": "done"}).state
    assert ENGINE.is_over(s)


def test_ct41_score_squares_plus_a_tenth_of_unused_resources():
    s = window(round_=7)
    put(s, 0, "mill", [(-9, -9), (-8, -9), (-9, -8), (-8, -8)])  # wherever: squares built count
    give(s, 0, wood=13, stone=4)
    s.seats[0]["bank"]["gold"] = 3  # G10: deposits count as unused resources
    s.flow["produced"]["gold"] += 3
    assert breakdown(s, 0) == {"built": 4, "unused": 20, "from_resources": 2, "remainder": 0, "score": 6}


def test_ct41_tie_broken_by_the_larger_remainder():
    s = window(round_=7)
    give(s, 0, wood=19)
    give(s, 1, stone=11)
    give(s, 2, metal=5)
    all_done_but(s, 0)
    s = apply(s, 0, {"type": "done"}).state
    r = ENGINE.result(s)
    assert r.scores[:3] == [1, 1, 0] and r.ranks[:3] == [1, 2, 3] and r.tiebreak == "cite.tiebreak.remainder"


def test_g10_still_tied_is_a_shared_win():
    s = window(round_=7)
    give(s, 0, wood=12)
    give(s, 1, stone=12)
    all_done_but(s, 0)
    r = ENGINE.result(apply(s, 0, {"type": "done"}).state)
    assert r.ranks[:2] == [1, 1] and r.tiebreak is None
