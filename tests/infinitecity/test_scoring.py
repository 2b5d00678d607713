"""Scoring (IC50–IC54, G17, G24), the rulebook's example, and the printed marks (G1)."""

from __future__ import annotations

from games.infinitecity.engine import tiles as T
from games.infinitecity.engine.engine import ENGINE
from games.infinitecity.engine.scoring import TIEBREAK_GROUP, TIEBREAK_SHARED, breakdown, compute_result

from .helpers import act, build, play

ABE, BETTY = 0, 1
PLAIN = [row.key for row in T.TILES if row.source == T.NOT_TRANSCRIBED for _ in range(row.count)]


class Owned:
    """Tiles without printed marks, each a different copy of the box, one token each."""

    def __init__(self):
        self.left = list(PLAIN)

    def __call__(self, cells, seat: int) -> dict:
        return {xy: (self.left.pop(), {seat: 1}) for xy in cells}


def example(marks: str = "known-only"):
    """The rule sheet's example: Abe (red) controls 8 adjacent tiles with a Police HQ and a
    Construction Site; Betty (blue) 3 adjacent tiles: two Power Stations and a Police HQ."""
    abe = ["police_hq", "construction_site", "bank", "hotel", "port", "housing", "embassy", "factory"]
    city = {(x, 0): (tile, {ABE: 1}) for x, tile in enumerate(abe)}
    city |= {(0, 3): ("power_station", {BETTY: 1}), (1, 3): ("power_station", {BETTY: 1}),
             (2, 3): ("police_hq", {BETTY: 1})}
    return build(city, marks=marks)


def test_IC50_the_rulebook_example_abe_8_plus_1_is_9_betty_3_plus_3_plus_2_is_8():
    r = compute_result(example())
    abe, betty = r["details"]
    assert (abe["group_points"], abe["bonus"], abe["silver_points"], abe["total"]) == (8, 1, 0, 9)
    assert (betty["group_points"], betty["bonus"], betty["silver_points"], betty["total"]) == (3, 3, 2, 8)
    assert r["scores"] == [9, 8] and r["ranks"] == [1, 2] and r["tiebreak"] is None


def test_IC50_groups_of_three_or_more_score_one_per_tile_smaller_ones_nothing():
    own = Owned()
    city = own([(0, 0), (1, 0)], 0) | own([(5, 0)], 0) | own([(0, 5), (1, 5), (2, 5), (1, 6)], 0)  # 2, 1, 4
    d = breakdown(build(city))[0]
    assert d["groups"] == [4] and d["group_points"] == 4 and d["largest_group"] == 4


def test_G17_one_point_per_tile_not_per_adjacency():
    plus = Owned()([(0, 0), (1, 0), (-1, 0), (0, 1), (0, -1)], 0)
    assert breakdown(build(plus))[0]["group_points"] == 5, "4 adjacencies, 5 tiles"
    square = Owned()([(x, y) for x in range(3) for y in range(3)], 0)
    assert breakdown(build(square))[0]["group_points"] == 9, "12 adjacencies, 9 tiles"


def test_IC51_printed_bonus_of_every_controlled_tile():
    city = {(0, 0): ("police_hq", {0: 1}), (5, 0): ("power_station", {0: 1}), (9, 0): ("police_hq", {1: 1})}
    d = breakdown(build(city))
    assert d[0]["bonus"] == 2 and d[1]["bonus"] == 1


def test_IC52_silver_most_rings_score_one_each_ties_all_score_none_without_rings():
    city = {(0, 0): ("construction_site", {0: 1}), (5, 0): ("construction_site", {1: 1}),
            (9, 0): ("bank", {2: 1})}
    d = breakdown(build(city, players=3))
    assert [x["silver_points"] for x in d] == [1, 1, 0], "a tie: both score"
    city[(12, 0)] = ("power_station", {1: 1})
    d = breakdown(build(city, players=3))
    assert [x["silver_points"] for x in d] == [0, 2, 0]
    d = breakdown(build({(0, 0): ("bank", {0: 1})}))
    assert [x["silver_points"] for x in d] == [0, 0]


