"""The pure pairing and scoring functions (competitions/pairing.py, competitions/scoring.py)."""

from itertools import combinations

import pytest

from competitions import pairing, scoring


def _pairs(tables):
    return {frozenset(p) for t in tables for p in combinations(t, 2)}


def _play_swiss(n, seats, rounds):
    """Rounds of a Swiss where the standings order stays the players' number order (a fixed outcome)."""
    met, had_bye, history = set(), set(), []
    order = list(range(n))
    for _ in range(rounds):
        round_ = pairing.swiss(order, seats, met, had_bye)
        history.append(round_)
        met |= _pairs(round_.tables)
        had_bye |= set(round_.byes)
    return history


def test_swiss_tables_have_the_seats_and_everyone_plays_once():
    round_ = pairing.swiss(list(range(10)), 4, set())
    assert [len(t) for t in round_.tables] == [4, 4]
    assert round_.byes == [9, 8]  # the lowest in the standings sit out
    seated = [p for t in round_.tables for p in t] + round_.byes
    assert sorted(seated) == list(range(10))
    assert round_.tables[0] == [0, 1, 2, 3]  # formed by standings


def _fewest_rematches(players, met):
    """By brute force: the fewest rematches any split of 8 players into two tables of 4 has."""
    best = None
    for first in combinations(players, 4):
        second = [p for p in players if p not in first]
        cost = pairing.table_rematches(first, met) + pairing.table_rematches(second, met)
        best = cost if best is None else min(best, cost)
    return best


def test_swiss_avoids_rematches_where_it_can():
    # 8 players at 4-player tables: from round 2 some rematches cannot be avoided (two of a table of
    # round 1 meet again at least); the pairing makes no more of them than the best split has.
    met, order = set(), list(range(8))
    for _ in range(3):
        round_ = pairing.swiss(order, 4, met)
        made = sum(pairing.table_rematches(t, met) for t in round_.tables)
        assert made == _fewest_rematches(order, met)
        met |= _pairs(round_.tables)
    first = pairing.swiss(order, 4, set())
    assert first.tables == [[0, 1, 2, 3], [4, 5, 6, 7]]
    assert pairing.swiss(order, 4, _pairs(first.tables)).tables == [[0, 1, 4, 5], [2, 3, 6, 7]]


def test_swiss_pairs_2_player_rounds_without_rematch():
    rounds = _play_swiss(8, 2, 7)  # 7 rounds of 8 players: everybody meets everybody exactly once
    seen = [p for r in rounds for p in _pairs(r.tables)]
    assert len(seen) == len(set(seen)) == 28


def test_swiss_byes_are_fair():
    # 8 players at 3-player tables: 2 byes a round; over 4 rounds, 8 byes, each player exactly one.
    rounds = _play_swiss(8, 3, 4)
    byes = [p for r in rounds for p in r.byes]
    assert sorted(byes) == list(range(8))


def test_swiss_second_bye_only_once_everybody_had_one():
    assert pairing.swiss_byes([0, 1, 2], 2, had_bye={0, 1, 2}) == [2]
    assert pairing.swiss_byes([0, 1, 2], 2, had_bye={2}) == [1]


def test_round_robin_two_seats_every_pair_once():
    for n in (4, 5, 8):
        rounds = pairing.round_robin(list("abcdefgh"[:n]))
        assert len(rounds) == (n - 1 if n % 2 == 0 else n)
        pairs = [frozenset(t) for r in rounds for t in r.tables]
        assert len(pairs) == len(set(pairs)) == n * (n - 1) // 2
        for r in rounds:  # nobody twice in a round
            seated = [p for t in r.tables for p in t] + r.byes
            assert sorted(seated) == sorted("abcdefgh"[:n])
        if n % 2:
            assert sorted(p for r in rounds for p in r.byes) == sorted("abcdefgh"[:n])


def test_round_robin_tables_of_three_every_table_once():
    rounds = pairing.round_robin(list(range(6)), seats=3)
    tables = [tuple(t) for r in rounds for t in r.tables]
    assert sorted(tables) == sorted(combinations(range(6), 3))
    for r in rounds:
        seated = [p for t in r.tables for p in t]
        assert len(seated) == len(set(seated))


def test_knockout_keeps_top_seeds_apart_and_gives_the_byes_to_them():
    round_ = pairing.knockout(list(range(8)))
    assert round_.tables == [[0, 7], [1, 6], [2, 5], [3, 4]]
    round_ = pairing.knockout(list(range(5)))
    assert round_.byes == [0]
    assert sorted(map(sorted, round_.tables)) == [[1, 4], [2, 3]]
    assert pairing.knockout(list(range(8)), seats=4).tables == [[0, 3, 4, 7], [1, 2, 5, 6]]


def test_league_promotion_and_relegation():
    divisions = [list("abcd"), list("efgh"), list("ijkl")]
    nxt = pairing.league_next(divisions, size=4, moves=1)
    assert nxt == [list("abce"), list("dfgi"), list("hjkl")]
    # One leaves, two join: they start at the bottom; a last division too small joins the one above.
    nxt = pairing.league_next(divisions, size=4, moves=1, leaving={"a"}, joining=["m", "n"])
    assert nxt == [list("bced"), list("fgih"), list("jklm", ) + ["n"]]


def test_table_points_from_ranks():
    assert scoring.table_points([1, 2]) == [1, 0]
    assert scoring.table_points([1, 1]) == [0.5, 0.5]
    assert scoring.table_points([2, 1, 4, 2]) == [1.5, 3, 0, 1.5]
    assert scoring.bye_points(4) == 1.5


def test_standings_tie_breaks_in_order():
    T = scoring.TableResult
    tables = [
        T(("a", "b"), (1, 2), (10, 3)),
        T(("c", "d"), (1, 2), (7, 6)),
        T(("a", "c"), (2, 1), (4, 9)),
        T(("b", "d"), (1, 2), (8, 2)),
    ]
    rows = scoring.standings(["a", "b", "c", "d"], tables)
    # c has 2; a and b have 1 each: a beat b (head-to-head); d has 0.
    assert [r.player for r in rows] == ["c", "a", "b", "d"]
    assert [r.points for r in rows] == [2, 1, 1, 0]
    a = rows[1]
    assert a.head_to_head == 1 and rows[2].head_to_head == -1
    assert a.buchholz == 1 + 2  # met b (1 point) and c (2)
    assert a.game_score == 14
    # Without the head-to-head game, the tie goes to Buchholz.
    rows = scoring.standings(["a", "b", "x", "y"], [T(("a", "x"), (1, 2)), T(("b", "y"), (1, 2)),
                                                    T(("y", "x"), (1, 2))])
    assert [r.player for r in rows][:2] == ["b", "a"]  # b met y (1 point), a met x (0)


@pytest.mark.parametrize("n", [1000])
def test_swiss_1000_players_is_complete(n):
    round_ = pairing.swiss(list(range(n)), 4, set())
    assert len(round_.tables) == 250