def test_IC53_a_shared_tile_counts_fully_for_each_controller():
    city = {(0, 0): ("power_station", {0: 1, 1: 2}), (1, 0): ("bank", {0: 1, 1: 1}), (2, 0): ("bank", {0: 1, 1: 1})}
    d = breakdown(build(city))
    for x in d:
        assert (x["group_points"], x["bonus"], x["silver_points"]) == (3, 1, 1)


def test_IC54_most_points_wins_tie_broken_by_largest_group_then_shared():
    # Both 6 points: seat 0 with one group of 6; seat 1 with two groups of 3.
    own = Owned()
    city = own([(x, 0) for x in range(6)], 0) | own([(x, 5) for x in range(3)] + [(x, 9) for x in range(3)], 1)
    r = compute_result(build(city))
    assert r["scores"] == [6, 6] and r["ranks"] == [1, 2] and r["tiebreak"] == TIEBREAK_GROUP
    own = Owned()
    same = own([(x, 0) for x in range(3)], 0) | own([(x, 5) for x in range(3)], 1)
    r = compute_result(build(same))
    assert r["ranks"] == [1, 1] and r["tiebreak"] == TIEBREAK_SHARED


def test_IC54_the_end_of_a_game_gives_the_result():
    city = {(0, 0): "power_station", (4, 0): "power_station", (8, 0): "power_station",
            (12, 0): "power_station", (1, 0): ("bank", {1: 2})}
    s, _ = act(build(city, hands=[["power_station"], ["hotel", "plaza"]]), play("power_station", 0, 1))
    res = ENGINE.result(s)
    assert res.scores == [2, 0] and res.ranks == [1, 2]
    assert res.details[0]["bonus"] == 1 and res.details[0]["silver_points"] == 1
    assert ENGINE.view(s, None)["result"]["scores"] == [2, 0]


def test_G24_ranks_below_first_by_points_then_largest_group_then_shared():
    own = Owned()
    city = own([(x, 0) for x in range(5)], 0) | own([(0, 3), (1, 3), (0, 6), (1, 6)], 1)
    city |= own([(9, 3)], 2) | own([(12, 3), (13, 3)], 3) | own([(20, 3)], 4)
    r = compute_result(build(city, players=5))
    # All but seat 0 score 0: seat 3 and seat 1 (largest group 2) before seats 2 and 4 (1).
    assert r["scores"] == [5, 0, 0, 0, 0]
    assert r["ranks"] == [1, 2, 4, 2, 4]


def test_G1_marks_table_known_only_by_default_with_its_sources():
    known = {row.kind: (row.bonus, row.silver, row.source) for row in T.TILES}
    assert known["power_station"] == (1, True, T.RULEBOOK_EXAMPLE)
    assert known["police_hq"] == (1, False, T.RULEBOOK_EXAMPLE)
    assert known["construction_site"] == (0, True, T.RULEBOOK_EXAMPLE)
    others = {k: v for k, v in known.items() if k not in ("power_station", "police_hq", "construction_site")}
    assert set(others.values()) == {(0, False, T.NOT_TRANSCRIBED)}
    assert ENGINE.validate_options({}, 3) == {"marks": "known-only"}
    assert [o.name for o in ENGINE.options] == ["marks"] and ENGINE.options[0].default == "known-only"


def test_G1_marks_none_scores_groups_only():
    r = compute_result(example("none"))
    assert r["scores"] == [8, 3]
    assert T.marks_of("power_station", "none") == (0, False)
    assert T.marks_of("power_station", "known-only") == (1, True)


def test_G1_a_transcribed_row_is_read_without_changing_the_rules(monkeypatch):
    row = T.ROWS["bank"]
    monkeypatch.setitem(T.ROWS, "bank", T.TileRow(row.key, row.kind, row.count, row.instruction, 2, True,
                                                   T.PHYSICAL))
    assert T.marks_of("bank", "known-only") == (2, True)
    assert T.marks_of("bank", "none") == (0, False)
